import { parseCssShadow, parseFontFamilies } from '../values/parse-css-shadow.js';
import { sameRgba } from '../values/parse-color.js';
import { DIMENSION_UNITS } from '../types.js';
import type {
  CubicBezierValue,
  Dimension,
  DimensionUnit,
  DimensionValue,
  FluidLength,
  FontFamilyValue,
  KeywordValue,
  LengthsValue,
  NumberValue,
  GradientStop,
  Primitive,
  PrimitiveType,
  ShadowLayer,
  TypedValue,
} from '../types.js';
import { parseDimension } from '../values/parse-values.js';
import { isFluidWritten, parseFluid } from '../values/parse-fluid.js';
import { isLengthType, parseCubicBezier } from './value-rules.js';

const LENGTH_UNITS: ReadonlySet<string> = new Set(DIMENSION_UNITS);

const isDimensionUnit = (unit: unknown): unit is DimensionUnit => typeof unit === 'string' && LENGTH_UNITS.has(unit);

/** A bare number (a multiplier, a weight, an opacity, a z-index). */
export const numberValueOf = (value: number): NumberValue => ({ kind: 'number', value });

/** A number in `unit`: a length when the unit is one (`px`, `rem`, `vw`, ...), a bare number otherwise (a multiplier). */
const numberIn = (value: number, unit: unknown): DimensionValue | NumberValue =>
  isDimensionUnit(unit) ? { kind: 'dimension', value, unit } : numberValueOf(value);

/**
 * The typed value of a primitive, by its type: numbers with their unit, strings read into their structure (a font
 * stack, an easing, a shadow's CSS text).
 */
export function typedValueOfPrimitive(type: PrimitiveType, primitive: Primitive): TypedValue {
  const { value, unit } = primitive;
  if (isLengthType(type)) return numberIn(Number(value), unit);
  switch (type) {
    case 'font.family':
      return fontFamilyOf(String(value));
    case 'easing':
      // Its check took an expression, a keyword or four numbers: each is an easing.
      return cubicBezierOf(value) ?? { kind: 'keyword', keyword: String(value) };
    case 'shadow': {
      const text = String(value);
      return { kind: 'shadow', layers: parseCssShadow(text) ?? null, text };
    }
    case 'duration':
      return { kind: 'duration', value: Number(value), unit: 'ms' };
    case 'font.weight':
    case 'opacity':
    case 'z-index':
      return numberIn(Number(value), unit);
  }
}

/** A font stack as written, with its families. */
export const fontFamilyOf = (text: string): FontFamilyValue => ({ kind: 'fontFamily', families: parseFontFamilies(text), text });

/** An easing (an expression, a keyword or four numbers) with the text CSS takes; undefined when it is none. */
export function cubicBezierOf(written: unknown): CubicBezierValue | undefined {
  const points = parseCubicBezier(written);
  if (points === undefined) return undefined;
  const text = typeof written === 'string' ? written : `cubic-bezier(${points.join(', ')})`;
  return { kind: 'cubicBezier', points, text };
}

/**
 * The checked `value` of a length type in `unit`: a number in `unit`, a keyword (`auto`), or a spacing's list of
 * values; undefined when it is none of them.
 */
export function lengthValueOf(value: unknown, unit: unknown): DimensionValue | NumberValue | KeywordValue | LengthsValue | undefined {
  if (typeof value === 'string') return { kind: 'keyword', keyword: value };
  if (isList(value)) return { kind: 'lengths', values: value.map((item) => lengthItemOf(item, unit)) };
  if (isFluidWritten(value)) {
    const fluid = parseFluid(value, isDimensionUnit(unit) ? unit : 'px');
    return fluid === undefined ? undefined : { kind: 'dimension', value: fluid.min.value, unit: fluid.min.unit, fluid };
  }
  return typeof value === 'number' ? numberIn(value, unit) : undefined;
}

const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);

/**
 * The typed value of a primitive type's value written inline (checked fields: `value`, with a length's `unit`), to
 * compare with a primitive's; a value its checks would refuse is kept as a keyword of its text.
 */
export function typedValueOfFields(type: PrimitiveType, fields: Readonly<Record<string, unknown>>): TypedValue {
  const raw = fields['value'];
  const asWritten: TypedValue = { kind: 'keyword', keyword: String(raw) };
  if (isLengthType(type)) return lengthValueOf(raw, fields['unit']) ?? asWritten;
  switch (type) {
    case 'duration':
      return typeof raw === 'number' ? { kind: 'duration', value: raw, unit: 'ms' } : asWritten;
    case 'font.family':
      return typeof raw === 'string' ? fontFamilyOf(raw) : asWritten;
    case 'easing':
      return cubicBezierOf(raw) ?? asWritten;
    case 'font.weight':
    case 'opacity':
    case 'z-index':
      return typeof raw === 'number' ? numberValueOf(raw) : asWritten;
    case 'shadow':
      // A shadow's fields are its layers, not one value: the importer compares those itself.
      return asWritten;
  }
}

/** One checked value of a spacing list: a number in `unit` (`px` without one), a length as text, or `auto`. */
function lengthItemOf(item: unknown, unit: unknown): DimensionValue | KeywordValue {
  if (typeof item === 'number') return { kind: 'dimension', value: item, unit: isDimensionUnit(unit) ? unit : 'px' };
  const length = parseDimension(item, DIMENSION_UNITS, null);
  return length === undefined ? { kind: 'keyword', keyword: String(item) } : { kind: 'dimension', ...length };
}

/**
 * Whether two typed values are the same value and print the same: the store, the mode views and the importer compare
 * with this, since the exports print a font stack, an easing or a shadow primitive as written.
 */
export function sameTypedValue(a: TypedValue, b: TypedValue): boolean {
  return compareTypedValues(a, b, 'text');
}

/**
 * Whether two typed values are the same value by structure, whatever their text: `ease` and
 * `cubic-bezier(0.25, 0.1, 0.25, 1)` are the same easing, `Inter, sans-serif` and `'Inter',sans-serif` the same font
 * stack (`/diff` compares with this).
 */
export function sameValueByStructure(a: TypedValue, b: TypedValue): boolean {
  return compareTypedValues(a, b, 'structure');
}

/** How {@link compareTypedValues} compares what a designer wrote as text: by that text too, or by its structure alone. */
type Comparison = 'text' | 'structure';

function compareTypedValues(a: TypedValue, b: TypedValue, by: Comparison): boolean {
  if (a === b) return true;
  const same = (x: TypedValue, y: TypedValue): boolean => compareTypedValues(x, y, by);
  switch (a.kind) {
    case 'color':
      return b.kind === 'color' && sameRgba(a.color, b.color);
    case 'dimension':
      return b.kind === 'dimension' && a.value === b.value && a.unit === b.unit && sameFluid(a.fluid, b.fluid);
    case 'duration':
      return b.kind === a.kind && a.value === b.value && a.unit === b.unit;
    case 'number':
    case 'boolean':
      return b.kind === a.kind && a.value === b.value;
    case 'fontFamily':
      return b.kind === 'fontFamily' && (by === 'text' ? a.text === b.text : sameStrings(a.families, b.families));
    case 'cubicBezier':
      return b.kind === 'cubicBezier' && (by === 'text' ? a.text === b.text : sameStrings(a.points, b.points));
    case 'shadow':
      return (
        b.kind === 'shadow' &&
        (by === 'text' || a.layers === null || b.layers === null ? a.text === b.text : true) &&
        sameLayers(a.layers, b.layers)
      );
    case 'strokeStyle':
      return b.kind === 'strokeStyle' && a.style === b.style;
    case 'keywords':
      return b.kind === 'keywords' && a.text === b.text;
    case 'keyword':
      return b.kind === 'keyword' && a.keyword === b.keyword;
    case 'lengths':
      return (
        b.kind === 'lengths' && a.values.length === b.values.length && a.values.every((item, index) => sameAt(item, b.values, index, same))
      );
    case 'typography':
      return (
        b.kind === 'typography' &&
        same(a.fontFamily, b.fontFamily) &&
        same(a.fontSize, b.fontSize) &&
        same(a.fontWeight, b.fontWeight) &&
        same(a.lineHeight, b.lineHeight) &&
        same(a.letterSpacing, b.letterSpacing) &&
        (a.omitted ?? []).join() === (b.omitted ?? []).join()
      );
    case 'border':
      return b.kind === 'border' && same(a.width, b.width) && same(a.style, b.style) && same(a.color, b.color);
    case 'transition':
      return b.kind === 'transition' && same(a.duration, b.duration) && same(a.delay, b.delay) && same(a.timingFunction, b.timingFunction);
    case 'gradient':
      return b.kind === 'gradient' && a.angle === b.angle && sameStops(a.stops, b.stops);
  }
}

function sameFluid(a: FluidLength | undefined, b: FluidLength | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const same = (x: Dimension, y: Dimension): boolean => x.value === y.value && x.unit === y.unit;
  return same(a.min, b.min) && same(a.max, b.max) && same(a.from, b.from) && same(a.to, b.to);
}

/** Whether `list[index]` exists and is the same as `item`. */
function sameAt<Item>(item: Item, list: readonly Item[], index: number, same: (x: Item, y: Item) => boolean): boolean {
  const other = list[index];
  return other !== undefined && same(item, other);
}

const sameStrings = (a: readonly (string | number)[], b: readonly (string | number)[]): boolean =>
  a.length === b.length && a.every((item, index) => item === b[index]);

function sameStops(a: readonly GradientStop[], b: readonly GradientStop[]): boolean {
  return a.length === b.length && a.every((stop, index) => stop.position === b[index]?.position && sameRgba(stop.color, b[index].color));
}

function sameLayers(a: readonly ShadowLayer[] | null, b: readonly ShadowLayer[] | null): boolean {
  if (a === null || b === null) return a === b;
  const sameDimension = (x: Dimension, y: Dimension): boolean => x.value === y.value && x.unit === y.unit;
  return (
    a.length === b.length &&
    a.every((layer, index) =>
      sameAt(
        layer,
        b,
        index,
        (x, y) =>
          x.inset === y.inset &&
          sameRgba(x.color, y.color) &&
          sameDimension(x.offsetX, y.offsetX) &&
          sameDimension(x.offsetY, y.offsetY) &&
          sameDimension(x.blur, y.blur) &&
          sameDimension(x.spread, y.spread),
      ),
    )
  );
}
