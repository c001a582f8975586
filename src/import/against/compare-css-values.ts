import { parseColor } from '../../compile/values/parse-color.js';
import { srgbText } from '../css-color.js';

/** How a build's value compares with ours: equal, equal once `rem` is taken as 16px, or different. */
export type ValueComparison = 'equal' | 'equal-rem' | 'differ';

/** One part of a CSS value: a color (8-bit RGBA), a number with its unit, a comma, or other text. */
type Component =
  | { readonly kind: 'color'; readonly bytes: readonly number[] }
  | { readonly kind: 'number'; readonly value: number; readonly unit: string }
  | { readonly kind: 'comma' }
  | { readonly kind: 'text'; readonly text: string };

/** CSS text split at top-level spaces and commas (a comma is its own part); functions and quoted names stay whole. */
function splitComponents(text: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let quote = '';
  const flush = (): void => {
    if (current !== '') parts.push(current);
    current = '';
  };
  for (const char of text.trim().replace(/;$/, '')) {
    if (quote !== '') {
      current += char;
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
      current += char;
    } else if (char === '(' || char === ')') {
      depth += char === '(' ? 1 : -1;
      current += char;
    } else if (depth === 0 && /\s/.test(char)) flush();
    else if (depth === 0 && char === ',') {
      flush();
      parts.push(',');
    } else current += char;
  }
  flush();
  return parts;
}

const NUMBER = /^(-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?)([a-z%]*)$/i;
/** CSS font weight keywords as numbers (a weight compares by meaning). */
const WEIGHT_WORDS: Readonly<Record<string, number>> = { normal: 400, bold: 700 };

/** A color as 8-bit RGBA, read by our own color parser (any CSS color in sRGB; others to their nearest sRGB color). */
function colorBytes(text: string): number[] | undefined {
  const color = parseColor(text) ?? (/^[a-z-]+\(|^[a-z]+$/i.test(text) ? parseColor(srgbText(text) ?? '') : undefined);
  if (color === undefined) return undefined;
  return [color.red, color.green, color.blue, Math.round(color.alpha * 255)];
}

function componentOf(part: string): Component {
  if (part === ',') return { kind: 'comma' };
  const number = NUMBER.exec(part);
  if (number !== null) return { kind: 'number', value: Number.parseFloat(number[1] as string), unit: (number[2] as string).toLowerCase() };
  const weight = WEIGHT_WORDS[part.toLowerCase()];
  if (weight !== undefined) return { kind: 'number', value: weight, unit: '' };
  const bytes = colorBytes(part);
  if (bytes !== undefined) return { kind: 'color', bytes };
  return {
    kind: 'text',
    text: part
      .replace(/^["']|["']$/g, '')
      .replace(/\s+/g, ' ')
      // Inside a function (`cubic-bezier(0.4,0,1,1)`), spaces around commas and parentheses do not count.
      .replace(/\s*([(),/])\s*/g, '$1')
      .toLowerCase(),
  };
}

const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-4 * Math.max(1, Math.abs(a), Math.abs(b));
const MILLISECONDS: Readonly<Record<string, number>> = { ms: 1, s: 1000 };

function compareNumbers(a: { value: number; unit: string }, b: { value: number; unit: string }): ValueComparison {
  if (a.unit === b.unit) return close(a.value, b.value) ? 'equal' : 'differ';
  if (a.value === 0 && b.value === 0) return 'equal';
  // An opacity or line height written as a percentage (`30%`) is the number (`0.3`).
  if ((a.unit === '%' && b.unit === '') || (a.unit === '' && b.unit === '%')) {
    return close(a.unit === '%' ? a.value / 100 : a.value, b.unit === '%' ? b.value / 100 : b.value) ? 'equal' : 'differ';
  }
  const msA = MILLISECONDS[a.unit];
  const msB = MILLISECONDS[b.unit];
  if (msA !== undefined && msB !== undefined) return close(a.value * msA, b.value * msB) ? 'equal' : 'differ';
  const px = (n: { value: number; unit: string }): number | undefined =>
    n.unit === 'px' ? n.value : n.unit === 'rem' ? n.value * 16 : undefined;
  const [pxA, pxB] = [px(a), px(b)];
  return pxA !== undefined && pxB !== undefined && close(pxA, pxB) ? 'equal-rem' : 'differ';
}

/** Components without a last zero time (`0ms`, `0s`): a transition's delay that CSS takes as 0 when left out. */
const withoutTrailingZeros = (components: Component[]): Component[] => {
  const last = components.at(-1);
  return last?.kind === 'number' && last.value === 0 && (last.unit === 'ms' || last.unit === 's') ? components.slice(0, -1) : components;
};

/** A font stack or other text without quotes, spaces after commas and case: what a stack means. */
const unquoted = (text: string): string =>
  text
    .replace(/["']/g, '')
    .replace(/\s*,\s*/g, ',')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/**
 * Compares a value of a system's own build with ours, both as CSS text, by meaning: colors as 8-bit RGBA (any
 * notation), numbers by value with `ms`/`s` and `%`/unitless converted, px and rem at 16px (`equal-rem`), font weights
 * `normal`/`bold` as 400/700, font stacks without their quotes, functions without their spaces.
 * @example compareCssValues('1.125rem', '18px') // 'equal-rem'
 */
export function compareCssValues(build: string, ours: string): ValueComparison {
  if (build.trim() === ours.trim()) return 'equal';
  // A transition's delay `0ms` (and a shadow's spread `0px`) at the end is what CSS takes when it is not written.
  const a = withoutTrailingZeros(splitComponents(build).map(componentOf));
  const b = withoutTrailingZeros(splitComponents(ours).map(componentOf));
  if (a.length !== b.length) return unquoted(build) === unquoted(ours) ? 'equal' : 'differ';
  let result: ValueComparison = 'equal';
  for (let index = 0; index < a.length; index += 1) {
    const [x, y] = [a[index] as Component, b[index] as Component];
    if (x.kind !== y.kind) return 'differ';
    if (x.kind === 'color' && x.bytes.some((value, at) => value !== (y as { bytes: readonly number[] }).bytes[at])) return 'differ';
    if (x.kind === 'text' && x.text !== (y as { text: string }).text) return 'differ';
    if (x.kind === 'number') {
      const same = compareNumbers(x, y as { value: number; unit: string });
      if (same === 'differ') return 'differ';
      if (same === 'equal-rem') result = 'equal-rem';
    }
  }
  return result;
}
