import type { CompiledDesignSystem, Rgba, TypedValue } from '../../compile/types.js';
import { pixelsOf } from '../../views/api/contrast.js';
import { formatHex } from '../../views/shared/css-values.js';
import { chromaOf, deltaE2000Of, MAX_LIGHTNESS_WEIGHT } from '../delta-e-2000.js';
import type { LabColor } from '../delta-e-2000.js';
import { labOf, valueIndexOf } from '../value-index.js';
import type { ModeColors, ModeLengths, ValueGroup } from '../value-index.js';
import { itemAt } from '../../compile/checked-access.js';

/** A value to look for: a color (its canonical hex) or a length in px. */
export type SoughtValue = { readonly kind: 'color'; readonly hex: string } | { readonly kind: 'length'; readonly px: number };

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const LENGTH = /^(-?(?:\d+\.?\d*|\.\d+))(px|rem)$/;
/** What 1rem is taken as: the browsers' default root font size (as the contrast check takes it). */
const REM_PX = 16;

/** A value as `find_token_for_value` takes it: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, or a length in px or rem; undefined otherwise. */
export function readSoughtValue(text: string): SoughtValue | undefined {
  const trimmed = text.trim();
  if (HEX.test(trimmed)) {
    const digits = trimmed.length <= 5 ? [...trimmed.slice(1)].map((digit) => digit + digit).join('') : trimmed.slice(1);
    const channel = (index: number): number => parseInt(digits.slice(index * 2, index * 2 + 2), 16);
    const color: Rgba = { red: channel(0), green: channel(1), blue: channel(2), alpha: digits.length === 8 ? channel(3) / 255 : 1 };
    return { kind: 'color', hex: formatHex(color) };
  }
  const length = LENGTH.exec(trimmed);
  if (length === null) return undefined;
  const value = Number(length[1]);
  return { kind: 'length', px: length[2] === 'rem' ? value * REM_PX : value };
}

/** A token whose value is the one sought, and the modes where it is. */
export interface ExactMatch {
  readonly key: string;
  readonly modes: readonly string[];
}

/** A near value in one mode: the token, its value there, and how far it is (deltaE 2000 for a color, px for a length). */
export interface NearMatch {
  readonly key: string;
  readonly value: string;
  readonly deltaE?: number;
  readonly difference?: number;
}

/** A token whose value at a breakpoint is the one sought, and the modes where it is there. */
export interface ExactMatchAtBreakpoint extends ExactMatch {
  readonly breakpoint: string;
}

/** What `find_token_for_value` answers. */
export interface FindTokenAnswer {
  readonly designSystem: string;
  readonly query: SoughtValue;
  readonly exact: readonly ExactMatch[];
  /**
   * Only when the design system declares breakpoints: the tokens whose value differs at some breakpoint and is the
   * one sought at a breakpoint, per token (key order) and breakpoint (narrowest first).
   */
  readonly exactAtBreakpoints?: readonly ExactMatchAtBreakpoint[];
  readonly nearest: Readonly<Record<string, readonly NearMatch[]>>;
}

/** Whether a typed value is the one sought: a color by its hex (alpha included), a length by its size in px. */
function isSought(value: TypedValue, query: SoughtValue): boolean {
  if (query.kind === 'color') return value.kind === 'color' && formatHex(value.color) === query.hex;
  return value.kind === 'dimension' && pixelsOf(value) === query.px;
}

/** The exact matches at each breakpoint of the tokens whose value differs at one (`responsive`); undefined without breakpoints. */
function exactAtBreakpoints(system: CompiledDesignSystem, query: SoughtValue): ExactMatchAtBreakpoint[] | undefined {
  if (system.breakpoints === undefined) return undefined;
  const found: ExactMatchAtBreakpoint[] = [];
  for (const token of system.tokens) {
    if (token.responsive === undefined) continue;
    for (const { name: breakpoint } of system.breakpoints) {
      const values = token.responsive[breakpoint];
      if (values === undefined) continue;
      const modes = system.modes.map(({ name }) => name).filter((mode) => isSought(values[mode] ?? values.light, query));
      if (modes.length > 0) found.push({ key: token.key, breakpoint, modes });
    }
  }
  return found;
}

/**
 * `find_token_for_value`: the tokens whose value is exactly the one sought (a color by its hex, alpha included; a
 * length by its size in px, rem × 16) with the modes where it is, and per mode the `limit` nearest (colors by CIEDE2000
 * on their sRGB color, alpha aside; lengths by the difference in px), nearest first, then in key order. A call looks
 * the exact matches up and compares only the colors whose lightness can still be among the nearest (the value index
 * is built once per compiled system).
 * @example findTokenForValue(acme, { kind: 'color', hex: '#2563EB' }, 1) // { exact: [{ key: 'color.brand.primary', modes: ['light'] }, ...], nearest: { light: [{ key: 'color.brand.primary', value: '#2563EB', deltaE: 0 }], dark: [...] } }
 */
export function findTokenForValue(system: CompiledDesignSystem, query: SoughtValue, limit: number): FindTokenAnswer {
  const index = valueIndexOf(system);
  const exact = query.kind === 'color' ? index.exactColors.get(query.hex) : index.exactLengths.get(query.px);
  const nearest: Record<string, NearMatch[]> = {};
  for (const { name: mode } of system.modes) {
    if (query.kind === 'color') {
      const colors = index.colors.get(mode);
      nearest[mode] = colors === undefined ? [] : nearestColors(colors, toLab(query.hex), limit);
    } else {
      const lengths = index.lengths.get(mode);
      nearest[mode] = lengths === undefined ? [] : nearestLengths(lengths, query.px, limit);
    }
  }
  const atBreakpoints = exactAtBreakpoints(system, query);
  return {
    designSystem: system.meta.slug,
    query,
    exact: [...(exact ?? [])].map(([key, modes]) => ({ key, modes })),
    ...(atBreakpoints === undefined ? {} : { exactAtBreakpoints: atBreakpoints }),
    nearest,
  };
}

/** Below this difference two distances are the same to the pruning (never to the order). */
const SLACK = 1e-9;

function nearestColors(colors: ModeColors, target: LabColor, limit: number): NearMatch[] {
  const { groups, l, a, b, chroma, byLightness } = colors;
  const best = new NearestGroups(limit);
  const count = byLightness.length;
  // The first position whose lightness is at least the target's: the walk goes outwards from there.
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (itemAt(l, itemAt(byLightness, middle)) < target.l) low = middle + 1;
    else high = middle;
  }
  let below = low - 1;
  let above = low;
  while (below >= 0 || above < count) {
    const belowGap = below >= 0 ? target.l - itemAt(l, itemAt(byLightness, below)) : Infinity;
    const aboveGap = above < count ? itemAt(l, itemAt(byLightness, above)) - target.l : Infinity;
    const takeBelow = belowGap <= aboveGap;
    // deltaE 2000 is at least |ΔL| / the largest SL: past that, no color can be nearer than the ones kept.
    if ((takeBelow ? belowGap : aboveGap) / MAX_LIGHTNESS_WEIGHT > best.cutoff() + SLACK) break;
    const at = itemAt(byLightness, takeBelow ? below-- : above++);
    best.add(deltaE2000Of(itemAt(l, at), itemAt(a, at), itemAt(b, at), itemAt(chroma, at), target), itemAt(groups, at));
  }
  return best.matches((key, value, distance) => ({ key, value, deltaE: distance }));
}

function nearestLengths(lengths: ModeLengths, px: number, limit: number): NearMatch[] {
  const { groups, px: sizes } = lengths;
  const best = new NearestGroups(limit);
  let low = 0;
  let high = sizes.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (itemAt(sizes, middle) < px) low = middle + 1;
    else high = middle;
  }
  let below = low - 1;
  let above = low;
  while (below >= 0 || above < sizes.length) {
    const belowGap = below >= 0 ? Math.abs(itemAt(sizes, below) - px) : Infinity;
    const aboveGap = above < sizes.length ? Math.abs(itemAt(sizes, above) - px) : Infinity;
    const takeBelow = belowGap <= aboveGap;
    const gap = takeBelow ? belowGap : aboveGap;
    if (gap > best.cutoff()) break;
    best.add(gap, itemAt(groups, takeBelow ? below-- : above++));
  }
  return best.matches((key, value, distance) => ({ key, value, difference: distance }));
}

/**
 * The nearest groups seen so far: enough of them to hold `limit` keys, and every group as near as the last of those
 * (a tie is ordered by key, so it may still come first).
 */
class NearestGroups {
  readonly #limit: number;
  readonly #kept: { readonly distance: number; readonly group: ValueGroup }[] = [];
  #cutoff = Infinity;

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** The distance past which a group can no longer be among the nearest. */
  cutoff(): number {
    return this.#cutoff;
  }

  add(distance: number, group: ValueGroup): void {
    if (distance > this.#cutoff) return;
    const kept = this.#kept;
    let at = kept.length;
    while (at > 0 && (kept[at - 1]?.distance as number) > distance) at -= 1;
    kept.splice(at, 0, { distance, group });
    let keys = 0;
    for (let index = 0; index < kept.length; index += 1) {
      keys += kept[index]?.group.keys.length as number;
      if (keys < this.#limit) continue;
      this.#cutoff = kept[index]?.distance as number;
      let end = index + 1;
      while (end < kept.length && kept[end]?.distance === this.#cutoff) end += 1;
      kept.length = end;
      break;
    }
  }

  /** The `limit` nearest keys, nearest first, then in key order, with their value and distance (rounded to 2 decimals). */
  matches(make: (key: string, value: string, distance: number) => NearMatch): NearMatch[] {
    const found: NearMatch[] = [];
    const kept = this.#kept;
    for (let start = 0; start < kept.length && found.length < this.#limit;) {
      const distance = kept[start]?.distance as number;
      let end = start;
      const tied: { readonly key: string; readonly value: string }[] = [];
      for (; end < kept.length && kept[end]?.distance === distance; end += 1) {
        const group = kept[end]?.group as ValueGroup;
        for (const key of smallestKeys(group.keys, this.#limit - found.length)) tied.push({ key, value: group.text });
      }
      tied.sort((x, y) => (x.key < y.key ? -1 : 1));
      const rounded = Math.round(distance * 100) / 100;
      for (const { key, value } of tied.slice(0, this.#limit - found.length)) found.push(make(key, value, rounded));
      start = end;
    }
    return found;
  }
}

/** The `count` smallest keys in code-unit order, sorted; one pass over a long list, keeping only `count`. */
function smallestKeys(keys: readonly string[], count: number): string[] {
  if (keys.length <= count * 4) return [...keys].sort().slice(0, count);
  const kept: string[] = [];
  for (const key of keys) {
    if (kept.length === count && key >= itemAt(kept, count - 1)) continue;
    let at = kept.length;
    while (at > 0 && itemAt(kept, at - 1) > key) at -= 1;
    kept.splice(at, 0, key);
    if (kept.length > count) kept.pop();
  }
  return kept;
}

function toLab(hex: string): LabColor {
  const channel = (index: number): number => parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
  const [l, a, b] = labOf(channel(0), channel(1), channel(2));
  return { l, a, b, chroma: chromaOf(a, b) };
}
