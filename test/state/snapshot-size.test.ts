import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { compileSourceTexts } from '../../src/state/compile-batch.js';
import { createEmptySnapshot } from '../../src/state/snapshot.js';
import type { Snapshot } from '../../src/state/snapshot.js';
import { estimateSnapshotBytes } from '../../src/state/snapshot-size.js';
import { contrastSystemFiles } from '../views/api/contrast-fixture.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

type Files = readonly (readonly [string, string])[];

/** `chains` chains of 64 references each, keys sorted tail first: every token stores its chain in both modes. */
function chainFiles(chains: number): Files {
  const name = (chain: number, hop: number): string => `space.c${chain}.t${String(hop).padStart(3, '0')}`;
  let text = 'tokens:\n';
  for (let chain = 0; chain < chains; chain++) {
    text += `  ${name(chain, 0)}: { type: spacing, value: ${chain} }\n`;
    for (let hop = 1; hop <= 64; hop++) text += `  ${name(chain, hop)}: { type: spacing, ref: ${name(chain, hop - 1)} }\n`;
  }
  return [
    ['s/system.yaml', 'name: Chains\n'],
    ['s/tokens.yaml', text],
  ];
}

/** `tokens` tokens with a value of their own in each of 100 further modes. */
function perModeFiles(tokens: number): Files {
  const modes = Array.from({ length: 100 }, (_, index) => `m${index}`);
  const files: [string, string][] = [
    ['s/system.yaml', `name: Modes\nmodes:\n${modes.map((mode) => `  ${mode}: { base: light }\n`).join('')}`],
  ];
  for (let start = 0; start < tokens; start += 100) {
    let text = 'tokens:\n';
    for (let index = start; index < Math.min(tokens, start + 100); index++) {
      text += `  space.s${index}: { type: spacing, value: ${index}, modes: { ${modes.map((mode, at) => `${mode}: { value: ${index * 1000 + at} }`).join(', ')} } }\n`;
    }
    files.push([`s/tokens-${start}.yaml`, text]);
  }
  return files;
}

/** A snapshot of one design system as a revision build makes it: texts, and the compile result copied by structured clone. */
function snapshotOf(files: Files): Snapshot {
  const { system, diagnostics } = compileSourceTexts(
    's',
    files.map(([path, text]) => ({ path, text: `${text} `.slice(0, -1) })),
  );
  expect(diagnostics).toEqual([]);
  return {
    ...createEmptySnapshot(),
    files: new Map(files.map(([path, text]) => [path, { text: `${text} `.slice(0, -1) }])),
    systems: new Map([['s', { slug: 's', compiled: structuredClone(system), lastUpdated: null, problems: [] }]]),
  };
}

/** The heap one more snapshot of `files` takes, measured over three copies held at once after a full collection. */
function measuredHeapBytes(files: Files): number {
  const copies: Snapshot[] = [];
  collectGarbage();
  const before = process.memoryUsage().heapUsed;
  for (let copy = 0; copy < 3; copy++) copies.push(snapshotOf(files));
  collectGarbage();
  const bytes = (process.memoryUsage().heapUsed - before) / copies.length;
  copies.length = 0;
  return bytes;
}

describe('the revision cache counts what a snapshot holds, not the size of its sources', () => {
  // Sources of a few hundred KB that compile to many values or long chains. Chains are stored one hop per token (they
  // once took 11.9 MB here, every token holding its whole chain); values per mode take 18 MB.
  it.each([
    ['60 chains of 64 references', chainFiles(60)],
    ['900 tokens with a value in each of 100 modes', perModeFiles(900)],
    [
      '1,400 contrast pairs in 14 modes (19,600 checks, near the limit)',
      contrastSystemFiles({ pairs: 1_400, declaredModes: 12 }).map(([path, text]): [string, string] => [path.replace(/^ds\//, 's/'), text]),
    ],
  ])('%s: the estimate is at least the heap the snapshot takes', (_name, files) => {
    const estimate = estimateSnapshotBytes(snapshotOf(files));
    const measured = measuredHeapBytes(files);
    expect(measured).toBeGreaterThan(1_000_000);
    expect(estimate).toBeGreaterThanOrEqual(measured);
    // And not wildly above it, or the cache would hold needlessly few revisions.
    expect(estimate).toBeLessThan(measured * 3);
  });
});
