import { describe, expect, it } from 'vitest';
import type { SourceEvent } from '../../src/state/events.js';
import type { Snapshot } from '../../src/state/snapshot.js';
import { SnapshotStore } from '../../src/state/store.js';

const SYSTEM = 'name: Alpha\nid: alpha\n';
const tokens = (value: number) => `tokens:\n  space:\n    a: { type: spacing, value: ${value} }\n`;
const edit = (value: number, at: number): SourceEvent[] => [{ type: 'file/changed', path: 'alpha/tokens.yaml', text: tokens(value), at }];

function loadedStore(historySize?: number): SnapshotStore {
  const store = new SnapshotStore({ historySize });
  store.apply([{ type: 'file/changed', path: 'alpha/system.yaml', text: SYSTEM, at: 1_000 }, ...edit(1, 1_000)]);
  return store;
}

describe('SnapshotStore', () => {
  it('swap in a new snapshot per changing batch, keeping a bounded history, newest first', () => {
    const store = loadedStore(2);
    expect(store.current.seq).toBe(1);
    for (let value = 2; value <= 4; value++) store.apply(edit(value, value * 1_000));
    expect(store.current.seq).toBe(4);
    expect(store.history.map((snapshot) => snapshot.seq)).toEqual([3, 2]);
    expect(store.find(4)).toBe(store.current);
    expect(store.find(3)).toBe(store.history[0]);
    expect(store.find(1)).toBe(undefined);
  });

  it('keep the same snapshot, and tell no listener, when a batch changes nothing', () => {
    const store = loadedStore();
    const calls: number[] = [];
    store.subscribe((next) => calls.push(next.seq));
    const before = store.current;
    expect(store.apply(edit(1, 9_000))).toBe(before);
    expect(store.apply([])).toBe(before);
    expect(calls).toEqual([]);
    expect(store.history.length).toBe(1);
  });

  it('call every listener with the next and previous snapshots, even when one throws, until it unsubscribes', () => {
    const failures: unknown[] = [];
    const store = new SnapshotStore({ onListenerError: (errors) => failures.push(...errors) });
    const seen: [number, number][] = [];
    const unsubscribeFailing = store.subscribe(() => {
      throw new Error('socket gone');
    });
    const unsubscribe = store.subscribe((next: Snapshot, previous: Snapshot) => seen.push([next.seq, previous.seq]));
    expect(store.listenerCount).toBe(2);
    store.apply([{ type: 'file/changed', path: 'alpha/system.yaml', text: SYSTEM, at: 1 }]);
    expect(seen).toEqual([[1, 0]]);
    expect(failures.map((error) => (error as Error).message)).toEqual(['socket gone']);
    unsubscribeFailing();
    unsubscribe();
    expect(store.listenerCount).toBe(0);
    store.apply(edit(5, 2));
    expect(seen).toEqual([[1, 0]]);
  });

  it('keep the keys, and the snapshot, when the keys file is saved unchanged', () => {
    const store = new SnapshotStore();
    const keys = 'keys:\n  - name: alpha\n    sha256: ' + 'a'.repeat(64) + '\n    designSystem: alpha\n';
    store.apply([{ type: 'keys/changed', path: '/k/keys.yaml', text: keys, at: 1 }]);
    const before = store.current;
    expect(before.keys.entries.length).toBe(1);
    expect(store.apply([{ type: 'keys/changed', path: '/k/keys.yaml', text: keys, at: 2 }])).toBe(before);
  });
});
