import { itemAt } from '../../compile/checked-access.js';
import { parseColor } from '../../compile/values/parse-color.js';
import { srgbText } from '../css-color.js';
import { sameClamp } from '../css-fluid.js';

/** How a build's value compares with ours: equal, equal once `rem` is taken as 16px, or different. */
export type ValueComparison = 'equal' | 'equal-rem' | 'differ';

/** One part of a CSS value: a color (8-bit RGBA), a number with its unit, a comma, or other text. */
type Component =
  | { readonly kind: 'color'; readonly bytes: readonly number[] }
  | { readonly kind: 'number'; readonly value: number; readonly unit: string }
  | { readonly kind: 'comma' }
  | { readonly kind: 'text'; readonly text: string; readonly raw: string };

/** CSS text split at top-level spaces, commas and slashes (each its own part); functions and quoted names stay whole. */
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
    else if (depth === 0 && (char === ',' || char === '/')) {
      // `1rem / 1.5` and `1rem/1.5` (a font shorthand's size and line height) are the same parts.
      flush();
      parts.push(char);
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
  if (number !== null) return { kind: 'number', value: Number.parseFloat(itemAt(number, 1)), unit: itemAt(number, 2).toLowerCase() };
  const weight = WEIGHT_WORDS[part.toLowerCase()];
  if (weight !== undefined) return { kind: 'number', value: weight, unit: '' };
  const bytes = colorBytes(part);
  if (bytes !== undefined) return { kind: 'color', bytes };
  return {
    kind: 'text',
    raw: part,
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

/** The parts of `components` between top-level commas (a shadow's layers, a gradient's stops). */
function segments(components: readonly Component[]): Component[][] {
  const out: Component[][] = [[]];
  for (const component of components) {
    if (component.kind === 'comma') out.push([]);
    else out.at(-1)?.push(component);
  }
  return out;
}

const joinSegments = (parts: readonly Component[][]): Component[] =>
  parts.flatMap((part, index) => (index === 0 ? part : [{ kind: 'comma' } as const, ...part]));

const isZeroLength = (component: Component | undefined): boolean =>
  component?.kind === 'number' && component.value === 0 && component.unit !== '%';

/**
 * A shadow layer (lengths beside a color) without a blur or spread of zero after its two offsets: CSS takes a
 * missing one as 0 (`0px 0px 5px 0px #000` is `0px 0px 5px #000`).
 */
function withoutZeroShadowLengths(components: Component[]): Component[] {
  return joinSegments(
    segments(components).map((layer) => {
      if (!layer.some((component) => component.kind === 'color')) return layer;
      const start = layer.findIndex((component) => component.kind === 'number');
      let end = start;
      while (end >= 0 && layer[end]?.kind === 'number') end += 1;
      if (start < 0 || end - start < 3) return layer;
      let keep = end;
      while (keep - start > 2 && isZeroLength(layer[keep - 1])) keep -= 1;
      return [...layer.slice(0, keep), ...layer.slice(end)];
    }),
  );
}

/** A gradient's arguments without the first stop's `0%` and the last stop's `100%`, the positions CSS gives them. */
function withoutDefaultStopPositions(components: Component[]): Component[] {
  const parts = segments(components);
  const stops = parts.flatMap((part, index) => (part[0]?.kind === 'color' ? [index] : []));
  const [first, last] = [stops[0], stops.at(-1)];
  const dropLast = (index: number | undefined, value: number): void => {
    const part = index === undefined ? undefined : parts[index];
    const position = part?.at(-1);
    if (part !== undefined && part.length === 2 && position?.kind === 'number' && position.unit === '%' && position.value === value)
      part.pop();
  };
  if (first !== last) {
    dropLast(first, 0);
    dropLast(last, 100);
  }
  return joinSegments(parts);
}

const BORDER_STYLES: ReadonlySet<string> = new Set([
  'none',
  'hidden',
  'dotted',
  'dashed',
  'solid',
  'double',
  'groove',
  'ridge',
  'inset',
  'outset',
]);

/**
 * A border shorthand (a width, a style and a color, in any order: `solid 1px #767676` is `1px solid #767676`) as its
 * width, style and color; any other value as it is.
 */
function inBorderOrder(components: Component[]): Component[] {
  if (components.length !== 3) return components;
  const width = components.find((component) => component.kind === 'number');
  const style = components.find((component) => component.kind === 'text' && BORDER_STYLES.has(component.text.toLowerCase()));
  const color = components.find((component) => component.kind === 'color');
  return width !== undefined && style !== undefined && color !== undefined ? [width, style, color] : components;
}

/** `name(inner)` split into its name and inner text, for a function that is not a color (`linear-gradient(...)`). */
const FUNCTION = /^([a-z-]+)\(([\s\S]*)\)$/i;

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
  const a = inBorderOrder(withoutZeroShadowLengths(withoutTrailingZeros(splitComponents(build).map(componentOf))));
  const b = inBorderOrder(withoutZeroShadowLengths(withoutTrailingZeros(splitComponents(ours).map(componentOf))));
  if (a.length !== b.length) return unquoted(build) === unquoted(ours) ? 'equal' : 'differ';
  let result: ValueComparison = 'equal';
  for (let index = 0; index < a.length; index += 1) {
    const [x, y] = [itemAt(a, index), itemAt(b, index)];
    if (x.kind !== y.kind) return 'differ';
    if (x.kind === 'color' && y.kind === 'color' && x.bytes.some((value, at) => value !== y.bytes[at])) return 'differ';
    if (x.kind === 'text' && y.kind === 'text' && x.text !== y.text) {
      const same = compareFunctions(x.raw, y.raw);
      if (same === 'differ') return 'differ';
      if (same === 'equal-rem') result = 'equal-rem';
    }
    if (x.kind === 'number' && y.kind === 'number') {
      const same = compareNumbers(x, y);
      if (same === 'differ') return 'differ';
      if (same === 'equal-rem') result = 'equal-rem';
    }
  }
  return result;
}

/**
 * Two parts that are calls of the same function (`linear-gradient(...)`), compared by their arguments (colors,
 * lengths and a gradient's stops by meaning); anything else differs.
 */
function compareFunctions(build: string, ours: string): ValueComparison {
  const [x, y] = [FUNCTION.exec(build), FUNCTION.exec(ours)];
  if (x === null || y === null) return 'differ';
  const name = itemAt(x, 1).toLowerCase();
  if (name !== itemAt(y, 1).toLowerCase()) return 'differ';
  const [argumentsX, argumentsY] = [itemAt(x, 2), itemAt(y, 2)];
  if (name === 'clamp') {
    // A fluid length: the same length at every viewport width, whatever its coefficients' rounding and units.
    const same = sameClamp(build, ours);
    const unitOf = (text: string): string | undefined => /^\s*-?[\d.]+([a-z]*)/i.exec(text)?.[1];
    if (same !== undefined) return !same ? 'differ' : unitOf(argumentsX) === unitOf(argumentsY) ? 'equal' : 'equal-rem';
  }
  if (!name.endsWith('gradient')) return compareCssValues(argumentsX, argumentsY);
  const stops = (inner: string): string =>
    withoutDefaultStopPositions(splitComponents(inner).map(componentOf))
      .map((component) => componentText(component))
      .join(' ');
  return compareCssValues(stops(argumentsX), stops(argumentsY));
}

/** A component as CSS text again (a color as `#RRGGBBAA`), to compare a function's normalized arguments. */
function componentText(component: Component): string {
  if (component.kind === 'comma') return ',';
  if (component.kind === 'number') return `${component.value}${component.unit}`;
  if (component.kind === 'color') return `#${component.bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  return component.text;
}
