import { Worker } from 'node:worker_threads';
import type { CompileResult } from '../compile/compile-design-system.js';
import type { CompiledDesignSystem } from '../compile/types.js';
import { unpackCompileResult } from './compile-handoff.js';
import type { PackedCompileResult } from './compile-handoff.js';
import { siblingWorkerUrl } from './worker-url.js';
import { toError } from '../compile/narrow-unknown.js';

/** How long one design system may take to parse and compile before it is stopped and reported instead. */
export const DEFAULT_COMPILE_TIMEOUT_MS = 10_000;
/** The compile worker's heap limit (V8 old generation), in MB. */
export const DEFAULT_COMPILE_MEMORY_MB = 512;

/** One design system to compile: every file of it, as it is now. */
export interface CompileJob {
  readonly id: number;
  readonly slug: string;
  readonly files: readonly { readonly path: string; readonly text: string }[];
  /** The content hash of the version the main thread serves now, if any: the worker then sends only changes. */
  readonly baseHash: string | undefined;
}

/** The worker's answer to one job. */
export type CompileReply =
  | { readonly id: number; readonly packed: PackedCompileResult }
  | { readonly id: number; readonly error: string }
  | { readonly ready: true };

/** How a compile ended: its result, or the limit it ran into (the worker was then replaced). */
export type CompileOutcome = { readonly result: CompileResult } | { readonly overrun: 'time' | 'memory' };

export interface CompilerThreadOptions {
  readonly timeoutMs?: number;
  readonly memoryMb?: number;
  /** The worker script; by default `compile-worker.js` next to this module. */
  readonly workerUrl?: URL;
  /**
   * Stop the worker once it has been idle this long (default: keep it). For compiles that come seldom and in bursts
   * (pinned revisions); the next compile starts a fresh one (about 50 ms). On Node 24 this does not lower RSS: the
   * pages of a stopped worker's heap stay with the process (V8 keeps them for reuse); see `youngGenerationMb`.
   */
  readonly idleStopMs?: number;
  /**
   * Limit of the worker's young generation in MB (default: V8's, which grows to well over 100 MB under a burst of
   * compiles). Pages a worker's heap once took stay with the process after the worker stops (V8 pools them), so a
   * smaller young generation is what keeps the revisions' compiler from raising RSS for good.
   */
  readonly youngGenerationMb?: number;
}

interface Running {
  readonly job: CompileJob;
  readonly base: CompiledDesignSystem | undefined;
  readonly resolve: (outcome: CompileOutcome) => void;
  readonly reject: (error: Error) => void;
}

/**
 * One long-lived worker thread that parses and compiles design systems, one at a time, in the order asked. Each job
 * has a time budget and the worker a memory budget: a job past either is answered with the limit it hit, and the
 * worker is replaced (started again on the next job). The worker does not keep the process alive while idle.
 */
export class CompilerThread {
  readonly timeoutMs: number;
  readonly memoryMb: number;
  readonly #workerUrl: URL;
  readonly #idleStopMs: number | undefined;
  readonly #youngGenerationMb: number | undefined;
  #idleTimer: NodeJS.Timeout | undefined;
  #worker: Worker | undefined;
  #workerReady = false;
  #running: Running | undefined;
  #timer: NodeJS.Timeout | undefined;
  readonly #waiting: Running[] = [];
  #nextId = 1;
  #closed = false;
  /** Workers started so far (the first, and one per replacement). */
  started = 0;
  /** Workers stopped for being idle (`idleStopMs`). */
  stoppedIdle = 0;

  /** Whether a compile is under way or waiting. */
  get busy(): boolean {
    return this.#running !== undefined || this.#waiting.length > 0;
  }

  /** Whether a worker thread is running now (idle or compiling). */
  get alive(): boolean {
    return this.#worker !== undefined;
  }

  constructor(options: CompilerThreadOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_COMPILE_TIMEOUT_MS;
    this.memoryMb = options.memoryMb ?? DEFAULT_COMPILE_MEMORY_MB;
    this.#workerUrl = options.workerUrl ?? siblingWorkerUrl(import.meta.url, 'compile-worker.js', 'TOKEN_SERVER_COMPILE_WORKER');
    this.#idleStopMs = options.idleStopMs;
    this.#youngGenerationMb = options.youngGenerationMb;
  }

  /**
   * Parses and compiles one design system from its files (sorted by path) in the worker. `base` is the version served
   * now: the result reuses its unchanged tokens (the same frozen objects) instead of copying them across threads.
   */
  compile(
    slug: string,
    files: readonly { readonly path: string; readonly text: string }[],
    base?: CompiledDesignSystem,
  ): Promise<CompileOutcome> {
    if (this.#closed) return Promise.reject(new Error('the compiler is closed'));
    return new Promise((resolve, reject) => {
      this.#waiting.push({ job: { id: this.#nextId++, slug, files, baseHash: base?.contentHash }, base, resolve, reject });
      this.#next();
    });
  }

  /** Stops the worker; jobs not answered yet are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#idleTimer);
    const pending = [...(this.#running === undefined ? [] : [this.#running]), ...this.#waiting.splice(0)];
    this.#running = undefined;
    clearTimeout(this.#timer);
    for (const entry of pending) entry.reject(new Error('the compiler is closed'));
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }

  #next(): void {
    if (this.#running !== undefined || this.#closed) return;
    const entry = this.#waiting.shift();
    if (entry === undefined) {
      this.#worker?.unref();
      this.#stopWhenIdle();
      return;
    }
    clearTimeout(this.#idleTimer);
    this.#running = entry;
    const worker = this.#startWorker();
    worker.ref();
    if (this.#workerReady) this.#startClock(worker);
    worker.postMessage(entry.job);
  }

  /** With `idleStopMs`, stops the idle worker after that long (a job in the meantime cancels it). */
  #stopWhenIdle(): void {
    const worker = this.#worker;
    if (this.#idleStopMs === undefined || worker === undefined) return;
    clearTimeout(this.#idleTimer);
    this.#idleTimer = setTimeout(() => {
      if (this.#worker !== worker || this.busy) return;
      this.#worker = undefined;
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
      this.stoppedIdle += 1;
    }, this.#idleStopMs);
    this.#idleTimer.unref();
  }

  #startClock(worker: Worker): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#finish(worker, { overrun: 'time' }), this.timeoutMs);
  }

  #startWorker(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const young = this.#youngGenerationMb === undefined ? {} : { maxYoungGenerationSizeMb: this.#youngGenerationMb };
    const worker = new Worker(this.#workerUrl, { resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, ...young } });
    this.started += 1;
    this.#workerReady = false;
    worker.on('message', (reply: CompileReply) => {
      if ('ready' in reply) {
        this.#workerReady = true;
        if (this.#running !== undefined) this.#startClock(worker);
        return;
      }
      const running = this.#running;
      if (running?.job.id !== reply.id) return;
      if ('error' in reply) return this.#finish(worker, new Error(`compiling ${running.job.slug} failed: ${reply.error}`));
      // The compile is done: its clock stops while the result is read, a slice per turn of the event loop.
      clearTimeout(this.#timer);
      void unpackCompileResult(reply.packed, running.base).then(
        (result) => {
          if (this.#running === running) this.#finish(worker, { result });
        },
        (error: unknown) => {
          if (this.#running === running) this.#finish(worker, toError(error));
        },
      );
    });
    worker.on('error', (error: Error & { code?: string }) => {
      this.#finish(
        worker,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { overrun: 'memory' } : new Error('the compile worker failed', { cause: error }),
      );
    });
    worker.on('exit', (code) => this.#finish(worker, new Error(`the compile worker exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }

  /** Answers the running job; a worker that overran or failed is dropped, so the next job starts a fresh one. */
  #finish(worker: Worker, outcome: CompileOutcome | Error): void {
    if (worker !== this.#worker) return; // a late word from a worker already dropped
    if (outcome instanceof Error || 'overrun' in outcome) {
      this.#worker = undefined;
      worker.removeAllListeners();
      worker.on('error', () => undefined);
      void worker.terminate();
    }
    const running = this.#running;
    if (running === undefined) return;
    this.#running = undefined;
    clearTimeout(this.#timer);
    if (outcome instanceof Error) running.reject(outcome);
    else running.resolve(outcome);
    this.#next();
  }
}
