// Pinned-revision benchmark (not a test): how long a cold `?ref=<sha>` build takes, and how fast cached pinned
// responses are served, for design systems of 1,000 and 10,000 tokens.
//
//   npm run bench:revisions          (builds, then runs this against dist/)
//   RUNS=9 DURATION=10 node bench/revisions.mjs
//
// Cold build: `GitRevisions.snapshotAt(sha)` on a fresh instance (so a fresh `git cat-file --batch` too), in this
// process, median of RUNS; split into reading Git (`eventsAt`: one ls-tree, the cat-file reader, one `git log` per
// design system) and the reducer.
// Throughput: the built CLI serves the repository in a child process; autocannon (10 connections) hammers the live
// route and the same route pinned by full sha and by branch, after one warm-up request each.
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { GitRevisions } from '../dist/source/git-revisions.js';
import { reduce } from '../dist/state/reduce.js';
import { createEmptySnapshot } from '../dist/state/snapshot.js';
import { BENCH_KEY, createSourceRepo, generateDesignSystem, git, writeFiles } from './generate.mjs';

const RUNS = Number(process.env.RUNS ?? 7);
const DURATION = Number(process.env.DURATION ?? 5);
const CONNECTIONS = 10;
const TARGET_COLD_1K_MS = 150;
const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');

const median = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

/** A repository with some history: the design system, then four commits that each change one token file. */
function createHistoryRepo(tokens) {
  const repo = createSourceRepo({ systems: [{ slug: 'ds-000', tokens }], prefix: 'dts-bench-rev-' });
  for (let commit = 1; commit <= 4; commit++) {
    const changed = generateDesignSystem({ slug: 'ds-000', tokens, seed: 1000 + commit });
    const path =
      [...changed.files.keys()].find((file) => file.endsWith(`/tokens/00${commit - 1}.yaml`)) ?? [...changed.files.keys()].at(-1);
    writeFiles(repo.source, new Map([[path, changed.files.get(path)]]));
    git(repo.root, 'commit', '-q', '-am', `change ${commit}`);
  }
  return { ...repo, head: git(repo.root, 'rev-parse', 'HEAD'), first: repo.sha };
}

async function coldBuilds(repo, sha) {
  const total = [];
  const gitRead = [];
  const reducer = [];
  for (let run = 0; run < RUNS; run++) {
    const revisions = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' });
    const started = performance.now();
    const snapshot = await revisions.snapshotAt(sha);
    total.push(performance.now() - started);
    if (snapshot.systems.get('ds-000')?.compiled === undefined) throw new Error('the pinned revision did not compile');
    await revisions.close();
    // The same build in two parts, on another fresh instance.
    const split = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' });
    const readStarted = performance.now();
    const events = await split.eventsAt(sha);
    const read = performance.now();
    reduce(createEmptySnapshot(), events);
    reducer.push(performance.now() - read);
    gitRead.push(read - readStarted);
    await split.close();
  }
  return { total: median(total), git: median(gitRead), reduce: median(reducer) };
}

function startCli(repo) {
  const child = spawn(
    process.execPath,
    [cli, 'serve', '--source', repo.source, '--keys', repo.keys, '--port', '0', '--rate-limit', '0', '--log-level', 'info'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match) resolve({ child, base: match[1] });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

async function throughput(base, path) {
  const headers = { authorization: `Bearer ${BENCH_KEY}` };
  const warm = await fetch(`${base}${path}`, { headers });
  if (warm.status !== 200) throw new Error(`${path}: ${warm.status} ${await warm.text()}`);
  const bytes = (await warm.arrayBuffer()).byteLength;
  // The server closes a connection after 1,000 requests (Connection: close, then 503s); autocannon ignores that, so
  // it opens a new connection before reaching the limit.
  const result = await autocannon({ url: `${base}${path}`, connections: CONNECTIONS, duration: DURATION, headers, reconnectRate: 900 });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors, status codes ${JSON.stringify(result.statusCodeStats)}`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bytes };
}

const pad = (text, width) => String(text).padStart(width);
console.log(
  `pinned revisions: node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), ${RUNS} cold builds per size, ${DURATION} s x ${CONNECTIONS} connections per route`,
);
const rows = [];
let missed = false;
for (const tokens of [1_000, 10_000]) {
  const repo = createHistoryRepo(tokens);
  try {
    const cold = await coldBuilds(repo, repo.first);
    if (tokens === 1_000 && cold.total > TARGET_COLD_1K_MS) missed = true;
    console.log(
      `\n${tokens.toLocaleString('en')} tokens: cold build of a pinned revision (median) ${cold.total.toFixed(1)} ms  = read from Git ${cold.git.toFixed(1)} ms + reduce ${cold.reduce.toFixed(1)} ms`,
    );
    const { child, base } = await startCli(repo);
    try {
      for (const [name, path] of [
        ['live', '/api/v1/tokens'],
        ['?ref=<full sha>', `/api/v1/tokens?ref=${repo.first}`],
        ['?ref=main', '/api/v1/tokens?ref=main'],
        ['live css', '/api/v1/export/css'],
        ['?ref=<full sha> css', `/api/v1/export/css?ref=${repo.first}`],
      ]) {
        const result = await throughput(base, path);
        rows.push({ tokens, name, ...result });
        console.log(
          `  ${name.padEnd(22)} ${pad(Math.round(result.rps).toLocaleString('en'), 7)} req/s   p50 ${pad(result.p50, 3)} ms   p99 ${pad(result.p99, 4)} ms   ${pad(Math.round(result.bytes / 1024), 5)} KiB/response`,
        );
      }
    } finally {
      child.kill('SIGTERM');
    }
  } finally {
    rmSync(repo.root, { recursive: true, force: true });
  }
}
if (process.env.JSON_OUT) writeFileSync(process.env.JSON_OUT, JSON.stringify(rows, null, 2));
console.log(`\ntarget: cold build of 1,000 tokens under ${TARGET_COLD_1K_MS} ms: ${missed ? 'MISSED' : 'met'}`);
