import type { CompiledDesignSystem } from '../compile/types.js';
import { buildStrictDtcgTree, buildStrictToken, DTCG_SPEC_VERSION } from './export-dtcg-strict.js';
import { buildTokenTree } from './token-tree.js';

/**
 * A DTCG 2025.10 resolver document: one set `tokens` (the strict export, light values) and one modifier `theme` with
 * contexts `light` (no overrides) and `dark` (every token whose dark value differs, with that value: colors and
 * shadows), applied in that order. Shadow colors are literal here: a JSON Pointer is fixed when the document is read,
 * so it could not follow the color into the dark context.
 * @example { version: '2025.10', sets: { tokens: { sources: [...] } }, modifiers: { theme: { contexts: { light: [{}], dark: [{ color: {...} }] }, default: 'light' } }, resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/theme' }] }
 */
export function buildDtcgResolver(system: CompiledDesignSystem): Record<string, unknown> {
  const darkTokens = system.tokens.filter((token) => token.resolved.dark !== undefined);
  const dark = buildTokenTree(darkTokens, (token) => {
    const strict = buildStrictToken(token);
    return { $type: strict?.type, $value: strict?.dark };
  });
  return {
    name: system.meta.name,
    version: DTCG_SPEC_VERSION,
    ...(system.meta.description === null ? {} : { description: system.meta.description }),
    sets: {
      tokens: { description: `Design tokens of ${system.meta.slug}, light values.`, sources: [buildStrictDtcgTree(system, 'literal')] },
    },
    modifiers: {
      theme: {
        description: 'Light or dark mode.',
        contexts: { light: [{}], dark: [dark] },
        default: 'light',
      },
    },
    resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/theme' }],
  };
}

/**
 * The resolver document's text, compact: it is read by tools, and indenting its deeply nested color objects made it
 * four times larger (6.7 MB for 10,000 tokens) and its first render slower than the 50 ms budget of an export.
 */
export function renderDtcgResolver(system: CompiledDesignSystem): string {
  return `${JSON.stringify(buildDtcgResolver(system))}\n`;
}
