/** What a reader of a CSS string gives: the value in DTCG's shape with what was not carried exactly, or why it cannot. */
export type CssRead<T> = { readonly value: T; readonly lossy: readonly string[] } | { readonly problem: string };

/** A whole alias word: `{color.border}`. */
export const ALIAS_WORD = /^\{[^{}]+\}$/;

/**
 * `text` split at `separator` (`,` or a space) outside parentheses and `{...}` aliases, each part trimmed, empty
 * parts dropped for spaces: `0 1px rgba(0, 0, 0, 0.1), inset 0 0 {color.ring}` at `,` is its two layers.
 */
export function splitCss(text: string, separator: ',' | ' '): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(' || char === '{') depth += 1;
    if ((char === ')' || char === '}') && depth > 0) depth -= 1;
    const splits = depth === 0 && (separator === ' ' ? /\s/.test(char) : char === separator);
    if (splits) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return separator === ' ' ? parts.filter((part) => part !== '') : parts;
}

/** `a`, `a and b`, `a, b and c`: the words quoted, for a reason. */
export const quoted = (words: readonly string[]): string => {
  const each = words.map((word) => `\`${word}\``);
  const last = each.at(-1);
  return last === undefined || each.length === 1 ? each.join('') : `${each.slice(0, -1).join(', ')} and ${last}`;
};
