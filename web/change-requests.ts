import { ApiFailure } from './api.js';
import type { ApiClient } from './api.js';
import { renderChangeDiff, renderChangeHistory, renderChangeItem, renderConflict } from './change-list.js';
import type { ChangeDiff, ChangeRequestView } from './change-list.js';
import { renderDiagnostics, renderPreviewAnswer } from './change-preview.js';
import type { PreviewAnswer } from './change-preview.js';
import { el } from './dom.js';
import { describeOperation, mergedOperations, writtenInMode } from './edit-fields.js';
import type { PageOperation } from './edit-fields.js';
import { TokenEditor } from './editor.js';
import { clearPending, loadPending, movedCells, recordTouched, savePending } from './pending-store.js';
import { ScaleStepEditor } from './scale-editor.js';
import type { ChangeRequestEvent } from './events.js';
import type { ApiToken, Mode, Scale, TokenView } from './model.js';

/** What `GET /api/v1/changes/role` answers. */
export interface RoleAnswer {
  readonly designSystem: string;
  readonly role: 'read' | 'editor' | 'reviewer';
  readonly author: { readonly name: string; readonly email: string } | null;
  readonly mergeNeedsApproval: boolean;
}

/** A change request whose branch the whole page shows (its head), following its new commits. */
export interface ShownBranch {
  readonly id: string;
  readonly title: string;
  readonly head: string;
}

/** The design system the panel works on, as the page loaded it. */
export interface ChangeContext {
  readonly api: ApiClient;
  readonly slug: string;
  /** The commit the page shows (the base of new edits); null outside Git. */
  readonly commit: string | null;
  readonly modes: readonly Mode[];
  readonly views: readonly TokenView[];
  readonly scales: readonly Scale[];
  readonly tokens: ReadonlyMap<string, ApiToken>;
  /** Whether the page shows the live design system (edits are made on it, never on a pinned revision). */
  readonly live: boolean;
}

const PREVIEW_DELAY_MS = 250;

/** What a `change` event's action says of the change request shown. */
const ACTION_TEXT: Readonly<Record<ChangeRequestEvent['action'], string>> = {
  open: 'opened',
  update: 'updated with new commits',
  approve: 'approved',
  close: 'closed',
  merge: 'merged',
};

function byId<T extends HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`#${id} is missing from the page`);
  return element as T;
}

/** A random idempotency key (`crypto.randomUUID` needs a secure context; a server on plain HTTP is none). */
function randomKey(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The group of a token key (`color.brand` of `color.brand.primary`). */
const groupOf = (key: string): string => key.slice(0, Math.max(0, key.lastIndexOf('.')));

/**
 * The write half of the token browser (docs/change-requests.md, "The page"): the token editor, the tray of pending
 * edits with undo and "Submit for review", the live preview of every edit, and the list of change requests with
 * their diff, commits, validation and, for a reviewer, Approve, Merge and Close. Write controls appear only for a
 * key whose role (`GET /api/v1/changes/role`) writes.
 */
export class ChangeRequestsPanel {
  readonly #ui = {
    tray: byId<HTMLElement>('tray'),
    trayList: byId<HTMLOListElement>('tray-list'),
    trayEmpty: byId<HTMLParagraphElement>('tray-empty'),
    trayUndo: byId<HTMLButtonElement>('tray-undo'),
    trayPreview: byId<HTMLDivElement>('tray-preview'),
    submitForm: byId<HTMLFormElement>('submit-form'),
    submitTitle: byId<HTMLInputElement>('submit-title'),
    submitDescription: byId<HTMLTextAreaElement>('submit-description'),
    submitError: byId<HTMLParagraphElement>('submit-error'),
    list: byId<HTMLElement>('change-requests'),
    listItems: byId<HTMLUListElement>('change-list'),
    listNote: byId<HTMLParagraphElement>('change-requests-note'),
    editorPreview: byId<HTMLDivElement>('editor-preview'),
    editorStatus: byId<HTMLParagraphElement>('editor-status'),
    scalePreview: byId<HTMLDivElement>('scale-editor-preview'),
    scaleStatus: byId<HTMLParagraphElement>('scale-editor-status'),
    trayNotice: byId<HTMLParagraphElement>('tray-notice'),
    addForm: byId<HTMLFormElement>('add-token-form'),
    addGroup: byId<HTMLInputElement>('add-token-group'),
    addGroups: byId<HTMLDataListElement>('add-token-groups'),
    addName: byId<HTMLInputElement>('add-token-name'),
    addType: byId<HTMLSelectElement>('add-token-type'),
  };
  readonly #editor = new TokenEditor({
    dialog: byId<HTMLDialogElement>('editor'),
    title: byId<HTMLElement>('editor-token'),
    modeField: byId<HTMLElement>('editor-mode-field'),
    fields: byId<HTMLElement>('editor-fields'),
    form: byId<HTMLFormElement>('editor-form'),
    cancel: byId<HTMLButtonElement>('editor-cancel'),
    about: byId<HTMLElement>('editor-about'),
    delete: byId<HTMLButtonElement>('editor-delete'),
  });
  readonly #scaleEditor = new ScaleStepEditor({
    dialog: byId<HTMLDialogElement>('scale-editor'),
    title: byId<HTMLElement>('scale-editor-name'),
    fields: byId<HTMLElement>('scale-editor-fields'),
    form: byId<HTMLFormElement>('scale-editor-form'),
    cancel: byId<HTMLButtonElement>('scale-editor-cancel'),
  });
  readonly #say: (text: string) => void;
  #context: ChangeContext | undefined;
  #role: RoleAnswer | undefined;
  #pending: PageOperation[] = [];
  /** How what the pending edits touch read when they were made (pending-store.ts): the test that they still apply. */
  #touched: Record<string, string | null> = {};
  /** The commit the pending edits were made on (or found still to apply to): the base they are submitted on. */
  #base: string | null = null;
  #draft: readonly PageOperation[] = [];
  /** Whether the tray kept in storage has been read for the design system shown (at its first live load). */
  #restored = false;
  #previewTimer: ReturnType<typeof setTimeout> | undefined;
  #previewSeq = 0;
  #idempotencyKey: string | undefined;
  #changes: ChangeRequestView[] = [];
  #listSeq = 0;
  /** Per change request shown, the latest reading of it: an older answer is never drawn over a newer one. */
  readonly #detailSeq = new Map<string, number>();
  readonly #expanded = new Set<string>();
  #available = true;

  readonly #onViewBranch: (branch: ShownBranch) => void;

  /** `say` puts a line in the page's status; `onViewBranch` shows the whole page at a change request's head. */
  constructor(say: (text: string) => void, onViewBranch: (branch: ShownBranch) => void) {
    this.#say = say;
    this.#onViewBranch = onViewBranch;
    this.#ui.trayUndo.addEventListener('click', () => this.undo());
    this.#ui.trayList.addEventListener('click', (event) => {
      const button = (event.target as Element | null)?.closest<HTMLElement>('[data-undo]');
      if (button !== null && button !== undefined) this.#remove(Number(button.dataset['undo']));
    });
    this.#ui.submitForm.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.#submit();
    });
    for (const input of [this.#ui.submitTitle, this.#ui.submitDescription]) input.addEventListener('input', () => this.#save());
    this.#ui.addForm.addEventListener('submit', (event) => {
      event.preventDefault();
      this.#openAdd();
    });
    this.#ui.addForm.remove();
    this.#ui.listItems.addEventListener('click', (event) => {
      const target = event.target as Element | null;
      const view = target?.closest<HTMLElement>('[data-view-branch]');
      if (view !== null && view !== undefined) {
        this.#onViewBranch({
          id: view.dataset['viewBranch'] as string,
          title: view.dataset['title'] as string,
          head: view.dataset['head'] as string,
        });
        return;
      }
      const toggle = target?.closest<HTMLElement>('[data-change]');
      if (toggle !== null && toggle !== undefined) {
        void this.#toggle(toggle.dataset['change'] as string);
        return;
      }
      const action = target?.closest<HTMLButtonElement>('[data-action]');
      if (action !== null && action !== undefined)
        void this.#act(action.dataset['id'] as string, action.dataset['action'] as string, action);
    });
  }

  /** Whether the panel still shows the design system `context` was taken for (with the same key). */
  #shows(context: ChangeContext): boolean {
    return this.#context?.slug === context.slug && this.#context.api === context.api;
  }

  /** Whether the key may edit (and the page shows the live design system). */
  get canEdit(): boolean {
    return this.#role !== undefined && this.#role.role !== 'read' && this.#context?.live === true;
  }

  /** The key's role in the design system, asked of the server: `read` on a server without change requests. */
  static async fetchRole(api: ApiClient, slug: string | undefined): Promise<RoleAnswer> {
    try {
      return (await api.json<{ data: RoleAnswer }>('changes/role', { designSystem: slug })).body.data;
    } catch (error) {
      // A server without the route, or one that refuses the key the route: the key only reads.
      if (error instanceof ApiFailure && (error.status === 403 || error.status === 404 || error.status === 405)) {
        return { designSystem: slug ?? '', role: 'read', author: null, mergeNeedsApproval: true };
      }
      throw error;
    }
  }

  /** Called after every load of the page's data: the design system shown and the key's role in it. */
  update(context: ChangeContext, role: RoleAnswer): void {
    const switched = this.#context?.slug !== context.slug || this.#context.api !== context.api;
    this.#context = context;
    this.#role = role;
    if (switched) {
      this.#expanded.clear();
      this.#available = true;
      this.#idempotencyKey = undefined;
      this.#pending = [];
      this.#restored = false;
    }
    // The tray is checked against the live design system only: a pinned revision leaves it as it is.
    if (context.live) this.#checkTray(context);
    this.#ui.tray.hidden = !this.canEdit;
    // In the page only for a key that writes: a read key's page holds no control of it (nor a second "Type").
    if (this.canEdit) this.#ui.trayPreview.before(this.#ui.addForm);
    else this.#ui.addForm.remove();
    this.#renderAddForm(context);
    this.#renderTray();
    // After the tokens are drawn (this task): the first listing starts the server's change-request worker.
    if (switched) setTimeout(() => void this.refreshList(), 0);
  }

  /** The tray read from storage at the first live load, else checked against the commit now shown. */
  #checkTray(context: ChangeContext): void {
    if (!this.#restored) {
      this.#restored = true;
      this.#restore(context);
    } else if (this.#pending.length === 0) this.#base = context.commit;
    else if (context.commit !== this.#base) this.#rebase(context, this.#pending, this.#base);
  }

  /**
   * The tray kept for this design system (a reload): as it was when made on the commit shown, else checked against
   * the commit shown (below).
   */
  #restore(context: ChangeContext): void {
    const stored = loadPending(context.slug);
    this.#pending = [];
    this.#touched = {};
    this.#base = context.commit;
    this.#ui.trayNotice.hidden = true;
    this.#ui.submitTitle.value = stored?.title ?? '';
    this.#ui.submitDescription.value = stored?.description ?? '';
    if (stored === undefined || stored.operations.length === 0) return;
    this.#touched = { ...stored.touched };
    this.#pending = [...stored.operations];
    this.#base = stored.base;
    if (stored.base === context.commit) {
      this.#notice(`${this.#count(stored.operations.length)} kept from before the reload.`);
      return;
    }
    this.#rebase(context, stored.operations, stored.base);
  }

  /**
   * The design system moved under the pending edits (another commit, or a rewritten history): they are kept, now on
   * the commit shown, when every token and scale step they touch reads as it did when they were made; else they are
   * all dropped, with a notice naming what moved and what was dropped (nothing is applied over a change made since).
   */
  #rebase(context: ChangeContext, operations: readonly PageOperation[], base: string | null): void {
    const moved = movedCells(context, this.#touched);
    const from = base === null ? 'an earlier version' : base.slice(0, 7);
    const to = context.commit === null ? 'the version shown' : context.commit.slice(0, 7);
    if (moved.length === 0) {
      this.#base = context.commit;
      this.#notice(`The design system moved from ${from} to ${to}; nothing your ${this.#count(operations.length)} touch changed: kept.`);
    } else {
      this.#pending = [];
      this.#touched = {};
      this.#base = context.commit;
      this.#idempotencyKey = undefined;
      this.#notice(
        `Your ${this.#count(operations.length)} were discarded: the design system moved from ${from} to ${to} and changed ${moved.join(', ')} since. ` +
          `They were: ${operations.map((operation) => describeOperation(operation)).join('; ')}.`,
      );
    }
    this.#save();
  }

  #count(n: number): string {
    return `${n} pending edit${n === 1 ? '' : 's'}`;
  }

  #notice(text: string): void {
    this.#ui.trayNotice.hidden = false;
    this.#ui.trayNotice.textContent = text;
  }

  #save(): void {
    const context = this.#context;
    if (context === undefined || !this.canEdit) return;
    savePending(context.slug, {
      base: this.#base,
      operations: this.#pending,
      title: this.#ui.submitTitle.value,
      description: this.#ui.submitDescription.value,
      touched: this.#touched,
    });
  }

  /** The add form's choices: every group of the design system, and every type it has. */
  #renderAddForm(context: ChangeContext): void {
    const groups = [...new Set(context.views.map((view) => groupOf(view.key)).filter((group) => group !== ''))].sort();
    this.#ui.addGroups.replaceChildren(...groups.map((group) => el('option', { attrs: { value: group } })));
    const types = [...new Set(context.views.map((view) => view.type))].sort();
    const chosen = this.#ui.addType.value;
    this.#ui.addType.replaceChildren(...types.map((type) => el('option', { text: type, attrs: { value: type } })));
    if (types.includes(chosen)) this.#ui.addType.value = chosen;
  }

  /**
   * Opens the editor on a token to add: the key the form gives, its type, and the fields of the first token of that
   * type in the group (else in the design system) to start from.
   */
  #openAdd(): void {
    const context = this.#context;
    if (context === undefined || !this.canEdit) return;
    const group = this.#ui.addGroup.value.trim();
    const key = `${group}.${this.#ui.addName.value.trim()}`;
    const type = this.#ui.addType.value;
    const sameType = context.views.filter((view) => view.type === type);
    const template = context.tokens.get((sameType.find((view) => groupOf(view.key) === group) ?? sameType[0])?.key ?? '');
    if (template === undefined) return;
    const token = { key, type, value: writtenInMode(template, 'light') };
    this.#openEditor(context, { token, description: '', adding: true }, 'light');
  }

  /** Opens the scale editor on a scale (the Edit action of its row). */
  editScale(key: string, mode: string): void {
    const context = this.#context;
    const scale = context?.scales.find((item) => item.key === key);
    if (context === undefined || scale === undefined || !this.canEdit) return;
    this.#ui.scalePreview.replaceChildren();
    this.#ui.scaleStatus.textContent = 'Change the color to preview the design system with it.';
    this.#scaleEditor.open(scale, mode, {
      modes: context.modes,
      onDraft: (operations) => {
        this.#draft = operations;
        if (this.#scaleEditor.isOpen) this.#schedulePreview();
      },
      onAdd: (operations) => this.#addPending(operations),
    });
  }

  /** Forgets the key: nothing of it stays on the page. */
  reset(): void {
    this.#context = undefined;
    this.#role = undefined;
    this.#pending = [];
    this.#touched = {};
    clearPending();
    this.#changes = [];
    this.#expanded.clear();
    this.#ui.tray.hidden = true;
    this.#ui.addForm.remove();
    this.#ui.list.hidden = true;
    this.#ui.listItems.replaceChildren();
  }

  /** Opens the editor on a token (the Edit action of its row). */
  edit(key: string, mode: string): void {
    const context = this.#context;
    const token = context?.tokens.get(key);
    if (context === undefined || token === undefined || !this.canEdit) return;
    const description = context.views.find((view) => view.key === key)?.description ?? '';
    this.#openEditor(context, { token, description, adding: false }, mode);
  }

  #openEditor(context: ChangeContext, target: Parameters<TokenEditor['open']>[0], mode: string): void {
    this.#ui.editorPreview.replaceChildren();
    this.#ui.editorStatus.textContent = 'Change a field to preview the design system with it.';
    this.#editor.open(target, mode, {
      modes: context.modes,
      scales: context.scales,
      views: context.views,
      onDraft: (operations) => {
        this.#draft = operations;
        if (this.#editor.token !== undefined) this.#schedulePreview();
      },
      onAdd: (operations) => this.#addPending(operations),
    });
    // A token being added previews at once: its add-token is an edit before any field changes.
    if (target.adding) this.#schedulePreviewOf(this.#editor.operations());
  }

  #schedulePreviewOf(operations: readonly PageOperation[]): void {
    this.#draft = operations;
    this.#schedulePreview();
  }

  #addPending(operations: readonly PageOperation[]): void {
    const context = this.#context;
    this.#draft = [];
    if (operations.length === 0 || context === undefined) {
      this.#say('Nothing changed: no edit added.');
      return;
    }
    this.#touched = recordTouched(context, operations, this.#touched);
    if (operations.some((operation) => operation.op === 'add-token')) this.#ui.addName.value = '';
    this.#pending.push(...operations);
    this.#idempotencyKey = undefined;
    this.#ui.trayNotice.hidden = true;
    this.#renderTray();
    this.#save();
    this.#say(
      `${this.#count(operations.length).replace('pending edit', 'edit')} added to the pending edits: title them and submit, or edit more tokens.`,
    );
    this.#ui.submitTitle.focus();
  }

  /** Takes back the last pending edit. */
  undo(): void {
    if (this.#pending.length === 0) return;
    this.#remove(this.#pending.length - 1);
  }

  #remove(index: number): void {
    const [removed] = this.#pending.splice(index, 1);
    this.#idempotencyKey = undefined;
    this.#renderTray();
    this.#save();
    if (removed !== undefined) this.#say(`Undone: ${describeOperation(removed)}.`);
    this.#ui.trayUndo.focus();
  }

  #renderTray(): void {
    const items = this.#pending.map((operation, index) =>
      el('li', { attrs: { 'data-pending': operation.op } }, [
        el('span', { text: describeOperation(operation) }),
        el('button', {
          className: 'button small',
          text: 'Undo',
          attrs: { type: 'button', 'data-undo': String(index), 'aria-label': `Undo ${describeOperation(operation)}` },
        }),
      ]),
    );
    this.#ui.trayList.replaceChildren(...items);
    this.#ui.trayEmpty.hidden = items.length > 0;
    this.#ui.trayUndo.disabled = items.length === 0;
    this.#ui.submitForm.hidden = items.length === 0;
    if (items.length === 0) this.#ui.trayPreview.replaceChildren();
    else this.#schedulePreview();
  }

  #schedulePreview(): void {
    clearTimeout(this.#previewTimer);
    this.#previewTimer = setTimeout(() => void this.#preview(), PREVIEW_DELAY_MS);
  }

  /** Sends the pending edits and the editor's draft to `POST /api/v1/changes/preview`; shows the answer where they are. */
  async #preview(): Promise<void> {
    const context = this.#context;
    if (context === undefined || !this.canEdit) return;
    const inScale = this.#scaleEditor.isOpen;
    const inEditor = this.#editor.token !== undefined || inScale;
    const operations = mergedOperations([...this.#pending, ...(inEditor ? this.#draft : [])]);
    const target = inScale ? this.#ui.scalePreview : inEditor ? this.#ui.editorPreview : this.#ui.trayPreview;
    const status = inScale ? this.#ui.scaleStatus : this.#ui.editorStatus;
    const seq = ++this.#previewSeq;
    if (operations.length === 0) {
      target.replaceChildren();
      if (inEditor) status.textContent = 'No change yet.';
      return;
    }
    target.dataset['preview'] = 'pending';
    if (inEditor) status.textContent = 'Previewing…';
    try {
      const answer = await context.api.send<{ data: PreviewAnswer }>(
        'POST',
        'changes/preview',
        { designSystem: context.slug },
        {
          operations,
          values: true,
          ...(this.#base === null ? {} : { base: this.#base }),
        },
      );
      if (seq !== this.#previewSeq) return;
      renderPreviewAnswer(target, answer.data);
      const pairs = answer.data.values?.contrast.length ?? 0;
      if (inEditor) {
        status.textContent = `${answer.data.valid ? 'Valid' : 'Not valid'}: ${pairs} contrast pair${pairs === 1 ? '' : 's'} recomputed.`;
      }
    } catch (error) {
      if (seq !== this.#previewSeq) return;
      const details = error instanceof ApiFailure ? error.details : [];
      target.replaceChildren(
        el('p', { className: 'error', text: messageOf(error) }),
        renderDiagnostics(
          details.map((detail) => ({ ...detail, message: typeof detail['message'] === 'string' ? detail['message'] : '' })),
        ),
      );
      if (inEditor) status.textContent = `Not valid: ${messageOf(error)}`;
    } finally {
      if (seq === this.#previewSeq) target.dataset['preview'] = 'done';
    }
  }

  async #submit(): Promise<void> {
    const context = this.#context;
    const title = this.#ui.submitTitle.value.trim();
    if (context === undefined || this.#pending.length === 0) return;
    if (title === '') {
      this.#ui.submitError.textContent = 'Give the change request a title.';
      this.#ui.submitTitle.focus();
      return;
    }
    // The same submission retried (a network failure) opens one change request, not two.
    this.#idempotencyKey ??= randomKey();
    this.#ui.submitError.textContent = '';
    try {
      const answer = await context.api.send<{ data: { change: ChangeRequestView } }>(
        'POST',
        'changes',
        { designSystem: context.slug },
        {
          title,
          description: this.#ui.submitDescription.value,
          operations: mergedOperations(this.#pending),
          ...(this.#base === null ? {} : { base: this.#base }),
        },
        { 'idempotency-key': this.#idempotencyKey },
      );
      this.#pending = [];
      this.#touched = {};
      this.#idempotencyKey = undefined;
      this.#ui.submitTitle.value = '';
      this.#ui.submitDescription.value = '';
      this.#renderTray();
      this.#save();
      this.#expanded.add(answer.data.change.id);
      this.#say(`Submitted for review: ${answer.data.change.title} (${answer.data.change.id}).`);
      await this.refreshList();
      this.#ui.listItems.querySelector<HTMLElement>(`[data-change="${answer.data.change.id}"]`)?.focus();
    } catch (error) {
      this.#ui.submitError.textContent = `Not submitted: ${messageOf(error)}`;
    }
  }

  /** A `change` event of the stream: the list (and the change request, if shown) is read again. */
  onChangeEvent(event: ChangeRequestEvent): void {
    if (this.#context === undefined || event.designSystem !== this.#context.slug) return;
    // The one on screen got new commits (another client's PATCH, or a merge): its diff, commits and validation are
    // read again with the list, drawn over the old ones when they arrive.
    const shown = this.#expanded.has(event.id) && this.#detailOf(event.id)?.dataset['head'] !== event.head;
    void this.refreshList().then(() => {
      if (shown && this.#detailOf(event.id)?.dataset['head'] === event.head)
        this.#say(`${event.title}: ${ACTION_TEXT[event.action]}; shown as it is now.`);
    });
  }

  /** Reads the list of change requests again and redraws it, keeping what is expanded. */
  async refreshList(): Promise<void> {
    const context = this.#context;
    if (context === undefined || !this.#available) return;
    // Events come in bursts (approve, merge): only the answer to the latest reading is drawn.
    const seq = ++this.#listSeq;
    try {
      const answer = await context.api.json<{ data: { changes: ChangeRequestView[] } }>('changes', { designSystem: context.slug });
      // A reload of the page's data (a snapshot event) keeps the design system: only a switch drops the answer.
      if (!this.#shows(context) || seq !== this.#listSeq) return;
      this.#changes = answer.body.data.changes;
    } catch (error) {
      if (error instanceof ApiFailure && [403, 404, 405, 503].includes(error.status)) {
        // This server keeps no change requests (a plain folder, a followed remote), or a browser credential asks
        // (change requests are for API keys): the list stays hidden.
        this.#available = false;
        this.#ui.list.hidden = true;
        return;
      }
      this.#ui.listNote.textContent = `The change requests could not be read: ${messageOf(error)}`;
      return;
    }
    this.#renderList();
    await Promise.all([...this.#expanded].map((id) => this.#loadDetail(id)));
    this.#ui.list.dataset['refreshed'] = String(Number(this.#ui.list.dataset['refreshed'] ?? '0') + 1);
  }

  #renderList(): void {
    const role = this.#role?.role ?? 'read';
    this.#ui.list.hidden = false;
    const open = this.#changes.filter((change) => change.state === 'open' || change.state === 'approved').length;
    this.#ui.listNote.textContent =
      `${this.#changes.length} change request${this.#changes.length === 1 ? '' : 's'}, ${open} awaiting review.` +
      (role === 'read'
        ? ' This key reads only.'
        : role === 'editor'
          ? ' An editor key: open and close; a reviewer approves and merges.'
          : '');
    const focused = (document.activeElement as HTMLElement | null)?.dataset['change'];
    const items = this.#changes.map((change) => {
      const item = renderChangeItem(change, this.#expanded.has(change.id));
      // A change request shown keeps what it shows until its new reading replaces it (no blank flash on each event).
      const shown = this.#expanded.has(change.id) ? this.#detailOf(change.id) : null;
      if (shown !== null) item.querySelector('.change-detail')?.replaceWith(shown);
      return item;
    });
    this.#ui.listItems.replaceChildren(...items);
    if (focused !== undefined) this.#ui.listItems.querySelector<HTMLElement>(`[data-change="${focused}"]`)?.focus();
  }

  async #toggle(id: string): Promise<void> {
    const button = this.#ui.listItems.querySelector<HTMLElement>(`[data-change="${id}"]`);
    if (this.#expanded.has(id)) {
      this.#expanded.delete(id);
      button?.setAttribute('aria-expanded', 'false');
      this.#detailOf(id)?.replaceChildren();
      return;
    }
    this.#expanded.add(id);
    button?.setAttribute('aria-expanded', 'true');
    await this.#loadDetail(id);
  }

  #detailOf(id: string): HTMLElement | null {
    return document.getElementById(`change-${id}`);
  }

  /** One change request shown: its description, diff, edits, commits, validation against the target now, and actions. */
  async #loadDetail(id: string): Promise<void> {
    const context = this.#context;
    const target = this.#detailOf(id);
    if (context === undefined || target === null) return;
    target.dataset['loaded'] = 'pending';
    const seq = (this.#detailSeq.get(id) ?? 0) + 1;
    this.#detailSeq.set(id, seq);
    try {
      const change = (await context.api.json<{ data: { change: ChangeRequestView } }>(`changes/${id}`, { designSystem: context.slug })).body
        .data.change;
      const [diff, validation] = await Promise.all([
        context.api
          .json<{ data: ChangeDiff }>('diff', { designSystem: context.slug }, { from: change.base, to: change.head })
          .then((answer) => answer.body.data),
        this.#validate(change),
      ]);
      const detail = this.#detailOf(id);
      if (detail === null || this.#detailSeq.get(id) !== seq) return;
      detail.replaceChildren(
        ...(change.description === '' ? [] : [el('p', { className: 'change-description', text: change.description })]),
        el('p', {
          className: 'change-meta',
          text: `By ${change.author.name} <${change.author.email}> on ${change.target} at ${change.base.slice(0, 7)}; branch ${change.branch}${change.approvedBy.length > 0 ? `; approved by ${change.approvedBy.join(', ')}` : ''}${change.mergedAs === null ? '' : `; merged as ${change.mergedAs.slice(0, 7)}`}.`,
        }),
        el('h4', { text: 'Diff' }),
        renderChangeDiff(
          diff,
          context.modes.map((mode) => mode.name),
        ),
        el('div', { className: 'row' }, [
          el('button', {
            className: 'button',
            text: 'Show the page at this branch',
            attrs: {
              type: 'button',
              'data-view-branch': change.id,
              'data-title': change.title,
              'data-head': change.head,
              'aria-label': `Show the page at this branch: ${change.title}`,
            },
          }),
        ]),
        ...renderChangeHistory(change),
        ...validation,
        this.#actions(change),
        el('div', { className: 'change-outcome', attrs: { 'data-outcome': id } }),
      );
      detail.dataset['loaded'] = 'done';
      detail.dataset['state'] = change.state;
      detail.dataset['head'] = change.head;
    } catch (error) {
      const detail = this.#detailOf(id);
      if (detail === null || this.#detailSeq.get(id) !== seq) return;
      detail.replaceChildren(el('p', { className: 'error', text: `Could not read ${id}: ${messageOf(error)}` }));
      detail.dataset['loaded'] = 'done';
    }
  }

  /** For a write key and a change request still open: its edits checked against the target as it is now. */
  async #validate(change: ChangeRequestView): Promise<HTMLElement[]> {
    const context = this.#context;
    if (context === undefined || this.#role?.role === 'read' || (change.state !== 'open' && change.state !== 'approved')) return [];
    try {
      const answer = await context.api.send<{ data: PreviewAnswer }>(
        'POST',
        'changes/preview',
        { designSystem: context.slug },
        {
          operations: change.operations,
        },
      );
      return [el('h4', { text: `Validation on ${change.target} now` }), renderDiagnostics(answer.data.diagnostics)];
    } catch (error) {
      return [el('h4', { text: `Validation on ${change.target} now` }), el('p', { className: 'error', text: messageOf(error) })];
    }
  }

  /** The buttons the key's role and the state allow: Approve and Merge for a reviewer, Close for the author or a reviewer. */
  #actions(change: ChangeRequestView): HTMLElement {
    const role = this.#role;
    const buttons: HTMLButtonElement[] = [];
    const active = change.state === 'open' || change.state === 'approved';
    const own = role?.author !== null && role?.author?.email === change.author.email && role.author.name === change.author.name;
    const button = (action: string, text: string, primary = false): HTMLButtonElement =>
      el('button', {
        className: `button${primary ? ' primary' : ''}`,
        text,
        attrs: { type: 'button', 'data-action': action, 'data-id': change.id, 'aria-label': `${text}: ${change.title}` },
      });
    if (role?.role === 'reviewer' && active) {
      if (change.state === 'open' && !own) buttons.push(button('approve', 'Approve'));
      if (change.state === 'approved' || !role.mergeNeedsApproval) buttons.push(button('merge', 'Merge', true));
    }
    if (active && (role?.role === 'reviewer' || (role?.role === 'editor' && own))) buttons.push(button('close', 'Close'));
    return el('div', { className: 'row change-actions' }, buttons);
  }

  async #act(id: string, action: string, button: HTMLButtonElement): Promise<void> {
    const context = this.#context;
    if (context === undefined) return;
    const outcome = document.querySelector<HTMLElement>(`[data-outcome="${id}"]`);
    button.disabled = true;
    try {
      const answer = await context.api.send<{ data: { change: ChangeRequestView } }>('POST', `changes/${id}/${action}`, {
        designSystem: context.slug,
      });
      this.#say(`${answer.data.change.title}: ${answer.data.change.state}.`);
      await this.refreshList();
      this.#ui.listItems.querySelector<HTMLElement>(`[data-change="${id}"]`)?.focus();
    } catch (error) {
      button.disabled = false;
      if (outcome === null) return;
      if (error instanceof ApiFailure && error.code === 'change_conflict') {
        outcome.replaceChildren(renderConflict(error.message, error.details));
      } else {
        outcome.replaceChildren(el('p', { className: 'error', attrs: { role: 'alert' }, text: messageOf(error) }));
      }
    }
  }
}
