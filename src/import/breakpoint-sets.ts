import type { WrittenValue } from '../compile/types.js';
import { flowValue } from './write-yaml.js';
import type { ImportedToken } from './map-token.js';
import type { ImportIssue } from './source-token.js';

/**
 * A set of the source (a mode as the reader found it: Spectrum's `desktop` and `mobile`) read as a breakpoint: its
 * values hold from `minWidth` up. A set at width 0 is the base, below every breakpoint (mobile first).
 */
export interface ImportBreakpoint {
  readonly name: string;
  /** As written: `64rem`, `1024px`, `0`. */
  readonly minWidth: string;
}

const WIDTH = /^(?:0|(?:\d+\.?\d*|\.\d+)(?:px|rem|em)?)$/;
const NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** A width in px, a rem or em counted as 16px (as the source format orders breakpoints). */
const pxOf = (width: string): number => Number.parseFloat(width) * (/r?em$/.test(width) ? 16 : 1);

/**
 * The breakpoints of `--breakpoint <set>=<min-width>` options, ordered by width; a problem as text when one is not
 * that (a width is `0`, or a length in `px`, `rem` or `em`; a bare number is px), two share a width, or a name repeats.
 * @example breakpointsOf(['mobile=0', 'desktop=64rem']) // [{ name: 'mobile', minWidth: '0' }, { name: 'desktop', minWidth: '64rem' }]
 */
export function breakpointsOf(written: readonly string[]): ImportBreakpoint[] | string {
  const breakpoints: ImportBreakpoint[] = [];
  for (const each of written) {
    const [name = '', minWidth = ''] = each.split(/=(.*)/s, 2).map((part) => part.trim());
    if (!NAME.test(name) || name === 'light' || name === 'base' || !WIDTH.test(minWidth))
      return `--breakpoint takes <set>=<min-width>, the set a mode the source has (not light or base), the width 0 (the base: below every breakpoint) or a length in px, rem or em: got \`${each}\``;
    if (breakpoints.some((known) => known.name === name)) return `--breakpoint names \`${name}\` twice`;
    const same = breakpoints.find((known) => pxOf(known.minWidth) === pxOf(minWidth));
    if (same !== undefined) return `--breakpoint gives \`${same.name}\` and \`${name}\` the same width ${minWidth}`;
    breakpoints.push({ name, minWidth });
  }
  return [...breakpoints].sort((a, b) => pxOf(a.minWidth) - pxOf(b.minWidth));
}

/** A token's fields that are not its value: what a mode or breakpoint entry never holds. */
const NOT_VALUE = new Set(['type', 'description', 'deprecated']);
const valueOf = (fields: Readonly<Record<string, WrittenValue>>): Record<string, WrittenValue> =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => !NOT_VALUE.has(name)));

/**
 * The tokens with the sets `breakpoints` names moved from their modes to breakpoints: the base set's values (width 0)
 * become the token's own, and each other set's values its entry at that breakpoint where they differ from the one
 * before (mobile first). A color keeps its own value (colors take no values per breakpoint here: they move along
 * scales), reported with loss.
 */
export function withBreakpoints(
  tokens: readonly ImportedToken[],
  breakpoints: readonly ImportBreakpoint[],
): { tokens: ImportedToken[]; issues: ImportIssue[] } {
  if (breakpoints.length === 0) return { tokens: [...tokens], issues: [] };
  const names = new Set(breakpoints.map((breakpoint) => breakpoint.name));
  const issues: ImportIssue[] = [];
  const moved = tokens.map((token): ImportedToken => {
    const modes = token.modes ?? {};
    const sets = Object.keys(modes).filter((mode) => names.has(mode));
    if (sets.length === 0) return token;
    const others = Object.fromEntries(Object.entries(modes).filter(([mode]) => !names.has(mode)));
    const rest = Object.keys(others).length === 0 ? undefined : others;
    if (token.type === 'color') {
      const reason = `its values in ${sets.map((set) => `\`${set}\``).join(', ')} are not imported: a color takes no values per breakpoint here (colors move along scales)`;
      issues.push({ source: token.source.source, level: 'lossy', reason });
      return { ...token, modes: rest };
    }
    const own = valueOf(token.fields);
    const at = (set: string): Record<string, WrittenValue> => (modes[set] === undefined ? own : valueOf(modes[set]));
    const [first] = breakpoints;
    const base = first !== undefined && pxOf(first.minWidth) === 0 ? at(first.name) : own;
    const entries: Record<string, WrittenValue> = {};
    let before = JSON.stringify(base);
    for (const breakpoint of breakpoints.filter((each) => pxOf(each.minWidth) > 0)) {
      const here = at(breakpoint.name);
      if (JSON.stringify(here) !== before) entries[breakpoint.name] = here;
      before = JSON.stringify(here);
    }
    const meta = Object.fromEntries(Object.entries(token.fields).filter(([name]) => NOT_VALUE.has(name) && name !== 'type'));
    const fields = { type: token.type, ...base, ...meta, ...(Object.keys(entries).length > 0 ? { breakpoints: entries } : {}) };
    return { ...token, fields, modes: rest };
  });
  return { tokens: moved, issues };
}

/** Where a set's values are written, for the report: `breakpoint \`desktop\` (from 64rem up)`, or the base. */
export const breakpointPlace = (breakpoint: ImportBreakpoint): string =>
  pxOf(breakpoint.minWidth) === 0
    ? 'the values below every breakpoint'
    : `breakpoint \`${breakpoint.name}\` (from ${breakpoint.minWidth} up)`;

/** `system.yaml` with the breakpoints above width 0 declared (`breakpoints:` with each one's `min-width`). */
export function withBreakpointsDeclared(systemYaml: string, breakpoints: readonly ImportBreakpoint[]): string {
  const declared = breakpoints.filter((breakpoint) => pxOf(breakpoint.minWidth) > 0);
  if (declared.length === 0) return systemYaml;
  const lines = declared.map((breakpoint) => `  ${breakpoint.name}: ${flowValue({ 'min-width': breakpoint.minWidth })}`);
  return `${systemYaml}breakpoints:\n${lines.join('\n')}\n`;
}
