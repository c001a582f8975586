import { delayAfterEvent, delayAfterSettle, NO_LOCK_HOLD, RECHECK_MS, stepLockHold } from './batch-timing.js';
import type { BatchTiming, LockHold } from './batch-timing.js';

/** What one batch asks to read. */
export interface SourceBatch {
  /** Source paths, sorted: those with events, and those read once more after chokidar's throttle. */
  readonly paths: readonly string[];
  /** The keys file. */
  readonly keys: boolean;
  /** Git's state (its directory changed). */
  readonly git: boolean;
  /** The whole source folder. */
  readonly rescan: boolean;
}

export interface SourceBatcherOptions {
  readonly timing: BatchTiming;
  readonly now: () => number;
  /** True while Git holds `index.lock` (always false without Git); not asked before the initial load. */
  readonly isGitLocked: () => boolean;
  /** Reads and delivers one batch, and says whether it read the whole source; a rejection is retried as a rescan. */
  readonly settle: (batch: SourceBatch, initial: boolean) => Promise<{ readonly rescanned: boolean }>;
  /** A batch stopped waiting for `index.lock` (once per hold). */
  readonly onLockOverdue: () => void;
  /** A batch other than the initial load failed to read. */
  readonly onSettleFailed: (error: unknown) => void;
}

/**
 * Decides when the source is read: gathers what file-system events touched into one batch per burst (quiet period,
 * maximum wait), holds it while Git holds `index.lock`, reads one batch at a time, retries a failed read with a rescan
 * (backing off), and reads the files of a batch once more after chokidar's change throttle. Knows no file system:
 * the watcher feeds it events and does the reading in `settle`.
 */
export class SourceBatcher {
  readonly #options: SourceBatcherOptions;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  #pollTimer: NodeJS.Timeout | undefined;
  #settling: Promise<void> = Promise.resolve();
  #busy = false;
  /** Consecutive batches that failed to read. */
  #failures = 0;
  #firstEventAt: number | undefined;
  #lockHold: LockHold = NO_LOCK_HOLD;

  // The batch being gathered.
  #paths = new Set<string>();
  #keys = false;
  #git = false;
  #rescan = false;

  // What is read once more after chokidar's change throttle (see #armRecheck): due now, and waiting for the timer.
  #recheckPaths = new Set<string>();
  #recheckKeys = false;
  #recheckLater = new Set<string>();
  #recheckKeysLater = false;
  #recheckTimer: NodeJS.Timeout | undefined;

  constructor(options: SourceBatcherOptions) {
    this.#options = options;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** A YAML file below the source folder was added, changed or removed. */
  touchPath(path: string): void {
    this.#touch(() => this.#paths.add(path));
  }

  touchKeys(): void {
    this.#touch(() => (this.#keys = true));
  }

  touchGit(): void {
    this.#touch(() => (this.#git = true));
  }

  /** Something happened that only reading the whole source folder can tell (a folder came or went, a watch failed). */
  touchAll(): void {
    this.#touch(() => (this.#rescan = true));
  }

  /** Git's `index.lock` appeared: the hold starts now, if it has not already. */
  noteGitLock(): void {
    if (this.#lockHold.since === undefined) this.#lockHold = { ...this.#lockHold, since: this.#options.now() };
  }

  /** Rereads everything every `intervalMs`, unless a batch is already due or being read. */
  startPolling(intervalMs: number): void {
    if (this.#closed) return;
    this.#pollTimer = setInterval(() => {
      if (this.#busy || this.#timer !== undefined) return;
      this.#markAll();
      this.#schedule(0);
    }, intervalMs);
    this.#pollTimer.unref();
  }

  /** Reads everything at once, whatever Git holds; rejects when that fails. */
  async settleInitial(): Promise<void> {
    this.#markAll();
    await this.#settle(true);
  }

  /** Resolves once no batch is due, being read, or waiting to be read again. */
  async idle(): Promise<void> {
    while (!this.#closed && (this.#busy || this.#timer !== undefined || this.#recheckTimer !== undefined)) {
      await this.#settling;
      await new Promise((done) => setTimeout(done, 5));
    }
  }

  /** Stops every timer at once; resolves when the batch being read (if any) has ended. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    clearTimeout(this.#recheckTimer);
    clearInterval(this.#pollTimer);
    await this.#settling.catch(() => undefined);
  }

  #markAll(): void {
    this.#rescan = true;
    this.#keys = true;
    this.#git = true;
  }

  /** Records an event and (re)starts the quiet period, unless the batch has waited long enough already. */
  #touch(record: () => void): void {
    if (this.#closed) return;
    record();
    const now = this.#options.now();
    this.#firstEventAt ??= now;
    if (this.#busy) return; // the running settle schedules the next batch when it ends
    this.#schedule(delayAfterEvent(this.#options.timing, this.#firstEventAt, now));
  }

  #schedule(delay: number): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#settling = this.#settle(false);
    }, delay);
  }

  #hasWork(): boolean {
    return this.#paths.size > 0 || this.#recheckPaths.size > 0 || this.#keys || this.#recheckKeys || this.#git || this.#rescan;
  }

  async #settle(initial: boolean): Promise<void> {
    if (this.#closed || !this.#hasWork()) return;
    const options = this.#options;
    if (!initial) {
      // Git is writing (checkout, pull, reset, commit): wait until it is done, then one more quiet period.
      const step = stepLockHold(options.timing, this.#lockHold, options.isGitLocked(), options.now());
      this.#lockHold = step.hold;
      if (step.action === 'wait') {
        this.#schedule(step.delayMs);
        return;
      }
      if (step.warn) options.onLockOverdue();
    }

    const eventPaths = this.#paths;
    const eventKeys = this.#keys;
    const batch: SourceBatch = {
      paths: [...new Set([...eventPaths, ...this.#recheckPaths])].sort(),
      keys: eventKeys || this.#recheckKeys,
      git: this.#git,
      rescan: this.#rescan,
    };
    this.#paths = new Set();
    this.#recheckPaths = new Set();
    this.#keys = false;
    this.#recheckKeys = false;
    this.#git = false;
    this.#rescan = false;
    this.#firstEventAt = undefined;
    this.#busy = true;
    try {
      const { rescanned } = await options.settle(batch, initial);
      if (this.#closed) return;
      if (!rescanned) this.#armRecheck(eventPaths, eventKeys);
      this.#failures = 0;
    } catch (error) {
      if (initial) throw error;
      this.#failures += 1;
      options.onSettleFailed(error);
      this.#rescan = true;
      this.#firstEventAt ??= options.now();
    } finally {
      this.#busy = false;
      if (!this.#closed && this.#hasWork()) {
        this.#firstEventAt ??= options.now();
        // A source that keeps failing is retried less and less often, never in a tight loop.
        this.#schedule(delayAfterSettle(options.timing, this.#failures));
      }
    }
  }

  /**
   * chokidar drops a second `change` of the same file within 50 ms of the first, so a save right after another
   * could go unseen: read the files of this batch once more after that window (the watcher drops unchanged text).
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
}
