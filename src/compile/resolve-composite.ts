import { parseColor } from './parse-color.js';
import { parseDimension, parseDuration, parseFontWeight, referenceOf } from './parse-values.js';
import type { ValueFields } from './read-token-draft.js';
import type { Located } from './source-entries.js';
import { cubicBezierOf, fontFamilyOf } from './typed-values.js';
import { OPTIONAL_TYPOGRAPHY_PARTS } from './types.js';
import type {
  ColorValue,
  CubicBezierValue,
  Dimension,
  DimensionValue,
  DurationValue,
  FontFamilyValue,
  GradientStop,
  NumberValue,
  OptionalTypographyPart,
  ShadowLayer,
  SourcePosition,
  StrokeStyleValue,
  TokenType,
  TypedValue,
} from './types.js';

/**
 * The value of the token `targetKey` that a part at `path` refers to, in the mode being resolved; the target must be of
 * one of `types`. Undefined when it does not resolve (reported by the resolver).
 */
export type PartResolver = (
  path: string,
  targetKey: string,
  pos: SourcePosition,
  types: readonly TokenType[],
  /** False when the part changes the value it refers to (a shadow layer's `opacity`): no alias can then stand for it. */
  verbatim: boolean,
) => TypedValue | undefined;

/** The token types a part of each composite may refer to. */
export const PART_TYPES = {
  fontFamily: ['font.family'],
  fontSize: ['font.size', 'dimension'],
  fontWeight: ['font.weight'],
  lineHeight: ['font.lineHeight'],
  letterSpacing: ['font.letterSpacing', 'dimension'],
  width: ['dimension'],
  style: ['strokeStyle'],
  color: ['color'],
  duration: ['duration'],
  delay: ['duration'],
  timingFunction: ['easing'],
} as const satisfies Record<string, readonly TokenType[]>;

/**
 * The value of a composite token (typography, border, transition, gradient, a shadow written with `layers`) in one
 * mode, from its checked fields, each part literal or a reference resolved through `resolve`; undefined when a
 * reference does not resolve; `not-composite` for any other token.
 */
export function buildComposite(
  type: TokenType,
  fields: ValueFields,
  resolve: PartResolver,
  tokenPos: SourcePosition,
): TypedValue | undefined | 'not-composite' {
  const read = <Value extends TypedValue>(
    name: keyof typeof PART_TYPES,
    path: string,
    raw: unknown,
    pos: SourcePosition,
    literal: (raw: unknown) => Value,
    verbatim = true,
  ) => {
    const target = referenceOf(raw);
    if (target === undefined) return literal(raw);
    return resolve(path, target, pos, PART_TYPES[name], verbatim) as Value | undefined;
  };
  const part = <Value extends TypedValue>(name: keyof typeof PART_TYPES, literal: (raw: unknown) => Value): Value | undefined => {
    const field = fields[name] as Located;
    return read(name, name, field.value, field.pos, literal);
  };
  switch (type) {
    case 'typography': {
      const omitted = OPTIONAL_TYPOGRAPHY_PARTS.filter((name) => fields[name] === undefined);
      const optional = <Value extends TypedValue>(name: OptionalTypographyPart, literal: (raw: unknown) => Value): Value | undefined =>
        fields[name] === undefined ? (TYPOGRAPHY_DEFAULTS[name] as Value) : part(name, literal);
      const fontFamily = optional<FontFamilyValue>('fontFamily', (raw) => fontFamilyOf(raw as string));
      const fontSize = part<DimensionValue>('fontSize', (raw) => dimensionOf(raw, ['px', 'rem', 'em', '%'], 'px'));
      const fontWeight = optional<NumberValue>('fontWeight', (raw) => ({ kind: 'number', value: parseFontWeight(raw) as number }));
      const lineHeight = optional<NumberValue | DimensionValue>('lineHeight', (raw) =>
        typeof raw === 'number' ? { kind: 'number', value: raw } : dimensionOf(raw, ['px', 'rem', 'em', '%'], null),
      );
      const letterSpacing = part<DimensionValue>('letterSpacing', (raw) => dimensionOf(raw, ['px', 'em', 'rem'], null));
      if (!fontFamily || !fontSize || !fontWeight || !lineHeight || !letterSpacing) return undefined;
      const value = { kind: 'typography', fontFamily, fontSize, fontWeight, lineHeight, letterSpacing } as const;
      return omitted.length === 0 ? value : { ...value, omitted };
    }
    case 'border': {
      const width = part<DimensionValue>('width', (raw) => dimensionOf(raw, ['px', 'rem', 'em'], 'px'));
      const style = part<StrokeStyleValue>('style', (raw) => ({ kind: 'strokeStyle', style: raw as string }));
      const color = part<ColorValue>('color', literalColor);
      if (!width || !style || !color) return undefined;
      return { kind: 'border', width, style, color };
    }
    case 'transition': {
      const duration = part<DurationValue>('duration', durationOf);
      const delay = part<DurationValue>('delay', durationOf);
      const timingFunction = part<CubicBezierValue>('timingFunction', cubicBezierOf);
      if (!duration || !delay || !timingFunction) return undefined;
      return { kind: 'transition', duration, delay, timingFunction };
    }
    case 'gradient': {
      const field = fields['stops'] as Located;
      const stops: GradientStop[] = [];
      for (const [index, written] of (field.value as { color: unknown; position: number }[]).entries()) {
        const color = read<ColorValue>('color', `stops.${index}.color`, written.color, field.pos, literalColor);
        if (color === undefined) return undefined;
        stops.push({ color: color.color, position: written.position });
      }
      return { kind: 'gradient', angle: fields['angle']?.value as number, stops };
    }
    case 'shadow': {
      const field = fields['layers'];
      if (field === undefined) return 'not-composite';
      const layers: ShadowLayer[] = [];
      for (const [index, written] of (field.value as WrittenLayer[]).entries()) {
        const opacity = written.opacity;
        const color = read<ColorValue>(
          'color',
          `layers.${index}.color`,
          written.color,
          field.pos ?? tokenPos,
          literalColor,
          opacity === undefined,
        );
        if (color === undefined) return undefined;
        const alpha = opacity === undefined ? color.color.alpha : Math.round(color.color.alpha * opacity * 10000) / 10000;
        const length = (raw: unknown): Dimension => parseDimension(raw, ['px', 'rem', 'em'], 'px') as Dimension;
        layers.push({
          offsetX: length(written.x),
          offsetY: length(written.y),
          blur: length(written.blur),
          spread: length(written.spread),
          color: alpha === color.color.alpha ? color.color : { ...color.color, alpha },
          inset: written.inset === true,
        });
      }
      return { kind: 'shadow', layers, text: null };
    }
    default:
      return 'not-composite';
  }
}

/**
 * What a typography holds for a part it leaves out: the values DTCG's composite needs (it requires every part). The CSS
 * views write `normal` instead for the weight and line height (`sans-serif` is what Style Dictionary's `font` shorthand
 * writes for a missing family); 1.2 is the line height `normal` gives most fonts.
 */
export const TYPOGRAPHY_DEFAULTS: { readonly [Part in OptionalTypographyPart]: TypedValue } = {
  fontFamily: fontFamilyOf('sans-serif'),
  fontWeight: { kind: 'number', value: 400 },
  lineHeight: { kind: 'number', value: 1.2 },
};

interface WrittenLayer {
  readonly x: unknown;
  readonly y: unknown;
  readonly blur: unknown;
  readonly spread: unknown;
  readonly color: unknown;
  readonly opacity?: number;
  readonly inset?: boolean;
}

const dimensionOf = (
  raw: unknown,
  units: Parameters<typeof parseDimension>[1],
  bareUnit: Parameters<typeof parseDimension>[2],
): DimensionValue => ({
  kind: 'dimension',
  ...(parseDimension(raw, units, bareUnit) as Dimension),
});
const literalColor = (raw: unknown): ColorValue => ({
  kind: 'color',
  color: parseColor(raw) as NonNullable<ReturnType<typeof parseColor>>,
});
const durationOf = (raw: unknown): DurationValue => ({ kind: 'duration', value: parseDuration(raw) as number, unit: 'ms' });
