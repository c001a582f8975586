// Change-request benchmark (issue 37, not a test): a built server follows a Git work tree holding a 10,000-token
// design system; measures opening a one-operation change request (validate + commit), merging one (re-apply on the
// tip, validate, commit, fast-forward), and the read throughput of a token route alone and while 10 change requests a
// second are opened. Prints each figure beside its target.
//
//   npm run build && node bench/changes.mjs
//   OPENS=60 MERGES=20 SECONDS=5 node bench/changes.mjs
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSourceRepo, git } from './generate.mjs';
import { percentile, startServer } from './healthz-probe.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = process.env.DIST ?? join(ROOT, 'dist');
const OPENS = Number(process.env.OPENS ?? 40);
const MERGES = Number(process.env.MERGES ?? 15);
const PREVIEWS = Number(process.env.PREVIEWS ?? 40);
const SECONDS = Number(process.env.SECONDS ?? 5);
/** Change requests opened per second while reads are measured (the 10), started on a fixed schedule. */
const WRITE_RATE = Number(process.env.WRITE_RATE ?? 10);
/** Opens in flight at most: a schedule the server cannot keep shows as fewer landing, not as a growing queue. */
const MAX_IN_FLIGHT = 4;
const EDITOR = 'dts_bench_editor_key';
const REVIEWER = 'dts_bench_reviewer_key';
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

const repo = createSourceRepo({ systems: [{ slug: 'ds-000', tokens: 10_000 }], prefix: 'dts-bench-changes-' });
writeFileSync(
  repo.keys,
  'keys:\n' +
    `  - name: editor\n    sha256: ${sha256(EDITOR)}\n    designSystem: ds-000\n    role: editor\n    author: { name: Bench Editor, email: editor@example.test }\n` +
    `  - name: reviewer\n    sha256: ${sha256(REVIEWER)}\n    designSystem: ds-000\n    role: reviewer\n    author: { name: Bench Reviewer, email: reviewer@example.test }\n`,
);
git(repo.root, 'commit', '-q', '-am', 'write keys');
const keys = repo.systems[0].keys;

async function call(base, method, path, key, body) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - started, body: text === '' ? undefined : JSON.parse(text) };
}

const open = (base, index) =>
  call(base, 'POST', '/api/v1/changes', EDITOR, {
    title: `Describe ${keys[index]}`,
    operations: [{ op: 'set-description', token: keys[index], description: `Bench description ${index}` }],
  });

/** Reads one token with `connections` loops for `seconds`: requests per second. */
async function readThroughput(base, seconds, connections = 8) {
  const path = `/api/v1/tokens/${keys[5000].split('.').join('/')}`;
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${EDITOR}` } });
        await response.arrayBuffer();
        count++;
      }
    }),
  );
  return count / seconds;
}

/**
 * Runs `measure` while change requests are opened on a fixed schedule, `WRITE_RATE` a second (one every 100 ms at
 * 10), each on its own token: a slow open does not delay the next one's start. Resolves to what `measure` gave, how
 * many opens landed while it ran, the times they took and how many starts were skipped (`MAX_IN_FLIGHT` in flight).
 */
async function whileWriting(base, measure) {
  let writing = true;
  let landed = 0;
  let skipped = 0;
  let inFlight = 0;
  const times = [];
  const pending = [];
  const writer = (async () => {
    const started = performance.now();
    for (let index = 0; writing; index++) {
      await sleep(Math.max(0, started + (index * 1000) / WRITE_RATE - performance.now()));
      if (!writing) break;
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped++;
        continue;
      }
      inFlight++;
      pending.push(
        open(base, 2_000 + (index % (keys.length - 2_000))).then(({ ms }) => {
          inFlight--;
          if (writing) {
            landed++;
            times.push(ms);
          }
        }),
      );
    }
  })();
  const value = await measure();
  writing = false;
  await writer;
  await Promise.all(pending);
  return { value, landed, skipped, times };
}

/**
 * CPU time (ms) used so far by process `pid` and every process under it (the git helper and the git processes it
 * started: an exited child counts in its parent's): what a write costs whatever else the machine runs. Linux only.
 */
function treeCpuMs(pid) {
  const ticks = 100; // USER_HZ
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // After the name: state, ppid (4th field), ... utime (14th), stime, cutime, cstime.
      const cpu = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      procs.set(Number(name), { ppid: Number(fields[1]), cpu });
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = (id) => {
    for (let at = id; at > 1; at = procs.get(at)?.ppid ?? 0) if (at === pid) return true;
    return false;
  };
  let total = 0;
  for (const [id, { cpu }] of procs) if (inTree(id)) total += cpu;
  return (total * 1000) / ticks;
}

const stats = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `p50 ${Math.round(percentile(sorted, 50))} ms, p95 ${Math.round(percentile(sorted, 95))} ms, max ${Math.round(sorted.at(-1))} ms (${times.length})`;
};

console.log(
  `changes: node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
// CPU_PROF=<dir>: the server writes a V8 CPU profile of its main thread there when it stops.
const profile = process.env.CPU_PROF === undefined ? {} : { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${resolve(process.env.CPU_PROF)}` };
const server = await startServer(DIST, ['--source', repo.source, '--keys', repo.keys, '--rate-limit', '0'], profile);
try {
  await sleep(1_000);
  // Warm-up: the first compile in the worker, the first Git processes.
  await open(server.base, 0);
  // Previews of one edit each (validated as `validate` does: the compiler, the formats' lints, the contrast pairs).
  const previews = [];
  for (let index = 1; index <= PREVIEWS; index++) {
    const operations = [{ op: 'set-description', token: keys[3_000 + index], description: `Previewed ${index}` }];
    previews.push((await call(server.base, 'POST', '/api/v1/changes/preview', EDITOR, { operations })).ms);
  }
  console.log(`preview a one-operation change (validate, no commit): ${stats(previews)}`);
  const opens = [];
  const cpuBefore = treeCpuMs(server.child.pid);
  for (let index = 1; index <= OPENS; index++) opens.push((await open(server.base, index)).ms);
  const cpuPerOpen = (treeCpuMs(server.child.pid) - cpuBefore) / OPENS;
  console.log(`open a one-operation change request (validate + commit): ${stats(opens)}; target p95 < 300 ms`);
  console.log(
    `CPU per open (the server and the git processes under it): ${Math.round(cpuPerOpen)} ms: ${WRITE_RATE} a second take ${((cpuPerOpen * WRITE_RATE) / 10).toFixed(0)} % of one core`,
  );

  // One change request read with its validation (every check of `validate`) and its diff: first, then again (kept).
  const firstReads = [];
  const againReads = [];
  for (let index = 0; index < 5; index++) {
    const { body } = await open(server.base, 1_500 + index);
    firstReads.push((await call(server.base, 'GET', `/api/v1/changes/${body.data.change.id}`, EDITOR)).ms);
    againReads.push((await call(server.base, 'GET', `/api/v1/changes/${body.data.change.id}`, EDITOR)).ms);
  }
  console.log(`read one change request with its validation and diff: first ${stats(firstReads)}; again ${stats(againReads)}`);

  const merges = [];
  for (let index = 0; index < MERGES; index++) {
    const { body } = await open(server.base, 1_000 + index);
    const id = body.data.change.id;
    await call(server.base, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER);
    merges.push((await call(server.base, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER)).ms);
    // The merge moved the work tree: let the watcher serve it before the next one reads the tip.
    await sleep(300);
  }
  console.log(`merge (re-apply on the tip, validate, commit, fast-forward): ${stats(merges)}; target < 500 ms`);

  await sleep(1_000);
  const idle = await readThroughput(server.base, SECONDS);
  const writes = await whileWriting(server.base, () => readThroughput(server.base, SECONDS));
  const rate = writes.landed / SECONDS;
  console.log(
    `reads of one token: ${Math.round(idle)} req/s idle, ${Math.round(writes.value)} req/s while change requests open at ${WRITE_RATE} a second ` +
      `(${rate.toFixed(1)} a second landed, ${writes.skipped} not started: ${MAX_IN_FLIGHT} in flight; open ${stats(writes.times)}): ` +
      `${(writes.value / idle).toFixed(2)}x; target >= 0.90x at 10 a second`,
  );
} finally {
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill(process.env.CPU_PROF === undefined ? 'SIGKILL' : 'SIGTERM');
  await exited;
  rmSync(repo.root, { recursive: true, force: true });
}
