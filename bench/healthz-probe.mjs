// What the hardening benchmarks share: a built server in a child process, and a liveness probe in another process
// (`/healthz` on a new connection every 10 ms, timed until the whole answer arrived), so a blocked event loop shows
// as the probe's p99 and max, measured from outside as a load balancer would.
//
//   node bench/healthz-probe.mjs --base http://127.0.0.1:3000      (the probe process itself; stops when stdin closes)
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const TARGET_P99_MS = 50;

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** p50, p99 and max of probe times (ms). */
export function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { probes: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? NaN };
}

export const formatSummary = ({ probes, p50, p99, max }) =>
  `/healthz p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms (${probes} probes)${p99 < TARGET_P99_MS ? '' : ' MISSED'}`;

/** One GET on a connection of its own (no keep-alive agent): the time until the whole response arrived. */
function timeOnNewConnection(base, path) {
  const url = new URL(path, base);
  return new Promise((resolveTime, reject) => {
    const started = performance.now();
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, agent: false }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200 ? resolveTime(performance.now() - started) : reject(new Error(`${path}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * `token-server serve` from `dist` (`dist/cli.js`) in a child process with `args`; resolves once it listens, with its
 * base URL, the child, and `rssMiB()` (its resident memory now, and the most it reached, from /proc).
 */
export function startServer(dist, args, env = {}) {
  // SERVER_NODE_ARGS: flags for the server's node (e.g. `--trace-gc`, which NODE_OPTIONS does not take).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, `${dist}/cli.js`, 'serve', '--port', '0', '--log-level', 'info', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let log = '';
  // SERVER_LOG: a file that gets the server's output (stderr in `<file>.err`).
  if (process.env.SERVER_LOG !== undefined) {
    child.stdout.pipe(createWriteStream(process.env.SERVER_LOG));
    child.stderr.pipe(createWriteStream(`${process.env.SERVER_LOG}.err`));
  }
  const rssMiB = () => {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kib = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { now: Math.round(kib('VmRSS') / 1024), peak: Math.round(kib('VmHWM') / 1024) };
  };
  return new Promise((resolveServer, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk) => (log += chunk));
    let rest = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      log += chunk;
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (match) resolveServer({ child, base: match[1], rssMiB, log: () => log });
      }
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}\n${log}`)));
  });
}

/** Starts the probe in a process of its own; `stop()` ends it and resolves with the summary of its times. */
export function startProbe(base, intervalMs = 10) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--base', base, '--interval-ms', String(intervalMs)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  // A probe that failed (a `/healthz` answered 408 by a server blocked past its request timeout) has exited: ending
  // its stdin then fails, and the rejection of `stop()` says why.
  child.stdin.on('error', () => {});
  const done = new Promise((resolveDone, reject) =>
    child.on('exit', (code) => (code === 0 ? resolveDone(summarize(JSON.parse(out))) : reject(new Error(`probe exited with ${code}`)))),
  );
  return {
    stop: () => {
      child.stdin.end();
      return done;
    },
  };
}

/** The probe process: `/healthz` on new connections until stdin closes; prints the times (ms) as JSON. */
async function probe(base, intervalMs) {
  let running = true;
  process.stdin.on('end', () => (running = false)).resume();
  const times = [];
  while (running) {
    const started = performance.now();
    // A failed probe (`408` from a server blocked past its request timeout) counts as the time it took to fail.
    times.push(await timeOnNewConnection(base, '/healthz').catch(() => performance.now() - started));
    await new Promise((done) => setTimeout(done, intervalMs));
  }
  process.stdout.write(JSON.stringify(times));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { base: { type: 'string' }, 'interval-ms': { type: 'string', default: '10' } } });
  await probe(values.base, Number(values['interval-ms']));
}
