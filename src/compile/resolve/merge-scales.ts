import { isDefinedBefore } from '../fields/defined-once.js';
import { describeValue } from '../diagnostics/message-text.js';
import { COLOR_SYNTAX, parseColor } from '../values/parse-color.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import type { Located, ScaleStepEntry, SourceFileEntries } from '../yaml/source-entries.js';
import { didYouMean } from '../diagnostics/suggest.js';
import type { ModeDefinition, ModeValues, Rgba, ScaleStep, SourcePosition } from '../types.js';

/** Scale name -> step number -> its checked colors. */
export type ScaleSteps = ReadonlyMap<string, ReadonlyMap<number, ScaleStep>>;

const describeScale = (name: string): string => `scale \`${name}\``;

/**
 * The scales of every file, merged and checked: each defined once, each step once, with a `light` and a `dark`
 * color and optionally one per further mode; a mode a step does not set takes its base's color.
 */
export function mergeScales(
  files: readonly SourceFileEntries[],
  modes: readonly ModeDefinition[],
  report: Report,
): Map<string, Map<number, ScaleStep>> {
  const scales = new Map<string, Map<number, ScaleStep>>();
  const definedAt = new Map<string, SourcePosition>();
  for (const file of files) {
    for (const scale of file.scales) {
      if (isDefinedBefore(definedAt, scale.name, scale.pos, describeScale, report)) continue;
      scales.set(scale.name, mergeSteps(scale.name, scale.steps, modes, report));
    }
  }
  return scales;
}

function mergeSteps(
  scale: string,
  entries: readonly ScaleStepEntry[],
  modes: readonly ModeDefinition[],
  report: Report,
): Map<number, ScaleStep> {
  const steps = new Map<number, ScaleStep>();
  const stepAt = new Map<number, SourcePosition>();
  const modeNames = modes.map((mode) => mode.name);
  const describeStep = (step: number): string => `step ${step} of scale \`${scale}\``;
  for (const entry of entries) {
    // `100:` and `"100":` are different YAML keys but the same step.
    if (isDefinedBefore(stepAt, entry.step, entry.pos, describeStep, report)) continue;
    const light = readStepColor(entry.light, 'light', entry, scale, report);
    const dark = readStepColor(entry.dark, 'dark', entry, scale, report);
    const written = new Map<string, Rgba>();
    let ok = light !== undefined && dark !== undefined;
    for (const other of entry.others) {
      if (!modeNames.includes(other.name)) {
        report(
          other.pos,
          'unknown-field',
          () =>
            `unknown field \`${other.name}\` in step ${entry.step} of scale \`${scale}\` (allowed: ${modeNames.join(', ')}; declare further modes in system.yaml)${didYouMean(other.name, modeNames)}`,
        );
        ok = false;
        continue;
      }
      const color = readStepColor(other.value, other.name, entry, scale, report);
      if (color === undefined) ok = false;
      else written.set(other.name, color);
    }
    if (!ok || light === undefined || dark === undefined) continue;
    steps.set(entry.step, { step: entry.step, colors: colorsPerMode(light, dark, written, modes) });
  }
  return steps;
}

/** A step's color in every mode: the one written for it, else its base's. */
function colorsPerMode(light: Rgba, dark: Rgba, written: ReadonlyMap<string, Rgba>, modes: readonly ModeDefinition[]): ModeValues<Rgba> {
  const colors: Record<string, Rgba> & ModeValues<Rgba> = { light, dark };
  // Modes are listed after their bases (read-modes keeps declaration order; a base declared later is resolved by the loop).
  for (const mode of modes.slice(2)) colors[mode.name] = written.get(mode.name) ?? colorOfBase(mode, modes, written, colors);
  return colors;
}

function colorOfBase(
  mode: ModeDefinition,
  modes: readonly ModeDefinition[],
  written: ReadonlyMap<string, Rgba>,
  colors: Record<string, Rgba>,
): Rgba {
  // Every mode but light has a base.
  let base = mode.base ?? 'light';
  for (;;) {
    const known = colors[base] ?? written.get(base);
    if (known !== undefined) return known;
    base = modes.find((candidate) => candidate.name === base)?.base ?? 'light';
  }
}

/** One color of a step; undefined, reported, when it is missing or not a color. */
function readStepColor(located: Located | undefined, mode: string, entry: ScaleStepEntry, scale: string, report: Report): Rgba | undefined {
  if (located === undefined) {
    report(entry.pos, 'missing-field', `step ${entry.step} of scale \`${scale}\` has no \`${mode}\` color`);
    return undefined;
  }
  const color = parseColor(located.value);
  if (color === undefined) {
    const hint = located.value === null ? ' (an unquoted `#` starts a YAML comment: write the color in quotes, e.g. "#2563EB")' : '';
    report(
      located.pos,
      'invalid-hex',
      `\`${mode}\` of step ${entry.step} in scale \`${scale}\` must be a color (${COLOR_SYNTAX}), got ${describeValue(located.value)}${hint}`,
    );
  }
  return color;
}
