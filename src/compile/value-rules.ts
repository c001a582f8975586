import { COLOR_SYNTAX, parseColor } from './parse-color.js';
import type { PrimitiveType, TokenType } from './types.js';

/** A check of one YAML value: undefined when fine, otherwise what it should have been. */
export type ValueCheck = (value: unknown) => string | undefined;

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const NUMBER: ValueCheck = (value) => (isFiniteNumber(value) ? undefined : 'a number');
const NON_NEGATIVE: ValueCheck = (value) => (isFiniteNumber(value) && value >= 0 ? undefined : 'a number ≥ 0');
const POSITIVE: ValueCheck = (value) => (isFiniteNumber(value) && value > 0 ? undefined : 'a number > 0');
const INTEGER: ValueCheck = (value) => (Number.isInteger(value) ? undefined : 'an integer');
const STEP_NUMBER: ValueCheck = (value) => (Number.isInteger(value) && (value as number) >= 0 ? undefined : 'an integer ≥ 0');
const UNIT_INTERVAL: ValueCheck = (value) => (isFiniteNumber(value) && value >= 0 && value <= 1 ? undefined : 'a number from 0 to 1');
const FONT_WEIGHT: ValueCheck = (value) => (isFiniteNumber(value) && value >= 1 && value <= 1000 ? undefined : 'a number from 1 to 1000');
const BOOLEAN: ValueCheck = (value) => (typeof value === 'boolean' ? undefined : 'true or false');
const COLOR: ValueCheck = (value) => (parseColor(value) !== undefined ? undefined : `a color (${COLOR_SYNTAX})`);
const STRING: ValueCheck = (value) => (typeof value === 'string' && value.length > 0 ? undefined : 'a non-empty string');

/** Strings end up verbatim in CSS: refuse anything that could close a declaration or a rule. */
const CSS_SAFE_STRING: ValueCheck = (value) =>
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  typeof value === 'string' && value.trim().length > 0 && value.length <= 500 && !/[;{}<>\\\u0000-\u001f\u007f]/.test(value)
    ? undefined
    : 'a non-empty string without `;`, `{`, `}`, `<`, `>`, `\\` or control characters';

const CUBIC_BEZIER = /^cubic-bezier\(\s*(-?\d*\.?\d+)\s*,\s*(-?\d*\.?\d+)\s*,\s*(-?\d*\.?\d+)\s*,\s*(-?\d*\.?\d+)\s*\)$/;

/** The four control points of a `cubic-bezier(x1, y1, x2, y2)` expression, or undefined when it is not one. */
export function parseCubicBezier(text: string): [number, number, number, number] | undefined {
  const match = CUBIC_BEZIER.exec(text.trim());
  if (!match) return undefined;
  const points = match.slice(1, 5).map(Number) as [number, number, number, number];
  const [x1, , x2] = points;
  return x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 ? points : undefined;
}

const CUBIC_BEZIER_STRING: ValueCheck = (value) =>
  typeof value === 'string' && parseCubicBezier(value) !== undefined
    ? undefined
    : 'a `cubic-bezier(x1, y1, x2, y2)` expression with x1 and x2 from 0 to 1';

const unitOneOf =
  (...units: string[]): ValueCheck =>
  (value) =>
    typeof value === 'string' && units.includes(value) ? undefined : `one of ${units.map((unit) => `\`${unit}\``).join(', ')}`;

/** How a primitive type's values are checked and what unit they carry. */
export interface PrimitiveRule {
  readonly check: ValueCheck;
  readonly unit: string | null;
}

/** How the values of each primitive type are checked, and the unit they carry. */
export const PRIMITIVE_RULES: Readonly<Record<PrimitiveType, PrimitiveRule>> = {
  spacing: { check: NUMBER, unit: 'px' },
  radius: { check: NON_NEGATIVE, unit: 'px' },
  'font.size': { check: POSITIVE, unit: 'px' },
  'font.weight': { check: FONT_WEIGHT, unit: null },
  'font.family': { check: CSS_SAFE_STRING, unit: null },
  'font.lineHeight': { check: POSITIVE, unit: null },
  'font.letterSpacing': { check: NUMBER, unit: 'em' },
  opacity: { check: UNIT_INTERVAL, unit: null },
  duration: { check: NON_NEGATIVE, unit: 'ms' },
  easing: { check: CUBIC_BEZIER_STRING, unit: null },
  shadow: { check: CSS_SAFE_STRING, unit: 'px' },
  'z-index': { check: INTEGER, unit: null },
};

/** One value field of a token type: its check, and its default when it may be left out. */
export interface FieldRule {
  readonly check: ValueCheck;
  readonly default?: string | number;
}

/** The inline value fields each token type takes (besides `type`, `description` and the alternative `primitive`). */
export const TOKEN_FIELD_RULES: Readonly<Record<TokenType, Readonly<Record<string, FieldRule>>>> = {
  color: {
    scale: { check: STRING },
    step: { check: STEP_NUMBER },
    darkStep: { check: STEP_NUMBER },
    color: { check: COLOR },
    alpha: { check: UNIT_INTERVAL },
  },
  spacing: { value: { check: NUMBER }, unit: { check: unitOneOf('px', 'rem'), default: 'px' } },
  radius: { value: { check: NON_NEGATIVE }, unit: { check: unitOneOf('px', 'rem'), default: 'px' } },
  'font.size': { value: { check: POSITIVE }, unit: { check: unitOneOf('px', 'rem'), default: 'px' } },
  'font.weight': { value: { check: FONT_WEIGHT } },
  'font.family': { value: { check: CSS_SAFE_STRING } },
  'font.lineHeight': { value: { check: POSITIVE }, unit: { check: unitOneOf('multiplier'), default: 'multiplier' } },
  'font.letterSpacing': { value: { check: NUMBER }, unit: { check: unitOneOf('em', 'px', 'rem'), default: 'em' } },
  shadow: {
    x: { check: NUMBER },
    y: { check: NUMBER },
    blur: { check: NON_NEGATIVE },
    spread: { check: NUMBER },
    colorToken: { check: STRING },
    opacity: { check: UNIT_INTERVAL },
  },
  opacity: { value: { check: UNIT_INTERVAL } },
  'z-index': { value: { check: INTEGER } },
  duration: { value: { check: NON_NEGATIVE } },
  easing: { value: { check: CUBIC_BEZIER_STRING } },
  boolean: { value: { check: BOOLEAN } },
};

/** Fields that may be left out even though they have no default value (a color needs `scale` and `step` unless it has a literal `color`). */
export const OPTIONAL_FIELDS: ReadonlySet<string> = new Set(['color.darkStep', 'color.color', 'color.alpha']);
