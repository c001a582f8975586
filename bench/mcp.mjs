// MCP benchmark (not a test): tool calls per second over `/mcp` against the same answers over the HTTP API, on the
// same server in the same run.
//
//   npm run bench:mcp             (builds, then runs this against dist/)
//   CALLS=2000 CONCURRENCY=8 node bench/mcp.mjs
//
// A real server (in this process, logging and the rate limit off) serves the example design systems; the MCP side
// is the SDK's own client over Streamable HTTP, the HTTP side plain `fetch` with the same key. Each side asks for
// every acme token in turn (get_token vs GET /api/v1/tokens/<path>), after one warm-up pass (answers are cached per
// snapshot on both sides), with CONCURRENCY requests in flight.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { startServer } from '../dist/serve.js';

const CALLS = Number(process.env.CALLS ?? 2000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 8);
const KEY = 'dts_bench_mcp_key';

const dir = mkdtempSync(join(tmpdir(), 'dts-bench-mcp-'));
const keys = join(dir, 'keys.yaml');
const sha256 = createHash('sha256').update(KEY).digest('hex');
writeFileSync(keys, `keys:\n  - name: bench\n    sha256: ${sha256}\n    designSystem: acme\n`);
const source = fileURLToPath(new URL('../design-systems', import.meta.url));
const server = await startServer({ source, keys, port: 0, host: '127.0.0.1', logLevel: 'silent', rateLimit: 0 });

const headers = { authorization: `Bearer ${KEY}` };
const { data } = await (await fetch(`${server.url}/api/v1/tokens`, { headers })).json();
const tokenKeys = data.tokens.map((token) => token.key);

const client = new Client({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), { requestInit: { headers } }));

async function mcpCall(index) {
  const result = await client.callTool({ name: 'get_token', arguments: { key: tokenKeys[index % tokenKeys.length] } });
  if (result.isError) throw new Error(result.content[0].text);
}
async function httpCall(index) {
  const response = await fetch(`${server.url}/api/v1/tokens/${tokenKeys[index % tokenKeys.length].replaceAll('.', '/')}`, { headers });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  await response.arrayBuffer();
}

/** Calls per second of `call` over `count` calls, `CONCURRENCY` at a time. */
async function rate(call, count) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await call(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

await rate(mcpCall, tokenKeys.length);
await rate(httpCall, tokenKeys.length);
const results = [];
// Alternate the two sides, so neither gets the quieter moments of a shared machine.
for (let round = 0; round < 3; round++) {
  results.push({ side: 'mcp get_token', perSecond: await rate(mcpCall, CALLS) });
  results.push({ side: 'http GET /tokens/<path>', perSecond: await rate(httpCall, CALLS) });
}
const best = (side) => Math.max(...results.filter((result) => result.side === side).map((result) => result.perSecond));
const mcp = best('mcp get_token');
const http = best('http GET /tokens/<path>');
console.log(
  `${tokenKeys.length} tokens, ${CALLS} calls per round, ${CONCURRENCY} in flight, ${cpus().length} CPUs, Node ${process.version}`,
);
console.log(`mcp  get_token:              ${mcp.toFixed(0)} calls/s (best of 3)`);
console.log(`http GET /api/v1/tokens/...: ${http.toFixed(0)} requests/s (best of 3)`);
console.log(`mcp / http: ${(mcp / http).toFixed(2)}`);

await client.close();
await server.close();
rmSync(dir, { recursive: true, force: true });
