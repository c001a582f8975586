import { parseColor } from '../values/parse-color.js';
import { isRecord } from '../narrow-unknown.js';
import { parseDimension, parseDuration, parseFontWeight, referenceOf } from '../values/parse-values.js';
import { readCssKeywords } from '../values/css-keywords.js';
import { isNone } from './read-token-draft.js';
import { isLengthType } from './value-rules.js';
import type { Located, ValueFields } from '../yaml/source-entries.js';
import { cubicBezierOf, fontFamilyOf, lengthValueOf, numberValueOf } from './typed-values.js';
import type {
  ColorValue,
  CubicBezierValue,
  Dimension,
  DimensionUnit,
  DimensionValue,
  DurationValue,
  FontFamilyValue,
  KeywordsValue,
  KeywordValue,
  LengthsValue,
  NumberValue,
  Rgba,
  SourcePosition,
  StrokeStyleValue,
  TokenType,
  TypedValue,
} from '../types.js';

/** A part of a composite: its literal value, or the token it refers to (`{a.b}`) and where that is written. */
export type PartDraft<Value extends TypedValue> =
  { readonly ref: undefined; readonly value: Value } | { readonly ref: string; readonly pos: SourcePosition };

/** A value that is another token's (`ref`); a color's `alpha` beside it replaces the alpha of the color it names. */
export interface RefDraft {
  readonly kind: 'ref';
  readonly key: string;
  readonly pos: SourcePosition;
  readonly alpha: number | undefined;
}
/** A value that is a primitive's (`primitive`). */
export interface PrimitiveRefDraft {
  readonly kind: 'primitive';
  readonly name: string;
  readonly pos: SourcePosition;
}
/** A shadow, border or gradient written `value: none`. */
export interface NoneDraft {
  readonly kind: 'none';
}
/** A color on a scale: the mode's color of `step` in `scale`, with `alpha` when given. */
export interface ScaleColorDraft {
  readonly kind: 'scaleColor';
  readonly scale: Located<string>;
  readonly step: Located<number>;
  readonly alpha: number | undefined;
}
/** A literal `color`, with `alpha` when given. */
export interface LiteralColorDraft {
  readonly kind: 'literalColor';
  readonly color: Rgba;
  readonly alpha: number | undefined;
}
/**
 * A value written in one field (`value`, with a length's `unit`), read: a length, a multiplier, a keyword or a
 * spacing's list; a weight, an opacity, a z-index; a duration, an easing, a font stack, a boolean, a stroke style.
 */
export interface LiteralDraft {
  readonly kind: 'literal';
  readonly value:
    | DimensionValue
    | NumberValue
    | KeywordValue
    | LengthsValue
    | DurationValue
    | CubicBezierValue
    | FontFamilyValue
    | Extract<TypedValue, { readonly kind: 'boolean' }>
    | StrokeStyleValue
    | KeywordsValue;
}
/** The spec's one-layer shadow in a color token's color, that color's alpha times `opacity`; lengths in px. */
export interface ColorTokenShadowDraft {
  readonly kind: 'colorTokenShadow';
  readonly colorToken: Located<string>;
  readonly x: number;
  readonly y: number;
  readonly blur: number;
  readonly spread: number;
  readonly opacity: number;
}
/** One layer of a shadow written with `layers`: its color a literal or a reference, `opacity` over it when given. */
export interface LayerDraft {
  readonly x: Dimension;
  readonly y: Dimension;
  readonly blur: Dimension;
  readonly spread: Dimension;
  readonly color: PartDraft<ColorValue>;
  readonly opacity: number | undefined;
  readonly inset: boolean;
}
/** A shadow written with `layers` (their references written at `pos`, the field). */
export interface LayersShadowDraft {
  readonly kind: 'layersShadow';
  readonly pos: SourcePosition;
  readonly layers: readonly LayerDraft[];
}
/** A typography's parts; an optional part left out is undefined. */
export interface TypographyDraft {
  readonly kind: 'typography';
  readonly fontFamily: PartDraft<FontFamilyValue> | undefined;
  readonly fontSize: PartDraft<DimensionValue>;
  readonly fontWeight: PartDraft<NumberValue> | undefined;
  readonly lineHeight: PartDraft<NumberValue | DimensionValue> | undefined;
  readonly letterSpacing: PartDraft<DimensionValue>;
}
export interface BorderDraft {
  readonly kind: 'border';
  readonly width: PartDraft<DimensionValue>;
  readonly style: PartDraft<StrokeStyleValue>;
  readonly color: PartDraft<ColorValue>;
}
export interface TransitionDraft {
  readonly kind: 'transition';
  readonly duration: PartDraft<DurationValue>;
  readonly delay: PartDraft<DurationValue>;
  readonly timingFunction: PartDraft<CubicBezierValue>;
}
/** A gradient's angle and stops (their references written at `pos`, the field). */
export interface GradientDraft {
  readonly kind: 'gradient';
  readonly angle: number;
  readonly pos: SourcePosition;
  readonly stops: readonly { readonly color: PartDraft<ColorValue>; readonly position: number }[];
}

/**
 * A token's value in one mode, checked and read into what its kind holds: the stage between the field checks and
 * the resolver, which reads it without looking fields up by name.
 */
export type ValueDraft =
  | RefDraft
  | PrimitiveRefDraft
  | NoneDraft
  | ScaleColorDraft
  | LiteralColorDraft
  | LiteralDraft
  | ColorTokenShadowDraft
  | LayersShadowDraft
  | TypographyDraft
  | BorderDraft
  | TransitionDraft
  | GradientDraft;

/**
 * The draft of a value of `type` from its complete, checked fields (a mode's, defaults filled in). The checks have
 * made sure of every field's shape: a field that is not what its check passed is a bug in them, and throws.
 */
export function readValueDraft(type: TokenType, fields: ValueFields): ValueDraft {
  const ref = fields['ref'];
  if (ref !== undefined) return { kind: 'ref', key: textOf(ref, 'ref'), pos: ref.pos, alpha: optionalNumber(fields, 'alpha') };
  if (isNone(type, fields)) return { kind: 'none' };
  const primitive = fields['primitive'];
  if (primitive !== undefined) return { kind: 'primitive', name: textOf(primitive, 'primitive'), pos: primitive.pos };
  const value = fields['value']?.value;
  if (isLengthType(type)) return literal(checked(lengthValueOf(value, fields['unit']?.value), type));
  switch (type) {
    case 'color': {
      const alpha = optionalNumber(fields, 'alpha');
      const written = fields['color'];
      if (written !== undefined) return { kind: 'literalColor', color: checked(parseColor(written.value), 'color'), alpha };
      return { kind: 'scaleColor', scale: located(fields, 'scale', textOf), step: located(fields, 'step', numberOf), alpha };
    }
    case 'font.weight':
    case 'opacity':
    case 'z-index':
      return literal(numberValueOf(numberOf(fields['value'], type)));
    case 'duration':
      return literal({ kind: 'duration', value: numberOf(fields['value'], type), unit: 'ms' });
    case 'easing':
      return literal(checked(cubicBezierOf(value), type));
    case 'font.family':
      return literal(fontFamilyOf(textOf(fields['value'], type)));
    case 'boolean':
      return literal({ kind: 'boolean', value: typeof value === 'boolean' ? value : unchecked(type) });
    case 'strokeStyle':
      return literal({ kind: 'strokeStyle', style: textOf(fields['value'], type) });
    case 'keyword':
      return literal(keywordsOf(textOf(fields['value'], type)));
    case 'shadow':
      return fields['layers'] === undefined ? colorTokenShadow(fields) : layersShadow(located(fields, 'layers', listOf));
    case 'typography':
      return {
        kind: 'typography',
        fontFamily: optionalPart(fields, 'fontFamily', (raw) => fontFamilyOf(textOf({ value: raw }, 'fontFamily'))),
        fontSize: part(fields, 'fontSize', (raw) => dimensionOf(raw, ['px', 'rem', 'em', '%'], 'px')),
        fontWeight: optionalPart(fields, 'fontWeight', (raw) => numberValueOf(checked(parseFontWeight(raw), 'fontWeight'))),
        lineHeight: optionalPart(fields, 'lineHeight', (raw) =>
          typeof raw === 'number' ? numberValueOf(raw) : dimensionOf(raw, ['px', 'rem', 'em', '%'], null),
        ),
        letterSpacing: part(fields, 'letterSpacing', (raw) => dimensionOf(raw, ['px', 'em', 'rem'], null)),
      };
    case 'border':
      return {
        kind: 'border',
        width: part(fields, 'width', (raw) => dimensionOf(raw, ['px', 'rem', 'em'], 'px')),
        style: part(fields, 'style', (raw) => ({ kind: 'strokeStyle', style: textOf({ value: raw }, 'style') })),
        color: part(fields, 'color', literalColor),
      };
    case 'transition':
      return {
        kind: 'transition',
        duration: part(fields, 'duration', durationOf),
        delay: part(fields, 'delay', durationOf),
        timingFunction: part(fields, 'timingFunction', (raw) => checked(cubicBezierOf(raw), 'timingFunction')),
      };
    case 'gradient': {
      const stops = located(fields, 'stops', listOf);
      return {
        kind: 'gradient',
        angle: numberOf(fields['angle'], 'angle'),
        pos: stops.pos,
        stops: stops.value.map((stop) => {
          const item = recordOf(stop);
          return { color: partOf(item['color'], stops.pos, literalColor), position: numberOf({ value: item['position'] }, 'position') };
        }),
      };
    }
  }
}

/** A field its check passed that is not what the check promised: a bug in the checks, never a designer's mistake. */
function unchecked(what: string): never {
  throw new Error(`internal error: \`${what}\` passed its check but is not what the check promised`);
}

const literal = (value: LiteralDraft['value']): LiteralDraft => ({ kind: 'literal', value });

function keywordsOf(value: string): KeywordsValue {
  const read = readCssKeywords(value);
  return 'text' in read ? { kind: 'keywords', text: read.text } : unchecked('keyword');
}

const checked = <Value>(value: Value | undefined, what: string): Value => (value === undefined ? unchecked(what) : value);

function textOf(field: { readonly value: unknown } | undefined, what: string): string {
  const value = field?.value;
  return typeof value === 'string' ? value : unchecked(what);
}

function numberOf(field: { readonly value: unknown } | undefined, what: string): number {
  const value = field?.value;
  return typeof value === 'number' ? value : unchecked(what);
}

function listOf(field: { readonly value: unknown } | undefined, what: string): readonly unknown[] {
  const value = field?.value;
  return isList(value) ? value : unchecked(what);
}

const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);

function recordOf(value: unknown): Readonly<Record<string, unknown>> {
  return isRecord(value) ? value : unchecked('item');
}

const optionalNumber = (fields: ValueFields, name: string): number | undefined =>
  fields[name] === undefined ? undefined : numberOf(fields[name], name);

/** Field `name` read by `read`, with its place. */
function located<Value>(fields: ValueFields, name: string, read: (field: Located | undefined, what: string) => Value): Located<Value> {
  const field = fields[name];
  return { value: read(field, name), pos: field === undefined ? unchecked(name) : field.pos };
}

/** A part written at `pos`: a `{token.key}` reference, or its literal read by `literal`. */
function partOf<Value extends TypedValue>(raw: unknown, pos: SourcePosition, literal: (raw: unknown) => Value): PartDraft<Value> {
  const target = referenceOf(raw);
  return target === undefined ? { ref: undefined, value: literal(raw) } : { ref: target, pos };
}

function part<Value extends TypedValue>(fields: ValueFields, name: string, literal: (raw: unknown) => Value): PartDraft<Value> {
  const field = fields[name];
  return field === undefined ? unchecked(name) : partOf(field.value, field.pos, literal);
}

function optionalPart<Value extends TypedValue>(
  fields: ValueFields,
  name: string,
  literal: (raw: unknown) => Value,
): PartDraft<Value> | undefined {
  return fields[name] === undefined ? undefined : part(fields, name, literal);
}

function colorTokenShadow(fields: ValueFields): ColorTokenShadowDraft {
  const number = (name: string): number => numberOf(fields[name], name);
  return {
    kind: 'colorTokenShadow',
    colorToken: located(fields, 'colorToken', textOf),
    x: number('x'),
    y: number('y'),
    blur: number('blur'),
    spread: number('spread'),
    opacity: number('opacity'),
  };
}

function layersShadow(layers: Located<readonly unknown[]>): LayersShadowDraft {
  const length = (raw: unknown): Dimension => checked(parseDimension(raw, ['px', 'rem', 'em'], 'px'), 'layers');
  return {
    kind: 'layersShadow',
    pos: layers.pos,
    layers: layers.value.map((layer) => {
      const item = recordOf(layer);
      const opacity = item['opacity'];
      return {
        x: length(item['x']),
        y: length(item['y']),
        blur: length(item['blur']),
        spread: length(item['spread']),
        color: partOf(item['color'], layers.pos, literalColor),
        opacity: opacity === undefined ? undefined : numberOf({ value: opacity }, 'opacity'),
        inset: item['inset'] === true,
      };
    }),
  };
}

const dimensionOf = (raw: unknown, units: readonly DimensionUnit[], bareUnit: DimensionUnit | null): DimensionValue => ({
  kind: 'dimension',
  ...checked(parseDimension(raw, units, bareUnit), 'length'),
});
const literalColor = (raw: unknown): ColorValue => ({ kind: 'color', color: checked(parseColor(raw), 'color') });
const durationOf = (raw: unknown): DurationValue => ({ kind: 'duration', value: checked(parseDuration(raw), 'duration'), unit: 'ms' });
