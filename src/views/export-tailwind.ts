import type { CompiledDesignSystem, Token, TokenType } from '../compile/types.js';
import { cssPropertyName } from './css-names.js';
import { sameTypedValue } from '../compile/typed-values.js';
import { formatCssValue } from './css-values.js';
import { HEADER, modeMediaQuery, renderThemeBlocks } from './export-css.js';
import { furtherModes } from './mode-values.js';
import type { CssExportOptions } from './export-css.js';

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

/** The prefix of the plain CSS variables that carry the values of the tokens that change in dark mode. */
export const TAILWIND_VALUE_PREFIX = 'ds';

/** Tailwind namespaces a `dimension` token goes to when its key starts with their name (`breakpoint.md` -> `--breakpoint-md`). */
const DIMENSION_NAMESPACES = ['breakpoint', 'container', 'spacing', 'radius', 'blur', 'perspective'];

/**
 * The Tailwind theme variable of a token: its namespace, then its key without the type's own leading segments. A
 * `dimension` goes to the namespace its key starts with (`breakpoint`, `container`, ...); a type Tailwind has no
 * namespace for (other dimensions, borders, stroke styles, transitions, gradients) keeps its key as a plain variable.
 * @example tailwindVariable(colorBrandPrimary) // '--color-brand-primary'; fontSizeBody -> '--text-body'
 */
export function tailwindVariable(token: Token): string | undefined {
  if (token.type === 'boolean') return undefined;
  const namespace = TAILWIND_NAMESPACES[token.type];
  if (namespace === null) {
    const first = token.key.split('.', 1)[0] as string;
    if (token.type === 'dimension' && DIMENSION_NAMESPACES.includes(first) && token.key.length > first.length) {
      return cssPropertyName(token.key.slice(first.length + 1), 'kebab-case', first);
    }
    return cssPropertyName(token.key, 'kebab-case');
  }
  const typePrefix = `${token.type}.`;
  const rest = token.key.startsWith(typePrefix) ? token.key.slice(typePrefix.length) : token.key;
  return cssPropertyName(rest, 'kebab-case', namespace);
}

/**
 * A Tailwind CSS v4 stylesheet: `@theme` with every token that has one value, `@theme inline` pointing the tokens that
 * change in any mode at `--ds-*` variables, those variables' blocks per mode (the `theme` option of the CSS export
 * decides how dark mode is switched on), and a `@custom-variant` per further mode (`dark-dimmed:bg-...`) that applies
 * where the mode's values do: under `[data-theme="<mode>"]`, or under the mode's media query when the theme puts the
 * mode there.
 * @example
 * @theme {
 *   --spacing-md: 16px;
 * }
 *
 * @theme inline {
 *   --color-brand-primary: var(--ds-color-brand-primary);
 * }
 *
 * :root {
 *   --ds-color-brand-primary: #2563EB;
 * }
 *
 * [data-theme="dark"] {
 *   --ds-color-brand-primary: #60A5FA;
 * }
 */
export function renderTailwind(system: CompiledDesignSystem, options: Pick<CssExportOptions, 'theme' | 'darkSelector'>): string {
  const fixed: string[] = [];
  const switching: string[] = [];
  const switchingTokens: Token[] = [];
  const seen = new Set<string>();
  for (const token of system.tokens) {
    const variable = tailwindVariable(token);
    // Two keys may meet in one name (`font.size.md` and a `font.sizeMd`): the first, in key order, wins.
    if (variable === undefined || seen.has(variable)) continue;
    seen.add(variable);
    if (isFixed(system, token)) fixed.push(`  ${variable}: ${formatCssValue(token.resolved.light)};`);
    else {
      switching.push(`  ${variable}: var(${valueVariable(token)});`);
      switchingTokens.push(token);
    }
  }
  const blocks = [HEADER(system.meta.slug), `@theme {\n${fixed.join('\n')}\n}\n`];
  if (switchingTokens.length > 0) {
    blocks.push(
      `\n@theme inline {\n${switching.join('\n')}\n}\n`,
      `\n${renderThemeBlocks(system, switchingTokens, valueVariable, options)}`,
    );
  }
  // A variant applies where its mode's values do: under the mode's media query when the OS switches the mode on.
  const variants = furtherModes(system).map((mode) => {
    const query = modeMediaQuery(system, mode, options.theme ?? 'data-attribute');
    const condition = query === undefined ? `&:where([data-theme="${mode.name}"], [data-theme="${mode.name}"] *)` : `@media ${query}`;
    return `@custom-variant ${mode.name} (${condition});\n`;
  });
  if (variants.length > 0) blocks.push(`\n${variants.join('')}`);
  return blocks.join('');
}

/** Whether a token has one value in every mode, so it can sit in `@theme` itself. */
function isFixed(system: CompiledDesignSystem, token: Token): boolean {
  return system.modes.every(
    (mode) => mode.name === 'light' || sameTypedValue(token.resolved[mode.name] ?? token.resolved.light, token.resolved.light),
  );
}

function valueVariable(token: Token): string {
  return cssPropertyName(token.key, 'kebab-case', TAILWIND_VALUE_PREFIX);
}
