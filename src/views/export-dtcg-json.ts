import type { CompiledDesignSystem, Token, TokenType } from '../compile/types.js';
import { buildTokenTree } from './token-tree.js';
import type { TokenTree } from './token-tree.js';

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
};

/**
 * The W3C Design Tokens tree with resolved string values, and dark values under `$extensions`.
 * @example { color: { brand: { primary: { $type: 'color', $value: '#2563EB', $extensions: { 'com.service': { dark: '#60A5FA' } } } } } }
 */
export function buildDtcgTree(system: CompiledDesignSystem): TokenTree {
  return buildTokenTree(system.tokens, dtcgLeaf);
}

function dtcgLeaf(token: Token): Record<string, unknown> {
  const leaf: Record<string, unknown> = { $type: DTCG_TYPES[token.type], $value: token.resolved.light };
  if (token.description !== undefined) leaf['$description'] = token.description;
  if (token.resolved.dark !== undefined) leaf['$extensions'] = { [EXTENSION_KEY]: { dark: token.resolved.dark } };
  return leaf;
}

/** The JSON export's text, indented for people reading a build artifact. */
export function renderDtcgJson(system: CompiledDesignSystem): string {
  return `${JSON.stringify(buildDtcgTree(system), null, 2)}\n`;
}
