import type { CompiledDesignSystem, ModeDefinition, Token, TokenType, TypedValue } from '../../../compile/types.js';
import { breakpointCondition, systemAtBreakpoint, tokensChangingAt } from '../../shared/breakpoint-systems.js';
import { formatCssNumber, formatCssValue } from '../../shared/css-values.js';
import { furtherModes, valueInMode } from '../../shared/mode-values.js';
import { perSystem } from '../../shared/system-memo.js';
import { buildSystemTree } from '../../shared/token-tree.js';
import type { TokenTree } from '../../shared/token-tree.js';

/** The vendor key under `$extensions` that carries our dark values (the API spec names it). */
export const EXTENSION_KEY = 'com.service';

/** Our token types as W3C Design Tokens types (booleans and CSS keywords have none in the format; they keep `boolean`, `keyword`). */
export const DTCG_TYPES: Readonly<Record<TokenType, string>> = {
  color: 'color',
  spacing: 'dimension',
  radius: 'dimension',
  'font.size': 'dimension',
  'font.letterSpacing': 'dimension',
  'font.lineHeight': 'number',
  'font.weight': 'fontWeight',
  'font.family': 'fontFamily',
  shadow: 'shadow',
  opacity: 'number',
  'z-index': 'number',
  duration: 'duration',
  easing: 'cubicBezier',
  boolean: 'boolean',
  dimension: 'dimension',
  strokeStyle: 'strokeStyle',
  keyword: 'keyword',
  typography: 'typography',
  border: 'border',
  transition: 'transition',
  gradient: 'gradient',
};

/**
 * The W3C Design Tokens tree with resolved string values, and the other modes' values under `$extensions`.
 * @example { color: { brand: { primary: { $type: 'color', $value: '#2563EB', $extensions: { 'com.service': { dark: '#60A5FA' } } } } } }
 */
export function buildDtcgTree(system: CompiledDesignSystem): TokenTree {
  const modes = furtherModes(system);
  if ((system.breakpoints ?? []).length === 0) return buildSystemTree(system, (token) => dtcgLeaf(token, modes));
  const tree = buildSystemTree(system, (token, index) =>
    dtcgLeaf(
      token,
      modes,
      valuesAtBreakpoints(system, token, index, (_system, there) => ({
        value: formatCssValue(there.resolved.light),
        ...modeExtension(there, modes, formatCssValue),
      })),
    ),
  );
  return withBreakpointDescriptions(system, tree);
}

function dtcgLeaf(token: Token, modes: readonly ModeDefinition[], breakpoints?: Record<string, unknown>): Record<string, unknown> {
  const leaf: Record<string, unknown> = { $type: DTCG_TYPES[token.type], $value: formatCssValue(token.resolved.light) };
  if (token.description !== undefined) leaf['$description'] = token.description;
  if (token.deprecated !== undefined) leaf['$deprecated'] = dtcgDeprecated(token);
  const extension: Record<string, unknown> | undefined =
    breakpoints === undefined
      ? modeExtension(token, modes, formatCssValue)
      : { ...modeExtension(token, modes, formatCssValue), breakpoints };
  if (extension !== undefined) leaf['$extensions'] = { [EXTENSION_KEY]: extension };
  return leaf;
}

/** A breakpoint as the JSON exports and the resolver describe it: its width as written, its container, its condition. */
export interface DescribedBreakpoint {
  readonly minWidth: string;
  readonly container: string | null;
  readonly condition: string;
}

/**
 * Each declared breakpoint of a design system, narrowest first, by name, as the JSON exports and the resolver
 * describe it.
 * @example describeBreakpoints(system) // { md: { minWidth: '48rem', container: null, condition: '(min-width: 48rem)' } }
 */
export function describeBreakpoints(system: CompiledDesignSystem): Record<string, DescribedBreakpoint> {
  const described: Record<string, DescribedBreakpoint> = {};
  for (const breakpoint of system.breakpoints ?? []) {
    described[breakpoint.name] = {
      minWidth: `${formatCssNumber(breakpoint.minWidth.value)}${breakpoint.minWidth.unit}`,
      container: breakpoint.container,
      condition: breakpointCondition(breakpoint),
    };
  }
  return described;
}

/**
 * `tree` with the root group's `$extensions["com.service"].breakpoints` ({@link describeBreakpoints}) first: where
 * both JSON exports say which breakpoints the tokens' `breakpoints` entries are for.
 */
export function withBreakpointDescriptions(system: CompiledDesignSystem, tree: TokenTree): TokenTree {
  return { $extensions: { [EXTENSION_KEY]: { breakpoints: describeBreakpoints(system) } }, ...tree };
}

/** {@link tokensChangingAt} as sets, once per system: looked up once per token and breakpoint. */
const changingSetsOf = perSystem((system): readonly ReadonlySet<number>[] => tokensChangingAt(system).map((indexes) => new Set(indexes)));

/**
 * What a token's `$extensions["com.service"].breakpoints` holds: per breakpoint at which its value changes, in some
 * mode, from the breakpoint before (below the first: its own; mobile first, as the CSS export's blocks), narrowest first, the token there (at `index` of the system there) written by `write`;
 * undefined when it has none.
 */
export function valuesAtBreakpoints(
  system: CompiledDesignSystem,
  token: Token,
  index: number,
  write: (systemThere: CompiledDesignSystem, there: Token) => unknown,
): Record<string, unknown> | undefined {
  if (token.responsive === undefined) return undefined;
  const changing = changingSetsOf(system);
  let entries: Record<string, unknown> | undefined;
  for (const [at, { name }] of (system.breakpoints ?? []).entries()) {
    if (changing[at]?.has(index) !== true) continue;
    const systemThere = systemAtBreakpoint(system, name);
    const there = systemThere.tokens[index];
    if (there !== undefined) (entries ??= {})[name] = write(systemThere, there);
  }
  return entries;
}

/**
 * What `$extensions["com.service"]` carries of a token's other modes: `dark`, and `modes.<mode>` per further mode,
 * each where the token has a value of its own there (every color; any other token where it differs from light),
 * written by `write`. Undefined when there is none.
 */
export function modeExtension<Written>(
  token: Token,
  modes: readonly ModeDefinition[],
  write: (value: TypedValue) => Written,
): { dark?: Written; modes?: Record<string, Written> } | undefined {
  const dark = valueInMode(token, 'dark');
  let further: Record<string, Written> | undefined;
  for (const mode of modes) {
    const value = valueInMode(token, mode.name);
    if (value !== undefined) (further ??= {})[mode.name] = write(value);
  }
  if (dark === undefined && further === undefined) return undefined;
  const extension: { dark?: Written; modes?: Record<string, Written> } = {};
  if (dark !== undefined) extension.dark = write(dark);
  if (further !== undefined) extension.modes = further;
  return extension;
}

/**
 * `$deprecated` as DTCG 2025.10 has it: the message (with the replacement named as an alias), or `true` when neither
 * is given.
 * @example dtcgDeprecated(colorFgSubtle) // 'Too little contrast. Use {color.fg.muted}.'
 */
export function dtcgDeprecated(token: Token): string | true {
  const { message, replacement } = token.deprecated ?? { message: null, replacement: null };
  const parts = [message, replacement === null ? null : `Use {${replacement}}.`].filter((part): part is string => part !== null);
  return parts.length === 0 ? true : parts.join(' ');
}

/** The JSON export's text, indented for people reading a build artifact. */
export function renderDtcgJson(system: CompiledDesignSystem): string {
  return `${JSON.stringify(buildDtcgTree(system), null, 2)}\n`;
}
