import { describe, expect, it } from 'vitest';
import { delayAfterEvent, delayAfterSettle, LOCK_POLL_MS, NO_LOCK_HOLD, stepLockHold } from '../../src/source/batch-timing.js';
import type { BatchTiming, LockHold, LockStep } from '../../src/source/batch-timing.js';

const TIMING: BatchTiming = { quietMs: 30, maxWaitMs: 500, lockHoldMs: 10_000 };

describe('delayAfterEvent', () => {
  it.each<[string, { firstEventAt: number; now: number; want: number }]>([
    ['a first event waits one quiet period', { firstEventAt: 1_000, now: 1_000, want: 30 }],
    ['a later event restarts the quiet period', { firstEventAt: 1_000, now: 1_200, want: 30 }],
    ['an event near the maximum wait waits only for what is left of it', { firstEventAt: 1_000, now: 1_480, want: 20 }],
    ['an event at the maximum wait settles at once', { firstEventAt: 1_000, now: 1_500, want: 0 }],
    ['an event past the maximum wait settles at once', { firstEventAt: 1_000, now: 2_000, want: 0 }],
  ])('%s', (_name, { firstEventAt, now, want }) => {
    expect(delayAfterEvent(TIMING, firstEventAt, now)).toBe(want);
  });
});

describe('delayAfterSettle', () => {
  it.each<[string, { failures: number; want: number }]>([
    ['after a read that worked: one quiet period', { failures: 0, want: 30 }],
    ['after one failure: twice that', { failures: 1, want: 60 }],
    ['after four failures in a row: sixteen times', { failures: 4, want: 480 }],
    ['after many failures: never more than 5 s', { failures: 20, want: 5_000 }],
  ])('%s', (_name, { failures, want }) => {
    expect(delayAfterSettle(TIMING, failures)).toBe(want);
  });
});

describe('stepLockHold', () => {
  it.each<[string, { hold: LockHold; locked: boolean; now: number; want: LockStep }]>([
    ['no lock: settle', { hold: NO_LOCK_HOLD, locked: false, now: 5, want: { action: 'settle', warn: false, hold: NO_LOCK_HOLD } }],
    [
      'a lock first seen now: wait, and the hold starts now',
      {
        hold: NO_LOCK_HOLD,
        locked: true,
        now: 5,
        want: { action: 'wait', delayMs: LOCK_POLL_MS, hold: { since: 5, warned: false } },
      },
    ],
    [
      'a lock seen by the watch before: the hold started then',
      {
        hold: { since: 1, warned: false },
        locked: true,
        now: 9_999,
        want: { action: 'wait', delayMs: LOCK_POLL_MS, hold: { since: 1, warned: false } },
      },
    ],
    [
      'a lock held for the whole hold: settle anyway, and say so',
      {
        hold: { since: 1, warned: false },
        locked: true,
        now: 10_001,
        want: { action: 'settle', warn: true, hold: { since: 1, warned: true } },
      },
    ],
    [
      'a lock held on after that: settle without saying so again',
      {
        hold: { since: 1, warned: true },
        locked: true,
        now: 20_000,
        want: { action: 'settle', warn: false, hold: { since: 1, warned: true } },
      },
    ],
    [
      'a lock just let go: one more quiet period, and the hold is over',
      { hold: { since: 1, warned: true }, locked: false, now: 20_000, want: { action: 'wait', delayMs: 30, hold: NO_LOCK_HOLD } },
    ],
  ])('%s', (_name, { hold, locked, now, want }) => {
    expect(stepLockHold(TIMING, hold, locked, now)).toEqual(want);
  });
});
