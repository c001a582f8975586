import { to, Lab, sRGB } from 'colorjs.io/fn';
import type { CompiledDesignSystem } from '../compile/types.js';
import { pixelsOf } from '../views/api/contrast.js';
import { formatCssValue, formatHex } from '../views/shared/css-values.js';
import { perSystem } from '../views/shared/system-memo.js';
import { chromaOf } from './delta-e-2000.js';
import { itemAt, mapValueAt } from '../compile/checked-access.js';

/** One value in one mode and the tokens that have it there, in token order. */
export interface ValueGroup {
  /** The value as the exports write it (a color's hex, a length's CSS text). */
  readonly text: string;
  readonly keys: readonly string[];
}

/** The distinct colors of one mode, their Lab coordinates side by side, and their positions by lightness. */
export interface ModeColors {
  readonly groups: readonly ValueGroup[];
  readonly l: Float64Array;
  readonly a: Float64Array;
  readonly b: Float64Array;
  readonly chroma: Float64Array;
  /** Group positions in order of lightness. */
  readonly byLightness: Int32Array;
}

/** The distinct lengths of one mode, in order of size (px). */
export interface ModeLengths {
  readonly groups: readonly ValueGroup[];
  readonly px: Float64Array;
}

/** Every color and length value of a design system, indexed for `find_token_for_value`. */
export interface ValueIndex {
  /** Per hex (alpha included): the tokens that have it and the modes where they do, in token order. */
  readonly exactColors: ReadonlyMap<string, ReadonlyMap<string, readonly string[]>>;
  /** Per size in px: the same for lengths. */
  readonly exactLengths: ReadonlyMap<number, ReadonlyMap<string, readonly string[]>>;
  readonly colors: ReadonlyMap<string, ModeColors>;
  readonly lengths: ReadonlyMap<string, ModeLengths>;
}

/** Lab (D50) of an sRGB color given as 0-255 channels, as colorjs.io converts it. */
export function labOf(red: number, green: number, blue: number): readonly [number, number, number] {
  const [l, a, b] = to({ space: sRGB, coords: [red / 255, green / 255, blue / 255], alpha: 1 }, Lab).coords;
  return [l ?? 0, a ?? 0, b ?? 0];
}

function addExact<Value>(exact: Map<Value, Map<string, string[]>>, value: Value, key: string, mode: string): void {
  let byKey = exact.get(value);
  if (byKey === undefined) exact.set(value, (byKey = new Map<string, string[]>()));
  const modes = byKey.get(key);
  if (modes === undefined) byKey.set(key, [mode]);
  else modes.push(mode);
}

function addToGroup(groups: Map<string, { text: string; keys: string[] }>, text: string, key: string): void {
  const group = groups.get(text);
  if (group === undefined) groups.set(text, { text, keys: [key] });
  else group.keys.push(key);
}

/**
 * The value index of a design system, built once per compiled system: exact matches by hex and by px, and per mode
 * the distinct colors (with their Lab coordinates, converted once per distinct color) and lengths.
 * @example valueIndexOf(acme).exactColors.get('#2563EB') // Map { 'color.brand.primary' => ['light'], ... }
 */
export const valueIndexOf = perSystem((system: CompiledDesignSystem): ValueIndex => {
  const exactColors = new Map<string, Map<string, string[]>>();
  const exactLengths = new Map<number, Map<string, string[]>>();
  const colorGroups = new Map(system.modes.map(({ name }) => [name, new Map<string, { text: string; keys: string[] }>()]));
  const lengthGroups = new Map(system.modes.map(({ name }) => [name, new Map<string, { text: string; keys: string[] }>()]));
  const pxOfText = new Map<string, number>();
  const labs = new Map<string, readonly [number, number, number]>();
  for (const token of system.tokens) {
    for (const { name: mode } of system.modes) {
      const value = token.resolved[mode] ?? token.resolved.light;
      if (value.kind === 'color') {
        const hex = formatHex(value.color);
        addExact(exactColors, hex, token.key, mode);
        addToGroup(mapValueAt(colorGroups, mode), hex, token.key);
        if (!labs.has(hex)) labs.set(hex, labOf(value.color.red, value.color.green, value.color.blue));
      } else if (value.kind === 'dimension') {
        const px = pixelsOf(value);
        if (px === undefined) continue;
        const text = formatCssValue(value);
        addExact(exactLengths, px, token.key, mode);
        addToGroup(mapValueAt(lengthGroups, mode), text, token.key);
        pxOfText.set(text, px);
      }
    }
  }
  const colors = new Map<string, ModeColors>();
  for (const [mode, byHex] of colorGroups) {
    const groups = [...byHex.values()];
    const l = new Float64Array(groups.length);
    const a = new Float64Array(groups.length);
    const b = new Float64Array(groups.length);
    const chroma = new Float64Array(groups.length);
    groups.forEach((group, index) => {
      const lab = mapValueAt(labs, group.text);
      l[index] = lab[0];
      a[index] = lab[1];
      b[index] = lab[2];
      chroma[index] = chromaOf(lab[1], lab[2]);
    });
    const byLightness = Int32Array.from(groups.keys()).sort((x, y) => itemAt(l, x) - itemAt(l, y));
    colors.set(mode, { groups, l, a, b, chroma, byLightness });
  }
  const lengths = new Map<string, ModeLengths>();
  for (const [mode, byText] of lengthGroups) {
    const groups = [...byText.values()].sort((x, y) => mapValueAt(pxOfText, x.text) - mapValueAt(pxOfText, y.text));
    lengths.set(mode, { groups, px: Float64Array.from(groups, (group) => mapValueAt(pxOfText, group.text)) });
  }
  return { exactColors, exactLengths, colors, lengths };
});
