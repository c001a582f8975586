import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUiRoutes, UI_SECURITY_HEADERS } from '../../src/http/routes/ui.js';
import { cssPropertyName } from '../../src/views/shared/css-names.js';
import { cssNameOf } from '../../web/css-name.js';
import { buildExampleApp, bearer, DEMO_KEY } from '../helpers/app.js';
import { buildPage } from './build-page.js';

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

describe('GET / and the page assets', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    await buildPage();
    ({ app } = await buildExampleApp());
  });
  afterAll(() => app.close());

  it('serves the page without a key, with a strict CSP, nosniff, no referrer and no-cache', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(CSP);
    expect(UI_SECURITY_HEADERS['content-security-policy']).toBe(CSP);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-cache');
    // No inline script or style: the page references its own versioned assets only.
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(response.body).not.toMatch(/\sstyle=|<style/);
    const urls = [...response.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(urls.filter((url) => !url.startsWith('/ui/') && url !== '#tokens' && url !== 'data:,')).toEqual([]);
    expect(
      urls
        .filter((url) => url.startsWith('/ui/'))
        .map((url) => url.split('/').at(-1))
        .sort(),
    ).toEqual([
      'api.js',
      'breakpoints.js',
      'change-list.js',
      'change-preview.js',
      'change-requests.js',
      'contrast.js',
      'css-name.js',
      'dom.js',
      'edit-about.js',
      'edit-fields.js',
      'editor-dialog.js',
      'editor.js',
      'events.js',
      'main.js',
      'model.js',
      'pending-store.js',
      'previews.js',
      'render.js',
      'scale-editor.js',
      'step-swatches.js',
      'styles.css',
    ]);
  });

  it('answers 304 to its ETag, and serves assets immutable, compressed when asked, with the same headers', async () => {
    const page = await app.inject({ url: '/' });
    expect((await app.inject({ url: '/', headers: { 'if-none-match': page.headers['etag'] as string } })).statusCode).toBe(304);
    const main = /src="(\/ui\/[A-Za-z0-9_-]{12}\/main\.js)"/.exec(page.body)?.[1] as string;
    const script = await app.inject({ url: main });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(script.headers['content-security-policy']).toBe(CSP);
    expect(script.headers['etag']).toMatch(/^"[A-Za-z0-9_-]{24}"$/);
    const compressed = await app.inject({ url: main, headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['etag']).toBe(`${(script.headers['etag'] as string).slice(0, -1)}-br"`);
    expect((await app.inject({ url: main, headers: { 'if-none-match': script.headers['etag'] as string } })).statusCode).toBe(304);
  });

  it('answers 404 for an unknown version or file, and keeps the page out of the OpenAPI document and the API auth', async () => {
    const page = await app.inject({ url: '/' });
    const base = /href="(\/ui\/[A-Za-z0-9_-]{12})\/styles\.css"/.exec(page.body)?.[1] as string;
    for (const url of ['/ui/AAAAAAAAAAAA/main.js', `${base}/nope.js`, `${base}/index.html`, `${base}/..%2F..%2Fpackage.json`]) {
      const response = await app.inject({ url });
      expect([url, response.statusCode, (JSON.parse(response.body) as { error: { code: string } }).error.code]).toEqual([
        url,
        404,
        'not_found',
      ]);
    }
    const doc = JSON.parse((await app.inject({ url: '/api/v1/openapi.json' })).body) as { paths: Record<string, unknown> };
    expect(
      Object.keys(doc.paths).filter((path) => !path.startsWith('/api/') && !['/healthz', '/readyz', '/metrics'].includes(path)),
    ).toEqual([]);
    expect((await app.inject({ url: '/', headers: bearer('wrong') })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/v1/tokens', headers: bearer(DEMO_KEY) })).statusCode).toBe(200);
  });

  it('answers 404 saying how to build it when the page was not built', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'dts-ui-'));
    const bare = Fastify();
    try {
      registerUiRoutes(bare, { directory: undefined });
      const response = await bare.inject({ url: '/' });
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body)).toEqual({
        error: { code: 'not_found', message: 'The token browser is not built: run `npm run build`.' },
      });
      // A folder with a page in it is read once, at registration.
      writeFileSync(join(empty, 'index.html'), '<!doctype html><title>x</title><script type="module" src="__ASSETS__/main.js"></script>');
      writeFileSync(join(empty, 'main.js'), 'export {};\n');
      const built = Fastify();
      registerUiRoutes(built, { directory: empty });
      rmSync(empty, { recursive: true, force: true });
      const html = (await built.inject({ url: '/' })).body;
      expect(html).toMatch(/^<!doctype html><title>x<\/title><script type="module" src="\/ui\/[A-Za-z0-9_-]{12}\/main\.js"><\/script>$/);
      expect((await built.inject({ url: `${/src="([^"]+)"/.exec(html)?.[1] as string}` })).body).toBe('export {};\n');
      await built.close();
    } finally {
      rmSync(empty, { recursive: true, force: true });
      await bare.close();
    }
  });

  it.each(['color.text.onPrimary', 'font.lineHeight.body', 'z-index.modal', 'radius.2xl', 'space_inset.XLarge', 'a.b-c.dE9f'])(
    'names %s the way the CSS export does',
    (key) => {
      expect(cssNameOf(key)).toBe(cssPropertyName(key, 'kebab-case'));
    },
  );
});
