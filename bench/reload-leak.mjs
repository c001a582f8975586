// Leak check, in its own process started with --expose-gc: load a source into the server's store, reload one token
// file `reloads` times (each with different values, so each reload is a real edit that recompiles its design system
// and becomes a new snapshot), and compare resident memory and heap after a full GC before and after.
//
//   node --expose-gc bench/reload-leak.mjs <dist> <source-dir> <keys-file> <reloads> <slug>
// Prints one JSON object on stdout.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadEvents, tokenFile, tokenFilePath } from './generate.mjs';

const [dist, sourceDir, keysPath, reloadsText, slug] = process.argv.slice(2);
const reloads = Number(reloadsText);
if (typeof globalThis.gc !== 'function') throw new Error('run with --expose-gc');
const { SnapshotStore } = await import(pathToFileURL(join(dist, 'state/store.js')).href);

const store = new SnapshotStore();
store.apply(loadEvents(sourceDir, keysPath));
const path = tokenFilePath(slug, 0);
const count = 100;
let variant = 0;
const reload = () => {
  variant += 1;
  const before = store.current;
  // Same shape and keys, new values: the watcher would deliver exactly this event for a save of that file.
  store.apply([{ type: 'file/changed', path, text: tokenFile({ slug, fileIndex: 0, count, variant }).text, at: Date.now() }]);
  if (store.current === before) throw new Error(`reload ${variant} changed nothing`);
};
const measure = () => {
  globalThis.gc();
  globalThis.gc();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapTotal: usage.heapTotal, heapUsed: usage.heapUsed, external: usage.external + usage.arrayBuffers };
};

// Fill the history (20 snapshots) and warm the code first, so the baseline already holds what is kept on purpose.
for (let index = 0; index < 50; index++) reload();
const before = measure();
const started = performance.now();
// Resident memory every tenth of the way: a leak keeps climbing, allocator high water levels off.
const checkpoints = [];
const every = Math.max(1, Math.round(reloads / 10));
let reloadMs = 0;
for (let index = 1; index <= reloads; index++) {
  const at = performance.now();
  reload();
  reloadMs += performance.now() - at;
  if (index % every === 0 || index === reloads) checkpoints.push({ reloads: index, ...measure() });
}
const ms = reloadMs;
const wallMs = performance.now() - started;
const after = measure();
process.stdout.write(
  `${JSON.stringify({ reloads, msPerReload: ms / reloads, wallMs, before, after, checkpoints, rssGrowth: after.rss - before.rss, heapGrowth: after.heapUsed - before.heapUsed, historySize: store.history.length, seq: store.current.seq })}\n`,
);
