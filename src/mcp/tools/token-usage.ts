import { TAILWIND_NAMESPACES, tailwindVariable } from '../../compile/resolve/tailwind-names.js';
import type { CompiledDesignSystem, Token } from '../../compile/types.js';
import { keyWordsOf, wordsIn } from '../../views/css-names.js';
import { lessVariable } from '../../views/export-less.js';
import { sassVariable } from '../../views/export-scss.js';
import { assignJsNames } from '../../views/js-names.js';

/** The utilities each Tailwind theme namespace feeds, the most used first (`--color-*` makes `bg-*`, `text-*`, ...). */
const TAILWIND_UTILITIES: Readonly<Record<string, readonly string[]>> = {
  color: ['bg', 'text', 'border'],
  spacing: ['p', 'm', 'gap'],
  radius: ['rounded'],
  text: ['text'],
  font: ['font'],
  'font-weight': ['font'],
  leading: ['leading'],
  tracking: ['tracking'],
  shadow: ['shadow'],
  ease: ['ease'],
  'transition-duration': ['duration'],
  opacity: ['opacity'],
  'z-index': ['z'],
};

/** How code uses a token in each output the server has that names it; a format that gives it no name is left out. */
export interface TokenUsage {
  /** The CSS export's custom property (default naming, no prefix), as `var()`. */
  readonly css: string;
  /** The Tailwind export's theme variable and the utility classes it makes (none for a plain theme variable). */
  readonly tailwind?: { readonly variable: string; readonly classes: readonly string[] };
  /** The JavaScript module's named export (absent when another token took the name: `js-name-clash`). */
  readonly js?: string;
  readonly scss: string;
  readonly less: string;
}

/**
 * How to use `token` in each output format, with each format's own naming functions: the CSS export's property name,
 * the Tailwind export's theme variable and utilities, the JavaScript module's export, the SCSS and Less variables.
 * @example tokenUsage(acme, colorBrandPrimary) // { css: 'var(--color-brand-primary)', tailwind: { variable: '--color-brand-primary', classes: ['bg-brand-primary', ...] }, js: 'colorBrandPrimary', scss: '$color-brand-primary', less: '@color-brand-primary' }
 */
export function tokenUsage(system: CompiledDesignSystem, token: Token): TokenUsage {
  const words = wordsIn(keyWordsOf(system), token.key);
  const variable = tailwindVariable(token, words);
  const namespace = token.type === 'boolean' ? null : TAILWIND_NAMESPACES[token.type];
  const js = assignJsNames(system).tokens.get(token.key);
  const classes =
    variable === undefined || namespace === null
      ? []
      : (TAILWIND_UTILITIES[namespace] ?? []).map((utility) => `${utility}-${variable.slice(namespace.length + 3)}`);
  return {
    css: `var(--${words})`,
    ...(variable === undefined ? {} : { tailwind: { variable, classes } }),
    ...(js === undefined ? {} : { js }),
    scss: sassVariable(words),
    less: lessVariable(words),
  };
}
