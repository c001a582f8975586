import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { createFixtureRepo, keysYaml } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { inDesignSystems } from '../views/modes-fixture.js';
import { compileNova, NOVA_FILES } from './composites-fixture.js';
import { loadDtcgSchemas, parseWithTerrazzo } from './dtcg-consumers.js';

const KEY = 'dts_composites_dtcg_key';

type Tree = Record<string, unknown>;

/** The leaf of `tree` at a dotted key. */
function leafAt(tree: Tree, key: string): Record<string, unknown> {
  return key.split('.').reduce<unknown>((node, segment) => (node as Tree)[segment], tree) as Record<string, unknown>;
}

/** Rounds every number to 4 decimals (the strict export writes color components to 4). */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 10000) / 10000;
  if (Array.isArray(value)) return value.map(rounded);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([name]) => name !== 'hex')
        .map(([name, each]) => [name, rounded(each)]),
    );
  }
  return value;
}

describe('nova strict DTCG 2025.10 export (references, composites, deprecation)', () => {
  let repo: FixtureRepo;
  let app: FastifyInstance;
  const documents: Record<'resolve' | 'keep', Tree> = { resolve: {}, keep: {} };
  const schemas = loadDtcgSchemas();
  const system = compileNova();
  // DTCG 2025.10 has no type for CSS keywords: the strict export keeps `keyword` tokens under `$extensions`, as booleans.
  const typed = system.tokens.filter((token) => token.type !== 'keyword').map((token) => token.key);

  beforeAll(async () => {
    repo = createFixtureRepo({
      'keys.yaml': keysYaml([{ name: 'nova', key: KEY, designSystem: 'nova' }]),
      ...inDesignSystems(NOVA_FILES),
    });
    ({ app } = await buildLoadedApp(repo.source, repo.keys));
    for (const [name, query] of [
      ['resolve', ''],
      ['keep', '&references=keep'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/export/json?spec=2025.10${query}`, headers: bearer(KEY) });
      expect(response.statusCode, response.body).toBe(200);
      documents[name] = response.json<Tree>();
    }
  });
  afterAll(async () => {
    await app?.close();
    repo?.cleanup();
  });

  it.each(['resolve', 'keep'] as const)('references=%s is valid under the official format.json schema', (name) => {
    expect(schemas.format(documents[name]), JSON.stringify(schemas.format.errors)).toBe(true);
  });

  it.each(['resolve', 'keep'] as const)(
    'references=%s parses with Terrazzo with zero errors or warnings, every token kept',
    async (name) => {
      const { result, messages } = await parseWithTerrazzo(documents[name]);
      expect(messages).toEqual([]);
      expect(Object.keys(result?.tokens ?? {}).sort()).toEqual([...typed].sort());
    },
  );

  it('keep writes DTCG aliases: whole-value chains, composite parts, per-mode aliases under $extensions', () => {
    const kept = documents.keep;
    expect(leafAt(kept, 'color.link')['$value']).toBe('{color.button.bg}');
    expect(leafAt(kept, 'color.button.bg')['$value']).toBe('{color.action.bg}');
    expect(leafAt(kept, 'color.action.bg')['$value']).toBe('{color.brand.primary}');
    expect(leafAt(kept, 'typography.heading')['$value']).toMatchObject({
      fontFamily: '{font.family.body}',
      fontSize: '{font.size.xl}',
      fontWeight: '{font.weight.semibold}',
      lineHeight: '{font.lineHeight.tight}',
    });
    expect(leafAt(kept, 'border.card')['$value']).toEqual({ width: '{size.stroke}', style: '{stroke.dashed}', color: '{color.link}' });
    expect(leafAt(kept, 'transition.fade')['$value']).toMatchObject({ duration: '{duration.fast}', timingFunction: '{easing.standard}' });
    expect(leafAt(kept, 'color.fg.muted')['$extensions']).toMatchObject({
      'com.service': { modes: { 'dark-dimmed': '{color.brand.primary}' } },
    });
  });

  it('Terrazzo resolves the kept aliases to the same values as the resolved export', async () => {
    const [kept, resolved] = await Promise.all([parseWithTerrazzo(documents.keep), parseWithTerrazzo(documents.resolve)]);
    const keptTokens = kept.result?.tokens ?? {};
    const resolvedTokens = resolved.result?.tokens ?? {};
    for (const key of typed) {
      expect(keptTokens[key]?.$type, key).toBe(resolvedTokens[key]?.$type);
      expect(rounded(keptTokens[key]?.$value), key).toEqual(rounded(resolvedTokens[key]?.$value));
    }
    // And the resolved values are the ones worked out by hand.
    expect(rounded(keptTokens['color.link']?.$value)).toEqual({ colorSpace: 'srgb', components: [0.0353, 0.4118, 0.8549], alpha: 1 });
    expect(rounded(keptTokens['typography.heading']?.$value)).toMatchObject({
      fontFamily: ['Inter', 'sans-serif'],
      fontSize: { value: 1.5, unit: 'rem' },
      fontWeight: 600,
      lineHeight: 1.25,
      // -0.02em of a 1.5rem font size: DTCG dimensions have px and rem only.
      letterSpacing: { value: -0.03, unit: 'rem' },
    });
    // 16px line height of a 12px font size, as the multiplier DTCG wants.
    expect(rounded(keptTokens['typography.caption']?.$value)).toMatchObject({ lineHeight: 1.3333, fontWeight: 700 });
    expect(rounded(keptTokens['border.card']?.$value)).toMatchObject({
      width: { value: 0.125, unit: 'rem' },
      style: 'dashed',
      color: { components: [0.0353, 0.4118, 0.8549] },
    });
    expect(rounded(keptTokens['transition.fade']?.$value)).toMatchObject({
      duration: { value: 200, unit: 'ms' },
      delay: { value: 50, unit: 'ms' },
      timingFunction: [0.2, 0, 0, 1],
    });
  });

  it('every per-mode value of the keep export, its aliases resolved in that mode, equals the resolved export in that mode', () => {
    const modes = ['light', 'dark', 'dark-dimmed', 'light-high-contrast'];
    function valueIn(leaf: Record<string, unknown>, mode: string): unknown {
      const extension = (leaf['$extensions'] as Record<string, Record<string, unknown>> | undefined)?.['com.service'];
      if (mode === 'light') return leaf['$value'];
      if (mode === 'dark') return extension?.['dark'] ?? leaf['$value'];
      // A further mode the extension leaves out has its base mode's value (light-high-contrast is on light).
      const base = mode === 'dark-dimmed' ? valueIn(leaf, 'dark') : leaf['$value'];
      return (extension?.['modes'] as Record<string, unknown> | undefined)?.[mode] ?? base;
    }
    const resolveIn = (value: unknown, mode: string): unknown => {
      if (typeof value === 'string') {
        const alias = /^\{(.+)\}$/.exec(value);
        return alias === null ? value : valueIn(leafAt(documents.resolve, alias[1] as string), mode);
      }
      if (Array.isArray(value)) return value.map((each) => resolveIn(each, mode));
      if (typeof value === 'object' && value !== null) {
        return Object.fromEntries(Object.entries(value).map(([name, each]) => [name, resolveIn(each, mode)]));
      }
      return value;
    };
    for (const key of typed) {
      for (const mode of modes) {
        const kept = valueIn(leafAt(documents.keep, key), mode);
        expect(rounded(resolveIn(kept, mode)), `${key} in ${mode}`).toEqual(rounded(valueIn(leafAt(documents.resolve, key), mode)));
      }
    }
  });

  it('the resolved export writes the two-layer shadow (inset layer) and the gradient as DTCG values', () => {
    const shadow = leafAt(documents.resolve, 'shadow.overlay')['$value'] as Record<string, unknown>[];
    expect(rounded(shadow)).toEqual([
      {
        color: { colorSpace: 'srgb', components: [0.1216, 0.1373, 0.1569], alpha: 0.25 },
        offsetX: { value: 0, unit: 'px' },
        offsetY: { value: 4, unit: 'px' },
        blur: { value: 8, unit: 'px' },
        spread: { value: 0, unit: 'px' },
      },
      {
        color: { colorSpace: 'srgb', components: [0.8157, 0.8431, 0.8706], alpha: 1 },
        offsetX: { value: 0, unit: 'px' },
        offsetY: { value: 0, unit: 'px' },
        blur: { value: 0, unit: 'px' },
        spread: { value: 1, unit: 'px' },
        inset: true,
      },
    ]);
    const gradient = leafAt(documents.resolve, 'gradient.hero')['$value'] as { color: unknown; position: number }[];
    expect(gradient.map((stop) => stop.position)).toEqual([0, 1]);
  });

  it.each(['resolve', 'keep'] as const)('references=%s: $deprecated on the deprecated token only, naming its replacement', (name) => {
    expect(leafAt(documents[name], 'color.button.old-bg')['$deprecated']).toBe('Renamed. Use {color.button.bg}.');
    expect(JSON.stringify(documents[name]).match(/"\$deprecated"/g)).toHaveLength(1);
  });

  it('Terrazzo reads $deprecated', async () => {
    const { result } = await parseWithTerrazzo(documents.keep);
    expect(result?.tokens['color.button.old-bg']?.$deprecated).toBe('Renamed. Use {color.button.bg}.');
  });
});
