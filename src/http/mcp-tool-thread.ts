import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { CompiledDesignSystem, Token } from '../compile/types.js';
import { runSystemTool } from '../mcp/run-tool.js';
import type { SystemToolJob } from '../mcp/run-tool.js';
import { handoffSliceSize, sliceScales } from '../state/system-slices.js';
import type { ScaleRun } from '../state/system-slices.js';
import { siblingWorkerUrl } from '../state/worker-url.js';
import { countTokenValues } from '../views/formats/export-jobs.js';

/**
 * Design systems with more values than this (tokens × modes) have `get_token`, `search_tokens`,
 * `find_token_for_value` and `diff_revisions` answered in the MCP tool worker: their first call after a change derives
 * whole-system indexes (every format's names, the search texts, the value index) or compares every token, 2-3 s on the
 * main thread for 50,000 tokens.
 */
export const MCP_OFF_THREAD_VALUES = 1_000;
/** How many design systems the worker keeps (by content hash), so each crosses to it once. */
export const MCP_HELD_SYSTEMS = 4;
/** A tool call that takes longer than this is abandoned (the worker is replaced) and answered with an error. */
export const MCP_TOOL_TIMEOUT_MS = 60_000;
const MCP_WORKER_MEMORY_MB = 1024;

/** What the main thread sends the worker, in order: a design system in slices of tokens and scale steps, then calls about it. */
export type McpWorkerMessage =
  | { readonly kind: 'system'; readonly hash: string; readonly system: Omit<CompiledDesignSystem, 'tokens' | 'scales'> }
  | { readonly kind: 'tokens'; readonly hash: string; readonly tokens: readonly Token[] }
  | { readonly kind: 'scales'; readonly hash: string; readonly runs: readonly ScaleRun[] }
  | { readonly kind: 'drop'; readonly hash: string }
  | { readonly kind: 'call'; readonly id: number; readonly hash: string; readonly beforeHash?: string; readonly job: SystemToolJob };

export type McpWorkerReply = { readonly id: number; readonly answer: unknown } | { readonly id: number; readonly error: string };

interface Pending {
  readonly resolve: (answer: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * Answers the MCP tools whose first call derives whole-system indexes: a small design system's on the calling thread,
 * a large one's in one long-lived worker thread, which derives each index once per design system it holds. A
 * design system goes to the worker in slices of tokens and scale steps, one per turn of the event loop (one `v8.serialize` of
 * 50,000 tokens took 180-340 ms), and the worker does not keep the process alive while idle.
 */
export class McpToolRunner {
  readonly #workerUrl: URL | undefined;
  readonly #offThreadValues: number;
  #worker: Worker | undefined;
  /** Content hashes sent (or being sent) to the worker, oldest first, each with the end of its sending. */
  #held = new Map<string, Promise<void>>();
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;

  constructor(options: { workerUrl?: URL; offThreadValues?: number } = {}) {
    this.#workerUrl = options.workerUrl;
    this.#offThreadValues = options.offThreadValues ?? MCP_OFF_THREAD_VALUES;
  }

  /** The tool's answer: computed here for a small design system, in the worker for a large one (`before`: the diff's older side). */
  run(system: CompiledDesignSystem, job: SystemToolJob, before?: CompiledDesignSystem): unknown {
    const values = Math.max(countTokenValues(system), before === undefined ? 0 : countTokenValues(before));
    if (values <= this.#offThreadValues || this.#closed) return runSystemTool(system, job, before);
    return this.#runInWorker(system, job, before);
  }

  /** Stops the worker; calls not answered yet are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#drop(new Error('the MCP tool runner is closed'));
    await worker?.terminate();
  }

  async #runInWorker(system: CompiledDesignSystem, job: SystemToolJob, before: CompiledDesignSystem | undefined): Promise<unknown> {
    const worker = this.#startWorker();
    await Promise.all([this.#hold(worker, system), before === undefined ? undefined : this.#hold(worker, before)]);
    if (worker !== this.#worker) throw new Error('the MCP tool worker was replaced while a design system was sent to it');
    const id = this.#nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(
        () => this.#drop(new Error(`an MCP tool call took longer than ${MCP_TOOL_TIMEOUT_MS} ms`)),
        MCP_TOOL_TIMEOUT_MS,
      );
      this.#pending.set(id, { resolve, reject, timer });
      worker.ref();
      const message: McpWorkerMessage = {
        kind: 'call',
        id,
        hash: system.contentHash,
        ...(before === undefined ? {} : { beforeHash: before.contentHash }),
        job,
      };
      worker.postMessage(message);
    });
  }

  /** Sends `system` to the worker unless it holds it, a slice of tokens per turn; evicts the oldest past the limit. */
  #hold(worker: Worker, system: CompiledDesignSystem): Promise<void> {
    const hash = system.contentHash;
    const sending = this.#held.get(hash);
    if (sending !== undefined) return sending;
    const sent = (async () => {
      const { tokens, scales, ...rest } = system;
      const head: McpWorkerMessage = { kind: 'system', hash, system: rest };
      worker.postMessage(head);
      const perSlice = handoffSliceSize(system.modes.length);
      for (let start = 0; start < tokens.length; start += perSlice) {
        await nextTurn();
        if (worker !== this.#worker) return;
        const slice: McpWorkerMessage = { kind: 'tokens', hash, tokens: tokens.slice(start, start + perSlice) };
        worker.postMessage(slice);
      }
      for (const runs of sliceScales(scales, perSlice)) {
        await nextTurn();
        if (worker !== this.#worker) return;
        const slice: McpWorkerMessage = { kind: 'scales', hash, runs };
        worker.postMessage(slice);
      }
    })();
    this.#held.set(hash, sent);
    if (this.#held.size > MCP_HELD_SYSTEMS) {
      const oldest = this.#held.keys().next().value as string;
      this.#held.delete(oldest);
      const drop: McpWorkerMessage = { kind: 'drop', hash: oldest };
      worker.postMessage(drop);
    }
    return sent;
  }

  #startWorker(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const url = this.#workerUrl ?? siblingWorkerUrl(import.meta.url, 'mcp-tool-worker.js', 'TOKEN_SERVER_MCP_WORKER');
    const worker = new Worker(url, { resourceLimits: { maxOldGenerationSizeMb: MCP_WORKER_MEMORY_MB } });
    worker.unref();
    worker.on('message', (reply: McpWorkerReply) => {
      const pending = this.#pending.get(reply.id);
      if (pending === undefined) return;
      this.#pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (this.#pending.size === 0) worker.unref();
      if ('error' in reply) pending.reject(new Error(`an MCP tool call failed in the worker: ${reply.error}`));
      else pending.resolve(reply.answer);
    });
    worker.on('error', (error) => this.#drop(new Error('the MCP tool worker failed', { cause: error })));
    worker.on('exit', (code) => this.#drop(new Error(`the MCP tool worker exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }

  /** Rejects every call under way and forgets the worker (the next large call starts a fresh one). */
  #drop(error: Error): void {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#held = new Map();
    if (worker !== undefined) {
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
    }
    for (const pending of this.#pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.#pending.clear();
  }
}
