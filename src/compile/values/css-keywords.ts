/** The value of a `keyword` token: one CSS keyword or a list of them, checked to be nothing else. */

/** What a `keyword` token's value must be, as the diagnostics say it. */
export const KEYWORDS_SYNTAX =
  'one CSS keyword or a list of them separated by spaces or commas (`pointer`, `underline dotted`, `opacity, transform`)';

/** The most characters a `keyword` token's value may have. */
export const MAX_KEYWORDS_LENGTH = 200;

/**
 * The CSS-wide keywords: every property takes them, and only alone (CSS Values 4, 7.3), so a list may not hold one.
 * `revert-layer` included.
 */
export const CSS_WIDE_KEYWORDS = ['inherit', 'initial', 'revert', 'revert-layer', 'unset'] as const;
const CSS_WIDE_NAMES: readonly string[] = CSS_WIDE_KEYWORDS;

// An ASCII CSS identifier that is not a custom property name (`--x`) and has no escape: nothing that could end the
// declaration, open a string, a comment, a block or a function, or be read as a number or a unit.
const IDENTIFIER = /^-?[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * The canonical text of a `keyword` token's value (spaces collapsed, a comma followed by one space), or why it is not one.
 * @example readCssKeywords(' underline   dotted ') // { text: 'underline dotted' }
 * @example readCssKeywords('opacity,transform') // { text: 'opacity, transform' }
 */
export function readCssKeywords(value: string): { readonly text: string } | { readonly problem: string } {
  if (value.length > MAX_KEYWORDS_LENGTH) return { problem: `this has ${value.length} characters, more than ${MAX_KEYWORDS_LENGTH}` };
  const items = value.split(',').map((item) => item.trim().split(/\s+/));
  const words = items.flat();
  if (words.every((word) => word === '')) return { problem: 'this is empty' };
  for (const word of words) {
    if (word === '') return { problem: 'a comma has no keyword on one side' };
    if (!IDENTIFIER.test(word)) return { problem: `\`${describeWord(word)}\` is not a CSS identifier` };
    if (words.length > 1 && CSS_WIDE_NAMES.includes(word.toLowerCase()))
      return { problem: `\`${word}\` is a CSS-wide keyword, which stands only alone` };
  }
  return { text: items.map((item) => item.join(' ')).join(', ') };
}

/** Whether text is a `keyword` token's value: one CSS keyword or a list of them. */
export function isCssKeywords(value: string): boolean {
  return 'text' in readCssKeywords(value);
}

const describeWord = (word: string): string => (word.length > 40 ? `${word.slice(0, 37)}...` : word).replaceAll('`', "'");
