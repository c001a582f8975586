import type { DesignSystemMeta, Mode, ModeValue, TokenView } from './model.js';

/** The name of the values below a design system's first breakpoint (`?breakpoint=base`). */
export const BASE_BREAKPOINT = 'base';

/** A breakpoint as the picker offers it: its name and its label (`md (from 48rem)`, `md (card from 30rem)`). */
export interface BreakpointChoice {
  readonly name: string;
  readonly label: string;
}

/**
 * The picker's choices for a design system: `base` (below the first breakpoint), then each breakpoint, narrowest first;
 * none when it declares no breakpoints.
 */
export function breakpointChoices(meta: DesignSystemMeta): BreakpointChoice[] {
  const declared = meta.breakpoints ?? [];
  const first = declared[0];
  if (first === undefined) return [];
  const where = (container: string | null): string => (container === null ? '' : `${container} `);
  return [
    { name: BASE_BREAKPOINT, label: `base (below ${where(first.container)}${first.minWidth})` },
    ...declared.map((breakpoint) => ({
      name: breakpoint.name,
      label: `${breakpoint.name} (${where(breakpoint.container)}from ${breakpoint.minWidth})`,
    })),
  ];
}

/** The breakpoint to show of a design system: the one asked for when it declares it, else `base`. */
export function shownBreakpoint(meta: DesignSystemMeta, wanted: string): string {
  return (meta.breakpoints ?? []).some((breakpoint) => breakpoint.name === wanted) ? wanted : BASE_BREAKPOINT;
}

/** Custom property -> value, per selector, of a stylesheet's top-level rules and those inside `@supports` (later wins). */
function declarationsOf(sheet: CSSStyleSheet): Map<string, Map<string, string>> {
  const bySelector = new Map<string, Map<string, string>>();
  const walk = (rules: CSSRuleList): void => {
    for (const rule of rules) {
      if (rule instanceof CSSSupportsRule) walk(rule.cssRules);
      if (!(rule instanceof CSSStyleRule)) continue;
      let declared = bySelector.get(rule.selectorText);
      if (declared === undefined) bySelector.set(rule.selectorText, (declared = new Map<string, string>()));
      for (const name of rule.style) if (name.startsWith('--')) declared.set(name, rule.style.getPropertyValue(name).trim());
    }
  };
  walk(sheet.cssRules);
  return bySelector;
}

/** The longest chain of `var()` a value is followed through (a cycle is refused by the server; this only bounds the walk). */
const MAX_VAR_DEPTH = 32;

/**
 * The token views with their resolved values read from `sheet`, the design system's CSS export at one breakpoint
 * (`?breakpoint=`: plain `:root` and `[data-theme="<mode>"]` rules, fluid values in `@supports`): a mode's value is its
 * rule's, else `:root`'s, with `var(--x)` replaced by `--x`'s value in that mode. A token the sheet does not declare
 * keeps its values.
 * @example viewsAtBreakpoint(views, modes, sheet)[0].light // '24px'
 */
export function viewsAtBreakpoint(views: readonly TokenView[], modes: readonly Mode[], sheet: CSSStyleSheet): TokenView[] {
  const declarations = declarationsOf(sheet);
  const root = declarations.get(':root') ?? new Map<string, string>();
  const valueIn = (mode: string, name: string, depth = 0): string | undefined => {
    const own = declarations.get(`[data-theme="${mode}"]`)?.get(name) ?? root.get(name);
    if (own === undefined || depth > MAX_VAR_DEPTH) return own;
    return own.replace(/var\((--[\w-]+)\)/g, (whole, target: string) => valueIn(mode, target, depth + 1) ?? whole);
  };
  return views.map((view) => {
    const light = valueIn('light', view.cssName);
    if (light === undefined) return view;
    const others: ModeValue[] = [];
    for (const { name } of modes.slice(1)) {
      const value = valueIn(name, view.cssName);
      if (value !== undefined && value !== light) others.push({ mode: name, value });
    }
    const dark = others.find((other) => other.mode === 'dark')?.value;
    const values = others.map((other) => other.value);
    const haystack = [view.haystack, light, ...values].join('\n').toLowerCase();
    return { ...view, light, dark, others, haystack };
  });
}
