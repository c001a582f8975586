import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { renderExport } from '../../src/views/formats/export-jobs.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../src/views/formats/output-formats.js';
import { exampleUrlsOf } from '../../src/views/formats/output-format.js';
import { exportJobOf } from '../../src/views/formats/export-jobs.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';

/** Every example request of every format, with its format id and its query as the route's schema hands it over. */
const EXAMPLES = OUTPUT_FORMAT_IDS.flatMap((id) =>
  exampleUrlsOf(OUTPUT_FORMATS[id]).map((url) => [url, id, Object.fromEntries(new URL(url, 'http://x').searchParams)] as const),
);

describe('the export routes come from the output-format registry', () => {
  let app: FastifyInstance;
  let acme: CompiledDesignSystem;
  beforeAll(async () => {
    let store;
    ({ app, store } = await buildExampleApp());
    const compiled = store.current.systems.get('acme')?.compiled;
    if (compiled === undefined) throw new Error('acme did not load');
    acme = compiled;
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url, headers: bearer(DEMO_KEY) });
  it.each(EXAMPLES)('GET %s answers the registry’s render of its format (%s) with its content type', async (url, id, query) => {
    const want = renderExport(acme, exportJobOf(id, query));
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(OUTPUT_FORMATS[id].contentType);
    expect(response.rawPayload.equals(want.body)).toBe(true);
    expect(response.headers['etag']).toBe(want.etag);
  });

  it('registers one route per format (a format of several files also its file and zip routes) and no other export route', async () => {
    const paths = Object.keys((await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{ paths: object }>().paths);
    expect(paths.filter((path) => path.startsWith('/api/v1/export/'))).toEqual(
      OUTPUT_FORMAT_IDS.flatMap((id) => {
        const route = `/api/v1${OUTPUT_FORMATS[id].path}`;
        return OUTPUT_FORMATS[id].files === undefined ? [route] : [route, `${route}.zip`, `${route}/{path}`];
      }),
    );
  });

  it('names every format in the OpenAPI description of the exports', async () => {
    const tags = (await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
      tags: { name: string; description: string }[];
    }>().tags;
    const description = tags.find((tag) => tag.name === 'exports')?.description ?? '';
    for (const id of OUTPUT_FORMAT_IDS)
      expect(description).toContain(`${OUTPUT_FORMATS[id].title} (\`GET /api/v1${OUTPUT_FORMATS[id].path}\`)`);
  });

  it('caches one body per format and parsed options, whatever the order and spelling of the query', async () => {
    // An app of its own: its cache holds nothing yet.
    const { app: fresh } = await buildExampleApp();
    const get = (url: string) => fresh.inject({ method: 'GET', url, headers: bearer(DEMO_KEY) });
    const cacheEntries = async (): Promise<number> => {
      const text = (await fresh.inject({ method: 'GET', url: '/metrics' })).body;
      return Number(/^token_server_render_cache_entries (\d+)$/m.exec(text)?.[1]);
    };
    const before = await cacheEntries();
    expect(before).toBe(0);
    for (const [url] of EXAMPLES) await get(url);
    expect(await cacheEntries()).toBe(before + EXAMPLES.length);
    // The same options written otherwise: the defaults spelled out, the parameters in another order.
    for (const url of [
      '/api/v1/export/css?theme=data-attribute&references=resolve',
      '/api/v1/export/css?naming=camelCase&prefix=--acme',
      '/api/v1/export/json?references=resolve',
      '/api/v1/export/json?references=resolve&spec=2025.10',
      '/api/v1/export/tailwind?darkSelector=.dark&theme=selector',
    ]) {
      expect((await get(url)).statusCode).toBe(200);
    }
    expect(await cacheEntries()).toBe(before + EXAMPLES.length);
    // Options that change the body are another entry.
    expect((await get('/api/v1/export/json?spec=2025.10&references=keep')).statusCode).toBe(200);
    expect(await cacheEntries()).toBe(before + EXAMPLES.length + 1);
    await fresh.close();
  });

  it.each([
    ['/api/v1/export/css?theme=selector&designSystem=nope', '`theme=selector` needs `darkSelector`, e.g. `.dark`.'],
    ['/api/v1/export/tailwind?darkSelector=.dark&ref=no-such-branch', '`darkSelector` goes with `theme=selector` only.'],
    [
      '/api/v1/export/json?references=keep&designSystem=nope',
      '`references=keep` goes with `spec=2025.10` (the string-valued export writes resolved values only).',
    ],
  ])('checks the query before it reads a design system or a ref: %s', async (url, message) => {
    const response = await get(url);
    expect([response.statusCode, response.json()]).toEqual([400, { error: { code: 'invalid_parameter', message } }]);
  });

  it('checks a mode against the design system it reads', async () => {
    const response = await get('/api/v1/export/css?mode=dim');
    const names = acme.modes.map((mode) => `\`${mode.name}\``).join(', ');
    expect([response.statusCode, response.json()]).toEqual([
      400,
      { error: { code: 'invalid_parameter', message: `Unknown mode \`dim\`; this design system has ${names}.` } },
    ]);
  });
});
