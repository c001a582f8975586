import { el } from './dom.js';
import {
  colorKindOf,
  fieldText,
  LENGTH_TYPES,
  LENGTH_UNITS,
  lengthFields,
  literalColorFields,
  parseFieldText,
  sameFields,
  scaleStepFields,
  writtenInMode,
} from './edit-fields.js';
import type { ColorKind, PageOperation, SetValueOperation } from './edit-fields.js';
import { TokenAboutFields } from './edit-about.js';
import { wireEditorDialog } from './editor-dialog.js';
import { renderStepSwatches } from './step-swatches.js';
import type { ApiToken, Mode, Scale, TokenView } from './model.js';

/** What the editor needs of the page: the design system shown, and what to do with the edits. */
export interface EditorContext {
  readonly modes: readonly Mode[];
  readonly scales: readonly Scale[];
  readonly views: readonly TokenView[];
  /** Called with the draft's operations after each change of a field (the page previews them). */
  onDraft(operations: readonly PageOperation[]): void;
  /** Called with the draft's operations when the designer adds them to the pending edits (or deletes the token). */
  onAdd(operations: readonly PageOperation[]): void;
}

/** A token the editor opens on: one that exists, or one being added (its key and type chosen, its fields a start). */
export interface EditorTarget {
  readonly token: ApiToken;
  readonly description: string;
  /** True for a token that does not exist yet: the editor adds it (`add-token`) and has no rename, deprecation or delete. */
  readonly adding: boolean;
}

type Fields = Record<string, ApiToken['value'][string]>;

let fieldIds = 0;
function nextId(name: string): string {
  fieldIds += 1;
  return `edit-${name}-${fieldIds}`;
}

function labelled(text: string, control: HTMLElement): HTMLElement {
  const id = control.id === '' ? nextId('field') : control.id;
  control.id = id;
  return el('div', { className: 'edit-field' }, [el('label', { text, attrs: { for: id } }), control]);
}

/**
 * The token editor: a modal dialog (focus moves in, Escape closes, focus returns to the Edit button) holding a mode
 * picker and the fields that fit the token's type in that mode. Each mode's draft is kept while the dialog is open;
 * "Add to pending edits" hands every changed mode's operation to the page.
 */
export class TokenEditor {
  readonly #dialog: HTMLDialogElement;
  readonly #title: HTMLElement;
  /** The mode picker: in the dialog while it is open only (a closed dialog holds no control named like the page's). */
  readonly #mode = el('select', { attrs: { id: 'editor-mode' } });
  readonly #modeField: HTMLElement;
  readonly #fields: HTMLElement;
  readonly #aboutTarget: HTMLElement;
  readonly #delete: HTMLButtonElement;
  readonly #about = new TokenAboutFields();
  #adding = false;
  #context: EditorContext | undefined;
  #token: ApiToken | undefined;
  /** Per mode: the fields as the designer set them (only modes touched). */
  #drafts = new Map<string, Fields>();

  constructor(elements: {
    dialog: HTMLDialogElement;
    title: HTMLElement;
    modeField: HTMLElement;
    fields: HTMLElement;
    form: HTMLFormElement;
    cancel: HTMLElement;
    about: HTMLElement;
    delete: HTMLButtonElement;
  }) {
    this.#aboutTarget = elements.about;
    this.#delete = elements.delete;
    this.#delete.addEventListener('click', () => {
      const token = this.#token;
      const context = this.#context;
      if (token === undefined || this.#adding) return;
      this.#dialog.close();
      context?.onAdd([{ op: 'delete-token', token: token.key }]);
    });
    this.#dialog = elements.dialog;
    this.#title = elements.title;
    this.#modeField = elements.modeField;
    this.#fields = elements.fields;
    this.#mode.addEventListener('change', () => this.#renderFields());
    wireEditorDialog(this.#dialog, elements, {
      operations: () => this.operations(),
      onAdd: (operations) => this.#context?.onAdd(operations),
      onClose: () => {
        this.#modeField.replaceChildren();
        this.#fields.replaceChildren();
        this.#aboutTarget.replaceChildren();
        this.#token = undefined;
        this.#drafts = new Map();
        this.#context?.onDraft([]);
      },
    });
  }

  get token(): ApiToken | undefined {
    return this.#token;
  }

  /** Opens the editor on a token (one that exists, or one being added), in `mode` (the mode the page shows). */
  open(target: EditorTarget, mode: string, context: EditorContext): void {
    const token = target.token;
    this.#token = token;
    this.#adding = target.adding;
    this.#context = context;
    this.#drafts = new Map();
    this.#title.textContent = target.adding ? `${token.key} (new ${token.type})` : token.key;
    this.#delete.hidden = target.adding;
    this.#delete.setAttribute('aria-label', `Delete ${token.key}`);
    this.#about.render(
      this.#aboutTarget,
      token.key,
      { description: target.description, deprecated: token.deprecated },
      { adding: target.adding, onInput: () => this.#context?.onDraft(this.operations()) },
    );
    this.#mode.replaceChildren(...context.modes.map((item) => el('option', { text: item.name, attrs: { value: item.name } })));
    this.#mode.value = context.modes.some((item) => item.name === mode) ? mode : 'light';
    this.#modeField.replaceChildren(el('label', { className: 'field' }, [document.createTextNode('Mode'), this.#mode]));
    this.#renderFields();
    this.#dialog.showModal();
    this.#mode.focus();
  }

  /**
   * The draft's operations: one `set-value` per mode whose fields differ from what the token writes there, then the
   * description, deprecation and rename; for a token being added, its `add-token` (light's fields) first.
   */
  operations(): PageOperation[] {
    const token = this.#token;
    if (token === undefined) return [];
    const values: SetValueOperation[] = [...this.#drafts]
      .filter(([mode, fields]) => !sameFields(fields, writtenInMode(token, mode)))
      .map(([mode, fields]) => ({ op: 'set-value', token: token.key, mode, fields: this.#written(token, mode, fields) }));
    if (!this.#adding) return [...values, ...this.#about.operations()];
    const description = this.#about.description;
    return [
      {
        op: 'add-token',
        token: token.key,
        type: token.type,
        fields: values.find((operation) => operation.mode === 'light')?.fields ?? writtenInMode(token, 'light'),
        ...(description === '' ? {} : { description }),
      },
      ...values.filter((operation) => operation.mode !== 'light'),
    ];
  }

  /** What a mode's draft sends: a step of light's own scale in another mode goes as the step alone. */
  #written(token: ApiToken, mode: string, fields: Fields): Fields {
    if (
      token.type === 'color' &&
      colorKindOf(fields) === 'scale' &&
      typeof fields['scale'] === 'string' &&
      typeof fields['step'] === 'number'
    ) {
      const rest = Object.fromEntries(Object.entries(fields).filter(([name]) => name !== 'scale' && name !== 'step'));
      return { ...scaleStepFields(token, mode, fields['scale'], fields['step']), ...rest };
    }
    return fields;
  }

  #set(fields: Fields): void {
    this.#drafts.set(this.#mode.value, fields);
    this.#context?.onDraft(this.operations());
  }

  #current(): Fields {
    const token = this.#token as ApiToken;
    return this.#drafts.get(this.#mode.value) ?? writtenInMode(token, this.#mode.value);
  }

  #renderFields(): void {
    const token = this.#token;
    if (token === undefined) return;
    const fields = this.#current();
    const parts: HTMLElement[] = [];
    if (token.type === 'color') parts.push(...this.#colorEditor(fields));
    else if (typeof fields['ref'] === 'string') parts.push(this.#referenceEditor(token.type, fields));
    else if (LENGTH_TYPES.has(token.type) && typeof fields['value'] === 'number') parts.push(this.#lengthEditor(fields));
    else parts.push(...this.#genericEditor(fields));
    this.#fields.replaceChildren(...parts);
  }

  #colorEditor(fields: Fields): HTMLElement[] {
    const kind = colorKindOf(fields);
    const kinds: [ColorKind, string][] = [
      ['scale', 'Scale step'],
      ['literal', 'Color'],
      ['reference', 'Reference'],
    ];
    const name = nextId('kind');
    const radios = el('fieldset', { className: 'edit-kind' }, [
      el('legend', { text: 'Written as' }),
      ...kinds.map(([value, text]) => {
        const input = el('input', { attrs: { type: 'radio', name, value } });
        input.checked = value === kind;
        input.addEventListener('change', () => {
          if (!input.checked) return;
          this.#set(this.#startOf(value));
          this.#renderFields();
          (this.#fields.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`) ?? input).focus();
        });
        return el('label', { className: 'radio' }, [input, document.createTextNode(` ${text}`)]);
      }),
    ]);
    const body =
      kind === 'scale'
        ? this.#scaleEditor(fields)
        : kind === 'literal'
          ? this.#literalEditor(fields)
          : this.#referenceEditor('color', fields);
    return [radios, body];
  }

  /** The fields a color starts from when its kind is switched: the value it shows in this mode. */
  #startOf(kind: ColorKind): Fields {
    const token = this.#token as ApiToken;
    const view = this.#context?.views.find((item) => item.key === token.key);
    const mode = this.#mode.value;
    const shown = view?.others.find((other) => other.mode === mode)?.value ?? view?.light ?? '#000000';
    const scale = this.#context?.scales[0];
    if (kind === 'literal') return { color: /^#[0-9a-f]{6}$/i.test(shown) ? shown.toUpperCase() : shown.slice(0, 7) };
    if (kind === 'reference')
      return { ref: this.#context?.views.find((item) => item.type === 'color' && item.key !== token.key)?.key ?? '' };
    return { scale: scale?.key ?? '', step: scale?.steps[0]?.step ?? 0 };
  }

  #scaleEditor(fields: Fields): HTMLElement {
    const scales = this.#context?.scales ?? [];
    const mode = this.#mode.value;
    const current = scales.find((scale) => scale.key === fields['scale']) ?? scales[0];
    const select = el(
      'select',
      { attrs: { id: nextId('scale') } },
      scales.map((scale) => el('option', { text: scale.key, attrs: { value: scale.key } })),
    );
    select.value = current?.key ?? '';
    select.addEventListener('change', () => {
      this.#set({ ...fields, scale: select.value });
      this.#renderFields();
      this.#fields.querySelector<HTMLSelectElement>('select')?.focus();
    });
    const steps = renderStepSwatches(current?.steps ?? [], mode, {
      name: nextId('step'),
      checked: typeof fields['step'] === 'number' ? fields['step'] : undefined,
      onPick: (step) => this.#set({ ...this.#current(), scale: current?.key ?? '', step }),
    });
    return el('div', { className: 'edit-scale' }, [labelled('Scale', select), steps]);
  }

  #literalEditor(fields: Fields): HTMLElement {
    const hex = el('input', {
      attrs: { type: 'text', id: nextId('hex'), spellcheck: 'false', autocomplete: 'off', pattern: '#[0-9A-Fa-f]{6}' },
    });
    hex.value = typeof fields['color'] === 'string' ? fields['color'] : '';
    const picker = el('input', { attrs: { type: 'color', id: nextId('picker') } });
    picker.value = /^#[0-9a-f]{6}$/i.test(hex.value) ? hex.value.toLowerCase() : '#000000';
    const alpha = el('input', { attrs: { type: 'number', id: nextId('alpha'), min: '0', max: '1', step: '0.01' } });
    alpha.value = typeof fields['alpha'] === 'number' ? String(fields['alpha']) : '1';
    const update = (): void => this.#set(literalColorFields(hex.value.trim(), Number(alpha.value === '' ? '1' : alpha.value)));
    hex.addEventListener('input', () => {
      if (/^#[0-9a-f]{6}$/i.test(hex.value)) picker.value = hex.value.toLowerCase();
      update();
    });
    picker.addEventListener('input', () => {
      hex.value = picker.value.toUpperCase();
      update();
    });
    alpha.addEventListener('input', update);
    return el('div', { className: 'row' }, [labelled('Color (hex)', hex), labelled('Picker', picker), labelled('Alpha (0–1)', alpha)]);
  }

  #referenceEditor(type: string, fields: Fields): HTMLElement {
    const token = this.#token as ApiToken;
    const candidates = (this.#context?.views ?? []).filter((view) => view.type === type && view.key !== token.key);
    const search = el('input', { attrs: { type: 'search', id: nextId('ref-search'), autocomplete: 'off', spellcheck: 'false' } });
    const list = el('select', { attrs: { id: nextId('ref'), size: '6' } });
    const fill = (): void => {
      const words = search.value
        .toLowerCase()
        .split(/\s+/)
        .filter((word) => word !== '');
      const shown = candidates.filter((view) => words.every((word) => view.key.toLowerCase().includes(word))).slice(0, 200);
      list.replaceChildren(...shown.map((view) => el('option', { text: `${view.key} (${view.light})`, attrs: { value: view.key } })));
      list.value = typeof fields['ref'] === 'string' ? fields['ref'] : '';
    };
    fill();
    search.addEventListener('input', fill);
    list.addEventListener('change', () => this.#set({ ref: list.value }));
    return el('div', { className: 'edit-reference' }, [labelled(`Search ${type} tokens`, search), labelled('Refers to', list)]);
  }

  #lengthEditor(fields: Fields): HTMLElement {
    const number = el('input', { attrs: { type: 'number', id: nextId('length'), step: 'any' } });
    number.value = fieldText(fields['value']);
    const written = typeof fields['unit'] === 'string' ? fields['unit'] : '';
    const units = written === '' || LENGTH_UNITS.includes(written) ? LENGTH_UNITS : [written, ...LENGTH_UNITS];
    const unit = el('select', { attrs: { id: nextId('unit') } }, [
      ...(written === '' ? [el('option', { text: 'px (default)', attrs: { value: '' } })] : []),
      ...units.map((item) => el('option', { text: item, attrs: { value: item } })),
    ]);
    unit.value = written;
    const update = (): void => {
      if (number.value !== '' && Number.isFinite(Number(number.value))) this.#set(lengthFields(Number(number.value), unit.value));
    };
    number.addEventListener('input', update);
    unit.addEventListener('change', update);
    return el('div', { className: 'row' }, [labelled('Value', number), labelled('Unit', unit)]);
  }

  /** Typography, shadow and every other type: each written field in a box of its own (lists and mappings as JSON). */
  #genericEditor(fields: Fields): HTMLElement[] {
    const inputs = Object.entries(fields).map(([name, value]) => {
      const input = el('input', {
        attrs: { type: 'text', id: nextId(name), spellcheck: 'false', autocomplete: 'off', 'data-field': name },
      });
      input.value = fieldText(value);
      input.addEventListener('input', () => {
        const next: Fields = {};
        for (const box of this.#fields.querySelectorAll<HTMLInputElement>('input[data-field]')) {
          next[box.dataset['field'] as string] = parseFieldText(box.value);
        }
        this.#set(next);
      });
      return labelled(name, input);
    });
    return [el('div', { className: 'edit-generic' }, inputs)];
  }
}
