import { tailwindVariable } from '../compile/resolve/tailwind-names.js';
import type { CompiledDesignSystem, Token, TypedValue } from '../compile/types.js';
import { joinWords, keyWordsOf, PART_WORDS, wordsIn } from './css-names.js';
import { sameTypedValue } from '../compile/fields/typed-values.js';
import { formatCssValue, formatTypographyPart } from './css-values.js';
import type { TYPOGRAPHY_PARTS } from './css-values.js';
import { createCssWriter } from './css-writer.js';
import { HEADER, modeMediaQuery, renderThemeBlocks } from './export-css.js';
import { furtherModes } from './mode-values.js';
import type { CssExportOptions } from './export-css.js';

export { TAILWIND_NAMESPACES, tailwindVariable } from '../compile/resolve/tailwind-names.js';

/** The prefix of the plain CSS variables that carry the values of the tokens that change in dark mode. */
export const TAILWIND_VALUE_PREFIX = 'ds';

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
  const words = keyWordsOf(system);
  const valueVariable = (token: Token): string => `--${joinWords(TAILWIND_VALUE_PREFIX, wordsIn(words, token.key))}`;
  const partVariable = (token: Token, part: (typeof TYPOGRAPHY_PARTS)[number]): string =>
    `--${joinWords(TAILWIND_VALUE_PREFIX, joinWords(wordsIn(words, token.key), PART_WORDS[part]))}`;
  for (const token of system.tokens) {
    const variable = tailwindVariable(token, wordsIn(words, token.key));
    // Two keys may meet in one name (`font.size.md` and a `typography.md`): the first, in key order, wins (`validate` warns).
    if (variable === undefined || seen.has(variable)) continue;
    seen.add(variable);
    const value = token.resolved.light;
    if (isFixed(system, token)) {
      if (value.kind === 'typography') fixed.push(...typographyLines(variable, (part) => formatTypographyPart(value, part)));
      else fixed.push(`  ${variable}: ${formatTailwindValue(value, token)};`);
    } else {
      if (value.kind === 'typography') switching.push(...typographyLines(variable, (part) => `var(${partVariable(token, part)})`));
      else switching.push(`  ${variable}: var(${valueVariable(token)});`);
      switchingTokens.push(token);
    }
  }
  const blocks = [HEADER(system.meta.slug), `@theme {\n${fixed.join('\n')}\n}\n`];
  if (switchingTokens.length > 0) {
    blocks.push(
      `\n@theme inline {\n${switching.join('\n')}\n}\n`,
      `\n${renderThemeBlocks(
        system,
        switchingTokens,
        createCssWriter(
          valueVariable,
          partVariable,
          (key) => `--${joinWords(TAILWIND_VALUE_PREFIX, wordsIn(words, key))}`,
          'resolve',
          formatTailwindValue,
        ),
        options,
      )}`,
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

/**
 * A typography token in Tailwind's `--text-*` namespace: the font size, with its line height, letter spacing and
 * weight as the sub-variables `text-<name>` applies together (the font family has no place there).
 */
function typographyLines(variable: string, part: (name: (typeof TYPOGRAPHY_PARTS)[number]) => string): string[] {
  return [
    `  ${variable}: ${part('fontSize')};`,
    `  ${variable}--line-height: ${part('lineHeight')};`,
    `  ${variable}--letter-spacing: ${part('letterSpacing')};`,
    `  ${variable}--font-weight: ${part('fontWeight')};`,
  ];
}

/**
 * Tailwind's own "no shadow" (`shadow-none`) for a shadow that is `none`: its shadow utilities put the value in a list
 * beside the ring shadows, where `none` would make the whole `box-shadow` invalid. Any other value as CSS.
 */
function formatTailwindValue(value: TypedValue, token: Token): string {
  return token.type === 'shadow' && value.kind === 'keyword' ? TAILWIND_NO_SHADOW : formatCssValue(value);
}

/** What Tailwind's `shadow-none` sets `--tw-shadow` to. */
const TAILWIND_NO_SHADOW = '0 0 #0000';

/** Whether a token has one value in every mode, so it can sit in `@theme` itself. */
function isFixed(system: CompiledDesignSystem, token: Token): boolean {
  return system.modes.every(
    (mode) => mode.name === 'light' || sameTypedValue(token.resolved[mode.name] ?? token.resolved.light, token.resolved.light),
  );
}
