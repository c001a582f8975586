/** Where a string is written in CSS: a declaration's value, or a media condition (`@media <condition> {`). */
export type CssTextContext = 'value' | 'media';

const CLOSING: Readonly<Record<string, string>> = { ')': '(', ']': '[' };

/** What each character refused everywhere would do, written into a stylesheet that a page may inline. */
const REFUSED: Readonly<Record<string, string>> = {
  ';': 'would end the declaration',
  '{': 'would open a block',
  '}': 'would end the rule',
  '<': 'could end the `<style>` element of a page that inlines the stylesheet',
  '>': 'is not part of a value',
  '\\': 'would start an escape',
};

/**
 * Why `text` could break out of where it is written in CSS, or undefined when it cannot: a `;`, `{`, `}`, `<`, `>`,
 * `\` or control character anywhere, `/*` or `*\/` anywhere (even inside quotes), a quote or a bracket (`(`, `[`) that
 * is not closed, a closing bracket that closes nothing or another kind; in a media condition also any quote and a
 * comma outside brackets (which would start another media query). Positions count characters from 1.
 * @example findCssBreakout('Inter /* x', 'value') // '`/*` at character 7 would open a comment'
 */
export function findCssBreakout(text: string, context: CssTextContext): string | undefined {
  const open: { char: string; at: number }[] = [];
  let quote: { char: string; at: number } | undefined;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    const at = index + 1;
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f)
      return `a control character (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at character ${at}`;
    const refused = REFUSED[char];
    if (refused !== undefined) return `\`${char}\` at character ${at} ${refused}`;
    const next = text[index + 1];
    if (char === '/' && next === '*') return `\`/*\` at character ${at} would open a comment`;
    if (char === '*' && next === '/') return `\`*/\` at character ${at} would close a comment`;
    if (quote !== undefined) {
      if (char === quote.char) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") {
      if (context === 'media') return `\`${char}\` at character ${at}: a media condition takes no quotes`;
      quote = { char, at };
    } else if (char === '(' || char === '[') open.push({ char, at });
    else if (char === ')' || char === ']') {
      const last = open.pop();
      if (last === undefined) return `\`${char}\` at character ${at} closes nothing`;
      if (last.char !== CLOSING[char]) return `\`${char}\` at character ${at} closes \`${last.char}\` of character ${last.at}`;
    } else if (char === ',' && context === 'media' && open.length === 0) return `\`,\` at character ${at} would start another media query`;
  }
  if (quote !== undefined) return `the quote \`${quote.char}\` at character ${quote.at} is never closed`;
  const unclosed = open.pop();
  return unclosed === undefined ? undefined : `\`${unclosed.char}\` at character ${unclosed.at} is never closed`;
}
