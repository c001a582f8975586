import { sameCommitTimes, sameStrings } from './equality.js';

/** What Git says about the source folder: the watcher reads it, `git/head-moved` carries it, the snapshot keeps it. */
export interface GitState {
  /** The full id of HEAD; null when the repository has no commit yet (or the source is no Git work tree). */
  readonly commit: string | null;
  /** The design systems whose folders differ from HEAD, sorted. */
  readonly dirtySlugs: readonly string[];
  /** Design system slug -> ISO committer time of the newest commit touching its folder. */
  readonly commitTimes: Readonly<Record<string, string>>;
}

/** True when both say the same of Git: the same HEAD, the same dirty design systems and the same commit times. */
export function sameGitState(a: GitState, b: GitState): boolean {
  return a.commit === b.commit && sameStrings(a.dirtySlugs, b.dirtySlugs) && sameCommitTimes(a.commitTimes, b.commitTimes);
}
