import { isDefinedBefore } from './defined-once.js';
import { describeValue } from './message-text.js';
import type { Report } from './pending-diagnostic.js';
import type { Located, ScaleStepEntry, SourceFileEntries } from './source-entries.js';
import type { ScaleStep, SourcePosition } from './types.js';
import { normalizeHex } from './value-rules.js';

/** Scale name -> step number -> its checked colors. */
export type ScaleSteps = ReadonlyMap<string, ReadonlyMap<number, ScaleStep>>;

/** The scales of every file, merged and checked: each defined once, each step once, with two hex colors. */
export function mergeScales(files: readonly SourceFileEntries[], report: Report): Map<string, Map<number, ScaleStep>> {
  const scales = new Map<string, Map<number, ScaleStep>>();
  const definedAt = new Map<string, SourcePosition>();
  for (const file of files) {
    for (const scale of file.scales) {
      if (isDefinedBefore(definedAt, scale.name, scale.pos, `scale \`${scale.name}\``, report)) continue;
      scales.set(scale.name, mergeSteps(scale.name, scale.steps, report));
    }
  }
  return scales;
}

function mergeSteps(scale: string, entries: readonly ScaleStepEntry[], report: Report): Map<number, ScaleStep> {
  const steps = new Map<number, ScaleStep>();
  const stepAt = new Map<number, SourcePosition>();
  for (const entry of entries) {
    // `100:` and `"100":` are different YAML keys but the same step.
    if (isDefinedBefore(stepAt, entry.step, entry.pos, `step ${entry.step} of scale \`${scale}\``, report)) continue;
    for (const extra of entry.extra) {
      report(
        extra.pos,
        'unknown-field',
        `unknown field \`${extra.name}\` in step ${entry.step} of scale \`${scale}\` (allowed: light, dark)`,
      );
    }
    const light = readStepColor(entry.light, 'light', entry, scale, report);
    const dark = readStepColor(entry.dark, 'dark', entry, scale, report);
    if (light !== undefined && dark !== undefined) steps.set(entry.step, { step: entry.step, light, dark });
  }
  return steps;
}

/** One color of a step as `#RRGGBB`; undefined, reported, when it is missing or not a hex color. */
function readStepColor(
  located: Located | undefined,
  mode: 'light' | 'dark',
  entry: ScaleStepEntry,
  scale: string,
  report: Report,
): string | undefined {
  if (located === undefined) {
    report(entry.pos, 'missing-field', `step ${entry.step} of scale \`${scale}\` has no \`${mode}\` color`);
    return undefined;
  }
  const hex = normalizeHex(located.value);
  if (hex === undefined) {
    const hint = located.value === null ? ' (an unquoted `#` starts a YAML comment: write the color in quotes, e.g. "#2563EB")' : '';
    report(
      located.pos,
      'invalid-hex',
      `\`${mode}\` of step ${entry.step} in scale \`${scale}\` must be a hex color #RGB or #RRGGBB, got ${describeValue(located.value)}${hint}`,
    );
  }
  return hex;
}
