import { describeValue } from '../diagnostics/message-text.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import type { NamedFields, SystemEntry } from '../yaml/source-entries.js';
import { parseDimension } from '../values/parse-values.js';
import type { BreakpointDefinition, Dimension } from '../types.js';
import { MODE_NAME } from './read-modes.js';

const MAX_BREAKPOINT_NAME_LENGTH = 64;
const BREAKPOINT_FIELDS = ['min-width', 'container'];
/** A container name as `@container` takes it: a CSS identifier, not one of the words the rule reserves. */
const CONTAINER_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const RESERVED_CONTAINER_NAMES = ['none', 'and', 'not', 'or'];
/** The name of the values below the first breakpoint (a token's own fields): no breakpoint may take it. */
export const BASE_BREAKPOINT = 'base';
/**
 * The most breakpoints `system.yaml` may declare: every export writes each responsive token once per breakpoint and
 * mode, and real systems have 2 to 6 (Carbon's sm, md, lg, xlg, max).
 */
export const MAX_BREAKPOINTS = 12;
/** What a `rem` or `em` of a breakpoint is in px when breakpoints are put in order (the browsers' default font size). */
export const PX_PER_REM = 16;

/** A width in px, `rem` and `em` taken as {@link PX_PER_REM}. */
export const widthInPx = (width: Dimension): number => (width.unit === 'px' ? width.value : width.value * PX_PER_REM);

/**
 * The breakpoints `system.yaml` declares, each checked (a name, `min-width` a length > 0 in px, rem or em, an optional
 * `container` name shared by all), in ascending order of width; undefined when it declares none. A breakpoint with a
 * problem is reported and left out.
 */
export function readBreakpoints(system: SystemEntry | undefined, report: Report): readonly BreakpointDefinition[] | undefined {
  const field = system?.fields['breakpoints'];
  if (system === undefined || field === undefined) return undefined;
  if (system.breakpoints === undefined) {
    if (field.value !== null) {
      report(
        field.pos,
        'invalid-breakpoint',
        '`breakpoints` must map breakpoint names to `{ min-width }`, e.g. `md: { min-width: 48rem }`',
      );
    }
    return [];
  }
  if (system.breakpoints.length > MAX_BREAKPOINTS) {
    report(
      field.pos,
      'design-system-too-large',
      `\`breakpoints\` declares ${system.breakpoints.length} breakpoints, more than ${MAX_BREAKPOINTS} (the limit): every export writes each responsive token once per breakpoint; use fewer breakpoints or fluid values`,
    );
    return [];
  }
  const declared: BreakpointDefinition[] = [];
  let previous: { name: string; width: Dimension } | undefined;
  let container: { name: string | null; of: string } | undefined;
  for (const entry of system.breakpoints) {
    const breakpoint = readBreakpoint(entry, report);
    if (breakpoint === undefined) continue;
    if (previous !== undefined && widthInPx(breakpoint.minWidth) <= widthInPx(previous.width)) {
      report(
        entry.fields?.['min-width']?.pos ?? entry.pos,
        'invalid-breakpoint',
        `breakpoint \`${entry.name}\` (min-width ${formatWidth(breakpoint.minWidth)}) must be wider than \`${previous.name}\` before it (min-width ${formatWidth(previous.width)}): breakpoints are written from the narrowest up, mobile first`,
      );
      continue;
    }
    if (container !== undefined && container.name !== breakpoint.container) {
      report(
        entry.fields?.['container']?.pos ?? entry.pos,
        'invalid-breakpoint',
        `breakpoint \`${entry.name}\` ${breakpoint.container === null ? 'has no `container`' : `queries container \`${breakpoint.container}\``}, but \`${container.of}\` ${container.name === null ? 'has none' : `queries \`${container.name}\``}: the breakpoints of a design system are one axis, all of the viewport or all of one container`,
      );
      continue;
    }
    container ??= { name: breakpoint.container, of: entry.name };
    previous = { name: entry.name, width: breakpoint.minWidth };
    declared.push(breakpoint);
  }
  return declared;
}

const formatWidth = (width: Dimension): string => `${width.value}${width.unit}`;

function readBreakpoint(entry: NamedFields, report: Report): BreakpointDefinition | undefined {
  const { name, fields } = entry;
  if (name === BASE_BREAKPOINT) {
    report(
      entry.pos,
      'invalid-breakpoint',
      "`base` names the values below the first breakpoint (a token's own fields) and cannot be declared",
    );
    return undefined;
  }
  if (!MODE_NAME.test(name) || name.length > MAX_BREAKPOINT_NAME_LENGTH) {
    report(
      entry.pos,
      'invalid-breakpoint',
      `breakpoint name \`${name}\` must be lowercase letters and digits joined by single hyphens (e.g. \`md\`, \`x-large\`)`,
    );
    return undefined;
  }
  if (fields === undefined) {
    report(
      entry.valuePos,
      'invalid-breakpoint',
      `breakpoint \`${name}\` must be a mapping \`{ min-width }\`, e.g. \`{ min-width: 48rem }\``,
    );
    return undefined;
  }
  let ok = true;
  for (const [field, located] of Object.entries(fields)) {
    if (!BREAKPOINT_FIELDS.includes(field)) {
      report(
        located.pos,
        'invalid-breakpoint',
        `breakpoint \`${name}\` has no field \`${field}\` (allowed: ${BREAKPOINT_FIELDS.join(', ')})`,
      );
      ok = false;
    }
  }
  const minWidth = fields['min-width'];
  const width = minWidth === undefined ? undefined : parseDimension(minWidth.value, ['px', 'rem', 'em'], 'px');
  if (minWidth === undefined) {
    report(
      entry.pos,
      'missing-field',
      `breakpoint \`${name}\` is missing \`min-width\`, the width from which it applies (e.g. \`min-width: 48rem\`)`,
    );
    ok = false;
  } else if (width === undefined || !(width.value > 0) || width.value > 100_000) {
    report(
      minWidth.pos,
      'invalid-breakpoint',
      `\`min-width\` of breakpoint \`${name}\` must be a length > 0 in \`px\`, \`rem\` or \`em\` like \`48rem\` (a bare number is px), got ${describeValue(minWidth.value)}`,
    );
    ok = false;
  }
  const containerField = fields['container'];
  const container = containerField?.value;
  if (
    containerField !== undefined &&
    (typeof container !== 'string' ||
      !CONTAINER_NAME.test(container) ||
      container.length > 64 ||
      RESERVED_CONTAINER_NAMES.includes(container))
  ) {
    report(
      containerField.pos,
      'invalid-breakpoint',
      `\`container\` of breakpoint \`${name}\` must be a container name (lowercase letters and digits joined by hyphens, as \`container-name\` sets it), got ${describeValue(container)}`,
    );
    ok = false;
  }
  if (!ok || width === undefined) return undefined;
  return { name, minWidth: width, container: typeof container === 'string' ? container : null };
}
