import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { renderContrast } from '../../src/views/api/contrast.js';
import { bearer, buildExampleApp, DEMO_KEY, DOCS_KEY } from '../helpers/app.js';
import { compileExample } from '../helpers/fixtures.js';
import { ALPHA_KEY, defaultFiles, get, useFixtures } from '../source/fixture-repo.js';

// Issue 27, item 3: `GET /api/v1/design-systems/:id/contrast` answers each declared pair's ratio per mode, through the
// real app, with the API's auth, errors, caching and `?ref=`.
const HARBOR_KEY = 'dts_harbor_demo_key';

describe('GET /api/v1/design-systems/:id/contrast', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildExampleApp());
  });
  afterAll(() => app.close());
  const request = (url: string, key: string | null = DEMO_KEY, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...(key === null ? {} : bearer(key)), ...headers } });

  it('answers every pair of the design system per mode, as the view renders it, with an ETag', async () => {
    const response = await request('/api/v1/design-systems/acme/contrast');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.body).toBe(`${JSON.stringify(renderContrast(await compileExample('acme')))}\n`);
    const body = response.json<{ data: { pairs: { name: string; modes: Record<string, unknown> }[]; minFontSize: string } }>();
    expect(body.data.pairs[0]).toEqual({
      name: 'body-text',
      foreground: 'color.text.default',
      background: 'color.background.canvas',
      kind: 'text',
      level: 'AAA',
      severity: 'error',
      typography: null,
      modes: expect.objectContaining({ light: expect.objectContaining({ required: 7, pass: true }) }) as unknown,
    });
    expect(body.data.minFontSize).toBe('10px');
    const etag = response.headers['etag'];
    expect(typeof etag).toBe('string');
    expect((await request('/api/v1/design-systems/acme/contrast', DEMO_KEY, { 'if-none-match': String(etag) })).statusCode).toBe(304);
  });

  it('answers the five modes of harbor, each with ratio, required, pass and apca', async () => {
    const body = (await request('/api/v1/design-systems/harbor/contrast', HARBOR_KEY)).json<{
      data: { pairs: { modes: Record<string, object> }[] };
    }>();
    for (const pair of body.data.pairs) {
      expect(Object.keys(pair.modes)).toEqual(['light', 'dark', 'dark-dimmed', 'light-high-contrast', 'dark-high-contrast']);
      for (const result of Object.values(pair.modes)) expect(Object.keys(result)).toEqual(['ratio', 'required', 'pass', 'apca']);
    }
  });

  it.each<[string, string, string | null, number, string, string]>([
    ['another design system the key may read', '/api/v1/design-systems/acme-docs/contrast', DEMO_KEY, 200, '', ''],
    [
      'a design system the key may not read',
      '/api/v1/design-systems/acme/contrast',
      DOCS_KEY,
      403,
      'forbidden',
      'This API key may not read design system `acme`.',
    ],
    [
      'an unknown design system',
      '/api/v1/design-systems/nope/contrast',
      DEMO_KEY,
      403,
      'forbidden',
      'This API key may not read design system `nope`.',
    ],
    [
      'a malformed id',
      '/api/v1/design-systems/a%20b/contrast',
      DEMO_KEY,
      400,
      'invalid_parameter',
      '`id` is malformed: it must match ^[A-Za-z0-9_-]+$.',
    ],
    [
      '`designSystem` beside the path',
      '/api/v1/design-systems/acme/contrast?designSystem=acme-docs',
      DEMO_KEY,
      400,
      'invalid_parameter',
      '`designSystem` is not supported on this route: the path names the design system.',
    ],
    ['no key', '/api/v1/design-systems/acme/contrast', null, 401, 'unauthorized', ''],
  ])('%s: %s answers %s', async (_name, url, key, status, code, message) => {
    const response = await request(url, key);
    expect(response.statusCode).toBe(status);
    if (status === 200) return;
    const error = response.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).toBe(code);
    if (message !== '') expect(error.message).toBe(message);
  });
});

describe('contrast over a Git source', () => {
  const fixtures = useFixtures();

  it('answers an empty list without pairs, the pairs once committed, and the old answer with ?ref=', async () => {
    const repo = fixtures.repo({
      ...defaultFiles(),
      'design-systems/alpha/tokens/color.yaml':
        'tokens:\n  color:\n    fg: { type: color, color: "#1F2328", modes: { dark: { color: "#59636E" } } }\n    bg: { type: color, color: "#FFFFFF", modes: { dark: { color: "#0D1117" } } }\n',
    });
    const before = repo.git('rev-parse', 'HEAD').trim();
    repo.write('design-systems/alpha/contrast.yaml', 'contrast:\n  pairs:\n    body: { foreground: color.fg, background: color.bg }\n');
    repo.commit('Declare the body text pair');
    const server = await fixtures.start(repo);

    expect((await get(server, `/api/v1/design-systems/alpha/contrast?ref=${before}`, ALPHA_KEY)).body).toEqual({
      data: { pairs: [], minFontSize: null, fontSizes: [] },
    });
    const live = await get(server, '/api/v1/design-systems/alpha/contrast', ALPHA_KEY);
    expect(live.status).toBe(200);
    expect(live.body).toEqual({
      data: {
        pairs: [
          {
            name: 'body',
            foreground: 'color.fg',
            background: 'color.bg',
            kind: 'text',
            level: 'AA',
            severity: 'error',
            typography: null,
            modes: {
              light: { ratio: 15.8, required: 4.5, pass: true, apca: 102.8 },
              dark: { ratio: 3.1, required: 4.5, pass: false, apca: -20.8 },
            },
          },
        ],
        minFontSize: null,
        fontSizes: [],
      },
    });
  }, 30_000);
});
