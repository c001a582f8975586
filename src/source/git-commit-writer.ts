import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCommitId } from '../state/revisions.js';
import { GIT_ENV, runGit } from './run-git.js';

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

const ZERO_ID = '0'.repeat(40);
/** What a ref this server reads or moves may be: its own prefixes and ids (`refs/heads/...`), never a request's text. */
const SAFE_REF = /^refs\/heads\/[A-Za-z0-9][A-Za-z0-9._/-]{0,200}$/;
const SAFE_PATH = /^[A-Za-z0-9_][A-Za-z0-9._/ -]*$/;
// eslint-disable-next-line no-control-regex -- a NUL is what git's identity fields cannot hold
const IDENTITY_TEXT = /^[^<>\n\r\u0000]{1,200}$/;

/**
 * Writes one commit's objects with plumbing: blobs from stdin, a tree built in a temporary index (read from the
 * parent), a commit whose message comes on stdin. No ref moves (the caller moves them together afterwards: until a
 * ref names it, the commit is an unreferenced object); the work tree, the real index and HEAD are never touched, and
 * nothing user-supplied is passed as an option: paths and messages go on stdin, names and e-mails in the environment.
 */
export async function writeCommitObject(repoDir: string, commit: CommitObject): Promise<string> {
  checkCommit(commit);
  const indexDir = await mkdtemp(join(tmpdir(), 'token-server-index-'));
  const env = { ...GIT_ENV, GIT_INDEX_FILE: join(indexDir, 'index') };
  try {
    await gitWithInput(repoDir, ['read-tree', commit.parent], '', env);
    const lines: string[] = [];
    for (const [path, text] of commit.files) {
      if (text === null) {
        lines.push(`0 ${ZERO_ID}\t${path}`);
        continue;
      }
      const blob = (await gitWithInput(repoDir, ['hash-object', '-w', '--stdin'], text, env)).trim();
      lines.push(`100644 ${blob}\t${path}`);
    }
    if (lines.length > 0) await gitWithInput(repoDir, ['update-index', '--index-info'], `${lines.join('\n')}\n`, env);
    const tree = (await gitWithInput(repoDir, ['write-tree'], '', env)).trim();
    const identity = {
      GIT_AUTHOR_NAME: commit.author.name,
      GIT_AUTHOR_EMAIL: commit.author.email,
      GIT_COMMITTER_NAME: commit.committer.name,
      GIT_COMMITTER_EMAIL: commit.committer.email,
    };
    const created = (
      await gitWithInput(repoDir, ['commit-tree', tree, '-p', commit.parent, '-F', '-'], commit.message, { ...env, ...identity })
    ).trim();
    if (!isCommitId(created)) throw new Error(`git commit-tree gave no commit id: ${created}`);
    return created;
  } finally {
    await rm(indexDir, { recursive: true, force: true });
  }
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

/** git with fixed arguments and `input` on stdin; resolves stdout, rejects with git's stderr. */
export function gitWithInput(cwd: string, args: readonly string[], input: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...args], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(`git ${args[0] ?? ''} failed: ${Buffer.concat(err).toString('utf8').trim()}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}
