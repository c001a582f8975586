import type { CompiledDesignSystem } from '../../../compile/types.js';
import { BASE_BREAKPOINT, breakpointCondition, systemAtBreakpoint, tokensChangingAt } from '../../shared/breakpoint-systems.js';
import { formatCssNumber } from '../../shared/css-values.js';
import { perSystem, perSystemAndKey } from '../../shared/system-memo.js';

/** One declared breakpoint as the JavaScript and TypeScript exports describe it. */
export interface JsBreakpoint {
  readonly name: string;
  /** The width as written: `48rem`. */
  readonly minWidth: string;
  readonly container: string | null;
  /** What `matchMedia` (or a container query) takes: `(min-width: 48rem)`. */
  readonly condition: string;
}

/**
 * The breakpoints of a design system, narrowest first, as the JavaScript formats write them.
 * @example jsBreakpointsOf(system)[0] // { name: 'md', minWidth: '48rem', container: null, condition: '(min-width: 48rem)' }
 */
export const jsBreakpointsOf: (system: CompiledDesignSystem) => readonly JsBreakpoint[] = perSystem((system) =>
  (system.breakpoints ?? []).map((breakpoint) => ({
    name: breakpoint.name,
    minWidth: `${formatCssNumber(breakpoint.minWidth.value)}${breakpoint.minWidth.unit}`,
    container: breakpoint.container,
    condition: breakpointCondition(breakpoint),
  })),
);

/**
 * `system` at breakpoint `name` holding only the tokens whose value there differs, in some mode, from the breakpoint
 * before (mobile first): what `atBreakpoint.<name>` holds per mode, printed as `tokens` is.
 */
export const tokensChangedAt: (system: CompiledDesignSystem, name: string) => CompiledDesignSystem = perSystemAndKey((system, name) => {
  const at = (system.breakpoints ?? []).findIndex((breakpoint) => breakpoint.name === name);
  const keys = new Set((tokensChangingAt(system)[at] ?? []).map((index) => system.tokens[index]?.key));
  const there = systemAtBreakpoint(system, name);
  return { ...there, tokens: there.tokens.filter((token) => keys.has(token.key)) };
});

/**
 * The `BreakpointName` union: `base` and each breakpoint, narrowest first.
 * @example breakpointNameUnion(system) // '"base" | "md" | "lg"'
 */
export const breakpointNameUnion = (system: CompiledDesignSystem): string =>
  [BASE_BREAKPOINT, ...(system.breakpoints ?? []).map((breakpoint) => breakpoint.name)].map((name) => JSON.stringify(name)).join(' | ');
