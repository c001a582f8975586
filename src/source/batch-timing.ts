/** How long the source watcher waits before it reads a batch. Pure: the batcher asks, its timers wait. */

export const DEFAULT_QUIET_MS = 30;
export const DEFAULT_MAX_WAIT_MS = 500;
export const DEFAULT_LOCK_HOLD_MS = 10_000;
/** How often a batch held by Git's `index.lock` looks again. */
export const LOCK_POLL_MS = 20;
/** The longest wait between retries of a source that keeps failing to read. */
export const MAX_RETRY_MS = 5_000;
/** chokidar ignores a file's further changes for 50 ms after it reports one. */
export const RECHECK_MS = 70;

export interface BatchTiming {
  /** A batch settles after this long without a new event... */
  readonly quietMs: number;
  /** ...or this long after its first event, whatever keeps coming. */
  readonly maxWaitMs: number;
  /** How long a batch waits for Git's `index.lock` to go away before it settles anyway. */
  readonly lockHoldMs: number;
}

/** The delay before a batch whose first event came at `firstEventAt` settles, asked at `now`: a quiet period, cut short by the maximum wait. */
export function delayAfterEvent(timing: BatchTiming, firstEventAt: number, now: number): number {
  const waited = now - firstEventAt;
  return waited >= timing.maxWaitMs ? 0 : Math.min(timing.quietMs, timing.maxWaitMs - waited);
}

/** The delay before the work left after a batch is read: a quiet period, doubled for each read that failed in a row (up to MAX_RETRY_MS). */
export function delayAfterSettle(timing: BatchTiming, failures: number): number {
  return failures === 0 ? timing.quietMs : Math.min(timing.quietMs * 2 ** failures, MAX_RETRY_MS);
}

/** Since when Git has held `index.lock` (undefined when it does not), and whether that was logged. */
export interface LockHold {
  readonly since: number | undefined;
  readonly warned: boolean;
}

export const NO_LOCK_HOLD: LockHold = { since: undefined, warned: false };

/** What a batch due to settle does about Git's lock: wait and look again, or settle (logging once that it stopped waiting). */
export type LockStep =
  | { readonly action: 'wait'; readonly delayMs: number; readonly hold: LockHold }
  | { readonly action: 'settle'; readonly warn: boolean; readonly hold: LockHold };

/** The next step of a batch due to settle at `now`, given whether `index.lock` exists and the hold so far. */
export function stepLockHold(timing: BatchTiming, hold: LockHold, locked: boolean, now: number): LockStep {
  if (locked) {
    const since = hold.since ?? now;
    if (now - since < timing.lockHoldMs) return { action: 'wait', delayMs: LOCK_POLL_MS, hold: { since, warned: hold.warned } };
    return { action: 'settle', warn: !hold.warned, hold: { since, warned: true } };
  }
  // Git just let go of the lock: give the last files it wrote one more quiet period to be reported.
  if (hold.since !== undefined) return { action: 'wait', delayMs: timing.quietMs, hold: NO_LOCK_HOLD };
  return { action: 'settle', warn: false, hold };
}
