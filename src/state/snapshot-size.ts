import type { CompiledDesignSystem, TypedValue } from '../compile/types.js';
import type { Snapshot } from './snapshot.js';
import { valueAt } from '../compile/checked-access.js';

/**
 * Bytes of V8 heap each part of a snapshot takes, measured on Node 24 (`bench/snapshot-size.mjs` prints the estimate
 * against the measured heap for design systems of every shape: many tokens, many modes, long reference chains) and
 * rounded up, so the estimate stays at or above what a snapshot really holds.
 */
const BYTES = {
  snapshot: 4096,
  /** A source file: its path and entry; its text counts one byte a character on top (one-byte strings). */
  file: 160,
  /** A token: its object, key, type, written value and the records of its values and references. */
  token: 640,
  /** One token's slot for its value in one mode (values are often shared: colors, modes that keep light's value). */
  valueSlot: 16,
  /** One value object (counted once however many slots share it), and each structure it is made of. */
  value: 64,
  valuePart: 72,
  /** A value written for one mode under `modes`. */
  writtenMode: 160,
  /** What a token refers to in one mode: the record, each chain entry, each part. */
  references: 120,
  referenceEntry: 48,
  /** A diagnostic, with its message. */
  problem: 320,
  /**
   * A declared contrast pair (its names: measured 265 bytes), each of its checks (a ratio, an APCA value and a kind
   * per mode, which cross from the compile worker as a boxed number each and a string of its own: measured 78 bytes)
   * and each font size below the minimum.
   */
  contrastPair: 384,
  contrastCheck: 96,
  smallFontSize: 24,
} as const;

/**
 * What a snapshot holds in memory, estimated from what it counts: its files' texts, and per design system its tokens
 * × modes values and each value's references (chains included). Bounds the `?ref=` revision cache by what it holds,
 * not by the size of the sources (a 175 KB chain of references once held 300 MB).
 */
export function estimateSnapshotBytes(snapshot: Snapshot): number {
  let bytes = BYTES.snapshot;
  for (const [path, file] of snapshot.files) bytes += BYTES.file + path.length + file.text.length;
  for (const state of snapshot.systems.values()) {
    bytes += state.problems.length * BYTES.problem;
    if (state.compiled !== undefined) bytes += estimateCompiledBytes(state.compiled);
  }
  return bytes;
}

/** What one compiled design system holds: its tokens, their values in every mode and their references, its contrast checks. */
export function estimateCompiledBytes(system: CompiledDesignSystem): number {
  let bytes = 0;
  const values = new Set<TypedValue>();
  for (const token of system.tokens) {
    bytes += BYTES.token + token.key.length * 2 + (token.description?.length ?? 0);
    if (token.modes !== undefined) bytes += Object.keys(token.modes).length * BYTES.writtenMode;
    for (const mode in token.resolved) {
      const value = valueAt(token.resolved, mode);
      bytes += BYTES.valueSlot;
      if (values.has(value)) continue;
      values.add(value);
      bytes += BYTES.value + valueParts(value) * BYTES.valuePart;
    }
    if (token.references === undefined) continue;
    for (const mode in token.references) {
      const references = token.references[mode];
      const entries =
        (references?.ref === undefined ? 0 : 1) +
        Object.keys(references?.parts ?? {}).length +
        Object.keys(references?.adjusted ?? {}).length;
      bytes += BYTES.references + entries * BYTES.referenceEntry;
    }
  }
  for (const scale of system.scales) bytes += scale.steps.length * system.modes.length * BYTES.valuePart;
  const checks = system.contrastChecks;
  if (checks !== undefined) {
    bytes += (system.contrast?.pairs.length ?? 0) * BYTES.contrastPair;
    bytes += checks.ratios.length * BYTES.contrastCheck + checks.smallFontSizes.length * BYTES.smallFontSize;
  }
  return bytes;
}

/** How many structures a value is made of beyond its own object. */
function valueParts(value: TypedValue): number {
  switch (value.kind) {
    case 'color':
      return 1;
    case 'shadow':
      return 1 + (value.layers?.length ?? 0) * 5;
    case 'gradient':
      return 1 + value.stops.length * 2;
    case 'typography':
      return 6;
    case 'border':
    case 'transition':
      return 4;
    case 'boolean':
    case 'cubicBezier':
    case 'dimension':
    case 'duration':
    case 'fontFamily':
    case 'keyword':
    case 'keywords':
    case 'lengths':
    case 'number':
    case 'strokeStyle':
      return 1;
  }
}
