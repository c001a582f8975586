// What contrast checks cost (run `npm run build` first, or `npm run bench:contrast`): a design system of 14 modes
// (light, dark and 12 declared ones), 240 color tokens (a fifth translucent), 40 typographies and 1,000 declared
// contrast pairs (a tenth decided by a typography), so 14,000 pair checks per snapshot (the limit is 20,000). In this
// one process, alternately: compiling the design system without its `contrast.yaml` and with it (parse + compile +
// the checks, which the compiler makes once per compiled design system, in the compile worker), then what the main
// thread does with them: `contrastResults` (the objects `validate` reads), the `/contrast` body in its parts (the
// longest part is what one turn of the event loop costs), and `/diff`'s regressions against a second version whose
// colors all changed. Prints the medians.
// Usage: node bench/contrast.mjs [pairs] [runs]
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRandom } from './generate.mjs';

const PAIRS = Number(process.argv[2] ?? 1000);
const RUNS = Number(process.argv[3] ?? 11);
const MODES = 14;
const COLORS = 240;
const TYPOGRAPHIES = 40;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const [{ parseSourceFile }, { compileDesignSystemFolder }, { contrastResults, renderContrastParts }, { contrastRegressions }] =
  await Promise.all([
    load('compile/yaml/parse-source-file.js'),
    load('compile/compile-design-system.js'),
    load('views/api/contrast.js'),
    load('views/diff/contrast-regressions.js'),
  ]);

const random = createRandom(27);
// rgb() rather than hex: a hex such as `#0B...` sends the file to the precise YAML reader on both sides alike.
const hex = () => `rgb(${Array.from({ length: 3 }, () => Math.floor(random() * 256)).join(', ')})`;
const declared = Array.from({ length: MODES - 2 }, (_, index) => `mode-${index + 1}`);
const system = `name: Contrast bench\nmodes:\n${declared
  .map(
    (mode, index) =>
      `  ${mode}: { base: ${index % 2 === 0 ? 'light' : 'dark'}${index % 3 === 0 ? ', media: "(prefers-contrast: more)"' : ''} }`,
  )
  .join('\n')}\n`;
// One scale whose every step has its own color in each of the 14 modes.
const scalesText = () =>
  `scales:\n  bench:\n${Array.from(
    { length: COLORS },
    (_, step) => `    ${step}: { light: "${hex()}", dark: "${hex()}", ${declared.map((mode) => `${mode}: "${hex()}"`).join(', ')} }`,
  ).join('\n')}\n`;
const scales = scalesText();
const tokens = [
  'tokens:',
  ...Array.from({ length: COLORS }, (_, index) =>
    index % 5 === 0
      ? `  color.c${index}: { type: color, scale: bench, step: ${index}, alpha: ${(0.4 + random() * 0.5).toFixed(2)} }`
      : `  color.c${index}: { type: color, scale: bench, step: ${index} }`,
  ),
  ...Array.from(
    { length: TYPOGRAPHIES },
    (_, index) =>
      `  typography.t${index}: { type: typography, fontSize: ${12 + (index % 16)}px, fontWeight: ${index % 2 === 0 ? 400 : 700}, modes: { dark: { fontSize: ${14 + (index % 14)}px } } }`,
  ),
  ...Array.from({ length: 20 }, (_, index) => `  font.size.s${index}: { type: font.size, value: ${10 + index} }`),
].join('\n');
const contrast = [
  'contrast:',
  '  minFontSize: 12px',
  '  pairs:',
  ...Array.from({ length: PAIRS }, (_, index) => {
    const fg = Math.floor(random() * COLORS);
    const bg = Math.floor(random() * COLORS);
    const extra =
      index % 10 === 0
        ? `, typography: typography.t${index % TYPOGRAPHIES}`
        : `, kind: ${['text', 'large-text', 'non-text'][index % 3]}, level: ${index % 4 === 0 ? 'AAA' : 'AA'}`;
    return `    p${index}: { foreground: color.c${fg}, background: color.c${bg}${extra}, severity: ${index % 7 === 0 ? 'warning' : 'error'} }`;
  }),
].join('\n');

const base = new Map([
  ['bench/system.yaml', system],
  ['bench/scales.yaml', scales],
  ['bench/tokens.yaml', `${tokens}\n`],
]);
const withPairs = new Map(base).set('bench/contrast.yaml', `${contrast}\n`);
const changed = new Map(withPairs).set('bench/scales.yaml', scalesText());
const compile = (files) => {
  const result = compileDesignSystemFolder(
    'bench',
    [...files].map(([path, text]) => parseSourceFile(path, text, path.endsWith('/system.yaml'))),
  );
  if (result.system === undefined) throw new Error(`does not compile: ${JSON.stringify(result.diagnostics.slice(0, 3))}`);
  return result.system;
};

const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const time = (run) => {
  const start = performance.now();
  const value = run();
  return [performance.now() - start, value];
};
const samples = { without: [], with: [], results: [], parts: [], longestPart: [], regressions: [] };
let checked = 0;
let failing = 0;
let bytes = 0;
let parts = 0;
let regressed = 0;
const other = compile(changed);
for (let run = 0; run < RUNS; run += 1) {
  // The two compiles take turns going first, so neither side always pays for the other's garbage.
  if (run % 2 === 0) samples.without.push(time(() => compile(base))[0]);
  const [compileMs, compiled] = time(() => compile(withPairs));
  samples.with.push(compileMs);
  if (run % 2 === 1) samples.without.push(time(() => compile(base))[0]);
  const [resultsMs, results] = time(() => contrastResults(compiled));
  samples.results.push(resultsMs);
  const [, bodyParts] = time(() => renderContrastParts(compiled));
  let longest = 0;
  const [partsMs] = time(() => {
    bytes = 0;
    for (const part of bodyParts) {
      const [partMs, text] = time(part);
      longest = Math.max(longest, partMs);
      bytes += text.length;
    }
  });
  samples.parts.push(partsMs);
  samples.longestPart.push(longest);
  const [regressionsMs, regressions] = time(() => contrastRegressions(other, compiled));
  samples.regressions.push(regressionsMs);
  checked = compiled.contrastChecks.ratios.length;
  failing = results.reduce((sum, result) => sum + Object.values(result.modes).filter((mode) => !mode.pass).length, 0);
  parts = bodyParts.length;
  regressed = regressions.length;
}

const ms = (values) => `${median(values).toFixed(1)} ms`;
console.log(`contrast: ${PAIRS} pairs x ${MODES} modes = ${checked} checks (${failing} failing), ${COLORS} colors, median of ${RUNS} runs`);
console.log(`  compile without the contrast section          ${ms(samples.without)}`);
console.log(`  compile with it (${PAIRS} pairs read and checked)  ${ms(samples.with)} (in the compile worker)`);
console.log(`  contrastResults (objects, for validate)       ${ms(samples.results)}`);
console.log(
  `  /contrast body, ${parts} parts (${(bytes / 1024).toFixed(0)} KiB)           ${ms(samples.parts)}, the longest part ${ms(samples.longestPart)}`,
);
console.log(`  /diff regressions (${regressed}) from both checks    ${ms(samples.regressions)}`);
