import { el } from './dom.js';
import { deprecationOf } from './edit-fields.js';
import type { DeprecationValue, PageOperation } from './edit-fields.js';
import type { ApiToken } from './model.js';

/** What a token says of itself besides its value, as the editor starts from it. */
export interface TokenAbout {
  readonly description: string;
  readonly deprecated: ApiToken['deprecated'];
}

let ids = 0;
function field(text: string, control: HTMLInputElement | HTMLTextAreaElement): HTMLElement {
  ids += 1;
  control.id = `edit-about-${ids}`;
  return el('div', { className: 'edit-field' }, [el('label', { text, attrs: { for: control.id } }), control]);
}

function textInput(value: string, name: string): HTMLInputElement {
  const input = el('input', { attrs: { type: 'text', autocomplete: 'off', spellcheck: 'false', 'data-about': name } });
  input.value = value;
  return input;
}

/**
 * The fields of a token that hold for every mode: its description, its deprecation (a message, the replacement,
 * since when) and, for a token that exists, a new key. `operations` gives one operation per field changed.
 */
export class TokenAboutFields {
  readonly #description = el('textarea', { attrs: { rows: '2', maxlength: '2000', 'data-about': 'description' } });
  readonly #deprecated = el('input', { attrs: { type: 'checkbox', 'data-about': 'deprecated' } });
  readonly #message = textInput('', 'message');
  readonly #replacement = textInput('', 'replacement');
  readonly #since = textInput('', 'since');
  readonly #rename = textInput('', 'rename');
  #about: TokenAbout = { description: '', deprecated: undefined };
  #key = '';

  /** Draws the fields for `key` into `target`; `onInput` runs after each change of one. */
  render(target: HTMLElement, key: string, about: TokenAbout, options: { adding: boolean; onInput: () => void }): void {
    this.#key = key;
    this.#about = about;
    this.#description.value = about.description;
    this.#deprecated.checked = about.deprecated !== undefined;
    this.#message.value = about.deprecated?.message ?? '';
    this.#replacement.value = about.deprecated?.replacement ?? '';
    this.#since.value = about.deprecated?.since ?? '';
    this.#rename.value = key;
    const deprecation = el('div', { className: 'row edit-deprecation' }, [
      field('Message', this.#message),
      field('Replacement (token key)', this.#replacement),
      field('Since', this.#since),
    ]);
    const sync = (): void => {
      deprecation.hidden = !this.#deprecated.checked;
      options.onInput();
    };
    for (const control of [this.#description, this.#message, this.#replacement, this.#since, this.#rename]) control.oninput = sync;
    this.#deprecated.onchange = sync;
    deprecation.hidden = !this.#deprecated.checked;
    ids += 1;
    this.#deprecated.id = `edit-about-${ids}`;
    target.replaceChildren(
      el('h3', { text: 'In every mode' }),
      field('Description', this.#description),
      ...(options.adding
        ? []
        : [
            el('div', { className: 'edit-check' }, [
              this.#deprecated,
              el('label', { text: 'Deprecated', attrs: { for: this.#deprecated.id } }),
            ]),
            deprecation,
            field('Key (rename: references are rewritten)', this.#rename),
          ]),
    );
  }

  /** The description as typed (what an added token is given). */
  get description(): string {
    return this.#description.value.trim();
  }

  /** One operation per changed field: the description, the deprecation, then the rename (last: the others name the old key). */
  operations(): PageOperation[] {
    const out: PageOperation[] = [];
    const key = this.#key;
    if (this.description !== this.#about.description) {
      out.push({ op: 'set-description', token: key, description: this.description === '' ? null : this.description });
    }
    const deprecated = deprecationOf(
      this.#deprecated.checked,
      this.#message.value.trim(),
      this.#replacement.value.trim(),
      this.#since.value.trim(),
    );
    if (JSON.stringify(deprecated) !== JSON.stringify(this.#written())) out.push({ op: 'set-deprecation', token: key, deprecated });
    const to = this.#rename.value.trim();
    if (to !== '' && to !== key) out.push({ op: 'rename-token', token: key, to });
    return out;
  }

  /** The token's deprecation as the fields would write it unchanged. */
  #written(): DeprecationValue {
    const deprecated = this.#about.deprecated;
    if (deprecated === undefined) return null;
    return deprecationOf(true, deprecated.message ?? '', deprecated.replacement ?? '', deprecated.since ?? '');
  }
}
