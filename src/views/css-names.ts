export const NAMINGS = ['kebab-case', 'camelCase', 'snake_case'] as const;
export type Naming = (typeof NAMINGS)[number];

/** A prefix is one word (letters, digits, `-`, `_`), optionally written with its leading `--`. */
export const CSS_PREFIX_PATTERN = '^(--)?[A-Za-z][A-Za-z0-9_-]{0,63}$';

/** The words of a key segment: split at `-`, `_` and lower-to-upper case changes. */
function wordsOf(segment: string): string[] {
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
  const parts = prefix === undefined ? [] : [prefix.replace(/^--/, '')];
  const words = [...parts, ...key.split('.')].flatMap(wordsOf);
  switch (naming) {
    case 'kebab-case':
      return `--${words.join('-')}`;
    case 'snake_case':
      return `--${words.join('_')}`;
    case 'camelCase':
      return `--${words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('')}`;
  }
}
