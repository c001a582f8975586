// Live-source latency benchmark (not a test): how long from a file save, a `git commit` or a `git checkout`
// until the API serves the new value, for design systems of 1,000 and 10,000 tokens.
//
//   npm run bench:live            (builds, then runs this against dist/)
//   SAMPLES=50 node bench/live-latency.mjs
//
// Each case runs a real server (in this process, logging off) on a fresh temporary Git repository and polls the
// API every 2 ms over HTTP until the change is served. Prints median and p95 per case.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startServer } from '../dist/serve.js';

const SAMPLES = Number(process.env.SAMPLES ?? 30);
const TOKENS_PER_FILE = 100;
const KEY = 'dts_bench_key';
const POLL_MS = 2;
const TIMEOUT_MS = 10_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function git(cwd, ...args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } }).trim();
}

function write(root, path, text) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** One token file: half spacing tokens, half colors from a 12-step scale. `base` shifts every value. */
function tokenFile(file, base) {
  let text = `tokens:\n  f${file}:\n`;
  for (let index = 0; index < TOKENS_PER_FILE; index++) {
    text +=
      index % 2 === 0
        ? `    t${index}: { type: spacing, value: ${base + index} }\n`
        : `    t${index}: { type: color, scale: gray, step: ${(index % 12) + 1}, description: Token ${file}.${index} }\n`;
  }
  return text;
}

function scalesFile() {
  let text = 'scales:\n  gray:\n';
  for (let step = 1; step <= 12; step++) {
    const light = (255 - step * 18).toString(16).padStart(2, '0');
    const dark = (step * 18).toString(16).padStart(2, '0');
    text += `    ${step}: { light: "#${light}${light}${light}", dark: "#${dark}${dark}${dark}" }\n`;
  }
  return text;
}

function createRepo(tokenCount) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'dts-bench-')));
  const sha = createHash('sha256').update(KEY).digest('hex');
  write(root, 'keys.yaml', `keys:\n  - name: bench\n    sha256: ${sha}\n    designSystem: bench\n`);
  write(root, 'design-systems/bench/system.yaml', 'name: Bench\nid: bench\n');
  write(root, 'design-systems/bench/scales.yaml', scalesFile());
  const files = tokenCount / TOKENS_PER_FILE;
  for (let file = 0; file < files; file++) write(root, `design-systems/bench/tokens/f${file}.yaml`, tokenFile(file, 1));
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.name', 'Bench');
  git(root, 'config', 'user.email', 'bench@example.test');
  git(root, 'config', 'commit.gpgsign', 'false');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'initial');
  return { root, files };
}

async function fetchToken(server, path) {
  const response = await fetch(`${server.url}/api/v1/tokens/${path}`, { headers: { authorization: `Bearer ${KEY}` } });
  const body = await response.json();
  return { commit: response.headers.get('x-git-commit'), value: body?.data?.value?.value };
}

/** Polls until `done(response)`; returns the milliseconds since `started`. */
async function waitServed(server, path, done, started) {
  for (;;) {
    const response = await fetchToken(server, path);
    if (done(response)) return performance.now() - started;
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`not served within ${TIMEOUT_MS} ms: ${JSON.stringify(response)}`);
    await sleep(POLL_MS);
  }
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { n: sorted.length, median: at(0.5), p95: at(0.95), max: sorted.at(-1) };
}

async function benchSize(tokenCount) {
  const { root, files } = createRepo(tokenCount);
  const results = {};
  const loadStarted = performance.now();
  const server = await startServer({
    source: join(root, 'design-systems'),
    keys: join(root, 'keys.yaml'),
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    rateLimit: 0,
  });
  results.startup = performance.now() - loadStarted;
  try {
    // 1. A single file save (plain write) until the new value is served.
    const save = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const base = 1000 + sample;
      const started = performance.now();
      write(root, 'design-systems/bench/tokens/f0.yaml', tokenFile(0, base));
      save.push(await waitServed(server, 'f0/t0', (response) => response.value === base, started));
      await sleep(120);
    }
    results['file save'] = stats(save);

    // 2. `git commit` of a saved change until x-git-commit names the new commit.
    const commit = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const base = 5000 + sample;
      write(root, 'design-systems/bench/tokens/f1.yaml', tokenFile(1, base));
      await waitServed(server, 'f1/t0', (response) => response.value === base, performance.now());
      await sleep(120);
      const started = performance.now();
      git(root, 'commit', '-q', '-am', `sample ${sample}`);
      const sha = git(root, 'rev-parse', 'HEAD');
      commit.push(await waitServed(server, 'f1/t0', (response) => response.commit === sha, started));
      await sleep(120);
    }
    results['git commit'] = stats(commit);

    // 3. `git checkout` between two branches that differ in every value of 10% of the files.
    git(root, 'checkout', '-q', '-b', 'other');
    const changed = Math.max(1, Math.round(files / 10));
    for (let file = 0; file < changed; file++) write(root, `design-systems/bench/tokens/f${file}.yaml`, tokenFile(file, 90_000));
    git(root, 'commit', '-q', '-am', 'other branch');
    const otherSha = git(root, 'rev-parse', 'HEAD');
    git(root, 'checkout', '-q', 'main');
    const mainSha = git(root, 'rev-parse', 'HEAD');
    const mainValue =
      (await waitServed(server, 'f0/t0', (response) => response.commit === mainSha, performance.now()),
      (await fetchToken(server, 'f0/t0')).value);
    const checkout = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const [branch, sha, value] = sample % 2 === 0 ? ['other', otherSha, 90_000] : ['main', mainSha, mainValue];
      await sleep(150);
      const started = performance.now();
      git(root, 'checkout', '-q', branch);
      checkout.push(await waitServed(server, 'f0/t0', (response) => response.commit === sha && response.value === value, started));
    }
    results[`git checkout (${changed} of ${files} files)`] = stats(checkout);
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
  return results;
}

const format = (ms) => `${ms.toFixed(1).padStart(7)} ms`;
console.log(
  `live-source latency: node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${SAMPLES} samples per case`,
);
for (const tokenCount of [1_000, 10_000]) {
  const results = await benchSize(tokenCount);
  console.log(`\n${tokenCount.toLocaleString('en')} tokens (initial load and listen: ${results.startup.toFixed(0)} ms)`);
  for (const [name, result] of Object.entries(results)) {
    if (name === 'startup') continue;
    console.log(`  ${name.padEnd(34)} median ${format(result.median)}   p95 ${format(result.p95)}   max ${format(result.max)}`);
  }
}
