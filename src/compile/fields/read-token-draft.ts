import { describeValue } from '../diagnostics/message-text.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import { newFieldRecord } from '../yaml/field-record.js';
import { writtenValueOf } from '../yaml/source-entries.js';
import type { Located, NamedFields, TokenEntry, ValueFields } from '../yaml/source-entries.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { TOKEN_KEY } from '../values/name-rules.js';
import { readDeprecation } from './read-deprecation.js';
import { isPrimitiveType, TOKEN_TYPES } from '../types.js';
import { FLUID_UNITS, isFluidWritten } from '../values/parse-fluid.js';
import type { Deprecation, DimensionUnit, SourcePosition, TokenType, TokenValue } from '../types.js';
import { ALTERNATIVE_FIELDS, keywordOf, OPTIONAL_FIELDS, TOKEN_FIELD_RULES } from './value-rules.js';
import type { FieldRule } from './value-rules.js';
import { valueAt } from '../checked-access.js';

/** A token whose own fields are checked, before its references are resolved. */
export interface TokenDraft {
  readonly entry: TokenEntry;
  readonly type: TokenType;
  /** The light value fields (defaults filled in; a color's `darkStep` apart). */
  readonly fields: ValueFields;
  /** Per further mode (and `dark`), the fields it overrides, checked; `darkStep` is `dark`'s `step`. */
  readonly overrides: ReadonlyMap<string, ValueFields>;
  /** The `modes` field as written, for the API; undefined when the token has none. */
  readonly writtenModes: Readonly<Record<string, TokenValue>> | undefined;
  readonly description: string | undefined;
  readonly deprecated: Deprecation | undefined;
  /** Per breakpoint, its overrides, checked; absent when the token has none. */
  readonly breakpoints?: ReadonlyMap<string, BreakpointOverride>;
  /** The `breakpoints` field as written, for the API; absent when the token has none. */
  readonly writtenBreakpoints?: Readonly<Record<string, TokenValue>>;
}

/** What a token sets at one breakpoint: fields in every mode (undefined: none), then fields per mode. */
export interface BreakpointOverride {
  readonly fields: ValueFields | undefined;
  readonly modes: ReadonlyMap<string, ValueFields>;
}

const NOT_VALUE_FIELDS = new Set(['type', 'description', 'deprecated', 'modes', 'breakpoints']);

const ruleNames = (type: TokenType): string[] => Object.keys(TOKEN_FIELD_RULES[type]);
const referenceNames = (type: TokenType): string[] => (isPrimitiveType(type) ? ['primitive', 'ref'] : ['ref']);
/** The fields a token of each type takes (beside type, description, deprecated), in the order messages list them. */
const TOKEN_FIELDS: ReadonlyMap<TokenType, readonly string[]> = new Map(
  TOKEN_TYPES.map((type) => [type, [...ruleNames(type), ...referenceNames(type), 'modes']]),
);
/** The fields an entry of `modes` takes: a token's value fields (no `darkStep`: that is `modes.dark.step`). */
const MODE_FIELDS: ReadonlyMap<TokenType, readonly string[]> = new Map(
  TOKEN_TYPES.map((type) => [type, [...ruleNames(type).filter((name) => name !== 'darkStep'), ...referenceNames(type)]]),
);
const NO_OVERRIDES: ReadonlyMap<string, ValueFields> = new Map();

/**
 * Each token type by its name. A token's type is this constant, not the string read from its file: each of the many
 * comparisons and look-ups by type (of 10,000 tokens, in the compiler and the exports) is then one of a shared string
 * whose hash is known, rather than of the characters of one string per token.
 */
const TOKEN_TYPE_BY_NAME: ReadonlyMap<string, TokenType> = new Map(TOKEN_TYPES.map((type) => [type, type]));

function reportUnknownType(entry: TokenEntry, type: string, pos: SourcePosition, report: Report): void {
  report(
    pos,
    'unknown-token-type',
    () => `unknown token type \`${type}\` for \`${entry.key}\`${didYouMean(type, TOKEN_TYPES)}; the types are ${TOKEN_TYPES.join(', ')}`,
  );
}

/**
 * A token's type, description, value fields and per-mode overrides, checked: the light value is either a
 * `primitive` reference or the inline fields of its type (defaults filled in); each mode in `modes` overrides some
 * of them. Undefined, with every problem reported, when any is wrong.
 */
export function readTokenDraft(
  entry: TokenEntry,
  modeNames: readonly string[],
  report: Report,
  breakpointNames?: readonly string[],
): TokenDraft | undefined {
  // The walker takes a mapping for a token only when its `type` is a string.
  const typeField = entry.fields['type'];
  const type = typeof typeField?.value === 'string' ? TOKEN_TYPE_BY_NAME.get(typeField.value) : undefined;
  if (type === undefined) {
    reportUnknownType(entry, String(typeField?.value), typeField?.pos ?? entry.pos, report);
    return undefined;
  }
  const description = readDescription(entry, report);
  const deprecated = readDeprecation(entry, report);
  const valueFields = newFieldRecord<Located>();
  // `for...in` rather than `Object.entries`: no pair array per field of 10,000 tokens.
  for (const name in entry.fields) if (!NOT_VALUE_FIELDS.has(name)) valueFields[name] = valueAt(entry.fields, name);
  const fields = hasReference(valueFields)
    ? readReference(entry, type, valueFields, 'token', report)
    : isNone(type, valueFields)
      ? readNone(entry, type, valueFields, 'token', report)
      : readInlineFields(entry, type, valueFields, report);
  const overrides = readOverrides(entry, type, modeNames, report);
  const breakpoints =
    entry.fields['breakpoints'] === undefined ? NO_BREAKPOINTS : readBreakpointOverrides(entry, type, modeNames, breakpointNames, report);
  if (!description.valid || !deprecated.valid || fields === undefined || overrides === undefined || breakpoints === undefined)
    return undefined;
  const darkStep = valueFields['darkStep'];
  const writtenModes = entry.modes === undefined ? undefined : writtenModesOf(entry);
  let allOverrides = overrides;
  if (darkStep !== undefined) {
    const dark = overrides.get('dark');
    if (dark?.['step'] !== undefined) {
      report(darkStep.pos, 'extra-field', `\`${entry.key}\` gives its dark step twice: \`darkStep\` and \`modes.dark.step\`; keep one`);
      return undefined;
    }
    allOverrides = new Map(overrides).set('dark', { ...dark, step: darkStep });
  }
  const draft: TokenDraft = {
    entry,
    type,
    fields,
    overrides: allOverrides,
    writtenModes,
    description: description.text,
    deprecated: deprecated.value,
  };
  if (breakpoints.size === 0) return draft;
  return { ...draft, breakpoints, writtenBreakpoints: writtenBreakpointsOf(entry) };
}

const NO_BREAKPOINTS: ReadonlyMap<string, BreakpointOverride> = new Map();

/**
 * The `breakpoints` of a token: each a declared breakpoint, each a mapping of value fields (over the value of the
 * breakpoint before it, in every mode) and of `modes` (fields in one mode only); undefined, reported, when one is wrong.
 */
function readBreakpointOverrides(
  entry: TokenEntry,
  type: TokenType,
  modeNames: readonly string[],
  breakpointNames: readonly string[] | undefined,
  report: Report,
): ReadonlyMap<string, BreakpointOverride> | undefined {
  const field = valueAt(entry.fields, 'breakpoints');
  if (breakpointNames === undefined || breakpointNames.length === 0) {
    report(field.pos, 'unknown-breakpoint', `\`${entry.key}\` gives values per breakpoint, but system.yaml declares no \`breakpoints\``);
    return undefined;
  }
  if (entry.breakpoints === undefined) {
    report(
      field.pos,
      'invalid-breakpoint',
      `\`breakpoints\` of \`${entry.key}\` must map breakpoint names to value fields, e.g. \`md: { value: 20 }\``,
    );
    return undefined;
  }
  const allowed = MODE_FIELDS.get(type) ?? [];
  const overrides = new Map<string, BreakpointOverride>();
  let ok = true;
  for (const breakpoint of entry.breakpoints) {
    if (!breakpointNames.includes(breakpoint.name)) {
      report(
        breakpoint.pos,
        'unknown-breakpoint',
        () =>
          `\`${entry.key}\` gives a value for unknown breakpoint \`${breakpoint.name}\` (breakpoints: ${breakpointNames.join(', ')})${didYouMean(breakpoint.name, breakpointNames)}`,
      );
      ok = false;
      continue;
    }
    const where = `breakpoints.${breakpoint.name}`;
    const written = breakpoint.fields;
    const valueFields = newFieldRecord<Located>();
    for (const name in written) if (name !== 'modes') valueFields[name] = valueAt(written, name);
    const hasFields = Object.keys(valueFields).length > 0;
    if (written === undefined || (!hasFields && breakpoint.modes === undefined)) {
      report(
        breakpoint.valuePos,
        'invalid-breakpoint',
        `\`${where}\` of \`${entry.key}\` must be a mapping of the value fields that differ from ${breakpoint.name} up (and of \`modes\`)`,
      );
      ok = false;
      continue;
    }
    const fields = hasFields ? readFieldOverride(entry, type, valueFields, where, allowed, report) : undefined;
    if (hasFields && fields === undefined) ok = false;
    const modes = new Map<string, ValueFields>();
    if (written['modes'] !== undefined && breakpoint.modes === undefined) {
      report(written['modes'].pos, 'invalid-value', `\`${where}.modes\` of \`${entry.key}\` must map mode names to value fields`);
      ok = false;
    }
    for (const mode of breakpoint.modes ?? []) {
      if (mode.name === 'light') {
        report(
          mode.pos,
          'invalid-mode',
          `\`${entry.key}\`: the light value at \`${breakpoint.name}\` is the breakpoint's own fields; \`modes\` overrides the other modes`,
        );
        ok = false;
        continue;
      }
      if (!modeNames.includes(mode.name)) {
        report(
          mode.pos,
          'unknown-mode',
          () =>
            `\`${entry.key}\` gives a value at \`${breakpoint.name}\` for unknown mode \`${mode.name}\` (modes: ${modeNames.join(', ')})${didYouMean(mode.name, modeNames)}`,
        );
        ok = false;
        continue;
      }
      if (mode.fields === undefined || Object.keys(mode.fields).length === 0) {
        report(mode.valuePos, 'invalid-value', `\`${where}.modes.${mode.name}\` of \`${entry.key}\` must be a mapping of value fields`);
        ok = false;
        continue;
      }
      const modeFields = readFieldOverride(entry, type, mode.fields, `${where}.modes.${mode.name}`, allowed, report);
      if (modeFields === undefined) ok = false;
      else modes.set(mode.name, modeFields);
    }
    overrides.set(breakpoint.name, { fields, modes });
  }
  return ok ? overrides : undefined;
}

/** The `breakpoints` field as the API shows it: each breakpoint's fields (and `modes`) as written. */
function writtenBreakpointsOf(entry: TokenEntry): Record<string, TokenValue> {
  const written: Record<string, TokenValue> = {};
  for (const breakpoint of entry.breakpoints ?? []) {
    const fields = breakpoint.fields ?? {};
    written[breakpoint.name] = Object.fromEntries(Object.entries(fields).map(([name, located]) => [name, writtenValueOf(located)]));
  }
  return written;
}

/** Whether a token's (or a mode's) fields refer to a primitive or another token instead of giving a value. */
export const hasReference = (fields: ValueFields): boolean => fields['primitive'] !== undefined || fields['ref'] !== undefined;

/** The types whose value may be `none` (`value: none`): no shadow, no border, no gradient. */
export const NONE_TYPES: readonly TokenType[] = ['border', 'gradient', 'shadow'];

/** Whether a token's (or a mode's) fields write its value as `none` rather than its parts (`value` is checked to be `none`). */
export const isNone = (type: TokenType, fields: ValueFields): boolean => fields['value'] !== undefined && NONE_TYPES.includes(type);

/** Whether fields stand for the whole value, so that a mode's fields replace them rather than lie over them: a reference or `none`. */
export const standsAlone = (type: TokenType, fields: ValueFields): boolean => hasReference(fields) || isNone(type, fields);

/** Fields that may sit beside `ref`, by type: a color's `alpha` replaces the alpha of the color it names. */
const BESIDE_REF: Readonly<Partial<Record<TokenType, readonly string[]>>> = { color: ['alpha'] };

/** What a token without a description gets: one shared answer rather than an object per token. */
const NO_DESCRIPTION = Object.freeze({ valid: true, text: undefined });

function readDescription(entry: TokenEntry, report: Report): { valid: boolean; text: string | undefined } {
  const field = entry.fields['description'];
  if (field === undefined) return NO_DESCRIPTION;
  if (typeof field.value === 'string') return { valid: true, text: field.value };
  report(field.pos, 'invalid-value', `\`description\` of \`${entry.key}\` must be a string`);
  return { valid: false, text: undefined };
}

/**
 * `{ primitive }` or `{ ref }` of a token whose value refers to a primitive or to another token: it then takes no
 * other value field, and no color or composite names a primitive.
 */
function readReference(entry: TokenEntry, type: TokenType, fields: ValueFields, where: string, report: Report): ValueFields | undefined {
  // Called only when one of them is given; `other` is the second when both are.
  const givesPrimitive = fields['primitive'] !== undefined;
  const name = givesPrimitive ? 'primitive' : 'ref';
  const other = givesPrimitive && fields['ref'] !== undefined ? 'ref' : undefined;
  const field = fields[name];
  if (field === undefined) return undefined;
  if (name === 'primitive' && !isPrimitiveType(type)) {
    report(
      field.pos,
      'primitive-not-allowed',
      type === 'color'
        ? `color token \`${entry.key}\` takes a \`scale\` and \`step\`, a \`color\` or a \`ref\`, not a \`primitive\``
        : `${type} token \`${entry.key}\` takes its fields or a \`ref\`, not a \`primitive\` (there are no ${type} primitives)`,
    );
    return undefined;
  }
  let ok = true;
  // The reference first, then what may sit beside it.
  const whole: Record<string, Located> = { [name]: field };
  // `for...in` rather than `Object.entries`: no pair array per field of 10,000 tokens.
  for (const fieldName in fields) {
    if (fieldName === name) continue;
    const located = valueAt(fields, fieldName);
    if (name === 'ref' && other === undefined && BESIDE_REF[type]?.includes(fieldName)) {
      const problem = TOKEN_FIELD_RULES[type][fieldName]?.check(located.value);
      if (problem === undefined) whole[fieldName] = located;
      else {
        report(
          located.pos,
          'invalid-value',
          `\`${fieldName}\` of \`${entry.key}\` must be ${problem}, got ${describeValue(located.value)}`,
        );
        ok = false;
      }
      continue;
    }
    const refersTo = name === 'primitive' ? 'a primitive' : 'another token';
    report(
      located.pos,
      'extra-field',
      fieldName === other
        ? `\`${entry.key}\` gives both \`primitive\` and \`ref\`${where === 'token' ? '' : ` in ${where}`}; keep one`
        : `\`${entry.key}\` refers to ${refersTo}${where === 'token' ? '' : ` in ${where}`}, so it takes no \`${fieldName}\``,
    );
    ok = false;
  }
  if (typeof field.value !== 'string' || !TOKEN_KEY.test(field.value)) {
    const example = name === 'primitive' ? `\`${type}.md\`` : '`color.bg.default` (the key of a token, without braces)';
    report(field.pos, 'invalid-value', `\`${name}\` of \`${entry.key}\` must be a name like ${example}, got ${describeValue(field.value)}`);
    return undefined;
  }
  return ok ? whole : undefined;
}

/**
 * `{ value: none }` of a shadow, border or gradient that is none (in `where`, `token` or a mode): it then takes no
 * part; undefined, reported, when `value` is anything but `none` or a part is written beside it.
 */
function readNone(entry: TokenEntry, type: TokenType, fields: ValueFields, where: string, report: Report): ValueFields | undefined {
  // Called only when `value` is given.
  const field = fields['value'];
  if (field === undefined) return undefined;
  if (field.value !== 'none') {
    const alternative = ALTERNATIVE_FIELDS[type];
    const names = (list: readonly string[]): string => list.map((name) => `\`${name}\``).join(', ');
    const parts =
      alternative === undefined
        ? names(Object.keys(TOKEN_FIELD_RULES[type]))
        : `\`${alternative.field}\`, or ${names(alternative.replaces)}`;
    report(
      field.pos,
      'invalid-value',
      `\`value\` of \`${entry.key}\` must be \`none\` (a ${type} is otherwise written with its parts: ${parts}), got ${describeValue(field.value)}`,
    );
    return undefined;
  }
  let ok = true;
  for (const [name, located] of Object.entries(fields)) {
    if (name === 'value') continue;
    report(
      located.pos,
      'extra-field',
      `\`${entry.key}\` is \`none\`${where === 'token' ? '' : ` in ${where}`}, so it takes no \`${name}\``,
    );
    ok = false;
  }
  return ok ? { value: field } : undefined;
}

/** Every field of `fields` is one the type takes, with a valid value; undefined, reported, when one is not. */
function checkFieldValues(entry: TokenEntry, type: TokenType, fields: ValueFields, allowed: readonly string[], report: Report): boolean {
  const rules = TOKEN_FIELD_RULES[type];
  let ok = true;
  // `for...in` rather than `Object.entries`, as above.
  for (const name in fields) {
    const field = valueAt(fields, name);
    const rule = rules[name];
    if (rule === undefined || !allowed.includes(name)) {
      report(
        field.pos,
        'extra-field',
        () => `${type} token \`${entry.key}\` has no field \`${name}\` (allowed: ${allowed.join(', ')})${didYouMean(name, allowed)}`,
      );
      ok = false;
      continue;
    }
    const problem = rule.check(field.value);
    if (problem !== undefined) {
      report(field.pos, 'invalid-value', `\`${name}\` of \`${entry.key}\` must be ${problem}, got ${describeValue(field.value)}`);
      ok = false;
    }
  }
  const keyword = keywordOf(type, fields['value']?.value);
  const unit = fields['unit'];
  if (keyword !== undefined && unit !== undefined) {
    report(unit.pos, 'extra-field', `\`value\` of \`${entry.key}\` is the keyword \`${keyword}\`, so it takes no \`unit\``);
    ok = false;
  }
  if (ok && unit !== undefined && isFluidWritten(fields['value']?.value) && !FLUID_UNITS.includes(unit.value as DimensionUnit)) {
    report(
      unit.pos,
      'invalid-value',
      `\`value\` of \`${entry.key}\` is fluid, so its \`unit\` must be \`px\` or \`rem\` (the units its coefficients are worked out in), got ${describeValue(unit.value)}`,
    );
    ok = false;
  }
  return ok;
}

/** The inline value fields of a token's type, each checked, defaults filled in. */
function readInlineFields(entry: TokenEntry, type: TokenType, fields: ValueFields, report: Report): ValueFields | undefined {
  const misplaced = fields['value'];
  if (type === 'color' && misplaced !== undefined && fields['color'] === undefined) {
    // One message for the common slip, instead of `value` refused and `scale`, `step` missing.
    report(
      misplaced.pos,
      'extra-field',
      `color token \`${entry.key}\` takes a literal color in \`color\`, not \`value\` (or a \`scale\` and \`step\`, or a \`ref\`)`,
    );
    return undefined;
  }
  const valid = checkFieldValues(entry, type, fields, TOKEN_FIELDS.get(type) ?? [], report);
  const ok = checkAlternatives(entry, type, fields, '', report) && valid;
  const complete = withDefaults(entry, type, fields, entry.pos, report);
  return ok ? complete : undefined;
}

/** A field that stands for others (a literal `color`, a shadow's `layers`) is not written together with them. */
function checkAlternatives(entry: TokenEntry, type: TokenType, fields: ValueFields, where: string, report: Report): boolean {
  const alternative = ALTERNATIVE_FIELDS[type];
  if (alternative === undefined || fields[alternative.field] === undefined) return true;
  let ok = true;
  for (const name of alternative.replaces) {
    const field = fields[name];
    if (field === undefined) continue;
    const what = type === 'color' ? 'a literal `color`' : `\`${alternative.field}\``;
    report(
      field.pos,
      'extra-field',
      `${where === '' ? `${type} token ` : `\`${where}\` of `}\`${entry.key}\` has ${what}, so it takes no \`${name}\``,
    );
    ok = false;
  }
  return ok;
}

/** Per type, its value fields but `darkStep` in order, each with its rule and whether it may be left out. */
const RULE_ENTRIES: ReadonlyMap<TokenType, readonly { name: string; rule: FieldRule; optional: boolean }[]> = new Map(
  TOKEN_TYPES.map((type) => [
    type,
    Object.entries(TOKEN_FIELD_RULES[type])
      .filter(([name]) => name !== 'darkStep')
      .map(([name, rule]) => ({ name, rule, optional: OPTIONAL_FIELDS.has(`${type}.${name}`) })),
  ]),
);

/**
 * The value fields of `fields`, in the order of its type's fields, with the defaults filled in (`darkStep` apart: it
 * is dark's `step`); undefined, reported at `pos`, when a required field is missing. A color needs `scale` and `step`
 * unless it has a literal `color`.
 */
export function withDefaults(
  entry: TokenEntry,
  type: TokenType,
  fields: ValueFields,
  pos: SourcePosition,
  report: Report,
  where = '',
): ValueFields | undefined {
  if (standsAlone(type, fields)) return fields;
  const complete: Record<string, Located> = {};
  const alternative = ALTERNATIVE_FIELDS[type];
  const replaced = alternative !== undefined && fields[alternative.field] !== undefined ? alternative.replaces : [];
  let ok = true;
  // A keyword (`auto`, `normal`) has no unit: none is filled in beside it.
  const keyword = keywordOf(type, fields['value']?.value) !== undefined;
  for (const { name, rule, optional } of RULE_ENTRIES.get(type) ?? []) {
    const field = fields[name];
    if (field !== undefined) complete[name] = field;
    else if (replaced.includes(name) || (keyword && name === 'unit')) continue;
    else if (rule.default !== undefined) complete[name] = { value: rule.default, pos };
    else if (!optional) {
      report(pos, 'missing-field', `${type} token \`${entry.key}\` is missing \`${name}\`${where}`);
      ok = false;
    }
  }
  return ok ? complete : undefined;
}

/** The `modes` of a token: each a declared mode, each a mapping of value fields the type takes. */
function readOverrides(
  entry: TokenEntry,
  type: TokenType,
  modeNames: readonly string[],
  report: Report,
): ReadonlyMap<string, ValueFields> | undefined {
  const field = entry.fields['modes'];
  if (field === undefined) return NO_OVERRIDES;
  const overrides = new Map<string, ValueFields>();
  if (entry.modes === undefined) {
    report(field.pos, 'invalid-value', `\`modes\` of \`${entry.key}\` must map mode names to value fields, e.g. \`dark: { step: 400 }\``);
    return undefined;
  }
  const allowed = MODE_FIELDS.get(type) ?? [];
  let ok = true;
  for (const mode of entry.modes) {
    if (!readOverride(entry, type, mode, modeNames, allowed, overrides, report)) ok = false;
  }
  return ok ? overrides : undefined;
}

function readOverride(
  entry: TokenEntry,
  type: TokenType,
  mode: NamedFields,
  modeNames: readonly string[],
  allowed: readonly string[],
  overrides: Map<string, ValueFields>,
  report: Report,
): boolean {
  if (mode.name === 'light') {
    report(mode.pos, 'invalid-mode', `\`${entry.key}\`: the light value is the token's own fields; \`modes\` overrides the other modes`);
    return false;
  }
  if (!modeNames.includes(mode.name)) {
    report(
      mode.pos,
      'unknown-mode',
      () =>
        `\`${entry.key}\` gives a value for unknown mode \`${mode.name}\` (modes: ${modeNames.join(', ')})${didYouMean(mode.name, modeNames)}`,
    );
    return false;
  }
  const fields = mode.fields;
  if (fields === undefined || Object.keys(fields).length === 0) {
    report(
      mode.valuePos,
      'invalid-value',
      `\`modes.${mode.name}\` of \`${entry.key}\` must be a mapping of the value fields that differ in ${mode.name}`,
    );
    return false;
  }
  const whole = readFieldOverride(entry, type, fields, `modes.${mode.name}`, allowed, report);
  if (whole !== undefined) overrides.set(mode.name, whole);
  return whole !== undefined;
}

/** The value fields of one override (a mode's, a breakpoint's), checked; `where` names it in messages. */
function readFieldOverride(
  entry: TokenEntry,
  type: TokenType,
  fields: ValueFields,
  where: string,
  allowed: readonly string[],
  report: Report,
): ValueFields | undefined {
  if (hasReference(fields) || isNone(type, fields)) {
    return hasReference(fields)
      ? readReference(entry, type, fields, `\`${where}\``, report)
      : readNone(entry, type, fields, `\`${where}\``, report);
  }
  if (!checkFieldValues(entry, type, fields, allowed, report)) return undefined;
  if (!checkAlternatives(entry, type, fields, where, report)) return undefined;
  return fields;
}

/** The `modes` field as the API shows it: each mode's fields as written. */
function writtenModesOf(entry: TokenEntry): Record<string, TokenValue> | undefined {
  if (entry.modes === undefined || entry.modes.length === 0) return undefined;
  const written: Record<string, TokenValue> = {};
  for (const mode of entry.modes) {
    const fields = mode.fields ?? {};
    written[mode.name] = Object.fromEntries(Object.entries(fields).map(([name, located]) => [name, writtenValueOf(located)]));
  }
  return written;
}
