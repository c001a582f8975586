import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import { buildApp } from '../../src/app.js';
import type { RegisteredRoute } from '../../src/app/route-list.js';
import { SnapshotStore } from '../../src/state/store.js';
import { MAX_CONTRAST_CHECKS } from '../../src/compile/resolve/compile-contrast.js';
import { generateLargestSystem, LARGEST_MODES } from '../helpers/largest-system.js';
import type { LargestSystem } from '../helpers/largest-system.js';
import { MCP_TOOLS } from '../../src/http/mcp/mcp-tools.js';
import { connectMcp } from '../mcp/mcp-client.js';
import { spawnServer } from '../ops/spawn-server.js';
import type { ServerProcess } from '../ops/spawn-server.js';
import { createFixtureRepo, keysYaml } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';

// The main-thread budget (docs/performance.md "Main-thread budget"): on the largest design system the documented
// limits accept, no request to any registered route and no call of any MCP tool or read of any MCP resource may hold
// the server's event loop for more than BLOCK_BUDGET_MS, and the server's peak resident memory stays under
// RSS_BUDGET_BYTES. The routes come from the app's own route list (`app.registeredRoutes`) and the tools and resources
// from the MCP server's `tools/list` and `resources/list`: a new one is walked without editing this file. The server
// is the built `token-server serve` in its own process, the loop measured inside it (helpers/loop-probe.mjs), so this
// process's client work never counts.

const BLOCK_BUDGET_MS = 50;
/** Peak resident memory of the server process over the whole walk. */
const RSS_BUDGET_BYTES = 1.5 * 1024 ** 3;
const KEY = 'dts_budget_key_0123456789';
/** `BUDGET_ONLY=<regular expression>` walks only the cases whose name matches (to look into one offender). */
const ONLY = process.env['BUDGET_ONLY'] === undefined ? undefined : new RegExp(process.env['BUDGET_ONLY']);
const SLUG = 'largest';

/**
 * Known offenders, fixed in other branches of issue 36 (helpers "mcp", "contrast", "render"): reported in the table
 * with their owner; they fail the test like any other case until those branches are merged.
 */
const OWNERS: readonly [RegExp, string][] = [
  [/^tool (find_token_for_value|get_token|search_tokens)$/, 'mcp'],
  [/^GET \/api\/v1\/(design-systems\/:id\/contrast|diff)/, 'contrast'],
  [/^GET \/api\/v1\/export\//, 'render'],
  [/^resource tokens:\/\/[^/]+\/export\//, 'render'],
];

interface CaseResult {
  readonly name: string;
  readonly status: string;
  /** The most CPU time the server's main thread spent between two turns of its loop: the budget's figure. */
  readonly maxBlockMs: number;
  /** The longest wall time between two turns (the block, plus any wait for a core on a busy machine). */
  readonly maxGapMs: number;
  readonly totalMs: number;
  readonly bytes: number;
}

let repo: FixtureRepo;
let server: ServerProcess;
let routes: readonly RegisteredRoute[];
let system: LargestSystem;
let firstSha: string;
let secondSha: string;

/** The server's longest event-loop gap since the last question, and its memory (helpers/loop-probe.mjs). */
interface ProbeAnswer {
  readonly loopMaxMs: number;
  readonly loopMaxCpuMs: number;
  readonly rss: number;
  readonly peakRss: number;
}
async function askServer(): Promise<ProbeAnswer> {
  const answer = once(server.child, 'message') as Promise<[ProbeAnswer]>;
  server.child.send('loop-max');
  return (await answer)[0];
}

beforeAll(async () => {
  // Every limit at once: 100,000 values, the most color tokens a zip takes, and a contrast section at its cap.
  system = generateLargestSystem({ slug: SLUG, contrastPairs: Math.floor(MAX_CONTRAST_CHECKS / LARGEST_MODES) });
  const files: Record<string, string> = { 'keys.yaml': keysYaml([{ name: 'budget', key: KEY, designSystem: SLUG }]) };
  for (const [path, text] of Object.entries(system.files)) files[`design-systems/${path}`] = text;
  repo = createFixtureRepo(files);
  firstSha = repo.git('rev-parse', 'HEAD').trim();
  // A second commit, so that `?ref=`, `/revisions` and `/diff` have two revisions to compare.
  const edited = `design-systems/${system.editedFile}`;
  repo.write(edited, (system.files[system.editedFile] ?? '').replace('"#000001"', '"#0000FE"'));
  secondSha = repo.commit('edit one color');
  // The routes as the app registers them (the same code the server runs), read from an app that never listens.
  const app = await buildApp({ store: new SnapshotStore(), logger: false });
  await app.ready();
  routes = app.registeredRoutes;
  await app.close();
  server = await spawnServer(
    inject('cliPath'),
    ['--source', repo.source, '--keys', repo.keys, '--rate-limit', '0', '--log-level', 'info'],
    {
      cwd: repo.root,
      timeoutMs: 180_000,
      nodeArgs: ['--import', new URL('../helpers/loop-probe.mjs', import.meta.url).href],
      ipc: true,
    },
  );
  // What startup leaves running (the watcher's first scan, Git's first answers) is not the first case's.
  await settle();
}, 240_000);

afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  repo?.cleanup();
});

const auth = { authorization: `Bearer ${KEY}` };

/** Reads a response to its end (an event stream: to its first event), counting bytes, never holding the body. */
async function drain(response: Response): Promise<number> {
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader === undefined) return 0;
  const stream = response.headers.get('content-type')?.startsWith('text/event-stream') === true;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (stream) {
      await reader.cancel();
      break;
    }
  }
  return bytes;
}

/**
 * Waits until the server is quiet (a 50 ms window in which its loop never waited 15 ms), at most 30 s: what an answer
 * leaves behind (a compression, a worker's result arriving) counts for the case that caused it, not the next one.
 * Answers the longest gap seen meanwhile.
 */
async function settle(): Promise<{ maxBlockMs: number; maxGapMs: number }> {
  let maxBlockMs = 0;
  let maxGapMs = 0;
  const until = performance.now() + 30_000;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const { loopMaxMs, loopMaxCpuMs } = await askServer();
    maxBlockMs = Math.max(maxBlockMs, loopMaxCpuMs);
    maxGapMs = Math.max(maxGapMs, loopMaxMs);
    if (loopMaxCpuMs < 15 || performance.now() > until) return { maxBlockMs, maxGapMs };
  }
}

/** Runs one case with the loop probe around it, and a moment after it for work the answer left behind. */
async function measure(name: string, run: () => Promise<{ status: string; bytes: number }>): Promise<CaseResult | undefined> {
  if (ONLY !== undefined && !ONLY.test(name)) return undefined;
  await askServer();
  const started = performance.now();
  let outcome: { status: string; bytes: number };
  try {
    outcome = await run();
  } catch (error) {
    outcome = { status: `failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 120), bytes: 0 };
  }
  const totalMs = performance.now() - started;
  return { name, ...outcome, ...(await settle()), totalMs };
}

async function get(path: string): Promise<{ status: string; bytes: number }> {
  const response = await fetch(`${server.base}${path}`, { headers: { ...auth, 'accept-encoding': 'br, gzip' } });
  return { status: String(response.status), bytes: await drain(response) };
}

/** A text response read whole (small ones only: the page, a manifest's first lines), outside any measured case. */
async function text(path: string): Promise<string> {
  const response = await fetch(`${server.base}${path}`, { headers: auth });
  return response.text();
}

/** Concrete URLs for a route's pattern: path parameters from the table below, required query parameters by name. */
async function urlsOf(route: RegisteredRoute): Promise<string[]> {
  const path = await fillPath(route.url);
  const query = route.schema?.querystring as { required?: readonly string[] } | undefined;
  const parameters = (query?.required ?? []).map((name) => {
    const value = QUERY_EXAMPLES[name];
    if (value === undefined) throw new Error(`${route.url} requires \`${name}\`: add an example to QUERY_EXAMPLES`);
    return `${name}=${encodeURIComponent(value())}`;
  });
  const url = parameters.length === 0 ? path : `${path}?${parameters.join('&')}`;
  // A pinned read of the other revision too, where the route takes `ref`: it builds a revision, as the first read of
  // a commit does.
  // Every export route runs the same handler (the format registry's): one of them, CSS, is walked pinned, which keeps
  // the walk within a CI minute or two.
  const takesRef = (route.schema?.querystring as { properties?: Record<string, unknown> } | undefined)?.properties?.['ref'] !== undefined;
  const pinned =
    takesRef && route.url.startsWith('/api/v1/') && (!route.url.startsWith('/api/v1/export/') || route.url === '/api/v1/export/css');
  return pinned ? [url, `${url}${url.includes('?') ? '&' : '?'}ref=${firstSha}`] : [url];
}

const QUERY_EXAMPLES: Readonly<Record<string, () => string>> = {
  from: () => firstSha,
  to: () => secondSha,
};

/** Values of path parameters, by name; `*` by the route it ends. */
async function fillPath(pattern: string): Promise<string> {
  let path = pattern.replace(':id', `${SLUG}-id`);
  if (path.includes(':version') || path.includes(':file')) {
    // The page's first asset; a build without the page (the tests' own build) links none: the route answers 404.
    const asset = /\/ui\/([^/"]+)\/([^/"?]+)/.exec(await text('/'));
    path = path.replace(':version', asset?.[1] ?? 'none').replace(':file', asset?.[2] ?? 'none');
  }
  if (path === '/api/v1/tokens/*') return `/api/v1/tokens/${system.someKey.split('.').join('/')}`;
  if (path.endsWith('/*')) {
    // A format of several files: its first file, from its manifest.
    const manifest = await text(path.slice(0, -2));
    const first = /"path":\s*"([^"]+)"/.exec(manifest);
    if (first === null) throw new Error(`${path.slice(0, -2)} lists no file: ${manifest.slice(0, 200)}`);
    return `${path.slice(0, -1)}${first[1] ?? ''}`;
  }
  return path;
}

/** Example arguments of a tool, by property name: every property the table knows is given, so each lookup runs. */
const ARGUMENT_EXAMPLES: Readonly<Record<string, () => unknown>> = {
  key: () => system.someKey,
  value: () => system.unusedHex,
  query: () => 'color c42',
  foreground: () => system.someKey,
  background: () => 'color.g0.c0',
  from: () => firstSha,
  to: () => secondSha,
};

function argumentsOf(tool: {
  name: string;
  inputSchema: { properties?: Record<string, unknown>; required?: string[] };
}): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of Object.keys(tool.inputSchema.properties ?? {})) {
    const example = ARGUMENT_EXAMPLES[name];
    if (example !== undefined) args[name] = example();
    else if (tool.inputSchema.required?.includes(name) === true)
      throw new Error(`tool ${tool.name} requires \`${name}\`: add an example to ARGUMENT_EXAMPLES`);
  }
  return args;
}

function ownerOf(name: string): string {
  return OWNERS.find(([pattern]) => pattern.test(name))?.[1] ?? '';
}

function printTable(results: readonly CaseResult[], rssBytes: number): void {
  const rows = results.map((result) => [
    result.name,
    result.maxBlockMs.toFixed(1),
    result.maxGapMs.toFixed(1),
    result.totalMs.toFixed(0),
    result.bytes.toLocaleString('en'),
    result.status,
    result.maxBlockMs > BLOCK_BUDGET_MS ? `OVER ${ownerOf(result.name)}`.trim() : 'ok',
  ]);
  const header = ['route / tool', 'max block ms', 'max gap ms', 'total ms', 'bytes', 'status', 'budget'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (row: readonly string[]): string =>
    row
      .map((cell, column) => (column === 0 || column >= 5 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  ');
  console.log(
    [
      `main-thread budget: ${system.tokens.toLocaleString('en')} tokens x ${system.modes} modes, block budget ${BLOCK_BUDGET_MS} ms, peak RSS ${(rssBytes / 2 ** 20).toFixed(0)} MB (budget ${(RSS_BUDGET_BYTES / 2 ** 20).toFixed(0)} MB)`,
      'max block = the most CPU time the server main thread spent between two turns of its loop (judged); max gap = the longest wall time between two turns (includes waiting for a core on a busy machine)',
      line(header),
      line(widths.map((width) => '-'.repeat(width))),
      ...rows.map(line),
    ].join('\n'),
  );
}

describe('main-thread budget on the largest design system the limits accept', () => {
  // One retry: on two shared cores a GC pause alone has put one call (a different one each run) at 55-76 ms; a route
  // that really blocks over the budget does so on both tries.
  it('holds the event loop at most 50 ms on every route and tool, and keeps RSS bounded', { timeout: 600_000, retry: 1 }, async () => {
    const results: CaseResult[] = [];
    const push = (result: CaseResult | undefined): void => void (result === undefined ? undefined : results.push(result));
    const refusers = new Set(['DELETE', 'PATCH', 'POST', 'PUT', 'OPTIONS']);
    for (const route of routes) {
      // HEAD is Fastify's twin of GET; the other methods of an API URL are the read-only refusal (405, no work).
      if (route.methods.every((method) => method === 'HEAD' || refusers.has(method))) continue;
      if (route.url === '/mcp') continue; // walked tool by tool below
      if (!route.methods.includes('GET')) throw new Error(`${route.methods.join(',')} ${route.url}: no way to walk it; add one here`);
      let urls: string[];
      try {
        urls = await urlsOf(route);
      } catch (error) {
        results.push({
          name: `GET ${route.url}`,
          status: `failed: ${String(error)}`.slice(0, 120),
          maxBlockMs: 0,
          maxGapMs: 0,
          totalMs: 0,
          bytes: 0,
        });
        continue;
      }
      for (const url of urls) {
        const name = `GET ${route.url}${url.includes('ref=') ? ' ?ref=' : ''}`;
        push(await measure(name, () => get(url)));
        // The same request again: the answer is cached now, and must be cheap.
        if (!url.includes('/events') && !url.includes('ref=')) push(await measure(`${name} (again)`, () => get(url)));
      }
    }
    // The first MCP messages since the server started (initialize, then tools/list): what the SDK does once per
    // process (its protocol schemas) must not land on a caller's request.
    let connected: Client | undefined;
    push(
      await measure('MCP connect (first messages since start)', async () => {
        connected = await connectMcp(server.base, KEY);
        return { status: 'ok', bytes: 0 };
      }),
    );
    const client: Client = connected ?? (await connectMcp(server.base, KEY));
    try {
      const { tools } = await client.listTools();
      // Every read row of the tools' table (a write tool is not offered to this read key).
      expect(tools.map((tool) => tool.name)).toEqual(MCP_TOOLS.filter((tool) => tool.access === 'read').map((tool) => tool.name));
      for (const tool of tools) {
        const args = argumentsOf(tool);
        push(
          await measure(`tool ${tool.name}`, async () => {
            const answer = await client.callTool({ name: tool.name, arguments: args });
            const first = (answer.content as { text?: string }[])[0]?.text ?? '';
            return { status: answer.isError === true ? `tool error: ${first.slice(0, 80)}` : 'ok', bytes: first.length };
          }),
        );
      }
      const { resources } = await client.listResources();
      for (const resource of resources) {
        push(
          await measure(`resource ${resource.uri}`, async () => {
            // An export past MAX_RESOURCE_BYTES is refused, naming its HTTP route: what it costs to refuse is measured too.
            const answer = await client.readResource({ uri: resource.uri }).catch((error: unknown) => {
              if (error instanceof Error && error.message.includes('more than an MCP resource holds')) return undefined;
              throw error;
            });
            const first = answer?.contents[0] as { text?: string } | undefined;
            return { status: answer === undefined ? 'refused: too large' : 'ok', bytes: first?.text?.length ?? 0 };
          }),
        );
      }
    } finally {
      await client.close();
    }
    const rss = (await askServer()).peakRss;
    printTable(results, rss);
    const over = results
      .filter((result) => result.maxBlockMs > BLOCK_BUDGET_MS)
      .map(({ name, maxBlockMs }) => `${name}: ${maxBlockMs.toFixed(0)} ms`);
    expect(over).toEqual([]);
    expect(results.filter((result) => result.status.startsWith('failed')).map(({ name, status }) => `${name}: ${status}`)).toEqual([]);
    expect(rss).toBeLessThan(RSS_BUDGET_BYTES);
  });
});
