import type { SourceEvent } from './events.js';
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

  constructor(options: { initial?: Snapshot; historySize?: number } = {}) {
    this.#current = options.initial ?? createEmptySnapshot();
    this.#historySize = options.historySize ?? DEFAULT_HISTORY_SIZE;
  }

  get current(): Snapshot {
    return this.#current;
  }

  /** Earlier snapshots, newest first, at most `historySize`. */
  get history(): readonly Snapshot[] {
    return this.#history;
  }

  /** Folds a batch into the current snapshot; listeners hear of it only when something changed. */
  apply(batch: readonly SourceEvent[]): Snapshot {
    const previous = this.#current;
    const next = reduce(previous, batch);
    if (next === previous) return previous;
    this.#current = next;
    this.#history.unshift(previous);
    if (this.#history.length > this.#historySize) this.#history.length = this.#historySize;
    for (const listener of this.#listeners) listener(next, previous);
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
