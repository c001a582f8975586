// `token-server build` against Style Dictionary on the same 10,000 tokens, in the same run (run `npm run build` first;
// `npm run bench:build` does). Ours: the generated design system's YAML folder read, compiled and written in every web
// format issue 25 measured (CSS, both DTCG JSON exports, the resolver, TypeScript, Tailwind, ESM, CommonJS, their
// declarations, SCSS, Less), plus the manifest; and, printed apart with no target, every format of the registry with
// the native app outputs. Style Dictionary: CSS, SCSS and JavaScript built from the same tokens, its input our strict
// DTCG 2025.10 export (written by the build).
// Style Dictionary twice: the 4.x the other tests use (`style-dictionary`) and, when installed, the 5.x the issue
// measured (`style-dictionary-5`, an npm alias), each given the same input, platforms and formats.
// Each side runs in a child process of its own (so neither pays for the other's heap), warm and in-process there, and
// the sides take turns: one build of each per round, never two at once, so a slower or faster spell of the machine
// falls on every side alike (run one side after the other, the ratio moved by a third between two runs on a shared
// host). The first round is not counted; each time is the median of the others. The target is at least 10x faster
// than every Style Dictionary measured; the script exits 1 below it.
// Usage: node bench/build.mjs [tokens] [runs]
import { fork } from 'node:child_process';
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
 * native output that works, see docs/native.md); `same`, the kinds of file Style Dictionary builds here (CSS, SCSS, and
 * JavaScript: the ES module and its CommonJS twin), like for like.
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

/**
 * `--side <side> <dir>` (a child process): builds once per message from the parent, answering each with the time it
 * took; `ours-web`, `ours-all` and `ours-same` are our build of those formats (each into a folder of its own), a Style
 * Dictionary package name is Style Dictionary building CSS, SCSS and JS from `out/bench/tokens.2025.10.json`.
 */
async function serveSide(side, dir) {
  let run = 0;
  let build;
  if (side.startsWith('ours-')) {
    const scope = side.slice('ours-'.length);
    const { runBuild } = await import(pathToFileURL(join(root, 'dist', 'cli', 'build.js')).href);
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
    const out = scope === 'web' ? 'out' : `out-${scope}`;
    build = async () => {
      // Into the same folder each time (an earlier build is replaced), as a CI job rebuilding would.
      const status = await runBuild(['--out', out, ...FORMAT_ARGS[scope]], dir, quiet);
      if (status !== 0) throw new Error(`token-server build exited ${status}`);
      const manifest = JSON.parse(readFileSync(join(dir, out, 'manifest.json'), 'utf8'));
      return { files: manifest.files.length, bytes: manifest.files.reduce((sum, file) => sum + file.bytes, 0) };
    };
  } else {
    const { default: StyleDictionary } = await import(pathToFileURL(require.resolve(side)).href);
    build = async () => {
      const buildPath = join(dir, `sd-${side}-${run}`, '/');
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
      const bytes = ['tokens.css', '_tokens.scss', 'tokens.js'].reduce(
        (sum, file) => sum + readFileSync(join(buildPath, file)).byteLength,
        0,
      );
      return { files: 3, bytes };
    };
  }
  process.on('message', async () => {
    const started = performance.now();
    const { files, bytes } = await build();
    const ms = performance.now() - started;
    run += 1;
    process.send({ ms, files, bytes });
  });
  process.send({ ready: true });
}

/** Starts a side's child process; `run()` builds once there and resolves with its answer. */
async function startSide(side, dir) {
  const child = fork(script, ['--side', side, dir], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let errors = '';
  // The build's notes (values a native format leaves out) would bury the figures: kept only to explain a failure.
  child.stderr.on('data', (chunk) => (errors = (errors + chunk).slice(-4000)));
  const next = () =>
    new Promise((resolve, reject) => {
      const onExit = (code) => reject(new Error(`${side} exited ${code}: ${errors.slice(-2000)}`));
      child.once('exit', onExit);
      child.once('message', (answer) => {
        child.off('exit', onExit);
        resolve(answer);
      });
    });
  await next();
  return {
    run: () => {
      const answer = next();
      child.send('run');
      return answer;
    },
    stop: () => child.kill(),
  };
}

/** Builds `runs` + 1 rounds, each side once per round in turn; the first round is not counted. */
async function measureInTurns(names, dir, runs) {
  const sides = [];
  for (const name of names) sides.push(await startSide(name, dir));
  const results = names.map(() => ({ times: [], files: 0, bytes: 0 }));
  try {
    for (let round = 0; round <= runs; round++) {
      for (const [index, side] of sides.entries()) {
        const { ms, files, bytes } = await side.run();
        const result = results[index];
        if (round > 0) result.times.push(ms);
        result.files = files;
        result.bytes = bytes;
      }
    }
  } finally {
    for (const side of sides) side.stop();
  }
  return results;
}

if (process.argv[2] === '--side') {
  await serveSide(process.argv[3], process.argv[4]);
} else {
  const tokens = Number(process.argv[2] ?? 10_000);
  const runs = Number(process.argv[3] ?? 5);
  const dir = mkdtempSync(join(tmpdir(), 'dts-bench-build-'));
  try {
    for (const [path, text] of generateDesignSystem({ slug: 'bench', tokens }).files) {
      mkdirSync(dirname(join(dir, 'design-systems', path)), { recursive: true });
      writeFileSync(join(dir, 'design-systems', path), text);
    }
    const [everything] = await measureInTurns(['ours-all'], dir, runs);
    // Ours (web formats) first in each round: its first build writes the strict DTCG export Style Dictionary reads.
    const theirNames = STYLE_DICTIONARIES.filter(installed);
    const [ours, alike, ...theirs] = await measureInTurns(['ours-web', 'ours-same', ...theirNames], dir, runs);
    const ourMs = median(ours.times);
    console.log(`${tokens} tokens, ${runs} runs each (medians, warm, each side in its own process, the sides taking turns)`);
    console.log(
      `token-server build: ${ourMs.toFixed(0)} ms for ${ours.files} files (${(ours.bytes / 1e6).toFixed(1)} MB) + manifest; runs ${ours.times.map((ms) => ms.toFixed(0)).join(', ')}`,
    );
    console.log(
      `token-server build, every format incl. native apps: ${median(everything.times).toFixed(0)} ms for ${everything.files} files (${(everything.bytes / 1e6).toFixed(1)} MB) (no target)`,
    );
    console.log(
      `token-server build, CSS, SCSS and JS only: ${median(alike.times).toFixed(0)} ms for ${alike.files} files (${(alike.bytes / 1e6).toFixed(1)} MB) (no target)`,
    );
    for (const [index, name] of theirNames.entries()) {
      const their = theirs[index];
      const theirMs = median(their.times);
      console.log(
        `Style Dictionary ${versionOf(name)}: ${theirMs.toFixed(0)} ms for CSS, SCSS and JS (${(their.bytes / 1e6).toFixed(1)} MB); runs ${their.times.map((ms) => ms.toFixed(0)).join(', ')}`,
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
