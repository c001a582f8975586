import type { MergeConflict } from '../changes/merge-operations.js';
import type { OperationProblem } from '../changes/apply-operations.js';
import type { ChangeOperation } from '../changes/operations.js';
import type { PreviewValues } from '../changes/preview-values.js';
import type { Diagnostic } from '../compile/types.js';

/** Where a change request is in its life: open (and updated), approved, merged or closed. */
export type ChangeRequestState = 'open' | 'approved' | 'merged' | 'closed';

/** What a write key acts as: its label and the identity its commits are authored with. */
export interface ChangeActor {
  readonly key: string;
  readonly name: string;
  readonly email: string;
}

/** One commit of a change request's branch: what it did, who did it and when. */
export interface ChangeCommit {
  readonly commit: string;
  readonly action: 'open' | 'update' | 'approve' | 'close' | 'merge';
  readonly by: string;
  readonly at: string;
}

/** A change request as Git holds it (its branch and the trailers of its commits); nothing else stores it. */
export interface ChangeRequest {
  readonly id: string;
  readonly designSystem: string;
  readonly title: string;
  readonly description: string;
  readonly state: ChangeRequestState;
  /** The branch, `token-changes/<designSystem>/<id>`. */
  readonly branch: string;
  /** The commit the change was made on. */
  readonly base: string;
  /** The branch's tip: what `?ref=` previews. */
  readonly head: string;
  /** The branch it merges into (`main`). */
  readonly target: string;
  readonly author: ChangeActor;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** Key labels that approved since the last update (an update dismisses earlier approvals). */
  readonly approvedBy: readonly string[];
  /** The commit on the target that merged it, once merged. */
  readonly mergedAs: string | null;
  readonly operations: readonly ChangeOperation[];
  readonly commits: readonly ChangeCommit[];
  /** The `Idempotency-Key` it was opened with, when one was given. */
  readonly idempotencyKey?: string;
}

/** Why a change request operation was refused; `http/` turns each kind into its status and error code. */
export type ChangeRefusal =
  | { readonly kind: 'not-found'; readonly message: string }
  | { readonly kind: 'unknown-commit'; readonly message: string }
  | { readonly kind: 'invalid-operations'; readonly message: string; readonly problems: readonly OperationProblem[] }
  | { readonly kind: 'invalid-design-system'; readonly message: string; readonly diagnostics: readonly Diagnostic[] }
  | { readonly kind: 'conflict'; readonly message: string; readonly conflicts: readonly MergeConflict[] }
  | { readonly kind: 'state'; readonly message: string }
  | { readonly kind: 'forbidden'; readonly message: string }
  | { readonly kind: 'local-changes'; readonly message: string; readonly files: readonly string[] }
  | { readonly kind: 'busy'; readonly message: string }
  | { readonly kind: 'remote'; readonly message: string };

/** Thrown by a {@link ChangeRequestService} when it refuses: nothing was written. */
export class ChangeRefusedError extends Error {
  constructor(readonly refusal: ChangeRefusal) {
    super(refusal.message);
    this.name = 'ChangeRefusedError';
  }
}

/** What a preview gives: the files the operations change and every problem of the result (empty: it would commit). */
export interface ChangePreview {
  /** The commit the operations were applied on (the request's `base`, or the target's tip then). */
  readonly base: string;
  readonly changedFiles: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
  /** Asked for with `{ values: true }`: what the change moves in the compiled design system; null when it does not compile. */
  readonly values?: PreviewValues | null;
}

/** What `validate` says of the design system at a change request's head: every problem, and whether none is an error. */
export interface ChangeValidation {
  /** False when a diagnostic is an error: what a write of that content is refused by. */
  readonly valid: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

/** What a preview is asked to include beyond its files and diagnostics. */
export interface ChangePreviewOptions {
  /** The values and contrast checks the change moves, compared with the base (the page's live preview). */
  readonly values?: boolean;
}

/** What to open a change request with. */
export interface NewChangeRequest {
  readonly designSystem: string;
  readonly title: string;
  readonly description: string;
  readonly operations: readonly ChangeOperation[];
  /** The commit to make the change on; the target's tip when absent. */
  readonly base?: string;
  /** Given by the client (`Idempotency-Key`): the same key from the same author answers the change request it opened. */
  readonly idempotencyKey?: string;
}

/** What the event stream announces of a change request: which one, what just happened to it, and its state now. */
export interface ChangeEvent {
  readonly designSystem: string;
  readonly id: string;
  readonly action: ChangeCommit['action'];
  readonly state: ChangeRequestState;
  readonly title: string;
  readonly head: string;
}

/**
 * Change requests kept in Git: `source/` implements it on the repository, `http/` serves it. Every method reads Git
 * afresh (a restarted server, or another replica on the same repository, sees the same change requests) and refuses
 * with {@link ChangeRefusedError}.
 */
export interface ChangeRequestService {
  list(designSystem: string): Promise<readonly ChangeRequest[]>;
  get(designSystem: string, id: string): Promise<ChangeRequest>;
  preview(
    designSystem: string,
    operations: readonly ChangeOperation[],
    base?: string,
    options?: ChangePreviewOptions,
  ): Promise<ChangePreview>;
  /** The design system at `commit` (a change request's head) checked as `validate` checks it; once per commit. */
  validation(designSystem: string, commit: string): Promise<ChangeValidation>;
  create(request: NewChangeRequest, by: ChangeActor): Promise<ChangeRequest>;
  update(
    designSystem: string,
    id: string,
    change: { readonly title?: string; readonly operations?: readonly ChangeOperation[] },
    by: ChangeActor,
  ): Promise<ChangeRequest>;
  approve(designSystem: string, id: string, by: ChangeActor): Promise<ChangeRequest>;
  merge(designSystem: string, id: string, by: ChangeActor, options: { readonly requireApproval: boolean }): Promise<ChangeRequest>;
  close(designSystem: string, id: string, by: ChangeActor): Promise<ChangeRequest>;
  /**
   * Calls the listeners for every change request another writer moved since the last call (a fetch brought it):
   * a replica hears of the other replicas' writes. The first call only reads where the branches are.
   */
  refresh(): Promise<void>;
  /** Calls `listener` after each write this service made (and each {@link refresh} found); returns the unsubscribe. */
  subscribe(listener: (event: ChangeEvent) => void): () => void;
}
