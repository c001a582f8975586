import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { exportJobOf, renderExport } from '../../src/views/formats/export-jobs.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../helpers/app.js';

// An export route reads the format's options once per distinct query string and remembers them: each query must
// still get its own options, a refused one its 400 every time, and the design system's own checks run per request.

describe('the options an export route remembers per query string', () => {
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

  it('answers each query its own body, however the queries alternate', async () => {
    const queries = [
      '',
      '?naming=camelCase',
      '?theme=media',
      '',
      '?theme=media',
      '?naming=camelCase',
      '?naming=snake_case&theme=light-dark',
      '',
    ];
    for (const query of queries) {
      const response = await get(`/api/v1/export/css${query}`);
      const want = renderExport(acme, exportJobOf('css', Object.fromEntries(new URLSearchParams(query))));
      expect([query, response.statusCode, response.headers['etag']]).toEqual([query, 200, want.etag]);
      expect(response.rawPayload.equals(want.body), query).toBe(true);
    }
  });

  it('answers one body to two spellings of the same options', async () => {
    const a = await get('/api/v1/export/css?naming=camelCase&theme=media');
    const b = await get('/api/v1/export/css?theme=media&naming=camelCase');
    expect([a.statusCode, b.statusCode, b.headers['etag']]).toEqual([200, 200, a.headers['etag']]);
  });

  it('refuses a query the format refuses every time, between good ones', async () => {
    const refused = '/api/v1/export/css?theme=selector';
    const message = { error: { code: 'invalid_parameter', message: '`theme=selector` needs `darkSelector`, e.g. `.dark`.' } };
    for (const url of [refused, '/api/v1/export/css?theme=selector&darkSelector=.dark', refused, refused]) {
      const response = await get(url);
      if (url === refused) expect([response.statusCode, response.json()]).toEqual([400, message]);
      else expect(response.statusCode).toBe(200);
    }
  });

  it('checks the mode of a remembered query against the design system on every request', async () => {
    const mode = acme.modes.at(-1)?.name ?? '';
    for (let round = 0; round < 2; round++) {
      expect((await get(`/api/v1/export/css?mode=${mode}`)).statusCode).toBe(200);
      expect((await get('/api/v1/export/css?mode=dim')).json()).toMatchObject({ error: { code: 'invalid_parameter' } });
    }
  });
});
