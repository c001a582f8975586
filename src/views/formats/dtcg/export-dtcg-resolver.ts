import type { CompiledDesignSystem } from '../../../compile/types.js';
import { DTCG_SPEC_VERSION, literalStrictTokens, strictExportTree } from './export-dtcg-strict.js';
import type { StrictToken } from './export-dtcg-strict.js';
import { furtherModes, valueInMode } from '../../shared/mode-values.js';
import { buildSystemTree } from '../../shared/token-tree.js';
import type { TokenTree } from '../../shared/token-tree.js';
import { breakpointModifierOf } from './resolver-breakpoints.js';

/**
 * A DTCG 2025.10 resolver document: one set `tokens` (the strict export, light values) and one modifier `theme` with
 * one context per mode: `light` (no overrides), `dark` and each further mode (every color, and every other token
 * whose value in that mode differs from light, with that value), applied in that order; with breakpoints, the modifier
 * `breakpoint` after it (resolver-breakpoints.ts). Shadow colors are literal here: a JSON Pointer is fixed when the document is read,
 * so it could not follow the color into the dark context.
 * @example { version: '2025.10', sets: { tokens: { sources: [...] } }, modifiers: { theme: { contexts: { light: [{}], dark: [{ color: {...} }] }, default: 'light' } }, resolutionOrder: [{ $ref: '#/sets/tokens' }, { $ref: '#/modifiers/theme' }] }
 */
export function buildDtcgResolver(system: CompiledDesignSystem): Record<string, unknown> {
  const modes = furtherModes(system);
  // Each token's strict form holds its value in every mode: built once, then read once per context (linear in tokens x modes).
  const strictTokens = literalStrictTokens(system);
  const contexts: Record<string, unknown[]> = { light: [{}], dark: [contextOf(system, 'dark', strictTokens)] };
  for (const mode of modes) contexts[mode.name] = [contextOf(system, mode.name, strictTokens)];
  const breakpoint = breakpointModifierOf(system);
  return {
    name: system.meta.name,
    version: DTCG_SPEC_VERSION,
    ...(system.meta.description === null ? {} : { description: system.meta.description }),
    sets: {
      tokens: {
        description: `Design tokens of ${system.meta.slug}, light values.`,
        sources: [strictExportTree(system, 'literal', 'resolve')],
      },
    },
    modifiers: {
      theme: {
        description: modes.length === 0 ? 'Light or dark mode.' : `One of the modes: ${system.modes.map((mode) => mode.name).join(', ')}.`,
        contexts,
        default: 'light',
      },
      ...(breakpoint === undefined ? {} : { breakpoint }),
    },
    resolutionOrder: [
      { $ref: '#/sets/tokens' },
      { $ref: '#/modifiers/theme' },
      ...(breakpoint === undefined ? [] : [{ $ref: '#/modifiers/breakpoint' }]),
    ],
  };
}

/** The tokens that have a value of their own in `mode`, with it, in the strict shape: one context of the modifier. */
function contextOf(system: CompiledDesignSystem, mode: string, strictTokens: readonly (StrictToken | undefined)[]): TokenTree {
  // A token DTCG has no shape for (a boolean, a keyword, a list of lengths) keeps its modes under `$extensions` in the set.
  return buildSystemTree(
    system,
    (_token, index) => {
      const strict = strictTokens[index];
      return { $type: strict?.type, $value: mode === 'dark' ? strict?.dark : strict?.modes?.[mode] };
    },
    (token, index) => valueInMode(token, mode) !== undefined && strictTokens[index] !== undefined,
  );
}

/**
 * The resolver document's text, compact: it is read by tools, and indenting its deeply nested color objects made it
 * four times larger (6.7 MB for 10,000 tokens) and its first render slower than the 50 ms budget of an export.
 */
export function renderDtcgResolver(system: CompiledDesignSystem): string {
  return `${JSON.stringify(buildDtcgResolver(system))}\n`;
}
