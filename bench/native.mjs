// What the native app outputs cost (run `npm run build` first, or `npm run bench:native`): the generated design
// system of 10,000 tokens (bench/generate.mjs) with four modes, light, dark and two declared high-contrast ones
// (`light-high-contrast`, `dark-high-contrast`, `media: "(prefers-contrast: more)"`, so they fill iOS's, Compose's
// and Flutter's high-contrast slots), each scale step given its own color in each, so every color token differs per
// mode. Compiled once; then, in this one process, each native format's full render: for a format of several files
// every file rendered (`renderFiles(filesOf(...))`, what the zip and the offline build do), for a format of one file
// its body. Android writes values/ and values-night/ (light, dark); its `every mode` row adds one render per further
// mode (`mode=<name>`, what an app with those qualifiers builds). The baseline, measured in the same run on the same
// compiled system: the CSS export (every mode). The first render (it derives the format's names and plan, remembered
// per compiled system) is shown apart; the time is the median of the warm runs after it. Prints each time and its
// ratio to the baseline.
// Usage: node bench/native.mjs [tokens] [runs]
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateDesignSystem } from './generate.mjs';

const TOKENS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 5);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const [{ parseSourceFile }, { compileDesignSystemFolder }, { OUTPUT_FORMATS, filesOf, jobOf }, { renderFiles }] = await Promise.all([
  load('compile/yaml/parse-source-file.js'),
  load('compile/compile-design-system.js'),
  load('views/formats/output-formats.js'),
  load('views/formats/file-manifest.js'),
]);

const HIGH_CONTRAST = ['light-high-contrast', 'dark-high-contrast'];
/** `#RRGGBB` with each channel moved `amount` of the way toward black (negative: toward white). */
const shade = (hex, amount) =>
  `#${[1, 3, 5]
    .map((at) => {
      const channel = Number.parseInt(hex.slice(at, at + 2), 16);
      const moved = amount >= 0 ? channel * (1 - amount) : channel + (255 - channel) * -amount;
      return Math.round(moved).toString(16).padStart(2, '0');
    })
    .join('')
    .toUpperCase()}`;

const { slug, files } = generateDesignSystem({ slug: 'bench', tokens: TOKENS });
files.set(
  `${slug}/system.yaml`,
  `${files.get(`${slug}/system.yaml`)}modes:\n${HIGH_CONTRAST.map(
    (mode) => `  ${mode}: { base: ${mode.split('-')[0]}, media: "(prefers-contrast: more)" }`,
  ).join('\n')}\n`,
);
// Each scale step `{ light, dark }` gets a darker light and a lighter dark for the two high-contrast modes.
files.set(
  `${slug}/scales.yaml`,
  files
    .get(`${slug}/scales.yaml`)
    .replace(
      /\{ light: "(#[0-9A-F]{6})", dark: "(#[0-9A-F]{6})" \}/g,
      (_, light, dark) =>
        `{ light: "${light}", dark: "${dark}", light-high-contrast: "${shade(light, 0.3)}", dark-high-contrast: "${shade(dark, -0.3)}" }`,
    ),
);

const compiledAt = performance.now();
const result = compileDesignSystemFolder(
  slug,
  [...files].map(([path, text]) => parseSourceFile(path, text, path.endsWith('/system.yaml'))),
);
const system = result.system;
if (system === undefined) throw new Error(`does not compile: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
const compileMs = performance.now() - compiledAt;

/** A format of one file: its body. */
const body = (id, query = {}) => {
  const format = OUTPUT_FORMATS[id];
  return () => format.render(system, format.readOptions(query));
};
/** A format of several files: every file rendered. */
const folder = (id, query = {}) => {
  const format = OUTPUT_FORMATS[id];
  return () => renderFiles(filesOf(system, jobOf(id, format.readOptions(query))));
};
const further = system.modes.map((mode) => mode.name).filter((mode) => mode !== 'light' && mode !== 'dark');
// Every native format of the registry (a folder or one body), and Android once per mode.
const NATIVE = Object.keys(OUTPUT_FORMATS).filter((id) => OUTPUT_FORMATS[id].platform === 'native');
const CASES = [
  ['css (baseline)', body('css')],
  ...NATIVE.map((id) => [id, OUTPUT_FORMATS[id].files === undefined ? body(id) : folder(id)]),
  ['android, every mode', () => [folder('android')(), ...further.map((mode) => folder('android', { mode })())]],
];

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
/** Bytes and files of what a case renders. */
const sizeOf = (output) => {
  const list = (Array.isArray(output) ? output.flat() : [output]).map((file) =>
    typeof file === 'string' ? Buffer.byteLength(file) : file.body.length,
  );
  return { files: list.length, bytes: list.reduce((sum, bytes) => sum + bytes, 0) };
};

const rows = [];
for (const [name, render] of CASES) {
  let started = performance.now();
  const output = render();
  const first = performance.now() - started;
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    started = performance.now();
    render();
    times.push(performance.now() - started);
  }
  rows.push({ name, first, warm: median(times), ...sizeOf(output) });
}

const baseline = rows[0].warm;
console.log(
  `native outputs: ${system.tokens.length} tokens x ${system.modes.length} modes (${system.modes.map((mode) => mode.name).join(', ')}), compiled once in ${compileMs.toFixed(0)} ms; warm median of ${RUNS} runs`,
);
console.log(`${'format'.padEnd(20)} ${'files'.padStart(6)} ${'MiB'.padStart(7)} ${'first'.padStart(10)} ${'warm'.padStart(10)}  vs CSS`);
for (const row of rows) {
  console.log(
    `${row.name.padEnd(20)} ${String(row.files).padStart(6)} ${(row.bytes / 2 ** 20).toFixed(2).padStart(7)} ${`${row.first.toFixed(1)} ms`.padStart(10)} ${`${row.warm.toFixed(1)} ms`.padStart(10)}  ${(row.warm / baseline).toFixed(2)}x`,
  );
}
const all = rows.filter((row) => row.name !== 'css (baseline)' && row.name !== 'android');
const total = all.reduce((sum, row) => sum + row.warm, 0);
console.log(`all native formats, every mode: ${total.toFixed(1)} ms warm (${(total / baseline).toFixed(2)}x the CSS export)`);
