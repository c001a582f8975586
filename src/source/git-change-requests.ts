import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { applyOperations } from '../changes/apply-operations.js';
import type { SourceTexts } from '../changes/apply-operations.js';
import { mergeOperations } from '../changes/merge-operations.js';
import { readOperations } from '../changes/operations.js';
import type { ChangeOperation } from '../changes/operations.js';
import type { Diagnostic } from '../compile/types.js';
import type { DesignSystemCompiler } from '../state/compile-batch.js';
import { ChangeRefusedError } from '../state/change-requests.js';
import type {
  ChangeActor,
  ChangeCommit,
  ChangeEvent,
  ChangePreview,
  ChangeRequest,
  ChangeRequestService,
  ChangeRequestState,
  ChangeValidation,
  NewChangeRequest,
} from '../state/change-requests.js';
import { isCommitId } from '../state/revisions.js';
import { parseCommit } from './git-commit-object.js';
import { readRef, RefMovedError, writeCommitObject } from './git-commit-writer.js';
import type { GitIdentity } from './git-commit-writer.js';
import { fetchMirror, PushRefusedError, pushRefs, updateLocalRefs } from './git-ref-updates.js';
import type { RefUpdate } from './git-ref-updates.js';
import type { GitObjects } from './git-tree.js';
import { runGit } from './run-git.js';
import { startOnce } from './start-once.js';

/** The branches change requests live on: `token-changes/<design system>/<id>`. */
export const CHANGE_BRANCH_PREFIX = 'token-changes';
/** At most this many commits are read of one change request's branch. */
const MAX_COMMITS_PER_CHANGE = 500;
/** At most this many change requests per design system are listed (newest first). */
export const MAX_LISTED_CHANGES = 500;
/** How often a write re-reads (after a fetch, with a remote) and retries when the branch or the target moved under it. */
export const MOVED_RETRIES = 3;
const TRAILER = 'Token-Change';
const ID = /^[0-9]{8}-[0-9a-f]{8}$/;

/** Where the repository is, and how its work tree is used (a work tree's checked-out branch is merged into with a fast-forward). */
export interface ChangeRepository {
  readonly repoDir: string;
  /** The source folder inside the repository, `design-systems/` (empty for the root). */
  readonly sourcePrefix: string;
  /** Whether `repoDir` has a work tree the server watches (false for a bare mirror). */
  readonly hasWorkTree: boolean;
  /**
   * The remote a mirror follows (`origin`): every ref moves there first, in one atomic push with a lease per ref, and
   * a push it rejects because a ref moved is fetched, applied again and retried. Absent: refs move in the repository.
   */
  readonly remote?: string;
  /** The branch change requests merge into; default: the branch `HEAD` names. */
  readonly targetBranch?: string;
}

/** One commit of a change request's branch, as read for its state. */
interface ChangeRecord {
  readonly commit: string;
  readonly parent: string | undefined;
  readonly name: string;
  readonly email: string;
  readonly at: string;
  readonly body: string;
  readonly trailers: ReadonlyMap<string, readonly string[]>;
}

/** Operations applied to a design system's files: every file after them, the paths they changed, what the compiler says. */
interface AppliedChange {
  readonly files: SourceTexts;
  readonly changed: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/** The files of a design system at a commit, by the compiler's paths (`<slug>/...`). */
export type ReadFilesAt = (commit: string, slug: string) => Promise<SourceTexts>;

/** Who commits what the server writes (each commit's author is the key's identity). */
export const SERVER_COMMITTER: GitIdentity = { name: 'token-server', email: 'token-server@localhost' };

/** Change requests as branches of a Git repository, written with plumbing (docs/change-requests.md). */
export class GitChangeRequests implements ChangeRequestService {
  readonly #repo: ChangeRepository;
  readonly #readFiles: ReadFilesAt;
  readonly #objects: GitObjects;
  readonly #compiler: DesignSystemCompiler;
  readonly #validator: DesignSystemCompiler;
  readonly #committer: GitIdentity;
  readonly #now: () => Date;
  readonly #warn: (message: string) => void;
  /** One write at a time per design system: the refs are the lock between replicas, this keeps one process orderly. */
  readonly #queues = new Map<string, Promise<unknown>>();
  readonly #listeners = new Set<(event: ChangeEvent) => void>();
  /** Change requests read, by branch tip (a tip never changes what it says); the least recently read go first. */
  readonly #byTip = new LRUCache<string, Promise<ChangeRequest | undefined>>({ max: 2 * MAX_LISTED_CHANGES });
  /** What validating a design system found, by its files' content (an approval's commit has its update's files). */
  readonly #validations = new LRUCache<string, Promise<ChangeValidation>>({ max: 2 * MAX_LISTED_CHANGES });
  /** The same, by design system and commit. */
  readonly #validationsByCommit = new LRUCache<string, Promise<ChangeValidation>>({ max: 2 * MAX_LISTED_CHANGES });
  /** Commits read as change-request records, by id (a commit never changes). */
  readonly #records = new LRUCache<string, Promise<ChangeRecord>>({ max: 10 * MAX_LISTED_CHANGES });
  /** The change-request branches and their tips as last seen ({@link refresh}), once read: what a fetch changed is news. */
  #seen: Map<string, string> | undefined;
  /**
   * Refs this server pushed that the mirror could not record ({@link pushRefs}), with what the mirror held then:
   * reads take the pushed tip until the mirror's ref moves.
   */
  readonly #pushedAhead = new Map<string, { readonly tip: string; readonly mirror: string | null }>();

  constructor(
    repo: ChangeRepository,
    options: {
      readFiles: ReadFilesAt;
      objects: GitObjects;
      compiler: DesignSystemCompiler;
      /** What {@link validation} checks with (default: `compiler`): every check `validate` runs, warnings included. */
      validator?: DesignSystemCompiler;
      committer: GitIdentity;
      now?: () => Date;
      /** Where what landed but left this server behind is reported (the server's log). */
      warn?: (message: string) => void;
    },
  ) {
    this.#repo = repo;
    this.#readFiles = options.readFiles;
    this.#objects = options.objects;
    this.#compiler = options.compiler;
    this.#validator = options.validator ?? options.compiler;
    this.#committer = options.committer;
    this.#now = options.now ?? (() => new Date());
    this.#warn = options.warn ?? (() => undefined);
  }

  subscribe(listener: (event: ChangeEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  #announce(change: ChangeRequest): ChangeRequest {
    this.#seen?.set(branchRef(change.designSystem, change.id), change.head);
    const action = change.commits.at(-1)?.action ?? 'open';
    const event: ChangeEvent = {
      designSystem: change.designSystem,
      id: change.id,
      action,
      state: change.state,
      title: change.title,
      head: change.head,
    };
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is its own (a closed stream): the write happened.
      }
    }
    return change;
  }

  async list(slug: string): Promise<readonly ChangeRequest[]> {
    const out = await runGit(this.#repo.repoDir, [
      'for-each-ref',
      '--sort=-creatordate',
      `--count=${MAX_LISTED_CHANGES}`,
      '--format=%(objectname) %(refname)',
      `refs/heads/${CHANGE_BRANCH_PREFIX}/${slug}/`,
    ]);
    const branches = out
      .split('\n')
      .map((line) => ({
        tip: line.slice(0, line.indexOf(' ')),
        id: line.slice(line.indexOf(' ') + 1 + `refs/heads/${CHANGE_BRANCH_PREFIX}/${slug}/`.length),
      }))
      .filter(({ tip, id }) => isCommitId(tip) && ID.test(id))
      .map(({ tip, id }) => ({ tip: this.#aheadOf(branchRef(slug, id), tip) ?? tip, id }));
    const changes = await Promise.all(branches.map(({ tip, id }) => this.#readAt(slug, id, tip)));
    return changes
      .filter((change): change is ChangeRequest => change !== undefined)
      .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  }

  /**
   * Announces every change request whose branch moved since the last call and was not written here (another replica
   * wrote it, and a fetch brought it); the first call only reads where the branches are. Forgets the change-request
   * tips pushed ahead of the mirror that the mirror has caught up with (or moved past) since.
   */
  async refresh(): Promise<void> {
    const prefix = `refs/heads/${CHANGE_BRANCH_PREFIX}/`;
    const out = await runGit(this.#repo.repoDir, ['for-each-ref', '--format=%(objectname) %(refname)', prefix]);
    const now = new Map<string, string>();
    for (const line of out.split('\n')) {
      const [tip = '', ref = ''] = line.split(' ');
      if (isCommitId(tip)) now.set(ref, tip);
    }
    // The same rule as a read's: a mirror ref that moved since the push knows better (refs outside the listing, the
    // target branch, are left to their next read).
    for (const ref of [...this.#pushedAhead.keys()]) if (ref.startsWith(prefix)) this.#aheadOf(ref, now.get(ref) ?? null);
    const before = this.#seen;
    this.#seen = now;
    if (before === undefined) return;
    for (const [ref, tip] of now) {
      if (before.get(ref) === tip) continue;
      const [slug = '', id = ''] = ref.slice(prefix.length).split('/');
      if (!ID.test(id)) continue;
      const change = await this.#readAt(slug, id, tip).catch(() => undefined);
      if (change !== undefined) this.#announce(change);
    }
  }

  async get(slug: string, id: string): Promise<ChangeRequest> {
    const change = ID.test(id) ? await this.#read(slug, id) : undefined;
    if (change === undefined) throw refused({ kind: 'not-found', message: `no change request \`${id}\` in design system \`${slug}\`` });
    return change;
  }

  async preview(slug: string, operations: readonly ChangeOperation[], base?: string): Promise<ChangePreview> {
    const baseCommit = base ?? (await this.#tipOf(await this.#targetBranch()));
    if (base !== undefined) await this.#checkCommit(baseCommit, 'base');
    const applied = await this.#applyAndCompile(slug, baseCommit, operations, { refuseErrors: false });
    return { base: baseCommit, changedFiles: applied.changed.map((path) => this.#repoPath(path)), diagnostics: applied.diagnostics };
  }

  validation(slug: string, commit: string): Promise<ChangeValidation> {
    // A commit never changes: its validation is read once (its files are not even read again).
    const key = `${slug}\n${commit}`;
    let validating = this.#validationsByCommit.get(key);
    if (validating === undefined) {
      validating = this.#validateAt(slug, commit);
      validating.catch(() => this.#validationsByCommit.delete(key));
      this.#validationsByCommit.set(key, validating);
    }
    return validating;
  }

  async #validateAt(slug: string, commit: string): Promise<ChangeValidation> {
    await this.#checkCommit(commit, 'commit');
    const files = await this.#readFiles(commit, slug);
    const hash = createHash('sha256');
    for (const [path, text] of files) hash.update(`${path}\u0000${text}\u0000`);
    const key = `${slug}\n${hash.digest('hex')}`;
    let validating = this.#validations.get(key);
    if (validating === undefined) {
      validating = this.#compile(slug, files, this.#validator).then(validationOf);
      validating.catch(() => this.#validations.delete(key));
      this.#validations.set(key, validating);
    }
    return validating;
  }

  create(request: NewChangeRequest, by: ChangeActor): Promise<ChangeRequest> {
    return this.#writing(request.designSystem, async () => {
      if (request.idempotencyKey !== undefined) {
        const earlier = (await this.list(request.designSystem)).find(
          (change) => change.author.key === by.key && change.idempotencyKey === request.idempotencyKey,
        );
        if (earlier !== undefined) return earlier;
      }
      const target = await this.#targetBranch();
      const base = request.base ?? (await this.#tipOf(target));
      if (request.base !== undefined) await this.#checkCommit(base, 'base');
      const applied = await this.#applyAndCompile(request.designSystem, base, request.operations, { refuseErrors: true });
      const id = `${this.#now().toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(4).toString('hex')}`;
      const trailers = [
        [TRAILER, id],
        [`${TRAILER}-Action`, 'open'],
        [`${TRAILER}-By`, by.key],
        [`${TRAILER}-System`, request.designSystem],
        [`${TRAILER}-Base`, base],
        [`${TRAILER}-Target`, target],
        ...(request.idempotencyKey === undefined ? [] : [[`${TRAILER}-Idempotency`, request.idempotencyKey]]),
        [`${TRAILER}-Operations`, JSON.stringify(request.operations)],
      ];
      const opening = await this.#commitObject(
        base,
        this.#repoFiles(applied.files, applied.changed),
        message(request.title, request.description, trailers),
        by,
      );
      await this.#moveRefs([[branchRef(request.designSystem, id), opening, null]]);
      return this.#announce(await this.#readWritten(request.designSystem, id, opening));
    });
  }

  update(
    slug: string,
    id: string,
    change: { readonly title?: string; readonly operations?: readonly ChangeOperation[] },
    by: ChangeActor,
  ): Promise<ChangeRequest> {
    return this.#writing(slug, async () => {
      const current = await this.#writable(slug, id);
      const operations = change.operations ?? [];
      const tipFiles = await this.#readFiles(current.head, slug);
      const applied = await this.#applyTextsAndCompile(slug, tipFiles, operations, { refuseErrors: true });
      const trailers = [
        [TRAILER, id],
        [`${TRAILER}-Action`, 'update'],
        [`${TRAILER}-By`, by.key],
        ...(change.title === undefined ? [] : [[`${TRAILER}-Title`, oneLine(change.title)]]),
        [`${TRAILER}-Operations`, JSON.stringify(operations)],
      ];
      const next = await this.#append(slug, current, {
        files: this.#repoFiles(applied.files, applied.changed),
        message: message(change.title ?? current.title, '', trailers),
        author: by,
      });
      return this.#announce(await this.#readWritten(slug, id, next));
    });
  }

  approve(slug: string, id: string, by: ChangeActor): Promise<ChangeRequest> {
    return this.#writing(slug, async () => {
      const current = await this.#writable(slug, id);
      if (current.author.key === by.key) {
        throw refused({ kind: 'forbidden', message: 'a change request is approved by someone other than its author' });
      }
      if (current.approvedBy.includes(by.key)) return current;
      const next = await this.#append(slug, current, {
        files: new Map(),
        message: message(`Approve: ${current.title}`, '', actionTrailers(id, 'approve', by)),
        author: by,
      });
      return this.#announce(await this.#readWritten(slug, id, next));
    });
  }

  close(slug: string, id: string, by: ChangeActor): Promise<ChangeRequest> {
    return this.#writing(slug, async () => {
      const current = await this.#writable(slug, id);
      const next = await this.#append(slug, current, {
        files: new Map(),
        message: message(`Close: ${current.title}`, '', actionTrailers(id, 'close', by)),
        author: by,
      });
      return this.#announce(await this.#readWritten(slug, id, next));
    });
  }

  merge(slug: string, id: string, by: ChangeActor, options: { readonly requireApproval: boolean }): Promise<ChangeRequest> {
    return this.#writing(slug, async () => {
      const current = await this.#writable(slug, id);
      if (options.requireApproval && current.state !== 'approved') {
        throw refused({
          kind: 'state',
          message: `change request \`${id}\` needs an approval from a reviewer other than its author before it merges`,
        });
      }
      const next = await this.#mergeOnce(slug, current, by);
      return this.#announce(await this.#readWritten(slug, id, next));
    });
  }

  /** Merges `change` into its target; resolves to the branch's new tip (its commit saying `merge`). */
  async #mergeOnce(slug: string, change: ChangeRequest, by: ChangeActor): Promise<string> {
    const targetRef = `refs/heads/${change.target}`;
    const tip = await this.#refTip(targetRef);
    if (tip === null) throw refused({ kind: 'state', message: `the target branch \`${change.target}\` does not exist` });
    const [baseFiles, tipFiles] = await Promise.all([this.#readFiles(change.base, slug), this.#readFiles(tip, slug)]);
    const merged = mergeOperations(slug, baseFiles, tipFiles, change.operations);
    if ('conflicts' in merged) {
      const first = merged.conflicts[0];
      throw refused({
        kind: 'conflict',
        message: `\`${change.target}\` changed what this change request changes since its base (${merged.conflicts.length} conflict${merged.conflicts.length === 1 ? '' : 's'}${first === undefined ? '' : `, first: ${first.field} of \`${first.target}\`${first.mode === undefined ? '' : ` in ${first.mode}`}`}); nothing was merged`,
        conflicts: merged.conflicts,
      });
    }
    if ('problems' in merged) throw invalidOperations(merged.problems);
    refuseIfErrors(await this.#compile(slug, merged.files));
    if (merged.changed.length === 0) {
      // The target holds every value already (a merge whose last step a crash cut off, or the same edits made on the
      // target): only the branch says so.
      const done = await this.#commitObject(
        change.head,
        new Map(),
        message(`Merged: ${change.title}`, '', [...actionTrailers(change.id, 'merge', by), [`${TRAILER}-Merged-As`, tip]]),
        by,
      );
      await this.#moveRefs([[branchRef(slug, change.id), done, change.head]]);
      return done;
    }
    const files = this.#repoFiles(merged.files, merged.changed);
    const mergeMessage = message(change.title, change.description, [
      [TRAILER, change.id],
      [`${TRAILER}-Action`, 'merge'],
      [`${TRAILER}-By`, by.key],
      [`${TRAILER}-Author-Key`, change.author.key],
      ...change.approvedBy.map((key) => ['Reviewed-By', key]),
    ]);
    // The target's commit is authored by the change request's author: its diff is their edit.
    const mergeCommit = await this.#commitObject(tip, files, mergeMessage, change.author);
    const stateCommit = await this.#commitObject(
      change.head,
      new Map(),
      message(`Merged: ${change.title}`, '', [...actionTrailers(change.id, 'merge', by), [`${TRAILER}-Merged-As`, mergeCommit]]),
      by,
    );
    const checkedOut = this.#repo.hasWorkTree && (await this.#targetBranch()) === change.target;
    if (checkedOut) {
      // The watched work tree follows its branch: a fast-forward moves the branch and rewrites exactly the merged
      // files, and refuses (naming them) when one of them has local changes, so nobody's uncommitted work is touched.
      await fastForward(this.#repo.repoDir, mergeCommit);
      await this.#moveRefs([[branchRef(slug, change.id), stateCommit, change.head]]);
    } else {
      await this.#moveRefs([
        [targetRef, mergeCommit, tip],
        [branchRef(slug, change.id), stateCommit, change.head],
      ]);
    }
    return stateCommit;
  }

  /** A commit object no ref names yet: the refs of a merge move together once all of them are written. */
  #commitObject(parent: string, files: ReadonlyMap<string, string | null>, text: string, author: GitIdentity): Promise<string> {
    return writeCommitObject(this.#objects, { parent, files, message: text, author, committer: this.#committer });
  }

  async #append(
    slug: string,
    current: ChangeRequest,
    commit: { files: ReadonlyMap<string, string | null>; message: string; author: GitIdentity },
  ): Promise<string> {
    const next = await this.#commitObject(current.head, commit.files, commit.message, commit.author);
    await this.#moveRefs([[branchRef(slug, current.id), next, current.head]]);
    return next;
  }

  /** The change request a write just moved to `tip` (read at that commit: no ref is read again). */
  async #readWritten(slug: string, id: string, tip: string): Promise<ChangeRequest> {
    const change = await this.#readAt(slug, id, tip);
    if (change === undefined) throw new Error(`change request ${id} cannot be read back at ${tip}`);
    return change;
  }

  /** Moves refs together, on the remote first when there is one (then in the mirror): all of them, or none. */
  async #moveRefs(updates: readonly RefUpdate[]): Promise<void> {
    if (this.#repo.remote === undefined) await updateLocalRefs(this.#repo.repoDir, updates);
    else {
      const { mirrorBehind } = await pushRefs(this.#repo.repoDir, this.#repo.remote, updates);
      if (mirrorBehind !== undefined) {
        for (const [ref, next, old] of updates) this.#pushedAhead.set(ref, { tip: next, mirror: old });
        this.#warn(
          `${updates.map(([ref, next]) => `${ref} -> ${next.slice(0, 12)}`).join(', ')}: the push landed on the remote, but the mirror did not record it (${mirrorBehind}); the next fetch catches it up`,
        );
      }
    }
    for (const [ref, next] of updates) this.#seen?.set(ref, next);
  }

  /** Where `ref` is: the mirror's value, or the tip this server pushed while the mirror still holds the older one. */
  async #refTip(ref: string): Promise<string | null> {
    const local = await readRef(this.#repo.repoDir, ref);
    return local === null && !this.#pushedAhead.has(ref) ? null : this.#aheadOf(ref, local);
  }

  #aheadOf(ref: string, local: string | null): string | null {
    const ahead = this.#pushedAhead.get(ref);
    if (ahead === undefined) return local;
    if (ahead.mirror === local) return ahead.tip;
    // The mirror moved since (a fetch caught it up, or brought what came after): it knows better now.
    this.#pushedAhead.delete(ref);
    return local;
  }

  async #writable(slug: string, id: string): Promise<ChangeRequest> {
    const current = await this.get(slug, id);
    if (current.state === 'merged' || current.state === 'closed') {
      throw refused({ kind: 'state', message: `change request \`${id}\` is ${current.state}: it cannot change any more` });
    }
    return current;
  }

  async #applyAndCompile(
    slug: string,
    base: string,
    operations: readonly ChangeOperation[],
    options: { refuseErrors: boolean },
  ): Promise<AppliedChange> {
    return this.#applyTextsAndCompile(slug, await this.#readFiles(base, slug), operations, options);
  }

  async #applyTextsAndCompile(
    slug: string,
    sources: SourceTexts,
    operations: readonly ChangeOperation[],
    options: { refuseErrors: boolean },
  ): Promise<AppliedChange> {
    if (sources.size === 0) throw refused({ kind: 'not-found', message: `design system \`${slug}\` has no files at that commit` });
    const applied = applyOperations(slug, sources, operations);
    if ('problems' in applied) throw invalidOperations(applied.problems);
    const diagnostics = await this.#compile(slug, applied.files);
    if (options.refuseErrors) refuseIfErrors(diagnostics);
    return { ...applied, diagnostics };
  }

  async #compile(slug: string, files: SourceTexts, compiler = this.#compiler): Promise<readonly Diagnostic[]> {
    const outcome = await compiler.compile(
      slug,
      [...files].map(([path, text]) => ({ path, text })),
    );
    if ('overrun' in outcome) {
      throw refused({ kind: 'busy', message: `compiling the changed design system took more than its ${outcome.overrun} limit` });
    }
    return outcome.result.diagnostics;
  }

  async #read(slug: string, id: string): Promise<ChangeRequest | undefined> {
    const tip = await this.#refTip(branchRef(slug, id));
    return tip === null ? undefined : this.#readAt(slug, id, tip);
  }

  /** The change request whose branch is at `tip`: a commit says it all, so it is read from Git once per tip. */
  #readAt(slug: string, id: string, tip: string): Promise<ChangeRequest | undefined> {
    return startOnce(this.#byTip, `${slug}/${id}@${tip}`, () => this.#readFromGit(slug, id, tip));
  }

  async #readFromGit(slug: string, id: string, tip: string): Promise<ChangeRequest | undefined> {
    const records = await this.#changeCommits(id, tip);
    records.reverse();
    const opening = records[0];
    if (opening === undefined || opening.trailers.get(`${TRAILER}-Action`)?.[0] !== 'open') return undefined;
    const first = (name: string): string => opening.trailers.get(`${TRAILER}-${name}`)?.[0] ?? '';
    let title = subjectOf(opening.body);
    const description = descriptionOf(opening.body);
    let state: ChangeRequestState = 'open';
    let approvedBy: string[] = [];
    let mergedAs: string | null = null;
    const operations: ChangeOperation[] = [];
    const commits: ChangeCommit[] = [];
    for (const record of records) {
      const action = record.trailers.get(`${TRAILER}-Action`)?.[0];
      const by = record.trailers.get(`${TRAILER}-By`)?.[0] ?? '';
      if (action !== 'open' && action !== 'update' && action !== 'approve' && action !== 'close' && action !== 'merge') continue;
      commits.push({ commit: record.commit, action, by, at: record.at });
      if (action === 'open' || action === 'update') {
        const read = readOperations(parseJson(record.trailers.get(`${TRAILER}-Operations`)?.[0] ?? '[]'));
        if ('operations' in read) operations.push(...read.operations);
        if (action === 'update') {
          title = record.trailers.get(`${TRAILER}-Title`)?.[0] ?? title;
          approvedBy = [];
          state = 'open';
        }
      } else if (action === 'approve') {
        if (!approvedBy.includes(by)) approvedBy.push(by);
        state = 'approved';
      } else if (action === 'close') state = 'closed';
      else {
        state = 'merged';
        mergedAs = record.trailers.get(`${TRAILER}-Merged-As`)?.[0] ?? null;
      }
    }
    const last = records.at(-1) ?? opening;
    return {
      id,
      designSystem: slug,
      title,
      description,
      state,
      branch: `${CHANGE_BRANCH_PREFIX}/${slug}/${id}`,
      base: first('Base'),
      head: tip,
      target: first('Target'),
      author: { key: first('By'), name: opening.name, email: opening.email },
      createdAt: opening.at,
      updatedAt: last.at,
      approvedBy,
      mergedAs,
      operations,
      commits,
      ...(opening.trailers.has(`${TRAILER}-Idempotency`) ? { idempotencyKey: first('Idempotency') } : {}),
    };
  }

  /**
   * The commits of change request `id` from `tip` back along first parents (newest first), up to the first that is
   * not one of its own (its base) or {@link MAX_COMMITS_PER_CHANGE}: what `git log --first-parent` gave, read through
   * the long-lived object reader (a commit never changes, so each is parsed once).
   */
  async #changeCommits(id: string, tip: string): Promise<ChangeRecord[]> {
    const records: ChangeRecord[] = [];
    for (let commit: string | undefined = tip; commit !== undefined && records.length < MAX_COMMITS_PER_CHANGE;) {
      const record: ChangeRecord = await this.#changeRecord(commit);
      if (record.trailers.get(TRAILER)?.[0] !== id) break;
      records.push(record);
      commit = record.parent;
    }
    return records;
  }

  #changeRecord(commit: string): Promise<ChangeRecord> {
    return startOnce(this.#records, commit, () =>
      this.#objects.read(commit).then((content) => {
        if (content === undefined) throw new Error(`commit ${commit} is missing from the repository`);
        const parsed = parseCommit(content);
        return {
          commit,
          parent: parsed.parents[0],
          name: parsed.authorName,
          email: parsed.authorEmail,
          at: parsed.authorTime,
          body: parsed.message,
          trailers: readTrailers(parsed.message),
        };
      }),
    );
  }

  async #targetBranch(): Promise<string> {
    if (this.#repo.targetBranch !== undefined) return this.#repo.targetBranch;
    const head = (await runGit(this.#repo.repoDir, ['symbolic-ref', '--quiet', 'HEAD']).catch(() => '')).trim();
    if (!head.startsWith('refs/heads/'))
      throw refused({ kind: 'state', message: 'the repository has no branch checked out to merge change requests into' });
    return head.slice('refs/heads/'.length);
  }

  async #tipOf(branch: string): Promise<string> {
    const tip = await this.#refTip(`refs/heads/${branch}`);
    if (tip === null) throw refused({ kind: 'state', message: 'the target branch has no commit yet' });
    return tip;
  }

  async #checkCommit(commit: string, what: string): Promise<void> {
    const exists = async (): Promise<boolean> =>
      isCommitId(commit) && (await runGit(this.#repo.repoDir, ['cat-file', '-t', commit]).catch(() => '')).trim() === 'commit';
    let known = await exists();
    if (!known && isCommitId(commit) && this.#repo.remote !== undefined) {
      // A commit pushed to the remote since the last fetch: fetched once before it is refused.
      await this.#fetch();
      known = await exists();
    }
    if (!known)
      throw refused({ kind: 'unknown-commit', message: `\`${what}\` names no commit of the repository: give a full 40-digit commit id` });
  }

  #repoPath(path: string): string {
    return `${this.#repo.sourcePrefix}${path}`;
  }

  #repoFiles(files: SourceTexts, changed: readonly string[]): Map<string, string | null> {
    return new Map(changed.map((path) => [this.#repoPath(path), files.get(path) ?? null]));
  }

  /**
   * Runs a write after the design system's earlier ones; a write whose ref (or the remote's) moved under it reads
   * again (fetching first, with a remote) and runs again, {@link MOVED_RETRIES} times at most.
   */
  #writing<T>(slug: string, write: () => Promise<T>): Promise<T> {
    const task = async (): Promise<T> => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await write();
        } catch (error) {
          if (error instanceof PushRefusedError)
            throw refused({ kind: 'remote', message: `the remote refused the change (nothing was written): ${error.message}` });
          if (!(error instanceof RefMovedError)) throw error;
          if (attempt >= MOVED_RETRIES)
            throw refused({
              kind: 'busy',
              message: `the change request or its target moved ${MOVED_RETRIES} times while this was being written: read it again and retry`,
            });
          await this.#fetch();
        }
      }
    };
    const previous = this.#queues.get(slug) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    this.#queues.set(slug, settled);
    void settled.then(() => {
      if (this.#queues.get(slug) === settled) this.#queues.delete(slug);
    });
    return next;
  }

  /** With a remote, brings the mirror up to it (a no-op for a repository of its own). */
  async #fetch(): Promise<void> {
    if (this.#repo.remote === undefined) return;
    try {
      await fetchMirror(this.#repo.repoDir, this.#repo.remote);
    } catch (error) {
      throw error instanceof PushRefusedError ? refused({ kind: 'remote', message: error.message }) : error;
    }
  }
}

/** JSON a committer wrote into a trailer: undefined when it is not JSON (its operations are then not read). */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function refused(refusal: ConstructorParameters<typeof ChangeRefusedError>[0]): ChangeRefusedError {
  return new ChangeRefusedError(refusal);
}

function invalidOperations(problems: readonly { operation: number; message: string }[]): ChangeRefusedError {
  return refused({
    kind: 'invalid-operations',
    message: problems.map((problem) => `operations[${problem.operation}]: ${problem.message}`).join('; '),
    problems,
  });
}

function validationOf(diagnostics: readonly Diagnostic[]): ChangeValidation {
  return { valid: !diagnostics.some((diagnostic) => diagnostic.severity === 'error'), diagnostics };
}

function refuseIfErrors(diagnostics: readonly Diagnostic[]): void {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const first = errors[0];
  if (first === undefined) return;
  throw refused({
    kind: 'invalid-design-system',
    message: `the change leaves ${errors.length} error${errors.length === 1 ? '' : 's'} in the design system, first: ${first.file}:${first.line}:${first.column} ${first.message} (${first.rule})`,
    diagnostics,
  });
}

function branchRef(slug: string, id: string): string {
  return `refs/heads/${CHANGE_BRANCH_PREFIX}/${slug}/${id}`;
}

function actionTrailers(id: string, action: string, by: ChangeActor): string[][] {
  return [
    [TRAILER, id],
    [`${TRAILER}-Action`, action],
    [`${TRAILER}-By`, by.key],
  ];
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A commit message: the title, the description, then the trailers as the last paragraph (each value on one line). */
function message(title: string, description: string, trailers: readonly (readonly string[])[]): string {
  const body = description.trim() === '' ? '' : `${description.trim()}\n\n`;
  return `${oneLine(title)}\n\n${body}${trailers.map(([name, value]) => `${name ?? ''}: ${oneLine(value ?? '')}`).join('\n')}\n`;
}

/** The trailers of a message's last paragraph, by name. */
function readTrailers(body: string): Map<string, string[]> {
  const paragraphs = body.trim().split(/\n\s*\n/);
  const trailers = new Map<string, string[]>();
  for (const line of (paragraphs.at(-1) ?? '').split('\n')) {
    const match = /^([A-Za-z-]+): (.*)$/.exec(line);
    if (match === null) continue;
    const list = trailers.get(match[1] as string) ?? [];
    list.push(match[2] as string);
    trailers.set(match[1] as string, list);
  }
  return trailers;
}

function subjectOf(body: string): string {
  return body.split('\n', 1)[0] ?? '';
}

function descriptionOf(body: string): string {
  const paragraphs = body.trim().split(/\n\s*\n/);
  return paragraphs.slice(1, -1).join('\n\n');
}

/** Moves the checked-out branch to `commit` and its work tree with it; refuses, naming them, when local changes are in the way. */
async function fastForward(repoDir: string, commit: string): Promise<void> {
  try {
    await runGit(repoDir, ['-c', 'core.hooksPath=/dev/null', 'merge', '--ff-only', '--no-edit', '--quiet', commit]);
  } catch (error) {
    const text = error instanceof Error ? error.message : String(error);
    const files = [...text.matchAll(/^\s+(\S.*)$/gm)]
      .map((match) => (match[1] as string).trim())
      .filter((line) => !line.startsWith('Please') && !line.startsWith('Aborting'));
    if (/local changes|untracked working tree files/.test(text)) {
      throw refused({
        kind: 'local-changes',
        message: `the work tree has uncommitted changes to ${files.map((file) => `\`${file}\``).join(', ')}, which this merge would change: commit or stash them, then merge again (nothing was merged)`,
        files,
      });
    }
    if (/Not possible to fast-forward|not possible to fast-forward/i.test(text)) throw new RefMovedError('HEAD', { cause: error });
    throw error;
  }
}
