import { COLOR_SYNTAX, parseColor } from '../values/parse-color.js';
import { isRecord } from '../narrow-unknown.js';
import { findCssBreakout } from '../values/css-text.js';
import { CSS_WIDE_KEYWORDS, KEYWORDS_SYNTAX, readCssKeywords } from '../values/css-keywords.js';
import { describeValue } from '../diagnostics/message-text.js';
import { checkFluid, isFluidWritten } from '../values/parse-fluid.js';
import { EASING_KEYWORDS, parseDimension, parseDuration, parseFontWeight, referenceOf, STROKE_STYLES } from '../values/parse-values.js';
import { DIMENSION_UNITS, OPTIONAL_TYPOGRAPHY_PARTS } from '../types.js';
import type { DimensionUnit, PrimitiveType, TokenType } from '../types.js';

/** A check of one YAML value: undefined when fine, otherwise what it should have been. */
export type ValueCheck = (value: unknown) => string | undefined;

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The smallest size of a number other than 0 that the exports write: they write at most 20 decimals (never an
 * exponent), so a smaller one (`1e-320`) would be written as 0.
 */
export const MIN_WRITTEN_NUMBER = 1e-20;
const TOO_CLOSE_TO_ZERO = `a number at least ${MIN_WRITTEN_NUMBER} in size (exports write 20 decimals at most, so a smaller one would be written as 0)`;
const isTooCloseToZero = (value: unknown): boolean => typeof value === 'number' && value !== 0 && Math.abs(value) < MIN_WRITTEN_NUMBER;

/** `check`, refusing first a number the exports would write as 0. */
const WRITTEN_AS_IS =
  (check: ValueCheck): ValueCheck =>
  (value) =>
    isTooCloseToZero(value) ? TOO_CLOSE_TO_ZERO : check(value);

const NUMBER: ValueCheck = WRITTEN_AS_IS((value) => (isFiniteNumber(value) ? undefined : 'a number'));
const NON_NEGATIVE: ValueCheck = WRITTEN_AS_IS((value) => (isFiniteNumber(value) && value >= 0 ? undefined : 'a number ≥ 0'));
const POSITIVE: ValueCheck = WRITTEN_AS_IS((value) => (isFiniteNumber(value) && value > 0 ? undefined : 'a number > 0'));
const BEYOND_SAFE = `an integer from ${Number.MIN_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER} (a larger one cannot be kept exactly)`;
/** An integer (a larger one than 2^53 - 1 has already lost digits when it is read). */
const INTEGER: ValueCheck = (value) => (Number.isSafeInteger(value) ? undefined : Number.isInteger(value) ? BEYOND_SAFE : 'an integer');
const STEP_NUMBER: ValueCheck = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
    ? undefined
    : typeof value === 'number' && Number.isInteger(value) && value >= 0
      ? BEYOND_SAFE
      : 'an integer ≥ 0';
const UNIT_INTERVAL: ValueCheck = WRITTEN_AS_IS((value) =>
  isFiniteNumber(value) && value >= 0 && value <= 1 ? undefined : 'a number from 0 to 1',
);
const FONT_WEIGHT: ValueCheck = (value) => (isFiniteNumber(value) && value >= 1 && value <= 1000 ? undefined : 'a number from 1 to 1000');
const BOOLEAN: ValueCheck = (value) => (typeof value === 'boolean' ? undefined : 'true or false');
const COLOR: ValueCheck = (value) => (parseColor(value) !== undefined ? undefined : `a color (${COLOR_SYNTAX})`);
const STRING: ValueCheck = (value) => (typeof value === 'string' && value.length > 0 ? undefined : 'a non-empty string');

// A font name or a value no file of a native platform can hold (aapt refuses U+FFFE, a UTF-8 file a lone surrogate).
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const UNSAFE_CHARACTER = /[;{}<>\\\u0000-\u001f\u007f-\u009f\ud800-\udfff]|\p{Noncharacter_Code_Point}/u;

/**
 * Strings end up verbatim in CSS: refuse anything that could close a declaration or a rule, and anything that could
 * open a comment, a string or a block the value does not close (see {@link findCssBreakout}).
 */
const CSS_SAFE_STRING: ValueCheck = (value) => {
  if (typeof value !== 'string' || value.trim().length === 0 || value.length > 500 || UNSAFE_CHARACTER.test(value))
    return 'a non-empty string without `;`, `{`, `}`, `<`, `>`, `\\`, control characters, non-characters or lone surrogates';
  const breakout = findCssBreakout(value, 'value');
  return breakout === undefined ? undefined : `a string that cannot break out of its CSS value: ${breakout}`;
};

const CUBIC_BEZIER = /^cubic-bezier\(\s*(-?\d*\.?\d+)\s*,\s*(-?\d*\.?\d+)\s*,\s*(-?\d*\.?\d+)\s*,\s*(-?\d*\.?\d+)\s*\)$/;

/**
 * The four control points of an easing: a `cubic-bezier(x1, y1, x2, y2)` expression, a CSS keyword that is one
 * (`ease`, `linear`, `ease-in`, `ease-out`, `ease-in-out`) or a list of four numbers; undefined when it is none.
 */
export function parseCubicBezier(written: unknown): [number, number, number, number] | undefined {
  const [x1, y1, x2, y2, ...rest] = writtenPoints(written) ?? [];
  if (!isFiniteNumber(x1) || !isFiniteNumber(y1) || !isFiniteNumber(x2) || !isFiniteNumber(y2) || rest.length > 0) return undefined;
  return x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1 ? [x1, y1, x2, y2] : undefined;
}

/** The points an easing is written with: a list, a keyword's, or an expression's; undefined when it is none of them. */
function writtenPoints(written: unknown): readonly unknown[] | undefined {
  if (isList(written)) return written;
  if (typeof written !== 'string') return undefined;
  const text = written.trim();
  if (Object.hasOwn(EASING_KEYWORDS, text)) return EASING_KEYWORDS[text];
  return CUBIC_BEZIER.exec(text)?.slice(1, 5).map(Number);
}

const isList = (value: unknown): value is readonly unknown[] => Array.isArray(value);

const EASING_TEXT =
  'a `cubic-bezier(x1, y1, x2, y2)` expression with x1 and x2 from 0 to 1, four such numbers, or `ease`, `linear`, `ease-in`, `ease-out`, `ease-in-out`';
const CUBIC_BEZIER_STRING: ValueCheck = (value) => (parseCubicBezier(value) !== undefined ? undefined : EASING_TEXT);

/**
 * The units a length of each type may have (the first is what a bare number means; `font.lineHeight`'s bare number is
 * a multiplier): a spacing or dimension also in the font-relative `ch`, `ex` and the viewport units, a font size in the
 * viewport units (fluid type).
 */
export const LENGTH_UNITS = {
  spacing: ['px', 'rem', 'em', 'ch', 'ex', 'vw', 'vh', 'dvh', 'svh', 'lvh'],
  radius: ['px', 'rem', 'em', '%'],
  'font.size': ['px', 'rem', 'em', '%', 'vw', 'vh', 'dvh', 'svh', 'lvh'],
  'font.lineHeight': ['px', 'rem', 'em', '%'],
  'font.letterSpacing': ['em', 'px', 'rem'],
  dimension: ['px', 'rem', 'em', '%', 'ch', 'ex', 'vw', 'vh', 'dvh', 'svh', 'lvh'],
} as const satisfies Partial<Record<TokenType, readonly DimensionUnit[]>>;

/** A token type whose value is a length (or one of its keywords, or a spacing's list of lengths). */
export type LengthType = keyof typeof LENGTH_UNITS;

/** Whether a token type's value is a length: one of {@link LENGTH_UNITS}'s types. */
export const isLengthType = (type: TokenType): type is LengthType => Object.hasOwn(LENGTH_UNITS, type);

/**
 * The CSS keywords a token of each length type may hold in `value` instead of a length, as the properties it is meant
 * for take them: `auto` for a margin, `auto`, `none` (a max size) and the intrinsic sizes for a dimension, `normal` for
 * a line height or letter spacing. The CSS-wide keywords (`inherit`, `initial`, `unset`, `revert`) are no token's value.
 */
export const LENGTH_KEYWORDS = {
  spacing: ['auto'],
  dimension: ['auto', 'none', 'fit-content', 'min-content', 'max-content'],
  'font.lineHeight': ['normal'],
  'font.letterSpacing': ['normal'],
} as const satisfies Partial<Record<TokenType, readonly string[]>>;

/** {@link LENGTH_KEYWORDS} for any token type (none for most). */
const KEYWORDS_BY_TYPE: Readonly<Partial<Record<TokenType, readonly string[]>>> = LENGTH_KEYWORDS;

const CSS_WIDE_NAMES: ReadonlySet<unknown> = new Set(CSS_WIDE_KEYWORDS);

/** The keyword a token of `type` holds in `value`, or undefined when `value` is not one of its keywords. */
export function keywordOf(type: TokenType, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return KEYWORDS_BY_TYPE[type]?.includes(value) === true ? value : undefined;
}

/** The length types whose `value` may be fluid (`{ min, max, from, to }`). */
export const FLUID_TYPES: readonly TokenType[] = ['spacing', 'radius', 'font.size', 'dimension'];
const isFluidType = (type: TokenType): boolean => FLUID_TYPES.includes(type);

/** The most values a spacing list holds, as the CSS `margin` and `padding` shorthands take them. */
export const MAX_LENGTH_LIST = 4;

const unitList = (units: readonly string[]): string => units.map((unit) => `\`${unit}\``).join(', ');

/** A length as text with one of `units` (a bare number in `bareUnit`), at least `min` when given. */
const LENGTH =
  (units: readonly DimensionUnit[], bareUnit: DimensionUnit | null, min?: 'non-negative' | 'positive'): ValueCheck =>
  (value) => {
    const length = parseDimension(value, units, bareUnit);
    if (length !== undefined && isTooCloseToZero(length.value)) return TOO_CLOSE_TO_ZERO;
    const inRange =
      length !== undefined &&
      Number.isFinite(length.value) &&
      (min === undefined || (min === 'positive' ? length.value > 0 : length.value >= 0));
    if (inRange) return undefined;
    const bare = bareUnit === null ? '' : ` (a bare number is ${bareUnit})`;
    const range = min === undefined ? '' : min === 'positive' ? ' > 0' : ' ≥ 0';
    return `a length${range} in ${unitList(units)} like \`${units[0] === '%' ? '50%' : `16${units[0] ?? 'px'}`}\`${bare}`;
  };

/** `check`, or a `{token.key}` reference to a token (whose type the resolver checks). */
const OR_REFERENCE =
  (check: ValueCheck): ValueCheck =>
  (value) => {
    if (referenceOf(value) !== undefined) return undefined;
    const problem = check(value);
    return problem === undefined ? undefined : `${problem}, or a reference like \`{group.token}\``;
  };

const DURATION: ValueCheck = (value) => {
  const duration = parseDuration(value);
  if (duration !== undefined && isTooCloseToZero(duration)) return TOO_CLOSE_TO_ZERO;
  return duration !== undefined && Number.isFinite(duration)
    ? undefined
    : 'a duration ≥ 0: a number of milliseconds, or text like `200ms` or `0.2s`';
};
const FONT_WEIGHT_VALUE: ValueCheck = (value) =>
  parseFontWeight(value) !== undefined ? undefined : 'a number from 1 to 1000 or a weight keyword like `bold`';
const LINE_HEIGHT: ValueCheck = WRITTEN_AS_IS((value) =>
  (isFiniteNumber(value) && value > 0) || LENGTH(LENGTH_UNITS['font.lineHeight'], null, 'positive')(value) === undefined
    ? undefined
    : `a multiplier > 0 like \`1.5\`, or a length > 0 in ${unitList(LENGTH_UNITS['font.lineHeight'])}`,
);
const LENGTH_LIST_TEXT = `a list of 1 to ${MAX_LENGTH_LIST} lengths like \`[8, 16]\` or \`[0, auto]\` (each a number in \`unit\`, a length in ${unitList(LENGTH_UNITS.spacing)}, or \`auto\`)`;

/** One value of a spacing list: a number (in the token's `unit`), a length as text, or `auto`. */
function isLengthListItem(item: unknown): boolean {
  if (typeof item === 'number') return NUMBER(item) === undefined;
  const length = parseDimension(item, LENGTH_UNITS.spacing, null);
  return item === 'auto' || (length !== undefined && !isTooCloseToZero(length.value));
}

/**
 * The `value` of a length token: a number checked by `number` (its message kept), one of the type's keywords, and for a
 * spacing a list of 1 to 4 values; otherwise what the type takes, with a hint for what was probably meant.
 */
const LENGTH_VALUE =
  (type: keyof typeof LENGTH_UNITS, number: ValueCheck, numberText: string): ValueCheck =>
  (value) => {
    if (typeof value === 'number') return number(value);
    if (keywordOf(type, value) !== undefined) return undefined;
    if (isFluidType(type) && isFluidWritten(value)) return checkFluid(value);
    const list = type === 'spacing';
    const keywords = KEYWORDS_BY_TYPE[type] ?? [];
    const bad = Array.isArray(value) ? value.findIndex((item) => !isLengthListItem(item)) : -1;
    if (list && Array.isArray(value) && value.length >= 1 && value.length <= MAX_LENGTH_LIST && bad < 0) return undefined;
    const takes = [numberText, ...(list ? [LENGTH_LIST_TEXT] : [])];
    if (keywords.length > 0)
      takes.push(keywords.length === 1 ? `the keyword ${unitList(keywords)}` : `one of the keywords ${unitList(keywords)}`);
    const text = takes.length === 1 ? numberText : `${takes.slice(0, -1).join(', ')}, or ${takes.at(-1) ?? ''}`;
    return `${text}${lengthHint(type, value, list, bad)}`;
  };

/** Why a value a length type does not take was probably written, in parentheses; empty when nothing is clear. */
function lengthHint(type: keyof typeof LENGTH_UNITS, value: unknown, list: boolean, bad: number): string {
  if (CSS_WIDE_NAMES.has(value)) return ` (a CSS-wide keyword like \`${String(value)}\` says where the value comes from, not what it is)`;
  if (Array.isArray(value)) {
    if (!list) return ' (only a spacing holds a list of lengths)';
    return bad >= 0 && value.length >= 1 && value.length <= MAX_LENGTH_LIST ? ` (item ${bad + 1} is ${describeValue(value[bad])})` : '';
  }
  if (typeof value !== 'string') return '';
  const parts = value.trim().split(/\s+/);
  if (list && parts.length > 1 && parts.length <= MAX_LENGTH_LIST)
    return ` (a CSS shorthand is written as a list: \`[${parts.join(', ')}]\`)`;
  const length = parseDimension(value, DIMENSION_UNITS, null);
  const units: readonly string[] = LENGTH_UNITS[type];
  if (length === undefined || !units.includes(length.unit)) return '';
  return ` (write a length as \`value: ${length.value}\` and \`unit: ${length.unit}\`)`;
}

const STROKE_STYLE_NAMES: readonly string[] = STROKE_STYLES;
const STROKE_STYLE: ValueCheck = (value) =>
  typeof value === 'string' && STROKE_STYLE_NAMES.includes(value) ? undefined : `one of ${unitList(STROKE_STYLES)}`;

const CSS_KEYWORDS: ValueCheck = (value) => {
  if (typeof value !== 'string') return KEYWORDS_SYNTAX;
  const read = readCssKeywords(value);
  return 'text' in read ? undefined : `${KEYWORDS_SYNTAX}; ${read.problem}`;
};

/** Checks each item of a list of mappings against its fields' checks; the problem names the item and field. */
const LIST_OF =
  (what: string, minimum: number, fields: Readonly<Record<string, { check: ValueCheck; optional?: boolean }>>): ValueCheck =>
  (value) => {
    const expected = `a list of at least ${minimum === 1 ? 'one' : 'two'} ${what}`;
    if (!Array.isArray(value) || value.length < minimum) return expected;
    for (const [index, item] of value.entries()) {
      if (!isRecord(item)) return `${expected} (item ${index + 1} is not a mapping)`;
      for (const name of Object.keys(item)) {
        if (!Object.hasOwn(fields, name))
          return `${expected} (item ${index + 1} has no field \`${name}\`; allowed: ${Object.keys(fields).join(', ')})`;
      }
      for (const [name, field] of Object.entries(fields)) {
        if (!Object.hasOwn(item, name)) {
          if (field.optional === true) continue;
          return `${expected} (item ${index + 1} is missing \`${name}\`)`;
        }
        const problem = field.check(item[name]);
        if (problem !== undefined) return `${expected} (\`${name}\` of item ${index + 1} must be ${problem})`;
      }
    }
    return undefined;
  };

const SHADOW_LENGTH = LENGTH(['px', 'rem', 'em'], 'px');
const SHADOW_LAYERS = LIST_OF('layers `{ x, y, blur, spread, color, opacity?, inset? }`', 1, {
  x: { check: SHADOW_LENGTH },
  y: { check: SHADOW_LENGTH },
  blur: { check: LENGTH(['px', 'rem', 'em'], 'px', 'non-negative') },
  spread: { check: SHADOW_LENGTH },
  color: { check: OR_REFERENCE(COLOR) },
  opacity: { check: UNIT_INTERVAL, optional: true },
  inset: { check: BOOLEAN, optional: true },
});
const GRADIENT_STOPS = LIST_OF('stops `{ color, position }`', 2, {
  color: { check: OR_REFERENCE(COLOR) },
  position: { check: UNIT_INTERVAL },
});

const unitOneOf =
  (...units: readonly string[]): ValueCheck =>
  (value) =>
    typeof value === 'string' && units.includes(value) ? undefined : `one of ${unitList(units)}`;

/**
 * How a primitive type's values are checked and what unit they carry: a number is in `unit`; a type with `units`
 * also takes a length as text in one of them (`1.5rem`), which then carries its own (the number is checked the same).
 */
export interface PrimitiveRule {
  readonly check: ValueCheck;
  readonly unit: string | null;
  readonly units?: readonly DimensionUnit[];
}

/** How the values of each primitive type are checked, and the unit they carry. */
export const PRIMITIVE_RULES: Readonly<Record<PrimitiveType, PrimitiveRule>> = {
  spacing: { check: NUMBER, unit: 'px', units: LENGTH_UNITS.spacing },
  radius: { check: NON_NEGATIVE, unit: 'px', units: LENGTH_UNITS.radius },
  dimension: { check: NUMBER, unit: 'px', units: LENGTH_UNITS.dimension },
  'font.size': { check: POSITIVE, unit: 'px', units: LENGTH_UNITS['font.size'] },
  'font.weight': { check: FONT_WEIGHT, unit: null },
  'font.family': { check: CSS_SAFE_STRING, unit: null },
  'font.lineHeight': { check: POSITIVE, unit: null, units: LENGTH_UNITS['font.lineHeight'] },
  'font.letterSpacing': { check: NUMBER, unit: 'em', units: LENGTH_UNITS['font.letterSpacing'] },
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
  spacing: {
    value: { check: LENGTH_VALUE('spacing', NUMBER, 'a number') },
    unit: { check: unitOneOf(...LENGTH_UNITS.spacing), default: 'px' },
  },
  radius: {
    value: { check: LENGTH_VALUE('radius', NON_NEGATIVE, 'a number ≥ 0') },
    unit: { check: unitOneOf(...LENGTH_UNITS.radius), default: 'px' },
  },
  dimension: {
    value: { check: LENGTH_VALUE('dimension', NUMBER, 'a number') },
    unit: { check: unitOneOf(...LENGTH_UNITS.dimension), default: 'px' },
  },
  'font.size': {
    value: { check: LENGTH_VALUE('font.size', POSITIVE, 'a number > 0') },
    unit: { check: unitOneOf(...LENGTH_UNITS['font.size']), default: 'px' },
  },
  'font.weight': { value: { check: FONT_WEIGHT } },
  'font.family': { value: { check: CSS_SAFE_STRING } },
  'font.lineHeight': {
    value: { check: LENGTH_VALUE('font.lineHeight', POSITIVE, 'a number > 0') },
    unit: { check: unitOneOf('multiplier', ...LENGTH_UNITS['font.lineHeight']), default: 'multiplier' },
  },
  'font.letterSpacing': {
    value: { check: LENGTH_VALUE('font.letterSpacing', NUMBER, 'a number') },
    unit: { check: unitOneOf(...LENGTH_UNITS['font.letterSpacing']), default: 'em' },
  },
  shadow: {
    x: { check: NUMBER },
    y: { check: NUMBER },
    blur: { check: NON_NEGATIVE },
    spread: { check: NUMBER },
    colorToken: { check: STRING },
    opacity: { check: UNIT_INTERVAL },
    layers: { check: SHADOW_LAYERS },
  },
  opacity: { value: { check: UNIT_INTERVAL } },
  'z-index': { value: { check: INTEGER } },
  duration: { value: { check: NON_NEGATIVE } },
  easing: { value: { check: CUBIC_BEZIER_STRING } },
  boolean: { value: { check: BOOLEAN } },
  strokeStyle: { value: { check: STROKE_STYLE } },
  keyword: { value: { check: CSS_KEYWORDS } },
  typography: {
    fontFamily: { check: OR_REFERENCE(CSS_SAFE_STRING) },
    // The parts keep the units they had: a composite's parts take no viewport unit.
    fontSize: { check: OR_REFERENCE(LENGTH(['px', 'rem', 'em', '%'], 'px', 'positive')) },
    fontWeight: { check: OR_REFERENCE(FONT_WEIGHT_VALUE) },
    lineHeight: { check: OR_REFERENCE(LINE_HEIGHT) },
    letterSpacing: { check: OR_REFERENCE(LENGTH(['px', 'em', 'rem'], null)), default: 0 },
  },
  border: {
    width: { check: OR_REFERENCE(LENGTH(['px', 'rem', 'em'], 'px', 'non-negative')) },
    style: { check: OR_REFERENCE(STROKE_STYLE) },
    color: { check: OR_REFERENCE(COLOR) },
  },
  transition: {
    duration: { check: OR_REFERENCE(DURATION) },
    delay: { check: OR_REFERENCE(DURATION), default: 0 },
    timingFunction: { check: OR_REFERENCE(CUBIC_BEZIER_STRING) },
  },
  gradient: {
    angle: { check: NUMBER, default: 180 },
    stops: { check: GRADIENT_STOPS },
  },
};

/**
 * Fields that may be left out even though they have no default value: a color needs `scale` and `step` unless it has
 * a literal `color`; a shadow needs its one layer's fields unless it has `layers`; a typography needs only its size
 * (the parts it leaves out are listed in its value's `omitted`).
 */
export const OPTIONAL_FIELDS: ReadonlySet<string> = new Set([
  'color.darkStep',
  'color.color',
  'color.alpha',
  'shadow.layers',
  ...OPTIONAL_TYPOGRAPHY_PARTS.map((part) => `typography.${part}`),
]);

/**
 * The field that, written, stands for other fields of its type: a literal `color` for `scale` and `step`, a shadow's
 * `layers` for the one layer's fields. Those then are neither needed nor allowed.
 */
export const ALTERNATIVE_FIELDS: Readonly<Partial<Record<TokenType, { readonly field: string; readonly replaces: readonly string[] }>>> = {
  color: { field: 'color', replaces: ['scale', 'step', 'darkStep'] },
  shadow: { field: 'layers', replaces: ['x', 'y', 'blur', 'spread', 'colorToken', 'opacity'] },
};
