// Hardening benchmark (not a test): what a committer's content costs the server (issue 22, findings 1-3), measured
// from outside. A built server follows a Git work tree holding a 1,000-token design system; each scenario then
// commits hostile content while a probe process times `/healthz` on new connections, and prints what the server
// answered for the design system, the probe's p50/p99/max, and the server's resident memory (now and peak).
//
//   npm run build && node bench/hardening.mjs
//   node bench/hardening.mjs --dist /tmp/orig/dist       (another build, e.g. a worktree of an older commit)
//   SCENARIOS=pinned PINNED_READS=30 node bench/hardening.mjs
//   node bench/hardening.mjs --cpu-prof /tmp/prof      (the server writes V8 CPU profiles there: main thread and workers)
//
// Scenarios:
//   chain      4,000 tokens in one chain of references, keys sorted tail first (refused: more than 64 references)
//   modes      400 colors in 2,000 modes (refused: more than 100 modes)
//   largest    980 colors in 102 modes (99,960 values, just under the limit): every export fetched cold, with brotli
//   pinned     12 commits of 47 chains of 64 references (3,055 tokens), each read pinned by its sha (--revision-cache-mb 128)
//   prefixes   a 10,000-token system's CSS fetched with 200 distinct ?prefix= values, with brotli (the 64 MiB render cache)
//   refused    100,000 files written into one design system of the running server's work tree (refused: more than
//              10,000 files): RSS once it is refused, and 10 s later
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BENCH_KEY, createSourceRepo, generateDesignSystem, git, keysFile, writeFiles } from './generate.mjs';
import { formatSummary, startProbe, startServer } from './healthz-probe.mjs';
import { chainTokens, colorSystem } from './hostile-shapes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { dist: { type: 'string', default: join(ROOT, 'dist') }, 'cpu-prof': { type: 'string' } } });
const SLUGS = ['ds-000', 'chain', 'modes', 'largest', 'pinned', 'prefixes', 'refused'];
const PREFIXES = Number(process.env.PREFIXES ?? 200);
const headers = { authorization: `Bearer ${BENCH_KEY}`, 'accept-encoding': 'br' };
const PINNED_READS = Number(process.env.PINNED_READS ?? 12);
const REFUSED_FILES = Number(process.env.REFUSED_FILES ?? 100_000);
const REVISION_CACHE_MB = process.env.REVISION_CACHE_MB ?? '128';
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/** GET with the bench key: status, bytes and the error message if any. */
async function get(base, path) {
  const response = await fetch(`${base}${path}`, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  const message = response.status === 200 ? '' : (JSON.parse(body.toString()).error?.message ?? '');
  return { status: response.status, bytes: body.length, message };
}

/** Waits until the design system answers other than "no folder" (it loaded, or was refused with its first error). */
async function waitForSystem(base, slug) {
  for (;;) {
    const answer = await get(base, `/api/v1/design-system?designSystem=${slug}`);
    if (!answer.message.includes('has no folder')) return answer;
    await sleep(50);
  }
}

function commit(repo, files, message) {
  writeFiles(repo.source, files);
  git(repo.root, 'add', '-A');
  git(repo.root, 'commit', '-q', '-m', message);
  return git(repo.root, 'rev-parse', 'HEAD');
}

const ONLY = process.env.SCENARIOS?.split(',');
const SCENARIOS = {
  async chain(repo, server) {
    commit(
      repo,
      new Map([
        ['chain/system.yaml', 'name: Chain\n'],
        ['chain/tokens.yaml', chainTokens(1, 4000)],
      ]),
      'chain',
    );
    const answer = await waitForSystem(server.base, 'chain');
    return `${answer.status} ${answer.message.slice(0, 160)}`;
  },
  async modes(repo, server) {
    commit(repo, colorSystem('modes', 400, 2000), 'modes');
    const answer = await waitForSystem(server.base, 'modes');
    return `${answer.status} ${answer.message.slice(0, 160)}`;
  },
  async largest(repo, server) {
    commit(repo, colorSystem('largest', 980, 100), 'largest');
    const loaded = await waitForSystem(server.base, 'largest');
    const routes = ['css', 'json', 'json?spec=2025.10', 'resolver', 'tailwind', 'ts'];
    const sizes = [];
    const started = performance.now();
    for (const route of routes) {
      const answer = await get(server.base, `/api/v1/export/${route}${route.includes('?') ? '&' : '?'}designSystem=largest`);
      sizes.push(`${route} ${answer.status} ${(answer.bytes / 1e6).toFixed(1)} MB`);
    }
    return `loaded ${loaded.status}; ${sizes.join(', ')}; all in ${Math.round(performance.now() - started)} ms`;
  },
  async pinned(repo, server) {
    const shas = [];
    for (let index = 0; index < PINNED_READS; index++) {
      shas.push(
        commit(
          repo,
          new Map([
            ['pinned/system.yaml', 'name: Pinned\n'],
            ['pinned/tokens.yaml', chainTokens(47, 64, index)],
          ]),
          `pinned ${index}`,
        ),
      );
    }
    await waitForSystem(server.base, 'pinned');
    const rss = [];
    for (const sha of shas) {
      const answer = await get(server.base, `/api/v1/tokens?designSystem=pinned&ref=${sha}`);
      if (answer.status !== 200) return `${answer.status} ${answer.message}`;
      rss.push(server.rssMiB().now);
    }
    await sleep(6_000);
    return `${PINNED_READS} pinned reads, RSS after each: ${rss.join(' ')} MiB; 6 s later (revision compiler stopped): ${server.rssMiB().now} MiB`;
  },
  async prefixes(repo, server) {
    commit(repo, generateDesignSystem({ slug: 'prefixes', tokens: 10_000 }).files, 'prefixes');
    await waitForSystem(server.base, 'prefixes');
    const rss = [];
    const started = performance.now();
    for (let index = 0; index < PREFIXES; index++) {
      const answer = await get(server.base, `/api/v1/export/css?designSystem=prefixes&prefix=p${index}`);
      if (answer.status !== 200) return `${answer.status} ${answer.message}`;
      if (index % 40 === 39) rss.push(server.rssMiB().now);
    }
    return `${PREFIXES} distinct prefixes in ${Math.round(performance.now() - started)} ms, RSS every 40: ${rss.join(' ')} MiB`;
  },
  async refused(repo, server) {
    const before = server.rssMiB().now;
    const folder = join(repo.source, 'refused', 'tokens');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(repo.source, 'refused', 'system.yaml'), 'name: Refused\n');
    const started = performance.now();
    for (let index = 0; index < REFUSED_FILES; index++)
      writeFileSync(join(folder, `f${index}.yaml`), `tokens:\n  g${index}:\n    t: { type: spacing, value: ${index % 100} }\n`);
    const written = Math.round(performance.now() - started);
    // Its last good version (what an early batch loaded) stays served: the log says when it is refused.
    while (!server.log().includes('design system `refused` is not loaded')) await sleep(200);
    const refusedAt = server.rssMiB().now;
    await sleep(10_000);
    return `${REFUSED_FILES} files written in ${written} ms; RSS ${before} MiB before, ${refusedAt} MiB once refused, ${server.rssMiB().now} MiB 10 s later`;
  },
};

console.log(
  `hardening: node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}, server ${args.dist}`,
);
for (const [name, scenario] of Object.entries(SCENARIOS).filter(([name]) => ONLY === undefined || ONLY.includes(name))) {
  const repo = createSourceRepo({ systems: [{ slug: 'ds-000', tokens: 1000 }], prefix: 'dts-bench-hardening-' });
  writeFileSync(repo.keys, keysFile(SLUGS));
  git(repo.root, 'commit', '-q', '-am', 'keys');
  const profile =
    args['cpu-prof'] === undefined ? {} : { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${join(resolve(args['cpu-prof']), name)}` };
  const server = await startServer(
    args.dist,
    ['--source', repo.source, '--keys', repo.keys, '--rate-limit', '0', '--revision-cache-mb', REVISION_CACHE_MB],
    profile,
  );
  try {
    await waitForSystem(server.base, 'ds-000');
    // The same probe with nothing happening first: what the machine itself adds (other processes, scheduling).
    const idleProbe = startProbe(server.base);
    await sleep(2_000);
    const idle = await idleProbe.stop();
    const probe = startProbe(server.base);
    await sleep(300);
    const outcome = await scenario(repo, server);
    await sleep(300);
    const latency = await probe.stop();
    const rss = server.rssMiB();
    console.log(
      `${name.padEnd(8)} ${outcome}\n         during: ${formatSummary(latency)}; server RSS ${rss.now} MiB (peak ${rss.peak} MiB)\n         idle:   ${formatSummary(idle)}`,
    );
  } catch (error) {
    console.log(`${name.padEnd(8)} failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (args['cpu-prof'] === undefined) server.child.kill('SIGKILL');
    else {
      // A profile is written when the process exits on its own: stop it as a signal does.
      const exited = new Promise((done) => server.child.once('exit', done));
      server.child.kill('SIGTERM');
      await exited;
    }
    rmSync(repo.root, { recursive: true, force: true });
  }
}
