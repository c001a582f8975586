import { isDeepStrictEqual } from 'node:util';

/**
 * A native output read back by its consumer (a compiler, a parser, a schema) next to what the compiled values say it
 * must hold (the oracle), both keyed by where the value is (`<mode>|<name>`, a file path, ...).
 */
export interface ReadBack {
  /** What the consumer itself refused: syntax errors, schema errors, compiler output. Empty when it took everything. */
  readonly problems: readonly string[];
  /** What the consumer read. */
  readonly actual: ReadonlyMap<string, unknown>;
  /** What the oracle says each value must be. */
  readonly expected: ReadonlyMap<string, unknown>;
}

/** One value the consumer read differently from the oracle (`actual` undefined: missing; `expected` undefined: extra). */
export interface Mismatch {
  readonly where: string;
  readonly expected: unknown;
  readonly actual: unknown;
}

/** Compares a read-back: how many values the oracle expects, and every one that differs, is missing or is extra. */
export function compareReadBack(readBack: ReadBack): { compared: number; mismatches: Mismatch[] } {
  const mismatches: Mismatch[] = [];
  for (const [where, expected] of readBack.expected) {
    const actual = readBack.actual.get(where);
    if (!isDeepStrictEqual(actual, expected)) mismatches.push({ where, expected, actual });
  }
  for (const [where, actual] of readBack.actual) if (!readBack.expected.has(where)) mismatches.push({ where, expected: undefined, actual });
  return { compared: readBack.expected.size, mismatches };
}
