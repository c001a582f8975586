import { wordsOfSegment } from '../compile/values/key-words.js';

export const NAMINGS = ['kebab-case', 'camelCase', 'snake_case'] as const;
export type Naming = (typeof NAMINGS)[number];

/** A prefix is one word (letters, digits, `-`, `_`), optionally written with its leading `--`. */
export const CSS_PREFIX_PATTERN = '^(--)?[A-Za-z][A-Za-z0-9_-]{0,63}$';

/**
 * The custom property name of a token key.
 * @example cssPropertyName('color.text.onPrimary', 'kebab-case', 'acme') // '--acme-color-text-on-primary'
 */
export function cssPropertyName(key: string, naming: Naming, prefix?: string): string {
  // Plain loops: this runs once per token in every CSS export (10,000 tokens: most of the render time).
  const words: string[] = prefix === undefined ? [] : wordsOfSegment(prefix.replace(/^--/, ''));
  for (const segment of key.split('.')) {
    for (const word of wordsOfSegment(segment)) words.push(word);
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
