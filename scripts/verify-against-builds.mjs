#!/usr/bin/env node
// Imports public design systems published on npm with the plain documented command, and compares what the server
// serves with each system's own build with `--against` (the CLI's own comparison: colors as 8-bit RGBA, rem = 16px,
// font stacks and weights by meaning). Needs the network (npm pack), so it is not part of `npm test`.
//
//   npm run build && node scripts/verify-against-builds.mjs [folder] [names...]
//
// Each package is fetched with `npm pack <name>@<version>` into <folder>/tgz (default /tmp/public-against) and
// unpacked into <folder>/<name>; the command runs in the unpacked package/ folder, as a team runs it in its
// repository. Prints per system the command, the imported share of the source's tokens, and per mode the build file
// and selector it was matched with and the share of compared values equal, then the first differences.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const cli = join(repo, 'dist/cli.js');
const root = resolve(process.argv[2] ?? '/tmp/public-against');
const only = process.argv.slice(3);
const SHOW = Number(process.env.SHOW_DIFFERENCES ?? 8);

/** The systems: npm package, the import's files and options (as docs/importing.md documents them), the build's files. */
const SYSTEMS = [
  // Measured before (docs/importing.md's earlier table), now with --against their builds.
  { name: 'primer', pkg: '@primer/primitives@11.10.0', args: ['src/tokens'], against: ['dist/css'] },
  { name: 'utrecht', pkg: '@utrecht/design-tokens@5.0.1', args: ['src'], against: ['dist/index.css', 'dist/dark/index.css'] },
  { name: 'telekom', pkg: '@telekom/design-tokens@1.0.0-beta.12', args: ['src'], against: ['dist/telekom/css'] },
  { name: 'rhc', pkg: '@rijkshuisstijl-community/design-tokens@11.1.0', args: ['figma/figma.tokens.json'], against: ['dist'] },
  { name: 'gestalt', pkg: 'gestalt-design-tokens@177.0.12', args: ['tokens/classic'], against: ['dist/css/classic'] },
  { name: 'italia', pkg: 'design-tokens-italia@1.3.3', args: ['tokens'], against: ['dist'] },
  { name: 'auro', pkg: '@aurodesignsystem/design-tokens@8.16.0', args: ['src/themes/auro-classic'], against: ['dist/legacy/auro-classic'] },
  { name: 'amsterdam', pkg: '@amsterdam/design-system-tokens@4.0.1', args: ['src'], against: ['dist/index.css'] },
  // Not used before.
  {
    name: 'meteor',
    pkg: '@shopware-ag/meteor-tokens@1.4.1',
    args: ['dictionaries'],
    against: ['deliverables/administration', 'deliverables/foundation'],
  },
  { name: 'abgov', pkg: '@abgov/design-tokens@2.2.1', args: ['data'], against: ['dist/tokens.css'] },
  {
    name: 'codex',
    pkg: '@wikimedia/codex-design-tokens@2.7.0',
    args: ['dist/theme-wikimedia-ui.json', 'dist/theme-wikimedia-ui-mode-dark.json'],
    against: ['dist/theme-wikimedia-ui.css', 'dist/theme-wikimedia-ui-mode-dark.css'],
  },
  // Not used before (round four).
  {
    name: 'rotterdam',
    pkg: '@nl-design-system-unstable/rotterdam-design-tokens@1.0.0-alpha.125',
    args: ['src'],
    // Its stylesheet: `dist/index.css` `@import`s `design-tokens.css`, which holds the tokens.
    against: ['dist/index.css'],
  },
  {
    name: 'voorbeeld',
    pkg: '@nl-design-system-unstable/voorbeeld-design-tokens@7.4.1',
    // The file its build reads (`figma/*.tokens.json`; the folder's `voorbeeld.tokens-old.json` is not one).
    args: ['figma/voorbeeld.tokens.json'],
    against: ['dist/variables.css'],
  },
  { name: 'open-formulieren', pkg: '@open-formulieren/design-tokens@0.66.0', args: ['src'], against: ['dist/index.css'] },
  { name: 'rvo', pkg: '@nl-rvo/design-tokens@1.12.0', args: ['figma/figma.tokens.json'], against: ['dist/index.css'] },
  { name: 'cockroach', pkg: '@cockroachlabs/design-tokens@0.4.5', args: ['tokens'], against: ['dist/web/tokens.js'] },
];

function unpack(system) {
  const folder = join(root, system.name);
  if (existsSync(join(folder, 'package'))) return join(folder, 'package');
  mkdirSync(join(root, 'tgz'), { recursive: true });
  const tgz = execFileSync('npm', ['pack', system.pkg, '--silent'], { cwd: join(root, 'tgz'), encoding: 'utf8' })
    .trim()
    .split('\n')
    .at(-1);
  mkdirSync(folder, { recursive: true });
  execFileSync('tar', ['xzf', join(root, 'tgz', tgz), '-C', folder]);
  return join(folder, 'package');
}

const percent = (part, whole) => (whole === 0 ? '-' : `${(Math.floor((part / whole) * 1000) / 10).toFixed(1)}%`);

const rows = [];
for (const system of SYSTEMS.filter((each) => only.length === 0 || only.includes(each.name))) {
  const cwd = unpack(system);
  const out = join(root, 'out', system.name);
  rmSync(out, { recursive: true, force: true });
  const against = system.against.filter((path) => existsSync(join(cwd, path)));
  const args = ['import', ...system.args, '--out', out, ...against.flatMap((path) => ['--against', path]), '--format', 'json'];
  console.log(`\n=== ${system.name} (${system.pkg}) ===\n$ token-server ${args.join(' ').replace(out, `<out>/${system.name}`)}`);
  const run = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (run.stdout.trim() === '') {
    console.log(`no report (exit ${run.status}): ${run.stderr.slice(0, 500)}`);
    continue;
  }
  const report = JSON.parse(run.stdout);
  const total = report.imported + report.skipped;
  console.log(
    `exit ${run.status}; read as ${report.format}; ${report.imported} of ${total} tokens imported (${percent(report.imported, total)}): ` +
      `${report.exact} exactly, ${report.lossy} with loss, ${report.skipped} left out`,
  );
  for (const note of report.modes) console.log(`  note: ${note.length > 240 ? `${note.slice(0, 240)}…` : note}`);
  const modes = report.against?.modes ?? [];
  for (const mode of modes) {
    console.log(
      `  ${mode.mode}: ${mode.equal} of ${mode.compared} equal (${percent(mode.equal, mode.compared)}; ${mode.equalRem} with rem = 16px), ` +
        `matched with ${mode.matched}; ${mode.onlyBuild.length} only in the build, ${mode.onlyOurs.length} only served`,
    );
    for (const difference of mode.differ.slice(0, SHOW))
      console.log(`      ${difference.name}: build ${difference.build} | served ${difference.ours}`);
  }
  rows.push({
    name: system.name,
    imported: `${report.imported} / ${total} (${percent(report.imported, total)})`,
    modes: modes.map((mode) => `${mode.mode} ${mode.equal}/${mode.compared} (${percent(mode.equal, mode.compared)})`).join(', '),
  });
}
console.log('\n| system | imported | equal to its build, per mode |\n|---|---|---|');
for (const row of rows) console.log(`| ${row.name} | ${row.imported} | ${row.modes} |`);
if (readdirSync(root).length === 0) console.log('nothing fetched');
