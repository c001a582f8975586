import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BatchTiming } from '../../src/source/batch-timing.js';
import { SourceBatcher } from '../../src/source/source-batcher.js';
import type { SourceBatch } from '../../src/source/source-batcher.js';

/** A path, or `:keys`, `:git`, `:all` (a folder came or went), `:lock` (Git's directory saw `index.lock`). */
type Touch = string;

interface Scenario {
  /** What the watcher feeds the batcher, in ms from the start. */
  readonly touches: readonly (readonly [at: number, touch: Touch])[];
  readonly timing?: Partial<BatchTiming>;
  /** When Git holds `index.lock`: [from, to) in ms. */
  readonly locked?: readonly [from: number, to: number];
  /** How long each read takes. */
  readonly readMs?: number;
  /** Which reads fail, counted from 0. */
  readonly failing?: readonly number[];
  /** What happened, in order: `<ms> <batch>` for each read (paths, then keys, git, rescan), or `<ms> failed`, `<ms> lock overdue`. */
  readonly want: readonly string[];
}

const TIMING: BatchTiming = { quietMs: 30, maxWaitMs: 500, lockHoldMs: 10_000 };
/** Long enough for every scenario to settle completely. */
const RUN_MS = 20_000;

const describeBatch = (batch: SourceBatch): string =>
  [...batch.paths, ...(batch.keys ? ['keys'] : []), ...(batch.git ? ['git'] : []), ...(batch.rescan ? ['rescan'] : [])].join(' ');

const names = (count: number, step = 1): string[] =>
  Array.from({ length: count }, (_, index) => `n${String(index * step).padStart(3, '0')}`);

let start = 0;
const elapsed = (): number => Date.now() - start;

function createBatcher(scenario: Omit<Scenario, 'touches' | 'want'> = {}): { batcher: SourceBatcher; log: string[] } {
  const log: string[] = [];
  let reads = 0;
  const batcher = new SourceBatcher({
    timing: { ...TIMING, ...scenario.timing },
    now: () => Date.now(),
    isGitLocked: () => scenario.locked !== undefined && elapsed() >= scenario.locked[0] && elapsed() < scenario.locked[1],
    settle: async (batch, initial) => {
      const read = reads++;
      log.push(`${elapsed()} ${initial ? 'initial ' : ''}${describeBatch(batch)}`);
      if (scenario.readMs !== undefined) await new Promise((done) => setTimeout(done, scenario.readMs));
      if (scenario.failing?.includes(read) === true) throw new Error('unreadable');
      return { rescanned: batch.rescan };
    },
    onLockOverdue: () => log.push(`${elapsed()} lock overdue`),
    onSettleFailed: () => log.push(`${elapsed()} failed`),
  });
  return { batcher, log };
}

function feed(batcher: SourceBatcher, touch: Touch): void {
  if (touch === ':keys') batcher.touchKeys();
  else if (touch === ':git') batcher.touchGit();
  else if (touch === ':all') batcher.touchAll();
  else if (touch === ':lock') {
    batcher.noteGitLock();
    batcher.touchGit();
  } else batcher.touchPath(touch);
}

async function play(scenario: Scenario): Promise<string[]> {
  const { batcher, log } = createBatcher(scenario);
  for (const [at, touch] of scenario.touches) {
    await vi.advanceTimersByTimeAsync(at - elapsed());
    feed(batcher, touch);
  }
  await vi.advanceTimersByTimeAsync(RUN_MS - elapsed());
  await batcher.close();
  return log;
}

beforeEach(() => {
  vi.useFakeTimers();
  start = Date.now();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('SourceBatcher', () => {
  it.each<[string, Scenario]>([
    [
      'read a save one quiet period later, and once more after chokidar drops changes (70 ms)',
      { touches: [[0, 'a.yaml']], want: ['30 a.yaml', '130 a.yaml'] },
    ],
    [
      'fold a burst whose events come closer than the quiet period into one batch, read when it settles',
      {
        touches: names(20).map((name, index) => [index * 10, name] as const),
        want: [`220 ${names(20).join(' ')}`, `320 ${names(20).join(' ')}`],
      },
    ],
    [
      'read saves further apart than the quiet period each in their own batch (the re-reads join)',
      {
        touches: [
          [0, 'a.yaml'],
          [40, 'b.yaml'],
        ],
        want: ['30 a.yaml', '70 b.yaml', '130 a.yaml b.yaml'],
      },
    ],
    [
      'cut a stream of events at the maximum wait, and start the next batch with the next event',
      {
        timing: { maxWaitMs: 100 },
        touches: [0, 20, 40, 60, 80, 100, 120, 140].map((at) => [at, ':all'] as const),
        want: ['100 rescan', '170 rescan'],
      },
    ],
    [
      'gather the keys file and the Git directory into the batch, and re-read the keys file too',
      {
        touches: [
          [0, ':keys'],
          [10, ':git'],
          [20, 'a.yaml'],
        ],
        want: ['50 a.yaml keys git', '150 a.yaml keys'],
      },
    ],
    [
      'hold a batch while Git holds index.lock, then wait one more quiet period for its last files',
      {
        locked: [0, 200],
        touches: [
          [0, ':lock'],
          [10, 'a.yaml'],
        ],
        want: ['230 a.yaml git', '330 a.yaml'],
      },
    ],
    [
      'stop waiting for a lock held past the hold, saying so once per hold',
      {
        timing: { lockHoldMs: 100 },
        locked: [0, 1_000],
        touches: [
          [0, ':lock'],
          [10, 'a.yaml'],
          [300, 'b.yaml'],
        ],
        want: ['100 lock overdue', '100 a.yaml git', '200 a.yaml', '330 b.yaml', '430 b.yaml'],
      },
    ],
    [
      'retry a failed read as a rescan, waiting twice as long after each failure in a row',
      {
        failing: [0, 1, 2],
        touches: [[0, 'a.yaml']],
        want: ['30 a.yaml', '30 failed', '90 rescan', '90 failed', '210 rescan', '210 failed', '450 rescan'],
      },
    ],
    [
      'never wait longer than 5 s between retries',
      {
        timing: { quietMs: 1_000, maxWaitMs: 10_000 },
        failing: [0, 1, 2, 3],
        touches: [[0, ':all']],
        want: [
          '1000 rescan',
          '1000 failed',
          '3000 rescan',
          '3000 failed',
          '7000 rescan',
          '7000 failed',
          '12000 rescan',
          '12000 failed',
          '17000 rescan',
        ],
      },
    ],
    [
      'keep what arrives during a read for the next batch, one read at a time',
      {
        readMs: 50,
        touches: [
          [0, 'a.yaml'],
          [40, 'b.yaml'],
        ],
        want: ['30 a.yaml', '110 b.yaml', '190 a.yaml', '270 b.yaml'],
      },
    ],
  ])('%s', async (_name, scenario) => {
    expect(await play(scenario)).toEqual(scenario.want);
  });

  it('read the initial load at once, whatever Git holds, and reject when it fails', async () => {
    const { batcher, log } = createBatcher({ locked: [0, RUN_MS] });
    await batcher.settleInitial();
    expect(log).toEqual(['0 initial keys git rescan']);

    const failing = createBatcher({ failing: [0] });
    await expect(failing.batcher.settleInitial()).rejects.toThrow('unreadable');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(failing.log).toEqual(['0 initial keys git rescan']);
  });

  it('poll: re-read everything every interval, skipping a tick while a batch is due', async () => {
    const { batcher, log } = createBatcher();
    batcher.startPolling(100);
    await vi.advanceTimersByTimeAsync(90);
    batcher.touchAll(); // due at 120: the tick at 100 is skipped
    await vi.advanceTimersByTimeAsync(350 - 90);
    await batcher.close();
    // A tick's batch is due at once (Node makes a 0 ms timeout 1 ms).
    expect(log).toEqual(['120 rescan', '201 keys git rescan', '301 keys git rescan']);
  });

  it('read nothing once closed, and ignore what comes after', async () => {
    const { batcher, log } = createBatcher();
    batcher.touchPath('a.yaml');
    await batcher.close();
    batcher.touchKeys();
    batcher.startPolling(10);
    await vi.advanceTimersByTimeAsync(RUN_MS);
    expect(log).toEqual([]);
  });

  it('be idle once nothing is due, being read, or waiting to be read again', async () => {
    const { batcher, log } = createBatcher({ readMs: 50 });
    let idleAt: number | undefined;
    batcher.touchPath('a.yaml');
    void batcher.idle().then(() => (idleAt = elapsed()));
    await vi.advanceTimersByTimeAsync(RUN_MS);
    // Read at 30 until 80; touched again 70 ms later and read one quiet period after, at 180 until 230.
    expect(log).toEqual(['30 a.yaml', '180 a.yaml']);
    expect(idleAt).toBeGreaterThanOrEqual(230);
    expect(idleAt).toBeLessThanOrEqual(240);
    await batcher.close();
  });
});
