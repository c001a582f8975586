import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppOptions } from '../../src/app.js';
import type { SnapshotStore } from '../../src/state/store.js';
import { bearer, buildLoadedApp, DEMO_KEY, LOADED_AT } from '../helpers/app.js';
import { EXAMPLE_KEYS, EXAMPLE_SOURCE } from '../helpers/fixtures.js';

const SITE = 'dtsb_site_credential_for_tests';
const OLD = 'dtsb_expired_credential_for_tests';
const SITE_ORIGIN = 'https://www.example.com';
const sha = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The example keys plus two browser credentials for `acme`: `site` (two origins) and `old` (expired before LOADED_AT). */
function keysText(withSite = true): string {
  const site = `  - name: site\n    kind: browser\n    sha256: ${sha(SITE)}\n    designSystem: acme\n    origins: [${SITE_ORIGIN}, http://localhost:5173]\n    expiresAt: 2026-12-31\n`;
  const old = `  - name: old\n    kind: browser\n    sha256: ${sha(OLD)}\n    designSystem: acme\n    origins: [${SITE_ORIGIN}]\n    expiresAt: 2026-06-30\n`;
  return `${readFileSync(EXAMPLE_KEYS, 'utf8')}${withSite ? site : ''}${old}`;
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function build(options: Omit<AppOptions, 'store'> = {}): Promise<{ app: FastifyInstance; store: SnapshotStore }> {
  const dir = mkdtempSync(join(tmpdir(), 'dts-browser-keys-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const keys = join(dir, 'keys.yaml');
  writeFileSync(keys, keysText());
  const built = await buildLoadedApp(EXAMPLE_SOURCE, keys, { now: () => LOADED_AT, ...options });
  cleanups.push(() => built.app.close());
  return built;
}

const revokeSite = (store: SnapshotStore): void => {
  store.apply([{ type: 'keys/changed', path: 'keys.yaml', text: keysText(false), at: LOADED_AT + 1000 }]);
};

const errorOf = (code: string, message: string): unknown => ({ error: { code, message } });

describe('browser credentials', () => {
  it('read the design system from a page of one of their origins, with CORS headers for that origin', async () => {
    const { app } = await build();
    const fromPage = await app.inject({ url: '/api/v1/tokens', headers: { ...bearer(SITE), origin: SITE_ORIGIN } });
    const withKey = await app.inject({ url: '/api/v1/tokens', headers: bearer(DEMO_KEY) });
    expect(fromPage.statusCode).toBe(200);
    expect(fromPage.body).toBe(withKey.body);
    expect(fromPage.headers['access-control-allow-origin']).toBe(SITE_ORIGIN);
    expect(fromPage.headers['access-control-expose-headers']).toBe(
      'ETag, X-Snapshot-Seq, X-Git-Commit, X-Design-System-Stale, Content-Digest, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
    );
    expect(fromPage.headers['vary']).toBe('Origin, Accept-Encoding');
    const local = await app.inject({ url: '/api/v1/export/css', headers: { ...bearer(SITE), origin: 'http://localhost:5173' } });
    expect(local.statusCode).toBe(200);
    expect(local.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });

  it.each<[string, { headers: Record<string, string>; url?: string; status: number; body: unknown }]>([
    [
      'from another origin',
      {
        headers: { origin: 'https://evil.example' },
        status: 403,
        body: errorOf(
          'forbidden',
          'This browser credential may not be used from origin `https://evil.example`: it is not one of its origins.',
        ),
      },
    ],
    [
      'from an origin that only differs by scheme',
      {
        headers: { origin: 'http://www.example.com' },
        status: 403,
        body: errorOf(
          'forbidden',
          'This browser credential may not be used from origin `http://www.example.com`: it is not one of its origins.',
        ),
      },
    ],
    [
      'without an Origin header (curl, a server)',
      {
        headers: {},
        status: 403,
        body: errorOf(
          'forbidden',
          'This browser credential works only from a web page of its origins: the request has no `Origin` header.',
        ),
      },
    ],
    [
      'for another design system',
      {
        headers: { origin: SITE_ORIGIN },
        url: '/api/v1/tokens?designSystem=harbor',
        status: 403,
        body: errorOf('forbidden', 'This API key may not read design system `harbor`.'),
      },
    ],
  ])('are refused %s', async (_name, { headers, url, status, body }) => {
    const { app } = await build();
    const response = await app.inject({ url: url ?? '/api/v1/tokens', headers: { ...bearer(SITE), ...headers } });
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body });
  });

  it('are refused once expired, and once removed from keys.yaml (hot-reloaded), even from their origin', async () => {
    const { app, store } = await build();
    const expired = await app.inject({ url: '/api/v1/tokens', headers: { ...bearer(OLD), origin: SITE_ORIGIN } });
    expect({ status: expired.statusCode, body: expired.json() }).toEqual({
      status: 401,
      body: errorOf('unauthorized', 'This API key has expired.'),
    });
    expect((await app.inject({ url: '/api/v1/tokens', headers: { ...bearer(SITE), origin: SITE_ORIGIN } })).statusCode).toBe(200);
    revokeSite(store);
    const revoked = await app.inject({ url: '/api/v1/tokens', headers: { ...bearer(SITE), origin: SITE_ORIGIN } });
    expect({ status: revoked.statusCode, body: revoked.json() }).toEqual({
      status: 401,
      body: errorOf('unauthorized', 'Invalid API key.'),
    });
  });

  it('are rate limited per credential like keys, and guessing them is limited per address', async () => {
    const limited = await build({ rateLimitPerMinute: 2 });
    const headers = { ...bearer(SITE), origin: SITE_ORIGIN };
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await limited.app.inject({ url: '/api/v1/scales', headers })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);

    const guarded = await build({ authFailureLimitPerMinute: 3 });
    const guesses: number[] = [];
    for (let i = 0; i < 3; i += 1)
      guesses.push(
        (await guarded.app.inject({ url: '/api/v1/tokens', headers: { ...bearer(`dtsb_guess_${i}`), origin: SITE_ORIGIN } })).statusCode,
      );
    expect(guesses).toEqual([401, 401, 401]);
    const blocked = await guarded.app.inject({ url: '/api/v1/tokens', headers });
    expect({ status: blocked.statusCode, body: blocked.json() }).toEqual({
      status: 429,
      body: errorOf('rate_limited', 'Too many failed authentication attempts from this address. Retry in 60 seconds.'),
    });
  });

  it('cannot call /mcp (API keys only)', async () => {
    const { app } = await build();
    const response = await app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { ...bearer(SITE), origin: SITE_ORIGIN, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    });
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 403,
      body: errorOf('forbidden', 'A browser credential reads the API with GET and HEAD only: `/mcp` needs an API key.'),
    });
  });
});

describe('CORS preflight for browser credentials (real socket)', () => {
  const preflight = (base: string, origin: string): Promise<Response> =>
    fetch(`${base}/api/v1/tokens`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it("answers the preflight of a credential's origin only, and no longer once the credential is revoked", async () => {
    const { app, store } = await build();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const allowed = await preflight(base, SITE_ORIGIN);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect(allowed.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
    expect(allowed.headers.get('access-control-allow-headers')).toBe('Authorization, If-None-Match, Cache-Control');
    expect(allowed.headers.get('access-control-max-age')).toBe('600');
    expect(allowed.headers.get('vary')).toBe('Origin');

    const other = await preflight(base, 'https://evil.example');
    expect(other.status).toBe(405);
    expect(other.headers.get('access-control-allow-origin')).toBe(null);

    const read = await fetch(`${base}/api/v1/tokens`, { headers: { ...bearer(SITE), origin: SITE_ORIGIN } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    // An API key sent from a page of an origin nobody allowed gets no CORS header: the browser hides the answer.
    const keyFromOther = await fetch(`${base}/api/v1/tokens`, { headers: { ...bearer(DEMO_KEY), origin: 'https://evil.example' } });
    expect(keyFromOther.headers.get('access-control-allow-origin')).toBe(null);

    revokeSite(store);
    // `old` (expired) still lists the origin, but an expired credential opens no origin: no preflight is answered.
    expect((await preflight(base, SITE_ORIGIN)).status).toBe(405);
    expect((await preflight(base, 'http://localhost:5173')).status).toBe(405);
  });

  it('closes an origin once every credential listing it has expired, by the clock, with no change to keys.yaml', async () => {
    let clock = LOADED_AT;
    const { app } = await build({ now: () => clock });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    // `site` (until 2026-12-31) keeps the origin `old` (expired 2026-06-30) also lists open.
    expect((await preflight(base, SITE_ORIGIN)).status).toBe(204);
    clock = Date.UTC(2027, 0, 1);
    const closed = await preflight(base, SITE_ORIGIN);
    expect({ status: closed.status, allow: closed.headers.get('access-control-allow-origin') }).toEqual({ status: 405, allow: null });
    expect((await preflight(base, 'http://localhost:5173')).status).toBe(405);
  });

  it('answers the origins of --cors-origins and of browser credentials side by side', async () => {
    const { app } = await build({ corsOrigins: ['https://docs.example.com'] });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    for (const origin of ['https://docs.example.com', SITE_ORIGIN, 'http://localhost:5173']) {
      const response = await preflight(base, origin);
      expect({ origin, status: response.status, allow: response.headers.get('access-control-allow-origin') }).toEqual({
        origin,
        status: 204,
        allow: origin,
      });
    }
    expect((await preflight(base, 'https://evil.example')).headers.get('access-control-allow-origin')).toBe(null);
  });
});
