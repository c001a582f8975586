import { wordsOfKey, wordsOfSegment } from '../../compile/values/key-words.js';
import type { CompiledDesignSystem } from '../../compile/types.js';
import type { TYPOGRAPHY_PARTS } from './css-values.js';
import { perSystem } from './system-memo.js';
import { itemAt } from '../../compile/checked-access.js';

export const NAMINGS = ['kebab-case', 'camelCase', 'snake_case'] as const;
export type Naming = (typeof NAMINGS)[number];

/** A prefix is one word (letters, digits, `-`, `_`), optionally written with its leading `--`. */
export const CSS_PREFIX_PATTERN = '^(--)?[A-Za-z][A-Za-z0-9_-]{0,63}$';

/**
 * The custom property name of a token key.
 * @example cssPropertyName('color.text.onPrimary', 'kebab-case', 'acme') // '--acme-color-text-on-primary'
 */
export function cssPropertyName(key: string, naming: Naming, prefix?: string): string {
  return cssNameOfWords(wordsOfKey(key), naming, prefix);
}

/**
 * The custom property name of a key's words (`wordsOfKey`: lowercase words joined with `-`, none holding `-` or `_`).
 * @example cssNameOfWords('color-text-on-primary', 'camelCase') // '--colorTextOnPrimary'
 */
export function cssNameOfWords(words: string, naming: Naming, prefix?: string): string {
  return cssNamer(naming, prefix)(words);
}

/**
 * {@link cssNameOfWords} with `naming` and `prefix` fixed: the prefix's words are worked out once, not once per name.
 * @example cssNamer('kebab-case', 'acme')('color-text') // '--acme-color-text'
 */
export function cssNamer(naming: Naming, prefix?: string): (words: string) => string {
  const prefixWords = prefix === undefined ? '' : wordsOfSegment(prefix.replace(/^--/, '')).join('-');
  switch (naming) {
    case 'kebab-case':
      return (words) => `--${joinWords(prefixWords, words)}`;
    case 'snake_case':
      return (words) => `--${joinWords(prefixWords, words).replaceAll('-', '_')}`;
    case 'camelCase':
      return (words) => `--${joinWords(prefixWords, words).replace(/-([\s\S])/g, (_, first: string) => first.toUpperCase())}`;
  }
}

/**
 * `wordsOfKey` of each token's key, by token index. Why: every stylesheet export (CSS, Tailwind, SCSS, Less) and the
 * JavaScript names start from a key's words, and splitting 10,000 keys into words cost each of them more than writing
 * its values; a compiled system never changes, so its keys are split once and shared.
 * @example tokenWordsOf(system)[0] // 'color-text-on-primary' (the words of `color.text.onPrimary`)
 */
export const tokenWordsOf: (system: CompiledDesignSystem) => readonly string[] = perSystem((system) => {
  const words: string[] = [];
  for (const token of system.tokens) words.push(wordsOfKey(token.key));
  return words;
});

/**
 * {@link tokenWordsOf} by key: for what names a token by its key (a reference, a replacement).
 * @example keyWordsOf(system).get('color.text.onPrimary') // 'color-text-on-primary'
 */
export const keyWordsOf: (system: CompiledDesignSystem) => ReadonlyMap<string, string> = perSystem((system) => {
  const words = tokenWordsOf(system);
  // A loop of `set`, not `new Map(tokens.map(...))`: no pair array per token.
  const byKey = new Map<string, string>();
  system.tokens.forEach((token, index) => byKey.set(token.key, itemAt(words, index)));
  return byKey;
});

/** The words of `key`: from {@link keyWordsOf} when `key` is a token of the system, worked out otherwise. */
export function wordsIn(words: ReadonlyMap<string, string>, key: string): string {
  return words.get(key) ?? wordsOfKey(key);
}

/** The words of each typography part's segment (`fontSize` -> `font-size`): what a part adds to its token's words. */
export const PART_WORDS: Readonly<Record<(typeof TYPOGRAPHY_PARTS)[number], string>> = {
  fontFamily: 'font-family',
  fontSize: 'font-size',
  fontWeight: 'font-weight',
  lineHeight: 'line-height',
  letterSpacing: 'letter-spacing',
};

/** Two runs of words as one (either may be empty). */
export function joinWords(first: string, second: string): string {
  return first === '' ? second : second === '' ? first : `${first}-${second}`;
}
