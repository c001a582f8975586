import { LRUCache } from 'lru-cache';
import { checkRef, isCommitId } from '../state/revisions.js';
import { createGitLimiter, runGit } from './run-git.js';

/**
 * Bounds on resolving refs, whatever clients send: git processes running at once (process-wide), lookups waiting for
 * one (past that, GitBusyError at once), and how long a ref found to name nothing is answered "unknown" without git.
 */
export const REF_LOOKUP_LIMITS = { concurrent: 4, queued: 64, unknownForMs: 5_000, unknownRemembered: 10_000 } as const;

const lookups = createGitLimiter(REF_LOOKUP_LIMITS.concurrent, REF_LOOKUP_LIMITS.queued, 'ref lookups');
/** Refs that named nothing, by generation, repository and ref. */
const unknownRefs = new LRUCache<string, true>({ max: REF_LOOKUP_LIMITS.unknownRemembered, ttl: REF_LOOKUP_LIMITS.unknownForMs });
/** Bumped by every fetch: a ref unknown before it may exist after it. */
let generation = 0;

/** Forgets every ref remembered as unknown; call after anything that can add refs or commits (a fetch). */
export function forgetUnknownRefs(): void {
  generation += 1;
}

/**
 * The full commit sha a well-formed ref names in `repoDir`, or undefined when it names nothing.
 * The ref goes after `--end-of-options`, so even a ref that slipped past `checkRef` cannot become an option.
 * At most `REF_LOOKUP_LIMITS.concurrent` git processes run at once; rejects with GitBusyError when too many wait.
 */
export async function resolveRef(repoDir: string, ref: string): Promise<string | undefined> {
  if (checkRef(ref) !== undefined) return undefined;
  const asked = generation;
  const unknownKey = `${asked}\0${repoDir}\0${ref}`;
  if (unknownRefs.has(unknownKey)) return undefined;
  const sha = await lookups.run(async () => {
    try {
      const out = await runGit(repoDir, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
      const resolved = out.trim();
      return isCommitId(resolved) ? resolved : undefined;
    } catch {
      return undefined;
    }
  });
  // An answer from before a fetch finished is not remembered: the fetch may have brought the ref.
  if (sha === undefined && asked === generation) unknownRefs.set(unknownKey, true);
  return sha;
}
