import { parseIsoDate } from '../values/iso-date.js';
import { describeValue } from '../diagnostics/message-text.js';
import { TOKEN_KEY } from '../values/name-rules.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import type { Located, TokenEntry } from '../yaml/source-entries.js';
import type { Deprecation } from '../types.js';

const FIELDS = ['message', 'replacement', 'since'];
/** What most tokens get: one shared answer rather than an object per token. */
const NOT_DEPRECATED = Object.freeze({ valid: true, value: undefined });
/**
 * What a message may not hold, and why: it is written into CSS and TypeScript comments, and `<` could end the
 * `<style>` or `<script>` element of a page that inlines them (`*\/` is written `* /` there).
 */
const WITHOUT_MARKUP = 'without `<` (it is written into CSS and TypeScript comments, which a page may inline)';

/**
 * A token's `deprecated` field: `true`, a message, or `{ message, replacement, since }` (each optional; `replacement`
 * the key of the token to use instead, `since` an ISO date). Whether the replacement exists is checked once every
 * token is known.
 */
export function readDeprecation(entry: TokenEntry, report: Report): { valid: boolean; value: Deprecation | undefined } {
  const field = entry.fields['deprecated'];
  return field === undefined || field.value === false ? NOT_DEPRECATED : readDeprecatedField(entry, field, report);
}

// Apart from `readDeprecation`, so that the scope its messages keep is made only for the tokens that have the field.
function readDeprecatedField(entry: TokenEntry, field: Located, report: Report): { valid: boolean; value: Deprecation | undefined } {
  if (field.value === true) return { valid: true, value: { message: null, replacement: null, since: null } };
  const problem = (text: string): { valid: false; value: undefined } => {
    report(field.pos, 'invalid-value', `\`deprecated\` of \`${entry.key}\` ${text}`);
    return { valid: false, value: undefined };
  };
  if (typeof field.value === 'string' && field.value.trim() !== '') {
    if (field.value.includes('<')) return problem(`must be a message ${WITHOUT_MARKUP}, got ${describeValue(field.value)}`);
    return { valid: true, value: { message: field.value, replacement: null, since: null } };
  }
  const written = field.value;
  if (typeof written !== 'object' || written === null || Array.isArray(written)) {
    return problem(`must be \`true\`, a message, or \`{ message, replacement, since }\`, got ${describeValue(written)}`);
  }
  const fields = written as Record<string, unknown>;
  const unknown = Object.keys(fields).find((name) => !FIELDS.includes(name));
  if (unknown !== undefined) return problem(`has no field \`${unknown}\` (allowed: ${FIELDS.join(', ')})`);
  const { message = null, replacement = null, since = null } = fields;
  if (message !== null && (typeof message !== 'string' || message.trim() === '')) return problem('`message` must be a non-empty string');
  if (typeof message === 'string' && message.includes('<')) {
    return problem(`\`message\` must be text ${WITHOUT_MARKUP}, got ${describeValue(message)}`);
  }
  if (replacement !== null && (typeof replacement !== 'string' || !TOKEN_KEY.test(replacement))) {
    return problem(`\`replacement\` must be the key of a token, like \`color.fg.default\`, got ${describeValue(replacement)}`);
  }
  if (since !== null && (typeof since !== 'string' || parseIsoDate(since) === undefined)) {
    return problem(`\`since\` must be an ISO 8601 date like \`2026-10-01\`, got ${describeValue(since)}`);
  }
  return { valid: true, value: { message, replacement, since } };
}
