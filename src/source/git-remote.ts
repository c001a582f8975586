import { createHash } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleGit } from 'simple-git';
import { gitErrorText } from './git-error-text.js';
import { checkRef } from '../state/revisions.js';
import { forgetUnknownRefs } from './git-refs.js';
import { runGit } from './run-git.js';

export interface RemoteMirrorOptions {
  /** Clone URL (https, ssh, file://, or a local path); set by the operator, never by a request. */
  readonly url: string;
  /** Branch to serve; default: the remote's default branch. */
  readonly branch?: string | undefined;
  /** Folder that holds the mirror; one sub-folder per remote URL. */
  readonly dataDir: string;
  /** Kill a clone or fetch that takes longer (ms). */
  readonly timeoutMs?: number;
}

/** Refuses remote URLs that git would take as an option or that run commands (`ext::`). */
export function checkRemoteUrl(url: string): string | undefined {
  if (url.trim() !== url || url === '') return 'must not be empty or have surrounding spaces';
  if (url.startsWith('-')) return 'must not start with `-`';
  if (/^ext::/i.test(url) || /^fd::/i.test(url)) return 'must not use the `ext::` or `fd::` transports';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(url)) return 'must not contain control characters';
  return undefined;
}

/**
 * A bare mirror of the remote (`git clone --mirror`, then `git fetch --prune`): force pushes are followed, tags come
 * along for pinning, and no work tree is ever written. Runs clone and fetch through simple-git with its unsafe
 * options left off.
 */
export class GitRemoteMirror {
  readonly url: string;
  readonly dir: string;
  /** True when the mirror was already in `dataDir` (a restart): it may be behind the remote until fetched. */
  readonly reused: boolean;
  readonly #branch: string | undefined;
  readonly #timeoutMs: number;

  private constructor(options: RemoteMirrorOptions, dir: string, reused: boolean) {
    this.url = options.url;
    this.dir = dir;
    this.reused = reused;
    this.#branch = options.branch;
    this.#timeoutMs = options.timeoutMs ?? 120_000;
  }

  /** Opens the mirror in `dataDir`, cloning it first when it is not there yet. */
  static async open(options: RemoteMirrorOptions): Promise<GitRemoteMirror> {
    const urlProblem = checkRemoteUrl(options.url);
    if (urlProblem !== undefined) throw new Error(`--remote ${urlProblem}`);
    if (options.branch !== undefined && checkRef(options.branch) !== undefined)
      throw new Error(`--branch \`${options.branch}\` is not a valid branch name`);
    const dir = join(options.dataDir, `${createHash('sha256').update(options.url).digest('hex').slice(0, 16)}.git`);
    const reused = await exists(join(dir, 'HEAD'));
    const mirror = new GitRemoteMirror(options, dir, reused);
    if (!reused) {
      await mkdir(options.dataDir, { recursive: true });
      await rm(dir, { recursive: true, force: true });
      try {
        await simpleGit({ baseDir: options.dataDir, timeout: { block: mirror.#timeoutMs } }).mirror(options.url, dir);
      } catch (error) {
        await rm(dir, { recursive: true, force: true });
        // No `cause`: the message already holds git's whole error, redacted; the raw one may hold the password.
        // eslint-disable-next-line preserve-caught-error
        throw new Error(`cannot clone ${redactUrl(options.url)}: ${redactUrl(gitErrorText(error))}`);
      }
    }
    return mirror;
  }

  /** Fetches every ref, pruning deleted ones and accepting rewritten history. */
  async fetch(): Promise<void> {
    try {
      // Through the git helper process, as every git of the running server (a fetch follows each announced commit).
      await runGit(this.dir, ['fetch', '--prune', '--prune-tags', '--force', 'origin'], { timeoutMs: this.#timeoutMs });
    } catch (error) {
      // eslint-disable-next-line preserve-caught-error -- as for the clone: the raw error may hold the password
      throw new Error(`cannot fetch ${redactUrl(this.url)}: ${redactUrl(gitErrorText(error))}`);
    } finally {
      forgetUnknownRefs();
    }
  }

  /** The commit sha at the tip of the served branch. */
  async tip(): Promise<string> {
    const branch = this.#branch ?? (await runGit(this.dir, ['symbolic-ref', '--short', 'HEAD'])).trim();
    const sha = (await runGit(this.dir, ['rev-parse', '--verify', '--end-of-options', `refs/heads/${branch}^{commit}`])).trim();
    return sha;
  }
}

/** A URL (or a message holding URLs) fit for logs: every user:password part is replaced. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/\s]*@/g, '//***@');
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
