import { colorChip } from './change-preview.js';
import { el, formatDate, shortSha } from './dom.js';
import { describeOperation } from './edit-fields.js';
import type { AnyOperation } from './edit-fields.js';

/** A change request as `GET /api/v1/changes[/<id>]` serves it (src/state/change-requests.ts). */
export interface ChangeRequestView {
  readonly id: string;
  readonly designSystem: string;
  readonly title: string;
  readonly description: string;
  readonly state: 'open' | 'approved' | 'merged' | 'closed';
  readonly branch: string;
  readonly base: string;
  readonly head: string;
  readonly target: string;
  readonly author: { readonly key: string; readonly name: string; readonly email: string };
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly approvedBy: readonly string[];
  readonly mergedAs: string | null;
  readonly operations: readonly AnyOperation[];
  readonly commits: readonly { readonly commit: string; readonly action: string; readonly by: string; readonly at: string }[];
}

/** The parts of `GET /api/v1/diff` a change request's diff shows. */
export interface ChangeDiff {
  readonly level?: string;
  readonly tokens?: {
    readonly added?: readonly DiffEntry[];
    readonly removed?: readonly DiffEntry[];
    readonly changed?: readonly { key: string; type: string; from: DiffSide; to: DiffSide }[];
  };
  readonly contrastRegressions?: readonly { pair: string; mode: string; before: number | null; after: number; required: number }[];
}
interface DiffSide {
  readonly light: string;
  readonly dark: string | null;
  readonly modes?: Readonly<Record<string, string>>;
}
interface DiffEntry {
  readonly key: string;
  readonly type: string;
  readonly value: DiffSide;
}

/** One row of a merge conflict (`409 change_conflict`'s `details`): the base's, the target's and the change's value. */
export interface ConflictDetail {
  readonly target?: string;
  readonly field?: string;
  readonly mode?: string;
  readonly base?: unknown;
  readonly theirs?: unknown;
  readonly ours?: unknown;
  readonly file?: string;
}

const STATE_TEXT: Readonly<Record<ChangeRequestView['state'], string>> = {
  open: 'Open',
  approved: 'Approved',
  merged: 'Merged',
  closed: 'Closed',
};

/** The state as a word in a badge (the color only repeats it). */
export function stateBadge(state: ChangeRequestView['state']): HTMLElement {
  return el('span', { className: `badge state-${state}`, text: STATE_TEXT[state] });
}

/** One list item: a button that shows the change request (its title, state, author and date). */
export function renderChangeItem(change: ChangeRequestView, expanded: boolean): HTMLLIElement {
  const button = el(
    'button',
    {
      className: 'change-toggle',
      attrs: { type: 'button', 'aria-expanded': String(expanded), 'aria-controls': `change-${change.id}`, 'data-change': change.id },
    },
    [
      el('span', { className: 'change-title', text: change.title }),
      stateBadge(change.state),
      el('span', { className: 'change-meta', text: `${change.author.name} · ${formatDate(change.createdAt)} · ${change.id}` }),
    ],
  );
  return el('li', { className: 'change-item', attrs: { 'data-change-item': change.id, 'data-state': change.state } }, [
    button,
    // No live region: the status line says what happened; the detail is read when the reader goes to it.
    el('div', { className: 'change-detail', attrs: { id: `change-${change.id}` } }),
  ]);
}

const sideValue = (side: DiffSide, mode: string): string | undefined =>
  mode === 'light' ? side.light : mode === 'dark' ? (side.dark ?? side.light) : (side.modes?.[mode] ?? side.light);

/** A change request's diff: its semver level, old and new values per mode (swatches for colors), and contrast regressions. */
export function renderChangeDiff(diff: ChangeDiff, modes: readonly string[]): HTMLElement {
  const changed = diff.tokens?.changed ?? [];
  const valueOf = (type: string, value: string | undefined): Node =>
    type === 'color' ? colorChip(value) : el('code', { text: value ?? '—' });
  const rows = changed.map((change) =>
    el('tr', { attrs: { 'data-key': change.key } }, [
      el('th', { attrs: { scope: 'row' } }, [el('code', { text: change.key })]),
      ...modes.map((mode) => {
        const before = sideValue(change.from, mode);
        const after = sideValue(change.to, mode);
        return el('td', { className: before === after ? '' : 'moved', attrs: { 'data-mode': mode } }, [
          valueOf(change.type, before),
          ...(before === after ? [] : [el('span', { className: 'arrow', text: ' → ' }), valueOf(change.type, after)]),
        ]);
      }),
    ]),
  );
  const added = (diff.tokens?.added ?? []).map((entry) =>
    el('li', {}, [el('code', { text: entry.key }), document.createTextNode(` added: ${entry.value.light}`)]),
  );
  const removed = (diff.tokens?.removed ?? []).map((entry) =>
    el('li', {}, [el('code', { text: entry.key }), document.createTextNode(' removed')]),
  );
  const regressions = diff.contrastRegressions ?? [];
  return el('div', { className: 'change-diff' }, [
    el('p', { className: 'diff-level', text: `Change level: ${diff.level ?? 'none'}` }),
    changed.length === 0
      ? el('p', { className: 'empty', text: 'No value changed.' })
      : el('table', { className: 'preview-table' }, [
          el('caption', { text: 'Old and new values per mode' }),
          el('thead', {}, [
            el('tr', {}, [
              el('th', { text: 'Token', attrs: { scope: 'col' } }),
              ...modes.map((mode) => el('th', { text: mode, attrs: { scope: 'col' } })),
            ]),
          ]),
          el('tbody', {}, rows),
        ]),
    ...(added.length + removed.length === 0 ? [] : [el('ul', { className: 'diff-list' }, [...added, ...removed])]),
    el('h4', { text: `Contrast regressions (${regressions.length})` }),
    regressions.length === 0
      ? el('p', { className: 'empty', text: 'None: every pair that passed still passes.' })
      : el(
          'ul',
          { className: 'regressions' },
          regressions.map((item) =>
            el('li', {
              text: `${item.pair} in ${item.mode}: ${item.before === null ? 'unchecked' : `${item.before.toFixed(2)}:1`} → ${item.after.toFixed(2)}:1 (needs ${item.required}:1)`,
            }),
          ),
        ),
  ]);
}

/** The operations and commits of a change request. */
export function renderChangeHistory(change: ChangeRequestView): HTMLElement[] {
  return [
    el('h4', { text: `Edits (${change.operations.length})` }),
    el(
      'ul',
      { className: 'operations' },
      change.operations.map((operation) => el('li', { text: describeOperation(operation) })),
    ),
    el('h4', { text: `Commits (${change.commits.length})` }),
    el(
      'ol',
      { className: 'commits' },
      change.commits.map((commit) =>
        el('li', {}, [
          el('code', { text: shortSha(commit.commit), attrs: { title: commit.commit } }),
          document.createTextNode(` ${commit.action} by ${commit.by}, ${formatDate(commit.at)}`),
        ]),
      ),
    ),
  ];
}

function valueText(value: unknown): string {
  return value === undefined || value === null ? '(none)' : typeof value === 'string' ? value : JSON.stringify(value);
}

/** A merge conflict, both sides shown: per cell, what the base had, what the target has now, and what this change writes. */
export function renderConflict(message: string, details: readonly ConflictDetail[]): HTMLElement {
  const cells = details.filter((detail) => detail.theirs !== undefined || detail.ours !== undefined);
  const files = details.filter((detail) => detail.file !== undefined);
  return el('div', { className: 'conflict', attrs: { role: 'alert' } }, [
    el('p', { className: 'error', text: message }),
    ...(cells.length === 0
      ? []
      : [
          el('table', { className: 'preview-table conflict-table' }, [
            el('caption', { text: 'Both sides of each conflict' }),
            el('thead', {}, [
              el('tr', {}, [
                el('th', { text: 'Token', attrs: { scope: 'col' } }),
                el('th', { text: 'Base', attrs: { scope: 'col' } }),
                el('th', { text: 'Theirs (target now)', attrs: { scope: 'col' } }),
                el('th', { text: 'Ours (this change)', attrs: { scope: 'col' } }),
              ]),
            ]),
            el(
              'tbody',
              {},
              cells.map((detail) =>
                el('tr', {}, [
                  el('th', { attrs: { scope: 'row' } }, [
                    el('code', { text: detail.target ?? '' }),
                    document.createTextNode(` ${detail.field ?? ''}${detail.mode === undefined ? '' : ` in ${detail.mode}`}`),
                  ]),
                  el('td', { className: 'conflict-base' }, [el('code', { text: valueText(detail.base) })]),
                  el('td', { className: 'conflict-theirs' }, [el('code', { text: valueText(detail.theirs) })]),
                  el('td', { className: 'conflict-ours' }, [el('code', { text: valueText(detail.ours) })]),
                ]),
              ),
            ),
          ]),
        ]),
    ...(files.length === 0
      ? []
      : [
          el(
            'ul',
            {},
            files.map((detail) => el('li', {}, [el('code', { text: detail.file ?? '' })])),
          ),
        ]),
  ]);
}
