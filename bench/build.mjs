// `token-server build` against Style Dictionary on the same 10,000 tokens, in the same run (run `npm run build` first;
// `npm run bench:build` does). Ours: the generated design system's YAML folder read, compiled and written in every web
// format issue 25 measured (CSS, both DTCG JSON exports, the resolver, TypeScript, Tailwind, ESM, CommonJS, their
// declarations, SCSS, Less), plus the manifest; and, printed apart with no target, every format of the registry with
// the native app outputs. Style Dictionary: CSS, SCSS and JavaScript built from the same tokens, its input our strict
// DTCG 2025.10 export (written by the build).
// Style Dictionary twice: the 4.x the other tests use (`style-dictionary`) and, when installed, the 5.x the issue
// measured (`style-dictionary-5`, an npm alias), each given the same input, platforms and formats.
// Each side runs in a child process of its own, one after the other (so neither pays for the other's heap), warm and
// in-process there: a first run is not counted, the time is the median of the others. The target is at least 10x
// faster than every Style Dictionary measured; the script exits 1 below it.
// Usage: node bench/build.mjs [tokens] [runs]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateDesignSystem } from './generate.mjs';

const TARGET = 10;
/**
 * What our side builds: `web`, every format issue 25 measured (CSS, both DTCG JSON exports, the resolver, TypeScript,
 * Tailwind, the JavaScript modules and declarations, SCSS, Less), which the target applies to; `all`, every format of
 * the registry, the native app outputs too (printed for the record, with no target: Style Dictionary builds no
 * native output that works, see docs/native.md).
 */
const FORMAT_ARGS = {
  web: ['--formats', 'css,json,resolver,ts,tailwind,js,dts,scss,less'],
  all: [],
  same: ['--formats', 'css,scss,js'],
};
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const script = fileURLToPath(import.meta.url);
const require = createRequire(join(root, 'package.json'));
const median = (times) => [...times].sort((a, b) => a - b)[times.length >> 1];
/** The Style Dictionary packages measured: the 4.x dependency, and 5.x under its alias when installed. */
const STYLE_DICTIONARIES = ['style-dictionary', 'style-dictionary-5'];
const installed = (name) => {
  try {
    return require.resolve(name) !== undefined;
  } catch {
    return false;
  }
};
const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/** `--side ours|<style dictionary package> <dir> <runs>`: one side's runs in this (child) process; prints its times as JSON. */
async function runSide(side, dir, runs, scope = 'web') {
  const times = [];
  if (side === 'ours') {
    const { runBuild } = await import(pathToFileURL(join(root, 'dist', 'cli', 'build.js')).href);
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    for (let run = 0; run <= runs; run++) {
      const started = performance.now();
      // Into the same folder each time (an earlier build is replaced), as a CI job rebuilding would.
      const status = await runBuild(['--out', 'out', ...FORMAT_ARGS[side === 'ours' ? scope : 'web']], dir, quiet);
      if (status !== 0) throw new Error(`token-server build exited ${status}`);
      if (run > 0) times.push(performance.now() - started);
    }
    const manifest = JSON.parse(readFileSync(join(dir, 'out', 'manifest.json'), 'utf8'));
    return { times, files: manifest.files.length, bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0) };
  }
  const { default: StyleDictionary } = await import(pathToFileURL(require.resolve(side)).href);
  let bytes = 0;
  for (let run = 0; run <= runs; run++) {
    const buildPath = join(dir, `sd-${run}`, '/');
    const started = performance.now();
    // A new instance per run: it reads and parses the JSON file itself.
    const sd = new StyleDictionary({
      source: [join(dir, 'out', 'bench', 'tokens.2025.10.json')],
      log: { verbosity: 'silent', warnings: 'disabled' },
      platforms: {
        css: { transformGroup: 'css', buildPath, files: [{ destination: 'tokens.css', format: 'css/variables' }] },
        scss: { transformGroup: 'scss', buildPath, files: [{ destination: '_tokens.scss', format: 'scss/variables' }] },
        js: { transformGroup: 'js', buildPath, files: [{ destination: 'tokens.js', format: 'javascript/es6' }] },
      },
    });
    await sd.hasInitialized;
    await sd.buildAllPlatforms();
    if (run > 0) times.push(performance.now() - started);
    bytes = ['tokens.css', '_tokens.scss', 'tokens.js'].reduce((sum, file) => sum + readFileSync(join(buildPath, file)).byteLength, 0);
  }
  return { times, files: 3, bytes };
}

if (process.argv[2] === '--side') {
  const [, , , side, dir, runs, scope] = process.argv;
  process.stdout.write(`${JSON.stringify(await runSide(side, dir, Number(runs), scope))}\n`);
} else {
  const tokens = Number(process.argv[2] ?? 10_000);
  const runs = Number(process.argv[3] ?? 5);
  const dir = mkdtempSync(join(tmpdir(), 'dts-bench-build-'));
  try {
    for (const [path, text] of generateDesignSystem({ slug: 'bench', tokens }).files) {
      mkdirSync(dirname(join(dir, 'design-systems', path)), { recursive: true });
      writeFileSync(join(dir, 'design-systems', path), text);
    }
    const side = (name, scope = 'web') =>
      JSON.parse(
        execFileSync(process.execPath, [script, '--side', name, dir, String(runs), scope], {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
          // The build's notes (values a native format leaves out) would bury the figures; an error still carries them.
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
    const everything = side('ours', 'all');
    const alike = side('ours', 'same');
    // Ours (web formats) last of our runs: its build leaves the strict DTCG export Style Dictionary reads.
    const ours = side('ours');
    const ourMs = median(ours.times);
    console.log(`${tokens} tokens, ${runs} runs each (medians, warm, each side in its own process)`);
    console.log(
      `token-server build: ${ourMs.toFixed(0)} ms for ${ours.files} files (${(ours.bytes / 1e6).toFixed(1)} MB) + manifest; runs ${ours.times.map((ms) => ms.toFixed(0)).join(', ')}`,
    );
    console.log(
      `token-server build, every format incl. native apps: ${median(everything.times).toFixed(0)} ms for ${everything.files} files (${(everything.bytes / 1e6).toFixed(1)} MB) (no target)`,
    );
    console.log(
      `token-server build, CSS, SCSS and JS only: ${median(alike.times).toFixed(0)} ms for ${alike.files} files (${(alike.bytes / 1e6).toFixed(1)} MB) (no target)`,
    );
    for (const name of STYLE_DICTIONARIES.filter(installed)) {
      const theirs = side(name);
      const theirMs = median(theirs.times);
      console.log(
        `Style Dictionary ${versionOf(name)}: ${theirMs.toFixed(0)} ms for CSS, SCSS and JS (${(theirs.bytes / 1e6).toFixed(1)} MB); runs ${theirs.times.map((ms) => ms.toFixed(0)).join(', ')}`,
      );
      console.log(
        `ratio: ${(theirMs / ourMs).toFixed(1)}x faster (target at least ${TARGET}x); CSS, SCSS and JS only: ${(theirMs / median(alike.times)).toFixed(1)}x`,
      );
      if (theirMs / ourMs < TARGET) process.exitCode = 1;
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
