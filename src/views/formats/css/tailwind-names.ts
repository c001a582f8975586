import { dottedWordsOfKey, wordsOfKey } from '../../../compile/values/key-words.js';
import { TOKEN_TYPES } from '../../../compile/types.js';
import type { TokenType } from '../../../compile/types.js';

/**
 * Our token types and the Tailwind CSS v4 theme namespace each one feeds (`--color-*` makes `bg-*`, `text-*`...).
 * Tailwind has no documented duration namespace; its `duration-*` utility reads `--transition-duration-*`, as `z-*`
 * reads `--z-index-*` and `opacity-*` reads `--opacity-*`. Booleans have no place in a stylesheet.
 */
export const TAILWIND_NAMESPACES: Readonly<Record<Exclude<TokenType, 'boolean'>, string | null>> = {
  color: 'color',
  spacing: 'spacing',
  radius: 'radius',
  'font.size': 'text',
  'font.family': 'font',
  'font.weight': 'font-weight',
  'font.lineHeight': 'leading',
  'font.letterSpacing': 'tracking',
  shadow: 'shadow',
  easing: 'ease',
  duration: 'transition-duration',
  opacity: 'opacity',
  'z-index': 'z-index',
  typography: 'text',
  dimension: null,
  strokeStyle: null,
  keyword: null,
  border: null,
  transition: null,
  gradient: null,
};

/** Per type, what a key that starts with the type's own segments starts with, and how many characters of its words they make. */
const TYPE_PREFIXES = new Map<string, { readonly segments: string; readonly wordsLength: number }>(
  TOKEN_TYPES.map((type) => [type, { segments: `${type}.`, wordsLength: wordsOfKey(type).length }]),
);

/**
 * The Tailwind theme variable of a token: its namespace, then its key without the type's own leading segments. A
 * type Tailwind has no namespace for (dimensions, borders, stroke styles, transitions, gradients) is named after its
 * whole key, so a dimension whose key starts with a namespace's name lands in it (`breakpoint.md` is
 * `--breakpoint-md`, `container.lg` is `--container-lg`) and any other is a plain theme variable.
 * `words` is `wordsOfKey(key)` when the caller has it already.
 * @example tailwindVariable(colorBrandPrimary) // '--color-brand-primary'; fontSizeBody -> '--text-body'
 */
export function tailwindVariable(
  token: { readonly key: string; readonly type: TokenType },
  words: string = wordsOfKey(token.key),
): string | undefined {
  const { key, type } = token;
  if (type === 'boolean') return undefined;
  const namespace = TAILWIND_NAMESPACES[type];
  // No namespace of its own: the key's words, so `breakpoint.md` lands in `--breakpoint-*` and `border.default` is plain.
  if (namespace === null) return `--${words}`;
  // The words of the key after the type's own (`font.size.body` -> `body`); a key of one segment keeps its words.
  const prefix = TYPE_PREFIXES.get(type);
  const rest = prefix !== undefined && key.startsWith(prefix.segments) ? words.slice(prefix.wordsLength + 1) : words;
  return `--${namespace}-${rest}`;
}

/** Per type with a namespace, the namespace's words joined with `.`, and a `.` after them (`font.weight.`). */
const DOTTED_NAMESPACES = new Map<string, string>(
  Object.entries(TAILWIND_NAMESPACES).flatMap(([type, namespace]) =>
    namespace === null ? [] : [[type, `${namespace.replaceAll('-', '.')}.`]],
  ),
);

/**
 * {@link tailwindVariable} without its `--` and with `.` between its words: equal between two tokens exactly when
 * their variables are, and made without a string for a token outside a namespace whose key is plain (see
 * `dottedWordsOfKey`, which `dottedWords` is). Undefined for a boolean.
 */
export function dottedTailwindName(
  token: { readonly key: string; readonly type: TokenType },
  dottedWords: string = dottedWordsOfKey(token.key),
): string | undefined {
  const { key, type } = token;
  if (type === 'boolean') return undefined;
  const namespace = DOTTED_NAMESPACES.get(type);
  if (namespace === undefined) return dottedWords;
  // Dotted words are as long as the words they spell: the type's own words are cut at the same length.
  const prefix = TYPE_PREFIXES.get(type);
  const rest = prefix !== undefined && key.startsWith(prefix.segments) ? dottedWords.slice(prefix.wordsLength + 1) : dottedWords;
  return namespace + rest;
}
