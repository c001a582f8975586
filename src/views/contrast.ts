import Color from 'colorjs.io';
import type {
  CompiledDesignSystem,
  ContrastKind,
  ContrastLevel,
  ContrastPair,
  Dimension,
  DimensionValue,
  Rgba,
  Token,
  TypedValue,
} from '../compile/types.js';
import type { ApiContrast } from './api-answers.js';
import { schemeOf } from './mode-values.js';
import { perSystem } from './system-memo.js';

/** WCAG 2.2 minimum ratios: 1.4.3 (AA) and 1.4.6 (AAA) for text and large text, 1.4.11 for non-text (no AAA of its own). */
const REQUIRED: Readonly<Record<ContrastKind, Readonly<Record<ContrastLevel, number>>>> = {
  text: { AA: 4.5, AAA: 7 },
  'large-text': { AA: 3, AAA: 4.5 },
  'non-text': { AA: 3, AAA: 3 },
};
/** WCAG's large text: 18pt (24px), or 14pt (18.66px) and bold (700 or more). */
const LARGE_PX = 24;
const LARGE_BOLD_PX = 18.66;
const BOLD = 700;
/** What 1rem is taken as: the browsers' default root font size. */
const REM_PX = 16;

const WHITE: Rgba = { red: 255, green: 255, blue: 255, alpha: 1 };
const BLACK: Rgba = { red: 0, green: 0, blue: 0, alpha: 1 };

/** One pair in one mode: the WCAG ratio (unrounded), what it needs, whether it passes, and APCA Lc (advice only). */
export interface ContrastModeResult {
  readonly ratio: number;
  readonly required: number;
  readonly pass: boolean;
  /** APCA Lc of the text over its background (colorjs.io); negative for light text on a dark background. */
  readonly apca: number;
  /** What the pair counts as in this mode: its `kind`, or for a pair with a typography, `text` or `large-text` by its size. */
  readonly kind: ContrastKind;
}

/** One declared pair and its result in every mode, the modes in the design system's order. */
export interface ContrastResult {
  readonly pair: ContrastPair;
  readonly modes: Readonly<Record<string, ContrastModeResult>>;
}

/**
 * Every contrast pair the design system declares, checked in every mode against WCAG 2.2; computed once per compiled
 * design system (a frozen object that never changes) and kept while it lives. Empty when it declares none. The
 * background is composited over the mode's surface (the `surface` token, itself over the scheme's default, or opaque
 * white in a light-scheme mode and black in a dark one), then the foreground over that background.
 * @example contrastResults(system)[0] // { pair: { name: 'body', ... }, modes: { light: { ratio: 15.8, required: 4.5, pass: true, apca: 101.3, kind: 'text' }, ... } }
 */
export const contrastResults: (system: CompiledDesignSystem) => readonly ContrastResult[] = perSystem(checkPairs);

function checkPairs(system: CompiledDesignSystem): readonly ContrastResult[] {
  const declaration = system.contrast;
  if (declaration === undefined || declaration.pairs.length === 0) return [];
  const byKey = new Map(system.tokens.map((token) => [token.key, token]));
  const surfaceToken = declaration.surface === null ? undefined : byKey.get(declaration.surface);
  const surfaces = new Map(
    system.modes.map((mode) => {
      const base = schemeOf(system, mode.name) === 'dark' ? BLACK : WHITE;
      const surface = colorIn(surfaceToken, mode.name);
      return [mode.name, surface === undefined ? base : compositeOver(surface, base)];
    }),
  );
  const colors = new ColorCache();
  return declaration.pairs.map((pair) => {
    const foreground = byKey.get(pair.foreground);
    const background = byKey.get(pair.background);
    const typography = pair.typography === null ? undefined : byKey.get(pair.typography);
    const modes: Record<string, ContrastModeResult> = {};
    for (const { name: mode } of system.modes) {
      const fg = colorIn(foreground, mode);
      const bg = colorIn(background, mode);
      if (fg === undefined || bg === undefined) continue;
      const seenBackground = compositeOver(bg, surfaces.get(mode) ?? WHITE);
      const seenForeground = compositeOver(fg, seenBackground);
      const front = colors.get(seenForeground);
      const back = colors.get(seenBackground);
      const ratio = contrastRatio(front.luminance, back.luminance);
      const kind = typography === undefined ? pair.kind : isLargeText(typography.resolved[mode]) ? 'large-text' : 'text';
      const required = REQUIRED[kind][pair.level];
      modes[mode] = { ratio, required, pass: ratio >= required, apca: Color.contrastAPCA(back.color, front.color), kind };
    }
    return { pair, modes };
  });
}

/** A color token's color in `mode`; undefined when there is no such token or it is not a color there. */
function colorIn(token: Token | undefined, mode: string): Rgba | undefined {
  const value = token?.resolved[mode];
  return value?.kind === 'color' ? value.color : undefined;
}

/** `top` painted over the opaque `bottom` (source-over in sRGB, as browsers blend): an opaque color, channels unrounded. */
export function compositeOver(top: Rgba, bottom: Rgba): Rgba {
  const a = top.alpha;
  if (a >= 1) return top;
  const mix = (over: number, under: number): number => over * a + under * (1 - a);
  return { red: mix(top.red, bottom.red), green: mix(top.green, bottom.green), blue: mix(top.blue, bottom.blue), alpha: 1 };
}

/** colorjs.io colors and their relative luminance, made once per distinct color of one check (tokens share colors). */
class ColorCache {
  // By object first: a token's color in a mode is one frozen object, shared by every pair that names the token.
  readonly #byObject = new WeakMap<Rgba, MeasuredColor>();
  readonly #byValue = new Map<string, MeasuredColor>();

  get(rgba: Rgba): MeasuredColor {
    let found = this.#byObject.get(rgba);
    if (found !== undefined) return found;
    const { red, green, blue } = rgba;
    const key = `${red},${green},${blue}`;
    found = this.#byValue.get(key);
    if (found === undefined) {
      const color = new Color('srgb', [red / 255, green / 255, blue / 255]);
      found = { color, luminance: color.luminance };
      this.#byValue.set(key, found);
    }
    this.#byObject.set(rgba, found);
    return found;
  }
}

interface MeasuredColor {
  readonly color: Color;
  readonly luminance: number;
}

/** colorjs.io's `contrastWCAG21` from the two luminances it would compute: (lighter + 0.05) / (darker + 0.05). */
function contrastRatio(first: number, second: number): number {
  const a = Math.max(first, 0);
  const b = Math.max(second, 0);
  return a > b ? (a + 0.05) / (b + 0.05) : (b + 0.05) / (a + 0.05);
}

/** A length in px when it has one: px as is, rem × 16; undefined for em, %, viewport units (no size of their own). */
export function pixelsOf(length: Dimension): number | undefined {
  if (length.unit === 'px') return length.value;
  if (length.unit === 'rem') return length.value * REM_PX;
  return undefined;
}

/** Whether a typography is WCAG large text: 24px, or 18.66px and bold; a size in em or % is taken as not large. */
function isLargeText(value: TypedValue | undefined): boolean {
  if (value?.kind !== 'typography') return false;
  const px = pixelsOf(value.fontSize);
  if (px === undefined) return false;
  return px >= LARGE_PX || (px >= LARGE_BOLD_PX && value.fontWeight.value >= BOLD);
}

/** A font size below the declared minimum: the token, the mode, its size as it resolved and the minimum. */
export interface FontSizeFailure {
  readonly token: string;
  readonly mode: string;
  readonly size: Dimension;
  readonly minimum: Dimension;
}

/**
 * Every `font.size` and `typography` token (and every `dimension` a typography takes its `fontSize` from) whose size is
 * below the `contrast` section's `minFontSize`, per mode, in token key order then mode order; computed once per
 * compiled design system. Sizes in em, % or viewport units have no size of their own and are not compared.
 * @example fontSizeFailures(system) // [{ token: 'font.size.caption', mode: 'dark', size: { value: 11, unit: 'px' }, minimum: { value: 12, unit: 'px' } }]
 */
export const fontSizeFailures: (system: CompiledDesignSystem) => readonly FontSizeFailure[] = perSystem(checkFontSizes);

function checkFontSizes(system: CompiledDesignSystem): readonly FontSizeFailure[] {
  const minimum = system.contrast?.minFontSize ?? null;
  const least = minimum === null ? undefined : pixelsOf(minimum);
  if (minimum === null || least === undefined) return [];
  // Dimension tokens a typography takes its size from, per mode: they are font sizes there.
  const usedAsFontSize = new Set<string>();
  for (const token of system.tokens) {
    if (token.type !== 'typography') continue;
    for (const [mode, references] of Object.entries(token.references ?? {})) {
      const target = references.parts?.['fontSize'];
      if (target !== undefined) usedAsFontSize.add(`${target}\u0000${mode}`);
    }
  }
  const failures: FontSizeFailure[] = [];
  for (const token of system.tokens) {
    if (token.type !== 'font.size' && token.type !== 'typography' && token.type !== 'dimension') continue;
    for (const { name: mode } of system.modes) {
      if (token.type === 'dimension' && !usedAsFontSize.has(`${token.key}\u0000${mode}`)) continue;
      const size = fontSizeOf(token.resolved[mode]);
      const px = size === undefined ? undefined : pixelsOf(size);
      if (size !== undefined && px !== undefined && px < least) failures.push({ token: token.key, mode, size, minimum });
    }
  }
  return failures;
}

function fontSizeOf(value: TypedValue | undefined): DimensionValue | undefined {
  if (value?.kind === 'dimension') return value;
  if (value?.kind === 'typography') return value.fontSize;
  return undefined;
}

/**
 * The body of `GET /api/v1/design-systems/:id/contrast`.
 * @example renderContrast(system) // { data: { pairs: [{ name: 'body', foreground: 'color.fg.default', ..., modes: { light: { ratio: 15.8, required: 4.5, pass: true, apca: 101.3 } } }], minFontSize: '12px', fontSizes: [] } }
 */
export function renderContrast(system: CompiledDesignSystem): { data: ApiContrast } {
  const pairs = contrastResults(system).map(({ pair, modes }) => ({
    name: pair.name,
    foreground: pair.foreground,
    background: pair.background,
    kind: pair.kind,
    level: pair.level,
    severity: pair.severity,
    typography: pair.typography,
    modes: Object.fromEntries(
      Object.entries(modes).map(([mode, result]) => [
        mode,
        { ratio: round(result.ratio, 2), required: result.required, pass: result.pass, apca: round(result.apca, 1) },
      ]),
    ),
  }));
  const minimum = system.contrast?.minFontSize ?? null;
  const fontSizeAnswers = fontSizeFailures(system).map(({ token, mode, size }) => ({ token, mode, size: lengthText(size) }));
  return { data: { pairs, minFontSize: minimum === null ? null : lengthText(minimum), fontSizes: fontSizeAnswers } };
}

/** A length as text: `12px`, `0.75rem`. */
export function lengthText(length: Dimension): string {
  return `${length.value}${length.unit}`;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // `+ 0` turns -0 into 0.
  return Math.round(value * factor) / factor + 0;
}
