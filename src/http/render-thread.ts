import { setImmediate as nextTurn } from 'node:timers/promises';
import { serialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { CompiledDesignSystem } from '../compile/types.js';
import { handoffSliceSize, sliceScales } from '../state/system-slices.js';
import { siblingWorkerUrl } from '../state/worker-url.js';
import { countTokenValues, MissingFileError, renderExport } from '../views/formats/export-jobs.js';
import { hasFiles } from '../views/formats/export-jobs.js';
import type { ExportJob } from '../views/formats/export-jobs.js';
import type { Rendered } from '../views/shared/rendered.js';
import { ApiError } from './errors.js';

/**
 * Design systems with more values than this (tokens × modes) have their exports rendered in a render worker: the
 * largest export of 10,000 values renders in about 40 ms on one core, of 100,000 (the compile limit) in up to 1 s.
 */
export const OFF_THREAD_VALUES = 10_000;
/**
 * A zip or a manifest renders every file of a format (an asset catalog: a color set per color, ~60 µs each): past
 * this many values it goes to a render worker too, so none takes the main thread over ~50 ms.
 */
export const OFF_THREAD_FOLDER_VALUES = 1_000;
/** How many design systems each worker keeps (by content hash) so each crosses to it once. */
export const HELD_SYSTEMS = 4;
/** A render that runs longer than this, counted from when it starts, fails; its worker is replaced. */
export const RENDER_TIMEOUT_MS = 60_000;
/** Render workers, each rendering one export at a time; one design system has at most one of them at a time. */
export const RENDER_THREADS = 2;
/** Exports of one design system waiting for a worker, at most; past it `503 service_unavailable`. */
export const MAX_QUEUED_PER_SYSTEM = 16;
/** Design systems whose last turn is remembered past which those with nothing waiting are forgotten. */
const MAX_REMEMBERED_TURNS = 1_000;
/** Each render worker's heap limit (V8 old generation), in MB: the largest export of the largest system needs ~300. */
const RENDER_MEMORY_MB = 1024;

/** A design system as it crosses to a worker: its tokens in slices of `v8.serialize` bytes, the rest in one. */
export interface SystemBytes {
  readonly rest: Uint8Array;
  readonly tokens: readonly Uint8Array[];
  /** The scales, as slices of runs of steps (`sliceScales`). */
  readonly scales: readonly Uint8Array[];
}

/** One export to render in a worker; `system` only when that worker does not hold it yet. */
export interface RenderJob {
  readonly id: number;
  readonly hash: string;
  readonly system?: SystemBytes;
  readonly job: ExportJob;
}

export type RenderReply =
  | { readonly id: number; readonly body: Uint8Array; readonly contentType: string; readonly etag: string; readonly digest: string }
  | { readonly id: number; readonly error: string; readonly missingFile?: true };

export interface ExportRendererOptions {
  /** The worker script (default: render-worker.js beside this module). */
  readonly workerUrl?: URL;
  /** {@link RENDER_TIMEOUT_MS} unless given (tests use a short one). */
  readonly timeoutMs?: number;
  /** {@link RENDER_THREADS} unless given. */
  readonly threads?: number;
  /** {@link MAX_QUEUED_PER_SYSTEM} unless given. */
  readonly maxQueuedPerSystem?: number;
}

/** An export waiting for a worker or rendering in one. */
interface Queued {
  readonly system: CompiledDesignSystem;
  readonly job: ExportJob;
  readonly resolve: (rendered: Rendered) => void;
  readonly reject: (error: Error) => void;
}

/** One render worker: started when first needed, replaced when it fails or a render overruns. */
interface Thread {
  worker: Worker | undefined;
  /** Content hashes the worker holds, oldest first: the worker evicts in the same order. */
  held: string[];
  running: { readonly id: number; readonly queued: Queued; timer?: NodeJS.Timeout } | undefined;
}

/**
 * Renders exports: a small design system's on the calling thread (faster than a trip to a worker), a large one's in
 * a few long-lived worker threads, so the event loop keeps answering while a 25 MB export is written. The queue is
 * fair across design systems: each has at most one export rendering at a time and its waiting ones are bounded,
 * and the workers take design systems in turn, so one design system's backlog never waits in front of another's
 * export. A render's deadline starts when it starts; an overrun fails only that render (its worker is replaced).
 */
export class ExportRenderer {
  readonly #workerUrl: URL | undefined;
  readonly #timeoutMs: number;
  readonly #maxQueued: number;
  readonly #threads: Thread[];
  /** Waiting exports by design system slug. */
  readonly #queues = new Map<string, Queued[]>();
  /** When each design system was last given a worker (a count of renders started): the least recent goes next. */
  readonly #servedAt = new Map<string, number>();
  #turn = 0;
  #nextId = 1;
  #closed = false;
  /** Renders done in a worker so far. */
  offThread = 0;

  constructor(options: ExportRendererOptions = {}) {
    this.#workerUrl = options.workerUrl;
    this.#timeoutMs = options.timeoutMs ?? RENDER_TIMEOUT_MS;
    this.#maxQueued = options.maxQueuedPerSystem ?? MAX_QUEUED_PER_SYSTEM;
    this.#threads = Array.from({ length: Math.max(1, options.threads ?? RENDER_THREADS) }, () => ({
      worker: undefined,
      held: [],
      running: undefined,
    }));
  }

  /**
   * The export's body: rendered here for a small design system, in a worker for a large one. Throws `503
   * service_unavailable` when the design system already has {@link MAX_QUEUED_PER_SYSTEM} exports waiting.
   */
  render(system: CompiledDesignSystem, job: ExportJob): Rendered | Promise<Rendered> {
    if (this.#closed || !rendersOffThread(system, job)) return renderExport(system, job);
    const slug = system.meta.slug;
    const queue = this.#queues.get(slug) ?? [];
    if (queue.length >= this.#maxQueued)
      throw new ApiError(
        'service_unavailable',
        `Design system \`${slug}\` has ${this.#maxQueued} exports waiting to be rendered (the most): retry in a second.`,
        { 'retry-after': '1' },
      );
    return new Promise<Rendered>((resolve, reject) => {
      queue.push({ system, job, resolve, reject });
      this.#queues.set(slug, queue);
      this.#dispatch();
    });
  }

  /** Stops the workers; renders not answered yet are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    const error = new Error('the renderer is closed');
    for (const queue of this.#queues.values()) for (const queued of queue) queued.reject(error);
    this.#queues.clear();
    await Promise.all(this.#threads.map((thread) => this.#stop(thread, error)));
  }

  /** Starts the next exports, one per idle worker, taking design systems in turn. */
  #dispatch(): void {
    while (!this.#closed) {
      const idle = this.#threads.filter((thread) => thread.running === undefined);
      if (idle.length === 0) return;
      const slug = this.#nextInTurn();
      if (slug === undefined) return;
      const queue = this.#queues.get(slug) as Queued[];
      const queued = queue.shift() as Queued;
      if (queue.length === 0) this.#queues.delete(slug);
      this.#servedAt.set(slug, this.#turn++);
      const hash = queued.system.contentHash;
      // A worker that already holds the system, else the first idle one.
      void this.#start(idle.find((thread) => thread.held.includes(hash)) ?? (idle[0] as Thread), queued);
    }
  }

  /** The design system waiting that was served longest ago (never, first) and has no render under way. */
  #nextInTurn(): string | undefined {
    const rendering = new Set(this.#threads.map((thread) => thread.running?.queued.system.meta.slug));
    let next: string | undefined;
    for (const slug of this.#queues.keys()) {
      if (rendering.has(slug)) continue;
      if (next === undefined || (this.#servedAt.get(slug) ?? -1) < (this.#servedAt.get(next) ?? -1)) next = slug;
    }
    if (this.#servedAt.size > MAX_REMEMBERED_TURNS)
      for (const slug of this.#servedAt.keys()) if (!this.#queues.has(slug)) this.#servedAt.delete(slug);
    return next;
  }

  async #start(thread: Thread, queued: Queued): Promise<void> {
    const id = this.#nextId++;
    const running: NonNullable<Thread['running']> = { id, queued };
    thread.running = running;
    const hash = queued.system.contentHash;
    let system: SystemBytes | undefined;
    try {
      system = thread.held.includes(hash) ? undefined : await systemBytes(queued.system);
    } catch (error) {
      this.#finish(thread, id)?.reject(new Error('a design system could not be sent to a render worker', { cause: error }));
      this.#dispatch();
      return;
    }
    if (thread.running !== running) return;
    const worker = this.#startWorker(thread);
    if (system !== undefined) {
      thread.held.push(hash);
      if (thread.held.length > HELD_SYSTEMS) thread.held.shift();
    }
    // The deadline starts now, when the render starts, however long it waited.
    running.timer = setTimeout(() => {
      this.#finish(thread, id);
      queued.reject(new Error(`rendering an export took longer than ${this.#timeoutMs} ms`));
      void this.#stop(thread);
      this.#dispatch();
    }, this.#timeoutMs);
    worker.ref();
    const message: RenderJob = { id, hash, job: queued.job, ...(system === undefined ? {} : { system }) };
    worker.postMessage(message);
  }

  #startWorker(thread: Thread): Worker {
    if (thread.worker !== undefined) return thread.worker;
    const worker = new Worker(this.#workerUrl ?? siblingWorkerUrl(import.meta.url, 'render-worker.js', 'TOKEN_SERVER_RENDER_WORKER'), {
      resourceLimits: { maxOldGenerationSizeMb: RENDER_MEMORY_MB },
    });
    worker.unref();
    worker.on('message', (reply: RenderReply) => {
      const queued = this.#finish(thread, reply.id);
      if (queued === undefined) return;
      worker.unref();
      if ('error' in reply)
        queued.reject(
          reply.missingFile === true ? new MissingFileError(reply.error) : new Error(`rendering an export failed: ${reply.error}`),
        );
      else {
        this.offThread += 1;
        const body = Buffer.from(reply.body.buffer, reply.body.byteOffset, reply.body.byteLength);
        queued.resolve({ body, contentType: reply.contentType, etag: reply.etag, digest: reply.digest });
      }
      this.#dispatch();
    });
    const fail = (error: Error): void => {
      if (thread.worker !== worker) return;
      const queued = thread.running === undefined ? undefined : this.#finish(thread, thread.running.id);
      void this.#stop(thread);
      queued?.reject(error);
      this.#dispatch();
    };
    worker.on('error', (error) => fail(new Error('the render worker failed', { cause: error })));
    worker.on('exit', (code) => fail(new Error(`the render worker exited with code ${code}`)));
    thread.worker = worker;
    return worker;
  }

  /** Ends the render `id` on `thread` (if it is the one running there): its timer cleared, the worker free again. */
  #finish(thread: Thread, id: number): Queued | undefined {
    const running = thread.running;
    if (running?.id !== id) return undefined;
    clearTimeout(running.timer);
    thread.running = undefined;
    return running.queued;
  }

  /** Terminates a thread's worker (the next render on it starts a fresh one), rejecting its render with `error` if any. */
  async #stop(thread: Thread, error?: Error): Promise<void> {
    const worker = thread.worker;
    thread.worker = undefined;
    thread.held = [];
    if (error !== undefined && thread.running !== undefined) this.#finish(thread, thread.running.id)?.reject(error);
    if (worker === undefined) return;
    worker.removeAllListeners();
    worker.on('error', () => undefined);
    await worker.terminate();
  }
}

/** Whether an export of `system` is rendered in a worker: by its values, fewer for a job that renders every file. */
export function rendersOffThread(system: CompiledDesignSystem, job: ExportJob): boolean {
  const wholeFolder = job.part === undefined || 'zip' in job.part;
  const limit = wholeFolder && hasFiles(job.format) ? OFF_THREAD_FOLDER_VALUES : OFF_THREAD_VALUES;
  return countTokenValues(system) > limit;
}

/**
 * The system as bytes for a worker, its tokens and scale steps serialised a slice per turn of the event loop: the
 * largest system in one `v8.serialize` took the main thread 240-920 ms.
 */
async function systemBytes(system: CompiledDesignSystem): Promise<SystemBytes> {
  const { tokens, scales, ...rest } = system;
  const perSlice = handoffSliceSize(system.modes.length);
  const slices: Uint8Array[] = [];
  for (let start = 0; start < tokens.length; start += perSlice) {
    if (start > 0) await nextTurn();
    slices.push(serialize(tokens.slice(start, start + perSlice)));
  }
  const scaleSlices: Uint8Array[] = [];
  for (const runs of sliceScales(scales, perSlice)) {
    await nextTurn();
    scaleSlices.push(serialize(runs));
  }
  return { rest: serialize(rest), tokens: slices, scales: scaleSlices };
}
