import { describe, expect, it } from 'vitest';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';
import { ALPHA_KEY, BETA_KEY, spacingYaml, useFixtures, waitFor } from '../source/fixture-repo.js';

const fixtures = useFixtures();
const STALE = 'x-design-system-stale';

async function head(
  base: string,
  path: string,
  key = ALPHA_KEY,
): Promise<{ status: number; stale: string | null; etag: string | null; body: string }> {
  const response = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'identity' } });
  return { status: response.status, stale: response.headers.get(STALE), etag: response.headers.get('etag'), body: await response.text() };
}

describe('X-Design-System-Stale', () => {
  it('says when the last good version is served because the current files have errors, on every live read of that design system', async () => {
    const repo = fixtures.repo();
    const server = await fixtures.start(repo, { quietMs: 20, maxWaitMs: 200 });
    const base = server.url;
    const routes = [
      '/api/v1/tokens',
      '/api/v1/tokens/space/a',
      '/api/v1/design-system',
      '/api/v1/export/css',
      '/api/v1/export/json',
      '/api/v1/revisions',
    ];
    const healthy = await Promise.all(routes.map((route) => head(base, route)));
    expect(healthy.map(({ status, stale }) => [status, stale])).toEqual(routes.map(() => [200, null]));

    // A broken save: two errors in alpha's current files.
    repo.write(
      'design-systems/alpha/tokens/a.yaml',
      'tokens:\n  space:\n    a: { type: spacing, value: wide }\n    c: { type: spacing, value: narrow }\n',
    );
    await waitFor(
      () => head(base, '/api/v1/tokens'),
      (response) => response.stale !== null,
    );
    const stale = await Promise.all(routes.map((route) => head(base, route)));
    expect(stale.map(({ status, stale: header }) => [status, header])).toEqual(routes.map(() => [200, 'errors=2']));
    // The served bytes and their ETags are those of the last good version, unchanged.
    expect(stale.map(({ body, etag }) => [body, etag])).toEqual(healthy.map(({ body, etag }) => [body, etag]));
    // A 304 and a missing token of that design system say it too; a pinned read, the list of design systems and
    // another design system do not.
    const etag = healthy[0]?.etag ?? '';
    const revalidated = await fetch(`${base}/api/v1/tokens`, {
      headers: { authorization: `Bearer ${ALPHA_KEY}`, 'accept-encoding': 'identity', 'if-none-match': etag },
    });
    expect([revalidated.status, revalidated.headers.get(STALE)]).toEqual([304, 'errors=2']);
    const missing = await head(base, '/api/v1/tokens/space/c');
    expect([missing.status, missing.stale]).toEqual([404, 'errors=2']);
    const pinned = await head(base, '/api/v1/tokens?ref=HEAD');
    expect([pinned.status, pinned.stale, pinned.body]).toEqual([200, null, healthy[0]?.body]);
    expect((await head(base, '/api/v1/design-systems')).stale).toBe(null);
    expect((await head(base, '/api/v1/tokens', BETA_KEY)).stale).toBe(null);
    expect((await head(base, '/api/v1/tokens?designSystem=beta')).stale).toBe(null);
    expect((await head(base, `/api/v1/diff?from=HEAD`)).stale).toBe('errors=2');
    expect((await head(base, `/api/v1/diff?from=HEAD&to=HEAD`)).stale).toBe(null);
    const events = await fetch(`${base}/api/v1/events`, { method: 'HEAD', headers: { authorization: `Bearer ${ALPHA_KEY}` } });
    expect(events.headers.get(STALE)).toBe('errors=2');

    // Fixed: the header is gone, and the same content is the same bytes and ETag as before the broken save.
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 16 }));
    await waitFor(
      () => head(base, '/api/v1/tokens'),
      (response) => response.stale === null,
    );
    const fixed = await Promise.all(routes.map((route) => head(base, route)));
    expect(fixed.map(({ status, stale: header, body, etag: tag }) => [status, header, body, tag])).toEqual(
      healthy.map(({ status, body, etag: tag }) => [status, null, body, tag]),
    );
  });

  it('is exposed to browser scripts when CORS is on', async () => {
    const { app } = await buildExampleApp({ corsOrigins: ['https://app.example.com'] });
    fixtures.defer(() => app.close());
    const response = await app.inject({ url: '/api/v1/tokens', headers: { ...bearer(DEMO_KEY), origin: 'https://app.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['access-control-expose-headers']).split(', ')).toContain('X-Design-System-Stale');
  });
});
