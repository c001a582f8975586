// Cold work, in its own process: compile a design system, render each export on a snapshot nothing was rendered
// from yet, and let Style Dictionary build the same CSS from our JSON export.
//
//   node bench/cold-work.mjs <dist> <source-dir> <keys-file> <runs>
// Prints one JSON object on stdout: { compileMs, exports: { <format>: { url, bytes, firstMs, medianMs } },
// styleDictionary: { medianMs, bytes, tokens } }.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BENCH_KEY, loadEvents } from './generate.mjs';

const [dist, sourceDir, keysPath, runsText] = process.argv.slice(2);
const runs = Number(runsText ?? 5);
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const [{ buildApp }, { reduce }, { createEmptySnapshot }, { SnapshotStore }] = await Promise.all([
  load('app.js'),
  load('state/reduce.js'),
  load('state/snapshot.js'),
  load('state/store.js'),
]);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const events = loadEvents(sourceDir, keysPath);

// The initial load of the design system: parse every file, compile, freeze (the reducer the server runs).
const compileTimes = [];
let snapshot;
for (let run = 0; run < Math.max(1, Math.min(runs, 3)); run++) {
  const started = performance.now();
  snapshot = reduce(createEmptySnapshot(), events);
  compileTimes.push(performance.now() - started);
}
const system = [...snapshot.systems.values()][0];
if (system?.compiled === undefined)
  throw new Error(`the generated design system did not compile: ${JSON.stringify(system?.problems.slice(0, 3))}`);

// Every export route the app registers (new formats are picked up from the OpenAPI document).
const probe = await buildApp({ store: new SnapshotStore({ initial: snapshot }), logger: false });
await probe.ready();
// A format of several files also has `<route>/{path}` (one file: a template, not a URL) and `<route>.zip` (its files
// zipped): the format's cold cost is its manifest's, which renders every file; the routes driven are the same.
const exportUrls = Object.keys(probe.swagger().paths)
  .filter((url) => url.startsWith('/api/v1/export/') && !url.includes('{') && !url.endsWith('.zip'))
  .sort();
await probe.close();

const headers = { authorization: `Bearer ${BENCH_KEY}` };
const exports = {};
let jsonExport;
for (const url of exportUrls) {
  const times = [];
  let bytes = 0;
  for (let run = 0; run < runs; run++) {
    // A new app has an empty render cache: the request renders, hashes and sends the body, as the first request
    // after a snapshot does.
    const app = await buildApp({ store: new SnapshotStore({ initial: snapshot }), logger: false });
    await app.ready();
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    bytes = response.rawPayload.byteLength;
    if (url === '/api/v1/export/json') jsonExport = response.body;
    await app.close();
  }
  exports[url.slice('/api/v1/export/'.length)] = { url, bytes, firstMs: times[0], medianMs: median(times) };
}

// Style Dictionary 4 building CSS custom properties from the same tokens (our DTCG JSON export), in memory.
let styleDictionary = null;
if (jsonExport !== undefined) {
  const require = createRequire(join(process.cwd(), 'package.json'));
  const { default: StyleDictionary } = await import(pathToFileURL(require.resolve('style-dictionary')).href);
  const tokens = JSON.parse(jsonExport);
  const times = [];
  let output = '';
  for (let run = 0; run < Math.max(1, Math.min(runs, 3)); run++) {
    const started = performance.now();
    const sd = new StyleDictionary({
      tokens: structuredClone(tokens),
      log: { verbosity: 'silent', warnings: 'disabled' },
      platforms: { css: { transforms: ['name/kebab'], files: [{ destination: 'tokens.css', format: 'css/variables' }] } },
    });
    await sd.hasInitialized;
    const [file] = await sd.formatPlatform('css');
    times.push(performance.now() - started);
    output = file.output;
  }
  styleDictionary = {
    firstMs: times[0],
    medianMs: median(times),
    bytes: Buffer.byteLength(output),
    declarations: output.split('\n').filter((line) => line.trim().startsWith('--')).length,
  };
}

process.stdout.write(
  `${JSON.stringify({ tokens: system.compiled.tokens.length, compileMs: median(compileTimes), compileFirstMs: compileTimes[0], exports, styleDictionary })}\n`,
);
