import type { CompiledDesignSystem } from '../../../compile/types.js';
import type { ReferenceHandling } from '../../shared/css-writer.js';
import type { FormatDiagnostic } from '../output-format.js';
import {
  alphaReferenceOf,
  cssTextOf,
  variableLines,
  inDependencyOrder,
  lintVariables,
  listDeclarations,
  holdsReferences,
  replaceReferences,
  wholeReferenceOf,
} from './preprocessor-declarations.js';
import type { PreprocessorDeclaration, VariableLanguage } from './preprocessor-declarations.js';
import { listBreakpointDeclarations } from './breakpoint-declarations.js';

/**
 * The Sass variable of a custom property's name: `$` and the name, a first digit escaped (`$\32 xl-gap`: an
 * identifier cannot start with a digit, and an escape keeps every name its own instead of renaming it onto another).
 * @example sassVariable('color-accent') // '$color-accent'
 */
export function sassVariable(name: string): string {
  const first = name.charCodeAt(0);
  return first >= 0x30 && first <= 0x39 ? `$\\${first.toString(16)} ${name.slice(1)}` : `$${name}`;
}

/** A quoted Sass string of `text`: `\`, `"` and `#` escaped (`#{` would start an interpolation). */
function sassString(text: string): string {
  // Why test first: names and most values hold none of them, and a replace with a callback costs more than the test.
  return SASS_ESCAPED.test(text) ? `"${text.replace(/[\\"#]/g, (char) => `\\${char}`)}"` : `"${text}"`;
}

const SASS_ESCAPED = /[\\"#]/;

/**
 * A declaration's CSS text as a Sass value: a color or a number as itself (Sass can compute with it; `typed`, tested
 * once for every export), anything else (font stacks, shorthands, keywords, lists) as an unquoted string of the text,
 * which Sass writes back exactly as it is: Sass would otherwise read `16px/1.5` as a division and a comma inside a map
 * as the map's own separator.
 * @example declarationValue({ text: '600 16px/1.5 Inter', typed: false, ... }) // 'string.unquote("600 16px/1.5 Inter")'
 */
function declarationValue(declaration: PreprocessorDeclaration): string {
  return declaration.typed ? declaration.text : `string.unquote(${sassString(cssTextOf(declaration.text))})`;
}

/** A declaration's light value as its variable holds it: a kept reference as the variable it names. */
function variableValue(declaration: PreprocessorDeclaration): string {
  const { text } = declaration;
  // Resolved values (the default) refer to nothing: the value itself.
  if (!holdsReferences(text)) return declarationValue(declaration);
  const whole = wholeReferenceOf(text);
  if (whole !== undefined) return sassVariable(whole);
  // Sass's own way to set the alpha of the color it refers to (relative color syntax is not in every CSS tool yet).
  const alpha = alphaReferenceOf(text);
  if (alpha !== undefined) return `color.change(${sassVariable(alpha.name)}, $alpha: ${alpha.alpha})`;
  // Parts written as references: an interpolation of each variable inside the string of the rest.
  return `string.unquote(${replaceReferences(sassString(text), (name) => `#{${sassVariable(name)}}`)})`;
}

/** The SCSS module's own names: its map of maps and the map of each mode. */
function reservedNames(system: CompiledDesignSystem): Map<string, string> {
  const reserved = new Map<string, string>([['tokens', 'the module’s map of every mode']]);
  for (const mode of system.modes) reserved.set(`tokens-${mode.name}`, `the module’s map of the mode \`${mode.name}\``);
  if (system.breakpoints === undefined) return reserved;
  reserved.set('breakpoints', 'the module’s map of the breakpoints');
  reserved.set('tokens-at', 'the module’s map of every breakpoint');
  for (const { name } of system.breakpoints) reserved.set(`tokens-at-${name}`, `the module’s map of the breakpoint \`${name}\``);
  return reserved;
}

/**
 * An SCSS module for `@use "tokens"`: a variable per token with its light value (`$color-accent`; with
 * `references=keep` a value written as a reference is the variable it names), a map per mode of every custom
 * property's value (`$tokens-dark`), `$tokens` (mode to map), and the mixin `tokens($mode)` that writes a mode's custom
 * properties under the CSS export's names, so `.dark { @include tokens.tokens(dark); }` is the theme.
 * @example
 * $color-accent: #0969DA;
 *
 * $tokens-dark: (
 *   "color-accent": #4493F8,
 * );
 */
export function renderScss(system: CompiledDesignSystem, options: { readonly references: ReferenceHandling }): string {
  const variables = variableLines(inDependencyOrder(listDeclarations(system, 'light', options.references)), sassVariable, variableValue);
  let maps = '';
  for (const { name: mode } of system.modes) {
    let entries = '';
    for (const declaration of listDeclarations(system, mode, options.references)) {
      entries += `  ${sassString(declaration.name)}: ${declarationValue(declaration)},\n`;
    }
    maps += `${maps === '' ? '' : '\n'}$tokens-${mode}: ${entries === '' ? '()' : `(\n${entries})`};\n`;
  }
  const modes = system.modes.map(({ name }) => `  "${name}": $tokens-${name},\n`).join('');
  const names = system.modes.map(({ name }) => name).join(', ');
  return [
    `// Design tokens of ${system.meta.slug}. Generated by design-token-server; do not edit.\n`,
    '// `@use "tokens";`: `tokens.$<token>` (light values), `tokens.$tokens-<mode>` (a mode’s values),',
    ' `@include tokens.tokens(<mode>);` (a mode’s custom properties, named as in the CSS export).\n',
    '@use "sass:color";\n@use "sass:map";\n@use "sass:string";\n\n',
    variables === '' ? '' : `${variables}\n`,
    maps,
    `\n$tokens: (\n${modes});\n\n`,
    '@mixin tokens($mode) {\n',
    '  @if not map.has-key($tokens, $mode) {\n',
    `    @error "Unknown mode \`#{$mode}\`; this design system has ${names}.";\n`,
    '  }\n',
    '  @each $name, $value in map.get($tokens, $mode) {\n',
    '    --#{$name}: #{$value};\n',
    '  }\n',
    '}\n',
    system.breakpoints === undefined ? '' : scssBreakpoints(system, options.references),
  ].join('');
}

/**
 * What a system with breakpoints adds: `$breakpoints` (name to width), per breakpoint `$tokens-at-<name>` (mode to the
 * values that change there), `$tokens-at`, the mixin `breakpoint($name)` (its `@content` in the breakpoint's `@media`
 * or `@container`) and `tokens-at($breakpoint, $mode)` (those values as custom properties).
 */
function scssBreakpoints(system: CompiledDesignSystem, references: ReferenceHandling): string {
  const listed = listBreakpointDeclarations(system, references);
  let widths = '';
  let maps = '';
  for (const { breakpoint, width, modes } of listed) {
    widths += `  "${breakpoint.name}": ${width},\n`;
    let byMode = '';
    for (const { mode, declarations } of modes) {
      let entries = '';
      for (const declaration of declarations) entries += `    ${sassString(declaration.name)}: ${declarationValue(declaration)},\n`;
      byMode += `  "${mode}": ${entries === '' ? '()' : `(\n${entries}  )`},\n`;
    }
    maps += `\n$tokens-at-${breakpoint.name}: (\n${byMode});\n`;
  }
  const names = listed.map(({ breakpoint }) => breakpoint.name).join(', ');
  const container = listed[0]?.breakpoint.container ?? null;
  const condition = container === null ? '@media' : `@container ${container}`;
  return [
    '\n// Breakpoints: `tokens.$breakpoints` (name to width), `tokens.$tokens-at-<breakpoint>` (mode to the values that change there),\n',
    '// `@include tokens.breakpoint(<breakpoint>) { … }` and `@include tokens.tokens-at(<breakpoint>, <mode>);`.\n',
    `$breakpoints: ${widths === '' ? '()' : `(\n${widths})`};\n`,
    maps,
    `\n$tokens-at: ${listed.length === 0 ? '()' : `(\n${listed.map(({ breakpoint }) => `  "${breakpoint.name}": $tokens-at-${breakpoint.name},\n`).join('')})`};\n\n`,
    '@mixin breakpoint($name) {\n',
    '  @if not map.has-key($breakpoints, $name) {\n',
    `    @error "Unknown breakpoint \`#{$name}\`; this design system has ${names}.";\n`,
    '  }\n',
    `  ${condition} (min-width: map.get($breakpoints, $name)) {\n`,
    '    @content;\n',
    '  }\n',
    '}\n\n',
    '@mixin tokens-at($breakpoint, $mode) {\n',
    '  @each $name, $value in map.get($tokens-at, $breakpoint, $mode) {\n',
    '    --#{$name}: #{$value};\n',
    '  }\n',
    '}\n',
  ].join('');
}

/**
 * The SCSS export's lint: two declarations on one Sass variable (a token on a typography part's), and a token on one
 * of the module's maps (`tokens.dark` on `$tokens-dark`).
 */
export function lintScss(system: CompiledDesignSystem): readonly FormatDiagnostic[] {
  const language: VariableLanguage = { label: 'Sass', variable: sassVariable, reserved: reservedNames(system) };
  return lintVariables(system, language);
}
