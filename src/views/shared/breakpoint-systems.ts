import { sameTypedValue } from '../../compile/fields/typed-values.js';
import type { BreakpointDefinition, CompiledDesignSystem, ModeValues, Token, TypedValue } from '../../compile/types.js';
import { formatCssNumber } from './css-values.js';
import { perSystem, perSystemAndKey } from './system-memo.js';
import { valueAt } from '../../compile/checked-access.js';

/** The name of the values below a design system's first breakpoint: a token's own values. */
export const BASE_BREAKPOINT = 'base';

/**
 * `system` as it is at breakpoint `name` (`base`: below the first): each token's `resolved` its values there, and no
 * breakpoints, so that every export writes that breakpoint's values as it writes a system without breakpoints.
 * @example systemAtBreakpoint(system, 'md').tokens[0].resolved.light // { kind: 'dimension', value: 24, unit: 'px' }
 */
export const systemAtBreakpoint: (system: CompiledDesignSystem, name: string) => CompiledDesignSystem = perSystemAndKey((system, name) => {
  const { breakpoints: _breakpoints, ...rest } = system;
  const tokens = system.tokens.map((token) => {
    if (token.responsive === undefined) return token;
    const { responsive, ...own } = token;
    const values = name === BASE_BREAKPOINT ? undefined : responsive[name];
    return values === undefined ? own : { ...own, resolved: values };
  });
  return { ...rest, tokens };
});

/** Whether a typed value (or a typography's font size) is fluid. */
const isFluid = (value: TypedValue): boolean =>
  (value.kind === 'dimension' && value.fluid !== undefined) || (value.kind === 'typography' && value.fontSize.fluid !== undefined);

/** Whether a token is fluid in some mode at some breakpoint. */
export function hasFluidValue(token: Token): boolean {
  const some = (values: ModeValues<TypedValue>): boolean => Object.values(values).some(isFluid);
  return some(token.resolved) || Object.values(token.responsive ?? {}).some(some);
}

/** The indexes of the tokens of `system` that are fluid somewhere, in key order. */
export const fluidTokenIndexes: (system: CompiledDesignSystem) => readonly number[] = perSystem((system) =>
  system.tokens.flatMap((token, index) => (hasFluidValue(token) ? [index] : [])),
);

/** A value with its fluid length replaced by its static one (`min`). */
function staticValue(value: TypedValue): TypedValue {
  if (value.kind === 'dimension' && value.fluid !== undefined) return { kind: 'dimension', value: value.value, unit: value.unit };
  if (value.kind === 'typography' && value.fontSize.fluid !== undefined)
    return { ...value, fontSize: staticValue(value.fontSize) as typeof value.fontSize };
  return value;
}

const staticValues = (values: ModeValues<TypedValue>): ModeValues<TypedValue> =>
  Object.fromEntries(Object.entries(values).map(([mode, value]) => [mode, staticValue(value)])) as ModeValues<TypedValue>;

/**
 * `system` with every fluid length replaced by its static value: what a stylesheet writes for browsers without
 * `clamp()`, and what an export that cannot follow the viewport holds.
 */
export const staticSystemOf: (system: CompiledDesignSystem) => CompiledDesignSystem = perSystem((system) => {
  if (fluidTokenIndexes(system).length === 0) return system;
  const tokens = system.tokens.map((token): Token => {
    if (!hasFluidValue(token)) return token;
    const responsive =
      token.responsive === undefined
        ? undefined
        : Object.fromEntries(Object.entries(token.responsive).map(([name, values]) => [name, staticValues(values)]));
    return { ...token, resolved: staticValues(token.resolved), ...(responsive === undefined ? {} : { responsive }) };
  });
  return { ...system, tokens };
});

/**
 * Per declared breakpoint (in order), the indexes of the tokens whose value there differs, in some mode, from their value
 * at the breakpoint before (below the first: their own): what a breakpoint's rules redeclare.
 */
export const tokensChangingAt: (system: CompiledDesignSystem) => readonly (readonly number[])[] = perSystem((system) => {
  const breakpoints = system.breakpoints ?? [];
  return breakpoints.map((breakpoint, at) => {
    const before = breakpoints[at - 1]?.name;
    const changing: number[] = [];
    system.tokens.forEach((token, index) => {
      const values = token.responsive?.[breakpoint.name];
      if (values === undefined) return;
      const previous = before === undefined ? token.resolved : (token.responsive?.[before] ?? token.resolved);
      if (system.modes.some((mode) => !sameTypedValue(valueAt(values, mode.name), valueAt(previous, mode.name)))) changing.push(index);
    });
    return changing;
  });
});

/**
 * The condition of a breakpoint as a media or container query (and `matchMedia`) takes it.
 * @example breakpointCondition(md) // '(min-width: 48rem)'
 */
export const breakpointCondition = (breakpoint: BreakpointDefinition): string =>
  `(min-width: ${formatCssNumber(breakpoint.minWidth.value)}${breakpoint.minWidth.unit})`;
