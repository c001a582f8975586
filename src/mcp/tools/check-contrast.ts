import Color from 'colorjs.io';
import type { CompiledDesignSystem, Rgba } from '../../compile/types.js';
import { compositeOver } from '../../views/api/contrast.js';
import { formatHex } from '../../views/shared/css-values.js';
import { schemeOf } from '../../views/shared/mode-values.js';
import { tokensByKey } from '../token-index.js';
import { readSoughtValue } from './find-token-for-value.js';

const WHITE: Rgba = { red: 255, green: 255, blue: 255, alpha: 1 };
const BLACK: Rgba = { red: 0, green: 0, blue: 0, alpha: 1 };

/** One side of the check: a color token's key, or a color as hex. */
export type ContrastSide = { readonly token: string } | { readonly color: Rgba };

/** The contrast of two colors in one mode: both as they are seen (opaque hex), the WCAG 2.1 ratio, and each level it meets. */
export interface ContrastInMode {
  readonly foreground: string;
  readonly background: string;
  /** Rounded to 2 decimals, as `GET /design-systems/<id>/contrast` rounds it. */
  readonly ratio: number;
  /** Normal text, AA: 4.5. */
  readonly AA: boolean;
  /** Large text (or a UI part), AA: 3. */
  readonly AALarge: boolean;
  readonly AAA: boolean;
  readonly AAALarge: boolean;
}

export interface CheckContrastAnswer {
  readonly designSystem: string;
  readonly modes: Readonly<Record<string, ContrastInMode>>;
}

/**
 * What a `check_contrast` argument names: a color token (`{ token }`), a color (`{ color }`), or a message saying why
 * it is neither. A token that is not a color in every mode is refused.
 */
export function readContrastSide(system: CompiledDesignSystem, name: string, text: string): ContrastSide | string {
  const token = tokensByKey(system).get(text);
  if (token !== undefined) {
    if (system.modes.some(({ name: mode }) => (token.resolved[mode] ?? token.resolved.light).kind !== 'color'))
      return `\`${name}\` names \`${text}\`, a ${token.type} token: a color token or a hex color is needed.`;
    return { token: text };
  }
  const value = readSoughtValue(text);
  if (value?.kind === 'color') return { color: rgbaOfHex(value.hex) };
  return `\`${name}\` must be a color token of design system \`${system.meta.slug}\` or a hex color (\`#RRGGBB\`), got "${text}".`;
}

/**
 * `check_contrast`: the WCAG 2.1 contrast ratio of a foreground over a background in every mode, seen as the contrast
 * check of declared pairs sees them (views/api/contrast.ts): the background over the declared `surface` token (itself over
 * white, or black in a dark-scheme mode), or over white or black; the foreground over that.
 * @example checkContrast(acme, { color: black }, { color: white }).modes.light // { foreground: '#000000', background: '#FFFFFF', ratio: 21, AA: true, ... }
 */
export function checkContrast(system: CompiledDesignSystem, foreground: ContrastSide, background: ContrastSide): CheckContrastAnswer {
  const surfaceKey = system.contrast?.surface ?? null;
  const modes: Record<string, ContrastInMode> = {};
  for (const { name: mode } of system.modes) {
    const base = schemeOf(system, mode) === 'dark' ? BLACK : WHITE;
    const surface = surfaceKey === null ? undefined : colorIn(system, { token: surfaceKey }, mode);
    const under = surface === undefined ? base : compositeOver(surface, base);
    const back = compositeOver(colorIn(system, background, mode) ?? under, under);
    const front = compositeOver(colorIn(system, foreground, mode) ?? back, back);
    const ratio = Math.round(Color.contrastWCAG21(toColor(front), toColor(back)) * 100) / 100;
    modes[mode] = {
      foreground: formatHex(rounded(front)),
      background: formatHex(rounded(back)),
      ratio,
      AA: ratio >= 4.5,
      AALarge: ratio >= 3,
      AAA: ratio >= 7,
      AAALarge: ratio >= 4.5,
    };
  }
  return { designSystem: system.meta.slug, modes };
}

function colorIn(system: CompiledDesignSystem, side: ContrastSide, mode: string): Rgba | undefined {
  if ('color' in side) return side.color;
  const token = tokensByKey(system).get(side.token);
  const value = token === undefined ? undefined : (token.resolved[mode] ?? token.resolved.light);
  return value?.kind === 'color' ? value.color : undefined;
}

function toColor(color: Rgba): Color {
  return new Color('srgb', [color.red / 255, color.green / 255, color.blue / 255]);
}

function rounded(color: Rgba): Rgba {
  return { red: Math.round(color.red), green: Math.round(color.green), blue: Math.round(color.blue), alpha: 1 };
}

function rgbaOfHex(hex: string): Rgba {
  const channel = (index: number): number => parseInt(hex.slice(1 + index * 2, 3 + index * 2), 16);
  return { red: channel(0), green: channel(1), blue: channel(2), alpha: hex.length === 9 ? channel(3) / 255 : 1 };
}
