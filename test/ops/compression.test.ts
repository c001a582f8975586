import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { negotiateEncoding } from '../../src/http/compression.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET over the network that returns the bytes as sent (fetch would decode them). */
function get(base: string, path: string, headers: Record<string, string>): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    ({ app } = await buildExampleApp());
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it.each(['/api/v1/export/css?prefix=acme', '/api/v1/export/json', '/api/v1/export/ts', '/api/v1/tokens?format=nested'])(
    'sends %s as br and gzip bodies that decode to the plain one, each with its own ETag and digest',
    async (path) => {
      const plain = await get(base, path, { ...bearer(DEMO_KEY), 'accept-encoding': 'identity' });
      const br = await get(base, path, { ...bearer(DEMO_KEY), 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get(base, path, { ...bearer(DEMO_KEY), 'accept-encoding': 'gzip' });
      expect([plain.status, br.status, gzip.status]).toEqual([200, 200, 200]);
      expect(plain.headers['content-encoding']).toBe(undefined);
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 3);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);

      const etag = plain.headers['etag'] as string;
      expect(br.headers['etag']).toBe(`${etag.slice(0, -1)}-br"`);
      expect(gzip.headers['etag']).toBe(`${etag.slice(0, -1)}-gz"`);
      for (const response of [plain, br, gzip]) expect(response.headers['vary']).toBe('Accept-Encoding');
      expect(br.headers['content-type']).toBe(plain.headers['content-type']);
      expect(br.headers['content-digest']).not.toBe(plain.headers['content-digest']);
    },
  );

  it('compresses each cached body once: a second request sends the very same bytes', async () => {
    const first = await get(base, '/api/v1/export/css', { ...bearer(DEMO_KEY), 'accept-encoding': 'br' });
    const second = await get(base, '/api/v1/export/css', { ...bearer(DEMO_KEY), 'accept-encoding': 'br' });
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['etag']).toBe(first.headers['etag']);
  });

  it('revalidates any variant against any other with 304, answering with the negotiated ETag', async () => {
    const path = '/api/v1/export/json';
    const plain = await get(base, path, { ...bearer(DEMO_KEY), 'accept-encoding': 'identity' });
    const etag = plain.headers['etag'] as string;
    const br = await get(base, path, { ...bearer(DEMO_KEY), 'accept-encoding': 'br', 'if-none-match': etag });
    expect(br.status).toBe(304);
    expect(br.headers['etag']).toBe(`${etag.slice(0, -1)}-br"`);
    expect(br.body.length).toBe(0);
    const identity = await get(base, path, { ...bearer(DEMO_KEY), 'if-none-match': `W/"x", ${etag.slice(0, -1)}-gz"` });
    expect(identity.status).toBe(304);
    expect(identity.headers['etag']).toBe(etag);
    const stale = await get(base, path, { ...bearer(DEMO_KEY), 'accept-encoding': 'gzip', 'if-none-match': '"other-gz"' });
    expect(stale.status).toBe(200);
  });

  it('sends bodies under 1 KB as they are, without Vary', async () => {
    const small = await get(base, '/api/v1/design-system', { ...bearer(DEMO_KEY), 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBe(undefined);
    expect(small.headers['vary']).toBe(undefined);
    expect((JSON.parse(small.body.toString('utf8')) as { data: { slug: string } }).data.slug).toBe('acme');
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['br;q=0, *', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate', undefined],
    ['x-gzip', 'gzip'],
    ['GZIP;Q=0.8, BR;Q=0.8', 'br'],
  ])('%j -> %j', (header, want) => {
    expect(negotiateEncoding(header)).toBe(want);
  });
});
