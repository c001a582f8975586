import { deserialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import type { Token } from '../../src/compile/types.js';
import { packCompileResult } from '../../src/state/compile-handoff.js';
import type { SourceEvent } from '../../src/state/events.js';
import { reduce } from '../../src/state/reduce.js';
import { createEmptySnapshot } from '../../src/state/snapshot.js';
import type { Snapshot } from '../../src/state/snapshot.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { compileFiles } from '../helpers/fixtures.js';

const T0 = Date.UTC(2026, 0, 1);
const changed = (path: string, text: string, at = T0): SourceEvent => ({ type: 'file/changed', path, text, at });

const SYSTEM = 'name: Modes\nmodes:\n  dark-dimmed: { base: dark }\n  light-hc: { base: light }\n';
const SCALES = (dimmed: string) => `scales:
  gray:
    0: { light: "#FFFFFF", dark: "#0D1117", dark-dimmed: "${dimmed}" }
    900: { light: "#1F2328", dark: "#F0F6FC" }
`;
const TOKENS = `tokens:
  color.bg: { type: color, scale: gray, step: 0 }
  color.fg: { type: color, scale: gray, step: 900, darkStep: 0 }
  color.scrim: { type: color, color: "#00000080", modes: { light-hc: { alpha: 0.8 } } }
  opacity.muted: { type: opacity, value: 0.6, modes: { dark-dimmed: { value: 0.5 } } }
`;

const valueIn = (snapshot: Snapshot, key: string, mode: string): string | undefined => {
  const token = snapshot.systems.get('ds')?.compiled?.tokens.find((candidate) => candidate.key === key);
  const value = token?.resolved[mode];
  return value === undefined ? undefined : formatCssValue(value);
};

describe('reduce: design systems with modes', () => {
  const loaded = reduce(createEmptySnapshot(), [
    changed('ds/system.yaml', SYSTEM),
    changed('ds/scales.yaml', SCALES('#212830')),
    changed('ds/tokens.yaml', TOKENS),
  ]);

  it('folds the files into a frozen snapshot holding every mode’s typed values', () => {
    const compiled = loaded.systems.get('ds')?.compiled;
    expect(loaded.systems.get('ds')?.problems).toEqual([]);
    expect(compiled?.modes.map((mode) => mode.name)).toEqual(['light', 'dark', 'dark-dimmed', 'light-hc']);
    expect(Object.isFrozen(compiled?.modes)).toBe(true);
    for (const token of compiled?.tokens ?? []) {
      expect(Object.isFrozen(token.resolved)).toBe(true);
      for (const value of Object.values(token.resolved)) expect(Object.isFrozen(value)).toBe(true);
    }
    expect(valueIn(loaded, 'color.bg', 'dark-dimmed')).toBe('#212830');
    expect(valueIn(loaded, 'color.scrim', 'light-hc')).toBe('#000000CC');
    expect(valueIn(loaded, 'opacity.muted', 'dark-dimmed')).toBe('0.5');
  });

  it('changes only what a save in one mode changes, and keeps the other tokens’ objects', () => {
    const next = reduce(loaded, [changed('ds/scales.yaml', SCALES('#2A313C'), T0 + 1000)]);
    expect(next.seq).toBe(loaded.seq + 1);
    expect(valueIn(next, 'color.bg', 'dark-dimmed')).toBe('#2A313C');
    expect(valueIn(next, 'color.bg', 'dark')).toBe('#0D1117');
    const before = loaded.systems.get('ds')?.compiled;
    const after = next.systems.get('ds')?.compiled;
    expect(after?.contentHash).not.toBe(before?.contentHash);
    // The worker sends unchanged tokens as indexes: only color.bg (and color.fg, dark step 0 of gray) changed in dark-dimmed.
    const packed = packCompileResult({ system: after, diagnostics: [] }, before);
    expect(packed.kind).toBe('sliced');
    const tokens = packed.kind === 'sliced' ? packed.slices.flatMap((slice) => deserialize(slice) as (number | Token)[]) : [];
    const sent = tokens.map((token) => (typeof token === 'number' ? 'same' : token.key));
    expect(sent).toEqual(['color.bg', 'color.fg', 'same', 'same']);
  });

  it('keeps serving the last good version when a save names an unknown mode, with the problem at its place', () => {
    const broken = TOKENS.replace('light-hc: { alpha: 0.8 }', 'light-hi: { alpha: 0.8 }');
    const next = reduce(loaded, [changed('ds/tokens.yaml', broken, T0 + 2000)]);
    const state = next.systems.get('ds');
    expect(state?.compiled).toBe(loaded.systems.get('ds')?.compiled);
    expect(state?.problems).toEqual([
      {
        file: 'ds/tokens.yaml',
        line: 4,
        column: 60,
        rule: 'unknown-mode',
        message:
          '`color.scrim` gives a value for unknown mode `light-hi` (modes: light, dark, dark-dimmed, light-hc) (did you mean `light-hc`?)',
        severity: 'error',
      },
    ]);
  });

  it('gives the same content hash for the same content however the values are spelt', () => {
    const spelt = (scales: string) =>
      compileFiles('ds', [
        ['ds/system.yaml', SYSTEM],
        ['ds/scales.yaml', scales],
        ['ds/tokens.yaml', TOKENS],
      ]).system?.contentHash;
    const lower = SCALES('#212830').replace('#FFFFFF', '#fff');
    expect(spelt(lower)).toBe(spelt(SCALES('#212830')));
    expect(spelt(SCALES('#212831'))).not.toBe(spelt(SCALES('#212830')));
  });
});
