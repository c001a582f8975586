import type {
  ContrastChecks,
  ContrastDeclaration,
  ContrastKind,
  ContrastLevel,
  Dimension,
  DimensionValue,
  ModeDefinition,
  Rgba,
  Token,
  TypedValue,
} from '../types.js';

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

/** The ratio WCAG 2.2 asks of a pair of `kind` at `level`. */
export function requiredRatio(kind: ContrastKind, level: ContrastLevel): number {
  return REQUIRED[kind][level];
}

/**
 * Every pair of `declaration` checked in every mode against WCAG 2.2, as flat lists (pair × modes + mode). The
 * background is composited over the mode's surface (the `surface` token, itself over the scheme's default, or opaque
 * white in a light-scheme mode and black in a dark one), then the foreground over that background.
 */
export function checkContrast(
  tokens: readonly Token[],
  modes: readonly ModeDefinition[],
  declaration: ContrastDeclaration,
): ContrastChecks {
  const byKey = new Map(tokens.map((token) => [token.key, token]));
  const surfaceToken = declaration.surface === null ? undefined : byKey.get(declaration.surface);
  const surfaces = modes.map((mode) => {
    const base = schemeOfMode(modes, mode.name) === 'dark' ? BLACK : WHITE;
    const surface = colorIn(surfaceToken, mode.name);
    return surface === undefined ? base : compositeOver(surface, base);
  });
  const colors = new ColorCache();
  const ratios: number[] = [];
  const apca: number[] = [];
  const kinds: ContrastKind[] = [];
  for (const pair of declaration.pairs) {
    const foreground = byKey.get(pair.foreground);
    const background = byKey.get(pair.background);
    const typography = pair.typography === null ? undefined : byKey.get(pair.typography);
    modes.forEach(({ name: mode }, index) => {
      const fg = colorIn(foreground, mode);
      const bg = colorIn(background, mode);
      const kind = typography === undefined ? pair.kind : isLargeText(typography.resolved[mode]) ? 'large-text' : 'text';
      kinds.push(kind);
      if (fg === undefined || bg === undefined) {
        ratios.push(NaN);
        apca.push(NaN);
        return;
      }
      const seenBackground = compositeOver(bg, surfaces[index] ?? WHITE);
      const seenForeground = compositeOver(fg, seenBackground);
      const front = colors.get(seenForeground);
      const back = colors.get(seenBackground);
      ratios.push(contrastRatio(front.luminance, back.luminance));
      apca.push(apcaContrast(back.apcaLuminance, front.apcaLuminance));
    });
  }
  return { ratios, apca, kinds, smallFontSizes: checkFontSizes(tokens, modes, declaration.minFontSize) };
}

/**
 * Every font size below `minimum` (`token × modes + mode`), in token then mode order: `font.size` and `typography`
 * tokens, and `dimension` tokens where a typography takes its `fontSize` from them. Sizes in em, % or viewport units
 * have no size of their own and are not compared.
 */
function checkFontSizes(tokens: readonly Token[], modes: readonly ModeDefinition[], minimum: Dimension | null): number[] {
  const least = minimum === null ? undefined : pixelsOf(minimum);
  if (least === undefined) return [];
  // Dimension tokens a typography takes its size from, per mode: they are font sizes there.
  const usedAsFontSize = new Set<string>();
  for (const token of tokens) {
    if (token.type !== 'typography') continue;
    for (const [mode, references] of Object.entries(token.references ?? {})) {
      const target = references.parts?.['fontSize'];
      if (target !== undefined) usedAsFontSize.add(`${target}\u0000${mode}`);
    }
  }
  const small: number[] = [];
  tokens.forEach((token, index) => {
    if (token.type !== 'font.size' && token.type !== 'typography' && token.type !== 'dimension') return;
    modes.forEach(({ name: mode }, modeIndex) => {
      if (token.type === 'dimension' && !usedAsFontSize.has(`${token.key}\u0000${mode}`)) return;
      const size = fontSizeOf(token.resolved[mode]);
      const px = size === undefined ? undefined : pixelsOf(size);
      if (px !== undefined && px < least) small.push(index * modes.length + modeIndex);
    });
  });
  return small;
}

/** The font size of a length or a typography. */
export function fontSizeOf(value: TypedValue | undefined): DimensionValue | undefined {
  if (value?.kind === 'dimension') return value;
  if (value?.kind === 'typography') return value.fontSize;
  return undefined;
}

/** The light-dark scheme a mode ends in: `light`, `dark`, or the root its chain of bases reaches. */
export function schemeOfMode(modes: readonly ModeDefinition[], mode: string): 'light' | 'dark' {
  let current = modes.find((candidate) => candidate.name === mode);
  while (current !== undefined && current.name !== 'light' && current.name !== 'dark') {
    const base = current.base;
    current = modes.find((candidate) => candidate.name === base);
  }
  return current?.name === 'dark' ? 'dark' : 'light';
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

/** Each distinct color of one check measured once (tokens share colors): its WCAG luminance and its APCA luminance. */
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
      const [r, g, b] = [red / 255, green / 255, blue / 255];
      found = { luminance: relativeLuminance(r, g, b), apcaLuminance: apcaLuminance(r, g, b) };
      this.#byValue.set(key, found);
    }
    this.#byObject.set(rgba, found);
    return found;
  }
}

interface MeasuredColor {
  readonly luminance: number;
  readonly apcaLuminance: number;
}

// colorjs.io's sRGB to XYZ (D65) row for Y, and APCA 0.0.98G's constants, as colorjs.io writes them: the same
// operations in the same order give the same numbers, bit for bit (test/compile/contrast-formulas.test.ts), at a
// fraction of the cost of a `Color` object and its conversions per color and pair.
const Y_FROM_LINEAR_SRGB = [0.21263900587151027, 0.715168678767756, 0.07219231536073371] as const;
const APCA = {
  normBG: 0.56,
  normTXT: 0.57,
  revTXT: 0.62,
  revBG: 0.65,
  blkThrs: 0.022,
  blkClmp: 1.414,
  loClip: 0.1,
  deltaYmin: 0.0005,
  scale: 1.14,
  offset: 0.027,
} as const;

/** colorjs.io's `luminance` of an sRGB color (channels 0-1): Y of XYZ D65. */
export function relativeLuminance(r: number, g: number, b: number): number {
  const [yr, yg, yb] = Y_FROM_LINEAR_SRGB;
  let y = 0;
  y += yr * toLinear(r);
  y += yg * toLinear(g);
  y += yb * toLinear(b);
  return y;
}

function toLinear(value: number): number {
  const sign = value < 0 ? -1 : 1;
  const abs = value * sign;
  if (abs <= 0.04045) return value / 12.92;
  return sign * ((abs + 0.055) / 1.055) ** 2.4;
}

/** APCA's screen luminance of an sRGB color (channels 0-1), as colorjs.io's `contrastAPCA` computes it. */
export function apcaLuminance(r: number, g: number, b: number): number {
  const linearize = (value: number): number => (value < 0 ? -1 : 1) * Math.pow(Math.abs(value), 2.4);
  return linearize(r) * 0.2126729 + linearize(g) * 0.7151522 + linearize(b) * 0.072175;
}

/** colorjs.io's `contrastAPCA(background, foreground)` from the two colors' APCA luminances: Lc, advice only. */
export function apcaContrast(backgroundLuminance: number, textLuminance: number): number {
  const clamp = (y: number): number => (y >= APCA.blkThrs ? y : y + (APCA.blkThrs - y) ** APCA.blkClmp);
  const text = clamp(textLuminance);
  const background = clamp(backgroundLuminance);
  let contrast: number;
  if (Math.abs(background - text) < APCA.deltaYmin) contrast = 0;
  else if (background > text) contrast = (background ** APCA.normBG - text ** APCA.normTXT) * APCA.scale;
  else contrast = (background ** APCA.revBG - text ** APCA.revTXT) * APCA.scale;
  let lc: number;
  if (Math.abs(contrast) < APCA.loClip) lc = 0;
  else if (contrast > 0) lc = contrast - APCA.offset;
  else lc = contrast + APCA.offset;
  return lc * 100;
}

/** colorjs.io's `contrastWCAG21` from the two luminances it computes: (lighter + 0.05) / (darker + 0.05). */
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
