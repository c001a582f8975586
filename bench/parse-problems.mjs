// What a file with problems costs, against the same file without: parse + compile of one design system whose big
// file is clean, has one typo, one anchor and alias, only warnings; then 30,000 bad references and 1 MiB of
// digit-led keys. Every figure is a ratio to the clean file timed in turns with it (the bound is 2x).
//
//   npm run build && node bench/parse-problems.mjs [dist] [runs]
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist = 'dist', runsText = '5'] = process.argv.slice(2);
const runs = Number(runsText);
const load = (path) => import(pathToFileURL(resolve(join(dist, path))).href);
const [{ parseSourceFile }, { compileDesignSystemFolder }] = await Promise.all([
  load('compile/yaml/parse-source-file.js'),
  load('compile/compile-design-system.js'),
]);

const SCALES = 40;
const scales = ['scales:'];
for (let s = 0; s < SCALES; s += 1) {
  scales.push(`  s${s}:`);
  for (let step = 1; step <= 12; step += 1) {
    const light = `#${((s * 12 + step) * 4099).toString(16).padStart(6, '0').slice(-6).toUpperCase()}`;
    const dark = `#${((s * 12 + step) * 7919).toString(16).padStart(6, '0').slice(-6).toUpperCase()}`;
    // Step 12 of scale 0 is the same in light and dark: the warnings-only variant uses it.
    scales.push(`    ${step * 100}: { light: "${light}", dark: "${s === 0 && step === 12 ? light : dark}" }`);
  }
}
const scalesText = `${scales.join('\n')}\n`;

/** Tokens in groups of 100 (40% colors, 50% spacings, 10% shadows: 20,000 fit in 1 MiB), with `edit(i, line)` to plant a problem. */
function tokenFile(count, edit = (_i, line) => line, from = 0) {
  const lines = ['tokens:'];
  for (let i = from; i < from + count; i += 1) {
    if (i % 100 === 0) lines.push(`  g${i / 100}:`);
    const kind = i % 10;
    const line =
      kind < 4
        ? `    t${i}: { type: color, scale: s${i % SCALES}, step: ${((i % 11) + 1) * 100} }`
        : kind < 9
          ? `    t${i}: { type: spacing, value: ${i % 64} }`
          : `    t${i}: { type: shadow, x: 0, y: 1, blur: 2, spread: 0, colorToken: g${Math.floor(i / 100)}.t${i - 9}, opacity: 0.2 }`;
    lines.push(edit(i, line));
  }
  return `${lines.join('\n')}\n`;
}

const clean = [tokenFile(20000)];
// Every color token names a scale that does not exist and every shadow a color token that does not: 30,000 bad
// references with a "did you mean" each, in three files of 20,000 tokens (one would pass the 1 MiB limit).
const bad = (i, line) => line.replace(/scale: s(\d+)/, 'scale: x$1q').replace('colorToken: g', 'colorToken: h');
const cases = {
  clean,
  'one typo': [tokenFile(20000, (i, line) => (i === 10009 ? line.replace('colorToken: g', 'colorToken: h') : line))],
  'one alias': [tokenFile(20000, (i, line) => (i === 1 ? line.replace('t1: {', 't1: &one {') : i === 19999 ? '    t19999: *one' : line))],
  'warnings only': [tokenFile(20000, (i, line) => (i === 0 ? '    t0: { type: color, scale: s0, step: 1200 }' : line))],
  '30,000 bad tokens': [tokenFile(20000, bad), tokenFile(20000, bad, 20000), tokenFile(20000, bad, 40000)],
  // A YAML syntax error is still reported by the positioned parser (its messages), after js-yaml gave up.
  'one YAML syntax error': [tokenFile(20000, (i, line) => (i === 10001 ? line.replace(' }', '') : line))],
};

function compileOnce(texts) {
  const files = [
    parseSourceFile('ds/system.yaml', 'name: DS\n', true),
    parseSourceFile('ds/scales.yaml', scalesText, false),
    ...texts.map((text, index) => parseSourceFile(`ds/tokens-${index}.yaml`, text, false)),
  ];
  return compileDesignSystemFolder('ds', files);
}

/** Median milliseconds of `fn` and of `baseline`, run in turns so load from elsewhere on the machine hits both alike. */
function timePair(fn, baseline) {
  fn();
  baseline();
  const times = [[], []];
  for (let run = 0; run < runs; run += 1) {
    for (const [index, f] of [baseline, fn].entries()) {
      const start = process.hrtime.bigint();
      f();
      times[index].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const median = (values) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)];
  return { ms: median(times[1]), baseMs: median(times[0]) };
}

const rows = [];
// The bad references fill three files: their ratio is to three clean files.
const cleanThree = [clean[0], tokenFile(20000, undefined, 20000), tokenFile(20000, undefined, 40000)];
for (const [name, text] of Object.entries(cases)) {
  const baseline = text.length === 3 ? cleanThree : clean;
  const { ms, baseMs } = timePair(
    () => compileOnce(text),
    () => compileOnce(baseline),
  );
  const { diagnostics } = compileOnce(text);
  if (name === 'clean' && diagnostics.length > 0) throw new Error(`the clean file has problems: ${diagnostics[0].message}`);
  rows.push({
    case: name,
    bytes: text.reduce((sum, part) => sum + part.length, 0),
    ms: Math.round(ms),
    cleanMs: Math.round(baseMs),
    ratio: +(ms / baseMs).toFixed(2),
    diagnostics: diagnostics.length,
  });
  console.log(JSON.stringify(rows.at(-1)));
}

// 1 MiB of digit-led keys (`1: ...`), against a file of the same size whose keys start with a letter.
const keyed = (prefix) => {
  const lines = ['primitives:', '  spacing:'];
  let size = 24;
  for (let i = 0; size < 1024 * 1024 - 40; i += 1) {
    const line = `    ${prefix}${i}: ${i % 100}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
};
const letters = keyed('k');
const digits = keyed('1');
const { ms: digitsMs, baseMs: lettersMs } = timePair(
  () => parseSourceFile('ds/p.yaml', digits, false),
  () => parseSourceFile('ds/p.yaml', letters, false),
);
rows.push({
  case: '1 MiB digit-led keys (parse only; clean = letter-led keys)',
  bytes: digits.length,
  ms: Math.round(digitsMs),
  cleanMs: Math.round(lettersMs),
  ratio: +(digitsMs / lettersMs).toFixed(2),
  diagnostics: parseSourceFile('ds/p.yaml', digits, false).diagnostics.length,
});

console.table(rows);
