import type { BatchEvent } from './events.js';
import { reduce } from './reduce.js';
import { createEmptySnapshot } from './snapshot.js';
import type { Snapshot } from './snapshot.js';

export type SnapshotListener = (next: Snapshot, previous: Snapshot) => void;

export const DEFAULT_HISTORY_SIZE = 20;

/**
 * The only mutable thing in the process: holds the current snapshot, swaps it for the next one after each batch,
 * and keeps a bounded history of earlier snapshots (newest first).
 */
export class SnapshotStore {
  #current: Snapshot;
  #history: Snapshot[] = [];
  readonly #historySize: number;
  readonly #listeners = new Set<SnapshotListener>();

  readonly #onListenerError: (errors: unknown[]) => void;

  constructor(options: { initial?: Snapshot; historySize?: number; onListenerError?: (errors: unknown[]) => void } = {}) {
    this.#current = options.initial ?? createEmptySnapshot();
    this.#historySize = options.historySize ?? DEFAULT_HISTORY_SIZE;
    this.#onListenerError = options.onListenerError ?? (() => undefined);
  }

  /** The snapshot with this sequence number, if it is the current one or still in the history. */
  find(seq: number): Snapshot | undefined {
    if (this.#current.seq === seq) return this.#current;
    return this.#history.find((snapshot) => snapshot.seq === seq);
  }

  get current(): Snapshot {
    return this.#current;
  }

  /** Earlier snapshots, newest first, at most `historySize`. */
  get history(): readonly Snapshot[] {
    return this.#history;
  }

  /** Folds a batch into the current snapshot; listeners hear of it only when something changed. */
  apply(batch: readonly BatchEvent[]): Snapshot {
    const previous = this.#current;
    const next = reduce(previous, batch);
    if (next === previous) return previous;
    this.#current = next;
    this.#history.unshift(previous);
    if (this.#history.length > this.#historySize) this.#history.length = this.#historySize;
    // One listener failing (a closed socket) must not keep the others from hearing of the snapshot.
    const failures: unknown[] = [];
    for (const listener of [...this.#listeners]) {
      try {
        listener(next, previous);
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) this.#onListenerError(failures);
    return next;
  }

  /** Registers a listener; returns the function that removes it. */
  subscribe(listener: SnapshotListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }
}
