import type { ScaleSteps } from './merge-scales.js';
import { parseColor, sameRgba, withAlpha } from './parse-color.js';
import type { Report } from './pending-diagnostic.js';
import type { TokenDraft, ValueFields } from './read-token-draft.js';
import { didYouMean } from './suggest.js';
import type { Located } from './source-entries.js';
import type { Rgba } from './types.js';

/**
 * The color of a color token in `mode` from that mode's fields: a literal `color`, or the mode's color of `step` in
 * `scale`; `alpha` replaces the color's alpha. Undefined, reported, when a scale or step does not exist.
 */
export function colorOf(draft: TokenDraft, mode: string, fields: ValueFields, scales: ScaleSteps, report: Report): Rgba | undefined {
  const alpha = fields['alpha']?.value as number | undefined;
  const literal = fields['color'];
  const color = literal === undefined ? colorOnScale(draft, mode, fields, scales, report) : parseColor(literal.value);
  return color === undefined || alpha === undefined ? color : withAlpha(color, alpha);
}

function colorOnScale(draft: TokenDraft, mode: string, fields: ValueFields, scales: ScaleSteps, report: Report): Rgba | undefined {
  const { entry } = draft;
  const scaleField = fields['scale'] as Located;
  const scaleName = scaleField.value as string;
  const steps = scales.get(scaleName);
  if (steps === undefined) {
    report(
      scaleField.pos,
      'unknown-scale',
      () => `\`${entry.key}\` refers to unknown scale \`${scaleName}\`${didYouMean(scaleName, scales.keys())}`,
    );
    return undefined;
  }
  const stepField = fields['step'] as Located;
  const step = steps.get(stepField.value as number);
  if (step === undefined) {
    const available = [...steps.keys()].sort((a, b) => a - b).join(', ');
    report(stepField.pos, 'unknown-step', `scale \`${scaleName}\` has no step ${String(stepField.value)} (it has ${available})`);
    return undefined;
  }
  return step.colors[mode];
}

/** A `darkStep` equal to `step` on a step whose light and dark colors are the same says nothing: a warning. */
export function warnOfRedundantDarkStep(
  draft: TokenDraft,
  fields: ReadonlyMap<string, ValueFields>,
  scales: ScaleSteps,
  report: Report,
): void {
  const darkStep = draft.entry.fields['darkStep'];
  const light = fields.get('light');
  if (darkStep === undefined || light === undefined || darkStep.value !== light['step']?.value) return;
  const scaleName = light['scale']?.value as string;
  const step = scales.get(scaleName)?.get(darkStep.value as number);
  if (step === undefined || !sameRgba(step.colors.light, step.colors.dark)) return;
  report(
    darkStep.pos,
    'redundant-dark-step',
    `\`${draft.entry.key}\`: \`darkStep\` equals \`step\` and step ${String(darkStep.value)} of \`${scaleName}\` is the same in light and dark`,
    'warning',
  );
}
