import { slugOfSystemPath } from '../compile/source-paths.js';
import { findGitRepo, readDirtySlugs, readHeadCommit } from '../source/git-repo.js';
import { GitRevisions } from '../source/git-revisions.js';
import { countFilesPerSystem, listSourcePaths, readSourcePath, refuseOverLimit } from '../source/read-source-folder.js';
import type { OnSkipped } from '../source/read-source-folder.js';
import { COMPILE_ON_THIS_THREAD, compileBatch } from '../state/compile-batch.js';
import { reduce } from '../state/reduce.js';
import { checkRef } from '../state/revisions.js';
import { createEmptySnapshot } from '../state/snapshot.js';
import type { Snapshot } from '../state/snapshot.js';
import { UsageError } from './usage-error.js';

/** Which revision a build read, as its manifest records it. */
export type BuildRevision =
  /** A Git work tree as it is: HEAD's commit (null before the first), and the built design systems with uncommitted edits. */
  | { readonly kind: 'work-tree'; readonly commit: string | null; readonly dirty: boolean; readonly dirtyDesignSystems: readonly string[] }
  /** A folder outside Git. */
  | { readonly kind: 'folder'; readonly commit: null }
  /** A commit, tag or branch (`--ref`), resolved to its commit. */
  | { readonly kind: 'commit'; readonly ref: string; readonly commit: string };

/** The source as a build reads it: its snapshot, and the design systems the source does not load for their number of files. */
export interface LoadedSource {
  readonly snapshot: Snapshot;
  readonly refused: ReadonlyMap<string, string>;
  /** The revision, given the design systems built (their uncommitted edits). */
  revisionOf(slugs: readonly string[]): BuildRevision;
}

/**
 * The source folder as the server loads it at startup: every YAML file the watcher would read (links and non-regular
 * files skipped and told to `onSkipped`, a design system over the file limits refused), compiled by the server's
 * reducer; plus HEAD and the uncommitted edits when the folder is in a Git work tree.
 */
export async function loadWorkTree(sourceDir: string, at: number, onSkipped: OnSkipped): Promise<LoadedSource> {
  // Git answers in child processes: asked first, it works while the files are read and compiled on this thread.
  const git = readWorkTreeGit(sourceDir);
  // Awaited once the snapshot is built (a source that cannot be read is the error to report); not unhandled till then.
  git.catch(() => undefined);
  const paths = await listSourcePaths(sourceDir, onSkipped);
  const refused = refuseOverLimit(countFilesPerSystem(paths));
  const read = await Promise.all(
    paths.filter((path) => !refused.has(slugOfSystemPath(path))).map((path) => readSourcePath(sourceDir, path, at, onSkipped)),
  );
  const events = read.filter((event) => event.type === 'file/changed');
  const empty = createEmptySnapshot(at);
  const snapshot = reduce(empty, await compileBatch(empty, events, COMPILE_ON_THIS_THREAD));
  const { commit, dirtySlugs } = await git;
  if (dirtySlugs === undefined) return { snapshot, refused, revisionOf: () => ({ kind: 'folder', commit: null }) };
  return {
    snapshot,
    refused,
    revisionOf(slugs) {
      const dirtyDesignSystems = dirtySlugs.filter((slug) => slugs.includes(slug));
      return { kind: 'work-tree', commit, dirty: dirtyDesignSystems.length > 0, dirtyDesignSystems };
    },
  };
}

/** HEAD's commit and the design systems with uncommitted edits; `dirtySlugs` undefined when the folder is not in a Git work tree. */
async function readWorkTreeGit(sourceDir: string): Promise<{ readonly commit: string | null; readonly dirtySlugs?: readonly string[] }> {
  const repo = await findGitRepo(sourceDir);
  if (!('gitDir' in repo)) return { commit: null };
  const [commit, dirtySlugs] = await Promise.all([readHeadCommit(repo), readDirtySlugs(repo)]);
  return { commit, dirtySlugs };
}

/**
 * The source folder at a commit, tag or branch, read exactly as `?ref=` reads it: the ref checked by `checkRef`
 * before it gets near Git, resolved by the same lookup, and the snapshot built from Git objects by `GitRevisions`.
 * `shown` is the source folder as the user wrote it.
 */
export async function loadRef(sourceDir: string, shown: string, ref: string): Promise<LoadedSource> {
  const problem = checkRef(ref);
  if (problem !== undefined) throw new UsageError(`--ref \`${ref}\` ${problem}`);
  const repo = await findGitRepo(sourceDir);
  if (!('gitDir' in repo)) throw new UsageError(`--ref needs a source in a Git repository; ${shown} is a plain folder (${repo.reason})`);
  const revisions = new GitRevisions({ repoDir: repo.topLevel, sourcePrefix: repo.prefix });
  try {
    const sha = await revisions.resolve(ref);
    if (sha === undefined) throw new UsageError(`--ref: no commit, tag or branch \`${ref}\` in the repository`);
    const snapshot = await revisions.snapshotAt(sha);
    return { snapshot, refused: new Map(), revisionOf: () => ({ kind: 'commit', ref, commit: sha }) };
  } finally {
    await revisions.close();
  }
}
