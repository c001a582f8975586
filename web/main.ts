import { ApiFailure, createApiClient } from './api.js';
import type { ApiClient, Scope } from './api.js';
import { ChangeRequestsPanel } from './change-requests.js';
import type { RoleAnswer, ShownBranch } from './change-requests.js';
import { BASE_BREAKPOINT, breakpointChoices, shownBreakpoint, viewsAtBreakpoint } from './breakpoints.js';
import { renderContrast } from './contrast.js';
import { byId, copyText, el, shortSha } from './dom.js';
import { followEvents } from './events.js';
import type { ChangeRequestEvent, SnapshotEvent } from './events.js';
import { buildTokenViews, changedKeys, fingerprintsOf, matchesFilter, modesOf, wordsOfQuery } from './model.js';
import type { ApiContrast, ApiToken, DesignSystemMeta, Mode, Revision, Scale, TokenView } from './model.js';
import type { DiffAnswer } from './render.js';
import { lineModeOf, renderDiff, renderMeta, renderRevisionOptions, renderScaleHead, renderScales, renderToken } from './render.js';

const KEY_STORAGE = 'token-browser.key';
/** The mode the user picked (any mode name), and the scheme it ends in, for a design system that lacks that mode. */
const THEME_STORAGE = 'token-browser.theme';
const SCHEME_STORAGE = 'token-browser.scheme';
const BUILT_IN_MODES: readonly Mode[] = [
  { name: 'light', scheme: 'light' },
  { name: 'dark', scheme: 'dark' },
];
const HIGHLIGHT_MS = 3000;
const REVISION_LIMIT = '100';

const ui = {
  controls: byId<HTMLDivElement>('controls'),
  designSystem: byId<HTMLSelectElement>('design-system'),
  revision: byId<HTMLSelectElement>('revision'),
  theme: byId<HTMLButtonElement>('theme'),
  modeField: byId<HTMLLabelElement>('mode-field'),
  mode: byId<HTMLSelectElement>('mode'),
  breakpointField: byId<HTMLLabelElement>('breakpoint-field'),
  breakpoint: byId<HTMLSelectElement>('breakpoint'),
  breakpointNote: byId<HTMLParagraphElement>('breakpoint-note'),
  forgetKey: byId<HTMLButtonElement>('forget-key'),
  keyForm: byId<HTMLFormElement>('key-form'),
  keyInput: byId<HTMLInputElement>('key-input'),
  keyError: byId<HTMLParagraphElement>('key-error'),
  status: byId<HTMLParagraphElement>('status'),
  problem: byId<HTMLParagraphElement>('problem'),
  content: byId<HTMLDivElement>('content'),
  meta: byId<HTMLElement>('meta'),
  changes: byId<HTMLElement>('changes'),
  changesForm: byId<HTMLFormElement>('changes-form'),
  diffFrom: byId<HTMLSelectElement>('diff-from'),
  diffTo: byId<HTMLSelectElement>('diff-to'),
  diffResult: byId<HTMLDivElement>('diff-result'),
  scales: byId<HTMLDivElement>('scales'),
  scaleHead: byId<HTMLDivElement>('scale-head'),
  contrast: byId<HTMLElement>('contrast'),
  contrastResult: byId<HTMLDivElement>('contrast-result'),
  search: byId<HTMLInputElement>('search'),
  typeFilter: byId<HTMLSelectElement>('type-filter'),
  count: byId<HTMLParagraphElement>('count'),
  tokenList: byId<HTMLUListElement>('token-list'),
  toast: byId<HTMLDivElement>('toast'),
};
const liveOption = ui.revision.options[0] as HTMLOptionElement;
const panel = new ChangeRequestsPanel(say, viewBranch);

interface Loaded {
  readonly meta: DesignSystemMeta;
  readonly commit: string | null;
  readonly seq: number;
  readonly prints: Map<string, string>;
}

const state = {
  api: undefined as ApiClient | undefined,
  /** Slug picked in the switcher; undefined: the key's own design system. */
  designSystem: undefined as string | undefined,
  /** Commit picked in the revision picker; undefined: live. */
  ref: undefined as string | undefined,
  /** The change request whose branch the page shows (`ref` is its head, moved on with each of its new commits). */
  branch: undefined as ShownBranch | undefined,
  loaded: undefined as Loaded | undefined,
  generation: 0,
  loading: false,
  latestEvent: undefined as SnapshotEvent | undefined,
  stopEvents: undefined as (() => void) | undefined,
  rows: [] as { token: TokenView; row: HTMLLIElement }[],
  diffAvailable: true,
  /** The revisions listed in the pickers, to redraw them only when they change. */
  revisionShas: '',
  loads: 0,
  themeSheet: new CSSStyleSheet(),
  /** Every mode of the design system shown (light and dark until it is loaded). */
  modes: BUILT_IN_MODES,
  /** The mode the user asked for, kept across design systems that lack it. */
  wantedMode: 'light',
  /** The scheme of the mode the user asked for: what a design system without that mode is shown in. */
  wantedScheme: 'light' as 'light' | 'dark',
  /** The mode shown. */
  mode: 'light',
  /** The breakpoint asked for (`base`: below the first), kept while the design systems shown declare it. */
  wantedBreakpoint: BASE_BREAKPOINT,
};

function scope(): Scope {
  return { designSystem: state.designSystem, ref: state.ref };
}

function say(text: string): void {
  ui.status.textContent = text;
}

let toastTimer: ReturnType<typeof setTimeout> | undefined;
function toast(text: string): void {
  ui.toast.textContent = text;
  ui.toast.classList.add('visible');
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => ui.toast.classList.remove('visible'), 2000);
}

function showProblem(message: string | undefined): void {
  ui.problem.hidden = message === undefined;
  ui.problem.textContent = message ?? '';
}

// ---- mode: the page wears the design system's own CSS export; the mode picker (or, with only light and dark, the
// toggle) switches its [data-theme], and the page's own chrome follows the mode's scheme ([data-scheme]) ----

/** The mode to show: the one asked for when the design system has it, else light or dark as its scheme says. */
function shownMode(): Mode {
  return (
    state.modes.find((mode) => mode.name === state.wantedMode) ??
    state.modes.find((mode) => mode.name === state.wantedScheme) ??
    (state.modes[0] as Mode)
  );
}

/**
 * Shows the mode asked for (or its stand-in): the root's attributes, the controls, and (unless the rows are about to
 * be drawn anew) the marks on the values shown.
 */
function showMode(markRows = true): void {
  const mode = shownMode();
  state.mode = mode.name;
  document.documentElement.dataset['theme'] = mode.name;
  document.documentElement.dataset['scheme'] = mode.scheme;
  ui.theme.setAttribute('aria-pressed', String(mode.name === 'dark'));
  ui.mode.value = mode.name;
  if (markRows) markCurrentMode();
}

function askForMode(name: string, scheme: 'light' | 'dark'): void {
  state.wantedMode = name;
  state.wantedScheme = scheme;
  sessionStorage.setItem(THEME_STORAGE, name);
  sessionStorage.setItem(SCHEME_STORAGE, scheme);
  showMode();
}

function restoreMode(): void {
  const stored = sessionStorage.getItem(THEME_STORAGE);
  const scheme = sessionStorage.getItem(SCHEME_STORAGE);
  const preferred = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  state.wantedScheme = scheme === 'light' || scheme === 'dark' ? scheme : stored === 'dark' ? 'dark' : preferred;
  state.wantedMode = stored ?? state.wantedScheme;
  // Until the design system is loaded its modes are unknown: wear the one asked for at once, so nothing flashes.
  state.mode = state.wantedMode;
  document.documentElement.dataset['theme'] = state.wantedMode;
  document.documentElement.dataset['scheme'] = state.wantedScheme;
  ui.theme.setAttribute('aria-pressed', String(state.wantedMode === 'dark'));
}

/** The mode picker lists every mode when the design system has more than light and dark; else the toggle is shown. */
function renderModeSwitcher(): void {
  const many = state.modes.length > 2;
  ui.modeField.hidden = !many;
  ui.theme.hidden = many;
  ui.mode.replaceChildren(...state.modes.map((mode) => el('option', { text: mode.name, attrs: { value: mode.name } })));
}

/**
 * The breakpoint picker, shown when the design system declares breakpoints, and the note saying which values the
 * token rows show; the breakpoint shown (`base` when the one asked for is not declared).
 */
function renderBreakpointPicker(meta: DesignSystemMeta): string {
  const choices = breakpointChoices(meta);
  const shown = shownBreakpoint(meta, state.wantedBreakpoint);
  ui.breakpointField.hidden = choices.length === 0;
  ui.breakpoint.replaceChildren(...choices.map((choice) => el('option', { text: choice.label, attrs: { value: choice.name } })));
  ui.breakpoint.value = shown;
  const label = choices.find((choice) => choice.name === shown)?.label;
  ui.breakpointNote.hidden = label === undefined;
  ui.breakpointNote.textContent = label === undefined ? '' : `Values and previews at ${label}.`;
  ui.tokenList.dataset['breakpoint'] = shown;
  return shown;
}

/** Marks, in every row, the value line and the swatch of the mode shown. */
function markCurrentMode(): void {
  for (const { token, row } of state.rows) {
    const line = lineModeOf(token, state.mode);
    for (const value of row.querySelectorAll<HTMLElement>('.value[data-mode]')) {
      value.classList.toggle('current', value.dataset['mode'] === line);
    }
    for (const swatch of row.querySelectorAll<HTMLElement>('.swatch'))
      swatch.classList.toggle('current', swatch.dataset['swatch'] === state.mode);
  }
}

// ---- the key ----

function askForKey(message = ''): void {
  state.stopEvents?.();
  state.stopEvents = undefined;
  state.api = undefined;
  state.loaded = undefined;
  panel.reset();
  ui.content.hidden = true;
  ui.controls.hidden = true;
  ui.keyForm.hidden = false;
  ui.keyError.textContent = message;
  showProblem(undefined);
  say('');
  ui.keyInput.focus();
}

function start(key: string): void {
  state.api = createApiClient(key);
  state.designSystem = undefined;
  state.ref = undefined;
  state.branch = undefined;
  state.loaded = undefined;
  ui.keyForm.hidden = true;
  void load(false).then((ok) => {
    if (ok) followLive();
  });
}

// ---- loading ----

function handleFailure(error: unknown): void {
  if (error instanceof ApiFailure && error.status === 401) {
    sessionStorage.removeItem(KEY_STORAGE);
    askForKey(`The key was refused: ${error.message}`);
    return;
  }
  showProblem(error instanceof Error ? error.message : String(error));
}

/** Loads everything for the current design system and revision, renders it; highlights what changed if asked. */
async function load(highlight: boolean): Promise<boolean> {
  const api = state.api;
  if (api === undefined) return false;
  const generation = ++state.generation;
  const current = scope();
  state.loading = true;
  say(state.loaded === undefined ? 'Loading…' : 'Updating…');
  try {
    const metaAnswer = api.json<{ data: DesignSystemMeta }>('design-system', current);
    const [meta, systems, scales, tokens, dtcg, strict, css, revisions, contrast, role] = await Promise.all([
      metaAnswer,
      api.json<{ data: { designSystems: { id: string; name: string; slug: string }[] } }>('design-systems', {}),
      api.json<{ data: { scales: Scale[] } }>('scales', current),
      api.json<{ data: { tokens: ApiToken[] } }>('tokens', current),
      api.json<unknown>('export/json', current),
      // Typed values (an easing's control points, keywords included) come from the strict DTCG export.
      api.json<unknown>('export/json', current, { spec: '2025.10' }),
      // At a breakpoint the design system declares, its values there (`?breakpoint=`): the previews wear them.
      metaAnswer.then((answer) => {
        const breakpoint = shownBreakpoint(answer.body.data, state.wantedBreakpoint);
        return api.text('export/css', current, breakpoint === BASE_BREAKPOINT ? {} : { breakpoint });
      }),
      fetchRevisions(),
      // The contrast route names the design system in its path: the slug the meta answer gives, whichever was asked.
      metaAnswer.then((answer) => fetchContrast(api, answer.body.data.slug, current.ref)),
      // Whether the key writes: only then are the Edit actions and the tray shown.
      ChangeRequestsPanel.fetchRole(api, current.designSystem),
    ]);
    if (generation !== state.generation) return false;
    const modes = modesOf(meta.body.data);
    const views = buildTokenViews(tokens.body.data.tokens, dtcg.body, modes, strict.body);
    const scaleList = scales.body.data.scales;
    const prints = fingerprintsOf(views, scaleList);
    const changed = highlight ? changedKeys(state.loaded?.prints, prints) : new Set<string>();
    const commit = meta.headers.get('x-git-commit');
    state.loaded = { meta: meta.body.data, commit, seq: Number(meta.headers.get('x-snapshot-seq') ?? '0'), prints };

    state.themeSheet.replaceSync(css);
    state.modes = modes;
    renderModeSwitcher();
    const breakpoint = renderBreakpointPicker(meta.body.data);
    // The rows show the values at the breakpoint, read from the stylesheet the previews wear; the rest stays below it.
    const shownViews = breakpoint === BASE_BREAKPOINT ? views : viewsAtBreakpoint(views, modes, state.themeSheet);
    showMode(false);
    renderMeta(ui.meta, meta.body.data, commit, state.ref !== undefined);
    renderSwitcher(systems.body.data.designSystems, meta.body.data.slug);
    renderRevisionOptions(ui.revision, revisions, liveOption, state.ref ?? '');
    showBranchOption();
    state.revisionShas = revisions.map((revision) => revision.sha).join(',');
    renderScaleHead(ui.scaleHead, modes);
    renderScales(ui.scales, scaleList, modes);
    renderContrast(ui.contrast, ui.contrastResult, contrast, modes, views);
    updatePanel(api, meta.body.data.slug, commit, modes, views, scaleList, tokens.body.data.tokens, role);
    if (panel.canEdit) addScaleEditButtons();
    renderTokens(shownViews);
    renderChanges(revisions);
    ui.controls.hidden = false;
    ui.content.hidden = false;
    showProblem(undefined);
    markChanged(changed);
    state.loads += 1;
    document.documentElement.dataset['loads'] = String(state.loads);
    if (state.loads === 1) performance.mark('token-browser:rendered');
    say(
      state.branch !== undefined
        ? `Branch of ${state.branch.title} at ${shortSha(state.branch.head)}: ${views.length} tokens.`
        : state.ref === undefined
          ? `Live: ${views.length} tokens.`
          : `Pinned to ${shortSha(state.ref)}: ${views.length} tokens.`,
    );
    return true;
  } catch (error) {
    if (generation === state.generation) handleFailure(error);
    return false;
  } finally {
    if (generation === state.generation) {
      state.loading = false;
      catchUp();
    }
  }
}

/**
 * Every declared contrast pair per mode, from `GET /api/v1/design-systems/<slug>/contrast` with the same key and `?ref=`
 * as every other call; undefined on a server without the route (the view then stays hidden).
 */
async function fetchContrast(api: ApiClient, slug: string, ref: string | undefined): Promise<ApiContrast | undefined> {
  try {
    return (await api.json<{ data: ApiContrast }>(`design-systems/${encodeURIComponent(slug)}/contrast`, { ref })).body.data;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404 && error.code === 'not_found') return undefined;
    throw error;
  }
}

function renderSwitcher(systems: readonly { id: string; name: string; slug: string }[], current: string): void {
  ui.designSystem.replaceChildren(...systems.map((system) => el('option', { text: system.name, attrs: { value: system.slug } })));
  ui.designSystem.value = current;
  ui.designSystem.disabled = systems.length < 2;
}

function updatePanel(
  api: ApiClient,
  slug: string,
  commit: string | null,
  modes: readonly Mode[],
  views: readonly TokenView[],
  scales: readonly Scale[],
  tokens: readonly ApiToken[],
  role: RoleAnswer,
): void {
  panel.update(
    { api, slug, commit, modes, views, scales, tokens: new Map(tokens.map((token) => [token.key, token])), live: state.ref === undefined },
    role,
  );
}

/** The Edit action of a token row (for a key that writes): its accessible name names the token. */
function editButton(key: string): HTMLButtonElement {
  return el('button', { className: 'button small edit', attrs: { type: 'button', 'data-edit': key } }, [
    document.createTextNode('Edit'),
    el('span', { className: 'visually-hidden', text: ` ${key}` }),
  ]);
}

/** The Edit action of each scale row (for a key that writes): sets a step's color in a mode. */
function addScaleEditButtons(): void {
  for (const row of ui.scales.querySelectorAll<HTMLElement>('.scale-row[data-scale]')) {
    const key = row.dataset['scale'] as string;
    row
      .querySelector('.scale-name')
      ?.append(
        el('button', { className: 'button small edit', attrs: { type: 'button', 'data-edit-scale': key } }, [
          document.createTextNode('Edit'),
          el('span', { className: 'visually-hidden', text: ` scale ${key}` }),
        ]),
      );
  }
}

function renderTokens(views: readonly TokenView[]): void {
  const fragment = document.createDocumentFragment();
  const editable = panel.canEdit;
  state.rows = views.map((token) => {
    const row = renderToken(token, state.modes, state.mode);
    if (editable) row.querySelector('.info')?.append(editButton(token.key));
    fragment.append(row);
    return { token, row };
  });
  ui.tokenList.replaceChildren(fragment);
  const counts = new Map<string, number>();
  for (const token of views) counts.set(token.type, (counts.get(token.type) ?? 0) + 1);
  const selected = ui.typeFilter.value;
  const all = ui.typeFilter.options[0] as HTMLOptionElement;
  ui.typeFilter.replaceChildren(
    all,
    ...[...counts]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([type, count]) => el('option', { text: `${type} (${count})`, attrs: { value: type } })),
  );
  ui.typeFilter.value = counts.has(selected) ? selected : '';
  applyFilter();
}

function applyFilter(): void {
  const words = wordsOfQuery(ui.search.value);
  const type = ui.typeFilter.value;
  let shown = 0;
  for (const { token, row } of state.rows) {
    const match = matchesFilter(token, words, type);
    if (row.hidden === match) row.hidden = !match;
    if (match) shown += 1;
  }
  ui.count.textContent = `${shown} of ${state.rows.length} tokens`;
}

function markChanged(keys: ReadonlySet<string>): void {
  if (keys.size === 0) return;
  const marked: Element[] = [];
  for (const element of document.querySelectorAll<HTMLElement>('[data-key]')) {
    if (keys.has(element.dataset['key'] ?? '')) {
      element.classList.add('changed');
      marked.push(element);
    }
  }
  const tokens = [...keys].filter((key) => !key.startsWith('scale:')).length;
  toast(`${tokens} token${tokens === 1 ? '' : 's'} and ${keys.size - tokens} scale step${keys.size - tokens === 1 ? '' : 's'} changed`);
  setTimeout(() => {
    for (const element of marked) element.classList.remove('changed');
  }, HIGHLIGHT_MS);
}

// ---- what changed between two revisions (GET /api/v1/diff, when the server has it) ----

function renderChanges(revisions: readonly Revision[]): void {
  const enough = state.diffAvailable && revisions.length >= 2;
  ui.changes.hidden = !enough;
  if (!enough) return;
  const from = ui.diffFrom.value;
  const to = ui.diffTo.value;
  renderRevisionOptions(ui.diffFrom, revisions, undefined, from || (revisions[1] as Revision).sha);
  renderRevisionOptions(ui.diffTo, revisions, undefined, to || (revisions[0] as Revision).sha);
  if (ui.diffResult.childElementCount === 0) void compare();
}

async function compare(): Promise<void> {
  const api = state.api;
  if (api === undefined || ui.diffFrom.value === '' || ui.diffTo.value === '') return;
  try {
    const answer = await api.json<{ data: DiffAnswer }>(
      'diff',
      { designSystem: state.designSystem },
      { from: ui.diffFrom.value, to: ui.diffTo.value },
    );
    renderDiff(ui.diffResult, answer.body.data);
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404 && error.code === 'not_found') {
      // This server has no diff route: the view stays hidden.
      state.diffAvailable = false;
      ui.changes.hidden = true;
      return;
    }
    ui.diffResult.replaceChildren(el('p', { className: 'error', text: error instanceof Error ? error.message : String(error) }));
  }
}

async function fetchRevisions(): Promise<Revision[]> {
  const api = state.api;
  if (api === undefined) return [];
  return api.json<{ data: { revisions: Revision[] } }>('revisions', { designSystem: state.designSystem }, { limit: REVISION_LIMIT }).then(
    (answer) => answer.body.data.revisions,
    () => [],
  );
}

async function refreshRevisions(): Promise<void> {
  if (state.loaded === undefined) return;
  const revisions = await fetchRevisions();
  const shas = revisions.map((revision) => revision.sha).join(',');
  if (state.loaded === undefined || shas === state.revisionShas) return;
  state.revisionShas = shas;
  renderRevisionOptions(ui.revision, revisions, liveOption, state.ref ?? '');
  showBranchOption();
  renderChanges(revisions);
}

// ---- a change request's branch: the page at its head, following its new commits ----

function viewBranch(branch: ShownBranch): void {
  state.branch = branch;
  state.ref = branch.head;
  void load(true).then(() => followLive());
}

/** The revision picker names the branch shown (its head is on no list of the target's revisions). */
function showBranchOption(): void {
  const branch = state.branch;
  if (branch === undefined) return;
  const option = el('option', {
    text: `Branch of ${branch.title} (${shortSha(branch.head)})`,
    attrs: { value: branch.head, 'data-branch': branch.id },
  });
  liveOption.after(option);
  ui.revision.value = branch.head;
}

/** A `change` event: the panel redraws its list; the branch shown moves on to the change request's new head. */
function onChangeEvent(event: ChangeRequestEvent): void {
  panel.onChangeEvent(event);
  const branch = state.branch;
  if (branch === undefined || event.id !== branch.id || event.head === branch.head) return;
  state.branch = { ...branch, title: event.title, head: event.head };
  state.ref = event.head;
  void load(true);
}

// ---- live updates ----

function followLive(): void {
  state.stopEvents?.();
  state.stopEvents = undefined;
  state.latestEvent = undefined;
  // A pinned revision never changes; a branch shown does, and its change events say so.
  if (state.api === undefined || (state.ref !== undefined && state.branch === undefined)) return;
  state.stopEvents = followEvents(state.api, state.designSystem, {
    onSnapshot(event) {
      state.latestEvent = event;
      catchUp();
    },
    onChange: onChangeEvent,
    onConnection(open) {
      document.documentElement.dataset['live'] = String(open);
      if (!open) say('Connection lost: reconnecting…');
    },
    onFatal: handleFailure,
  });
}

/** Reloads when the stream reports a newer snapshot than the one shown. */
function catchUp(): void {
  const event = state.latestEvent;
  const loaded = state.loaded;
  if (event === undefined || loaded === undefined || state.loading || state.ref !== undefined) return;
  if (event.seq <= loaded.seq) return;
  if (event.lastUpdated === loaded.meta.lastUpdated && event.commit === loaded.commit) return;
  void load(true);
}

// ---- wiring ----

document.adoptedStyleSheets = [...document.adoptedStyleSheets, state.themeSheet];
restoreMode();

ui.theme.addEventListener('click', () => (state.mode === 'dark' ? askForMode('light', 'light') : askForMode('dark', 'dark')));
ui.breakpoint.addEventListener('change', () => {
  state.wantedBreakpoint = ui.breakpoint.value;
  void load(false);
});
ui.mode.addEventListener('change', () => {
  const mode = state.modes.find((candidate) => candidate.name === ui.mode.value);
  if (mode !== undefined) askForMode(mode.name, mode.scheme);
});
ui.keyForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const key = ui.keyInput.value.trim();
  if (key === '') return;
  ui.keyInput.value = '';
  sessionStorage.setItem(KEY_STORAGE, key);
  start(key);
});
ui.forgetKey.addEventListener('click', () => {
  sessionStorage.removeItem(KEY_STORAGE);
  askForKey();
});
ui.designSystem.addEventListener('change', () => {
  state.designSystem = ui.designSystem.value;
  state.ref = undefined;
  state.branch = undefined;
  state.loaded = undefined;
  state.diffAvailable = true;
  ui.diffResult.replaceChildren();
  void load(false).then((ok) => {
    if (ok) followLive();
  });
});
ui.revision.addEventListener('change', () => {
  state.ref = ui.revision.value === '' ? undefined : ui.revision.value;
  if (state.branch?.head !== state.ref) state.branch = undefined;
  void load(true).then(() => followLive());
});
// A commit of content already served sends no event: the lists are refreshed when the user reaches for them.
for (const select of [ui.revision, ui.diffFrom, ui.diffTo]) select.addEventListener('focus', () => void refreshRevisions());
ui.changesForm.addEventListener('submit', (event) => {
  event.preventDefault();
  void compare();
});
ui.tokenList.addEventListener('click', (event) => {
  const key = (event.target as Element | null)?.closest<HTMLElement>('[data-edit]')?.dataset['edit'];
  if (key !== undefined) panel.edit(key, state.mode);
});
ui.scales.addEventListener('click', (event) => {
  const key = (event.target as Element | null)?.closest<HTMLElement>('[data-edit-scale]')?.dataset['editScale'];
  if (key !== undefined) panel.editScale(key, state.mode);
});
ui.search.addEventListener('input', applyFilter);
ui.typeFilter.addEventListener('change', applyFilter);
document.addEventListener('click', (event) => {
  const target = (event.target as Element | null)?.closest<HTMLElement>('[data-copy]');
  const text = target?.dataset['copy'];
  if (text === undefined) return;
  void copyText(text).then((ok) => toast(ok ? `Copied ${text}` : `Copy failed: ${text}`));
});

const stored = sessionStorage.getItem(KEY_STORAGE);
if (stored === null || stored === '') askForKey();
else start(stored);
