import { el, setStyle } from './dom.js';
import { stepColorIn } from './model.js';
import type { Scale } from './model.js';

/**
 * A scale's steps as swatches of one mode: a fieldset holding a radio group (the arrow keys move between steps, each
 * named by its step and color); `onPick` runs with the step chosen.
 */
export function renderStepSwatches(
  steps: Scale['steps'],
  mode: string,
  options: { name: string; checked: number | undefined; onPick: (step: number) => void },
): HTMLFieldSetElement {
  return el('fieldset', { className: 'step-swatches' }, [
    el('legend', { text: `Step (swatches in ${mode})` }),
    ...steps.map((step) => {
      const color = stepColorIn(step, mode);
      const input = el('input', {
        className: 'visually-hidden',
        attrs: { type: 'radio', name: options.name, value: String(step.step), 'aria-label': `${step.step} ${color}` },
      });
      input.checked = step.step === options.checked;
      input.addEventListener('change', () => {
        if (input.checked) options.onPick(step.step);
      });
      const chip = el('span', { className: 'step-chip', attrs: { 'aria-hidden': 'true' } });
      setStyle(chip, 'background-color', color);
      return el('label', { className: 'step-swatch' }, [
        input,
        chip,
        el('span', { className: 'step-number', text: String(step.step), attrs: { 'aria-hidden': 'true' } }),
      ]);
    }),
  ]);
}
