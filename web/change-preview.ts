import { el, setStyle } from './dom.js';
import type { ApiPreviewCheck, ApiPreviewValues } from '../src/views/api/api-answers.js';

/** A diagnostic as the API lists it (`validate`'s `file:line:column`). */
export interface ApiDiagnostic {
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly rule?: string;
  readonly message: string;
  readonly severity?: string;
}

/** `POST /api/v1/changes/preview` with `{ "values": true }`. */
export interface PreviewAnswer {
  readonly changedFiles: readonly string[];
  readonly diagnostics: readonly ApiDiagnostic[];
  readonly valid: boolean;
  readonly values?: ApiPreviewValues | null;
}

export type { ApiPreviewValues };

/** One line per diagnostic: `error acme/tokens/color/base.yaml:12:15 message (rule)`. */
export function renderDiagnostics(diagnostics: readonly ApiDiagnostic[]): HTMLElement {
  if (diagnostics.length === 0) return el('p', { className: 'valid', text: 'Valid: no errors or warnings.' });
  return el(
    'ul',
    { className: 'diagnostics' },
    diagnostics.map((item) =>
      el('li', { className: `diagnostic ${item.severity ?? 'error'}` }, [
        el('strong', { text: `${item.severity ?? 'error'} ` }),
        el('code', { text: item.file === undefined ? '' : `${item.file}:${item.line ?? 0}:${item.column ?? 0} ` }),
        document.createTextNode(`${item.message}${item.rule === undefined ? '' : ` (${item.rule})`}`),
      ]),
    ),
  );
}

/** A small swatch with its hex (a name for assistive technology, the hex as text beside it). */
export function colorChip(color: string | undefined): HTMLElement {
  if (color === undefined) return el('span', { className: 'chip-missing', text: '—' });
  const swatch = el('span', { className: 'chip', attrs: { 'aria-hidden': 'true' } });
  setStyle(swatch, 'background-color', color);
  return el('span', { className: 'chip-value' }, [swatch, el('code', { text: color })]);
}

function valueCell(type: string, value: string | undefined): HTMLElement {
  return type === 'color' ? colorChip(value) : el('code', { text: value ?? '—' });
}

function checkText(check: ApiPreviewCheck | undefined): string {
  return check === undefined ? 'not checked' : `${check.ratio.toFixed(2)}:1 ${check.pass ? 'Pass' : 'Fail'}`;
}

/**
 * The preview of a change: the tokens it moves in every mode (before → after) and every contrast pair they take part
 * in, recomputed by the server's compiler, per mode; its validation first.
 */
export function renderPreviewAnswer(target: HTMLElement, answer: PreviewAnswer): void {
  const parts: Node[] = [renderDiagnostics(answer.diagnostics)];
  const values = answer.values;
  if (values === null || values === undefined) {
    parts.push(el('p', { className: 'empty', text: 'No values to show: the result does not compile.' }));
    target.replaceChildren(...parts);
    return;
  }
  const modeHeads = values.modes.map((mode) => el('th', { text: mode, attrs: { scope: 'col' } }));
  parts.push(
    el('table', { className: 'preview-table preview-tokens' }, [
      el('caption', { text: `Values in every mode (${values.tokens.length} token${values.tokens.length === 1 ? '' : 's'})` }),
      el('thead', {}, [
        el('tr', {}, [el('th', { text: 'Token', attrs: { scope: 'col' } }), ...modeHeads.map((head) => head.cloneNode(true))]),
      ]),
      el(
        'tbody',
        {},
        values.tokens.map((token) =>
          el('tr', { attrs: { 'data-key': token.key } }, [
            el('th', { attrs: { scope: 'row' } }, [el('code', { text: token.key })]),
            ...values.modes.map((mode) => {
              const before = token.before?.[mode];
              const after = token.after?.[mode];
              const changed = before !== after;
              return el('td', { className: changed ? 'moved' : '', attrs: { 'data-mode': mode } }, [
                valueCell(token.type, before),
                ...(changed ? [el('span', { className: 'arrow', text: ' → ' }), valueCell(token.type, after)] : []),
              ]);
            }),
          ]),
        ),
      ),
    ]),
  );
  if (values.contrast.length > 0) {
    parts.push(
      el('table', { className: 'preview-table preview-contrast' }, [
        el('caption', { text: `Contrast pairs these tokens are part of, recomputed (${values.contrast.length})` }),
        el('thead', {}, [el('tr', {}, [el('th', { text: 'Pair', attrs: { scope: 'col' } }), ...modeHeads])]),
        el(
          'tbody',
          {},
          values.contrast.map((pair) =>
            el('tr', { attrs: { 'data-pair': pair.name } }, [
              el('th', { attrs: { scope: 'row' } }, [
                el('span', { className: 'pair-name', text: pair.name }),
                el('code', { className: 'pair-tokens', text: `${pair.foreground} on ${pair.background}` }),
              ]),
              ...values.modes.map((mode) => {
                const before = pair.before?.[mode];
                const after = pair.after[mode];
                const verdict = after === undefined ? '' : after.pass ? 'pass' : 'fail';
                return el('td', { className: `contrast-cell ${verdict}`, attrs: { 'data-mode': mode } }, [
                  el('span', { className: 'before', text: `was ${checkText(before)}` }),
                  el('strong', { className: 'after', text: `now ${checkText(after)}` }),
                  ...(after === undefined ? [] : [el('span', { className: 'needs', text: `needs ${after.required}:1` })]),
                ]);
              }),
            ]),
          ),
        ),
      ]),
    );
  }
  if (values.omitted.tokens + values.omitted.contrast > 0) {
    parts.push(el('p', { className: 'empty', text: `Not shown: ${values.omitted.tokens} tokens, ${values.omitted.contrast} pairs.` }));
  }
  target.replaceChildren(...parts);
}
