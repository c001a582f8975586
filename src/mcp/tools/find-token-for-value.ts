import Color from 'colorjs.io';
import type { CompiledDesignSystem, Rgba } from '../../compile/types.js';
import { pixelsOf } from '../../views/contrast.js';
import { formatCssValue, formatHex } from '../../views/css-values.js';
import { perSystem } from '../../views/system-memo.js';

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

/** One candidate value of one token in one mode. */
interface Candidate {
  readonly key: string;
  readonly mode: string;
  /** The value as the exports write it. */
  readonly text: string;
  /** A color's hex, or a length's px. */
  readonly same: string | number;
  readonly color?: Color;
}

const candidatesOf = perSystem((system) => {
  const colors: Candidate[] = [];
  const lengths: Candidate[] = [];
  for (const token of system.tokens) {
    for (const { name: mode } of system.modes) {
      const value = token.resolved[mode] ?? token.resolved.light;
      if (value.kind === 'color') {
        const { red, green, blue } = value.color;
        const hex = formatHex(value.color);
        colors.push({ key: token.key, mode, text: hex, same: hex, color: new Color('srgb', [red / 255, green / 255, blue / 255]) });
      } else if (value.kind === 'dimension') {
        const px = pixelsOf(value);
        if (px !== undefined) lengths.push({ key: token.key, mode, text: formatCssValue(value), same: px });
      }
    }
  }
  return { colors, lengths };
});

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

/** What `find_token_for_value` answers. */
export interface FindTokenAnswer {
  readonly designSystem: string;
  readonly query: SoughtValue;
  readonly exact: readonly ExactMatch[];
  readonly nearest: Readonly<Record<string, readonly NearMatch[]>>;
}

/**
 * `find_token_for_value`: the tokens whose value is exactly the one sought (a color by its hex, alpha included; a
 * length by its size in px, rem × 16) with the modes where it is, and per mode the `limit` nearest (colors by CIEDE2000
 * on their sRGB color, alpha aside; lengths by the difference in px), nearest first, then in key order.
 * @example findTokenForValue(acme, { kind: 'color', hex: '#2563EB' }, 1) // { exact: [{ key: 'color.brand.primary', modes: ['light'] }, ...], nearest: { light: [{ key: 'color.brand.primary', value: '#2563EB', deltaE: 0 }], dark: [...] } }
 */
export function findTokenForValue(system: CompiledDesignSystem, query: SoughtValue, limit: number): FindTokenAnswer {
  const { colors, lengths } = candidatesOf(system);
  const target = query.kind === 'color' ? toColor(query.hex) : undefined;
  const candidates = query.kind === 'color' ? colors : lengths;
  const same = query.kind === 'color' ? query.hex : query.px;
  const exact = new Map<string, string[]>();
  const byMode = new Map<string, { readonly match: NearMatch; readonly distance: number }[]>(system.modes.map(({ name }) => [name, []]));
  for (const candidate of candidates) {
    if (candidate.same === same) {
      const modes = exact.get(candidate.key);
      if (modes === undefined) exact.set(candidate.key, [candidate.mode]);
      else modes.push(candidate.mode);
    }
    const distance =
      target !== undefined && candidate.color !== undefined
        ? candidate.color.deltaE2000(target)
        : Math.abs((candidate.same as number) - (same as number));
    const rounded = Math.round(distance * 100) / 100;
    const match =
      target === undefined
        ? { key: candidate.key, value: candidate.text, difference: rounded }
        : { key: candidate.key, value: candidate.text, deltaE: rounded };
    byMode.get(candidate.mode)?.push({ match, distance });
  }
  const nearest: Record<string, NearMatch[]> = {};
  for (const [mode, matches] of byMode) {
    matches.sort((a, b) => a.distance - b.distance || (a.match.key < b.match.key ? -1 : 1));
    nearest[mode] = matches.slice(0, limit).map(({ match }) => match);
  }
  return {
    designSystem: system.meta.slug,
    query,
    exact: [...exact].map(([key, modes]) => ({ key, modes })),
    nearest,
  };
}

function toColor(hex: string): Color {
  const channel = (index: number): number => parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16) / 255;
  return new Color('srgb', [channel(0), channel(1), channel(2)]);
}
