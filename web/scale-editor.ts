import { el } from './dom.js';
import type { PageOperation } from './edit-fields.js';
import { wireEditorDialog } from './editor-dialog.js';
import { renderStepSwatches } from './step-swatches.js';
import { stepColorIn } from './model.js';
import type { Mode, Scale } from './model.js';

/** What the scale editor needs of the page. */
export interface ScaleEditorContext {
  readonly modes: readonly Mode[];
  /** Called with the draft's operation (or none) after each change of a field (the page previews it). */
  onDraft(operations: readonly PageOperation[]): void;
  /** Called with the draft's operation when the designer adds it to the pending edits. */
  onAdd(operations: readonly PageOperation[]): void;
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The scale editor: a modal dialog setting one step's color in one mode (`set-scale-step`): a mode picker, the steps
 * as swatches of that mode (a radio group), and the color as hex with a color picker.
 */
export class ScaleStepEditor {
  readonly #dialog: HTMLDialogElement;
  readonly #title: HTMLElement;
  readonly #fields: HTMLElement;
  readonly #mode = el('select', { attrs: { id: 'scale-editor-mode' } });
  readonly #hex = el('input', {
    attrs: { id: 'scale-editor-color', type: 'text', spellcheck: 'false', autocomplete: 'off', pattern: '#[0-9A-Fa-f]{6}' },
  });
  readonly #picker = el('input', { attrs: { id: 'scale-editor-picker', type: 'color' } });
  #steps = el('fieldset', { className: 'step-swatches' });
  #scale: Scale | undefined;
  #step = 0;
  #context: ScaleEditorContext | undefined;

  constructor(elements: {
    dialog: HTMLDialogElement;
    title: HTMLElement;
    fields: HTMLElement;
    form: HTMLFormElement;
    cancel: HTMLElement;
  }) {
    this.#dialog = elements.dialog;
    this.#title = elements.title;
    this.#fields = elements.fields;
    this.#mode.addEventListener('change', () => this.#renderSteps());
    this.#hex.addEventListener('input', () => {
      if (HEX.test(this.#hex.value)) this.#picker.value = this.#hex.value.toLowerCase();
      this.#draft();
    });
    this.#picker.addEventListener('input', () => {
      this.#hex.value = this.#picker.value.toUpperCase();
      this.#draft();
    });
    wireEditorDialog(this.#dialog, elements, {
      operations: () => this.operations(),
      onAdd: (operations) => this.#context?.onAdd(operations),
      onClose: () => {
        this.#fields.replaceChildren();
        this.#scale = undefined;
        this.#context?.onDraft([]);
      },
    });
  }

  /** Whether the dialog is open (the page previews its draft there). */
  get isOpen(): boolean {
    return this.#scale !== undefined;
  }

  /** Opens the editor on `scale`, in `mode`, on its middle step. */
  open(scale: Scale, mode: string, context: ScaleEditorContext): void {
    this.#scale = scale;
    this.#context = context;
    this.#step = scale.steps[Math.floor(scale.steps.length / 2)]?.step ?? 0;
    this.#title.textContent = scale.key;
    this.#mode.replaceChildren(...context.modes.map((item) => el('option', { text: item.name, attrs: { value: item.name } })));
    this.#mode.value = context.modes.some((item) => item.name === mode) ? mode : 'light';
    const field = (text: string, control: HTMLElement): HTMLElement =>
      el('div', { className: 'edit-field' }, [el('label', { text, attrs: { for: control.id } }), control]);
    this.#steps = el('fieldset', { className: 'step-swatches' });
    this.#fields.replaceChildren(
      field('Mode', this.#mode),
      this.#steps,
      el('div', { className: 'row' }, [field('Color (hex)', this.#hex), field('Picker', this.#picker)]),
    );
    this.#renderSteps();
    this.#dialog.showModal();
    this.#mode.focus();
  }

  /** The draft's operation: the step's color in the mode, when it differs from the scale's. */
  operations(): PageOperation[] {
    const scale = this.#scale;
    const step = scale?.steps.find((item) => item.step === this.#step);
    const color = this.#hex.value.trim().toUpperCase();
    if (scale === undefined || step === undefined || color === stepColorIn(step, this.#mode.value).toUpperCase()) return [];
    return [{ op: 'set-scale-step', scale: scale.key, step: step.step, mode: this.#mode.value, color }];
  }

  #draft(): void {
    this.#context?.onDraft(this.operations());
  }

  /** The steps as swatches of the mode; the color fields show the checked step's color in it. */
  #renderSteps(): void {
    const scale = this.#scale;
    if (scale === undefined) return;
    const mode = this.#mode.value;
    this.#steps.replaceWith(
      (this.#steps = renderStepSwatches(scale.steps, mode, {
        name: 'scale-editor-step',
        checked: this.#step,
        onPick: (step) => {
          this.#step = step;
          this.#showColor();
          this.#draft();
        },
      })),
    );
    this.#showColor();
    this.#draft();
  }

  #showColor(): void {
    const step = this.#scale?.steps.find((item) => item.step === this.#step);
    const color = step === undefined ? '#000000' : stepColorIn(step, this.#mode.value).toUpperCase();
    this.#hex.value = color;
    this.#picker.value = HEX.test(color) ? color.toLowerCase() : '#000000';
  }
}
