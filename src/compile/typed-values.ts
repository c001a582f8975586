import { parseCssShadow, parseFontFamilies } from './parse-css-shadow.js';
import { sameRgba } from './parse-color.js';
import type { Dimension, Primitive, ShadowLayer, TokenType, TypedValue } from './types.js';
import { parseCubicBezier } from './value-rules.js';

/** The typed value of a primitive, by its type: numbers with their unit, strings read into their structure. */
export function typedValueOfPrimitive(type: Exclude<TokenType, 'color' | 'boolean'>, primitive: Primitive): TypedValue {
  const { value } = primitive;
  if (typeof value === 'string') return typedValueOfText(type, value);
  switch (type) {
    case 'spacing':
    case 'radius':
    case 'font.size':
    case 'font.letterSpacing':
      return { kind: 'dimension', value, unit: primitive.unit as Dimension['unit'] };
    case 'duration':
      return { kind: 'duration', value, unit: 'ms' };
    default:
      return { kind: 'number', value };
  }
}

function typedValueOfText(type: TokenType, text: string): TypedValue {
  switch (type) {
    case 'font.family':
      return { kind: 'fontFamily', families: parseFontFamilies(text), text };
    case 'easing':
      return { kind: 'cubicBezier', points: parseCubicBezier(text) as [number, number, number, number], text };
    default:
      return { kind: 'shadow', layers: parseCssShadow(text) ?? null, text };
  }
}

/** The typed value of a token written inline (checked fields), for every type but colors and shadows. */
export function typedValueOfFields(type: Exclude<TokenType, 'color' | 'shadow'>, fields: Readonly<Record<string, unknown>>): TypedValue {
  const raw = fields['value'];
  switch (type) {
    case 'spacing':
    case 'radius':
    case 'font.size':
    case 'font.letterSpacing':
      return { kind: 'dimension', value: raw as number, unit: fields['unit'] as Dimension['unit'] };
    case 'duration':
      return { kind: 'duration', value: raw as number, unit: 'ms' };
    case 'boolean':
      return { kind: 'boolean', value: raw as boolean };
    case 'font.family':
    case 'easing':
      return typedValueOfText(type, raw as string);
    default:
      return { kind: 'number', value: raw as number };
  }
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
  }
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
