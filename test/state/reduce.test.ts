import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { SourceEvent } from '../../src/state/events.js';
import { reduce } from '../../src/state/reduce.js';
import { createEmptySnapshot } from '../../src/state/snapshot.js';
import type { Snapshot } from '../../src/state/snapshot.js';
import { EXAMPLE_KEYS, EXAMPLE_SOURCE, folderEvents } from '../helpers/fixtures.js';

const isFrozen = (value: unknown): boolean => Object.isFrozen(value);

const T0 = Date.UTC(2026, 0, 1);
const changed = (path: string, text: string, at = T0 + 1000): SourceEvent => ({ type: 'file/changed', path, text, at });
const removed = (path: string, at = T0 + 1000): SourceEvent => ({ type: 'file/removed', path, at });

async function loadExamples(): Promise<Snapshot> {
  const events = await folderEvents(EXAMPLE_SOURCE, T0);
  events.push({ type: 'keys/changed', path: 'keys.yaml', text: await readFile(EXAMPLE_KEYS, 'utf8'), at: T0 });
  return reduce(createEmptySnapshot(), events);
}

/** The invariants every transition keeps (Redux Toolkit's `behavesLikeReducer`). */
function expectReducerInvariants(previous: Snapshot, batch: readonly SourceEvent[], next: Snapshot, touchedSlugs: readonly string[]): void {
  expect(isFrozen(next)).toBe(true);
  expect(isFrozen(next.systems)).toBe(true);
  expect(isFrozen(next.keys)).toBe(true);
  for (const state of next.systems.values()) {
    expect(isFrozen(state)).toBe(true);
    if (state.compiled !== undefined) {
      expect(isFrozen(state.compiled)).toBe(true);
      expect(isFrozen(state.compiled.tokens)).toBe(true);
      expect(state.compiled.tokens.every((token) => isFrozen(token) && isFrozen(token.value) && isFrozen(token.resolved))).toBe(true);
    }
  }
  for (const [slug, state] of previous.systems) {
    if (!touchedSlugs.includes(slug)) expect(next.systems.get(slug)).toBe(state);
  }
  expect(next.seq).toBe(next === previous ? previous.seq : previous.seq + 1);
  if (next !== previous) expect(next.createdAt).toBe(new Date(Math.max(...batch.map((event) => event.at))).toISOString());
}

describe('reduce', () => {
  it('loads the example content: three design systems without problems, keys in force, sequence 1', async () => {
    const snapshot = await loadExamples();
    expectReducerInvariants(createEmptySnapshot(), [{ type: 'file/removed', path: 'x', at: T0 }], snapshot, [
      'acme',
      'acme-docs',
      'harbor',
    ]);
    expect(snapshot.seq).toBe(1);
    expect([...snapshot.systems.keys()].sort()).toEqual(['acme', 'acme-docs', 'harbor']);
    expect(snapshot.systems.get('acme')?.compiled?.tokens).toHaveLength(191);
    expect(snapshot.systems.get('acme')?.problems).toEqual([]);
    expect(snapshot.systems.get('acme-docs')?.compiled?.tokens).toHaveLength(20);
    expect(snapshot.systems.get('acme')?.lastUpdated).toBe('2026-01-01T00:00:00.000Z');
    expect(snapshot.systems.get('harbor')?.compiled?.tokens).toHaveLength(61);
    expect(snapshot.keys.entries.map((entry) => entry.name)).toEqual(['demo', 'docs-site', 'harbor-demo']);
    expect(snapshot.keys.problems).toEqual([]);
  });

  it('returns the same snapshot for an empty batch, a save with the same text, a non-YAML file and an unknown removal', async () => {
    const snapshot = await loadExamples();
    const text = await readFile(`${EXAMPLE_SOURCE}/acme-docs/tokens.yaml`, 'utf8');
    for (const batch of [
      [],
      [changed('acme-docs/tokens.yaml', text)],
      [changed('acme-docs/notes.md', 'x')],
      [changed('acme/.hidden/x.yaml', 'x')],
      [changed('top.yaml', 'x')],
      [removed('acme/nope.yaml')],
    ]) {
      const next = reduce(snapshot, batch);
      expect(next).toBe(snapshot);
    }
  });

  it('recompiles only the design system whose file changed; the other keeps its identity', async () => {
    const snapshot = await loadExamples();
    const text = await readFile(`${EXAMPLE_SOURCE}/acme-docs/tokens.yaml`, 'utf8');
    const batch = [
      changed(
        'acme-docs/tokens.yaml',
        text.replace('sidebarWidth: { type: spacing, value: 280 }', 'sidebarWidth: { type: spacing, value: 300 }'),
      ),
    ];
    const next = reduce(snapshot, batch);
    expectReducerInvariants(snapshot, batch, next, ['acme-docs']);
    expect(next.seq).toBe(2);
    const docs = next.systems.get('acme-docs');
    const sidebarWidth = { kind: 'dimension', value: 300, unit: 'px' };
    expect(docs?.compiled?.tokens.find((token) => token.key === 'spacing.sidebarWidth')?.resolved).toEqual({
      light: sidebarWidth,
      dark: sidebarWidth,
    });
    expect(docs?.lastUpdated).toBe('2026-01-01T00:00:01.000Z');
    expect(next.keys).toBe(snapshot.keys);
  });

  it('keeps the last good version of a design system whose file breaks, and records the problems', async () => {
    const snapshot = await loadExamples();
    const good = snapshot.systems.get('acme-docs')?.compiled;
    const batch = [changed('acme-docs/tokens.yaml', 'tokens:\n  spacing.md: { type: spacng, value: 16 }\n')];
    const next = reduce(snapshot, batch);
    expectReducerInvariants(snapshot, batch, next, ['acme-docs']);
    const docs = next.systems.get('acme-docs');
    expect(docs?.compiled).toBe(good);
    expect(docs?.lastUpdated).toBe(snapshot.systems.get('acme-docs')?.lastUpdated);
    expect(docs?.problems).toEqual([
      {
        file: 'acme-docs/tokens.yaml',
        line: 2,
        column: 23,
        rule: 'unknown-token-type',
        message:
          'unknown token type `spacng` for `spacing.md` (did you mean `spacing`?); the types are boolean, border, color, dimension, duration, easing, font.family, font.letterSpacing, font.lineHeight, font.size, font.weight, gradient, keyword, opacity, radius, shadow, spacing, strokeStyle, transition, typography, z-index',
        severity: 'error',
      },
    ]);
    // The same broken text again changes nothing.
    expect(
      reduce(
        next,
        batch.map((event) => ({ ...event, at: T0 + 5000 })),
      ),
    ).toBe(next);
  });

  it('records a design system that never compiled without a compiled version', () => {
    const batch = [changed('ds/tokens.yaml', 'tokens: {}\n', T0)];
    const next = reduce(createEmptySnapshot(), batch);
    expect(next.systems.get('ds')).toEqual({
      slug: 'ds',
      compiled: undefined,
      lastUpdated: null,
      problems: [
        {
          file: 'ds/system.yaml',
          line: 1,
          column: 1,
          rule: 'missing-system-file',
          message: 'design system `ds` has no system.yaml (it needs at least `name`)',
          severity: 'error',
        },
      ],
    });
  });

  it('removes a design system when all its files are removed', async () => {
    const snapshot = await loadExamples();
    const batch = ['acme-docs/system.yaml', 'acme-docs/theme.yaml', 'acme-docs/tokens.yaml'].map((path) => removed(path));
    const partial = reduce(snapshot, batch.slice(0, 2));
    expect(partial.systems.get('acme-docs')?.compiled).toBe(snapshot.systems.get('acme-docs')?.compiled);
    const next = reduce(snapshot, batch);
    expectReducerInvariants(snapshot, batch, next, ['acme-docs']);
    expect(next.systems.has('acme-docs')).toBe(false);
    expect([...next.files.keys()].some((path) => path.startsWith('acme-docs/'))).toBe(false);
  });

  // Issue 12: only a keys file that is not YAML keeps the previous keys (and says since when); any YAML is applied.
  it('keeps the previous keys when the keys file is not YAML, and records the problem and since when', async () => {
    const snapshot = await loadExamples();
    const batch: SourceEvent[] = [{ type: 'keys/changed', path: 'keys.yaml', text: 'keys:\n  - name: [x\n', at: T0 + 1000 }];
    const next = reduce(snapshot, batch);
    expectReducerInvariants(snapshot, batch, next, []);
    expect(next.keys.entries).toBe(snapshot.keys.entries);
    expect(next.keys.bySha256).toBe(snapshot.keys.bySha256);
    expect(next.keys.staleSince).toBe(new Date(T0 + 1000).toISOString());
    expect(next.keys.problems).toEqual([
      {
        file: 'keys.yaml',
        line: 3,
        column: 1,
        rule: 'yaml-syntax',
        message: 'Flow sequence in block collection must be sufficiently indented and end with a ]',
        severity: 'error',
      },
    ]);
    expect(reduce(next, [{ ...batch[0]!, at: T0 + 2000 }]).keys.staleSince).toBe(next.keys.staleSince);
  });

  it('applies a keys file with a wrong entry: the entry is refused, and so are the keys the file no longer lists', async () => {
    const snapshot = await loadExamples();
    const batch: SourceEvent[] = [{ type: 'keys/changed', path: 'keys.yaml', text: 'keys:\n  - name: x\n', at: T0 + 1000 }];
    const next = reduce(snapshot, batch);
    expect(next.keys.entries).toEqual([]);
    expect(next.keys.bySha256.size).toBe(0);
    expect(next.keys.staleSince).toBeNull();
    expect(next.keys.problems).toEqual([
      {
        file: 'keys.yaml',
        line: 2,
        column: 5,
        rule: 'missing-field',
        message: '`sha256` must be the 64-digit hex SHA-256 of the key',
        severity: 'error',
      },
      {
        file: 'keys.yaml',
        line: 2,
        column: 5,
        rule: 'missing-field',
        message: '`designSystem` must be the slug of a design system',
        severity: 'error',
      },
    ]);
  });

  it('drops every key when the keys file is removed', async () => {
    const snapshot = await loadExamples();
    const next = reduce(snapshot, [{ type: 'keys/changed', path: 'keys.yaml', text: null, at: T0 + 1 }]);
    expect(next.keys.entries).toEqual([]);
    expect(next.keys.bySha256.size).toBe(0);
  });

  it('takes lastUpdated from the commit time on first load of a clean design system, from the batch time otherwise', async () => {
    const events = await folderEvents(EXAMPLE_SOURCE, T0);
    const head: SourceEvent = {
      type: 'git/head-moved',
      commit: 'a'.repeat(40),
      dirtySlugs: ['acme-docs'],
      commitTimes: { acme: '2025-06-01T12:00:00.000Z', 'acme-docs': '2025-06-02T12:00:00.000Z' },
      at: T0,
    };
    const next = reduce(createEmptySnapshot(), [head, ...events]);
    expect(next.systems.get('acme')?.lastUpdated).toBe('2025-06-01T12:00:00.000Z');
    expect(next.systems.get('acme-docs')?.lastUpdated).toBe('2026-01-01T00:00:00.000Z');
    expect(next.git.commit).toBe('a'.repeat(40));
    expect(reduce(next, [{ ...head, at: T0 + 10 }])).toBe(next);
  });

  it('keeps the snapshot for a Git state it has, and the parts of a new one that did not change', async () => {
    const snapshot = await loadExamples();
    const head: SourceEvent = {
      type: 'git/head-moved',
      commit: 'a'.repeat(40),
      dirtySlugs: ['acme-docs'],
      commitTimes: { acme: '2025-06-01T12:00:00.000Z', 'acme-docs': '2025-06-02T12:00:00.000Z' },
      at: T0 + 1,
    };
    const next = reduce(snapshot, [head]);
    const reordered = { 'acme-docs': '2025-06-02T12:00:00.000Z', acme: '2025-06-01T12:00:00.000Z' };
    expect(reduce(next, [{ ...head, dirtySlugs: ['acme-docs'], commitTimes: reordered, at: T0 + 2 }])).toBe(next);

    const moved = reduce(next, [{ ...head, commit: 'b'.repeat(40), at: T0 + 3 }]);
    expect(moved.git).toEqual({ commit: 'b'.repeat(40), dirtySlugs: ['acme-docs'], commitTimes: head.commitTimes });
    expect(isFrozen(moved.git)).toBe(true);
    expect(moved.git.dirtySlugs).toBe(next.git.dirtySlugs);
    expect(moved.git.commitTimes).toBe(next.git.commitTimes);
  });

  it('gives the same served content whatever the order of the files in the batch', async () => {
    const events = await folderEvents(EXAMPLE_SOURCE, T0);
    const forward = reduce(createEmptySnapshot(), events);
    const backward = reduce(createEmptySnapshot(), [...events].reverse());
    for (const slug of ['acme', 'acme-docs']) {
      expect(backward.systems.get(slug)?.compiled?.contentHash).toBe(forward.systems.get(slug)?.compiled?.contentHash);
    }
  });
});
