import type { ScaleSteps } from './merge-scales.js';
import type { Report } from './pending-diagnostic.js';
import { fieldPosition } from './read-token-draft.js';
import type { TokenDraft } from './read-token-draft.js';
import { didYouMean } from './suggest.js';
import type { ResolvedValue } from './types.js';

/**
 * The light and dark hex colors of a color token from its scale's `step` and `darkStep`; undefined, reported, when
 * the scale or a step does not exist. A color that is the same in both modes is a warning.
 */
export function resolveColor(draft: TokenDraft, scales: ScaleSteps, report: Report): ResolvedValue | undefined {
  const { entry, value } = draft;
  const scaleName = value['scale'] as string;
  const steps = scales.get(scaleName);
  if (steps === undefined) {
    report(
      fieldPosition(entry, 'scale'),
      'unknown-scale',
      () => `\`${entry.key}\` refers to unknown scale \`${scaleName}\`${didYouMean(scaleName, scales.keys())}`,
    );
    return undefined;
  }
  const available = (): string => [...steps.keys()].sort((a, b) => a - b).join(', ');
  const stepNamedBy = (field: 'step' | 'darkStep', number: number) => {
    const found = steps.get(number);
    if (found === undefined)
      report(fieldPosition(entry, field), 'unknown-step', `scale \`${scaleName}\` has no step ${number} (it has ${available()})`);
    return found;
  };
  const step = value['step'] as number;
  const lightStep = stepNamedBy('step', step);
  if (lightStep === undefined) return undefined;
  const darkStepNumber = value['darkStep'] as number;
  const darkStep = stepNamedBy('darkStep', darkStepNumber);
  if (darkStep === undefined) return undefined;
  if (darkStep.dark === lightStep.light) {
    if (entry.fields['darkStep'] !== undefined && darkStepNumber === step) {
      report(
        fieldPosition(entry, 'darkStep'),
        'redundant-dark-step',
        `\`${entry.key}\`: \`darkStep\` equals \`step\` and step ${step} of \`${scaleName}\` is the same in light and dark`,
        'warning',
      );
    } else {
      report(entry.pos, 'no-dark-variant', `color \`${entry.key}\` is ${lightStep.light} in both light and dark mode`, 'warning');
    }
  }
  // A dark value is only carried when it differs: the exports redeclare (CSS) or extend (JSON) exactly those tokens.
  return darkStep.dark === lightStep.light ? { light: lightStep.light } : { light: lightStep.light, dark: darkStep.dark };
}
