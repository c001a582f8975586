import type { SourcePosition } from '../types.js';

/** A YAML node as the walker sees it, whichever reader read it. */
export interface SourceNode {
  readonly isMap: boolean;
  /** The node's JavaScript value (a scalar, or the whole structure below it). */
  readonly value: unknown;
  readonly pos: SourcePosition;
  /** A mapping's entries, keys as written; empty for anything else. */
  readonly entries: readonly SourceEntry[];
}

/** One entry of a mapping: its key as written, where the key is, and its value (null when empty). */
export interface SourceEntry {
  readonly key: string;
  readonly keyPos: SourcePosition;
  readonly value: SourceNode | null;
}

/** The entries of a node that is not a mapping: one empty list for all of them. */
export const NO_ENTRIES: readonly SourceEntry[] = Object.freeze([]);
