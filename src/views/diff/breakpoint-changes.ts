import type { BreakpointDefinition, CompiledDesignSystem, ModeValues, Token, TypedValue } from '../../compile/types.js';
import { widthInPx } from '../../compile/fields/read-breakpoints.js';
import { formatCssNumber } from '../shared/css-values.js';

/** A breakpoint declaration as the diff shows it: its name, the width it applies from (`48rem`), its container (null: the viewport). */
export interface DiffBreakpoint {
  readonly name: string;
  readonly minWidth: string;
  readonly container: string | null;
}

/** A breakpoint declared on both sides whose width or container changed. */
export interface BreakpointChange {
  readonly name: string;
  readonly from: { readonly minWidth: string; readonly container: string | null };
  readonly to: { readonly minWidth: string; readonly container: string | null };
}

/** The breakpoint declarations added, removed and changed, by name in declaration order (`to`'s, then `from`'s). */
export interface BreakpointDeclarationsDiff {
  readonly added: readonly DiffBreakpoint[];
  readonly removed: readonly DiffBreakpoint[];
  readonly changed: readonly BreakpointChange[];
}

const shownWidth = (breakpoint: BreakpointDefinition): string => `${formatCssNumber(breakpoint.minWidth.value)}${breakpoint.minWidth.unit}`;

const shown = (breakpoint: BreakpointDefinition): DiffBreakpoint => ({
  name: breakpoint.name,
  minWidth: shownWidth(breakpoint),
  container: breakpoint.container,
});

/**
 * What changed in the breakpoints two sides declare; undefined when neither declares any (so a diff of design systems
 * without breakpoints has no `breakpoints` field). A width compares as written (`48rem` to `768px` is a change: the
 * exports write it literally).
 * @example diffBreakpointDeclarations(before, after) // { added: [{ name: 'xl', minWidth: '80rem', container: null }], removed: [], changed: [] }
 */
export function diffBreakpointDeclarations(from: CompiledDesignSystem, to: CompiledDesignSystem): BreakpointDeclarationsDiff | undefined {
  if (from.breakpoints === undefined && to.breakpoints === undefined) return undefined;
  const before = new Map((from.breakpoints ?? []).map((breakpoint) => [breakpoint.name, breakpoint]));
  const after = new Map((to.breakpoints ?? []).map((breakpoint) => [breakpoint.name, breakpoint]));
  const changed: BreakpointChange[] = [];
  for (const breakpoint of after.values()) {
    const old = before.get(breakpoint.name);
    if (old === undefined) continue;
    const [was, is] = [shown(old), shown(breakpoint)];
    if (was.minWidth !== is.minWidth || was.container !== is.container) {
      changed.push({
        name: breakpoint.name,
        from: { minWidth: was.minWidth, container: was.container },
        to: { minWidth: is.minWidth, container: is.container },
      });
    }
  }
  return {
    added: [...after.values()].filter((breakpoint) => !before.has(breakpoint.name)).map(shown),
    removed: [...before.values()].filter((breakpoint) => !after.has(breakpoint.name)).map(shown),
    changed,
  };
}

/**
 * Whether the breakpoint changes break a consumer: a breakpoint removed (its `?breakpoint=`, `atBreakpoint.<name>`,
 * `tokens-at(<name>)`, Tailwind's `<name>:` variant go away), or moved between the viewport and a container (Tailwind's
 * `--breakpoint-<name>` and Android's `values-sw<dp>dp` exist for viewport breakpoints only).
 */
export const breaksConsumers = (diff: BreakpointDeclarationsDiff): boolean =>
  diff.removed.length > 0 || diff.changed.some((change) => change.from.container !== change.to.container);

/** A breakpoint's width in px, a rem or em counted as 16px (as the compiler orders breakpoints). */
const widthOf = (breakpoint: BreakpointDefinition): number => widthInPx(breakpoint.minWidth);

/**
 * The breakpoints to compare two sides at, by name: `to`'s and those only `from` declares, narrowest first (`to`'s
 * first among equal widths).
 */
export function comparedBreakpoints(from: CompiledDesignSystem, to: CompiledDesignSystem): readonly BreakpointDefinition[] {
  const names = new Set((to.breakpoints ?? []).map((breakpoint) => breakpoint.name));
  const all = [...(to.breakpoints ?? []), ...(from.breakpoints ?? []).filter((breakpoint) => !names.has(breakpoint.name))];
  return all.sort((a, b) => widthOf(a) - widthOf(b));
}

/**
 * A token's values at a breakpoint on one side (undefined: below the first breakpoint): at a breakpoint that side
 * declares, its values there; at one it does not, what a viewport of that width gets there (its widest breakpoint no
 * wider, else its own values), so a breakpoint added or removed does not change every token with values above it.
 */
export function valuesAtBreakpoint(
  system: CompiledDesignSystem,
  token: Token,
  breakpoint: BreakpointDefinition | undefined,
): ModeValues<TypedValue> {
  if (token.responsive === undefined || breakpoint === undefined) return token.resolved;
  const declared = system.breakpoints ?? [];
  if (declared.some((own) => own.name === breakpoint.name)) return token.responsive[breakpoint.name] ?? token.resolved;
  const width = widthOf(breakpoint);
  let values = token.resolved;
  for (const own of declared) {
    if (widthOf(own) > width) break;
    values = token.responsive[own.name] ?? values;
  }
  return values;
}
