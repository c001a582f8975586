// Compile handoff benchmark (not a test): the longest pause of the main thread while it takes a compile result from
// the worker (reading it, freezing it, reducing it into a snapshot), for the shapes of `bench/hardening.mjs`, measured
// by a 1 ms timer on the main thread over the last 100 ms of the compile and the reduce. Each shape is compiled whole
// (no served version to send changes against, as after a restart or for a `?ref=` build).
//
//   npm run build && node bench/compile-handoff.mjs            (or: node bench/compile-handoff.mjs --dist /tmp/other/dist)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateDesignSystem } from './generate.mjs';
import { chainTokens, colorSystem, contrastSystem } from './hostile-shapes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: { dist: { type: 'string', default: join(ROOT, 'dist') }, runs: { type: 'string', default: '5' } },
});
const load = (path) => import(pathToFileURL(join(resolve(args.dist), path)).href);
const { CompilerThread } = await load('state/compiler-thread.js');
const { reduce } = await load('state/reduce.js');
const { createEmptySnapshot } = await load('state/snapshot.js');

const ONLY_SHAPE = process.env.SHAPE;
const SHAPES = {
  'largest (980 colors x 102 modes)': [...colorSystem('s', 980, 100)],
  'pinned (47 chains of 64 references)': [
    ['s/system.yaml', 'name: Pinned\n'],
    ['s/tokens.yaml', chainTokens(47, 64)],
  ],
  '10,000 tokens (generated)': [...generateDesignSystem({ slug: 's', tokens: 10_000 }).files],
  'contrast-cap (200 scale steps x 102 modes)': [...contrastSystem('s', { colors: 200, modes: 100, pairs: 196 })],
};

const compiler = new CompilerThread();
// Every pause of the main thread (the time between two turns of a 1 ms timer), with when it ended.
let last = performance.now();
const pausesSeen = [];
const timer = setInterval(() => {
  const now = performance.now();
  pausesSeen.push({ ms: now - last, end: now });
  last = now;
}, 1);
/** The longest pause that ended after `from` (and the pause running now, if longer). */
const longestSince = (from) =>
  Math.max(performance.now() - last, ...pausesSeen.filter((pause) => pause.end > from).map((pause) => pause.ms));
for (const [name, files] of Object.entries(SHAPES).filter(([name]) => ONLY_SHAPE === undefined || name.startsWith(ONLY_SHAPE))) {
  const sorted = files.sort(([a], [b]) => (a < b ? -1 : 1));
  const pauses = [];
  for (let run = 0; run < Number(args.runs); run++) {
    // Different text each run, so the worker compiles again; the reply's arrival starts the measured window.
    const job = sorted.map(([path, text]) => ({ path, text: `${text}# run ${run}\n` }));
    pausesSeen.length = 0;
    const outcome = await compiler.compile('s', job);
    // The reply is read before the compile resolves (in one go, or a slice per turn): the window opens 100 ms earlier,
    // which the worker's compile itself (hundreds of ms) covers.
    const from = performance.now() - 100;
    const events = job.map(({ path, text }) => ({ type: 'file/changed', path, text, at: 0 }));
    reduce(createEmptySnapshot(), [...events, { type: 'system/compiled', slug: 's', result: outcome.result, at: 0 }]);
    pauses.push(longestSince(from));
    await new Promise((done) => setTimeout(done, 20));
  }
  pauses.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(38)} longest main-thread pause taking the result: median ${pauses[pauses.length >> 1].toFixed(1)} ms, max ${pauses.at(-1).toFixed(1)} ms`,
  );
}
clearInterval(timer);
await compiler.close();
