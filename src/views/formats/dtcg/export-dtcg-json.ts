import type { CompiledDesignSystem, ModeDefinition, Token, TokenType, TypedValue } from '../../../compile/types.js';
import { formatCssValue } from '../../shared/css-values.js';
import { furtherModes, valueInMode } from '../../shared/mode-values.js';
import { buildSystemTree } from '../../shared/token-tree.js';
import type { TokenTree } from '../../shared/token-tree.js';

/** The vendor key under `$extensions` that carries our dark values (the API spec names it). */
export const EXTENSION_KEY = 'com.service';

/** Our token types as W3C Design Tokens types (booleans have none in the format; they keep `boolean`). */
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
  return buildSystemTree(system, (token) => dtcgLeaf(token, modes));
}

function dtcgLeaf(token: Token, modes: readonly ModeDefinition[]): Record<string, unknown> {
  const leaf: Record<string, unknown> = { $type: DTCG_TYPES[token.type], $value: formatCssValue(token.resolved.light) };
  if (token.description !== undefined) leaf['$description'] = token.description;
  if (token.deprecated !== undefined) leaf['$deprecated'] = dtcgDeprecated(token);
  const extension = modeExtension(token, modes, formatCssValue);
  if (extension !== undefined) leaf['$extensions'] = { [EXTENSION_KEY]: extension };
  return leaf;
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
