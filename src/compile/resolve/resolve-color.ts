import type { ScaleSteps } from './merge-scales.js';
import { sameRgba, withAlpha } from '../values/parse-color.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import type { TokenDraft } from '../fields/read-token-draft.js';
import { didYouMean } from '../diagnostics/suggest.js';
import type { Rgba } from '../types.js';
import type { LiteralColorDraft, ScaleColorDraft, ValueDraft } from '../fields/value-draft.js';

/**
 * The color of color token `key` in `mode` from that mode's draft: a literal `color`, or the mode's color of `step` in
 * `scale`; `alpha` replaces the color's alpha. Undefined, reported, when a scale or step does not exist.
 */
export function colorOf(
  key: string,
  mode: string,
  draft: ScaleColorDraft | LiteralColorDraft,
  scales: ScaleSteps,
  report: Report,
): Rgba | undefined {
  const color = draft.kind === 'literalColor' ? draft.color : colorOnScale(key, mode, draft, scales, report);
  return color === undefined || draft.alpha === undefined ? color : withAlpha(color, draft.alpha);
}

function colorOnScale(key: string, mode: string, { scale, step }: ScaleColorDraft, scales: ScaleSteps, report: Report): Rgba | undefined {
  const steps = scales.get(scale.value);
  if (steps === undefined) {
    report(
      scale.pos,
      'unknown-scale',
      () => `\`${key}\` refers to unknown scale \`${scale.value}\`${didYouMean(scale.value, scales.keys())}`,
    );
    return undefined;
  }
  const colors = steps.get(step.value);
  if (colors === undefined) {
    const available = [...steps.keys()].sort((a, b) => a - b).join(', ');
    report(step.pos, 'unknown-step', `scale \`${scale.value}\` has no step ${String(step.value)} (it has ${available})`);
    return undefined;
  }
  return colors.colors[mode];
}

/** A `darkStep` equal to `step` on a step whose light and dark colors are the same says nothing: a warning. */
export function warnOfRedundantDarkStep(draft: TokenDraft, light: ValueDraft | undefined, scales: ScaleSteps, report: Report): void {
  const darkStep = draft.entry.fields['darkStep'];
  if (darkStep === undefined || light?.kind !== 'scaleColor' || darkStep.value !== light.step.value) return;
  const scaleName = light.scale.value;
  const step = scales.get(scaleName)?.get(light.step.value);
  if (step === undefined || !sameRgba(step.colors.light, step.colors.dark)) return;
  report(
    darkStep.pos,
    'redundant-dark-step',
    `\`${draft.entry.key}\`: \`darkStep\` equals \`step\` and step ${String(darkStep.value)} of \`${scaleName}\` is the same in light and dark`,
    'warning',
  );
}
