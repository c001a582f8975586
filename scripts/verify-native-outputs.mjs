#!/usr/bin/env node
// Renders the five native formats (ios, android, compose, flutter, react-native) of whole design systems and reads
// every value back with the REAL consumers the tests use (test/helpers/native-read-back/*.ts): tree-sitter-swift and
// a schema of Xcode's asset catalog, aapt (a default + night build, and one build per further mode with `mode=`),
// kotlinc against Compose stubs and a `main` printing every value, tree-sitter-dart, the TypeScript compiler + Node +
// React Native's colour parser. Each value of each mode is compared with the compiled `token.resolved[mode]`, converted
// as docs/native.md says. Prints per format: tokens kept of all, modes, values compared, mismatches (0 expected),
// problems the consumer reported (0 expected), and the tokens the format leaves out, counted by reason (its lint).
//
//   npm run build && node scripts/verify-native-outputs.mjs [<folder> ...]
//
// A <folder> is a design-system folder (system.yaml and YAML, as design-systems/acme), or the folder of public
// packages scripts/verify-public-imports.mjs reads (it holds @primer+primitives@11.10.0/package): Primer is then
// imported with `token-server import` (dist/cli.js, its 14 modes as `--mode`) into a temp folder, which is verified.
// Without a folder: the examples under design-systems/. Exits 1 when a value differs or a consumer complains.
// Needs the native tools (bash scripts/install-native-tools.sh). kotlinc compiles every system in one run (~20 s and
// up on 2 cores); SHOW=<n> prints the first n mismatches of each format (default 10).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createViteServer } from 'vitest/node';
import { primerSources } from './verify-public-imports.mjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
const SHOW = Number(process.env.SHOW ?? 10);
const PRIMER = '@primer+primitives@11.10.0/package';

// The read-back helpers are the tests' own TypeScript: loaded through Vite, as vitest loads them.
const vite = await createViteServer({
  root: repo,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const load = (path) => vite.ssrLoadModule(`/${path}`);
const { readYamlFiles, compileFiles } = await load('test/helpers/fixtures.ts');
const { OUTPUT_FORMATS } = await load('src/views/formats/output-formats.ts');
const { NATIVE_TOOLS_AVAILABLE } = await load('test/helpers/native-tools.ts');
const { compareReadBack } = await load('test/helpers/native-read-back/read-back.ts');
const iosReadBack = await load('test/helpers/native-read-back/ios.ts');
const androidReadBack = await load('test/helpers/native-read-back/android.ts');
const composeReadBack = await load('test/helpers/native-read-back/compose.ts');
const flutterReadBack = await load('test/helpers/native-read-back/flutter.ts');
const reactNativeReadBack = await load('test/helpers/native-read-back/react-native.ts');
const normalizeColor = createRequire(join(repo, 'package.json'))('@react-native/normalize-colors');

if (!NATIVE_TOOLS_AVAILABLE) {
  console.log('The native tools are not installed: run `bash scripts/install-native-tools.sh` first.');
  process.exit(2);
}

const work = await mkdtemp(join(tmpdir(), 'verify-native-'));

/** A design-system folder compiled as the server compiles it (its name is the slug). */
async function compileFolder(folder) {
  const slug = basename(folder);
  const files = (await readYamlFiles(folder)).map(([path, text]) => [`${slug}/${path}`, text]);
  const { system, diagnostics } = compileFiles(slug, files);
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (system === undefined) throw new Error(`${folder} does not compile: ${errors.map((error) => error.message).join('; ')}`);
  return system;
}

/** Primer's source imported by the CLI, as docs/importing.md runs it, into `<work>/primer`. */
function importPrimer(folder) {
  const { cwd, inputs, layers } = primerSources(folder);
  const out = join(work, 'primer');
  const args = [join(repo, 'dist/cli.js'), 'import', ...inputs, '--out', out, '--name', 'Primer'];
  for (const layer of layers) args.push('--mode', `${layer.mode}=${layer.paths.join(',')}`);
  const started = performance.now();
  try {
    execFileSync(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    // The import reports tokens with loss with a non-zero status; the folder is written all the same.
    if (!existsSync(join(out, 'system.yaml')))
      throw new Error(`token-server import failed: ${error.stderr ?? error.message}`, { cause: error });
  }
  console.log(`Primer imported by token-server import in ${Math.round(performance.now() - started)} ms: ${out}`);
  return out;
}

const folders = [];
for (const argument of process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['design-systems']) {
  const folder = resolve(argument);
  if (existsSync(join(folder, PRIMER))) folders.push(importPrimer(folder));
  else if (existsSync(join(folder, 'system.yaml'))) folders.push(folder);
  else {
    // A folder of design systems (design-systems/): each one below it.
    for (const entry of (await readdir(folder, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name)))
      if (entry.isDirectory() && existsSync(join(folder, entry.name, 'system.yaml'))) folders.push(join(folder, entry.name));
  }
}
const systems = [];
for (const [index, folder] of folders.entries()) systems.push({ id: `s${index}`, folder, system: await compileFolder(folder) });

/** A lint message with its particulars (quoted keys and values, numbers) blanked, so that reasons group. */
const reasonOf = ({ rule, message }) =>
  `${rule}: ${message
    .replace(/`[^`]*`/g, '`…`')
    .replace(/\b\d+(\.\d+)?\b/g, 'N')
    .slice(0, 150)}`;

/** Tokens the format's lint names, counted by reason. */
function leftOutOf(format, system) {
  const reasons = new Map();
  const tokens = new Set();
  for (const diagnostic of OUTPUT_FORMATS[format].lint?.(system) ?? []) {
    if (diagnostic.token === undefined || tokens.has(diagnostic.token)) continue;
    tokens.add(diagnostic.token);
    const reason = reasonOf(diagnostic);
    reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
  }
  // Android has no resource type for some kinds of value (docs/native.md); its lint does not name those tokens.
  if (format === 'android')
    for (const token of system.tokens) {
      if (tokens.has(token.key) || androidReadBack.expectedResource(token, token.resolved.light) !== undefined) continue;
      tokens.add(token.key);
      const reason = `no Android resource type for a ${token.resolved.light.kind} value (docs/native.md)`;
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  return { tokens, reasons };
}

/** Sums read-backs into one result: values compared, mismatches (the first SHOW kept), problems. */
function total(parts) {
  const result = { compared: 0, mismatches: [], problems: [] };
  for (const { label, readBack } of parts) {
    const { compared, mismatches } = compareReadBack(readBack);
    result.compared += compared;
    result.mismatches.push(...mismatches.map((mismatch) => ({ ...mismatch, where: `${label} ${mismatch.where}` })));
    result.problems.push(...readBack.problems.map((problem) => `${label} ${problem}`));
  }
  return result;
}

// ---- Each format's consumer, on every system. ----

async function verifyIos({ system }) {
  const { tokens } = leftOutOf('ios', system);
  const files = iosReadBack.iosFiles(system);
  const swift = {
    problems: [],
    actual: iosReadBack.tokenDeclarations(files.get('Tokens.swift') ?? ''),
    expected: iosReadBack.expectedDeclarations(system, tokens),
  };
  return total([
    { label: 'Tokens.swift', readBack: swift },
    { label: 'catalog', readBack: iosReadBack.readCatalog(system, files, tokens) },
  ]);
}

async function verifyAndroid({ id, system }) {
  const android = OUTPUT_FORMATS.android;
  const build = async (mode, day, night) => {
    const options = android.readOptions(mode === undefined ? {} : { mode });
    android.checkOptions?.(options, system);
    const built = await androidReadBack.buildWithAapt(join(work, 'android', id, mode ?? 'default'), android.files(system, options));
    const expected = androidReadBack.expectedResources(system, day, night);
    const flat = (values, config) => new Map(Object.entries(values).map(([name, value]) => [`${name}`, value[config]]));
    const parts = [
      { label: `values (${day})`, readBack: { problems: [], actual: flat(built.values, 'day'), expected: flat(expected, 'day') } },
    ];
    if (night !== day)
      parts.push({
        label: `values-night (${night})`,
        readBack: { problems: [], actual: flat(built.values, 'night'), expected: flat(expected, 'night') },
      });
    if (built.stderr !== '') parts[0].readBack.problems.push(`aapt: ${built.stderr.trim()}`);
    return parts;
  };
  const modes = system.modes.map((mode) => mode.name);
  const parts = await build(undefined, 'light', modes.includes('dark') ? 'dark' : 'light');
  for (const mode of modes) if (mode !== 'light' && mode !== 'dark') parts.push(...(await build(mode, mode, mode)));
  return total(parts);
}

async function verifyCompose(entries) {
  const compose = OUTPUT_FORMATS.compose;
  const units = entries.map(({ id, system }) => ({
    id,
    pkg: `${id}.tokens`,
    kotlin: compose.render(system, compose.readOptions({ package: `${id}.tokens` })),
  }));
  const started = performance.now();
  const ran = await composeReadBack.runCompose(join(work, 'compose'), units);
  console.log(`kotlinc: ${entries.length} systems compiled and run in ${Math.round((performance.now() - started) / 1000)} s`);
  return new Map(entries.map(({ id, system }) => [id, total([{ label: '', readBack: composeReadBack.readCompose(system, id, ran) }])]));
}

async function verifyFlutter({ system }) {
  const flutter = OUTPUT_FORMATS.flutter;
  const read = await flutterReadBack.readFlutter(system, flutter.render(system, flutter.readOptions({})));
  const problems = [...read.problems];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  if (!same(read.constants, read.expectedConstants)) problems.push(`mode constants ${read.constants.join(',')}`);
  if (!same(read.fields, read.expectedFields)) problems.push('the fields of DesignTokens are not the tokens Flutter holds');
  const named = (OUTPUT_FORMATS.flutter.lint?.(system) ?? []).filter((d) => d.rule === 'flutter-value-left-out').map((d) => d.token);
  if (!same(named, read.leftOut)) problems.push('the lint does not name exactly the tokens left out');
  return total([{ label: 'tokens.dart', readBack: { ...read, problems } }]);
}

async function verifyReactNative(entries) {
  const reactNative = OUTPUT_FORMATS['react-native'];
  const dir = join(work, 'react-native');
  const cases = entries.map(({ id, system }) => ({ name: id, system, body: reactNative.render(system, {}) }));
  const runs = await reactNativeReadBack.runReactNative(dir, cases);
  const typeErrors = reactNativeReadBack.typeCheckReactNative(
    dir,
    cases.map(({ name }) => name),
  );
  const results = new Map();
  for (const { id, system } of entries) {
    const run = runs[id];
    const read = reactNativeReadBack.readReactNative(system, run);
    const problems = [
      ...read.problems,
      ...typeErrors.filter((message) => message.startsWith(`${id}/`)).map((message) => `tsc: ${message}`),
    ];
    // React Native's own colour parser reads every colour string as the colour it is.
    for (const mode of system.modes)
      for (const color of reactNativeReadBack.colorsIn(run.modes[mode.name]))
        if (normalizeColor(color) !== reactNativeReadBack.packed(reactNativeReadBack.rgbaOfHex(color)))
          problems.push(`${mode.name}: normalizeColor(${color}) = ${normalizeColor(color)}`);
    results.set(id, total([{ label: 'tokens.react-native.ts', readBack: { ...read, problems } }]));
  }
  return results;
}

// ---- Run and print. ----

const results = new Map(systems.map(({ id }) => [id, new Map()]));
for (const entry of systems) {
  results.get(entry.id).set('ios', await verifyIos(entry));
  results.get(entry.id).set('android', await verifyAndroid(entry));
  results.get(entry.id).set('flutter', await verifyFlutter(entry));
}
for (const [id, result] of await verifyCompose(systems)) results.get(id).set('compose', result);
for (const [id, result] of await verifyReactNative(systems)) results.get(id).set('react-native', result);

// The native formats, read from the registry: one without its read-back above stops the run instead of passing unseen.
const FORMATS = Object.keys(OUTPUT_FORMATS).filter((id) => OUTPUT_FORMATS[id].platform === 'native');
for (const format of FORMATS)
  if (!results.values().next().value?.has(format)) throw new Error(`no read-back for the native format ${format}: add its verify function`);
let failed = false;
for (const { id, folder, system } of systems) {
  console.log(
    `\n=== ${system.meta.name} (${folder}): ${system.tokens.length} tokens, ${system.modes.length} modes: ${system.modes.map((m) => m.name).join(', ')}`,
  );
  const header = ['format', 'tokens kept', 'modes', 'values compared', 'mismatches', 'consumer problems', 'left out'];
  const rows = FORMATS.map((format) => {
    const result = results.get(id).get(format);
    const { tokens } = leftOutOf(format, system);
    return [
      format,
      `${system.tokens.length - tokens.size}/${system.tokens.length}`,
      system.modes.length,
      result.compared,
      result.mismatches.length,
      result.problems.length,
      tokens.size,
    ];
  });
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((cell, i) => (i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]))).join(' | ');
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('-|-'));
  for (const row of rows) console.log(line(row));
  for (const format of FORMATS) {
    const result = results.get(id).get(format);
    const { reasons } = leftOutOf(format, system);
    if (reasons.size > 0) {
      console.log(`${format} leaves out, by reason:`);
      for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(5)}  ${reason}`);
    }
    for (const problem of result.problems.slice(0, SHOW)) console.log(`  ${format} PROBLEM ${problem.slice(0, 300)}`);
    for (const { where, expected, actual } of result.mismatches.slice(0, SHOW))
      console.log(`  ${format} MISMATCH ${where}: expected ${JSON.stringify(expected)}, read ${JSON.stringify(actual)}`);
    if (result.mismatches.length > 0 || result.problems.length > 0) failed = true;
  }
}

await vite.close();
await rm(work, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
