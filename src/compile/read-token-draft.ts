import { describeValue } from './message-text.js';
import type { Report } from './pending-diagnostic.js';
import type { Located, NamedFields, TokenEntry } from './source-entries.js';
import { didYouMean } from './suggest.js';
import { isTokenType, TOKEN_TYPES } from './types.js';
import type { SourcePosition, TokenType, TokenValue } from './types.js';
import { OPTIONAL_FIELDS, TOKEN_FIELD_RULES } from './value-rules.js';
import type { FieldRule } from './value-rules.js';

/** Value fields by name, each with the place it was written (defaults sit at their token). */
export type ValueFields = Readonly<Record<string, Located>>;

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
}

const NOT_VALUE_FIELDS = new Set(['type', 'description', 'modes']);

const ruleNames = (type: TokenType): string[] => Object.keys(TOKEN_FIELD_RULES[type]);
/** The fields a token of each type takes (beside type, description), in the order messages list them. */
const TOKEN_FIELDS = Object.fromEntries(
  TOKEN_TYPES.map((type) => [type, [...ruleNames(type), ...(type === 'color' ? [] : ['primitive']), 'modes']]),
) as unknown as Record<TokenType, readonly string[]>;
/** The fields an entry of `modes` takes: a token's value fields (no `darkStep`: that is `modes.dark.step`). */
const MODE_FIELDS = Object.fromEntries(
  TOKEN_TYPES.map((type) => [type, [...ruleNames(type).filter((name) => name !== 'darkStep'), ...(type === 'color' ? [] : ['primitive'])]]),
) as unknown as Record<TokenType, readonly string[]>;
const NO_OVERRIDES: ReadonlyMap<string, ValueFields> = new Map();

/**
 * A token's type, description, value fields and per-mode overrides, checked: the light value is either a
 * `primitive` reference or the inline fields of its type (defaults filled in); each mode in `modes` overrides some
 * of them. Undefined, with every problem reported, when any is wrong.
 */
export function readTokenDraft(entry: TokenEntry, modeNames: readonly string[], report: Report): TokenDraft | undefined {
  const typeField = entry.fields['type'] as Located;
  const type = typeField.value as string;
  if (!isTokenType(type)) {
    report(
      typeField.pos,
      'unknown-token-type',
      () => `unknown token type \`${type}\` for \`${entry.key}\`${didYouMean(type, TOKEN_TYPES)}`,
    );
    return undefined;
  }
  const description = readDescription(entry, report);
  const valueFields: Record<string, Located> = Object.create(null) as Record<string, Located>;
  for (const name in entry.fields) if (!NOT_VALUE_FIELDS.has(name)) valueFields[name] = entry.fields[name] as Located;
  const fields =
    valueFields['primitive'] !== undefined
      ? readPrimitiveReference(entry, type, valueFields, 'token', report)
      : readInlineFields(entry, type, valueFields, report);
  const overrides = readOverrides(entry, type, modeNames, report);
  if (!description.valid || fields === undefined || overrides === undefined) return undefined;
  const darkStep = valueFields['darkStep'];
  const writtenModes = entry.modes === undefined ? undefined : writtenModesOf(entry);
  if (darkStep === undefined) return { entry, type, fields, overrides, writtenModes, description: description.text };
  const dark = overrides.get('dark');
  if (dark?.['step'] !== undefined) {
    report(darkStep.pos, 'extra-field', `\`${entry.key}\` gives its dark step twice: \`darkStep\` and \`modes.dark.step\`; keep one`);
    return undefined;
  }
  const withDark = new Map(overrides).set('dark', { ...dark, step: darkStep });
  return { entry, type, fields, overrides: withDark, writtenModes, description: description.text };
}

function readDescription(entry: TokenEntry, report: Report): { valid: boolean; text: string | undefined } {
  const field = entry.fields['description'];
  if (field === undefined) return { valid: true, text: undefined };
  if (typeof field.value === 'string') return { valid: true, text: field.value };
  report(field.pos, 'invalid-value', `\`description\` of \`${entry.key}\` must be a string`);
  return { valid: false, text: undefined };
}

/** `{ primitive }` of a token that refers to a primitive, which then takes no other value field (and no color does). */
function readPrimitiveReference(
  entry: TokenEntry,
  type: TokenType,
  fields: ValueFields,
  where: string,
  report: Report,
): ValueFields | undefined {
  const primitiveField = fields['primitive'] as Located;
  if (type === 'color') {
    report(
      primitiveField.pos,
      'primitive-not-allowed',
      `color token \`${entry.key}\` takes a \`scale\` and \`step\` or a \`color\`, not a \`primitive\``,
    );
    return undefined;
  }
  let ok = true;
  for (const [name, located] of Object.entries(fields)) {
    if (name === 'primitive') continue;
    report(
      located.pos,
      'extra-field',
      `\`${entry.key}\` refers to a primitive${where === 'token' ? '' : ` in ${where}`}, so it takes no \`${name}\``,
    );
    ok = false;
  }
  if (typeof primitiveField.value !== 'string' || primitiveField.value === '') {
    report(primitiveField.pos, 'invalid-value', `\`primitive\` of \`${entry.key}\` must be a name like \`${type}.md\``);
    return undefined;
  }
  return ok ? { primitive: primitiveField } : undefined;
}

/** Every field of `fields` is one the type takes, with a valid value; undefined, reported, when one is not. */
function checkFieldValues(entry: TokenEntry, type: TokenType, fields: ValueFields, allowed: readonly string[], report: Report): boolean {
  const rules = TOKEN_FIELD_RULES[type];
  let ok = true;
  for (const name in fields) {
    const field = fields[name] as Located;
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
  return ok;
}

/** The inline value fields of a token's type, each checked, defaults filled in. */
function readInlineFields(entry: TokenEntry, type: TokenType, fields: ValueFields, report: Report): ValueFields | undefined {
  let ok = checkFieldValues(entry, type, fields, TOKEN_FIELDS[type], report);
  if (type === 'color' && fields['color'] !== undefined) {
    for (const name of ['scale', 'step', 'darkStep']) {
      const field = fields[name];
      if (field === undefined) continue;
      report(field.pos, 'extra-field', `color token \`${entry.key}\` has a literal \`color\`, so it takes no \`${name}\``);
      ok = false;
    }
  }
  const complete = withDefaults(entry, type, fields, entry.pos, report);
  return ok ? complete : undefined;
}

const RULE_ENTRIES = Object.fromEntries(
  TOKEN_TYPES.map((type) => [type, Object.entries(TOKEN_FIELD_RULES[type]).filter(([name]) => name !== 'darkStep')]),
) as unknown as Record<TokenType, readonly [string, FieldRule][]>;

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
  if (fields['primitive'] !== undefined) return fields;
  const complete: Record<string, Located> = {};
  const literal = type === 'color' && fields['color'] !== undefined;
  let ok = true;
  for (const [name, rule] of RULE_ENTRIES[type]) {
    const field = fields[name];
    if (field !== undefined) complete[name] = field;
    else if (rule.default !== undefined) complete[name] = { value: rule.default, pos };
    else if (!literal && !OPTIONAL_FIELDS.has(`${type}.${name}`)) {
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
  const allowed = MODE_FIELDS[type];
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
  const where = `modes.${mode.name}`;
  if (fields['primitive'] !== undefined) {
    const reference = readPrimitiveReference(entry, type, fields, `\`${where}\``, report);
    if (reference !== undefined) overrides.set(mode.name, reference);
    return reference !== undefined;
  }
  if (!checkFieldValues(entry, type, fields, allowed, report)) return false;
  if (type === 'color' && fields['color'] !== undefined && (fields['scale'] !== undefined || fields['step'] !== undefined)) {
    report(
      (fields['scale'] ?? fields['step'] ?? mode).pos,
      'extra-field',
      `\`${where}\` of \`${entry.key}\` has a literal \`color\`, so it takes no \`scale\` or \`step\``,
    );
    return false;
  }
  overrides.set(mode.name, fields);
  return true;
}

/** The `modes` field as the API shows it: each mode's fields as written. */
function writtenModesOf(entry: TokenEntry): Record<string, TokenValue> | undefined {
  if (entry.modes === undefined || entry.modes.length === 0) return undefined;
  const written: Record<string, TokenValue> = {};
  for (const mode of entry.modes) {
    const fields = mode.fields ?? {};
    written[mode.name] = Object.fromEntries(
      Object.entries(fields).map(([name, located]) => [name, located.value as string | number | boolean]),
    );
  }
  return written;
}
