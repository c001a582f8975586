import { GitHelper, GitRunError } from './git-helper.js';
import { RevisionsBusyError } from '../state/revisions.js';

/** Environment for every git process: never prompt, never read a system config or a pager. */
export const GIT_ENV: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_PAGER: 'cat', GIT_OPTIONAL_LOCKS: '0' };

/**
 * Every git process is started by a helper process (git-helper.ts), one per thread that runs git (the main thread and
 * the change-request worker): a process started from the server itself costs the thread that starts it, and the
 * server's other threads through the pages fork marks, as long as fork takes at the server's size.
 */
const helper = new GitHelper(GIT_ENV);

/**
 * Runs git with fixed arguments (no shell); resolves stdout, rejects with git's stderr in the message. `input` goes
 * to its stdin, `env` over {@link GIT_ENV}; killed past `timeoutMs`.
 */
export function runGit(
  cwd: string,
  args: readonly string[],
  options: { maxBuffer?: number; input?: string; env?: Readonly<Record<string, string>>; timeoutMs?: number } = {},
): Promise<string> {
  return helper.run(cwd, args, { ...options, maxBuffer: options.maxBuffer ?? 64 * 1024 * 1024 }).catch((error: unknown) => {
    if (!(error instanceof GitRunError)) throw error;
    throw Object.assign(new Error(`git ${args[0] ?? ''} failed: ${error.stderr.trim() || error.message}`, { cause: error }), {
      exitCode: error.code,
    });
  });
}

/** How a git run ended: its exit code (`null` when killed, past its time or by a signal) and what it printed. */
export interface GitOutcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs git and answers how it ended, failed or not (a push's refusals are on stdout); killed past `timeoutMs`. */
export async function runGitOutcome(cwd: string, args: readonly string[], timeoutMs: number): Promise<GitOutcome> {
  try {
    return { code: 0, stdout: await helper.run(cwd, args, { maxBuffer: 16 * 1024 * 1024, timeoutMs }), stderr: '' };
  } catch (error) {
    if (!(error instanceof GitRunError)) return { code: null, stdout: '', stderr: error instanceof Error ? error.message : String(error) };
    const { code, killed } = error;
    const stderr = killed === true ? `${error.stderr}timed out after ${timeoutMs / 1000} s` : error.stderr;
    return { code: typeof code === 'number' && killed !== true ? code : null, stdout: error.stdout, stderr };
  }
}

/**
 * git on repository content: `--literal-pathspecs` makes folder names plain paths, never pathspec magic (`*`,
 * `:(glob)`); `--no-optional-locks` keeps read commands such as `status` from rewriting the index (which would wake
 * the watcher again).
 */
export function runGitOnPaths(cwd: string, args: readonly string[]): Promise<string> {
  return runGit(cwd, ['--literal-pathspecs', '--no-optional-locks', ...args]);
}

/** Thrown instead of queueing when a limiter's queue is full: the caller answers "busy, retry" at once. */
export class GitBusyError extends RevisionsBusyError {
  constructor(what: string) {
    super(`too many ${what} waiting for a git process`);
    this.name = 'GitBusyError';
  }
}

/** Runs tasks with at most `concurrent` at once and at most `queued` waiting; past that, rejects with GitBusyError. */
export interface GitLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

/** A limiter of git processes (see GitLimiter); `what` names the work in the busy error. */
export function createGitLimiter(concurrent: number, queued: number, what: string): GitLimiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    running -= 1;
    waiting.shift()?.();
  };
  const start = async <T>(task: () => Promise<T>): Promise<T> => {
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      if (running < concurrent) return start(task);
      if (waiting.length >= queued) return Promise.reject(new GitBusyError(what));
      return new Promise<T>((resolve, reject) => waiting.push(() => void start(task).then(resolve, reject)));
    },
  };
}

/** How many `git log` processes run at once when reading commit times (one per design system). */
const LOG_CONCURRENCY = 8;

/**
 * The ISO UTC committer time of the newest commit at or before `revision` that touched each folder, by slug (sorted);
 * a folder no commit touched is left out. `folders` maps a slug to its path as git sees it from `cwd`.
 */
export async function readFolderCommitTimes(
  cwd: string,
  revision: string,
  folders: Readonly<Record<string, string>>,
): Promise<Record<string, string>> {
  const times = new Map<string, string>();
  const logs = createGitLimiter(LOG_CONCURRENCY, Number.POSITIVE_INFINITY, 'commit-time reads');
  await Promise.all(
    Object.entries(folders).map(([slug, folder]) =>
      logs.run(async () => {
        try {
          const iso = (await runGitOnPaths(cwd, ['log', '-1', '--format=%cI', revision, '--', folder])).trim();
          const time = Date.parse(iso);
          if (iso !== '' && Number.isFinite(time)) times.set(slug, new Date(time).toISOString());
        } catch {
          // No commit yet: the design system has no commit time, and its lastUpdated falls back to the time it was seen.
        }
      }),
    ),
  );
  return Object.fromEntries([...times].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
