// Burst-of-unknown-refs benchmark (not a test): how long a liveness probe (`/healthz` on a new connection) waits while
// a client sends waves of `?ref=` values that name nothing (issue 22, finding 7).
//
//   npm run build && node bench/ref-burst.mjs            (against dist/)
//   node bench/ref-burst.mjs --dist /tmp/orig/dist        (against another build, e.g. a worktree of an older commit)
//   node bench/ref-burst.mjs --refs 300 --duration-ms 5000 --tokens 5000
//   node bench/ref-burst.mjs --pause-ms 1000              (one wave a second instead of back to back)
//   node bench/ref-burst.mjs --control                    (the same waves to an unknown route: what any 404 costs)
//
// Three processes: the built CLI serves a generated repository; a load process sends waves of `--refs` distinct
// unknown refs at once (half made-up full shas, half made-up branch names; new ones every wave, so the server's
// memory of unknown refs never answers for Git); the probe of healthz-probe.mjs opens a new connection for each
// `/healthz` and times it until the whole answer arrived. The probe first runs alone (idle), then during the waves.
// Prints p50/p99/max of the probe, and the waves' answers (404, 503) and durations. Target: p99 under 50 ms.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_KEY, createSourceRepo } from './generate.mjs';
import { formatSummary, percentile, startProbe, startServer, TARGET_P99_MS } from './healthz-probe.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    base: { type: 'string' },
    dist: { type: 'string', default: join(ROOT, 'dist') },
    refs: { type: 'string', default: '300' },
    'duration-ms': { type: 'string', default: '8000' },
    'pause-ms': { type: 'string', default: '1000' },
    tokens: { type: 'string', default: '5000' },
    'idle-ms': { type: 'string', default: '3000' },
    'interval-ms': { type: 'string', default: '10' },
    out: { type: 'string' },
    control: { type: 'boolean', default: false },
  },
});

/** A GET on a pooled connection of `agent`; resolves with the status once the body has arrived. */
function getStatus(agent, base, path, headers) {
  const url = new URL(path, base);
  return new Promise((resolveStatus, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolveStatus(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The load process: waves of `--refs` distinct unknown refs sent at once, `--pause-ms` apart for `--duration-ms`, over at
 * most 128 keep-alive connections (the server closes connections past 256 per client address); prints statuses and
 * durations.
 */
async function burst() {
  const headers = { authorization: `Bearer ${BENCH_KEY}` };
  const agent = new Agent({ keepAlive: true, maxSockets: 128 });
  const statuses = {};
  const waves = [];
  const until = performance.now() + Number(args['duration-ms']);
  for (let wave = 0; performance.now() < until; wave++) {
    const refs = Array.from({ length: Number(args.refs) }, (_, index) =>
      index % 2 === 0 ? randomBytes(20).toString('hex') : `no-such-branch-${wave}-${index}-${randomBytes(4).toString('hex')}`,
    );
    const started = performance.now();
    await Promise.all(
      refs.map(async (ref) => {
        const path = args.control ? `/api/v1/no-such-route-${ref}` : `/api/v1/tokens?ref=${ref}`;
        const status = await getStatus(agent, args.base, path, headers);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }),
    );
    waves.push(performance.now() - started);
    await new Promise((done) => setTimeout(done, Number(args['pause-ms'])));
  }
  agent.destroy();
  process.stdout.write(JSON.stringify({ statuses, waves }));
}

/** Runs the load in a process of its own; resolves with what it printed (JSON). */
function runBurst(base, extra) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--role', 'burst', '--base', base, ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk) => (out += chunk));
  return new Promise((resolveDone, reject) =>
    child.on('exit', (code) => (code === 0 ? resolveDone(JSON.parse(out)) : reject(new Error(`burst exited with ${code}`)))),
  );
}

async function main() {
  const repo = createSourceRepo({ systems: [{ slug: 'ds-000', tokens: Number(args.tokens) }], prefix: 'dts-bench-refs-' });
  const { child, base, rssMiB } = await startServer(args.dist, [
    '--source',
    repo.source,
    '--keys',
    repo.keys,
    '--rate-limit',
    '0',
    '--auth-failure-limit',
    '0',
  ]);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      child.kill('SIGTERM');
      rmSync(repo.root, { recursive: true, force: true });
      process.exit(1);
    });
  try {
    // Wait until the design system is served: the startup compile stays out of the probe's figures.
    while ((await fetch(`${base}/readyz`)).status !== 200) await new Promise((done) => setTimeout(done, 100));
    const interval = Number(args['interval-ms']);
    const idleProbe = startProbe(base, interval);
    await new Promise((done) => setTimeout(done, Number(args['idle-ms'])));
    const idle = await idleProbe.stop();
    const busyProbe = startProbe(base, interval);
    await new Promise((done) => setTimeout(done, 200));
    const load = await runBurst(base, [
      '--refs',
      args.refs,
      '--duration-ms',
      args['duration-ms'],
      '--pause-ms',
      args['pause-ms'],
      ...(args.control ? ['--control'] : []),
    ]);
    const during = await busyProbe.stop();

    console.log(
      `ref burst: node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}, ${Number(args.tokens).toLocaleString('en')} tokens, server ${args.dist}, RSS ${rssMiB().now} MiB`,
    );
    console.log(`  idle:         ${formatSummary(idle)}`);
    console.log(`  during burst: ${formatSummary(during)}`);
    const waves = [...load.waves].sort((a, b) => a - b);
    const what = args.control ? 'requests to an unknown route (control)' : 'unknown refs';
    console.log(
      `  ${waves.length} waves of ${args.refs} ${what} in ${Number(args['duration-ms']) / 1000} s: answers ${JSON.stringify(load.statuses)}, a wave takes ${percentile(waves, 50).toFixed(1)} ms (median), ${(waves.at(-1) ?? NaN).toFixed(1)} ms (slowest)`,
    );
    console.log(`target: /healthz p99 during the burst under ${TARGET_P99_MS} ms: ${during.p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`);
    if (args.out) writeFileSync(args.out, JSON.stringify({ idle, during, load }, null, 2));
  } finally {
    child.kill('SIGTERM');
    rmSync(repo.root, { recursive: true, force: true });
  }
}

if (args.role === 'burst') await burst();
else await main();
