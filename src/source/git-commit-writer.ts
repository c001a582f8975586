import { isCommitId } from '../state/revisions.js';
import { parseCommit } from './git-commit-object.js';
import { writeTreeWithFiles } from './git-tree.js';
import type { GitObjects } from './git-tree.js';
import { runGit } from './run-git.js';

/** Who a commit is by: the key's identity (author) or the server (committer). */
export interface GitIdentity {
  readonly name: string;
  readonly email: string;
}

/** One commit to write without a checkout: its objects only (a ref names it afterwards, see git-ref-updates.ts). */
export interface CommitObject {
  /** The commit the new one follows. */
  readonly parent: string;
  /** Repository paths (`/`-separated, relative to the repository's root) and their new text; `null` deletes the file. */
  readonly files: ReadonlyMap<string, string | null>;
  /** The whole message: subject, body and trailers. */
  readonly message: string;
  readonly author: GitIdentity;
  readonly committer: GitIdentity;
}

/** Thrown when the ref moved (or appeared) since it was read: the compare-and-swap failed, nothing changed. */
export class RefMovedError extends Error {
  constructor(
    readonly ref: string,
    options?: ErrorOptions,
  ) {
    super(`${ref} moved while the change was being written`, options);
    this.name = 'RefMovedError';
  }
}

/** What a ref this server reads or moves may be: its own prefixes and ids (`refs/heads/...`), never a request's text. */
const SAFE_REF = /^refs\/heads\/[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/;
const SAFE_PATH = /^[A-Za-z0-9_][A-Za-z0-9._/ -]*$/;
// eslint-disable-next-line no-control-regex -- a NUL is what git's identity fields cannot hold
const IDENTITY_TEXT = /^[^<>\n\r\u0000]{1,200}$/;

/**
 * Writes one commit's objects: the changed blobs, the trees on the way to them (the parent's tree with `files` laid
 * over it) and the commit, through `objects` (long-lived git processes, see git-object-writer.ts). No ref moves (the
 * caller moves them together afterwards: until a ref names it, the commit is an unreferenced object); the work tree,
 * the real index and HEAD are never touched, and nothing user-supplied reaches a git option: paths, names, e-mails
 * and messages are bytes of objects. The commit is the one `git commit-tree` made: the identities with git's
 * leading and trailing punctuation and spaces removed, the time now in this machine's time zone, the message as given.
 */
export async function writeCommitObject(objects: GitObjects, commit: CommitObject, now = new Date()): Promise<string> {
  checkCommit(commit);
  const parent = await objects.read(commit.parent);
  if (parent === undefined) throw new Error(`commit ${commit.parent} is missing from the repository`);
  const tree = await writeTreeWithFiles(objects, parseCommit(parent).tree, commit.files, commit.parent.length / 2);
  const when = gitTime(now);
  const text =
    `tree ${tree}\nparent ${commit.parent}\n` +
    `author ${gitIdentity(commit.author)} ${when}\ncommitter ${gitIdentity(commit.committer)} ${when}\n\n${commit.message}`;
  const created = await objects.write('commit', text);
  if (!isCommitId(created)) throw new Error(`git gave no commit id: ${created}`);
  return created;
}

/** `Name <email>` as git writes it: each part without the spaces and punctuation git strips from its ends. */
function gitIdentity(identity: GitIdentity): string {
  const name = withoutCrud(identity.name);
  const email = withoutCrud(identity.email);
  if (name === '') throw new Error('an identity must have a name: git refuses an empty one');
  return `${name} <${email}>`;
}

/** git's `strbuf_addstr_without_crud`: control characters, spaces and `.,:;<>"\'` go from both ends. */
function withoutCrud(text: string): string {
  // eslint-disable-next-line no-control-regex -- git strips control characters too
  return text.replace(/^[\u0000-\u0020.,:;<>"\\']+/, '').replace(/[\u0000-\u0020.,:;<>"\\']+$/, '');
}

/** `<seconds> <+hhmm>`: the time and this machine's offset from UTC, as git's clock writes them. */
function gitTime(now: Date): string {
  const offset = -now.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${Math.floor(now.getTime() / 1000)} ${sign}${hours}${minutes}`;
}

/** Whether `ref` is one this server may read or move (see {@link SAFE_REF}; no `..` either). */
export function isSafeRef(ref: string): boolean {
  return SAFE_REF.test(ref) && !ref.includes('..');
}

/** The commit a ref points at, or null when it does not exist. */
export async function readRef(repoDir: string, ref: string): Promise<string | null> {
  if (!isSafeRef(ref)) throw new Error(`not a ref this server writes: ${ref}`);
  const out = await runGit(repoDir, ['for-each-ref', '--format=%(objectname)', ref]);
  const id = out.trim();
  return isCommitId(id) ? id : null;
}

function checkCommit(commit: CommitObject): void {
  if (!isCommitId(commit.parent)) throw new Error(`not a commit id: ${commit.parent}`);
  for (const path of commit.files.keys()) {
    if (
      !SAFE_PATH.test(path) ||
      path.split('/').some((segment) => segment === '' || segment === '.' || segment === '..' || segment === '.git')
    ) {
      throw new Error(`not a path inside the repository: ${JSON.stringify(path)}`);
    }
  }
  for (const identity of [commit.author, commit.committer]) {
    if (!IDENTITY_TEXT.test(identity.name) || !IDENTITY_TEXT.test(identity.email))
      throw new Error('an identity must be a name and an e-mail without <, > or line breaks');
  }
}
