import { fontFamilyOf } from '../fields/typed-values.js';
import { OPTIONAL_TYPOGRAPHY_PARTS } from '../types.js';
import type { GradientStop, NumberValue, ShadowLayer, SourcePosition, TokenType, TypedValue } from '../types.js';
import type { BorderDraft, GradientDraft, LayersShadowDraft, PartDraft, TransitionDraft, TypographyDraft } from '../fields/value-draft.js';

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

/** The drafts of the composite values: typography, border, transition, gradient, a shadow written with `layers`. */
export type CompositeDraft = TypographyDraft | BorderDraft | TransitionDraft | GradientDraft | LayersShadowDraft;

/**
 * The value of a composite token in one mode, from its draft, each part literal or a reference resolved through
 * `resolve`; undefined when a reference does not resolve.
 */
export function buildComposite(draft: CompositeDraft, resolve: PartResolver): TypedValue | undefined {
  /** The value of a part at `path` of one of `types`: its literal, or the value of the token it names. */
  const read = <Value extends TypedValue>(
    part: PartDraft<Value>,
    path: string,
    types: readonly TokenType[],
    verbatim = true,
  ): Value | undefined => {
    if (part.ref === undefined) return part.value;
    // The target is of one of `types`, so its value is of the part's kind, or a keyword its type takes (`normal`,
    // `auto`), which the part keeps as it is: the one value here its type does not say.
    return resolve(path, part.ref, part.pos, types, verbatim) as Value | undefined;
  };
  switch (draft.kind) {
    case 'typography': {
      const omitted = OPTIONAL_TYPOGRAPHY_PARTS.filter((name) => draft[name] === undefined);
      const { fontFamily: family, fontWeight: weight, lineHeight: height } = draft;
      // Every part is read (each reference followed and reported) before any missing one fails the whole.
      const fontFamily = family === undefined ? DEFAULT_FONT_FAMILY : read(family, 'fontFamily', PART_TYPES.fontFamily);
      const fontSize = read(draft.fontSize, 'fontSize', PART_TYPES.fontSize);
      const fontWeight = weight === undefined ? DEFAULT_FONT_WEIGHT : read(weight, 'fontWeight', PART_TYPES.fontWeight);
      const lineHeight = height === undefined ? DEFAULT_LINE_HEIGHT : read(height, 'lineHeight', PART_TYPES.lineHeight);
      const letterSpacing = read(draft.letterSpacing, 'letterSpacing', PART_TYPES.letterSpacing);
      if (!fontFamily || !fontSize || !fontWeight || !lineHeight || !letterSpacing) return undefined;
      const value = { kind: 'typography', fontFamily, fontSize, fontWeight, lineHeight, letterSpacing } as const;
      return omitted.length === 0 ? value : { ...value, omitted };
    }
    case 'border': {
      const width = read(draft.width, 'width', PART_TYPES.width);
      const style = read(draft.style, 'style', PART_TYPES.style);
      const color = read(draft.color, 'color', PART_TYPES.color);
      if (!width || !style || !color) return undefined;
      return { kind: 'border', width, style, color };
    }
    case 'transition': {
      const duration = read(draft.duration, 'duration', PART_TYPES.duration);
      const delay = read(draft.delay, 'delay', PART_TYPES.delay);
      const timingFunction = read(draft.timingFunction, 'timingFunction', PART_TYPES.timingFunction);
      if (!duration || !delay || !timingFunction) return undefined;
      return { kind: 'transition', duration, delay, timingFunction };
    }
    case 'gradient': {
      const stops: GradientStop[] = [];
      for (const [index, stop] of draft.stops.entries()) {
        const color = read(stop.color, `stops.${index}.color`, PART_TYPES.color);
        if (color === undefined) return undefined;
        stops.push({ color: color.color, position: stop.position });
      }
      return { kind: 'gradient', angle: draft.angle, stops };
    }
    case 'layersShadow': {
      const layers: ShadowLayer[] = [];
      for (const [index, layer] of draft.layers.entries()) {
        const { opacity } = layer;
        const color = read(layer.color, `layers.${index}.color`, PART_TYPES.color, opacity === undefined);
        if (color === undefined) return undefined;
        const alpha = opacity === undefined ? color.color.alpha : Math.round(color.color.alpha * opacity * 10000) / 10000;
        layers.push({
          offsetX: layer.x,
          offsetY: layer.y,
          blur: layer.blur,
          spread: layer.spread,
          color: alpha === color.color.alpha ? color.color : { ...color.color, alpha },
          inset: layer.inset,
        });
      }
      return { kind: 'shadow', layers, text: null };
    }
  }
}

/**
 * What a typography holds for a part it leaves out: the values DTCG's composite needs (it requires every part). The CSS
 * views write `normal` instead for the weight and line height (`sans-serif` is what Style Dictionary's `font` shorthand
 * writes for a missing family); 1.2 is the line height `normal` gives most fonts.
 */
const DEFAULT_FONT_FAMILY = fontFamilyOf('sans-serif');
const DEFAULT_FONT_WEIGHT: NumberValue = { kind: 'number', value: 400 };
const DEFAULT_LINE_HEIGHT: NumberValue = { kind: 'number', value: 1.2 };
