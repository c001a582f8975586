import { TAILWIND_NAMESPACES, tailwindVariable } from './tailwind-names.js';
import type { CompiledDesignSystem, Token, TypedValue } from '../../../compile/types.js';
import { joinWords, keyWordsOf, PART_WORDS, tokenWordsOf, wordsIn } from '../../shared/css-names.js';
import { sameTypedValue } from '../../../compile/fields/typed-values.js';
import { cssTextsOf, formatCssNumber, formatTypographyPart } from '../../shared/css-values.js';
import { fluidTokenIndexes, hasFluidValue } from '../../shared/breakpoint-systems.js';
import { renderWithBreakpoints } from './responsive-css.js';
import type { RenderRules } from './responsive-css.js';
import type { TYPOGRAPHY_PARTS } from '../../shared/css-values.js';
import { createCssWriter } from '../../shared/css-writer.js';
import { HEADER, modeMediaQuery, renderThemeBlocks } from './export-css.js';
import { furtherModes } from '../../shared/mode-values.js';
import type { CssExportOptions } from './export-css.js';
import { itemAt } from '../../../compile/checked-access.js';

export { TAILWIND_NAMESPACES, tailwindVariable } from './tailwind-names.js';

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
  // Each block is written as one string (`+=`), not as a list of lines joined at the end: fewer allocations.
  let fixed = '';
  let switching = '';
  const switchingTokens: number[] = [];
  const seen = new Set<string>();
  const words = tokenWordsOf(system);
  const { tokens } = system;
  const valueVariable = (index: number): string => `--${joinWords(TAILWIND_VALUE_PREFIX, itemAt(words, index))}`;
  const partVariable = (index: number, part: (typeof TYPOGRAPHY_PARTS)[number]): string =>
    `--${joinWords(TAILWIND_VALUE_PREFIX, joinWords(itemAt(words, index), PART_WORDS[part]))}`;
  const lightTexts = cssTextsOf(system, 'light');
  for (let index = 0; index < tokens.length; index += 1) {
    const token = itemAt(tokens, index);
    const variable = tailwindVariable(token, words[index]);
    // Two keys may meet in one name (`font.size.md` and a `typography.md`): the first, in key order, wins (`validate` warns).
    if (variable === undefined || seen.has(variable)) continue;
    seen.add(variable);
    const value = token.resolved.light;
    if (isFixed(system, token)) {
      if (value.kind === 'typography') fixed += typographyDeclarations(variable, (part) => formatTypographyPart(value, part));
      else fixed += `  ${variable}: ${isNoShadow(token, value) ? TAILWIND_NO_SHADOW : itemAt(lightTexts, index)};\n`;
    } else {
      if (value.kind === 'typography') switching += typographyDeclarations(variable, (part) => `var(${partVariable(index, part)})`);
      else switching += `  ${variable}: var(${valueVariable(index)});\n`;
      switchingTokens.push(index);
    }
  }
  let written = `${HEADER(system.meta.slug)}@theme {\n${breakpointVariables(system)}${fixed === '' ? '\n' : fixed}}\n`;
  if (switchingTokens.length > 0) {
    const names = {
      propertyName: valueVariable,
      partName: partVariable,
      referenceName: (key: string) => `--${joinWords(TAILWIND_VALUE_PREFIX, wordsIn(keyWordsOf(system), key))}`,
      overrideText: (token: Token, value: TypedValue) => (isNoShadow(token, value) ? TAILWIND_NO_SHADOW : undefined),
    };
    const writerOf = (of: CompiledDesignSystem) => createCssWriter(of, names, 'resolve');
    const render: RenderRules = (of, indexes, writer) => renderThemeBlocks(of, indexes, writer, options);
    const blocks =
      system.breakpoints === undefined && fluidTokenIndexes(system).length === 0
        ? render(system, switchingTokens, writerOf(system))
        : renderWithBreakpoints(system, switchingTokens, writerOf, render);
    written += `\n@theme inline {\n${switching}}\n\n${blocks}`;
  }
  // A variant applies where its mode's values do: under the mode's media query when the OS switches the mode on.
  const further = furtherModes(system);
  if (further.length > 0) written += '\n';
  for (const mode of further) {
    const query = modeMediaQuery(system, mode, options.theme ?? 'data-attribute');
    const condition = query === undefined ? `&:where([data-theme="${mode.name}"], [data-theme="${mode.name}"] *)` : `@media ${query}`;
    written += `@custom-variant ${mode.name} (${condition});\n`;
  }
  return written;
}

/**
 * A typography token in Tailwind's `--text-*` namespace: the font size, with its line height, letter spacing and
 * weight as the sub-variables `text-<name>` applies together (the font family has no place there).
 */
function typographyDeclarations(variable: string, part: (name: (typeof TYPOGRAPHY_PARTS)[number]) => string): string {
  return (
    `  ${variable}: ${part('fontSize')};\n` +
    `  ${variable}--line-height: ${part('lineHeight')};\n` +
    `  ${variable}--letter-spacing: ${part('letterSpacing')};\n` +
    `  ${variable}--font-weight: ${part('fontWeight')};\n`
  );
}

/**
 * Whether a value is a shadow's `none`, which Tailwind writes as its own "no shadow" (`shadow-none`): its shadow
 * utilities put the value in a list beside the ring shadows, where `none` would make the whole `box-shadow` invalid.
 * Any other value is written as CSS.
 */
function isNoShadow(token: Token, value: TypedValue): boolean {
  return token.type === 'shadow' && value.kind === 'keyword';
}

/** What Tailwind's `shadow-none` sets `--tw-shadow` to. */
const TAILWIND_NO_SHADOW = '0 0 #0000';

/**
 * The viewport breakpoints as Tailwind's `--breakpoint-*` theme variables (its `md:` variants), literal widths since a
 * media query cannot read a variable; container breakpoints have none (Tailwind's `@container` variants use sizes of its own).
 */
function breakpointVariables(system: CompiledDesignSystem): string {
  let written = '';
  for (const breakpoint of system.breakpoints ?? []) {
    if (breakpoint.container === null)
      written += `  --breakpoint-${breakpoint.name}: ${formatCssNumber(breakpoint.minWidth.value)}${breakpoint.minWidth.unit};\n`;
  }
  return written;
}

/** Whether a token has one value in every mode and at every breakpoint, so it can sit in `@theme` itself. */
function isFixed(system: CompiledDesignSystem, token: Token): boolean {
  if (token.responsive !== undefined || hasFluidValue(token)) return false;
  const light = token.resolved.light;
  // A loop, not `modes.every(...)`: this runs for every token, and a closure per token is garbage.
  for (const mode of system.modes) {
    if (mode.name !== 'light' && !sameTypedValue(token.resolved[mode.name] ?? light, light)) return false;
  }
  return true;
}

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

/**
 * The Tailwind export's theme variable of `token` and the utility classes it makes (none for a plain theme variable),
 * or undefined when the export gives the token no variable.
 * @example tailwindUsage(acme, colorBrandPrimary) // { variable: '--color-brand-primary', classes: ['bg-brand-primary', 'text-brand-primary', 'border-brand-primary'] }
 */
export function tailwindUsage(
  system: CompiledDesignSystem,
  token: Token,
): { readonly variable: string; readonly classes: readonly string[] } | undefined {
  const variable = tailwindVariable(token, wordsIn(keyWordsOf(system), token.key));
  if (variable === undefined) return undefined;
  const namespace = token.type === 'boolean' ? null : TAILWIND_NAMESPACES[token.type];
  const classes =
    namespace === null ? [] : (TAILWIND_UTILITIES[namespace] ?? []).map((utility) => `${utility}-${variable.slice(namespace.length + 3)}`);
  return { variable, classes };
}
