// Many-files benchmark (not a test): a design system of FILES small token files (default 100,000), served by a real
// `token-server serve` child process while this process probes `/healthz` over fresh connections every 10 ms.
//
//   npm run build && node bench/many-files.mjs [dist] [files]
//   ULIMIT=1024 node bench/many-files.mjs       (runs the server under `ulimit -n 1024`, a common container default)
//
// Two cases, each on a fresh plain folder (Git adds nothing here but minutes of `git add`):
// - start:  the server starts on a source holding the big design system: does it start, how long, what does it say;
// - live:   the server starts small, then the files are written into a running design system: does it stay up, does
//           `/healthz` stay fast (p50/p99/max, failures), what does it say.
// Prints one line per case, then the log lines that name the big design system (at most 5) and how many lines the
// server logged in all.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const [dist = 'dist', filesText = '100000', bigFilesText] = process.argv.slice(2);
const FILES = Number(dist === '--write-big' ? bigFilesText : filesText);
const KEY = 'dts_bench_key';
const PROBE_EVERY_MS = 10;
const LIVE_WATCH_MS = Number(process.env.LIVE_WATCH_MS ?? 30_000);

function createSource(withBig) {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'dts-many-')));
  const source = join(root, 'design-systems');
  mkdirSync(join(source, 'small'), { recursive: true });
  writeFileSync(join(source, 'small', 'system.yaml'), 'name: Small\nid: small\n');
  writeFileSync(join(source, 'small', 'tokens.yaml'), 'tokens:\n  space:\n    a: { type: spacing, value: 16 }\n');
  const sha = createHash('sha256').update(KEY).digest('hex');
  writeFileSync(join(root, 'keys.yaml'), `keys:\n  - name: bench\n    sha256: ${sha}\n    designSystem: small\n    access: [big]\n`);
  if (withBig) writeBig(source);
  return { root, source, keys: join(root, 'keys.yaml') };
}

function writeBig(source) {
  mkdirSync(join(source, 'big', 'tokens'), { recursive: true });
  writeFileSync(join(source, 'big', 'system.yaml'), 'name: Big\nid: big\n');
  for (let index = 0; index < FILES; index++) {
    writeFileSync(
      join(source, 'big', 'tokens', `f${index}.yaml`),
      `tokens:\n  g${index}:\n    t: { type: spacing, value: ${index % 100} }\n`,
    );
  }
}

function startServer({ source, keys }) {
  const cli = resolve(dist, 'cli.js');
  const command = `exec "${process.execPath}" "${cli}" serve --port 0 --host 127.0.0.1 --source "${source}" --keys "${keys}"`;
  const child = spawn('sh', ['-c', process.env.ULIMIT === undefined ? command : `ulimit -n ${process.env.ULIMIT}; ${command}`]);
  const server = { child, lines: 0, big: [], base: undefined, exit: undefined, stderr: '' };
  let rest = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop() ?? '';
    for (const part of parts) {
      if (part.trim() === '') continue;
      server.lines += 1;
      const line = JSON.parse(part);
      const match = /^Server listening at (http:\/\/[^ ]+)$/.exec(line.msg);
      if (match) server.base = match[1];
      if (String(line.msg).includes('big') || line.designSystem === 'big') server.big.push(line.msg);
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => (server.stderr += chunk));
  server.exited = new Promise((done) => child.on('close', (code, signal) => done((server.exit = signal ?? code))));
  return server;
}

async function probe(base) {
  const started = performance.now();
  try {
    // A fresh connection each time, as a liveness probe opens one.
    const response = await fetch(`${base}/healthz`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(5_000) });
    await response.text();
    return response.status === 200 ? performance.now() - started : undefined;
  } catch {
    return undefined;
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

async function probeWhile(server, ms) {
  const latencies = [];
  let failures = 0;
  const until = performance.now() + ms;
  while (performance.now() < until && server.exit === undefined) {
    const latency = await probe(server.base);
    if (latency === undefined) failures += 1;
    else latencies.push(latency);
    await sleep(PROBE_EVERY_MS);
  }
  latencies.sort((a, b) => a - b);
  const f = (value) => value.toFixed(1);
  return `healthz ${latencies.length} ok / ${failures} failed, p50 ${f(percentile(latencies, 50))} ms, p99 ${f(percentile(latencies, 99))} ms, max ${f(latencies.at(-1) ?? NaN)} ms`;
}

async function tokensOfBig(server) {
  const response = await fetch(`${server.base}/api/v1/tokens?designSystem=big`, { headers: { authorization: `Bearer ${KEY}` } });
  return response.status;
}

function report(name, server, figures) {
  console.log(`${name}: ${figures}; exit ${server.exit ?? 'none (still up)'}; ${server.lines} log lines`);
  for (const line of server.big.slice(0, 5)) console.log(`  log: ${line}`);
  if (server.stderr.trim() !== '') console.log(`  stderr: ${server.stderr.trim().split('\n').slice(0, 5).join('\n          ')}`);
}

async function stop(server, root) {
  if (server.exit === undefined) {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, sleep(10_000)]);
    if (server.exit === undefined) server.child.kill('SIGKILL');
  }
  rmSync(root, { recursive: true, force: true });
}

if (dist === '--write-big') {
  writeBig(filesText);
  process.exit(0);
}

console.log(`${FILES} files in one design system; server under ulimit -n ${process.env.ULIMIT ?? 'unchanged'}`);

{
  const repo = createSource(true);
  const started = performance.now();
  const server = startServer(repo);
  while (server.base === undefined && server.exit === undefined && performance.now() - started < 120_000) await sleep(20);
  const startMs = performance.now() - started;
  const figures =
    server.base === undefined
      ? `did not listen within ${Math.round(startMs)} ms`
      : `listening after ${Math.round(startMs)} ms; ${await probeWhile(server, 3_000)}; /api/v1/tokens?designSystem=big -> ${await tokensOfBig(server)}`;
  report('start', server, figures);
  await stop(server, repo.root);
}

{
  const repo = createSource(false);
  const server = startServer(repo);
  while (server.base === undefined && server.exit === undefined) await sleep(20);
  const probing = probeWhile(server, LIVE_WATCH_MS);
  await sleep(500);
  const writing = performance.now();
  // In another process, so this one's probes are not held up by the writes.
  const writer = spawn(process.execPath, [new URL(import.meta.url).pathname, '--write-big', repo.source, String(FILES)], {
    stdio: 'inherit',
  });
  await new Promise((done) => writer.on('close', done));
  const writeMs = performance.now() - writing;
  const figures = await probing;
  const big = server.exit === undefined ? await tokensOfBig(server) : 'n/a';
  report('live', server, `files written in ${Math.round(writeMs)} ms; over ${LIVE_WATCH_MS} ms: ${figures}; big -> ${big}`);
  await stop(server, repo.root);
}
