import type { ImportBreakpoint } from './breakpoint-sets.js';
import { isRecord } from './source-token.js';
import type { ImportIssue, SourceToken } from './source-token.js';

/**
 * A token written the way Carbon writes its type styles: the value an object of fields with `breakpoints` beside them,
 * each breakpoint giving the fields that change from it up (`{ fontSize: '2rem', breakpoints: { lg: { fontSize:
 * '2.5rem' } } }`). Read as one mode per breakpoint that `--breakpoint` names, holding the fields in force there
 * (mobile first: a breakpoint takes what it does not set from the ones before), which `withBreakpoints` then moves to
 * breakpoint entries. A breakpoint `--breakpoint` does not name is left out, with the option to pass; so is a
 * `breakpoints` object in another mode's value (the modes and breakpoints of one token come from its own value here).
 */
export function withBreakpointFields(
  token: SourceToken,
  breakpoints: readonly ImportBreakpoint[],
): { token: SourceToken; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const modes: Record<string, unknown> = {};
  for (const [mode, value] of Object.entries(token.modes)) {
    const split = splitBreakpoints(value);
    if (split !== undefined)
      issues.push({
        source: token.source,
        level: 'lossy',
        reason: `its \`breakpoints\` in mode \`${mode}\` are not imported: only the value's own \`breakpoints\` are read`,
      });
    modes[mode] = split?.fields ?? value;
  }
  const split = splitBreakpoints(token.value);
  if (split === undefined) return issues.length === 0 ? { token, issues } : { token: { ...token, modes }, issues };
  const named = new Set(breakpoints.map((breakpoint) => breakpoint.name));
  const unknown = Object.keys(split.at).filter((name) => !named.has(name));
  if (unknown.length > 0)
    issues.push({
      source: token.source,
      level: 'lossy',
      reason: `its values at ${unknown.map((name) => `\`${name}\``).join(', ')} are not imported: give each breakpoint's width with \`--breakpoint ${unknown[0] ?? ''}=<min-width>\``,
    });
  let inForce: Record<string, unknown> = { ...split.fields };
  for (const breakpoint of breakpoints) {
    const changes = split.at[breakpoint.name];
    if (changes !== undefined) inForce = { ...inForce, ...changes };
    if (breakpoint.name in modes) continue;
    modes[breakpoint.name] = inForce;
  }
  return { token: { ...token, value: split.fields, modes }, issues };
}

/** A value's own fields and its `breakpoints`, when it is an object with a `breakpoints` object of objects. */
function splitBreakpoints(
  value: unknown,
): { fields: Record<string, unknown>; at: Readonly<Record<string, Readonly<Record<string, unknown>>>> } | undefined {
  if (!isRecord(value) || !isRecord(value['breakpoints'])) return undefined;
  const at: Record<string, Readonly<Record<string, unknown>>> = {};
  for (const [name, changes] of Object.entries(value['breakpoints'])) {
    if (!isRecord(changes)) return undefined;
    at[name] = changes;
  }
  const fields = Object.fromEntries(Object.entries(value).filter(([name]) => name !== 'breakpoints'));
  return { fields, at };
}
