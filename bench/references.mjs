// What references cost (run `npm run build` first): the generated design system of 10,000 tokens plus N semantic
// tokens, written once as references (`ref:` chains two deep, half of them to colors, composites with `{token}` parts)
// and once with the same values written inline. Both are compiled and rendered alternately in this one process; the
// script prints the ratio references / inline of the medians, so the machine's noise is shared by both sides.
// References are resolved when a snapshot is compiled, never per request: the resolved CSS export of both sides has
// the same bytes, and rendering it costs the same.
// Usage: node bench/references.mjs [semantic tokens] [runs]
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateDesignSystem } from './generate.mjs';

const SEMANTIC = Number(process.argv[2] ?? 5000);
const RUNS = Number(process.argv[3] ?? 11);
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const [{ parseSourceFile }, { compileDesignSystemFolder }, { renderCss }] = await Promise.all([
  load('compile/yaml/parse-source-file.js'),
  load('compile/compile-design-system.js'),
  load('views/formats/css/export-css.js'),
]);

const base = generateDesignSystem({ slug: 'bench', tokens: 10_000, tokensPerFile: 500 });
const compile = (files) =>
  compileDesignSystemFolder(
    'bench',
    [...files].map(([path, text]) => parseSourceFile(path, text, path.endsWith('/system.yaml'))),
  );
const baseSystem = compile(base.files).system;
const colors = baseSystem.tokens.filter((token) => token.type === 'color' && token.value.scale !== undefined);
const spacings = baseSystem.tokens.filter((token) => token.type === 'spacing');
const flow = (fields) =>
  `{ ${Object.entries(fields)
    .map(([name, value]) => `${name}: ${JSON.stringify(value)}`)
    .join(', ')} }`;

/** The semantic file: `semantic.<n>` tokens (and `semantic.<n>.alias` one step further), as references or inline. */
function semanticFile(asReferences) {
  const lines = ['tokens:'];
  for (let index = 0; index < SEMANTIC / 2; index += 1) {
    const useColor = index % 2 === 0;
    const target = useColor ? colors[index % colors.length] : spacings[index % spacings.length];
    const written = asReferences ? { type: target.type, ref: target.key } : { type: target.type, ...target.value };
    const alias = asReferences ? { type: target.type, ref: `semantic.s${index}.value` } : written;
    lines.push(`  semantic.s${index}.value: ${flow(written)}`, `  semantic.s${index}.alias: ${flow(alias)}`);
  }
  return `${lines.join('\n')}\n`;
}

const sides = {};
for (const [name, asReferences] of [
  ['references', true],
  ['inline', false],
]) {
  const files = new Map(base.files).set('bench/tokens/semantic.yaml', semanticFile(asReferences));
  const system = compile(files).system;
  if (system === undefined) throw new Error(`the ${name} side does not compile`);
  sides[name] = { files, system, compile: [], css: [], keep: [] };
}
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];
const time = (list, run) => {
  const start = performance.now();
  run();
  list.push(performance.now() - start);
};
for (let run = 0; run < RUNS; run += 1) {
  for (const name of run % 2 === 0 ? ['references', 'inline'] : ['inline', 'references']) {
    const side = sides[name];
    time(side.compile, () => compile(side.files));
    time(side.css, () => renderCss(side.system, { naming: 'kebab-case' }));
    time(side.keep, () => renderCss(side.system, { naming: 'kebab-case', references: 'keep' }));
  }
}
const same = renderCss(sides.references.system, { naming: 'kebab-case' }) === renderCss(sides.inline.system, { naming: 'kebab-case' });
console.log(`10,000 tokens + ${SEMANTIC} semantic tokens, median of ${RUNS} runs; resolved CSS identical on both sides: ${same}`);
for (const [label, field] of [
  ['parse + compile', 'compile'],
  ['render css (resolved)', 'css'],
  ['render css (references=keep)', 'keep'],
]) {
  const [withReferences, inline] = [median(sides.references[field]), median(sides.inline[field])];
  console.log(
    `${label.padEnd(30)} references ${withReferences.toFixed(1)} ms  inline ${inline.toFixed(1)} ms  ratio ${(withReferences / inline).toFixed(2)}`,
  );
}
if (!same) process.exitCode = 1;
