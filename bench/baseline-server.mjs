// The benchmark's baseline: a bare Fastify server (the same Fastify the token server uses) that answers each route
// with a precomputed Buffer and the very headers the token server sent for it. No auth, no lookup, no hooks: the
// fastest this framework can serve those bytes on this machine, in its own process like the real server.
//
//   node bench/baseline-server.mjs <spec.json> <port>
// spec.json: { routes: [{ name, status, headers: { name: value }, body: <base64> }] }; route `name` is served at
// `/baseline/<name>`. Logs at `warn` through pino to stdout, as the token server does with `--log-level warn`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [specPath, port] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specPath, 'utf8'));
// Resolved from the project (not from this file) so a build elsewhere still benchmarks the same Fastify.
const require = createRequire(join(process.cwd(), 'package.json'));
const Fastify = require('fastify');

// The token server's keep-alive settings (LIMITS in src/http/protections.ts), so that `Keep-Alive: timeout=65,
// max=1000` is the same header here and connections are recycled alike; its other timeouts send no header.
const app = Fastify({ logger: { level: 'warn' }, keepAliveTimeout: 65_000, maxRequestsPerSocket: 1000 });
for (const route of spec.routes) {
  const body = Buffer.from(route.body, 'base64');
  const headers = route.headers;
  const status = route.status;
  app.get(`/baseline/${route.name}`, (_request, reply) => {
    reply.code(status).headers(headers);
    return status === 304 ? reply.send() : reply.send(body);
  });
}
app.get('/baseline-ready', (_request, reply) => reply.send('ok'));
await app.listen({ port: Number(port), host: '127.0.0.1' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => app.close().then(() => process.exit(0)));
