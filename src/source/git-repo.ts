import { readdir } from 'node:fs/promises';
import { errorCode } from '../compile/narrow-unknown.js';
import { isSourceYamlPath } from '../compile/source-paths.js';
import { gitErrorText } from './git-error-text.js';
import { readFolderCommitTimes, runGitOnPaths as runGit } from './run-git.js';

/** Where the source folder sits in its Git repository. */
export interface GitRepo {
  /** Absolute path of the repository's Git directory (`.git`, or a worktree's own). */
  readonly gitDir: string;
  /** Absolute path of the work tree's top level (where repository-relative paths start). */
  readonly topLevel: string;
  /** The source folder relative to the repository root, with a trailing `/` (empty at the root). */
  readonly prefix: string;
  /** The source folder: every command runs there. */
  readonly cwd: string;
}

/** Why the source folder is read without Git, in git's own words. */
export interface NoGitRepo {
  /** git's error (or why the folder is no work tree), on one line. */
  readonly reason: string;
  /** True when git failed on a repository (dubious ownership, a broken `.git`, git missing), not just found none. */
  readonly failed: boolean;
}

/** The repository around `sourceDir`, or null when it is not inside a Git work tree (or git is missing). */
export async function openGitRepo(sourceDir: string): Promise<GitRepo | null> {
  const found = await findGitRepo(sourceDir);
  return 'gitDir' in found ? found : null;
}

/** The repository around `sourceDir`, or why Git cannot be used there (see NoGitRepo). */
export async function findGitRepo(sourceDir: string): Promise<GitRepo | NoGitRepo> {
  let output: string;
  try {
    output = await runGit(sourceDir, ['rev-parse', '--is-inside-work-tree', '--absolute-git-dir', '--show-toplevel', '--show-prefix']);
  } catch (error) {
    const reason =
      errorCode(error instanceof Error ? error.cause : undefined) === 'ENOENT'
        ? 'git is not installed'
        : gitErrorText(error).replace(/^git \S+ failed: /, '');
    return { reason, failed: !/^fatal: not a git repository/.test(reason) };
  }
  const [inside, gitDir, topLevel, prefix] = output.split('\n');
  if (inside !== 'true' || gitDir === undefined || gitDir === '' || topLevel === undefined || topLevel === '') {
    return { reason: `not in a work tree (inside a bare repository or a .git folder: ${gitDir ?? ''})`, failed: true };
  }
  return { gitDir, topLevel, prefix: prefix ?? '', cwd: sourceDir };
}

/** The full sha of HEAD, or null when the repository has no commit yet. */
export async function readHeadCommit(repo: GitRepo): Promise<string | null> {
  try {
    const sha = (await runGit(repo.cwd, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'])).trim();
    return /^[0-9a-f]{40,64}$/.test(sha) ? sha : null;
  } catch {
    return null;
  }
}

/**
 * The design systems (folder slugs) whose YAML files differ from HEAD: modified, staged, deleted or untracked. Sorted.
 * The design systems in `skipped` (not loaded for their number of files) are left out of Git's answer: 100,000
 * untracked files listed one by one took 0.3-0.5 s of the main thread to receive and sort out.
 */
export async function readDirtySlugs(repo: GitRepo, skipped: Iterable<string> = []): Promise<string[]> {
  const skip = new Set(skipped);
  // Paths are literal (never pathspec magic, so no `:(exclude)`): the other top folders are named instead.
  const folders =
    skip.size === 0
      ? ['.']
      : (await readdir(repo.cwd, { withFileTypes: true }))
          .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !skip.has(entry.name))
          .map((entry) => `${entry.name}/`);
  if (folders.length === 0) return [];
  const output = await runGit(repo.cwd, ['status', '--porcelain', '-z', '--untracked-files=all', '--', ...folders]);
  const slugs = new Set<string>();
  const fields = output.split('\0');
  for (let index = 0; index < fields.length; index++) {
    const field = fields[index];
    if (field === undefined || field.length < 4) continue;
    const status = field.slice(0, 2);
    // Porcelain paths are relative to the repository root; a rename is followed by its source path.
    const paths = [field.slice(3)];
    if (status.includes('R') || status.includes('C')) paths.push(fields[++index] ?? '');
    for (const path of paths) {
      if (!path.startsWith(repo.prefix)) continue;
      const relative = path.slice(repo.prefix.length);
      if (isSourceYamlPath(relative)) slugs.add(relative.slice(0, relative.indexOf('/')));
    }
  }
  return [...slugs].sort();
}

/** Per slug, the committer time (ISO UTC) of the newest commit touching its folder; slugs without one are left out. */
export function readCommitTimes(repo: GitRepo, slugs: readonly string[]): Promise<Record<string, string>> {
  return readFolderCommitTimes(repo.cwd, 'HEAD', Object.fromEntries(slugs.map((slug) => [slug, slug])));
}
