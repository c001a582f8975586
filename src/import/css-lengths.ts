import { LENGTH_KEYWORDS, LENGTH_UNITS, MAX_LENGTH_LIST } from '../compile/fields/value-rules.js';
import type { TokenType } from '../compile/types.js';

const KEYWORDS_BY_TYPE: Partial<Record<TokenType, readonly string[]>> = LENGTH_KEYWORDS;
const UNITS_BY_TYPE: Partial<Record<TokenType, readonly string[]>> = LENGTH_UNITS;
const LENGTH_ITEM = /^-?(?:\d+\.?\d*|\.\d+)[a-z%]+$/;

/**
 * The values of a CSS length shorthand written as text (`0 0 0 0.875rem`, `8px 16px`, `0 auto`): 2 to 4 values, each
 * `0` (written as the number 0), a length as written, or `auto`, as a spacing's `value` list holds them; undefined
 * for anything else (one value, a keyword, a shadow). Units are not checked here.
 * @example lengthListOf('0 0 0 0.875rem') // [0, 0, 0, '0.875rem']
 */
export function lengthListOf(raw: unknown): (number | string)[] | undefined {
  if (typeof raw !== 'string') return undefined;
  const parts = raw.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > MAX_LENGTH_LIST) return undefined;
  if (!parts.every((part) => part === '0' || part === 'auto' || LENGTH_ITEM.test(part))) return undefined;
  return parts.map((part) => (part === '0' ? 0 : part));
}

/** The CSS keywords where a length goes that some length type of ours holds (`auto`, `none`, `normal`, ...). */
export const KEYWORDS_OF_LENGTHS: ReadonlySet<string> = new Set(Object.values(LENGTH_KEYWORDS).flat());

/** What a length type takes beside lengths, for a message: `auto`, or `no keyword`. */
export function keywordsTaken(type: TokenType): string {
  const keywords = KEYWORDS_BY_TYPE[type] ?? [];
  return keywords.length === 0 ? 'no keyword' : keywords.map((keyword) => `\`${keyword}\``).join(', ');
}

/** The units a length type takes, for a message. */
export function unitsTaken(type: TokenType): readonly string[] {
  return UNITS_BY_TYPE[type] ?? [];
}

/**
 * Whether `raw` is a length shorthand with `{references}` among its values (`{space.sm} {space.md}`, `{space.l} 0`: a
 * padding's shorthand), each reference naming a length: `literalOf` gives a key's literal value (its alias chain
 * followed), undefined when it has none. Typed from its value such text is a spacing, not a transition of two parts.
 */
export function isLengthListWithReferences(raw: unknown, literalOf: (key: string) => unknown): boolean {
  if (typeof raw !== 'string' || !raw.includes('{') || /^\{[^{}]+\}$/.test(raw.trim())) return false;
  const replaced = raw.replace(/\{([^{}]+)\}/g, (whole, key: string) => {
    const value = literalOf(key);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
  return !replaced.includes('{') && lengthListOf(replaced) !== undefined;
}
