import type { BatchEvent, SourceEvent } from './events.js';
import type { Snapshot } from './snapshot.js';
import type { SnapshotStore } from './store.js';

/** A batch for the queue: its events, or a function making them from the snapshot current when its turn comes. */
export type QueuedBatch = readonly SourceEvent[] | ((current: Snapshot) => readonly SourceEvent[]);

export interface ApplyQueueOptions {
  /** The compile stage: the batch plus what it computed off the main thread, for the snapshot it will apply to. */
  readonly compile: (state: Snapshot, batch: readonly SourceEvent[]) => Promise<readonly BatchEvent[]>;
  /** Called after each batch applied (`next` is `previous` when it changed nothing), with the time its turn took. */
  readonly onApplied?: (next: Snapshot, previous: Snapshot, ms: number) => void;
  /** Called when compiling or applying a batch failed; the batch is dropped and the queue goes on. */
  readonly onError?: (error: unknown, events: number) => void;
}

interface Entry {
  readonly batch: QueuedBatch;
  readonly done: () => void;
  /** `#keysApplied` when it was pushed. */
  readonly keysApplied: number;
}

/**
 * Applies batches to the store strictly in the order pushed, each compiled (asynchronously) against the snapshot it
 * will be applied to. Batches pushed while one compiles wait, and are joined into one batch when their turn comes
 * (they are event lists, so the joined batch means the same as applying them one by one).
 */
export class ApplyQueue {
  readonly #store: SnapshotStore;
  readonly #options: ApplyQueueOptions;
  readonly #waiting: Entry[] = [];
  #draining = false;
  #running: Promise<void> = Promise.resolve();
  #closed = false;
  /** Counts keys events applied at once: a queued keys event older than the last of them is superseded. */
  #keysApplied = 0;

  constructor(store: SnapshotStore, options: ApplyQueueOptions) {
    this.#store = store;
    this.#options = options;
  }

  /**
   * Queues a batch; resolves once it has been applied (or dropped because of an error or closing). Its keys events are
   * applied at once, ahead of any compile: a revocation never waits for a slow design system. Keys events never enter
   * the queue, so they stay in order among themselves, and the reducer folds keys independently of design systems.
   */
  push(batch: QueuedBatch): Promise<void> {
    if (this.#closed) return Promise.resolve();
    // The first load stays one snapshot (keys and design systems together), as before.
    if (typeof batch !== 'function' && this.#store.current.seq > 0) {
      const keys = batch.filter((event) => event.type === 'keys/changed');
      if (keys.length > 0) {
        this.#keysApplied += 1;
        this.#applyNow(keys);
        batch = batch.filter((event) => event.type !== 'keys/changed');
        if (batch.length === 0) return Promise.resolve();
      }
    }
    return new Promise((done) => {
      this.#waiting.push({ batch, done, keysApplied: this.#keysApplied });
      if (this.#draining) return;
      this.#draining = true;
      this.#running = this.#drain();
    });
  }

  /** Resolves when every batch pushed so far has been applied. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#running;
  }

  /** Drops the waiting batches; the one compiling is dropped when its compile ends (close the compiler to end it). */
  close(): void {
    this.#closed = true;
    for (const entry of this.#waiting.splice(0)) entry.done();
  }

  async #drain(): Promise<void> {
    for (;;) {
      const first = this.#waiting.shift();
      if (first === undefined) {
        this.#draining = false;
        return;
      }
      const taken = [first];
      // Plain batches waiting side by side are joined; a function batch goes alone (it reads the snapshot before it).
      if (typeof first.batch !== 'function') {
        for (let next = this.#waiting[0]; next !== undefined && typeof next.batch !== 'function'; next = this.#waiting[0]) {
          this.#waiting.shift();
          taken.push(next);
        }
      }
      try {
        await this.#applyOne(taken);
      } finally {
        for (const entry of taken) entry.done();
      }
    }
  }

  #applyNow(events: readonly SourceEvent[]): void {
    const started = performance.now();
    const previous = this.#store.current;
    try {
      const next = this.#store.apply(events);
      this.#options.onApplied?.(next, previous, performance.now() - started);
    } catch (error) {
      this.#options.onError?.(error, events.length);
    }
  }

  async #applyOne(entries: readonly Entry[]): Promise<void> {
    if (this.#closed) return;
    const started = performance.now();
    const previous = this.#store.current;
    let events: readonly SourceEvent[] = [];
    try {
      // Keys events queued before a newer one was applied at once (during the first load) are superseded by it.
      events = entries.flatMap(({ batch, keysApplied }) => {
        const batchEvents = typeof batch === 'function' ? batch(previous) : batch;
        return keysApplied === this.#keysApplied ? batchEvents : batchEvents.filter((event) => event.type !== 'keys/changed');
      });
      const keysAppliedBefore = this.#keysApplied;
      let compiled = await this.#options.compile(previous, events);
      if (this.#closed) return;
      if (this.#keysApplied !== keysAppliedBefore) compiled = compiled.filter((event) => event.type !== 'keys/changed');
      // Only this queue moves the files of the store (keys applied meanwhile are independent of them), so the files
      // compiled against are still the current ones.
      const next = this.#store.apply(compiled);
      this.#options.onApplied?.(next, previous, performance.now() - started);
    } catch (error) {
      if (!this.#closed) this.#options.onError?.(error, events.length);
    }
  }
}
