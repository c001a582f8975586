import type { Dimension, Rgba, Token, TypedValue } from '../../../compile/types.js';
import { roundForPlatform, toDensityIndependent } from '../../shared/native-appearance.js';
import { swiftString } from './swift-names.js';

/** A value as Tokens.swift writes it: its Swift type and its expression; or why iOS has no value for it. */
export type SwiftValue =
  | { readonly type: string; readonly code: string; readonly note?: string; readonly problem?: undefined }
  | { readonly problem: NoValueProblem };

/** Why a value has no iOS value: the part as written (`2em`) and the reason. */
export interface NoValueProblem {
  readonly written: string;
  readonly reason: string;
}

const CGFLOAT = 'CoreGraphics.CGFloat';

/** SwiftUI's weights, lightest first: CSS 100 to 900 in steps of 100 (Apple's order: ultraLight is lighter than thin). */
const FONT_WEIGHTS = ['ultraLight', 'thin', 'light', 'regular', 'medium', 'semibold', 'bold', 'heavy', 'black'] as const;

/**
 * A color component as Xcode writes it in a color set and as Tokens.swift writes it in a literal: a decimal with a dot
 * and three decimals (`0.114`, `1.000`); Xcode reads a bare `0` or `1` as an 8-bit value.
 * @example xcodeComponent(29 / 255) // '0.114'
 */
export function xcodeComponent(value: number): string {
  return value.toFixed(3);
}

/**
 * A color as a SwiftUI literal in sRGB.
 * @example swiftColorLiteral({ red: 255, green: 0, blue: 0, alpha: 1 }) // 'SwiftUI.Color(.sRGB, red: 1.000, green: 0.000, blue: 0.000, opacity: 1.000)'
 */
export function swiftColorLiteral({ red, green, blue, alpha }: Rgba): string {
  const parts = [`red: ${xcodeComponent(red / 255)}`, `green: ${xcodeComponent(green / 255)}`, `blue: ${xcodeComponent(blue / 255)}`];
  return `SwiftUI.Color(.sRGB, ${parts.join(', ')}, opacity: ${xcodeComponent(alpha)})`;
}

/** A number as a Swift literal (rounded as the platforms round). */
const swiftNumber = (value: number): string => String(roundForPlatform(value));

/** The SwiftUI weight nearest a CSS weight (650 is `.bold`: halves round up), clamped to 100-900. */
export function swiftFontWeight(weight: number): string {
  const step = Math.min(9, Math.max(1, Math.round(weight / 100)));
  return `.${FONT_WEIGHTS[step - 1] ?? 'regular'}`;
}

/** A thrown problem, caught by {@link swiftValueOf}: one composite part is enough to leave the token out. */
class NoSwiftValue extends Error {
  constructor(readonly problem: NoValueProblem) {
    super(problem.reason);
  }
}

/** Points of a length; throws for a unit with no size off the web. */
function pointsOf(length: Dimension): number {
  const points = toDensityIndependent({ kind: 'dimension', ...length });
  if (points !== undefined) return points;
  const article = /^[aeiou]/.test(length.unit) ? 'an' : 'a';
  throw new NoSwiftValue({
    written: `${swiftNumber(length.value)}${length.unit}`,
    reason: `${article} \`${length.unit}\` length has no size off the web (iOS takes px and rem)`,
  });
}

const points = (length: Dimension): string => swiftNumber(pointsOf(length));

const KEYWORD_REASON = 'a keyword has no value on iOS';

const bezier = ([x1, y1, x2, y2]: readonly [number, number, number, number]): string =>
  `TokenCubicBezier(x1: ${swiftNumber(x1)}, y1: ${swiftNumber(y1)}, x2: ${swiftNumber(x2)}, y2: ${swiftNumber(y2)})`;

const seconds = (milliseconds: number): string => swiftNumber(milliseconds / 1000);

/**
 * The Swift type and expression of one mode's value of a token: lengths in points (px as is, rem × 16), durations in
 * seconds, weights as `Font.Weight`, composites as the structs of Tokens.swift; a problem when iOS has no value for
 * it (an `em`, `%` or viewport length, a keyword, a shadow text the compiler could not read).
 * @example swiftValueOf(token, { kind: 'duration', value: 150, unit: 'ms' }) // { type: 'Foundation.TimeInterval', code: '0.15' }
 */
export function swiftValueOf(token: Token, value: TypedValue): SwiftValue {
  try {
    return swiftValueOrThrow(token, value);
  } catch (error) {
    if (error instanceof NoSwiftValue) return { problem: error.problem };
    throw error;
  }
}

function swiftValueOrThrow(token: Token, value: TypedValue): SwiftValue {
  switch (value.kind) {
    case 'color':
      return { type: 'SwiftUI.Color', code: swiftColorLiteral(value.color) };
    case 'dimension':
      return { type: CGFLOAT, code: points(value) };
    case 'number':
      return numberOf(token, value.value);
    case 'duration':
      return { type: 'Foundation.TimeInterval', code: seconds(value.value) };
    case 'fontFamily':
      return { type: '[Swift.String]', code: `[${value.families.map(swiftString).join(', ')}]` };
    case 'cubicBezier':
      return { type: 'TokenCubicBezier', code: bezier(value.points) };
    case 'strokeStyle':
      return { type: 'Swift.String', code: swiftString(value.style) };
    case 'keywords':
      return { type: 'Swift.String', code: swiftString(value.text) };
    case 'boolean':
      return { type: 'Swift.Bool', code: String(value.value) };
    case 'keyword':
      if (value.keyword === 'none' && token.type === 'shadow') return { type: 'TokenShadow', code: 'TokenShadow(layers: [])' };
      throw new NoSwiftValue({ written: value.keyword, reason: KEYWORD_REASON });
    case 'lengths': {
      const [top, right = top, bottom = top, left = right] = value.values.map((length) => {
        if (length.kind === 'keyword') throw new NoSwiftValue({ written: length.keyword, reason: KEYWORD_REASON });
        return points(length);
      });
      return {
        type: 'SwiftUI.EdgeInsets',
        code: `SwiftUI.EdgeInsets(top: ${top}, leading: ${left}, bottom: ${bottom}, trailing: ${right})`,
      };
    }
    case 'shadow': {
      if (value.layers === null) throw new NoSwiftValue({ written: value.text ?? '', reason: 'a shadow text iOS cannot read' });
      const layers = value.layers.map(
        (layer) =>
          `TokenShadowLayer(color: ${swiftColorLiteral(layer.color)}, offsetX: ${points(layer.offsetX)}, offsetY: ${points(layer.offsetY)}, blur: ${points(layer.blur)}, spread: ${points(layer.spread)}, inset: ${String(layer.inset)})`,
      );
      return { type: 'TokenShadow', code: `TokenShadow(layers: [${layers.join(', ')}])` };
    }
    case 'typography': {
      const size = pointsOf(value.fontSize);
      const lineHeight = value.lineHeight.kind === 'number' ? swiftNumber(value.lineHeight.value * size) : points(value.lineHeight);
      const letterSpacing = value.letterSpacing.unit === 'em' ? swiftNumber(value.letterSpacing.value * size) : points(value.letterSpacing);
      const families = value.fontFamily.families.map(swiftString).join(', ');
      const parts = [
        `fontFamily: [${families}]`,
        `fontSize: ${swiftNumber(size)}`,
        `fontWeight: ${swiftFontWeight(value.fontWeight.value)}`,
        `lineHeight: ${lineHeight}`,
        `letterSpacing: ${letterSpacing}`,
      ];
      return { type: 'TokenTypography', code: `TokenTypography(${parts.join(', ')})`, note: weightNote(value.fontWeight.value) };
    }
    case 'border':
      return {
        type: 'TokenBorder',
        code: `TokenBorder(width: ${points(value.width)}, style: ${swiftString(value.style.style)}, color: ${swiftColorLiteral(value.color.color)})`,
      };
    case 'transition':
      return {
        type: 'TokenTransition',
        code: `TokenTransition(duration: ${seconds(value.duration.value)}, delay: ${seconds(value.delay.value)}, timingFunction: ${bezier(value.timingFunction.points)})`,
      };
    case 'gradient': {
      const stops = value.stops.map(
        (stop) => `TokenGradientStop(color: ${swiftColorLiteral(stop.color)}, location: ${swiftNumber(stop.position)})`,
      );
      return { type: 'TokenGradient', code: `TokenGradient(angle: ${swiftNumber(value.angle)}, stops: [${stops.join(', ')}])` };
    }
  }
}

/** A number token: a weight as `Font.Weight`, a z-index as `Int` (when whole), a line height as a `CGFloat` multiplier. */
function numberOf(token: Token, value: number): SwiftValue {
  switch (token.type) {
    case 'font.weight':
      return { type: 'SwiftUI.Font.Weight', code: swiftFontWeight(value), note: weightNote(value) };
    case 'z-index':
      return Number.isInteger(value) ? { type: 'Swift.Int', code: String(value) } : { type: 'Swift.Double', code: swiftNumber(value) };
    case 'font.lineHeight':
      return { type: CGFLOAT, code: swiftNumber(value) };
    default:
      return { type: 'Swift.Double', code: swiftNumber(value) };
  }
}

/** What a doc comment says of a weight that is not one of SwiftUI's nine. */
function weightNote(weight: number): string | undefined {
  return weight % 100 === 0 && weight >= 100 && weight <= 900
    ? undefined
    : `Font weight ${swiftNumber(weight)} in the design system: the nearest iOS weight, \`${swiftFontWeight(weight)}\`.`;
}
