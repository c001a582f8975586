import { describeValue } from './message-text.js';
import type { Report } from './pending-diagnostic.js';
import type { Located, TokenEntry } from './source-entries.js';
import { didYouMean } from './suggest.js';
import { isTokenType, TOKEN_TYPES } from './types.js';
import type { SourcePosition, TokenType, TokenValue } from './types.js';
import { OPTIONAL_FIELDS, TOKEN_FIELD_RULES } from './value-rules.js';

/** A token whose own fields are checked, before its references are resolved. */
export interface TokenDraft {
  readonly entry: TokenEntry;
  readonly type: TokenType;
  readonly value: TokenValue;
  readonly description: string | undefined;
}

/** Where field `name` of a token is written; the token itself when the field is not. */
export function fieldPosition(entry: TokenEntry, name: string): SourcePosition {
  return entry.fields[name]?.pos ?? entry.pos;
}

/**
 * A token's type, description and value fields, checked: either a `primitive` reference or the inline fields of
 * its type (defaults filled in). Undefined, with every problem reported, when any is wrong.
 */
export function readTokenDraft(entry: TokenEntry, report: Report): TokenDraft | undefined {
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
  const fieldNames = Object.keys(entry.fields).filter((name) => name !== 'type' && name !== 'description');
  const value =
    entry.fields['primitive'] !== undefined
      ? readPrimitiveReference(entry, type, fieldNames, report)
      : readInlineFields(entry, type, fieldNames, report);
  if (!description.valid || value === undefined) return undefined;
  return { entry, type, value, description: description.text };
}

function readDescription(entry: TokenEntry, report: Report): { valid: boolean; text: string | undefined } {
  const field = entry.fields['description'];
  if (field === undefined) return { valid: true, text: undefined };
  if (typeof field.value === 'string') return { valid: true, text: field.value };
  report(field.pos, 'invalid-value', `\`description\` of \`${entry.key}\` must be a string`);
  return { valid: false, text: undefined };
}

/** `{ primitive }` of a token that refers to a primitive, which then takes no other value field (and no color does). */
function readPrimitiveReference(entry: TokenEntry, type: TokenType, fieldNames: readonly string[], report: Report): TokenValue | undefined {
  const primitiveField = entry.fields['primitive'] as Located;
  if (type === 'color') {
    report(primitiveField.pos, 'primitive-not-allowed', `color token \`${entry.key}\` takes a \`scale\` and \`step\`, not a \`primitive\``);
    return undefined;
  }
  let ok = true;
  for (const name of fieldNames) {
    if (name === 'primitive') continue;
    report((entry.fields[name] as Located).pos, 'extra-field', `\`${entry.key}\` refers to a primitive, so it takes no \`${name}\``);
    ok = false;
  }
  if (typeof primitiveField.value !== 'string' || primitiveField.value === '') {
    report(primitiveField.pos, 'invalid-value', `\`primitive\` of \`${entry.key}\` must be a name like \`${type}.md\``);
    return undefined;
  }
  return ok ? { primitive: primitiveField.value } : undefined;
}

/** The inline value fields of a token's type, each checked, defaults filled in; a color's `darkStep` defaults to its `step`. */
function readInlineFields(entry: TokenEntry, type: TokenType, fieldNames: readonly string[], report: Report): TokenValue | undefined {
  const rules = TOKEN_FIELD_RULES[type];
  const value: Record<string, string | number | boolean> = {};
  let ok = true;
  for (const name of fieldNames) {
    if (!(name in rules)) {
      const allowed = [...Object.keys(rules), ...(type === 'color' ? [] : ['primitive'])];
      report(
        (entry.fields[name] as Located).pos,
        'extra-field',
        () => `${type} token \`${entry.key}\` has no field \`${name}\` (allowed: ${allowed.join(', ')})${didYouMean(name, allowed)}`,
      );
      ok = false;
    }
  }
  for (const [name, rule] of Object.entries(rules)) {
    const field = entry.fields[name];
    if (field === undefined) {
      if (rule.default !== undefined) value[name] = rule.default;
      else if (!OPTIONAL_FIELDS.has(`${type}.${name}`)) {
        report(entry.pos, 'missing-field', `${type} token \`${entry.key}\` is missing \`${name}\``);
        ok = false;
      }
      continue;
    }
    const problem = rule.check(field.value);
    if (problem !== undefined) {
      report(field.pos, 'invalid-value', `\`${name}\` of \`${entry.key}\` must be ${problem}, got ${describeValue(field.value)}`);
      ok = false;
      continue;
    }
    value[name] = field.value as string | number | boolean;
  }
  if (type === 'color' && value['darkStep'] === undefined && value['step'] !== undefined) value['darkStep'] = value['step'];
  return ok ? value : undefined;
}
