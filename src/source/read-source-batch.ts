import { readdir } from 'node:fs/promises';
import type { SourceEvent } from '../state/events.js';
import type { DeliveredSource } from './delivered-source.js';
import { readCommitTimes, readDirtySlugs, readHeadCommit } from './git-repo.js';
import type { GitRepo } from './git-repo.js';
import { mapValueAt } from '../compile/checked-access.js';
import { slugOfSystemPath } from '../compile/source-paths.js';
import {
  countFilesPerSystem,
  countPastLimit,
  countSourceFiles,
  listSourcePaths,
  MAX_FILES_PER_DESIGN_SYSTEM,
  readKeysFile,
  readSourcePath,
  refuseOverLimit,
  SKIPPED_FOLDERS,
} from './read-source-folder.js';
import type { SourceFileEvent } from './read-source-folder.js';
import { ReportedProblems } from './reported-problems.js';
import type { SourceBatch } from './source-batcher.js';
import type { WatchLogger } from './watch-logger.js';
import { errorMessage } from '../compile/narrow-unknown.js';

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
  /** The design systems not loaded for their number of files, or held while written in bulk, changed (their files need not be watched). */
  readonly onRefusedChange?: (refused: ReadonlySet<string>) => void;
  /** A design system held while its files are written in bulk is to be counted again in a moment (no event may come). */
  readonly recountSoon?: (slug: string) => void;
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
  /** Each design system's number of YAML files, as last listed. */
  #counts = new Map<string, number>();
  /** The design systems not loaded for their number of files, with the reason; and those held while written in bulk. */
  #refused = new Map<string, string>();
  /** Design systems whose files are being written in bulk, with their last count: not read, nor watched file by file, until it settles. */
  #growing = new Map<string, number>();
  /** New files per design system over the last batches that brought some (a slow writer's batches are small). */
  #recentlyAdded = new Map<string, number>();

  constructor(options: SourceBatchReaderOptions) {
    this.#options = options;
  }

  /** The news of `batch`: the initial load reads everything, and a moved HEAD turns any batch into a rescan. */
  async read(batch: SourceBatch, initial: boolean): Promise<BatchRead> {
    const { git, delivered } = this.#options;
    const at = this.#options.now();
    const previousGit = delivered.git;
    let rescan = batch.rescan;
    // A batch that finds other design systems crossing the file limits reads the whole source instead.
    const readFiles = async (all: boolean): Promise<SourceEvent[]> => {
      const touched = all ? undefined : await this.#readTouched(batch.paths, at);
      if (touched !== undefined) return touched;
      rescan = true;
      return this.#readAll(at);
    };
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
    // A design system held while it is written in bulk is not refused: it is simply not read yet.
    const refused = [...this.#refused].filter(([slug]) => !this.#growing.has(slug));
    const refusedEvent: SourceEvent = { type: 'source/refused', refused: Object.fromEntries(refused), at };
    if (delivered.changes(refusedEvent)) events.push(refusedEvent);

    if (git !== null && (initial || headMoved || batch.git || events.length > 0)) {
      const [dirtySlugs, commitTimes] = await Promise.all([
        readDirtySlugs(git, this.#refused.keys()).catch((error: unknown) => this.#keepPreviousGit(error, previousGit?.dirtySlugs ?? [])),
        headMoved ? this.#readCommitTimes(git) : (previousGit?.commitTimes ?? {}),
      ]);
      const gitEvent: SourceEvent = { type: 'git/head-moved', commit, dirtySlugs, commitTimes, at };
      if (delivered.changes(gitEvent)) events.push(gitEvent);
    }
    return { events, rescanned: rescan };
  }

  /**
   * Holds the design system `slug` as written in bulk, now (the watcher saw `RECOUNT_NEW_FILES` files come before a
   * batch settled): it is not read, nor watched file by file, until its number of files stops changing.
   */
  hold(slug: string): void {
    if (this.#refused.has(slug)) return;
    this.#growing.set(slug, -1);
    this.#setRefused(new Map(this.#counts), this.#withGrowing(refuseOverLimit(this.#counts)));
    this.#options.recountSoon?.(slug);
  }

  /** The design systems not loaded for their number of files, as last listed. */
  refusedSlugs(): ReadonlySet<string> {
    return new Set(this.#refused.keys());
  }

  /**
   * Every file on disk as `file/changed`, and every delivered file that is gone as `file/removed`; the files of a
   * design system past the file limits are not read, and what was delivered of it stays (its last good version).
   */
  async #readAll(at: number): Promise<SourceFileEvent[]> {
    const { sourceDir } = this.#options;
    for (const slug of [...this.#growing.keys()]) await this.#checkGrowth(slug, GROWTH_SETTLE_MS * 2);
    // Design systems refused for their number of files are counted first and not listed while still past the limit.
    const stillRefused = new Map<string, number>();
    await Promise.all(
      [...this.#refused.keys()].map(async (slug) => {
        const count = await countPastLimit(sourceDir, slug);
        if (count !== undefined) stillRefused.set(slug, count);
      }),
    );
    const paths = await listSourcePaths(sourceDir, this.#onSkipped, undefined, new Set(stillRefused.keys()));
    const counts = countFilesPerSystem(paths);
    for (const [slug, count] of stillRefused) counts.set(slug, count);
    this.#setRefused(counts, this.#withGrowing(refuseOverLimit(counts)));
    const present = new Set(paths);
    const events = await this.#readPaths(
      paths.filter((path) => !this.#isRefused(path)),
      at,
    );
    for (const path of this.#options.delivered.paths())
      if (!present.has(path) && !this.#isRefused(path)) events.push({ type: 'file/removed', path, at });
    return events;
  }

  /**
   * The events of the paths a batch touched. When a file came or went (a rename, an editor's save by rename, files
   * copied in), its design system's folder is listed and read in this same batch: chokidar reports the two halves of
   * a rename apart (an unlink after 100 ms, an add when it re-reads the folder, at most once a second), and the
   * tokens of a renamed file must never be missing in between. Undefined when other design systems crossed the file
   * limits (the whole source must be read).
   */
  async #readTouched(paths: readonly string[], at: number): Promise<SourceFileEvent[] | undefined> {
    const { delivered } = this.#options;
    await this.#refuseGrownPastLimit(paths);
    const events = await this.#readPaths(
      paths.filter((path) => !this.#isRefused(path)),
      at,
    );
    const relist = new Set(paths.filter((path) => this.#isRefused(path)).map(slugOf));
    for (const event of events) {
      if (event.type === 'file/removed' ? delivered.has(event.path) : !delivered.has(event.path)) relist.add(slugOf(event.path));
    }
    if (relist.size === 0) return events;

    const listed = await this.#listSystems(relist);
    const counts = new Map(this.#counts);
    for (const [slug, { count }] of listed) {
      if (count === 0) counts.delete(slug);
      else counts.set(slug, count);
    }
    const refused = this.#withGrowing(refuseOverLimit(counts));
    for (const slug of new Set([...refused.keys(), ...this.#refused.keys()]))
      if (!relist.has(slug) && refused.has(slug) !== this.#refused.has(slug)) return undefined;
    const wasRefused = new Set(this.#refused.keys());
    this.#setRefused(counts, refused);

    const found = new Map(events.filter((event) => !refused.has(slugOf(event.path))).map((event) => [event.path, event]));
    // A design system back within the limits is read whole: its files may have changed while they were not read.
    const isNews = (path: string): boolean => {
      const event = found.get(path);
      return event === undefined ? wasRefused.has(slugOf(path)) || !delivered.has(path) : event.type === 'file/removed';
    };
    // Renames faster than the reads (a file read as gone is listed again): list again, a few times at most.
    for (let round = 0; round < MAX_RELISTS && listed.size > 0; round++) {
      const toRead: string[] = [];
      for (const [slug, { paths: slugPaths }] of listed) {
        if (refused.has(slug)) continue;
        toRead.push(...slugPaths.filter(isNews));
        const present = new Set(slugPaths);
        for (const path of delivered.paths())
          if (slugOf(path) === slug && !present.has(path) && found.get(path)?.type !== 'file/changed')
            found.set(path, { type: 'file/removed', path, at });
      }
      const again = new Set<string>();
      for (const event of await this.#readPaths(toRead, at)) {
        found.set(event.path, event);
        if (event.type === 'file/removed') again.add(slugOf(event.path));
      }
      listed.clear();
      if (again.size > 0 && round + 1 < MAX_RELISTS) for (const [slug, system] of await this.#listSystems(again)) listed.set(slug, system);
    }
    return [...found.values()];
  }

  /**
   * Counts on disk, before anything is read, each design system whose new paths in this batch leave it no room under
   * the limit per design system, and refuses those past it: 100,000 files written into a running server were all read
   * (and watched one by one) before the count that refused them. One that the batch brings `RECOUNT_NEW_FILES` new
   * files or more is counted until its number of files stops growing (`GROWTH_SETTLE_MS` apart, at most
   * `GROWTH_WAIT_MS`): files still being written in bulk are not compiled in batches as they come, and a folder that
   * grows past the limit is refused before any of them is (its compiles left the compile worker's heap behind).
   */
  async #refuseGrownPastLimit(paths: readonly string[]): Promise<void> {
    const { delivered, sourceDir } = this.#options;
    const added = new Map<string, number>();
    for (const path of paths)
      if (!this.#isRefused(path) && !delivered.has(path)) added.set(slugOf(path), (added.get(slugOf(path)) ?? 0) + 1);
    for (const slug of this.#recentlyAdded.keys()) if (!added.has(slug)) this.#recentlyAdded.delete(slug);
    const counts = new Map(this.#counts);
    let grown = false;
    for (const [slug, count] of added) {
      const recently = (this.#recentlyAdded.get(slug) ?? 0) + count;
      this.#recentlyAdded.set(slug, recently);
      const bulk = recently >= RECOUNT_NEW_FILES;
      if (!bulk && (this.#counts.get(slug) ?? 0) + count <= MAX_FILES_PER_DESIGN_SYSTEM) continue;
      if (bulk) {
        // Held before the count settles: the watcher stops following its files one by one at once (chokidar's stat and
        // watch of each new file, queued by the thousand, held the event loop and the file-system threads for seconds).
        this.#recentlyAdded.delete(slug);
        this.#growing.set(slug, -1);
        this.#setRefused(new Map(this.#counts), this.#withGrowing(refuseOverLimit(this.#counts)));
        await this.#checkGrowth(slug, GROWTH_WAIT_MS);
        continue;
      }
      const onDisk = await countPastLimit(sourceDir, slug);
      if (onDisk === undefined) continue;
      counts.set(slug, onDisk);
      grown = true;
    }
    if (grown) this.#setRefused(counts, this.#withGrowing(refuseOverLimit(counts)));
  }

  /**
   * Counts a design system held while its files are written in bulk until the count stays the same `GROWTH_SETTLE_MS`
   * apart (for at most `waitMs`): once it does, or passes the limit, it is no longer held (refused when past the
   * limit, else read like any other); while it still grows, it stays held and is counted again in a moment.
   */
  async #checkGrowth(slug: string, waitMs: number): Promise<void> {
    const { count, settled } = await settledCount(this.#options.sourceDir, slug, this.#growing.get(slug) ?? -1, waitMs);
    const counts = new Map(this.#counts);
    counts.set(slug, count);
    if (settled || count > MAX_FILES_PER_DESIGN_SYSTEM) this.#growing.delete(slug);
    else {
      this.#growing.set(slug, count);
      this.#options.recountSoon?.(slug);
    }
    this.#setRefused(counts, this.#withGrowing(refuseOverLimit(counts)));
  }

  /** `refused`, and the design systems held while written in bulk (that are not refused already). */
  #withGrowing(refused: Map<string, string>): Map<string, string> {
    for (const [slug, count] of this.#growing)
      if (!refused.has(slug)) refused.set(slug, count < 0 ? GROWING : `${GROWING} (${count} YAML files so far)`);
    return refused;
  }

  /**
   * The YAML paths of each of these design systems, listed side by side. One refused for its number of files is
   * counted first, and stays unlisted (no paths) while it is past the limit per design system: paths and sorting of
   * 100,000 files on every change held the event loop for a tenth of a second.
   */
  async #listSystems(slugs: ReadonlySet<string>): Promise<Map<string, ListedSystem>> {
    const { sourceDir } = this.#options;
    const listed = new Map<string, ListedSystem>();
    await Promise.all(
      [...slugs].map(async (slug) => {
        if (this.#growing.has(slug)) await this.#checkGrowth(slug, GROWTH_SETTLE_MS * 2);
        if (this.#growing.has(slug)) return void listed.set(slug, { count: mapValueAt(this.#growing, slug), paths: [] });
        if (this.#refused.has(slug)) {
          const count = await countPastLimit(sourceDir, slug);
          if (count !== undefined) return void listed.set(slug, { count, paths: [] });
        }
        const paths = await listSourcePaths(sourceDir, this.#onSkipped, slug);
        listed.set(slug, { count: paths.length, paths });
      }),
    );
    return listed;
  }

  #isRefused(path: string): boolean {
    return this.#refused.has(slugOf(path));
  }

  /** Takes the new file counts and refusals; says once when a design system stops or starts being loaded for them. */
  #setRefused(counts: Map<string, number>, refused: Map<string, string>): void {
    const { delivered, log } = this.#options;
    const before = this.#refused;
    this.#counts = counts;
    this.#refused = refused;
    for (const [slug, reason] of refused) {
      const wasGrowing = before.get(slug)?.startsWith(GROWING) === true;
      if (before.has(slug) && !(wasGrowing && !reason.startsWith(GROWING))) continue;
      if (reason.startsWith(GROWING)) {
        log.info(`design system \`${slug}\` ${reason}: it is read once its number of files stops changing`);
        continue;
      }
      const loaded = [...delivered.paths()].some((path) => slugOf(path) === slug);
      log.error(
        `design system \`${slug}\` is not loaded: ${reason}; ` +
          (loaded ? 'its last good version stays served' : 'nothing is served for it'),
      );
    }
    for (const [slug, reason] of before) {
      if (!refused.has(slug) && !reason.startsWith(GROWING))
        log.info(`design system \`${slug}\` is within the file limits again: loading it`);
    }
    const changed = refused.size !== before.size || [...refused.keys()].some((slug) => !before.has(slug));
    if (changed) this.#options.onRefusedChange?.(new Set(refused.keys()));
  }

  /**
   * The events of these paths as they are now. A file that cannot be read (no permission, past the read deadline) is
   * logged once and left out, so it keeps what was last read of it and never holds up the other files.
   */
  async #readPaths(paths: readonly string[], at: number): Promise<SourceFileEvent[]> {
    const events = await Promise.all(
      paths.map((path) =>
        readSourcePath(this.#options.sourceDir, path, at, this.#onSkipped).then(
          (event) => {
            if (event.type === 'file/changed') this.#reported.forget(path);
            return event;
          },
          (error: unknown) => {
            this.#reportOnce(path, `${errorMessage(error)}; keeping what was last read of it`, 'error');
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
      (error: unknown) => (this.#reportOnce(keysPath, `${errorMessage(error)}; the keys in force stay`, 'error'), undefined),
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
    this.#options.log.warn(`${errorMessage(error)}; keeping the previous Git state`);
    return previous;
  }
}

/** A design system's YAML files as listed: their number, and their paths (none when it was only counted). */
interface ListedSystem {
  readonly count: number;
  readonly paths: readonly string[];
}

/**
 * New files of one design system in one batch from which its files are counted until their number settles, before
 * any is read (a designer's save brings a few; a copy of a folder or a generator, hundreds or more).
 */
export const RECOUNT_NEW_FILES = 500;
/** How long a design system's number of files must stay the same to be settled, and the longest wait for it. */
const GROWTH_SETTLE_MS = 200;
const GROWTH_WAIT_MS = 10_000;

/** The start of the reason of a design system held while its files are written in bulk. */
const GROWING = 'is being written in bulk';

/**
 * The design system's number of YAML files, counted `GROWTH_SETTLE_MS` apart until it stops changing (settled), passes
 * the limit, or `waitMs` is over; `previous` is its last count (-1: none).
 */
async function settledCount(
  sourceDir: string,
  slug: string,
  previous: number,
  waitMs: number,
): Promise<{ count: number; settled: boolean }> {
  const until = Date.now() + waitMs;
  let count = await countSourceFiles(sourceDir, slug);
  if (count === previous) return { count, settled: true };
  while (count <= MAX_FILES_PER_DESIGN_SYSTEM && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, GROWTH_SETTLE_MS));
    const again = await countSourceFiles(sourceDir, slug);
    if (again === count) return { count, settled: true };
    count = again;
  }
  return { count, settled: false };
}

/** How many times one batch lists a design system whose files keep being renamed while it reads them. */
const MAX_RELISTS = 3;

function slugOf(path: string): string {
  return slugOfSystemPath(path);
}
