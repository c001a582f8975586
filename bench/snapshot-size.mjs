// Snapshot memory benchmark (not a test): the revision cache's estimate of a snapshot (`estimateSnapshotBytes`)
// against the V8 heap the same snapshot really takes, for design systems of every shape. The estimate must stay at or
// above the measured heap (ratio >= 1), or the `?ref=` cache could hold more than its setting.
//
//   npm run build && node --expose-gc bench/snapshot-size.mjs
//
// Each shape is compiled, copied by structured clone (as a compile worker's result reaches the main thread), and held
// COPIES times; the heap growth per copy after a full GC is the measured size.
import { compileSourceTexts } from '../dist/state/compile-batch.js';
import { estimateSnapshotBytes } from '../dist/state/snapshot-size.js';
import { createEmptySnapshot } from '../dist/state/snapshot.js';
import { generateDesignSystem } from './generate.mjs';

const COPIES = 4;
if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');

const scales =
  'scales:\n  gray:\n' + [100, 200, 300].map((step, i) => `    ${step}: { light: "#${i}${i}2030", dark: "#F0F6F${i}" }\n`).join('');
const modesYaml = (count) =>
  count === 0
    ? ''
    : `modes:\n${Array.from({ length: count }, (_, index) => `  m${index}: { base: ${index % 2 ? 'dark' : 'light'} }\n`).join('')}`;

/** `chains` chains of `length` references each, keys sorted tail first (every token stores its chain). */
function chainFiles(chains, length) {
  let text = 'tokens:\n';
  for (let chain = 0; chain < chains; chain++) {
    text += `  space.c${chain}.t000: { type: spacing, value: ${chain} }\n`;
    for (let hop = 1; hop <= length; hop++) {
      const name = (n) => `space.c${chain}.t${String(n).padStart(3, '0')}`;
      text += `  ${name(hop)}: { type: spacing, ref: ${name(hop - 1)} }\n`;
    }
  }
  return [
    ['s/system.yaml', 'name: Chains\n'],
    ['s/tokens.yaml', text],
  ];
}

/** `tokens` tokens with a value of their own in each of `modes` further modes (nothing shared). */
function perModeFiles(tokens, modes) {
  const files = [['s/system.yaml', `name: Modes\n${modesYaml(modes)}`]];
  for (let start = 0; start < tokens; start += 100) {
    let text = 'tokens:\n';
    for (let index = start; index < Math.min(tokens, start + 100); index++) {
      const own = Array.from({ length: modes }, (_, mode) => `m${mode}: { value: ${index * 1000 + mode} }`).join(', ');
      text += `  space.s${index}: { type: spacing, value: ${index}, modes: { ${own} } }\n`;
    }
    files.push([`s/tokens-${start}.yaml`, text]);
  }
  return files;
}

/** `tokens` colors on one scale in `modes` further modes (colors share their value objects). */
function colorFiles(tokens, modes) {
  const files = [
    ['s/system.yaml', `name: Colors\n${modesYaml(modes)}`],
    ['s/scales.yaml', scales],
  ];
  for (let start = 0; start < tokens; start += 1000) {
    let text = 'tokens:\n';
    for (let index = start; index < Math.min(tokens, start + 1000); index++)
      text += `  color.c${index}: { type: color, scale: gray, step: ${((index % 3) + 1) * 100} }\n`;
    files.push([`s/tokens-${start}.yaml`, text]);
  }
  return files;
}

const bench = generateDesignSystem({ slug: 's', tokens: 10_000 });
const SHAPES = [
  ['10,000 tokens of every type (bench system)', [...bench.files]],
  ['60 chains of 64 references (3,900 tokens)', chainFiles(60, 64)],
  ['900 tokens x 100 modes, a value each', perModeFiles(900, 100)],
  ['980 colors x 100 modes', colorFiles(980, 100)],
  ['20,000 colors, light and dark', colorFiles(20_000, 0)],
];

function snapshotOf(files) {
  const slug = files[0][0].split('/')[0];
  const { system, diagnostics } = compileSourceTexts(
    slug,
    files.map(([path, text]) => ({ path, text })),
  );
  if (system === undefined)
    throw new Error(
      diagnostics
        .slice(0, 3)
        .map((found) => found.message)
        .join('\n'),
    );
  return {
    ...createEmptySnapshot(),
    files: new Map(files.map(([path, text]) => [path, { text }])),
    systems: new Map([[slug, { slug, compiled: structuredClone(system), lastUpdated: null, problems: [] }]]),
  };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log('shape | estimate | measured heap | estimate / measured');
let worst = Infinity;
for (const [name, files] of SHAPES) {
  const template = snapshotOf(files);
  const copies = [];
  globalThis.gc();
  const before = process.memoryUsage().heapUsed;
  for (let copy = 0; copy < COPIES; copy++) {
    // A fresh copy of everything, texts included: the cache holds snapshots built apart.
    copies.push(snapshotOf(files.map(([path, text]) => [path, `${text} `.slice(0, -1)])));
  }
  globalThis.gc();
  const measured = (process.memoryUsage().heapUsed - before) / COPIES;
  const estimate = estimateSnapshotBytes(template);
  worst = Math.min(worst, estimate / measured);
  console.log(`${name} | ${mb(estimate)} | ${mb(measured)} | ${(estimate / measured).toFixed(2)}`);
  copies.length = 0;
}
console.log(`lowest ratio ${worst.toFixed(2)} (must be >= 1)`);
