import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { RESPONSE_SCHEMAS } from '../../src/http/response-schemas.js';
import { GitRevisions } from '../../src/source/git-revisions.js';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { RESPONSIVE_FILES as FILES, RESPONSIVE_PATHS } from '../helpers/responsive-repo.js';
import { ALPHA_KEY, createFixtureRepo, keysYaml } from '../source/fixture-repo.js';

const SYSTEM = RESPONSIVE_PATHS.system;
const TOKENS = RESPONSIVE_PATHS.tokens;

/** `text` with `from` replaced by `to` (which must be there). */
function edited(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`no ${from} in ${text}`);
  return text.replace(from, to);
}

describe('GET /api/v1/diff between commits of a design system with breakpoints', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /**
   * Five commits of the responsive fixture: 0 as it is; 1 `space.gutter` 28px at md (`space.gap` follows it) and
   * `space.inset` 15px in dark at lg, nothing below the breakpoints; 2 a breakpoint `xl` added with a gutter there;
   * 3 md's width 40rem; 4 `lg` taken out (with the values written for it); 5 md and xl of the container `card`.
   */
  async function setUp(): Promise<{ app: FastifyInstance; shas: string[] }> {
    const repo = createFixtureRepo({ 'keys.yaml': keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'responsive' }]), ...FILES });
    cleanups.push(() => repo.cleanup());
    const shas = [repo.git('rev-parse', 'HEAD').trim()];
    let tokens = edited(FILES[TOKENS] as string, 'md: { value: 24 }', 'md: { value: 28 }');
    tokens = edited(tokens, 'dark: { value: 14 }', 'dark: { value: 15 }');
    repo.write(TOKENS, tokens);
    shas.push(repo.commit('Wider gutter at md, dark inset at lg'));
    let system = `${FILES[SYSTEM] as string}  xl: { min-width: 80rem }\n`;
    repo.write(SYSTEM, system);
    tokens = edited(
      tokens,
      '      lg: { value: 2, unit: rem }\n',
      '      lg: { value: 2, unit: rem }\n      xl: { value: 40, unit: px }\n',
    );
    repo.write(TOKENS, tokens);
    shas.push(repo.commit('An xl breakpoint'));
    system = edited(system, '48rem', '40rem');
    repo.write(SYSTEM, system);
    shas.push(repo.commit('md from 40rem'));
    repo.write(SYSTEM, edited(system, '  lg: { min-width: 1024px }\n', ''));
    tokens = edited(tokens, '      lg: { value: 2, unit: rem }\n', '');
    tokens = edited(tokens, '    breakpoints:\n      lg: { value: 12, modes: { dark: { value: 15 } } }\n', '');
    tokens = edited(tokens, '    breakpoints:\n      lg: { value: { min: 2.5rem, max: 4rem, from: 64rem, to: 90rem } }\n', '');
    repo.write(TOKENS, tokens);
    shas.push(repo.commit('No lg'));
    system = edited(
      edited(edited(system, '  lg: { min-width: 1024px }\n', ''), '40rem }', '40rem, container: card }'),
      '80rem }',
      '80rem, container: card }',
    );
    repo.write(SYSTEM, system);
    shas.push(repo.commit('In a card'));
    const revisions = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' });
    cleanups.push(() => revisions.close());
    const { app } = await buildLoadedApp(repo.source, repo.keys, { revisions });
    cleanups.push(() => app.close());
    return { app, shas };
  }

  const get = (app: FastifyInstance, url: string) => app.inject({ method: 'GET', url, headers: bearer(ALPHA_KEY) });
  const documented = new Ajv2020({ strict: false, allErrors: true }).compile(
    (RESPONSE_SCHEMAS['/api/v1/diff']?.['200'] as { content: Record<string, { schema: object }> }).content['application/json']
      ?.schema as object,
  );

  /** Values as the diff shows them in the fixture's modes: light, dark (null when light's), dark-dimmed (dark's by default). */
  const shown = (light: string, dark: string | null = null, dimmed: string = dark ?? light) => ({
    light,
    dark,
    modes: { 'dark-dimmed': dimmed },
  });
  type Body = { data: Record<string, unknown> & { level: string; tokens: { changed: { key: string; changedAt?: string[] }[] } } };

  it('reports a value changed at a breakpoint only, naming the breakpoint and mode, with the values at every breakpoint', async () => {
    const { app, shas } = await setUp();
    const response = await get(app, `/api/v1/diff?from=${shas[0]}&to=${shas[1]}`);
    expect(response.statusCode).toBe(200);
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
              key: 'space.gutter',
              type: 'spacing',
              from: { ...shown('16px'), breakpoints: { md: shown('24px'), lg: shown('2rem') } },
              to: { ...shown('16px'), breakpoints: { md: shown('28px'), lg: shown('2rem') } },
              affects: ['space.gap'],
              changedAt: ['md'],
            },
            {
              key: 'space.inset',
              type: 'spacing',
              from: { ...shown('8px', '10px'), breakpoints: { md: shown('8px', '10px'), lg: shown('12px', '14px') } },
              to: { ...shown('8px', '10px'), breakpoints: { md: shown('8px', '10px'), lg: shown('12px', '15px') } },
              changedAt: ['lg'],
            },
          ],
          retyped: [],
        },
        scales: { added: [], removed: [], changed: [] },
        primitives: { added: [], removed: [], changed: [] },
        breakpoints: { added: [], removed: [], changed: [] },
      },
    });
    expect(documented(response.json()) ? [] : documented.errors).toEqual([]);
    const markdown = await get(app, `/api/v1/diff?from=${shas[0]}&to=${shas[1]}&format=markdown`);
    expect(markdown.body).toBe(
      [
        '### Design token changes in Responsive (`responsive`): patch',
        '',
        `From \`${(shas[0] as string).slice(0, 7)}\` to \`${(shas[1] as string).slice(0, 7)}\`: only values changed.`,
        '',
        '#### Changed (2)',
        '',
        '| Name | Mode | Before | After |',
        '| --- | --- | --- | --- |',
        '| `space.gutter` (and 1 token that refers to it) | all modes at md | `24px` | `28px` |',
        '| `space.inset` | dark at lg | `14px` | `15px` |',
        '| `space.inset` | dark-dimmed at lg | `14px` | `15px` |',
        '',
      ].join('\n'),
    );
  });

  it('calls a breakpoint added minor, a width changed a patch and a breakpoint removed major', async () => {
    const { app, shas } = await setUp();
    const diff = async (from: number, to: number): Promise<Body> => {
      const response = await get(app, `/api/v1/diff?from=${shas[from]}&to=${shas[to]}`);
      expect(documented(response.json()) ? [] : documented.errors).toEqual([]);
      return response.json<Body>();
    };
    const added = await diff(1, 2);
    expect(added.data.level).toBe('minor');
    expect(added.data.breakpoints).toEqual({ added: [{ name: 'xl', minWidth: '80rem', container: null }], removed: [], changed: [] });
    // Only the gutter has a value of its own at xl: every other token has there what it had at lg, as before.
    expect(added.data.tokens.changed.map(({ key, changedAt }) => [key, changedAt])).toEqual([['space.gutter', ['xl']]]);
    const moved = await diff(2, 3);
    expect(moved.data.level).toBe('patch');
    expect(moved.data.breakpoints).toEqual({
      added: [],
      removed: [],
      changed: [{ name: 'md', from: { minWidth: '48rem', container: null }, to: { minWidth: '40rem', container: null } }],
    });
    expect(moved.data.tokens.changed).toEqual([]);
    const removed = await diff(3, 4);
    expect(removed.data.level).toBe('major');
    expect(removed.data.breakpoints).toEqual({ added: [], removed: [{ name: 'lg', minWidth: '1024px', container: null }], changed: [] });
    // Without lg's values, xl takes md's (or the token's own) instead; the gutter has its own at xl.
    expect(removed.data.tokens.changed.map(({ key, changedAt }) => [key, changedAt])).toEqual([
      ['font.size.display', ['lg', 'xl']],
      ['space.gutter', ['lg']],
      ['space.inset', ['lg', 'xl']],
    ]);
    const back = await diff(4, 3);
    expect(back.data.level).toBe('minor');
    const markdown = (await get(app, `/api/v1/diff?from=${shas[3]}&to=${shas[4]}&format=markdown`)).body;
    expect(markdown.split('\n').filter((line) => line.includes('lg'))).toEqual([
      '| breakpoint `lg` | breakpoint | `(min-width: 1024px)` |',
      '| `font.size.display` | all modes at lg | `clamp(2.5rem, -1.1923rem + 5.7692vw, 4rem)` | — |',
      '| `space.gutter` (and 1 token that refers to it) | all modes at lg | `2rem` | — |',
      '| `space.inset` | light at lg | `12px` | — |',
      '| `space.inset` | dark at lg | `15px` | — |',
      '| `space.inset` | dark-dimmed at lg | `15px` | — |',
    ]);
  });

  it('calls a breakpoint moved from the viewport to a container major', async () => {
    const { app, shas } = await setUp();
    const response = await get(app, `/api/v1/diff?from=${shas[4]}&to=${shas[5]}`);
    const body = response.json<Body>();
    expect(documented(body) ? [] : documented.errors).toEqual([]);
    expect(body.data.level).toBe('major');
    expect(body.data.breakpoints).toEqual({
      added: [],
      removed: [],
      changed: [
        { name: 'md', from: { minWidth: '40rem', container: null }, to: { minWidth: '40rem', container: 'card' } },
        { name: 'xl', from: { minWidth: '80rem', container: null }, to: { minWidth: '80rem', container: 'card' } },
      ],
    });
    expect(body.data.tokens.changed).toEqual([]);
    const markdown = (await get(app, `/api/v1/diff?from=${shas[4]}&to=${shas[5]}&format=markdown`)).body;
    expect(markdown).toContain('| breakpoint `md` | — | `(min-width: 40rem)` | `@container card (min-width: 40rem)` |\n');
  });
});
