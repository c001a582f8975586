import { wordsOfSegment } from './key-words.js';
import type { TokenType } from './types.js';

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
  border: null,
  transition: null,
  gradient: null,
};

/** Tailwind namespaces a `dimension` token goes to when its key starts with their name (`breakpoint.md` -> `--breakpoint-md`). */
const DIMENSION_NAMESPACES = ['breakpoint', 'container', 'spacing', 'radius', 'blur', 'perspective'];

/**
 * The Tailwind theme variable of a token: its namespace, then its key without the type's own leading segments. A
 * `dimension` goes to the namespace its key starts with (`breakpoint`, `container`, ...); a type Tailwind has no
 * namespace for (other dimensions, borders, stroke styles, transitions, gradients) keeps its key as a plain variable.
 * @example tailwindVariable(colorBrandPrimary) // '--color-brand-primary'; fontSizeBody -> '--text-body'
 */
export function tailwindVariable(token: { readonly key: string; readonly type: TokenType }): string | undefined {
  if (token.type === 'boolean') return undefined;
  const namespace = TAILWIND_NAMESPACES[token.type];
  if (namespace === null) {
    const first = token.key.split('.', 1)[0] as string;
    if (token.type === 'dimension' && DIMENSION_NAMESPACES.includes(first) && token.key.length > first.length) {
      return kebabName(token.key.slice(first.length + 1), first);
    }
    return kebabName(token.key);
  }
  const typePrefix = `${token.type}.`;
  const rest = token.key.startsWith(typePrefix) ? token.key.slice(typePrefix.length) : token.key;
  return kebabName(rest, namespace);
}

/** `--<prefix>-<words of key>`, as the kebab-case CSS naming writes it. */
function kebabName(key: string, prefix?: string): string {
  const words = prefix === undefined ? [] : wordsOfSegment(prefix);
  for (const segment of key.split('.')) words.push(...wordsOfSegment(segment));
  return `--${words.join('-')}`;
}
