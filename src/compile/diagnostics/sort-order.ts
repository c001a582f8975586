import type { Diagnostic } from '../types.js';
import { itemAt } from '../checked-access.js';

/** Plain code-unit order, the same on every machine and locale. */
export function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Order of diagnostics: file, line, column, then rule. */
export function compareDiagnostics(a: Omit<Diagnostic, 'message'>, b: Omit<Diagnostic, 'message'>): number {
  return compareKeys(a.file, b.file) || a.line - b.line || a.column - b.column || compareKeys(a.rule, b.rule);
}

/** A key that may have a segment that is an array index: one of its segments is a number without leading zeros. */
const MAY_HAVE_INDEX = /(?:^|\.)(?:0|[1-9][0-9]{0,9})(?:\.|$)/;
const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,9})$/;
/** Below every character a key segment may hold: a segment that ends sorts before any longer one it starts. */
const SEGMENT_END = '\u0000';
/** Below every character a key segment may hold but above {@link SEGMENT_END}: array indexes sort before names. */
const INDEX_MARK = '\u0001';

/**
 * The positions of `keys` in token key order: segment by segment, so a flat list and a nested tree list tokens in the
 * same order. Segments that are array indexes (`0`, `50`, `100`) come first in numeric order, because that is where
 * every JavaScript object (hence `JSON.stringify` and the TypeScript export) puts them; other segments follow in
 * code-unit order. Each key is turned once into a string whose plain order is that order (see {@link sortingText}),
 * not split at every comparison (10,000 keys compare about 140,000 pairs).
 */
export function tokenKeyOrder(keys: readonly string[]): number[] {
  const texts = keys.some((key) => MAY_HAVE_INDEX.test(key)) ? keys.map(sortingText) : keys.map(withoutIndexSortingText);
  // Positions sorted rather than `{ item, text }` pairs: no object per item.
  const order = keys.map((_, index) => index);
  return order.sort((a, b) => compareKeys(itemAt(texts, a), itemAt(texts, b)));
}

/**
 * {@link sortingText} for the keys of a list without array indexes, as a string in the same order: `.` sorts below
 * every other character of a key but `-`, which is read as `/`, the character just above `.` (and in no key). Most keys
 * have no `-` and are their own text: no string to make per key.
 */
const withoutIndexSortingText = (key: string): string => (key.includes('-') ? key.replaceAll('-', '/') : key);

/**
 * A token key as text whose code-unit order is token key order: its segments (letters, digits, `-` and `_`, all
 * above U+0001) joined by U+0000, each array index as U+0001 and its ten digits (so numbers compare as numbers).
 */
function sortingText(key: string): string {
  if (!MAY_HAVE_INDEX.test(key)) return key.replaceAll('.', SEGMENT_END);
  return key
    .split('.')
    .map((segment) => (ARRAY_INDEX.test(segment) && Number(segment) < 4294967295 ? INDEX_MARK + segment.padStart(10, '0') : segment))
    .join(SEGMENT_END);
}
