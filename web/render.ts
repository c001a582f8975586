import { el, formatDate, setStyle, shortSha } from './dom.js';
import { stepColorIn } from './model.js';
import type { DesignSystemMeta, Mode, Revision, Scale, TokenView } from './model.js';
import { renderPreview } from './previews.js';

/** The metadata list: name, description, counts, last update and the commit the content comes from. */
export function renderMeta(target: HTMLElement, meta: DesignSystemMeta, commit: string | null, pinned: boolean): void {
  const rows: [string, Node][] = [
    ['Name', document.createTextNode(meta.name)],
    ['Description', document.createTextNode(meta.description ?? '—')],
    ['Tokens', document.createTextNode(String(meta.tokenCount))],
    ['Scales', document.createTextNode(String(meta.scaleCount))],
    ['Last updated', el('time', { text: formatDate(meta.lastUpdated), attrs: { datetime: meta.lastUpdated } })],
    [
      'Commit',
      commit === null
        ? document.createTextNode('not in Git')
        : el('code', { text: `${shortSha(commit)}${pinned ? ' (pinned)' : ''}`, attrs: { title: commit } }),
    ],
  ];
  target.replaceChildren(...rows.flatMap(([name, value]) => [el('dt', { text: name }), el('dd', {}, [value])]));
  target.dataset['slug'] = meta.slug;
}

function scaleSwatch(scale: string, step: number, hex: string, mode: string): HTMLButtonElement {
  const button = el(
    'button',
    {
      className: 'scale-swatch',
      attrs: {
        type: 'button',
        'data-copy': hex,
        'data-key': `scale:${scale}.${step}`,
        'data-swatch': mode,
        'aria-label': `${scale} ${step} ${mode} ${hex}, copy`,
      },
    },
    [el('span', { className: 'tip', text: `${step} ${hex}`, attrs: { 'aria-hidden': 'true' } })],
  );
  button.style.setProperty('background-color', hex);
  return button;
}

/** The column headings above the strips: one per mode. */
export function renderScaleHead(target: HTMLElement, modes: readonly Mode[]): void {
  const title = (name: string): string => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
  target.replaceChildren(el('span'), ...modes.map((mode) => el('span', { text: title(mode.name) })));
  setStyle(target, '--tb-modes', String(modes.length));
}

/** Every scale as a row: its steps in each mode side by side (a strip per mode); each swatch copies its hex. */
export function renderScales(target: HTMLElement, scales: readonly Scale[], modes: readonly Mode[]): void {
  if (scales.length === 0) {
    target.replaceChildren(el('p', { className: 'empty', text: 'This design system has no color scales.' }));
    return;
  }
  const rows = scales.map((scale) => {
    const row = el('div', { className: 'scale-row', attrs: { 'data-scale': scale.key } }, [
      el('span', { className: 'scale-name', text: scale.key }),
      ...modes.map((mode) =>
        el(
          'div',
          {
            className: `strip strip-${mode.scheme}`,
            attrs: { role: 'group', 'aria-label': `${scale.key} ${mode.name}`, 'data-mode': mode.name },
          },
          scale.steps.map((step) => scaleSwatch(scale.key, step.step, stepColorIn(step, mode.name), mode.name)),
        ),
      ),
    ]);
    setStyle(row, '--tb-modes', String(modes.length));
    return row;
  });
  target.replaceChildren(...rows);
}

function valueLine(label: string, value: string, className: string, mode: string, current: boolean): HTMLElement {
  return el('span', { className: `value ${className}${current ? ' current' : ''}`, attrs: { 'data-mode': mode } }, [
    el('span', { className: 'label', text: label }),
    el('code', { text: value }),
  ]);
}

/** The mode whose value line shows the value in `mode`: its own line when its value differs from light, else light's. */
export function lineModeOf(token: TokenView, mode: string): string {
  return token.others.some((other) => other.mode === mode) ? mode : 'light';
}

/**
 * One token row: its preview, key and CSS name (a click copies the name), type, raw value, and its resolved values:
 * light, and each mode whose value differs from light; the line holding the value in `currentMode` is marked `current`.
 */
export function renderToken(token: TokenView, modes: readonly Mode[], currentMode: string): HTMLLIElement {
  const currentLine = lineModeOf(token, currentMode);
  const values = [
    valueLine('raw', token.raw, 'raw', 'raw', false),
    valueLine(token.others.length === 0 ? 'value' : 'light', token.light, 'resolved-light', 'light', currentLine === 'light'),
    ...token.others.map((other) =>
      valueLine(other.mode, other.value, other.mode === 'dark' ? 'resolved-dark' : 'resolved-mode', other.mode, currentLine === other.mode),
    ),
  ];
  const details = [
    // The accessible name is the visible text plus a hidden verb: "Copy color.brand.primary --color-brand-primary".
    el('button', { className: 'copy', attrs: { type: 'button', 'data-copy': token.cssName } }, [
      el('span', { className: 'visually-hidden', text: 'Copy ' }),
      el('span', { className: 'key', text: token.key }),
      document.createTextNode(' '),
      el('code', { className: 'css-name', text: token.cssName }),
    ]),
    el('span', { className: 'type', text: token.type }),
    el('div', { className: 'values' }, values),
  ];
  if (token.description !== undefined) details.push(el('p', { className: 'description', text: token.description }));
  return el('li', { className: 'token', attrs: { 'data-key': token.key, 'data-type': token.type } }, [
    renderPreview(token, modes, currentMode),
    el('div', { className: 'info' }, details),
  ]);
}

/** Revision options: `<short sha> <subject> (<date>)`. */
export function renderRevisionOptions(
  target: HTMLSelectElement,
  revisions: readonly Revision[],
  first: HTMLOptionElement | undefined,
  selected: string,
): void {
  const options = revisions.map((revision) =>
    el('option', { text: `${shortSha(revision.sha)} ${revision.subject} (${formatDate(revision.date)})`, attrs: { value: revision.sha } }),
  );
  target.replaceChildren(...(first === undefined ? [] : [first]), ...options);
  target.value = selected;
  if (target.value !== selected && target.options.length > 0) target.selectedIndex = 0;
}

/** `{ light, dark, modes? }` of a diff entry, and its values at each breakpoint when they differ there. */
interface DiffValue {
  readonly light: string;
  readonly dark: string | null;
  readonly modes?: Readonly<Record<string, string>>;
  readonly breakpoints?: Readonly<Record<string, DiffValue>>;
}

/** A breakpoint declaration as the diff lists it. */
interface DiffBreakpoint {
  readonly name: string;
  readonly minWidth: string;
  readonly container: string | null;
}

/** The parts of a `GET /api/v1/diff` answer the page shows. */
export interface DiffAnswer {
  readonly level?: string;
  readonly tokens?: {
    readonly added?: readonly { key: string; type: string; value: DiffValue }[];
    readonly removed?: readonly { key: string; type: string; value: DiffValue }[];
    readonly changed?: readonly { key: string; type: string; from: DiffValue; to: DiffValue; changedAt?: readonly string[] }[];
    readonly retyped?: readonly { key: string; from: { type: string; value: DiffValue }; to: { type: string; value: DiffValue } }[];
  };
  readonly scales?: {
    readonly added?: readonly { key: string }[];
    readonly removed?: readonly { key: string }[];
    readonly changed?: readonly {
      key: string;
      stepsAdded: readonly number[];
      stepsRemoved: readonly number[];
      stepsChanged: readonly { step: number }[];
    }[];
  };
  readonly breakpoints?: {
    readonly added: readonly DiffBreakpoint[];
    readonly removed: readonly DiffBreakpoint[];
    readonly changed: readonly { name: string; from: Omit<DiffBreakpoint, 'name'>; to: Omit<DiffBreakpoint, 'name'> }[];
  };
}

/** A breakpoint's condition: `from 48rem`, `card from 30rem`. */
const conditionOf = (breakpoint: Omit<DiffBreakpoint, 'name'>): string =>
  `${breakpoint.container === null ? '' : `${breakpoint.container} `}from ${breakpoint.minWidth}`;

/**
 * A changed token's old → new values: below the first breakpoint, then `at <breakpoint>` for each breakpoint where
 * it changed (`—` on a side that does not declare that breakpoint).
 */
function describeChange(diff: DiffAnswer, change: NonNullable<NonNullable<DiffAnswer['tokens']>['changed']>[number]): string {
  if (change.changedAt === undefined) return `${describeValue(change.from)} → ${describeValue(change.to)}`;
  const added = new Set(diff.breakpoints?.added.map((breakpoint) => breakpoint.name));
  const removed = new Set(diff.breakpoints?.removed.map((breakpoint) => breakpoint.name));
  const at = (value: DiffValue, breakpoint: string, declared: boolean): string =>
    declared ? describeValue(value.breakpoints?.[breakpoint] ?? value) : '—';
  return change.changedAt
    .map((place) =>
      place === 'base'
        ? `${describeValue(change.from)} → ${describeValue(change.to)}`
        : `at ${place}: ${at(change.from, place, !added.has(place))} → ${at(change.to, place, !removed.has(place))}`,
    )
    .join('; ');
}

/** Light, then each other mode whose value differs from light: `#FFF / dark #000 / dark-dimmed #111`. */
function describeValue(value: DiffValue): string {
  const others: [string, string | null][] = [['dark', value.dark], ...Object.entries(value.modes ?? {})];
  return [
    value.light,
    ...others.filter(([, other]) => other !== null && other !== value.light).map(([mode, other]) => `${mode} ${String(other)}`),
  ].join(' / ');
}

function diffList(title: string, className: string, items: readonly [key: string, text: string][]): HTMLElement {
  const list = items.map(([key, text]) =>
    el('li', { attrs: { 'data-key': key } }, [el('code', { text: key }), el('span', { className: 'diff-value', text: ` ${text}` })]),
  );
  return el('div', { className }, [
    el('h3', { text: `${title} (${items.length})` }),
    items.length === 0 ? el('p', { className: 'empty', text: 'None.' }) : el('ul', {}, list),
  ]);
}

/**
 * Renders a `GET /api/v1/diff` answer: tokens added, changed (old → new, per breakpoint where it changed there),
 * retyped and removed, scale changes, and breakpoint declarations when either side has any.
 */
export function renderDiff(target: HTMLElement, diff: DiffAnswer): void {
  const tokens = diff.tokens ?? {};
  const scales = diff.scales ?? {};
  const scaleItems: [string, string][] = [
    ...(scales.added ?? []).map((scale): [string, string] => [scale.key, 'added']),
    ...(scales.removed ?? []).map((scale): [string, string] => [scale.key, 'removed']),
    ...(scales.changed ?? []).map((scale): [string, string] => [
      scale.key,
      [
        scale.stepsAdded.length > 0 ? `steps added: ${scale.stepsAdded.join(', ')}` : '',
        scale.stepsRemoved.length > 0 ? `steps removed: ${scale.stepsRemoved.join(', ')}` : '',
        scale.stepsChanged.length > 0 ? `steps changed: ${scale.stepsChanged.map((step) => step.step).join(', ')}` : '',
      ]
        .filter((part) => part !== '')
        .join('; '),
    ]),
  ];
  target.replaceChildren(
    el('p', { className: 'diff-level', text: diff.level === undefined ? '' : `Change level: ${diff.level}` }),
    diffList(
      'Changed',
      'diff-changed',
      (tokens.changed ?? []).map((change) => [change.key, describeChange(diff, change)]),
    ),
    diffList(
      'Added',
      'diff-added',
      (tokens.added ?? []).map((entry) => [entry.key, describeValue(entry.value)]),
    ),
    diffList(
      'Removed',
      'diff-removed',
      (tokens.removed ?? []).map((entry) => [entry.key, describeValue(entry.value)]),
    ),
    diffList(
      'Retyped',
      'diff-retyped',
      (tokens.retyped ?? []).map((entry) => [entry.key, `${entry.from.type} → ${entry.to.type}`]),
    ),
    diffList('Scales', 'diff-scales', scaleItems),
    ...(diff.breakpoints === undefined
      ? []
      : [
          diffList('Breakpoints', 'diff-breakpoints', [
            ...diff.breakpoints.added.map((breakpoint): [string, string] => [breakpoint.name, `added (${conditionOf(breakpoint)})`]),
            ...diff.breakpoints.removed.map((breakpoint): [string, string] => [breakpoint.name, `removed (${conditionOf(breakpoint)})`]),
            ...diff.breakpoints.changed.map((breakpoint): [string, string] => [
              breakpoint.name,
              `${conditionOf(breakpoint.from)} → ${conditionOf(breakpoint.to)}`,
            ]),
          ]),
        ]),
  );
}
