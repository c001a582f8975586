import { Worker } from 'node:worker_threads';
import { ChangeRefusedError } from '../state/change-requests.js';
import type { ChangeEvent, ChangeRefusal, ChangeRequestService } from '../state/change-requests.js';
import { siblingWorkerUrl } from '../state/worker-url.js';
import type { ChangeRepository } from './git-change-requests.js';
import type { GitIdentity } from './git-commit-writer.js';

/** A change-request call that takes longer is abandoned (the worker is replaced) and answered `503`. */
export const CHANGE_CALL_TIMEOUT_MS = 60_000;
const CHANGE_WORKER_MEMORY_MB = 1024;

/** The methods of the service the worker answers. */
export type ChangeWorkerMethod = keyof Omit<ChangeRequestService, 'subscribe'>;

/** What the main thread sends the worker: one method call of the service. */
export interface ChangeWorkerCall {
  readonly id: number;
  readonly method: ChangeWorkerMethod;
  readonly args: readonly unknown[];
}

/** What the worker answers: a call's value or refusal (or failure), an event of a write it made, or a warning to log. */
export type ChangeWorkerReply =
  | { readonly kind: 'answer'; readonly id: number; readonly value?: unknown; readonly refusal?: ChangeRefusal; readonly error?: string }
  | { readonly kind: 'event'; readonly event: ChangeEvent }
  | { readonly kind: 'warning'; readonly message: string };

interface ChangeThreadOptions {
  readonly repo: ChangeRepository;
  readonly committer: GitIdentity;
  readonly workerUrl?: URL;
  /** Where the worker's warnings go (the server's log). */
  readonly warn?: (message: string) => void;
}

interface Pending {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * The change requests of a Git work tree, served from a worker thread of their own (`change-worker.ts`, started on
 * the first call): the main thread only passes each call and its answer. A call past {@link CHANGE_CALL_TIMEOUT_MS}
 * or a crash of the worker fails the calls under way (the refs make every write whole or absent) and the next call
 * starts a new worker.
 */
export class ChangeRequestThread implements ChangeRequestService {
  readonly #options: ChangeThreadOptions;
  readonly #listeners = new Set<(event: ChangeEvent) => void>();
  readonly #pending = new Map<number, Pending>();
  #worker: Worker | undefined;
  #nextId = 1;
  #closed = false;

  constructor(options: ChangeThreadOptions) {
    this.#options = options;
  }

  list(...args: Parameters<ChangeRequestService['list']>): ReturnType<ChangeRequestService['list']> {
    return this.#call('list', args);
  }
  get(...args: Parameters<ChangeRequestService['get']>): ReturnType<ChangeRequestService['get']> {
    return this.#call('get', args);
  }
  preview(...args: Parameters<ChangeRequestService['preview']>): ReturnType<ChangeRequestService['preview']> {
    return this.#call('preview', args);
  }
  validation(...args: Parameters<ChangeRequestService['validation']>): ReturnType<ChangeRequestService['validation']> {
    return this.#call('validation', args);
  }
  create(...args: Parameters<ChangeRequestService['create']>): ReturnType<ChangeRequestService['create']> {
    return this.#call('create', args);
  }
  update(...args: Parameters<ChangeRequestService['update']>): ReturnType<ChangeRequestService['update']> {
    return this.#call('update', args);
  }
  approve(...args: Parameters<ChangeRequestService['approve']>): ReturnType<ChangeRequestService['approve']> {
    return this.#call('approve', args);
  }
  merge(...args: Parameters<ChangeRequestService['merge']>): ReturnType<ChangeRequestService['merge']> {
    return this.#call('merge', args);
  }
  close(...args: Parameters<ChangeRequestService['close']>): ReturnType<ChangeRequestService['close']> {
    return this.#call('close', args);
  }
  refresh(): Promise<void> {
    return this.#call('refresh', []);
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  /** Stops the worker; calls not answered yet are rejected. */
  async stop(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#fail(new Error('the change-request worker is stopped'));
    await worker?.terminate();
  }

  /**
   * Calls `method` in the worker. Its answer crosses the thread as a structured clone of what the worker's service
   * resolved that same method to: the one place where the type of an answer is asserted rather than checked.
   */
  #call<Method extends ChangeWorkerMethod>(
    method: Method,
    args: Parameters<ChangeRequestService[Method]>,
  ): ReturnType<ChangeRequestService[Method]> {
    return this.#send(method, args) as ReturnType<ChangeRequestService[Method]>;
  }

  #send(method: ChangeWorkerMethod, args: readonly unknown[]): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('the change-request worker is stopped'));
    const worker = this.#start();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#fail(
          new ChangeRefusedError({
            kind: 'busy',
            message: `the change request took more than ${CHANGE_CALL_TIMEOUT_MS / 1000} s and was stopped: retry`,
          }),
        );
      }, CHANGE_CALL_TIMEOUT_MS);
      this.#pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, method, args } satisfies ChangeWorkerCall);
    });
  }

  #start(): Worker {
    if (this.#worker !== undefined) return this.#worker;
    const url = this.#options.workerUrl ?? siblingWorkerUrl(import.meta.url, 'change-worker.js', 'TOKEN_SERVER_CHANGE_WORKER');
    const worker = new Worker(url, {
      workerData: { repo: this.#options.repo, committer: this.#options.committer },
      resourceLimits: { maxOldGenerationSizeMb: CHANGE_WORKER_MEMORY_MB },
    });
    worker.on('message', (reply: ChangeWorkerReply) => {
      if (reply.kind === 'warning') {
        this.#options.warn?.(reply.message);
        return;
      }
      if (reply.kind === 'event') {
        for (const listener of this.#listeners) listener(reply.event);
        return;
      }
      const pending = this.#pending.get(reply.id);
      if (pending === undefined) return;
      this.#pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (reply.refusal !== undefined) pending.reject(new ChangeRefusedError(reply.refusal));
      else if (reply.error !== undefined) pending.reject(new Error(`change request failed: ${reply.error}`));
      else pending.resolve(reply.value);
    });
    worker.on('error', (error) => this.#fail(new Error('the change-request worker failed', { cause: error })));
    worker.on('exit', () => {
      if (this.#worker === worker) this.#fail(new Error('the change-request worker stopped'));
    });
    // Idle, it does not keep the process alive; a call under way does (its pending timer).
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  /** Fails every call under way with `error` and drops the worker (the next call starts a new one). */
  #fail(error: Error): void {
    const worker = this.#worker;
    this.#worker = undefined;
    for (const [id, pending] of this.#pending) {
      clearTimeout(pending.timer);
      this.#pending.delete(id);
      pending.reject(error);
    }
    if (worker !== undefined) void worker.terminate();
  }
}
