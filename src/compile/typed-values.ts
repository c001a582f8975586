import { parseCssShadow, parseFontFamilies } from './parse-css-shadow.js';
import type { Dimension, Primitive, TokenType, TypedValue } from './types.js';
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
  if (a.kind !== b.kind) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
