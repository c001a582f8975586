import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';
import type { SourceEvent } from '../state/events.js';
import { isSourceYamlPath } from '../compile/source-paths.js';
import { readCommitTimes, readDirtySlugs, readHeadCommit } from './git-repo.js';
import type { GitFacts, GitRepo } from './git-repo.js';
import { listSourcePaths, readKeysFile, readSourcePath, SKIPPED_FOLDERS, toSourcePath } from './read-source-folder.js';

/** Where the watcher reports what it cannot fix itself. Plain lines: the server passes its own logger. */
export interface WatchLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface WatchSourceOptions {
  /** Absolute path of the folder holding one sub-folder per design system. */
  readonly sourceDir: string;
  /** Absolute path of the keys file (may be outside the source folder). */
  readonly keysPath: string;
  /** The Git repository around the source folder, or null for a plain folder. */
  readonly git: GitRepo | null;
  /** Receives each settled batch, the first one being the whole initial load; when it returns a promise, the next batch waits for it. */
  readonly onBatch: (events: SourceEvent[]) => unknown;
  readonly log?: WatchLogger;
  /** 'watch' uses file-system notifications; 'poll' rescans every `pollIntervalMs` (also the fallback when watching fails). */
  readonly mode?: WatchMode;
  /** A batch settles after this long without a new event. */
  readonly quietMs?: number;
  /** ...or this long after its first event, whatever keeps coming. */
  readonly maxWaitMs?: number;
  /** How long a batch waits for Git's `index.lock` to go away before it settles anyway. */
  readonly lockHoldMs?: number;
  readonly pollIntervalMs?: number;
  readonly now?: () => number;
}

export type WatchMode = 'watch' | 'poll';

export interface SourceWatcher {
  /** 'poll' once watching failed (for example the inotify watch limit) or when asked for. */
  readonly mode: WatchMode;
  /** Resolves once every batch seen so far has been delivered (tests, benchmarks). */
  idle(): Promise<void>;
  /** Stops watching and polling; a batch being read is dropped. */
  close(): Promise<void>;
}

export const DEFAULT_QUIET_MS = 30;
export const DEFAULT_MAX_WAIT_MS = 500;
export const DEFAULT_LOCK_HOLD_MS = 10_000;
export const DEFAULT_POLL_INTERVAL_MS = 1_000;
const LOCK_POLL_MS = 20;
/** The longest wait between retries of a source that keeps failing to read. */
const MAX_RETRY_MS = 5_000;
/** chokidar ignores a file's further changes for 50 ms after it reports one. */
const RECHECK_MS = 70;
/** Errors that mean "no more watches": fall back to polling instead of missing changes. */
const WATCH_LIMIT_CODES = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);
/** What the Git directory watch follows: enough to see commits, checkouts, resets and pulls, not the object store. */
const GIT_WATCHED = /^(HEAD|ORIG_HEAD|index|index\.lock|packed-refs|refs|refs\/heads(\/.*)?)$/;

const NO_LOG: WatchLogger = { info() {}, warn() {}, error() {} };

/**
 * Watches the source folder, the keys file and the Git directory, and turns file-system noise into settled batches
 * of events: one batch per burst (quiet period, maximum wait), held while Git holds `index.lock`, files re-read when
 * the batch settles (so an unlink followed by an add is a change), and a `git/head-moved` event whenever HEAD, the
 * dirty design systems or their commit times differ from what was last reported. Resolves after the initial load
 * has been delivered to `onBatch`.
 */
export async function watchSource(options: WatchSourceOptions): Promise<SourceWatcher> {
  const watcher = new SourceWatcherImpl(options);
  try {
    await watcher.start();
  } catch (error) {
    await watcher.close();
    throw error;
  }
  return watcher;
}

class SourceWatcherImpl implements SourceWatcher {
  mode: WatchMode;
  readonly #options: WatchSourceOptions;
  readonly #sourceDir: string;
  readonly #keysPath: string;
  readonly #log: WatchLogger;
  readonly #now: () => number;
  readonly #quietMs: number;
  readonly #maxWaitMs: number;
  readonly #lockHoldMs: number;

  #watchers: FSWatcher[] = [];
  #gitWatch: FSWatcher | undefined;
  /** Set once the first watches are ready (a watch added later registers its own error handler). */
  #started = false;
  #pollTimer: NodeJS.Timeout | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  // The batch being gathered.
  #pending = new Set<string>();
  #keysTouched = false;
  #gitTouched = false;
  #rescan = false;
  #firstEventAt: number | undefined;
  #lockSeenAt: number | undefined;
  #lockWarned = false;

  // What has been reported so far (to emit removals and only the git facts that changed).
  #known = new Map<string, string>();
  #knownKeys: string | null | undefined;

  // Files read once more after chokidar's change throttle (see #armRecheck).
  #recheckPaths = new Set<string>();
  #recheckKeys = false;
  #recheckLater = new Set<string>();
  #recheckKeysLater = false;
  #recheckTimer: NodeJS.Timeout | undefined;
  #git: GitFacts | undefined;

  #settling: Promise<void> = Promise.resolve();
  #busy = false;
  /** Consecutive batches that failed to read: each retry waits twice as long (up to MAX_RETRY_MS). */
  #failures = 0;
  /** Paths already logged as skipped or unreadable, with the reason, so each is logged once. */
  #reported = new Map<string, string>();

  constructor(options: WatchSourceOptions) {
    this.#options = options;
    this.#sourceDir = resolve(options.sourceDir);
    this.#keysPath = resolve(options.keysPath);
    this.#log = options.log ?? NO_LOG;
    this.#now = options.now ?? Date.now;
    this.#quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
    this.#maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.#lockHoldMs = options.lockHoldMs ?? DEFAULT_LOCK_HOLD_MS;
    this.mode = options.mode ?? 'watch';
  }

  async start(): Promise<void> {
    if (this.mode === 'watch') {
      try {
        await this.#startWatching();
      } catch (error) {
        await this.#fallBackToPolling(error);
      }
    } else {
      this.#startPolling();
    }
    // The initial load runs after the watches are in place, so nothing saved meanwhile is missed.
    this.#rescan = true;
    this.#keysTouched = true;
    this.#gitTouched = true;
    await this.#settle(true);
  }

  idle(): Promise<void> {
    const check = async (): Promise<void> => {
      while (!this.#closed && (this.#busy || this.#timer !== undefined || this.#recheckTimer !== undefined)) {
        await this.#settling;
        await new Promise((done) => setTimeout(done, 5));
      }
    };
    return check();
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    clearTimeout(this.#recheckTimer);
    clearInterval(this.#pollTimer);
    const watchers = this.#watchers;
    this.#watchers = [];
    await Promise.all(watchers.map((watcher) => watcher.close()));
    await this.#settling.catch(() => undefined);
  }

  async #startWatching(): Promise<void> {
    const sourceDir = this.#sourceDir;
    // Never ignore a directory (nothing below it would be watched), except dot-folders and node_modules.
    const source = watch(sourceDir, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (path, stats) => {
        if (path === sourceDir) return false;
        const name = basename(path);
        if (name.startsWith('.') || SKIPPED_FOLDERS.has(name)) return true;
        return stats?.isFile() === true && !name.endsWith('.yaml');
      },
    });
    const keysDir = dirname(this.#keysPath);
    const keys = watch(keysDir, {
      ignoreInitial: true,
      depth: 0,
      ignored: (path) => path !== keysDir && path !== this.#keysPath,
    });
    this.#watchers.push(source, keys);
    for (const [name, event] of [
      ['add', 'file'],
      ['change', 'file'],
      ['unlink', 'file'],
      ['unlinkDir', 'dir'],
      ['addDir', 'dir'],
    ] as const) {
      source.on(name, (path: string) => this.#onSourceEvent(path, event === 'dir'));
      keys.on(name, (path: string) => {
        if (resolve(path) === this.#keysPath) this.#touch(() => (this.#keysTouched = true));
      });
    }
    const git = this.#options.git;
    if (git !== null) {
      const gitDir = git.gitDir;
      this.#watchGitDir(gitDir);
      // A Git directory that is removed and comes back (restored, re-cloned) is watched again: the watch above died
      // with the folder it watched, and a commit that changes no file would otherwise go unseen.
      const parent = dirname(gitDir);
      const parentWatch = watch(parent, { ignoreInitial: true, depth: 0, ignored: (path) => path !== parent && path !== gitDir });
      this.#watchers.push(parentWatch);
      parentWatch.on('addDir', (path) => {
        if (resolve(path) !== resolve(gitDir) || this.#closed) return;
        const stale = this.#gitWatch;
        if (stale !== undefined) {
          this.#watchers = this.#watchers.filter((watcher) => watcher !== stale);
          void stale.close();
        }
        this.#watchGitDir(gitDir);
        this.#touch(() => (this.#gitTouched = true));
      });
    }
    for (const watcher of this.#watchers) watcher.on('error', (error) => void this.#onWatchError(error));
    await Promise.all(this.#watchers.map((watcher) => new Promise<void>((done) => watcher.once('ready', () => done()))));
    this.#started = true;
  }

  #watchGitDir(gitDir: string): void {
    const gitWatch = watch(gitDir, {
      ignoreInitial: true,
      ignored: (path) => {
        if (path === gitDir) return false;
        return !GIT_WATCHED.test(relative(gitDir, path).split(sep).join('/'));
      },
    });
    this.#gitWatch = gitWatch;
    this.#watchers.push(gitWatch);
    gitWatch.on('all', (_event, path) => {
      if (basename(path) === 'index.lock') this.#lockSeenAt ??= this.#now();
      this.#touch(() => (this.#gitTouched = true));
    });
    if (this.#started) gitWatch.on('error', (error) => void this.#onWatchError(error));
  }

  #onSourceEvent(path: string, isDir: boolean): void {
    const absolute = resolve(path);
    if (absolute === this.#keysPath) {
      this.#touch(() => (this.#keysTouched = true));
      return;
    }
    const sourcePath = toSourcePath(this.#sourceDir, absolute);
    if (isDir) {
      // A folder that appears or goes away (a design system added or removed, a checkout): re-read the whole tree.
      this.#touch(() => (this.#rescan = true));
      return;
    }
    if (!isSourceYamlPath(sourcePath)) return;
    this.#touch(() => this.#pending.add(sourcePath));
  }

  async #onWatchError(error: unknown): Promise<void> {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined && WATCH_LIMIT_CODES.has(code)) {
      await this.#fallBackToPolling(error);
      return;
    }
    this.#log.error(`file watcher error (${code ?? 'unknown'}): ${(error as Error).message}; rescanning the source folder`);
    this.#touch(() => (this.#rescan = true));
  }

  async #fallBackToPolling(error: unknown): Promise<void> {
    if (this.mode === 'poll' || this.#closed) return;
    this.mode = 'poll';
    const code = (error as NodeJS.ErrnoException).code;
    const hint = code === 'ENOSPC' ? ' (the inotify watch limit: raise fs.inotify.max_user_watches)' : '';
    this.#log.error(
      `file watcher failed (${code ?? 'unknown'}: ${(error as Error).message})${hint}; ` +
        `falling back to rescanning the source every ${this.#pollInterval()} ms`,
    );
    const watchers = this.#watchers;
    this.#watchers = [];
    await Promise.all(watchers.map((watcher) => watcher.close().catch(() => undefined)));
    this.#startPolling();
  }

  #pollInterval(): number {
    return this.#options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  }

  #startPolling(): void {
    if (this.#closed) return;
    this.#pollTimer = setInterval(() => {
      if (this.#busy || this.#timer !== undefined) return;
      this.#rescan = true;
      this.#keysTouched = true;
      this.#gitTouched = true;
      this.#schedule(0);
    }, this.#pollInterval());
    this.#pollTimer.unref();
  }

  /** Records an event and (re)starts the quiet period, unless the batch has waited long enough already. */
  #touch(record: () => void): void {
    if (this.#closed) return;
    record();
    const now = this.#now();
    this.#firstEventAt ??= now;
    if (this.#busy) return; // the running settle schedules the next batch when it ends
    const waited = now - this.#firstEventAt;
    this.#schedule(waited >= this.#maxWaitMs ? 0 : Math.min(this.#quietMs, this.#maxWaitMs - waited));
  }

  #schedule(delay: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#settling = this.#settle(false);
    }, delay);
  }

  #hasWork(): boolean {
    return (
      this.#pending.size > 0 || this.#recheckPaths.size > 0 || this.#keysTouched || this.#recheckKeys || this.#gitTouched || this.#rescan
    );
  }

  /** Reads what the batch touched as it is now and delivers it as one batch. */
  async #settle(initial: boolean): Promise<void> {
    if (this.#closed || !this.#hasWork()) return;
    const git = this.#options.git;
    if (!initial && git !== null) {
      // Git is writing (checkout, pull, reset, commit): wait until it is done, then one more quiet period.
      if (existsSync(join(git.gitDir, 'index.lock'))) {
        const now = this.#now();
        this.#lockSeenAt ??= now;
        if (now - this.#lockSeenAt < this.#lockHoldMs) {
          this.#schedule(LOCK_POLL_MS);
          return;
        }
        if (!this.#lockWarned) {
          this.#log.warn(
            `${join(git.gitDir, 'index.lock')} has existed for ${this.#lockHoldMs} ms; applying changes without waiting for Git`,
          );
          this.#lockWarned = true;
        }
      } else if (this.#lockSeenAt !== undefined) {
        // Git just let go of the lock: give the last files it wrote one more quiet period to be reported.
        this.#lockSeenAt = undefined;
        this.#lockWarned = false;
        this.#schedule(this.#quietMs);
        return;
      }
    }

    const eventPaths = this.#pending;
    const paths = new Set([...eventPaths, ...this.#recheckPaths]);
    const eventKeys = this.#keysTouched;
    const keysTouched = eventKeys || this.#recheckKeys;
    const gitTouched = this.#gitTouched;
    let rescan = this.#rescan;
    this.#pending = new Set();
    this.#recheckPaths = new Set();
    this.#keysTouched = false;
    this.#recheckKeys = false;
    this.#gitTouched = false;
    this.#rescan = false;
    this.#firstEventAt = undefined;
    this.#busy = true;
    try {
      const at = this.#now();
      const previousGit = this.#git;
      const readFiles = (all: boolean): Promise<SourceEvent[]> => (all ? this.#readAll(at) : this.#readPaths([...paths].sort(), at));
      // A keys file that cannot be read (not a regular file, past the read deadline) keeps the keys in force.
      const readKeys = (all: boolean): Promise<SourceEvent | undefined> =>
        keysTouched || all
          ? readKeysFile(this.#keysPath, at).then(
              (event) => (this.#reported.delete(this.#keysPath), event),
              (error: unknown) => (
                this.#reportOnce(this.#keysPath, `${(error as Error).message}; the keys in force stay`, 'error'),
                undefined
              ),
            )
          : Promise.resolve(undefined);
      // HEAD and the touched files are read side by side; a moved HEAD then needs the whole tree (a checkout, a pull).
      const [commit, firstFileEvents, firstKeysEvent] = await Promise.all([
        git === null ? null : readHeadCommit(git),
        readFiles(rescan),
        readKeys(rescan),
      ]);
      let [fileEvents, keysEvent] = [firstFileEvents, firstKeysEvent];
      const headMoved = previousGit === undefined || commit !== previousGit.commit;
      if (headMoved && !rescan && !initial) {
        rescan = true;
        [fileEvents, keysEvent] = await Promise.all([readFiles(true), readKeys(true)]);
      }
      // Only what differs from what was last delivered goes on: rescans and re-reads stay cheap for the reducer.
      const events: SourceEvent[] = fileEvents.filter((event) =>
        event.type === 'file/changed'
          ? this.#known.get(event.path) !== event.text
          : event.type === 'file/removed' && this.#known.has(event.path),
      );
      if (keysEvent?.type === 'keys/changed' && keysEvent.text !== this.#knownKeys) events.push(keysEvent);

      if (git !== null && (initial || headMoved || gitTouched || events.length > 0)) {
        const [dirtySlugs, commitTimes] = await Promise.all([
          readDirtySlugs(git).catch((error: unknown) => this.#gitFailed(error, previousGit?.dirtySlugs ?? [])),
          headMoved ? this.#readCommitTimes(git) : (previousGit?.commitTimes ?? {}),
        ]);
        const facts: GitFacts = { commit, dirtySlugs, commitTimes };
        if (previousGit === undefined || !sameGitFacts(previousGit, facts)) events.push({ type: 'git/head-moved', ...facts, at });
        this.#git = facts;
      }
      if (this.#closed) return;
      for (const event of events) {
        if (event.type === 'file/changed') this.#known.set(event.path, event.text);
        else if (event.type === 'file/removed') this.#known.delete(event.path);
        else if (event.type === 'keys/changed') this.#knownKeys = event.text;
      }
      if (events.length > 0 || initial) await this.#deliver(events);
      if (!rescan) this.#armRecheck(eventPaths, eventKeys);
      this.#failures = 0;
    } catch (error) {
      if (initial) throw error;
      this.#failures += 1;
      this.#log.error(`cannot read the source: ${(error as Error).message}; retrying with a rescan`);
      this.#rescan = true;
      this.#firstEventAt ??= this.#now();
    } finally {
      this.#busy = false;
      if (!this.#closed && this.#hasWork()) {
        this.#firstEventAt ??= this.#now();
        // A source that keeps failing is retried less and less often, never in a tight loop.
        this.#schedule(this.#failures === 0 ? this.#quietMs : Math.min(this.#quietMs * 2 ** this.#failures, MAX_RETRY_MS));
      }
    }
  }

  /**
   * chokidar drops a second `change` of the same file within 50 ms of the first, so a save right after another
   * could go unseen: read the files of this batch once more after that window (unchanged text is dropped above).
   */
  #armRecheck(paths: ReadonlySet<string>, keys: boolean): void {
    if (paths.size === 0 && !keys) return;
    for (const path of paths) this.#recheckLater.add(path);
    this.#recheckKeysLater ||= keys;
    if (this.#recheckTimer !== undefined) return;
    this.#recheckTimer = setTimeout(() => {
      this.#recheckTimer = undefined;
      const later = this.#recheckLater;
      const keysLater = this.#recheckKeysLater;
      this.#recheckLater = new Set();
      this.#recheckKeysLater = false;
      this.#touch(() => {
        for (const path of later) this.#recheckPaths.add(path);
        this.#recheckKeys ||= keysLater;
      });
    }, RECHECK_MS);
  }

  async #deliver(events: SourceEvent[]): Promise<void> {
    try {
      await this.#options.onBatch(events);
    } catch (error) {
      this.#log.error(`applying a batch of ${events.length} events failed: ${(error as Error).message}`);
    }
  }

  /** Every file on disk as `file/changed`, and every reported file that is gone as `file/removed`. */
  async #readAll(at: number): Promise<SourceEvent[]> {
    const paths = await listSourcePaths(this.#sourceDir, this.#onSkipped);
    const present = new Set(paths);
    const events = await this.#readPaths(paths, at);
    for (const path of this.#known.keys()) if (!present.has(path)) events.push({ type: 'file/removed', path, at });
    return events;
  }

  /**
   * The events of these paths as they are now. A file that cannot be read (no permission, past the read deadline) is
   * logged once and left out, so it keeps what was last read of it and never holds up the other files.
   */
  async #readPaths(paths: readonly string[], at: number): Promise<SourceEvent[]> {
    const events = await Promise.all(
      paths.map((path) =>
        readSourcePath(this.#sourceDir, path, at, this.#onSkipped).then(
          (event) => {
            if (event.type === 'file/changed') this.#reported.delete(path);
            return event;
          },
          (error: unknown) => {
            this.#reportOnce(path, `${(error as Error).message}; keeping what was last read of it`, 'error');
            return undefined;
          },
        ),
      ),
    );
    return events.filter((event) => event !== undefined);
  }

  readonly #onSkipped = (path: string, reason: string): void => this.#reportOnce(path, `skipped ${path}: ${reason}`, 'warn');

  #reportOnce(path: string, message: string, level: 'warn' | 'error'): void {
    if (this.#reported.get(path) === message) return;
    this.#reported.set(path, message);
    this.#log[level](message);
  }

  async #readCommitTimes(git: GitRepo): Promise<Record<string, string>> {
    const entries = await readdir(this.#sourceDir, { withFileTypes: true }).catch(() => []);
    const slugs = entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
      .map((entry) => entry.name);
    return readCommitTimes(git, slugs);
  }

  #gitFailed<T>(error: unknown, fallback: T): T {
    this.#log.warn(`${(error as Error).message}; keeping the previous Git state`);
    return fallback;
  }
}

function sameGitFacts(a: GitFacts, b: GitFacts): boolean {
  return (
    a.commit === b.commit &&
    a.dirtySlugs.join('\n') === b.dirtySlugs.join('\n') &&
    JSON.stringify(a.commitTimes) === JSON.stringify(b.commitTimes)
  );
}
