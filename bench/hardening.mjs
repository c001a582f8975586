// Hardening benchmark (not a test): what a committer's content costs the server (issue 22, findings 1-3), measured
// from outside. A built server follows a Git work tree holding a 1,000-token design system; each scenario then
// commits hostile content while a probe process times `/healthz` on new connections, and prints what the server
// answered for the design system, the probe's p50/p99/max, and the server's resident memory (now and peak).
//
//   npm run build && node bench/hardening.mjs
//   node bench/hardening.mjs --dist /tmp/orig/dist       (another build, e.g. a worktree of an older commit)
//   SCENARIOS=pinned PINNED_READS=30 node bench/hardening.mjs
//   node bench/hardening.mjs --cpu-prof /tmp/prof      (the server writes V8 CPU profiles there: main thread and workers)
//   SERVER_NODE_ARGS=--trace-gc SERVER_LOG=/tmp/server.log ...   (flags for the server's node; its output kept)
//   what ran in each event-loop block: bench/event-loop-blocks.mjs (a preload) and bench/blocks-report.mjs
//
// Scenarios:
//   chain      4,000 tokens in one chain of references, keys sorted tail first (refused: more than 64 references)
//   modes      400 colors in 2,000 modes (refused: more than 100 modes)
//   largest    980 colors in 102 modes (99,960 values, just under the limit): every export fetched cold, with brotli
//   pinned     12 commits of 47 chains of 64 references (3,055 tokens), each read pinned by its sha (--revision-cache-mb 128)
//   prefixes   a 10,000-token system's CSS fetched with 200 distinct ?prefix= values, with brotli (the 64 MiB render cache)
//   zipcap     ios.zip, the manifest and Tokens.swift of 9,998 colors (ZIP_COLORS; the most zip-too-large accepts), then 4
//              commits' ios.zip at once by ?ref=
//   zipfair    another design system's CSS (12,000 values, in a worker) alone, then while 4 exports of a 9,998-color one render
//   mcpFind    9,998 colors (the zip cap; 49,980 before it), each its own hex in light and dark: find_token_for_value with a new hex, 2 in flight
//   mcpGet     28,000 tokens (MCP_TOKENS): the first get_token after each of 3 commits
//   mcpSearch  28,000 tokens: 40 new search_tokens queries, one after another
//   contrast-cap   196 contrast pairs x 102 modes (19,992 checks, just under the 20,000 limit) over 200 colors: the first
//                  /contrast, 5 repeats, one pinned by ?ref=, then a second commit changing every color and its /diff
//                  (JSON and Markdown); each phase with a probe of its own
//   contrast-over  issue 36's reproduction, 14,000 pairs x 102 modes (887 KB of YAML): the same phases (refused now)
//   refused    100,000 files written into one design system of the running server's work tree (refused: more than
//              10,000 files): RSS once it is refused, and 10 s later
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { BENCH_KEY, createSourceRepo, generateDesignSystem, git, keysFile, writeFiles } from './generate.mjs';
import { formatSummary, startProbe, startServer } from './healthz-probe.mjs';
import { chainTokens, colorSystem, contrastSystem } from './hostile-shapes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { dist: { type: 'string', default: join(ROOT, 'dist') }, 'cpu-prof': { type: 'string' } } });
const SLUGS = [
  'ds-000',
  'chain',
  'modes',
  'largest',
  'pinned',
  'prefixes',
  'zipcap',
  'zipfair',
  'zipsmall',
  'mcp-find',
  'mcp-get',
  'mcp-search',
  'contrast-cap',
  'contrast-over',
  'refused',
];
const PREFIXES = Number(process.env.PREFIXES ?? 200);
const headers = { authorization: `Bearer ${BENCH_KEY}`, 'accept-encoding': 'br' };
const PINNED_READS = Number(process.env.PINNED_READS ?? 12);
/** Colors of the zip scenarios: 9,998 is the most `zip-too-large` lets through (an asset catalog of 10,000 files). */
const ZIP_COLORS = Number(process.env.ZIP_COLORS ?? 9_998);
// The generated systems are about a third colors: 28,000 tokens keep them within the zip cap (50,000 reproduced the finding).
const MCP_TOKENS = Number(process.env.MCP_TOKENS ?? 28_000);
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

/** The SDK's MCP client on the server's `/mcp`, with the bench key. */
async function connectMcp(base) {
  const client = new Client({ name: 'bench-hardening', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${BENCH_KEY}` } },
  });
  await client.connect(transport);
  return client;
}

/** One tool call's time in ms (client side); throws with the tool's error text. */
async function timedCall(client, name, args) {
  const started = performance.now();
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name}: ${result.content[0]?.text}`);
  return performance.now() - started;
}

/** Runs `calls` with a probe of its own, so the design system's load (in the scenario's probe) is not counted. */
async function probedCalls(server, calls) {
  const probe = startProbe(server.base);
  await sleep(200);
  const outcome = await calls();
  return `${outcome}; /healthz during the calls alone: ${formatSummary(await probe.stop())}`;
}

function formatTimes(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
  return `${times.length} calls, p50 ${Math.round(at(0.5))} ms, max ${Math.round(sorted.at(-1))} ms`;
}

/** `tokens` colors, each with its own hex in light and in dark. */
function distinctColors(slug, tokens) {
  const files = new Map([[`${slug}/system.yaml`, `name: ${slug}\n`]]);
  const hexOf = (n) => `#${((n * 2654435761) % 0x1000000).toString(16).padStart(6, '0').toUpperCase()}`;
  for (let start = 0; start < tokens; start += 500) {
    let text = 'tokens:\n';
    for (let index = start; index < Math.min(tokens, start + 500); index++)
      text += `  color.c${index}: { type: color, color: "${hexOf(2 * index + 1)}", modes: { dark: { color: "${hexOf(2 * index + 2)}" } } }\n`;
    files.set(`${slug}/tokens/${start}.yaml`, text);
  }
  return files;
}

/** Runs `action` with a probe of its own: what it answered, how long it took, and `/healthz` meanwhile. */
async function phase(server, label, action) {
  const probe = startProbe(server.base);
  await sleep(300);
  const started = performance.now();
  const answer = await action();
  const ms = Math.round(performance.now() - started);
  await sleep(200);
  const latency = await probe.stop().then(formatSummary, (error) => `the probe failed: ${error.message}`);
  return `\n           ${label.padEnd(22)} ${answer} in ${ms} ms; ${latency}`;
}

/** GET: status and size, or the error message. */
const answerOf = async (base, path) => {
  const answer = await get(base, path);
  return answer.status === 200 ? `200 ${(answer.bytes / 1e6).toFixed(2)} MB` : `${answer.status} ${answer.message.slice(0, 200)}`;
};

/** Waits until the live snapshot is at `sha` (its design systems compiled). */
async function waitForCommit(base, sha) {
  for (;;) {
    const response = await fetch(`${base}/api/v1/design-systems`, { headers });
    await response.arrayBuffer();
    if (response.headers.get('x-git-commit') === sha) return;
    await sleep(50);
  }
}

/** The contrast scenarios: a commit, its first /contrast, repeats, one pinned, a second commit and its /diff. */
async function contrastPhases(repo, server, slug, shape) {
  const contrast = `/api/v1/design-systems/${slug}/contrast`;
  const started = performance.now();
  const first = commit(repo, contrastSystem(slug, shape), slug);
  const loaded = await waitForSystem(server.base, slug);
  let outcome = `loaded ${loaded.status} in ${Math.round(performance.now() - started)} ms ${loaded.message.slice(0, 240)}`;
  outcome += await phase(server, 'first /contrast', () => answerOf(server.base, contrast));
  outcome += await phase(server, '5 repeats', async () => {
    const answers = [];
    for (let index = 0; index < 5; index++) answers.push(await answerOf(server.base, contrast));
    return answers.at(-1);
  });
  outcome += await phase(server, '/contrast?ref=', () => answerOf(server.base, `${contrast}?ref=${first}`));
  const second = commit(repo, contrastSystem(slug, { ...shape, variant: 1 }), `${slug} again`);
  await waitForCommit(server.base, second);
  const diff = `/api/v1/diff?designSystem=${slug}&from=${first}`;
  outcome += await phase(server, '/diff', () => answerOf(server.base, diff));
  outcome += await phase(server, '/diff?format=markdown', () => answerOf(server.base, `${diff}&format=markdown`));
  return outcome;
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
  async zipcap(repo, server) {
    commit(repo, colorSystem('zipcap', ZIP_COLORS, 0), 'zipcap');
    const loaded = await waitForSystem(server.base, 'zipcap');
    if (loaded.status !== 200) return `${ZIP_COLORS} colors: ${loaded.status} ${loaded.message.slice(0, 200)}`;
    const rows = [];
    for (const route of ['ios.zip', 'ios', 'ios/Tokens.swift', 'ios.zip']) {
      const answer = await timedGet(server.base, `/api/v1/export/${route}?designSystem=zipcap`);
      rows.push(`${route} ${answer.status} ${(answer.bytes / 1e6).toFixed(1)} MB ${answer.ms} ms`);
    }
    // Walking ?ref=: four commits (each changes every color), their zips fetched at once.
    const shas = [];
    for (let index = 0; index < 4; index++) {
      const scales = `scales:\n  gray:\n    100: { light: "#EEEE${index}0", dark: "#1111${index}0" }\n    200: { light: "#DDDD${index}0", dark: "#2222${index}0" }\n`;
      shas.push(commit(repo, new Map([['zipcap/scales.yaml', scales]]), `zipcap ${index}`));
    }
    const started = performance.now();
    const burst = await Promise.all(shas.map((sha) => timedGet(server.base, `/api/v1/export/ios.zip?designSystem=zipcap&ref=${sha}`)));
    return `${ZIP_COLORS} colors: ${rows.join(', ')}; 4 pinned zips at once: ${burst.map((answer) => `${answer.status} ${answer.ms} ms`).join(', ')} (all in ${Math.round(performance.now() - started)} ms)`;
  },
  async zipfair(repo, server) {
    commit(repo, new Map([...colorSystem('zipfair', ZIP_COLORS, 0), ...colorSystem('zipsmall', 3_000, 2)]), 'zipfair');
    const loaded = await waitForSystem(server.base, 'zipfair');
    if (loaded.status !== 200) return `${ZIP_COLORS} colors: ${loaded.status} ${loaded.message.slice(0, 200)}`;
    await waitForSystem(server.base, 'zipsmall');
    // Another design system's CSS (3,000 colors in 4 modes, 12,000 values: rendered in a worker, ~0.1 s), alone, then
    // while four exports of the large one render; a new prefix each time, so it is never served from the cache.
    await timedGet(server.base, '/api/v1/export/css?designSystem=zipsmall&prefix=warm');
    const alone = await timedGet(server.base, '/api/v1/export/css?designSystem=zipsmall&prefix=alone');
    const routes = ['ios.zip', 'ios', 'android.zip', 'json?spec=2025.10'];
    const backlog = Promise.all(
      routes.map((route) => timedGet(server.base, `/api/v1/export/${route}${route.includes('?') ? '&' : '?'}designSystem=zipfair`)),
    );
    await sleep(50);
    const during = await timedGet(server.base, '/api/v1/export/css?designSystem=zipsmall&prefix=during');
    const big = await backlog;
    return `${ZIP_COLORS} colors; another system's CSS alone ${alone.status} ${alone.ms} ms, during 4 large exports ${during.status} ${during.ms} ms; the large ones ${big.map((answer, index) => `${routes[index]} ${answer.status} ${answer.ms} ms`).join(', ')}`;
  },
  async mcpFind(repo, server) {
    // 49,980 colors reproduced the finding; the zip cap now refuses more than 9,998 color tokens.
    commit(repo, distinctColors('mcp-find', ZIP_COLORS), 'mcp-find');
    const loaded = await waitForSystem(server.base, 'mcp-find');
    const client = await connectMcp(server.base);
    return probedCalls(server, async () => {
      const times = [];
      let next = 0;
      const deadline = performance.now() + Number(process.env.MCP_SECONDS ?? 15) * 1000;
      await Promise.all(
        [0, 1].map(async () => {
          while (performance.now() < deadline) {
            const hex = `#${((next++ * 7919 + 0x123456) % 0x1000000).toString(16).padStart(6, '0')}`;
            times.push(await timedCall(client, 'find_token_for_value', { value: hex, designSystem: 'mcp-find' }));
          }
        }),
      );
      await client.close();
      return `loaded ${loaded.status}; find_token_for_value, new hexes: ${formatTimes(times)}`;
    });
  },
  async mcpGet(repo, server) {
    const { files, keys } = generateDesignSystem({ slug: 'mcp-get', tokens: MCP_TOKENS });
    commit(repo, files, 'mcp-get');
    const loaded = await waitForSystem(server.base, 'mcp-get');
    const client = await connectMcp(server.base);
    const times = [];
    const probes = [];
    // The design system's `lastUpdated` moves with each commit served (neither the token list nor the metadata has
    // the descriptions this scenario changes, so their ETags stay).
    const etagOf = async () => {
      const answer = await fetch(`${server.base}/api/v1/design-system?designSystem=mcp-get`, { headers });
      return (await answer.json()).data?.lastUpdated;
    };
    const [path, text] = [...files].find(([name]) => name.includes('/tokens/'));
    for (let round = 0; round < 3; round++) {
      if (round > 0) {
        // A commit that changes one description: a new compiled system, so every per-system index is new.
        const before = await etagOf();
        commit(repo, new Map([[path, text.replace('description:', `description: round ${round}`)]]), `mcp-get ${round}`);
        // A busy machine may take the 50,000 tokens past the 10 s compile budget: then the last version stays served.
        const deadline = performance.now() + 60_000;
        while ((await etagOf()) === before && performance.now() < deadline) await sleep(200);
        if (performance.now() >= deadline) probes.push(`round ${round}: the commit was not served within 60 s`);
        await sleep(500);
      }
      // A probe of its own around the calls alone: the commit's load is the scenario probe's.
      const probe = startProbe(server.base);
      await sleep(200);
      times.push(await timedCall(client, 'get_token', { key: keys[100], designSystem: 'mcp-get' }));
      times.push(await timedCall(client, 'get_token', { key: keys[200 + round], designSystem: 'mcp-get' }));
      await sleep(100);
      probes.push(formatSummary(await probe.stop()));
    }
    await client.close();
    return `loaded ${loaded.status}; get_token after each commit (first, second): ${times.map(Math.round).join(' ')} ms; /healthz during the calls of each round: ${probes.join(' | ')}`;
  },
  async mcpSearch(repo, server) {
    commit(repo, generateDesignSystem({ slug: 'mcp-search', tokens: MCP_TOKENS }).files, 'mcp-search');
    const loaded = await waitForSystem(server.base, 'mcp-search');
    const client = await connectMcp(server.base);
    await timedCall(client, 'search_tokens', { query: 'warm up', designSystem: 'mcp-search' });
    return probedCalls(server, async () => {
      const queries = ['button', 'background', 'text muted', 'hover', 'focus ring', 'card border', 'dialog', 'menu active'];
      const times = [];
      for (let index = 0; index < 40; index++) {
        const query = `${queries[index % queries.length]}${index < queries.length ? '' : ` ${index}`}`;
        times.push(await timedCall(client, 'search_tokens', { query, designSystem: 'mcp-search' }));
      }
      await client.close();
      return `loaded ${loaded.status}; search_tokens, new queries: ${formatTimes(times)}`;
    });
  },
  'contrast-cap': (repo, server) => contrastPhases(repo, server, 'contrast-cap', { colors: 200, modes: 100, pairs: 196 }),
  'contrast-over': (repo, server) => contrastPhases(repo, server, 'contrast-over', { colors: 100, modes: 100, pairs: 14_000 }),
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

/** `get` with how long the whole answer took (ms). */
async function timedGet(base, path) {
  const started = performance.now();
  const answer = await get(base, path);
  return { ...answer, ms: Math.round(performance.now() - started) };
}

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
    args['cpu-prof'] === undefined
      ? {}
      : { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${join(resolve(args['cpu-prof']), name)}`.trim() };
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
    const latency = await probe.stop().then(formatSummary, (error) => `the probe failed: ${error.message}`);
    const rss = server.rssMiB();
    console.log(
      `${name.padEnd(8)} ${outcome}\n         during: ${latency}; server RSS ${rss.now} MiB (peak ${rss.peak} MiB)\n         idle:   ${formatSummary(idle)}`,
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
