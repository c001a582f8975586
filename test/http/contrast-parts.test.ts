import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { contrastSystemFiles } from '../views/api/contrast-fixture.js';

// Issue 36, finding 2: a large `/contrast` body is written a part per turn of the event loop, and cached once: the
// bytes are those the body had when it was written in one go (the digest was taken from that code).
const KEY = 'dts_contrast_parts_key';

describe('GET /api/v1/design-systems/:id/contrast of 700 pairs in 14 modes (11 parts)', () => {
  let app: FastifyInstance;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'dts-contrast-parts-'));
    for (const [path, text] of contrastSystemFiles({ pairs: 700, declaredModes: 12 })) {
      mkdirSync(dirname(join(root, 'source', path)), { recursive: true });
      writeFileSync(join(root, 'source', path), text);
    }
    const sha256 = createHash('sha256').update(KEY).digest('hex');
    writeFileSync(join(root, 'keys.yaml'), `keys:\n  - name: parts\n    sha256: ${sha256}\n    designSystem: ds\n`);
    ({ app } = await buildLoadedApp(join(root, 'source'), join(root, 'keys.yaml')));
  });
  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers the body it answered when written at once, rendered once and then served from the cache', async () => {
    const request = () => app.inject({ method: 'GET', url: '/api/v1/design-systems/ds/contrast', headers: bearer(KEY) });
    const [first, concurrent] = await Promise.all([request(), request()]);
    expect(first.statusCode).toBe(200);
    expect(createHash('sha256').update(first.body).digest('hex')).toBe('e323528f9d2347defb7fb09fb3a3349cb4c8e1573e098f9f8fe2b728455355dc');
    expect(first.headers['content-digest']).toBe(`sha-256=:${createHash('sha256').update(first.body).digest('base64')}:`);
    expect(concurrent.body).toBe(first.body);
    const again = await request();
    expect(again.body).toBe(first.body);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/v1/design-systems/ds/contrast',
          headers: { ...bearer(KEY), 'if-none-match': String(first.headers['etag']) },
        })
      ).statusCode,
    ).toBe(304);
  });
});
