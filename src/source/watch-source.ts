import { existsSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { watch } from 'chokidar';
import type { FSWatcher } from 'chokidar';
import { isSourceYamlPath } from '../compile/source-paths.js';
import type { SourceEvent } from '../state/events.js';
import { DEFAULT_LOCK_HOLD_MS, DEFAULT_MAX_WAIT_MS, DEFAULT_QUIET_MS } from './batch-timing.js';
import { DeliveredSource } from './delivered-source.js';
import { movesCheckedOutState } from './git-dir-events.js';
import type { GitRepo } from './git-repo.js';
import { RECOUNT_NEW_FILES, SourceBatchReader } from './read-source-batch.js';
import { countFilesPerSystem, listSourcePaths, refuseOverLimit, SKIPPED_FOLDERS, toSourcePath } from './read-source-folder.js';
import { SourceBatcher } from './source-batcher.js';
import type { SourceBatch } from './source-batcher.js';
import { SILENT_WATCH_LOGGER } from './watch-logger.js';
import { RefusedFolderWatch } from './watch-refused-folders.js';
import type { WatchLogger } from './watch-logger.js';
import { errorCode, errorMessage } from '../compile/narrow-unknown.js';

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

export const DEFAULT_POLL_INTERVAL_MS = 1_000;
/** How soon a design system held while its files are written in bulk is counted again when no event comes meanwhile. */
const RECOUNT_GROWING_MS = 500;
/** Errors that mean "no more watches": fall back to polling instead of missing changes. */
const WATCH_LIMIT_CODES = new Set(['ENOSPC', 'EMFILE', 'ENFILE']);
/** chokidar's events that say a file or folder came, changed or went. */
const WATCHED_EVENTS = ['add', 'change', 'unlink', 'addDir', 'unlinkDir'] as const;
/** What the Git directory watch follows: enough to see commits, checkouts, resets and pulls, not the object store. */
const GIT_WATCHED = /^(HEAD|ORIG_HEAD|index|index\.lock|packed-refs|refs|refs\/heads(\/.*)?)$/;

/**
 * Watches the source folder, the keys file and the Git directory, and turns file-system noise into settled batches
 * of events: one batch per burst (quiet period, maximum wait), held while Git holds `index.lock`, files re-read when
 * the batch settles (so an unlink followed by an add is a change), and a `git/head-moved` event whenever HEAD, the
 * dirty design systems or their commit times differ from what was last reported. Resolves after the initial load
 * has been delivered to `onBatch`.
 */
export async function watchSource(options: WatchSourceOptions): Promise<SourceWatcher> {
  const watcher = new ChokidarSourceWatcher(options);
  try {
    await watcher.start();
  } catch (error) {
    await watcher.close();
    throw error;
  }
  return watcher;
}

/** The edge: chokidar's events go to the batcher, whose batches the reader reads and `onBatch` receives. */
class ChokidarSourceWatcher implements SourceWatcher {
  mode: WatchMode;
  readonly #options: WatchSourceOptions;
  readonly #sourceDir: string;
  readonly #keysPath: string;
  readonly #log: WatchLogger;
  readonly #delivered = new DeliveredSource();
  readonly #reader: SourceBatchReader;
  readonly #batcher: SourceBatcher;

  #watchers: FSWatcher[] = [];
  #gitWatch: FSWatcher | undefined;
  #sourceWatch: FSWatcher | undefined;
  /** The design systems not loaded for their number of files: chokidar does not watch them, `#refusedWatch` does. */
  #refused: ReadonlySet<string> = new Set();
  readonly #refusedWatch: RefusedFolderWatch;
  /** chokidar's new files per design system since the last batch was read. */
  readonly #added = new Map<string, number>();
  /** Timers that count again a design system held while its files are written in bulk. */
  readonly #recounts = new Map<string, NodeJS.Timeout>();
  /** The source watch being replaced (after `#refused` changed), if one is. */
  #rewatching: Promise<void> = Promise.resolve();

  constructor(options: WatchSourceOptions) {
    this.#options = options;
    this.#sourceDir = resolve(options.sourceDir);
    this.#keysPath = resolve(options.keysPath);
    this.#log = options.log ?? SILENT_WATCH_LOGGER;
    this.mode = options.mode ?? 'watch';
    const now = options.now ?? Date.now;
    const lockHoldMs = options.lockHoldMs ?? DEFAULT_LOCK_HOLD_MS;
    const lockPath = options.git === null ? undefined : join(options.git.gitDir, 'index.lock');
    this.#reader = new SourceBatchReader({
      sourceDir: this.#sourceDir,
      keysPath: this.#keysPath,
      git: options.git,
      now,
      log: this.#log,
      delivered: this.#delivered,
      onRefusedChange: (refused) => this.#onRefusedChange(refused),
      recountSoon: (slug) => this.#recountSoon(slug),
    });
    this.#batcher = new SourceBatcher({
      timing: { quietMs: options.quietMs ?? DEFAULT_QUIET_MS, maxWaitMs: options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS, lockHoldMs },
      now,
      isGitLocked: () => lockPath !== undefined && existsSync(lockPath),
      settle: (batch, initial) => this.#settle(batch, initial),
      onLockOverdue: () =>
        this.#log.warn(`${lockPath ?? 'index.lock'} has existed for ${lockHoldMs} ms; applying changes without waiting for Git`),
      onSettleFailed: (error) => this.#log.error(`cannot read the source: ${errorMessage(error)}; retrying with a rescan`),
    });
    // Touching any path of a refused design system has the reader count its files again.
    this.#refusedWatch = new RefusedFolderWatch({
      sourceDir: this.#sourceDir,
      onChange: (slug) => this.#batcher.touchPath(`${slug}/system.yaml`),
      log: this.#log,
    });
  }

  async start(): Promise<void> {
    if (this.mode === 'watch') {
      // Count first, so a design system past the file limits never gets a watch per file (100,000 files took 7 s and
      // 480 MB in chokidar alone, and inotify watches are shared by every process of the user).
      const paths = await listSourcePaths(this.#sourceDir);
      this.#refused = new Set(refuseOverLimit(countFilesPerSystem(paths)).keys());
      try {
        await this.#startWatching();
        this.#refusedWatch.follow(this.#refused);
      } catch (error) {
        await this.#fallBackToPolling(error);
      }
    } else {
      this.#batcher.startPolling(this.#pollInterval());
    }
    // The initial load runs after the watches are in place, so nothing saved meanwhile is missed.
    await this.#batcher.settleInitial();
  }

  idle(): Promise<void> {
    return this.#batcher.idle();
  }

  async close(): Promise<void> {
    const settled = this.#batcher.close();
    this.#refusedWatch.close();
    for (const timer of this.#recounts.values()) clearTimeout(timer);
    this.#recounts.clear();
    await this.#rewatching;
    const watchers = this.#watchers;
    this.#watchers = [];
    await Promise.all(watchers.map((watcher) => watcher.close()));
    await settled;
  }

  /** Reads the batch as it is now and delivers what changed (the initial load even when empty). */
  async #settle(batch: SourceBatch, initial: boolean): Promise<{ rescanned: boolean }> {
    this.#added.clear();
    const { events, rescanned } = await this.#reader.read(batch, initial);
    if (this.#batcher.closed) return { rescanned };
    this.#delivered.remember(events);
    if (events.length > 0 || initial) await this.#deliver(events);
    return { rescanned };
  }

  async #deliver(events: SourceEvent[]): Promise<void> {
    try {
      await this.#options.onBatch(events);
    } catch (error) {
      this.#log.error(`applying a batch of ${events.length} events failed: ${errorMessage(error)}`);
    }
  }

  async #startWatching(): Promise<void> {
    this.#watchSourceFolder();
    const keysDir = dirname(this.#keysPath);
    const keys = watch(keysDir, {
      ignoreInitial: true,
      depth: 0,
      ignored: (path) => path !== keysDir && path !== this.#keysPath,
    });
    this.#watch(keys);
    for (const name of WATCHED_EVENTS) {
      keys.on(name, (path: string) => {
        if (resolve(path) === this.#keysPath) this.#batcher.touchKeys();
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
      this.#watch(parentWatch);
      parentWatch.on('addDir', (path) => {
        if (resolve(path) !== resolve(gitDir) || this.#batcher.closed) return;
        const stale = this.#gitWatch;
        if (stale !== undefined) {
          this.#watchers = this.#watchers.filter((watcher) => watcher !== stale);
          void stale.close();
        }
        this.#watchGitDir(gitDir);
        this.#batcher.touchGit();
      });
    }
    await Promise.all(this.#watchers.map(whenReady));
  }

  /** Watches the source folder: the folders and YAML files of the design systems within the file limits. */
  #watchSourceFolder(): FSWatcher {
    const sourceDir = this.#sourceDir;
    // Never ignore a directory (nothing below it would be watched), except dot-folders and node_modules.
    const source = watch(sourceDir, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (path, stats) => {
        if (path === sourceDir) return false;
        const name = basename(path);
        if (name.startsWith('.') || SKIPPED_FOLDERS.has(name)) return true;
        if (this.#refused.has(topFolderOf(toSourcePath(sourceDir, path)))) return true;
        return stats?.isFile() === true && !name.endsWith('.yaml');
      },
    });
    this.#sourceWatch = source;
    this.#watch(source);
    for (const name of WATCHED_EVENTS) source.on(name, (path: string) => this.#onSourceEvent(path, name.endsWith('Dir'), name === 'add'));
    return source;
  }

  /** Keeps `watcher` to close it, and handles its errors: an unhandled `error` event would end the process. */
  #watch(watcher: FSWatcher): void {
    this.#watchers.push(watcher);
    watcher.on('error', (error) => void this.#onWatchError(error));
  }

  /** Counts a design system held while written in bulk again in a moment: its writer may have stopped since its last event. */
  #recountSoon(slug: string): void {
    if (this.#recounts.has(slug) || this.#batcher.closed) return;
    const timer = setTimeout(() => {
      this.#recounts.delete(slug);
      if (!this.#batcher.closed) this.#batcher.touchPath(`${slug}/system.yaml`);
    }, RECOUNT_GROWING_MS);
    timer.unref();
    this.#recounts.set(slug, timer);
  }

  /** The design systems past the file limits changed: watch the source folder again, without their files. */
  #onRefusedChange(refused: ReadonlySet<string>): void {
    const same = refused.size === this.#refused.size && [...refused].every((slug) => this.#refused.has(slug));
    this.#refused = refused;
    if (same || this.mode !== 'watch' || this.#batcher.closed) return;
    this.#refusedWatch.follow(refused);
    if (this.#sourceWatch === undefined) return;
    this.#rewatching = this.#rewatching.then(() => this.#rewatchSourceFolder());
  }

  async #rewatchSourceFolder(): Promise<void> {
    const stale = this.#sourceWatch;
    if (stale === undefined || this.mode !== 'watch' || this.#batcher.closed) return;
    this.#watchers = this.#watchers.filter((watcher) => watcher !== stale);
    this.#sourceWatch = undefined;
    await stale.close().catch(() => undefined);
    if (this.mode !== 'watch' || this.#batcher.closed) return;
    await whenReady(this.#watchSourceFolder());
    // What changed while no watch was in place is found by reading everything once.
    this.#batcher.touchAll();
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
    this.#watch(gitWatch);
    gitWatch.on('all', (_event, path) => {
      if (basename(path) === 'index.lock') this.#batcher.noteGitLock();
      if (movesCheckedOutState(gitDir, relative(gitDir, path).split(sep).join('/'))) this.#batcher.touchGit();
    });
  }

  #onSourceEvent(path: string, isDir: boolean, added: boolean): void {
    const absolute = resolve(path);
    if (absolute === this.#keysPath) {
      this.#batcher.touchKeys();
      return;
    }
    const sourcePath = toSourcePath(this.#sourceDir, absolute);
    if (isDir) {
      // A folder that appears or goes away (a design system added or removed, a checkout): re-read the whole tree.
      this.#batcher.touchAll();
      return;
    }
    if (!isSourceYamlPath(sourcePath)) return;
    this.#batcher.touchPath(sourcePath);
    if (added) this.#countAdded(topFolderOf(sourcePath));
  }

  /**
   * Counts chokidar's new files per design system since the last batch was read: from `RECOUNT_NEW_FILES`, the design
   * system is held at once, before the batch settles (chokidar reports a fast writer's files in bursts of thousands,
   * each file statted and watched: 100,000 of them held the event loop for seconds before a batch could count them).
   */
  #countAdded(slug: string): void {
    const added = (this.#added.get(slug) ?? 0) + 1;
    this.#added.set(slug, added);
    if (added === RECOUNT_NEW_FILES) this.#reader.hold(slug);
  }

  async #onWatchError(error: unknown): Promise<void> {
    const code = errorCode(error);
    if (code !== undefined && WATCH_LIMIT_CODES.has(code)) {
      await this.#fallBackToPolling(error);
      return;
    }
    this.#log.error(`file watcher error (${code ?? 'unknown'}): ${errorMessage(error)}; rescanning the source folder`);
    this.#batcher.touchAll();
  }

  async #fallBackToPolling(error: unknown): Promise<void> {
    if (this.mode === 'poll' || this.#batcher.closed) return;
    this.mode = 'poll';
    const code = errorCode(error);
    const hint = code === 'ENOSPC' ? ' (the inotify watch limit: raise fs.inotify.max_user_watches)' : '';
    this.#log.error(
      `file watcher failed (${code ?? 'unknown'}: ${errorMessage(error)})${hint}; ` +
        `falling back to rescanning the source every ${this.#pollInterval()} ms`,
    );
    const watchers = this.#watchers;
    this.#watchers = [];
    this.#refusedWatch.close();
    await Promise.all(watchers.map((watcher) => watcher.close().catch(() => undefined)));
    this.#batcher.startPolling(this.#pollInterval());
  }

  #pollInterval(): number {
    return this.#options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  }
}

/** The first segment of a source path: the design system's folder. */
function topFolderOf(sourcePath: string): string {
  const slash = sourcePath.indexOf('/');
  return slash === -1 ? sourcePath : sourcePath.slice(0, slash);
}

function whenReady(watcher: FSWatcher): Promise<void> {
  return new Promise((done) => watcher.once('ready', () => done()));
}
