import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { RESPONSE_SCHEMAS } from '../../src/http/response-schemas.js';
import { GitRevisions } from '../../src/source/git-revisions.js';
import { diffDesignSystems } from '../../src/views/diff/diff-design-systems.js';
import type { DesignSystemDiff } from '../../src/views/diff/diff-design-systems.js';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { compileFiles } from '../helpers/fixtures.js';
import { ALPHA_KEY, createFixtureRepo, keysYaml, systemYaml } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';

const SCALES = `scales:
  blue:
    500: { light: "#3B82F6", dark: "#60A5FA" }
    600: { light: "#2563EB", dark: "#3B82F6" }
`;
const PRIMITIVES = `primitives:
  spacing: { md: 16 }
`;
const TOKENS = `tokens:
  color.brand: { type: color, scale: blue, step: 600 }
  spacing.md: { type: spacing, primitive: spacing.md }
  feature.beta: { type: boolean, value: false }
`;

/** Compiles a design system `ds` from a scales, primitives and tokens text. */
function compile(parts: { scales?: string; primitives?: string; tokens?: string }): CompiledDesignSystem {
  const { system, diagnostics } = compileFiles('ds', [
    ['ds/system.yaml', systemYaml('DS', 'ds')],
    ['ds/scales.yaml', parts.scales ?? SCALES],
    ['ds/primitives.yaml', parts.primitives ?? PRIMITIVES],
    ['ds/tokens.yaml', parts.tokens ?? TOKENS],
  ]);
  if (system === undefined) throw new Error(JSON.stringify(diagnostics));
  return system;
}

const NOTHING: DesignSystemDiff = {
  level: 'none',
  tokens: { added: [], removed: [], changed: [], retyped: [] },
  scales: { added: [], removed: [], changed: [] },
  primitives: { added: [], removed: [], changed: [] },
};

describe('diffDesignSystems', () => {
  it.each<[string, { to: Parameters<typeof compile>[0]; want: Partial<DesignSystemDiff> }]>([
    ['identical content', { to: {}, want: {} }],
    [
      'a token added (minor)',
      {
        to: { tokens: `${TOKENS}  color.accent: { type: color, scale: blue, step: 500 }\n` },
        want: {
          level: 'minor',
          tokens: {
            added: [{ key: 'color.accent', type: 'color', value: { light: '#3B82F6', dark: '#60A5FA' } }],
            removed: [],
            changed: [],
            retyped: [],
          },
        },
      },
    ],
    [
      'a token removed (major)',
      {
        to: { tokens: TOKENS.replace('  feature.beta: { type: boolean, value: false }\n', '') },
        want: {
          level: 'major',
          tokens: {
            added: [],
            removed: [{ key: 'feature.beta', type: 'boolean', value: { light: 'false', dark: null } }],
            changed: [],
            retyped: [],
          },
        },
      },
    ],
    [
      'a token pointed at another step: light and dark change (patch)',
      {
        to: { tokens: TOKENS.replace('step: 600', 'step: 500') },
        want: {
          level: 'patch',
          tokens: {
            added: [],
            removed: [],
            changed: [
              { key: 'color.brand', type: 'color', from: { light: '#2563EB', dark: '#3B82F6' }, to: { light: '#3B82F6', dark: '#60A5FA' } },
            ],
            retyped: [],
          },
        },
      },
    ],
    [
      'a token retyped (major)',
      {
        to: { tokens: TOKENS.replace('spacing.md: { type: spacing, primitive: spacing.md }', 'spacing.md: { type: radius, value: 16 }') },
        want: {
          level: 'major',
          tokens: {
            added: [],
            removed: [],
            changed: [],
            retyped: [
              {
                key: 'spacing.md',
                from: { type: 'spacing', value: { light: '16px', dark: null } },
                to: { type: 'radius', value: { light: '16px', dark: null } },
              },
            ],
          },
        },
      },
    ],
    [
      'a token moved to an equal inline value: no change',
      { to: { tokens: TOKENS.replace('primitive: spacing.md', 'value: 16') }, want: {} },
    ],
    [
      'a primitive changed: the primitive and the token that uses it (patch)',
      {
        to: { primitives: PRIMITIVES.replace('16', '20') },
        want: {
          level: 'patch',
          tokens: {
            added: [],
            removed: [],
            changed: [{ key: 'spacing.md', type: 'spacing', from: { light: '16px', dark: null }, to: { light: '20px', dark: null } }],
            retyped: [],
          },
          primitives: {
            added: [],
            removed: [],
            changed: [{ type: 'spacing', key: 'md', from: { value: 16, unit: 'px' }, to: { value: 20, unit: 'px' } }],
          },
        },
      },
    ],
    [
      'a primitive added (minor)',
      {
        to: { primitives: 'primitives:\n  spacing: { md: 16, lg: 24 }\n' },
        want: { level: 'minor', primitives: { added: [{ type: 'spacing', key: 'lg', value: 24, unit: 'px' }], removed: [], changed: [] } },
      },
    ],
    [
      'a scale step removed, one changed, a scale added (major)',
      {
        to: {
          scales:
            'scales:\n  blue:\n    600: { light: "#2563EB", dark: "#1D4ED8" }\n  red:\n    500: { light: "#EF4444", dark: "#F87171" }\n',
          tokens: TOKENS,
        },
        want: {
          level: 'major',
          tokens: {
            added: [],
            removed: [],
            changed: [
              { key: 'color.brand', type: 'color', from: { light: '#2563EB', dark: '#3B82F6' }, to: { light: '#2563EB', dark: '#1D4ED8' } },
            ],
            retyped: [],
          },
          scales: {
            added: ['red'],
            removed: [],
            changed: [
              {
                key: 'blue',
                stepsAdded: [],
                stepsRemoved: [500],
                stepsChanged: [{ step: 600, from: { light: '#2563EB', dark: '#3B82F6' }, to: { light: '#2563EB', dark: '#1D4ED8' } }],
              },
            ],
          },
        },
      },
    ],
  ])('%s', (_name, { to, want }) => {
    expect(diffDesignSystems(compile({}), compile(to))).toEqual({ ...NOTHING, ...want });
  });
});

describe('GET /api/v1/diff on real commits', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A repository with three commits (v1 tag, a value change, an addition and a removal) and an app over it. */
  async function setUp(): Promise<{ repo: FixtureRepo; app: FastifyInstance; shas: string[] }> {
    const repo = createFixtureRepo({
      'keys.yaml': keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'ds' }]),
      'design-systems/ds/system.yaml': systemYaml('DS', 'ds'),
      'design-systems/ds/scales.yaml': SCALES,
      'design-systems/ds/primitives.yaml': PRIMITIVES,
      'design-systems/ds/tokens.yaml': TOKENS,
    });
    cleanups.push(() => repo.cleanup());
    const first = repo.git('rev-parse', 'HEAD').trim();
    repo.git('tag', 'v1');
    repo.write('design-systems/ds/primitives.yaml', PRIMITIVES.replace('16', '20'));
    const second = repo.commit('Wider md');
    repo.write(
      'design-systems/ds/tokens.yaml',
      `${TOKENS.replace('  feature.beta: { type: boolean, value: false }\n', '')}  color.accent: { type: color, scale: blue, step: 500 }\n`,
    );
    const third = repo.commit('Accent in, beta flag out');
    const revisions = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' });
    cleanups.push(() => revisions.close());
    const { app } = await buildLoadedApp(repo.source, repo.keys, { revisions });
    cleanups.push(() => app.close());
    return { repo, app, shas: [first, second, third] };
  }

  const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: bearer(ALPHA_KEY) });
  /** The documented 200 schema of the route (OpenAPI), compiled. */
  const documented = new Ajv2020({ strict: false, allErrors: true }).compile(
    (RESPONSE_SCHEMAS['/api/v1/diff']?.['200'] as { content: Record<string, { schema: object }> }).content['application/json']
      ?.schema as object,
  );

  it('classifies a value change as patch and names both sides', async () => {
    const { app, shas } = await setUp();
    const response = await get(app, `/api/v1/diff?from=v1&to=${shas[1]}`);
    expect(response.statusCode).toBe(200);
    expect(documented(response.json()) ? [] : documented.errors).toEqual([]);
    expect(response.json()).toEqual({
      data: {
        from: { ref: 'v1', sha: shas[0] },
        to: { ref: shas[1], sha: shas[1] },
        level: 'patch',
        tokens: {
          added: [],
          removed: [],
          changed: [{ key: 'spacing.md', type: 'spacing', from: { light: '16px', dark: null }, to: { light: '20px', dark: null } }],
          retyped: [],
        },
        scales: { added: [], removed: [], changed: [] },
        primitives: {
          added: [],
          removed: [],
          changed: [{ type: 'spacing', key: 'md', from: { value: 16, unit: 'px' }, to: { value: 20, unit: 'px' } }],
        },
      },
    });
  });

  it('classifies a removal as major; `to` defaults to the live snapshot', async () => {
    const { app, shas } = await setUp();
    const body = (await get(app, `/api/v1/diff?from=${shas[1]}`)).json<{ data: DesignSystemDiff & { to: unknown } }>();
    expect(documented(body) ? [] : documented.errors).toEqual([]);
    expect(body.data.level).toBe('major');
    expect(body.data.to).toEqual({ ref: null, sha: null });
    expect(body.data.tokens.added.map((token) => token.key)).toEqual(['color.accent']);
    expect(body.data.tokens.removed).toEqual([{ key: 'feature.beta', type: 'boolean', value: { light: 'false', dark: null } }]);
    // Backwards: the removal becomes an addition, the addition a removal.
    const back = (await get(app, `/api/v1/diff?from=main&to=v1`)).json<{ data: DesignSystemDiff }>();
    expect(back.data.level).toBe('major');
    expect(back.data.tokens.added.map((token) => token.key)).toEqual(['feature.beta']);
    expect(back.data.tokens.removed.map((token) => token.key)).toEqual(['color.accent']);
    expect((await get(app, `/api/v1/diff?from=${shas[2]}&to=main`)).json()).toMatchObject({ data: { level: 'none' } });
  });

  it.each([
    ['no `from`', '/api/v1/diff', 400, 'invalid_parameter', 'Missing query parameter `from`.'],
    ['an unknown ref', '/api/v1/diff?from=v9', 404, 'ref_not_found', 'No commit, tag or branch `v9` in the repository.'],
    [
      'an option-like ref',
      '/api/v1/diff?from=--output%3D%2Ftmp%2Fx',
      400,
      'invalid_parameter',
      '`from` is malformed: it must match ^[A-Za-z0-9_][A-Za-z0-9._/@~^-]*$.',
    ],
    [
      'a design system the key may not read',
      '/api/v1/diff?from=v1&designSystem=other',
      403,
      'forbidden',
      'This API key may not read design system `other`.',
    ],
    [
      '`ref` instead of from/to',
      '/api/v1/diff?from=v1&ref=v1',
      400,
      'invalid_parameter',
      '`ref` is not supported on this route: name the revisions with `from` and `to`.',
    ],
  ])('answers %s with the usual error', async (_name, url, status, code, message) => {
    const { app } = await setUp();
    const response = await get(app, url);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: { code, message } });
  });

  it('answers 400 on a plain folder, as `?ref=` does', async () => {
    const repo = createFixtureRepo(undefined, { git: false });
    cleanups.push(() => repo.cleanup());
    const { app } = await buildLoadedApp(repo.source, repo.keys);
    cleanups.push(() => app.close());
    const response = await get(app, '/api/v1/diff?from=v1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'invalid_parameter', message: '`from` needs a source in a Git repository; this server reads a plain folder.' },
    });
  });

  it('answers 304 to a repeated diff with its ETag', async () => {
    const { app, shas } = await setUp();
    const first = await get(app, `/api/v1/diff?from=${shas[0]}&to=${shas[2]}`);
    const again = await app.inject({
      method: 'GET',
      url: `/api/v1/diff?from=${shas[0]}&to=${shas[2]}`,
      headers: { ...bearer(ALPHA_KEY), 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
