import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../src/http/protections.js';
import { bearer, buildExampleApp, DEMO_KEY, DOCS_KEY } from '../helpers/app.js';
import type { AppOptions } from '../../src/app.js';

const apps: FastifyInstance[] = [];
async function serve(options: Omit<AppOptions, 'store'> = {}): Promise<string> {
  const { app } = await buildExampleApp(options);
  apps.push(app);
  return app.listen({ port: 0, host: '127.0.0.1' });
}
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A connection from `localAddress` (any 127.x.y.z is loopback: a second client address) that has sent `text`. */
function openSocket(base: string, text: string, localAddress = '127.0.0.1'): Promise<Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), localAddress });
    sockets.push(socket);
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      if (text !== '') socket.write(text);
      resolve(socket);
    });
    socket.once('close', () => reject(new Error('closed before connecting')));
  });
}

/** Resolves when the socket closes: the ms since `since` and what the server sent on it. */
function closedAfter(socket: Socket, since: number): Promise<{ ms: number; answer: string }> {
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  return new Promise((resolve) => {
    if (socket.destroyed) resolve({ ms: performance.now() - since, answer });
    else socket.once('close', () => resolve({ ms: performance.now() - since, answer }));
  });
}

/** GET `path` from `localAddress` on a fresh connection; the status, or the error code when the connection is refused. */
function getFrom(base: string, path: string, localAddress: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(`${base}${path}`, { localAddress, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: Error & { code?: string }) => resolve(error.code ?? error.message));
    req.end();
  });
}

/** Sends raw bytes and reads the whole answer (the server closes the connection after a parser error). */
function sendRaw(base: string, text: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.end(text);
  });
}

describe('CORS', () => {
  it('answers a preflight from an allowed origin before any key is asked for, and refuses others', async () => {
    const base = await serve({ corsOrigins: ['https://app.example.com'] });
    const preflight = await fetch(`${base}/api/v1/tokens`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('Authorization, If-None-Match, Cache-Control');
    expect(preflight.headers.get('access-control-max-age')).toBe('600');

    const read = await fetch(`${base}/api/v1/tokens`, { headers: { ...bearer(DEMO_KEY), origin: 'https://app.example.com' } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(read.headers.get('access-control-expose-headers')).toContain('ETag, X-Snapshot-Seq');
    expect(read.headers.get('vary')).toBe('Origin, Accept-Encoding');
    // A browser must be able to read the error too.
    const refused = await fetch(`${base}/api/v1/tokens`, { headers: { origin: 'https://app.example.com' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://app.example.com');

    const other = await fetch(`${base}/api/v1/tokens`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBe(null);
  });

  it('is off by default: no CORS headers, and OPTIONS stays a 405', async () => {
    const base = await serve();
    const preflight = await fetch(`${base}/api/v1/tokens`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(null);
  });
});

describe('rate limits', () => {
  it('answers 429 with RateLimit and Retry-After headers once a key used its requests, per key', async () => {
    const base = await serve({ rateLimitPerMinute: 3 });
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await fetch(`${base}/api/v1/scales`, { headers: bearer(DEMO_KEY) });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit-limit')).toBe('3');
      remaining.push(response.headers.get('ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const limited = await fetch(`${base}/api/v1/scales`, { headers: bearer(DEMO_KEY) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-limit')).toBe('3');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.headers.get('ratelimit-reset')).toBe(String(retryAfter));
    expect(await limited.json()).toEqual({
      error: { code: 'rate_limited', message: `Too many requests: at most 3 per minute for this API key. Retry in ${retryAfter} seconds.` },
    });
    // Another key has its own budget.
    expect((await fetch(`${base}/api/v1/scales`, { headers: bearer(DOCS_KEY) })).status).toBe(200);
  });

  it('counts a key however its Authorization header is spelled: once the limit is reached, no variant gets a 200', async () => {
    const base = await serve({ rateLimitPerMinute: 3, authFailureLimitPerMinute: 3 });
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${base}/api/v1/scales`, { headers: bearer(DEMO_KEY) })).status).toBe(200);
    const statusOf = async (authorization: string): Promise<[string, number, string]> => {
      const response = await fetch(`${base}/api/v1/scales`, { headers: { authorization } });
      return [authorization, response.status, ((await response.json()) as { error: { code: string } }).error.code];
    };
    // The scheme in any case is the same key: its budget is spent.
    const sameKey = [`bearer ${DEMO_KEY}`, `BEARER ${DEMO_KEY}`, `BeArEr ${DEMO_KEY}`, `Bearer ${DEMO_KEY}`];
    const limited = [];
    for (const authorization of sameKey) limited.push(await statusOf(authorization));
    expect(limited).toEqual(sameKey.map((authorization) => [authorization, 429, 'rate_limited']));
    // Other spacing is refused (401) and counted as a failed authentication of the address, which is then blocked.
    const spaced = [`Bearer  ${DEMO_KEY}`, `Bearer\t${DEMO_KEY}`, `Bearer   ${DEMO_KEY}`, `bearer  ${DEMO_KEY}`, `Bearer \t${DEMO_KEY}`];
    const refused = [];
    for (const authorization of spaced) refused.push(await statusOf(authorization));
    expect(refused).toEqual([
      [spaced[0], 401, 'unauthorized'],
      [spaced[1], 401, 'unauthorized'],
      [spaced[2], 401, 'unauthorized'],
      [spaced[3], 429, 'rate_limited'],
      [spaced[4], 429, 'rate_limited'],
    ]);
    // Another key still has its own budget, and so does a key sent in another case from a fresh server.
    const fresh = await serve({ rateLimitPerMinute: 2 });
    const spellings = [`bearer ${DOCS_KEY}`, `BEARER ${DOCS_KEY}`, `Bearer ${DOCS_KEY}`];
    const answers = [];
    for (const authorization of spellings) answers.push((await fetch(`${fresh}/api/v1/scales`, { headers: { authorization } })).status);
    expect(answers).toEqual([200, 200, 429]);
  });

  it('authenticates each API request once: the key-expiry clock is read once per request, on every route', async () => {
    let reads = 0;
    const { app } = await buildExampleApp({
      now: () => {
        reads += 1;
        return Date.UTC(2026, 6, 1, 12);
      },
    });
    apps.push(app);
    const routes = [
      '/api/v1/tokens',
      '/api/v1/tokens/color/brand/primary',
      '/api/v1/primitives',
      '/api/v1/scales',
      '/api/v1/design-system',
      '/api/v1/design-systems',
      '/api/v1/export/css',
      '/api/v1/export/json',
      '/api/v1/export/ts',
      '/api/v1/revisions',
    ];
    const counted: [string, number, number][] = [];
    for (const url of routes) {
      for (const method of ['GET', 'HEAD'] as const) {
        reads = 0;
        const response = await app.inject({ method, url, headers: bearer(DEMO_KEY) });
        counted.push([`${method} ${url}`, response.statusCode, reads]);
      }
    }
    expect(counted).toEqual(
      routes.flatMap((url) => [
        [`GET ${url}`, 200, 1],
        [`HEAD ${url}`, 200, 1],
      ]),
    );
    reads = 0;
    const events = await app.inject({ method: 'HEAD', url: '/api/v1/events', headers: bearer(DEMO_KEY) });
    expect([events.statusCode, reads]).toEqual([200, 1]);
  });

  it('limits failed authentications per client address, whatever key is tried', async () => {
    const base = await serve({ authFailureLimitPerMinute: 3 });
    const statuses: number[] = [];
    for (const key of ['wrong-1', 'wrong-2', 'wrong-3', 'wrong-4'])
      statuses.push((await fetch(`${base}/api/v1/tokens`, { headers: bearer(key) })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Even the right key waits: the address is blocked, not the key.
    const blocked = await fetch(`${base}/api/v1/tokens`, { headers: bearer(DEMO_KEY) });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(55);
    expect(await blocked.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: `Too many failed authentication attempts from this address. Retry in ${retryAfter} seconds.`,
      },
    });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    // The metrics token is guessed from the same address: blocked too.
    expect((await fetch(`${base}/metrics`)).status).toBe(429);
  });

  it('lets a blocked address in again once its window has passed', async () => {
    let now = Date.UTC(2026, 6, 1, 12, 0, 0);
    const base = await serve({ authFailureLimitPerMinute: 1, now: () => now });
    expect((await fetch(`${base}/api/v1/tokens`)).status).toBe(401);
    expect((await fetch(`${base}/api/v1/tokens`, { headers: bearer(DEMO_KEY) })).status).toBe(429);
    now += 60_001;
    expect((await fetch(`${base}/api/v1/tokens`, { headers: bearer(DEMO_KEY) })).status).toBe(200);
  });
});

describe('request limits', () => {
  it('refuses a URL over 4 KiB with 414 and the JSON error shape, before asking for a key', async () => {
    const base = await serve();
    const response = await fetch(`${base}/api/v1/tokens?format=${'x'.repeat(LIMITS.maxUrlLength)}`);
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({ error: { code: 'uri_too_long', message: 'The URL exceeds 4096 characters.' } });
  });

  it('refuses headers over 16 KiB with 431 and the JSON error shape', async () => {
    const base = await serve();
    const answer = await sendRaw(base, `GET /api/v1/tokens HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(LIMITS.maxHeaderBytes)}\r\n\r\n`);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head?.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(head).toContain('Content-Type: application/json; charset=utf-8');
    expect(JSON.parse(body ?? '')).toEqual({
      error: { code: 'header_too_large', message: 'The request line and headers exceed 16384 bytes.' },
    });
  });

  it('answers a malformed request with 400 and the JSON error shape', async () => {
    const base = await serve();
    const answer = await sendRaw(base, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      error: { code: 'invalid_parameter', message: 'Malformed HTTP request.' },
    });
  });

  it('never turns a request into a file path or a git option', async () => {
    const base = await serve();
    const traversal = await fetch(`${base}/api/v1/tokens/..%2f..%2fpackage.json`, { headers: bearer(DEMO_KEY) });
    expect(traversal.status).toBe(404);
    expect(((await traversal.json()) as { error: { code: string } }).error.code).toBe('token_not_found');
    const option = await fetch(`${base}/api/v1/tokens?ref=--upload-pack=touch`, { headers: bearer(DEMO_KEY) });
    expect(option.status).toBe(400);
    expect(((await option.json()) as { error: { code: string } }).error.code).toBe('invalid_parameter');
  });

  it('closes a connection whose headers do not arrive in time (10 s; 1.5 s here), within a second of the timeout, with a 408', async () => {
    expect(LIMITS.headersTimeoutMs).toBe(10_000);
    const headersTimeoutMs = 1_500;
    const base = await serve({ headersTimeoutMs });
    const started = performance.now();
    const partial = await openSocket(base, 'GET /api/v1/tokens HTTP/1.1\r\nHost: x\r\n');
    const trickle = await openSocket(base, 'GET /api/v1/tokens HTTP/1.1\r\n');
    // One more header line every 300 ms: it never completes the headers.
    const timer = setInterval(() => trickle.write(`X-Slow-${Math.round(performance.now())}: 1\r\n`), 300);
    try {
      const closed = await Promise.all([closedAfter(partial, started), closedAfter(trickle, started)]);
      for (const { ms, answer } of closed) {
        expect(ms).toBeGreaterThan(headersTimeoutMs - 200);
        expect(ms).toBeLessThan(headersTimeoutMs + LIMITS.connectionsCheckingIntervalMs + 700);
        expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
        expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
          error: { code: 'request_timeout', message: 'The request took too long to arrive.' },
        });
      }
    } finally {
      clearInterval(timer);
    }
  }, 20_000);

  it('holds at most 256 open connections per client address: more are closed at once, other addresses are still served', async () => {
    const base = await serve();
    const held: Socket[] = [];
    for (let i = 0; i < LIMITS.maxConnectionsPerAddress; i += 1) held.push(await openSocket(base, 'GET /api/v1/tokens HTTP/1.1\r\n'));
    const started = performance.now();
    const extra = await Promise.all(Array.from({ length: 4 }, () => openSocket(base, '').catch(() => undefined)));
    const closed = await Promise.all(
      extra.map(async (socket) => (socket === undefined ? { ms: 0, answer: '' } : closedAfter(socket, started))),
    );
    for (const { ms, answer } of closed) {
      expect(ms).toBeLessThan(1000);
      expect(answer).toBe('');
    }
    expect(await getFrom(base, '/healthz', '127.0.0.1')).toBe('ECONNRESET');
    // A second address (another loopback address) is served meanwhile.
    expect(await getFrom(base, '/healthz', '127.0.0.2')).toBe(200);
    // A held connection that ends frees its slot for the same address.
    held[0]?.destroy();
    await closedAfter(held[0] as Socket, started);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await getFrom(base, '/healthz', '127.0.0.1')).toBe(200);
  });

  it('exempts trusted proxies from the per-address limit (every client behind a proxy shares its address)', async () => {
    const base = await serve({ trustProxy: '127.0.0.1', maxConnectionsPerAddress: 3 });
    for (let i = 0; i < 5; i += 1) await openSocket(base, 'GET / HTTP/1.1\r\n', '127.0.0.1');
    expect(await getFrom(base, '/healthz', '127.0.0.1')).toBe(200);
    for (let i = 0; i < 3; i += 1) await openSocket(base, 'GET / HTTP/1.1\r\n', '127.0.0.3');
    expect(await getFrom(base, '/healthz', '127.0.0.3')).toBe('ECONNRESET');
  });

  it('sets the server timeouts and connection limits', async () => {
    const { app } = await buildExampleApp({ maxConnections: 50 });
    apps.push(app);
    expect({
      maxConnections: app.server.maxConnections,
      maxHeaderSize: (app.server as unknown as { maxHeaderSize: number }).maxHeaderSize,
      headersTimeout: app.server.headersTimeout,
      requestTimeout: app.server.requestTimeout,
      keepAliveTimeout: app.server.keepAliveTimeout,
      timeout: app.server.timeout,
      maxRequestsPerSocket: app.server.maxRequestsPerSocket,
    }).toEqual({
      maxConnections: 50,
      maxHeaderSize: 16384,
      headersTimeout: 10_000,
      requestTimeout: 15_000,
      keepAliveTimeout: 65_000,
      timeout: 120_000,
      maxRequestsPerSocket: 1000,
    });
  });
});
