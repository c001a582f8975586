import { readdir } from 'node:fs/promises';
import type { SourceEvent } from '../state/events.js';
import type { DeliveredSource } from './delivered-source.js';
import { readCommitTimes, readDirtySlugs, readHeadCommit } from './git-repo.js';
import type { GitRepo } from './git-repo.js';
import { listSourcePaths, readKeysFile, readSourcePath, SKIPPED_FOLDERS } from './read-source-folder.js';
import { ReportedProblems } from './reported-problems.js';
import type { SourceBatch } from './source-batcher.js';
import type { WatchLogger } from './watch-logger.js';

export interface SourceBatchReaderOptions {
  /** Absolute path of the source folder. */
  readonly sourceDir: string;
  /** Absolute path of the keys file. */
  readonly keysPath: string;
  readonly git: GitRepo | null;
  readonly now: () => number;
  readonly log: WatchLogger;
  /** What was delivered so far: only what differs from it is read out. */
  readonly delivered: DeliveredSource;
}

/** What one batch read: the events that change what was delivered, and whether the whole source was read. */
export interface BatchRead {
  readonly events: SourceEvent[];
  readonly rescanned: boolean;
}

/** Reads what a batch touched as it is now (files, keys file, Git), and keeps the news. */
export class SourceBatchReader {
  readonly #options: SourceBatchReaderOptions;
  readonly #reported = new ReportedProblems();

  constructor(options: SourceBatchReaderOptions) {
    this.#options = options;
  }

  /** The news of `batch`: the initial load reads everything, and a moved HEAD turns any batch into a rescan. */
  async read(batch: SourceBatch, initial: boolean): Promise<BatchRead> {
    const { git, delivered } = this.#options;
    const at = this.#options.now();
    const previousGit = delivered.git;
    let rescan = batch.rescan;
    const readFiles = (all: boolean): Promise<SourceEvent[]> => (all ? this.#readAll(at) : this.#readPaths(batch.paths, at));
    const readKeys = (all: boolean): Promise<SourceEvent | undefined> =>
      batch.keys || all ? this.#readKeys(at) : Promise.resolve(undefined);
    // HEAD and the touched files are read side by side; a moved HEAD then needs the whole tree (a checkout, a pull).
    const [commit, firstFileEvents, firstKeysEvent] = await Promise.all([
      git === null ? null : readHeadCommit(git),
      readFiles(rescan),
      readKeys(rescan),
    ]);
    let [fileEvents, keysEvent] = [firstFileEvents, firstKeysEvent];
    // Without Git there is no HEAD to move: a batch reads what it touched, like any other.
    const headMoved = git !== null && (previousGit === undefined || commit !== previousGit.commit);
    if (headMoved && !rescan && !initial) {
      rescan = true;
      [fileEvents, keysEvent] = await Promise.all([readFiles(true), readKeys(true)]);
    }
    // Only what differs from what was last delivered goes on: rescans and re-reads stay cheap for the reducer.
    const events = fileEvents.filter((event) => delivered.changes(event));
    if (keysEvent !== undefined && delivered.changes(keysEvent)) events.push(keysEvent);

    if (git !== null && (initial || headMoved || batch.git || events.length > 0)) {
      const [dirtySlugs, commitTimes] = await Promise.all([
        readDirtySlugs(git).catch((error: unknown) => this.#keepPreviousGit(error, previousGit?.dirtySlugs ?? [])),
        headMoved ? this.#readCommitTimes(git) : (previousGit?.commitTimes ?? {}),
      ]);
      const gitEvent: SourceEvent = { type: 'git/head-moved', commit, dirtySlugs, commitTimes, at };
      if (delivered.changes(gitEvent)) events.push(gitEvent);
    }
    return { events, rescanned: rescan };
  }

  /** Every file on disk as `file/changed`, and every delivered file that is gone as `file/removed`. */
  async #readAll(at: number): Promise<SourceEvent[]> {
    const paths = await listSourcePaths(this.#options.sourceDir, this.#onSkipped);
    const present = new Set(paths);
    const events = await this.#readPaths(paths, at);
    for (const path of this.#options.delivered.paths()) if (!present.has(path)) events.push({ type: 'file/removed', path, at });
    return events;
  }

  /**
   * The events of these paths as they are now. A file that cannot be read (no permission, past the read deadline) is
   * logged once and left out, so it keeps what was last read of it and never holds up the other files.
   */
  async #readPaths(paths: readonly string[], at: number): Promise<SourceEvent[]> {
    const events = await Promise.all(
      paths.map((path) =>
        readSourcePath(this.#options.sourceDir, path, at, this.#onSkipped).then(
          (event) => {
            if (event.type === 'file/changed') this.#reported.forget(path);
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

  /** The keys file's event; undefined when it cannot be read (not a regular file, past the read deadline), so the keys in force stay. */
  #readKeys(at: number): Promise<SourceEvent | undefined> {
    const keysPath = this.#options.keysPath;
    return readKeysFile(keysPath, at).then(
      (event) => (this.#reported.forget(keysPath), event),
      (error: unknown) => (this.#reportOnce(keysPath, `${(error as Error).message}; the keys in force stay`, 'error'), undefined),
    );
  }

  readonly #onSkipped = (path: string, reason: string): void => this.#reportOnce(path, `skipped ${path}: ${reason}`, 'warn');

  #reportOnce(path: string, message: string, level: 'warn' | 'error'): void {
    if (this.#reported.isNew(path, message)) this.#options.log[level](message);
  }

  async #readCommitTimes(git: GitRepo): Promise<Record<string, string>> {
    const entries = await readdir(this.#options.sourceDir, { withFileTypes: true }).catch(() => []);
    const slugs = entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name))
      .map((entry) => entry.name);
    return readCommitTimes(git, slugs);
  }

  #keepPreviousGit<T>(error: unknown, previous: T): T {
    this.#options.log.warn(`${(error as Error).message}; keeping the previous Git state`);
    return previous;
  }
}
