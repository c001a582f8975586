export const NAMINGS = ['kebab-case', 'camelCase', 'snake_case'] as const;
export type Naming = (typeof NAMINGS)[number];

/** A prefix is one word (letters, digits, `-`, `_`), optionally written with its leading `--`. */
export const CSS_PREFIX_PATTERN = '^(--)?[A-Za-z][A-Za-z0-9_-]{0,63}$';

/** A segment that is one lowercase word already (the common case): no splitting needed. */
const SINGLE_WORD = /^[a-z0-9]+$/;

/** The words of a key segment: split at `-`, `_` and lower-to-upper case changes. */
function wordsOf(segment: string): string[] {
  if (SINGLE_WORD.test(segment)) return [segment];
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_ ]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

/**
 * The custom property name of a token key.
 * @example cssPropertyName('color.text.onPrimary', 'kebab-case', 'acme') // '--acme-color-text-on-primary'
 */
export function cssPropertyName(key: string, naming: Naming, prefix?: string): string {
  // Plain loops: this runs once per token in every CSS export (10,000 tokens: most of the render time).
  const words: string[] = prefix === undefined ? [] : wordsOf(prefix.replace(/^--/, ''));
  for (const segment of key.split('.')) {
    for (const word of wordsOf(segment)) words.push(word);
  }
  switch (naming) {
    case 'kebab-case':
      return `--${words.join('-')}`;
    case 'snake_case':
      return `--${words.join('_')}`;
    case 'camelCase':
      return `--${words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('')}`;
  }
}
