import { connect } from 'node:net';
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
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

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
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
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

  it('limits failed authentications per client address, whatever key is tried', async () => {
    const base = await serve({ authFailureLimitPerMinute: 3 });
    const statuses: number[] = [];
    for (const key of ['wrong-1', 'wrong-2', 'wrong-3', 'wrong-4']) statuses.push((await fetch(`${base}/api/v1/tokens`, { headers: bearer(key) })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Even the right key waits: the address is blocked, not the key.
    const blocked = await fetch(`${base}/api/v1/tokens`, { headers: bearer(DEMO_KEY) });
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(55);
    expect(await blocked.json()).toEqual({
      error: { code: 'rate_limited', message: `Too many failed authentication attempts from this address. Retry in ${retryAfter} seconds.` },
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
    expect(JSON.parse(body ?? '')).toEqual({ error: { code: 'header_too_large', message: 'The request line and headers exceed 16384 bytes.' } });
  });

  it('answers a malformed request with 400 and the JSON error shape', async () => {
    const base = await serve();
    const answer = await sendRaw(base, 'NOT HTTP AT ALL\r\n\r\n');
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({ error: { code: 'invalid_parameter', message: 'Malformed HTTP request.' } });
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
