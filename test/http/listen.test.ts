import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bearer, buildExampleApp, DEMO_KEY, DOCS_KEY } from '../helpers/app.js';

describe('a real listening server', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    ({ app } = await buildExampleApp());
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => app.close());

  it('serves the CSS export over the network with the same bytes as inject, and revalidates with 304', async () => {
    // Identity, so Content-Length is the plain body's (compressed variants are tested in test/ops).
    const response = await fetch(`${base}/api/v1/export/css?prefix=acme`, {
      headers: { ...bearer(DEMO_KEY), 'accept-encoding': 'identity' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const body = await response.text();
    const injected = await app.inject({ url: '/api/v1/export/css?prefix=acme', headers: bearer(DEMO_KEY) });
    expect(body).toBe(injected.body);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    expect(body.match(/^ {2}--acme-[a-z0-9-]+: /gm)?.length).toBeGreaterThan(191);

    const etag = response.headers.get('etag') as string;
    const revalidated = await fetch(`${base}/api/v1/export/css?prefix=acme`, { headers: { ...bearer(DEMO_KEY), 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  it('answers errors with the JSON error shape over the network', async () => {
    const response = await fetch(`${base}/api/v1/export/ts`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="design-tokens"');
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Missing API key: send the header `Authorization: Bearer <API_KEY>`.' },
    });
    const typescript = await fetch(`${base}/api/v1/export/ts`, { headers: bearer(DOCS_KEY) });
    expect(typescript.status).toBe(200);
    expect(await typescript.text()).toContain('export type TokenName =\n  | "color.background.code"\n');
  });
});
