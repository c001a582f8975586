import { parseCssShadow, parseFontFamilies } from './parse-css-shadow.js';
import { sameRgba } from './parse-color.js';
import { DIMENSION_UNITS } from './types.js';
import type {
  CubicBezierValue,
  Dimension,
  DimensionUnit,
  DimensionValue,
  FontFamilyValue,
  KeywordValue,
  GradientStop,
  Primitive,
  PrimitiveType,
  ShadowLayer,
  TokenType,
  TypedValue,
} from './types.js';
import { parseDimension } from './parse-values.js';
import { parseCubicBezier } from './value-rules.js';

const LENGTH_UNITS: ReadonlySet<string> = new Set(DIMENSION_UNITS);

/** A number in `unit`: a length when the unit is one (`px`, `rem`, `vw`, ...), a bare number otherwise (a multiplier). */
const numberIn = (value: number, unit: unknown): TypedValue =>
  typeof unit === 'string' && LENGTH_UNITS.has(unit)
    ? { kind: 'dimension', value, unit: unit as DimensionUnit }
    : { kind: 'number', value };

/** The typed value of a primitive, by its type: numbers with their unit, strings read into their structure. */
export function typedValueOfPrimitive(type: PrimitiveType, primitive: Primitive): TypedValue {
  const { value } = primitive;
  if (typeof value === 'string') return typedValueOfText(type, value);
  return type === 'duration' ? { kind: 'duration', value, unit: 'ms' } : numberIn(value, primitive.unit);
}

function typedValueOfText(type: TokenType, text: string): TypedValue {
  switch (type) {
    case 'font.family':
      return fontFamilyOf(text);
    case 'easing':
      return cubicBezierOf(text);
    default:
      return { kind: 'shadow', layers: parseCssShadow(text) ?? null, text };
  }
}

/** A font stack as written, with its families. */
export const fontFamilyOf = (text: string): FontFamilyValue => ({ kind: 'fontFamily', families: parseFontFamilies(text), text });

/** A checked easing (an expression, a keyword or four numbers) with the text CSS takes. */
export function cubicBezierOf(written: unknown): CubicBezierValue {
  const points = parseCubicBezier(written) as [number, number, number, number];
  const text = typeof written === 'string' ? written : `cubic-bezier(${points.join(', ')})`;
  return { kind: 'cubicBezier', points, text };
}

/** The typed value of a token written inline (checked fields), for every type that is not a color, shadow or composite. */
export function typedValueOfFields(type: TokenType, fields: Readonly<Record<string, unknown>>): TypedValue {
  const raw = fields['value'];
  switch (type) {
    case 'duration':
      return { kind: 'duration', value: raw as number, unit: 'ms' };
    case 'boolean':
      return { kind: 'boolean', value: raw as boolean };
    case 'font.family':
      return fontFamilyOf(raw as string);
    case 'easing':
      return cubicBezierOf(raw);
    case 'strokeStyle':
      return { kind: 'strokeStyle', style: raw as string };
    default:
      // A checked length `value`: a number in `unit`, a keyword (`auto`), or a spacing's list of values.
      if (typeof raw === 'string') return { kind: 'keyword', keyword: raw };
      if (Array.isArray(raw)) return { kind: 'lengths', values: raw.map((item: unknown) => lengthItemOf(item, fields['unit'])) };
      return numberIn(raw as number, fields['unit']);
  }
}

/** One checked value of a spacing list: a number in `unit`, a length as text, or `auto`. */
function lengthItemOf(item: unknown, unit: unknown): DimensionValue | KeywordValue {
  if (typeof item === 'number') return { kind: 'dimension', value: item, unit: unit as DimensionUnit };
  const length = parseDimension(item, DIMENSION_UNITS, null);
  return length === undefined ? { kind: 'keyword', keyword: item as string } : { kind: 'dimension', ...length };
}

/** Whether two typed values are the same value (the content hash, `/diff` and the store compare with this). */
export function sameTypedValue(a: TypedValue, b: TypedValue): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case 'color':
      return b.kind === 'color' && sameRgba(a.color, b.color);
    case 'dimension':
    case 'duration':
      return b.kind === a.kind && a.value === b.value && a.unit === b.unit;
    case 'number':
    case 'boolean':
      return b.kind === a.kind && a.value === b.value;
    case 'fontFamily':
    case 'cubicBezier':
      return b.kind === a.kind && a.text === b.text;
    case 'shadow':
      return b.kind === 'shadow' && a.text === b.text && sameLayers(a.layers, b.layers);
    case 'strokeStyle':
      return b.kind === 'strokeStyle' && a.style === b.style;
    case 'keyword':
      return b.kind === 'keyword' && a.keyword === b.keyword;
    case 'lengths':
      return (
        b.kind === 'lengths' &&
        a.values.length === b.values.length &&
        a.values.every((item, index) => sameTypedValue(item, b.values[index] as TypedValue))
      );
    case 'typography':
      return (
        b.kind === 'typography' &&
        sameTypedValue(a.fontFamily, b.fontFamily) &&
        sameTypedValue(a.fontSize, b.fontSize) &&
        sameTypedValue(a.fontWeight, b.fontWeight) &&
        sameTypedValue(a.lineHeight, b.lineHeight) &&
        sameTypedValue(a.letterSpacing, b.letterSpacing) &&
        (a.omitted ?? []).join() === (b.omitted ?? []).join()
      );
    case 'border':
      return (
        b.kind === 'border' && sameTypedValue(a.width, b.width) && sameTypedValue(a.style, b.style) && sameTypedValue(a.color, b.color)
      );
    case 'transition':
      return (
        b.kind === 'transition' &&
        sameTypedValue(a.duration, b.duration) &&
        sameTypedValue(a.delay, b.delay) &&
        sameTypedValue(a.timingFunction, b.timingFunction)
      );
    case 'gradient':
      return b.kind === 'gradient' && a.angle === b.angle && sameStops(a.stops, b.stops);
  }
}

function sameStops(a: readonly GradientStop[], b: readonly GradientStop[]): boolean {
  return a.length === b.length && a.every((stop, index) => stop.position === b[index]?.position && sameRgba(stop.color, b[index].color));
}

function sameLayers(a: readonly ShadowLayer[] | null, b: readonly ShadowLayer[] | null): boolean {
  if (a === null || b === null) return a === b;
  const sameDimension = (x: Dimension, y: Dimension): boolean => x.value === y.value && x.unit === y.unit;
  return (
    a.length === b.length &&
    a.every((layer, index) => {
      const other = b[index] as ShadowLayer;
      return (
        layer.inset === other.inset &&
        sameRgba(layer.color, other.color) &&
        sameDimension(layer.offsetX, other.offsetX) &&
        sameDimension(layer.offsetY, other.offsetY) &&
        sameDimension(layer.blur, other.blur) &&
        sameDimension(layer.spread, other.spread)
      );
    })
  );
}
