import { serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { CompiledDesignSystem } from '../compile/types.js';
import { countTokenValues, renderExport } from '../views/export-jobs.js';
import type { ExportJob } from '../views/export-jobs.js';
import type { Rendered } from '../views/rendered.js';
import { siblingWorkerUrl } from '../state/worker-url.js';

/**
 * Design systems with more values than this (tokens × modes) have their exports rendered in the render worker: the
 * largest export of 10,000 values renders in about 40 ms on one core, of 100,000 (the compile limit) in up to 1 s.
 */
export const OFF_THREAD_VALUES = 10_000;
/** How many design systems the worker keeps (by content hash) so each crosses to it once. */
export const HELD_SYSTEMS = 4;
/** A render that takes longer than this is abandoned (the worker is replaced) and answered with an error. */
export const RENDER_TIMEOUT_MS = 60_000;
/** The render worker's heap limit (V8 old generation), in MB: the largest export of the largest system needs ~300. */
const RENDER_MEMORY_MB = 1024;

/** One export to render in the worker; `system` (v8-serialised) only when the worker does not hold it yet. */
export interface RenderJob {
  readonly id: number;
  readonly hash: string;
  readonly system?: Uint8Array;
  readonly job: ExportJob;
}

export type RenderReply =
  | { readonly id: number; readonly body: Uint8Array; readonly contentType: string; readonly etag: string; readonly digest: string }
  | { readonly id: number; readonly error: string };

interface Pending {
  readonly resolve: (rendered: Rendered) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * Renders exports: a small design system's on the calling thread (faster than a trip to a worker), a large one's in
 * one long-lived worker thread, so the event loop keeps answering while a 25 MB export is written. The worker starts
 * on the first large render and does not keep the process alive while idle.
 */
export class ExportRenderer {
  readonly #workerUrl: URL | undefined;
  #worker: Worker | undefined;
  /** Content hashes the worker holds, oldest first: the worker evicts in the same order. */
  #held: string[] = [];
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;
  /** Renders done in the worker so far. */
  offThread = 0;

  constructor(options: { workerUrl?: URL } = {}) {
    this.#workerUrl = options.workerUrl;
  }

  /** The export's body: rendered here for a small design system, in the worker for a large one. */
  render(system: CompiledDesignSystem, job: ExportJob): Rendered | Promise<Rendered> {
    if (countTokenValues(system) <= OFF_THREAD_VALUES || this.#closed) return renderExport(system, job);
    return this.#renderInWorker(system, job);
  }

  /** Stops the worker; renders not answered yet are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#drop(new Error('the renderer is closed'));
    await worker?.terminate();
  }

  #renderInWorker(system: CompiledDesignSystem, job: ExportJob): Promise<Rendered> {
    const worker = this.#startWorker();
    const hash = system.contentHash;
    const sendSystem = !this.#held.includes(hash);
    if (sendSystem) {
      this.#held.push(hash);
      if (this.#held.length > HELD_SYSTEMS) this.#held.shift();
    }
    const id = this.#nextId++;
    return new Promise<Rendered>((resolve, reject) => {
      const timer = setTimeout(
        () => this.#drop(new Error(`rendering an export took longer than ${RENDER_TIMEOUT_MS} ms`)),
        RENDER_TIMEOUT_MS,
      );
      this.#pending.set(id, { resolve, reject, timer });
      worker.ref();
      const message: RenderJob = { id, hash, job, ...(sendSystem ? { system: serialize(system) } : {}) };
      worker.postMessage(message);
    });
  }

  #startWorker(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const worker = new Worker(this.#workerUrl ?? siblingWorkerUrl(import.meta.url, 'render-worker.js', 'TOKEN_SERVER_RENDER_WORKER'), {
      resourceLimits: { maxOldGenerationSizeMb: RENDER_MEMORY_MB },
    });
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      const pending = this.#pending.get(reply.id);
      if (pending === undefined) return;
      this.#pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (this.#pending.size === 0) worker.unref();
      if ('error' in reply) return pending.reject(new Error(`rendering an export failed: ${reply.error}`));
      this.offThread += 1;
      const body = Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength);
      pending.resolve({ body, contentType: reply.contentType, etag: reply.etag, digest: reply.digest });
    });
    worker.on('error', (error) => this.#drop(new Error('the render worker failed', { cause: error })));
    worker.on('exit', (code) => this.#drop(new Error(`the render worker exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }

  /** Rejects every render under way and forgets the worker (the next large render starts a fresh one). */
  #drop(error: Error): void {
    const worker = this.#worker;
    this.#worker = undefined;
    this.#held = [];
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
