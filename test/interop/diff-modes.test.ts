import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { RESPONSE_SCHEMAS } from '../../src/http/response-schemas.js';
import { GitRevisions } from '../../src/source/git-revisions.js';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { ALPHA_KEY, createFixtureRepo, keysYaml } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { AURORA_FILES, inDesignSystems } from '../views/modes-fixture.js';

const SYSTEM = 'design-systems/aurora/system.yaml';
const SCALES = 'design-systems/aurora/scales.yaml';
const TOKENS = 'design-systems/aurora/tokens.yaml';
const FILES = inDesignSystems(AURORA_FILES);

/** `FILES[path]` with `from` replaced by `to` (which must be there). */
function edited(path: string, from: string, to: string): string {
  const text = FILES[path] as string;
  if (!text.includes(from)) throw new Error(`${path} has no ${from}`);
  return text.replace(from, to);
}

const SHADOW = (red: number, green: number, blue: number): string => `0px 1px 3px 0px rgba(${red}, ${green}, ${blue}, 0.2)`;

describe('GET /api/v1/diff between commits of a design system with modes', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /**
   * Three commits: the Aurora design system; one scale step changed in `dark-dimmed` only and one token changed in
   * `light-high-contrast` only; the mode `light-high-contrast` taken out (with what named it).
   */
  async function setUp(): Promise<{ repo: FixtureRepo; app: FastifyInstance; shas: string[] }> {
    const repo = createFixtureRepo({ 'keys.yaml': keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'aurora' }]), ...FILES });
    cleanups.push(() => repo.cleanup());
    const first = repo.git('rev-parse', 'HEAD').trim();
    repo.write(SCALES, edited(SCALES, 'dark-dimmed: "#212830"', 'dark-dimmed: "#262C36"'));
    repo.write(TOKENS, edited(TOKENS, 'light-high-contrast: { value: 0 }', 'light-high-contrast: { value: 2 }'));
    const second = repo.commit('Dimmed canvas lighter, contrast cards rounder');
    repo.write(SYSTEM, edited(SYSTEM, '  light-high-contrast: { base: light, media: "(prefers-contrast: more)" }\n', ''));
    repo.write(SCALES, edited(SCALES, 'dark-dimmed: "#212830"', 'dark-dimmed: "#262C36"').replace(', light-high-contrast: "#010409"', ''));
    repo.write(TOKENS, edited(TOKENS, ', modes: { light-high-contrast: { value: 0 } }', ''));
    const third = repo.commit('No high-contrast mode');
    const revisions = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' });
    cleanups.push(() => revisions.close());
    const { app } = await buildLoadedApp(repo.source, repo.keys, { revisions });
    cleanups.push(() => app.close());
    return { repo, app, shas: [first, second, third] };
  }

  const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: bearer(ALPHA_KEY) });
  const documented = new Ajv2020({ strict: false, allErrors: true }).compile(
    (RESPONSE_SCHEMAS['/api/v1/diff']?.['200'] as { content: Record<string, { schema: object }> }).content['application/json']
      ?.schema as object,
  );

  it('reports a change made in one further mode only, with every mode in `from` and `to`, and a scale step per mode', async () => {
    const { app, shas } = await setUp();
    const response = await get(app, `/api/v1/diff?from=${shas[0]}&to=${shas[1]}`);
    expect(response.statusCode).toBe(200);
    const modes = (dimmed: string, contrast: string) => ({ 'dark-dimmed': dimmed, 'light-high-contrast': contrast });
    expect(response.json()).toEqual({
      data: {
        from: { ref: shas[0], sha: shas[0] },
        to: { ref: shas[1], sha: shas[1] },
        level: 'patch',
        tokens: {
          added: [],
          removed: [],
          changed: [
            {
              key: 'color.canvas',
              type: 'color',
              from: { light: '#FFFFFF', dark: '#0D1117', modes: modes('#212830', '#FFFFFF') },
              to: { light: '#FFFFFF', dark: '#0D1117', modes: modes('#262C36', '#FFFFFF') },
            },
            {
              key: 'color.fg.default',
              type: 'color',
              from: { light: '#1F2328', dark: '#0D1117', modes: modes('#212830', '#010409') },
              to: { light: '#1F2328', dark: '#0D1117', modes: modes('#262C36', '#010409') },
            },
            {
              key: 'radius.card',
              type: 'radius',
              from: { light: '6px', dark: null, modes: modes('6px', '0px') },
              to: { light: '6px', dark: null, modes: modes('6px', '2px') },
            },
            {
              key: 'shadow.card',
              type: 'shadow',
              from: { light: SHADOW(31, 35, 40), dark: SHADOW(13, 17, 23), modes: modes(SHADOW(33, 40, 48), SHADOW(1, 4, 9)) },
              to: { light: SHADOW(31, 35, 40), dark: SHADOW(13, 17, 23), modes: modes(SHADOW(38, 44, 54), SHADOW(1, 4, 9)) },
            },
          ],
          retyped: [],
        },
        scales: {
          added: [],
          removed: [],
          changed: [
            {
              key: 'gray',
              stepsAdded: [],
              stepsRemoved: [],
              stepsChanged: [
                {
                  step: 0,
                  from: { light: '#FFFFFF', dark: '#0D1117', modes: modes('#212830', '#FFFFFF') },
                  to: { light: '#FFFFFF', dark: '#0D1117', modes: modes('#262C36', '#FFFFFF') },
                },
              ],
            },
          ],
        },
        primitives: { added: [], removed: [], changed: [] },
      },
    });
    expect(documented(response.json()) ? [] : documented.errors).toEqual([]);
  });

  it('calls a mode taken out major and a mode brought in minor; each side shows the modes it has', async () => {
    const { app, shas } = await setUp();
    const out = (await get(app, `/api/v1/diff?from=${shas[1]}&to=${shas[2]}`)).json<{
      data: { level: string; tokens: { changed: { key: string; from: unknown; to: unknown }[] }; scales: { changed: unknown[] } };
    }>();
    expect(documented(out) ? [] : documented.errors).toEqual([]);
    expect(out.data.level).toBe('major');
    // Every token had a value in the mode taken out: each is changed, its `to` without that mode.
    expect(out.data.tokens.changed.map((change) => change.key)).toEqual([
      'color.backdrop',
      'color.canvas',
      'color.fg.default',
      'color.focus',
      'radius.card',
      'shadow.card',
    ]);
    expect(out.data.tokens.changed[3]).toEqual({
      key: 'color.focus',
      type: 'color',
      from: { light: '#0969DA80', dark: null, modes: { 'dark-dimmed': '#0969DA80', 'light-high-contrast': '#0969DA80' } },
      to: { light: '#0969DA80', dark: null, modes: { 'dark-dimmed': '#0969DA80' } },
    });
    const back = (await get(app, `/api/v1/diff?from=${shas[2]}&to=${shas[1]}`)).json<{ data: { level: string } }>();
    expect(back.data.level).toBe('minor');
  });

  it('finds nothing between a commit and the live snapshot of the same content', async () => {
    const { app, shas } = await setUp();
    const body = (await get(app, `/api/v1/diff?from=${shas[2]}`)).json<{ data: { level: string; tokens: unknown; scales: unknown } }>();
    expect(body.data.level).toBe('none');
    expect(body.data.tokens).toEqual({ added: [], removed: [], changed: [], retyped: [] });
    expect(body.data.scales).toEqual({ added: [], removed: [], changed: [] });
  });
});
