import type { CompiledDesignSystem } from '../../../compile/types.js';
import { BASE_BREAKPOINT, systemAtBreakpoint } from '../../shared/breakpoint-systems.js';
import { buildSystemTree } from '../../shared/token-tree.js';
import type { TokenTree } from '../../shared/token-tree.js';
import { describeBreakpoints, EXTENSION_KEY } from './export-dtcg-json.js';
import { literalStrictTokens } from './export-dtcg-strict.js';

/**
 * The resolver's `breakpoint` modifier of a design system that declares breakpoints, or undefined: a context `base`
 * (no overrides) and one per breakpoint with every token whose value there differs from its own in some mode, at its
 * light value there (fluid lengths at `min`), the other modes' values there under `$extensions["com.service"]`
 * (`dark`, `modes`) as in the strict export; each breakpoint's width and condition under the modifier's
 * `$extensions["com.service"].breakpoints`. It comes after `theme` in the resolution order: a modifier's contexts
 * cannot depend on another's, so a token whose value at a breakpoint differs between modes takes light's there.
 * @example { contexts: { base: [{}], md: [{ space: { gutter: { $type: 'dimension', $value: { value: 24, unit: 'px' } } } }] }, default: 'base', $extensions: { 'com.service': { breakpoints: { md: { minWidth: '48rem', container: null, condition: '(min-width: 48rem)' } } } } }
 */
export function breakpointModifierOf(system: CompiledDesignSystem): Record<string, unknown> | undefined {
  const breakpoints = system.breakpoints ?? [];
  if (breakpoints.length === 0) return undefined;
  const contexts: Record<string, unknown[]> = { [BASE_BREAKPOINT]: [{}] };
  for (const breakpoint of breakpoints) contexts[breakpoint.name] = [contextAt(system, breakpoint.name)];
  return {
    description: `The width the values are for, mobile first: ${BASE_BREAKPOINT} (below the first breakpoint), ${breakpoints.map((breakpoint) => breakpoint.name).join(', ')}.`,
    contexts,
    default: BASE_BREAKPOINT,
    $extensions: { [EXTENSION_KEY]: { breakpoints: describeBreakpoints(system) } },
  };
}

/** The tokens that differ at breakpoint `name` from their own values, in the strict shape: one context of the modifier. */
function contextAt(system: CompiledDesignSystem, name: string): TokenTree {
  const there = systemAtBreakpoint(system, name);
  const strictTokens = literalStrictTokens(there);
  return buildSystemTree(
    there,
    (_token, index) => {
      const strict = strictTokens[index];
      const modes = {
        ...(strict?.dark === undefined ? {} : { dark: strict.dark }),
        ...(strict?.modes === undefined ? {} : { modes: strict.modes }),
      };
      const extension = { ...strict?.extension, ...modes };
      return {
        $type: strict?.type,
        $value: strict?.value,
        ...(Object.keys(extension).length === 0 ? {} : { $extensions: { [EXTENSION_KEY]: extension } }),
      };
    },
    (_token, index) => system.tokens[index]?.responsive?.[name] !== undefined && strictTokens[index] !== undefined,
  );
}
