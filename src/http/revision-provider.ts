import type { RevisionEntry } from '../source/git-revisions.js';
import type { Snapshot } from '../state/snapshot.js';

/** What the HTTP layer needs of Git to serve `?ref=` and `/revisions`; absent when the source is not in Git. */
export interface RevisionProvider {
  /** The full commit sha a well-formed ref names, or undefined (after one fetch of the remote, when following one). */
  resolve(ref: string): Promise<string | undefined>;
  /** The snapshot of the source at a full commit sha (built once, then cached). */
  snapshotAt(sha: string): Promise<Snapshot>;
  /** Commits at or before `sha` that changed `slug`, newest first. */
  commitsOf(slug: string, sha: string, page: { limit: number; skip: number }): Promise<{ entries: RevisionEntry[]; more: boolean }>;
}
