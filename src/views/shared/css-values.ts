import { findCssBreakout } from '../../compile/values/css-text.js';
import { FLUID_PX_PER_REM, pxOf } from '../../compile/values/parse-fluid.js';
import type { CompiledDesignSystem, Dimension, FluidLength, GradientStop, Rgba, ShadowLayer, TypedValue } from '../../compile/types.js';
import { perSystemAndKey } from './system-memo.js';
import { itemAt } from '../../compile/checked-access.js';

/**
 * A number as CSS (and every export) accepts it: never in exponent notation, which `String()` uses below 1e-6 and
 * from 1e21 on (`1e-7px` is not a length).
 * @example formatCssNumber(0.0000001) // '0.0000001'
 */
export function formatCssNumber(value: number): string {
  const text = String(value);
  // `String()` writes an exponent with a lowercase `e` only.
  return text.includes('e') ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : text;
}

/** `00` to `FF`, by byte. */
const HEX_BYTES: readonly string[] = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0').toUpperCase());
const hexByte = (byte: number): string => itemAt(HEX_BYTES, byte);

/** The alpha of a color as the byte `#RRGGBBAA` writes. */
export function alphaByte(alpha: number): number {
  return Math.round(alpha * 255);
}

/**
 * A color as hex: `#RRGGBB` when opaque, `#RRGGBBAA` when not.
 * @example formatHex({ red: 37, green: 99, blue: 235, alpha: 0.5 }) // '#2563EB80'
 */
export function formatHex(color: Rgba): string {
  const rgb = `#${hexByte(color.red)}${hexByte(color.green)}${hexByte(color.blue)}`;
  return color.alpha === 1 ? rgb : `${rgb}${hexByte(alphaByte(color.alpha))}`;
}

const formatDimension = (dimension: Dimension): string => `${formatCssNumber(dimension.value)}${dimension.unit}`;

/** A number rounded to 4 decimals, as CSS: the coefficients of a fluid length. */
const formatCoefficient = (value: number): string => formatCssNumber(Math.round(value * 10000) / 10000 + 0);

/**
 * A fluid length as CSS: `clamp()` of its two ends (the smaller first) around the line through them, its intercept in
 * the unit of `min` (a rem taken as 16px) plus its slope in `vw`.
 * @example formatFluid({ min: 16px, max: 24px, from: 320px, to: 1280px }) // 'clamp(16px, 13.3333px + 0.8333vw, 24px)'
 */
export function formatFluid(fluid: FluidLength): string {
  const { slope, intercept } = fluidLine(fluid);
  const unit = fluid.min.unit;
  const base = unit === 'rem' ? intercept / FLUID_PX_PER_REM : intercept;
  const [lower, upper] = pxOf(fluid.min) <= pxOf(fluid.max) ? [fluid.min, fluid.max] : [fluid.max, fluid.min];
  const vw = slope * 100;
  const sign = vw < 0 ? '-' : '+';
  return `clamp(${formatDimension(lower)}, ${formatCoefficient(base)}${unit} ${sign} ${formatCoefficient(Math.abs(vw))}vw, ${formatDimension(upper)})`;
}

/** The line of a fluid length in px: its value at viewport width `w` px is `intercept + slope × w` between its widths. */
export function fluidLine(fluid: FluidLength): { readonly slope: number; readonly intercept: number } {
  const slope = (pxOf(fluid.max) - pxOf(fluid.min)) / (pxOf(fluid.to) - pxOf(fluid.from));
  return { slope, intercept: pxOf(fluid.min) - slope * pxOf(fluid.from) };
}

/** What a shadow layer's CSS has before its color: `inset` when it is one, and the four lengths, each followed by a space. */
export function formatShadowLengths(layer: ShadowLayer): string {
  const lengths = [layer.offsetX, layer.offsetY, layer.blur, layer.spread].map(formatDimension).join(' ');
  return `${layer.inset ? 'inset ' : ''}${lengths} `;
}

/** A shadow layer's color as CSS: `rgba()`. */
export function formatShadowColor(layer: ShadowLayer): string {
  const { red, green, blue, alpha } = layer.color;
  return `rgba(${red}, ${green}, ${blue}, ${formatCssNumber(alpha)})`;
}

/** One shadow layer as CSS: lengths, then the color as `rgba()`. */
const formatShadowLayer = (layer: ShadowLayer): string => `${formatShadowLengths(layer)}${formatShadowColor(layer)}`;

/**
 * A typed value as CSS text: colors as hex, numbers with their unit, durations in `ms`, and what a designer wrote as
 * text (font stacks, easings, shadow primitives) as written when it cannot leave its value (the compiler refuses
 * anything else; should something reach here anyway, a font stack is written as quoted, escaped names and a shadow
 * as its layers or `none`).
 * @example formatCssValue({ kind: 'dimension', value: 16, unit: 'px' }) // '16px'
 */
export function formatCssValue(value: TypedValue): string {
  let text = formatted.get(value);
  if (text === undefined) {
    text = formatUncached(value);
    formatted.set(value, text);
  }
  return text;
}

/**
 * Each token's {@link formatCssValue} in `mode` (its light value's where the mode sets none), by token index. Why: the
 * CSS, Tailwind, SCSS and Less exports and the JavaScript literals write the same texts; listed once per compiled
 * system and mode, each reads its token's by index instead of looking the value up again.
 * @example cssTextsOf(system, 'dark')[0] // '#4493F8'
 */
export const cssTextsOf: (system: CompiledDesignSystem, mode: string) => readonly string[] = perSystemAndKey((system, mode) => {
  const light = mode === 'light' ? undefined : cssTextsOf(system, 'light');
  const texts: string[] = [];
  const { tokens } = system;
  for (let index = 0; index < tokens.length; index += 1) {
    const { resolved } = itemAt(tokens, index);
    const value = resolved[mode] ?? resolved.light;
    // Most tokens keep their light value in other modes (the same object): its text is listed already.
    texts.push(light !== undefined && value === resolved.light ? itemAt(light, index) : formatCssValue(value));
  }
  return texts;
});

// Values are immutable and shared (tokens on one scale step hold one color object), so each is formatted once.
const formatted = new WeakMap<TypedValue, string>();

function formatUncached(value: TypedValue): string {
  switch (value.kind) {
    case 'color':
      return formatHex(value.color);
    case 'dimension':
      return value.fluid === undefined ? formatDimension(value) : formatFluid(value.fluid);
    case 'duration':
      return `${formatCssNumber(value.value)}${value.unit}`;
    case 'number':
      return formatCssNumber(value.value);
    case 'fontFamily':
      return isCssSafe(value.text) ? value.text : value.families.map(quoteCssString).join(', ');
    case 'cubicBezier':
      return value.text;
    case 'shadow':
      if (value.text !== null && isCssSafe(value.text)) return value.text;
      return value.layers === null ? 'none' : value.layers.map(formatShadowLayer).join(', ');
    case 'boolean':
      return String(value.value);
    case 'strokeStyle':
      return value.style;
    case 'keyword':
      return value.keyword;
    case 'keywords':
      return isCssSafe(value.text) ? value.text : quoteCssString(value.text);
    case 'lengths':
      return value.values.map(formatCssValue).join(' ');
    case 'typography':
      return formatFont(value, formatCssValue);
    case 'border':
      return `${formatCssValue(value.width)} ${value.style.style} ${formatCssValue(value.color)}`;
    case 'transition':
      return `${formatCssValue(value.duration)} ${formatCssValue(value.timingFunction)} ${formatCssValue(value.delay)}`;
    case 'gradient':
      return `linear-gradient(${formatCssNumber(value.angle)}deg, ${value.stops.map((stop) => formatStop(stop)).join(', ')})`;
  }
}

// What a designer wrote is written as written when nothing in it can leave the value (the compiler refuses anything
// else); whatever reaches a writer otherwise is written so that it cannot either.
const isCssSafe = (text: string): boolean => findCssBreakout(text, 'value') === undefined;

/** A CSS string of `text` with every character but letters, digits, spaces, `-`, `_` and non-ASCII escaped. */
const quoteCssString = (text: string): string =>
  `"${text.replace(/[^A-Za-z0-9 _\-\u0080-\uffff]/g, (char) => `\\${char.charCodeAt(0).toString(16)} `)}"`;

/** A gradient stop as CSS, its color as hex or as `color` (a `var()`), its position in percent. */
export const formatStop = (stop: GradientStop, color = formatHex(stop.color)): string =>
  `${color} ${formatCssNumber(Math.round(stop.position * 1e6) / 1e4)}%`;

type Typography = Extract<TypedValue, { kind: 'typography' }>;

/** The parts of a typography value, each a CSS property of its own, by the name of its part. */
export const TYPOGRAPHY_PARTS = ['fontFamily', 'fontSize', 'fontWeight', 'lineHeight', 'letterSpacing'] as const;

/**
 * The CSS `font` shorthand of a typography value (`<weight> <size>/<line-height> <family>`; letter spacing has no
 * place in it), each part written by `part` (its CSS value, or a `var()` of the token it refers to).
 * @example formatFont(heading, formatCssValue) // '600 24px/1.25 Inter, sans-serif'
 */
export function formatFont(value: Typography, part: (value: TypedValue, name: (typeof TYPOGRAPHY_PARTS)[number]) => string): string {
  // A weight or line height the token leaves out is left out here too: the shorthand then sets it to `normal`.
  const omitted = value.omitted ?? [];
  const weight = omitted.includes('fontWeight') ? '' : `${part(value.fontWeight, 'fontWeight')} `;
  const lineHeight = omitted.includes('lineHeight') ? '' : `/${part(value.lineHeight, 'lineHeight')}`;
  return `${weight}${part(value.fontSize, 'fontSize')}${lineHeight} ${part(value.fontFamily, 'fontFamily')}`;
}

/**
 * One part of a typography value as the CSS property of its own (and the TypeScript and Tailwind exports) write it:
 * `normal` for a weight or line height the token leaves out, the part's CSS value otherwise (a family left out is
 * `sans-serif`, as in the shorthand).
 * @example formatTypographyPart(caption, 'fontWeight') // 'normal'
 */
export function formatTypographyPart(value: Typography, part: (typeof TYPOGRAPHY_PARTS)[number]): string {
  return part !== 'fontFamily' && (value.omitted as readonly string[] | undefined)?.includes(part) === true
    ? 'normal'
    : formatCssValue(value[part]);
}
