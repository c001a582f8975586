import { isSafeRef, RefMovedError } from './git-commit-writer.js';
import { redactUrl } from './git-remote.js';
import { isCommitId } from '../state/revisions.js';
import { runGit, runGitOutcome } from './run-git.js';

/** One ref to move: to `next`, from `old` (`null`: the ref must not exist yet). */
export type RefUpdate = readonly [ref: string, next: string, old: string | null];

/** A push (or fetch) that takes longer is stopped and reported: the call answers well before its own 60 s limit. */
const PUSH_TIMEOUT_MS = 20_000;
/** What a push answers for a ref that moved on the remote since it was read (or a lock another push held). */
const MOVED_REASONS = /stale info|fetch first|non-fast-forward|failed to update ref|failed to lock|cannot lock ref|incorrect old value/;

/** A push that landed: `mirrorBehind` says why the mirror's refs could not follow it (they do on the next fetch). */
export interface PushOutcome {
  readonly mirrorBehind: string | undefined;
}

/** Thrown when the remote refused a push for a reason other than a moved ref (a protected branch, credentials, a hook). */
export class PushRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushRefusedError';
  }
}

/** Moves every ref of `updates` in one transaction of the local repository: all of them, or none when any moved. */
export async function updateLocalRefs(repoDir: string, updates: readonly RefUpdate[]): Promise<void> {
  checkUpdates(updates);
  const lines = updates.map(([ref, next, old]) => `${old === null ? 'create' : 'update'} ${ref} ${next}${old === null ? '' : ` ${old}`}`);
  try {
    await runGit(repoDir, ['update-ref', '--stdin'], { input: `start\n${lines.join('\n')}\nprepare\ncommit\n` });
  } catch (error) {
    throw new RefMovedError(updates[0]?.[0] ?? '', { cause: error });
  }
}

/**
 * Moves `updates` on the remote first, in one atomic push with a lease per ref (each ref must still hold `old`, or
 * not exist), then the same refs of the local mirror. The remote's atomic ref update is the lock between replicas: a
 * ref that moved there rejects the whole push ({@link RefMovedError}: fetch, apply again, retry); any other refusal
 * is a {@link PushRefusedError} with git's reason. Nothing is ever forced past a lease, and the mirror's
 * `remote.<name>.mirror` setting is switched off for the push, so only the named refs go. A push that landed answers
 * why the mirror could not follow, when it could not ({@link PushOutcome}).
 */
export async function pushRefs(repoDir: string, remote: string, updates: readonly RefUpdate[]): Promise<PushOutcome> {
  checkUpdates(updates);
  const leases = updates.map(([ref, , old]) => `--force-with-lease=${ref}:${old ?? ''}`);
  const refspecs = updates.map(([ref, next]) => `${next}:${ref}`);
  const args = [
    '-c',
    `remote.${remote}.mirror=false`,
    '-c',
    'core.hooksPath=/dev/null',
    'push',
    '--atomic',
    '--porcelain',
    '--no-verify',
    ...leases,
    remote,
    ...refspecs,
  ];
  const pushed = await runGitOutcome(repoDir, args, PUSH_TIMEOUT_MS);
  if (pushed.code !== 0) {
    const text = redactUrl(`${pushed.stdout}\n${pushed.stderr}`);
    if (MOVED_REASONS.test(text)) throw new RefMovedError(updates[0]?.[0] ?? '', { cause: new Error(text) });
    // Porcelain lines of refused refs: `!<TAB><from>:<to><TAB>[rejected] (reason)`; the atomic push's echo is noise.
    const reasons = [...pushed.stdout.matchAll(/^!\t[^\t]*\t(.*)$/gm)]
      .map((match) => redactUrl((match[1] as string).trim()))
      .filter((reason) => !reason.includes('atomic push failed'));
    const stderr = redactUrl(pushed.stderr.trim()).split('\n').slice(-3).join(' ');
    throw new PushRefusedError(reasons.length > 0 ? `${reasons.join('; ')} (${stderr})` : stderr || `git push ended with ${pushed.code}`);
  }
  // The mirror follows what the remote now holds (a fetch under way would only write the same values). When it
  // cannot (a lock a killed git left, or one a fetch holds), the write has still landed: the remote is the truth, the
  // next fetch brings the mirror up to it, and a write made meanwhile from the mirror's older tip fails its lease at
  // the remote and is applied again on what the remote holds.
  try {
    await runGit(repoDir, ['update-ref', '--stdin'], { input: `${updates.map(([ref, next]) => `update ${ref} ${next}`).join('\n')}\n` });
    return { mirrorBehind: undefined };
  } catch (error) {
    return { mirrorBehind: redactUrl(error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '' };
  }
}

/** Brings every ref of the mirror up to the remote's (deleted ones pruned): what a rejected push does before it tries again. */
export async function fetchMirror(repoDir: string, remote: string): Promise<void> {
  const fetched = await runGitOutcome(repoDir, ['fetch', '--prune', '--force', '--quiet', remote], PUSH_TIMEOUT_MS);
  if (fetched.code !== 0) throw new PushRefusedError(`cannot fetch the remote: ${redactUrl(fetched.stderr.trim())}`);
}

function checkUpdates(updates: readonly RefUpdate[]): void {
  for (const [ref, next, old] of updates) {
    if (!isSafeRef(ref)) throw new Error(`not a ref this server writes: ${ref}`);
    if (!isCommitId(next) || (old !== null && !isCommitId(old))) throw new Error(`not a commit id in ${ref}`);
  }
}
