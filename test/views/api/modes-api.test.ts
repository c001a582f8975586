import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESPONSE_SCHEMAS } from '../../../src/http/response-schemas.js';
import { bearer, buildLoadedApp } from '../../helpers/app.js';
import { createFixtureRepo, keysYaml } from '../../source/fixture-repo.js';
import type { FixtureRepo } from '../../source/fixture-repo.js';
import { AURORA_FILES, inDesignSystems } from '../modes-fixture.js';

const KEY = 'dts_modes_api_key';

/** Declares `modes: {}` (no further mode), overrides dark through `modes`, and uses the spec's `darkStep`. */
const PLAIN_FILES: Readonly<Record<string, string>> = {
  'plain/system.yaml': 'name: Plain\nid: plain\nmodes: {}\n',
  'plain/content.yaml': [
    'scales:',
    '  gray:',
    '    0: { light: "#FFFFFF", dark: "#000000" }',
    '    900: { light: "#111111", dark: "#EEEEEE" }',
    '  white:',
    '    0: { light: "#FFFFFF", dark: "#FFFFFF" }',
    'tokens:',
    '  color.fg.on-emphasis:',
    '    type: color',
    '    scale: white',
    '    step: 0',
    '    modes:',
    '      dark: { scale: gray, step: 900 }',
    '  color.text: { type: color, scale: gray, step: 900, darkStep: 0 }',
    '',
  ].join('\n'),
};

/** The 200 schema the OpenAPI document gives a route, compiled. */
function documentedSchema(route: string) {
  const schema = (RESPONSE_SCHEMAS[route]?.['200'] as { content: Record<string, { schema: object }> }).content['application/json']
    ?.schema as object;
  return new Ajv2020({ strict: false, allErrors: true }).compile(schema);
}

describe('the JSON routes of a design system with modes', () => {
  let repo: FixtureRepo;
  let app: FastifyInstance;
  const get = async (url: string): Promise<{ status: number; body: unknown }> => {
    const response = await app.inject({ method: 'GET', url, headers: bearer(KEY) });
    return { status: response.statusCode, body: response.json() };
  };

  beforeAll(async () => {
    repo = createFixtureRepo({
      'keys.yaml': keysYaml([{ name: 'modes', key: KEY, designSystem: 'aurora', access: ['plain'] }]),
      ...inDesignSystems(AURORA_FILES),
      ...inDesignSystems(PLAIN_FILES),
    });
    ({ app } = await buildLoadedApp(repo.source, repo.keys));
  });
  afterAll(async () => {
    await app?.close();
    repo?.cleanup();
  });

  const BACKDROP = {
    key: 'color.backdrop',
    type: 'color',
    value: { scale: 'overlay', step: 50, darkStep: 50, alpha: 0.4 },
    modes: { dark: { alpha: 0.6 }, 'dark-dimmed': { color: '#00000080' } },
  };
  const RADIUS = { key: 'radius.card', type: 'radius', value: { value: 6, unit: 'px' }, modes: { 'light-high-contrast': { value: 0 } } };

  it('GET /tokens lists `modes` as written on the tokens that write it, and on no other', async () => {
    const { status, body } = await get('/api/v1/tokens');
    expect(status).toBe(200);
    expect(body).toEqual({
      data: {
        tokens: [
          BACKDROP,
          { key: 'color.canvas', type: 'color', value: { scale: 'gray', step: 0, darkStep: 0 } },
          { key: 'color.fg.default', type: 'color', value: { scale: 'gray', step: 900, darkStep: 0 } },
          { key: 'color.focus', type: 'color', value: { color: '#0969DA', alpha: 0.5 } },
          RADIUS,
          {
            key: 'shadow.card',
            type: 'shadow',
            value: { x: 0, y: 1, blur: 3, spread: 0, colorToken: 'color.fg.default', opacity: 0.2 },
          },
        ],
        total: 6,
      },
    });
    const validate = documentedSchema('/api/v1/tokens');
    expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it('GET /tokens?format=nested gives each leaf its `modes` as written', async () => {
    const { body } = await get('/api/v1/tokens?format=nested&type=color');
    expect(body).toEqual({
      data: {
        tokens: {
          color: {
            backdrop: { type: BACKDROP.type, value: BACKDROP.value, modes: BACKDROP.modes },
            canvas: { type: 'color', value: { scale: 'gray', step: 0, darkStep: 0 } },
            fg: { default: { type: 'color', value: { scale: 'gray', step: 900, darkStep: 0 } } },
            focus: { type: 'color', value: { color: '#0969DA', alpha: 0.5 } },
          },
        },
        total: 4,
      },
    });
    const nested = await get('/api/v1/tokens?format=nested&type=radius');
    expect(nested.body).toEqual({
      data: { tokens: { radius: { card: { type: RADIUS.type, value: RADIUS.value, modes: RADIUS.modes } } }, total: 1 },
    });
    const validate = documentedSchema('/api/v1/tokens');
    expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it.each([
    ['/api/v1/tokens/color/backdrop', BACKDROP],
    ['/api/v1/tokens/radius/card', RADIUS],
    ['/api/v1/tokens/color/focus', { key: 'color.focus', type: 'color', value: { color: '#0969DA', alpha: 0.5 } }],
  ])('GET %s answers the token with `modes` exactly as written (or none)', async (url, token) => {
    const { status, body } = await get(url);
    expect(status).toBe(200);
    expect(body).toEqual({ data: token });
    const validate = documentedSchema('/api/v1/tokens/*');
    expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it('GET /scales gives every step its color in each further mode (its base’s where the step sets none), `#RRGGBBAA` when translucent', async () => {
    const { body } = await get('/api/v1/scales');
    expect(body).toEqual({
      data: {
        scales: [
          {
            key: 'gray',
            steps: [
              { step: 0, light: '#FFFFFF', dark: '#0D1117', modes: { 'dark-dimmed': '#212830', 'light-high-contrast': '#FFFFFF' } },
              { step: 900, light: '#1F2328', dark: '#F0F6FC', modes: { 'dark-dimmed': '#F0F6FC', 'light-high-contrast': '#010409' } },
            ],
          },
          {
            key: 'overlay',
            steps: [
              {
                step: 50,
                light: '#1F232826',
                dark: '#01040966',
                modes: { 'dark-dimmed': '#01040966', 'light-high-contrast': '#1F232826' },
              },
            ],
          },
        ],
      },
    });
    const validate = documentedSchema('/api/v1/scales');
    expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it('a design system that declares no further mode: no `modes` on scale steps; `modes` only on the token that writes it', async () => {
    const scales = await get('/api/v1/scales?designSystem=plain');
    expect(scales.body).toEqual({
      data: {
        scales: [
          {
            key: 'gray',
            steps: [
              { step: 0, light: '#FFFFFF', dark: '#000000' },
              { step: 900, light: '#111111', dark: '#EEEEEE' },
            ],
          },
          { key: 'white', steps: [{ step: 0, light: '#FFFFFF', dark: '#FFFFFF' }] },
        ],
      },
    });
    const tokens = await get('/api/v1/tokens?designSystem=plain');
    expect(tokens.body).toEqual({
      data: {
        tokens: [
          {
            key: 'color.fg.on-emphasis',
            type: 'color',
            value: { scale: 'white', step: 0 },
            modes: { dark: { scale: 'gray', step: 900 } },
          },
          { key: 'color.text', type: 'color', value: { scale: 'gray', step: 900, darkStep: 0 } },
        ],
        total: 2,
      },
    });
    for (const [route, body] of [
      ['/api/v1/scales', scales.body],
      ['/api/v1/tokens', tokens.body],
    ] as const) {
      const validate = documentedSchema(route);
      expect([route, validate(body) ? [] : validate.errors]).toEqual([route, []]);
    }
  });

  it('GET /design-system lists the further modes with their base and media, and a design system without any has no `modes`', async () => {
    const aurora = await get('/api/v1/design-system');
    expect(aurora.body).toEqual({
      data: {
        id: 'aurora',
        name: 'Aurora',
        slug: 'aurora',
        description: null,
        tokenCount: 6,
        scaleCount: 2,
        lastUpdated: expect.any(String) as unknown,
        modes: [
          { name: 'dark-dimmed', base: 'dark', media: null },
          { name: 'light-high-contrast', base: 'light', media: '(prefers-contrast: more)' },
        ],
      },
    });
    const plain = await get('/api/v1/design-system?designSystem=plain');
    expect(Object.keys((plain.body as { data: object }).data)).toEqual([
      'id',
      'name',
      'slug',
      'description',
      'tokenCount',
      'scaleCount',
      'lastUpdated',
    ]);
    const validate = documentedSchema('/api/v1/design-system');
    for (const body of [aurora.body, plain.body]) expect(validate(body) ? [] : validate.errors).toEqual([]);
  });

  it('documents the shapes strictly: a bad mode name or a color that is not uppercase hex is refused', () => {
    const scales = documentedSchema('/api/v1/scales');
    const step = { step: 0, light: '#FFFFFF', dark: '#000000' };
    const scalesWith = (stepValue: object) => ({ data: { scales: [{ key: 'gray', steps: [stepValue] }] } });
    expect(scales(scalesWith(step))).toBe(true);
    expect(scales(scalesWith({ ...step, light: '#FFFFFF80' }))).toBe(true);
    expect(scales(scalesWith({ ...step, modes: { 'dark-dimmed': '#212830' } }))).toBe(true);
    expect(scales(scalesWith({ ...step, modes: { Dark_Dimmed: '#212830' } }))).toBe(false);
    expect(scales(scalesWith({ ...step, modes: { 'dark-dimmed': '#21283' } }))).toBe(false);
    expect(scales(scalesWith({ ...step, modes: { 'dark-dimmed': 'rgba(0, 0, 0, 0.5)' } }))).toBe(false);
    expect(scales(scalesWith({ ...step, light: '#ffffff' }))).toBe(false);
    const token = documentedSchema('/api/v1/tokens/*');
    const radius = { key: 'radius.card', type: 'radius', value: { value: 6, unit: 'px' } };
    expect(token({ data: { ...radius, modes: { dark: { value: 4 } } } })).toBe(true);
    expect(token({ data: { ...radius, modes: { 'dark--dimmed': { value: 4 } } } })).toBe(false);
    expect(token({ data: { ...radius, modes: { dark: 4 } } })).toBe(false);
  });
});
