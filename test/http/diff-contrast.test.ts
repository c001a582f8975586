import { afterEach, describe, expect, it } from 'vitest';
import { GitRevisions } from '../../src/source/git-revisions.js';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { ALPHA_KEY, createFixtureRepo, keysYaml } from '../source/fixture-repo.js';

// A contrast pair that passes in every mode, then a commit that breaks it in one mode only: /diff names the pair and
// the mode, and the level is major (a promise the design system wrote down is broken).
const SYSTEM = 'name: DS\nid: ds\nmodes:\n  dark-high-contrast: { base: dark, media: "(prefers-contrast: more)" }\n';
const TOKENS = `tokens:
  color.text: { type: color, color: "#111111", modes: { dark: { color: "#EEEEEE" }, dark-high-contrast: { color: "#FFFFFF" } } }
  color.canvas: { type: color, color: "#FFFFFF", modes: { dark: { color: "#121212" }, dark-high-contrast: { color: "#000000" } } }
`;
const CONTRAST = `contrast:
  pairs:
    body: { foreground: color.text, background: color.canvas, level: AAA }
`;
const FILES = {
  'keys.yaml': keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'ds' }]),
  'design-systems/ds/system.yaml': SYSTEM,
  'design-systems/ds/tokens.yaml': TOKENS,
  'design-systems/ds/contrast.yaml': CONTRAST,
};

interface DiffBody {
  data: { level: string; contrastRegressions?: { pair: string; mode: string; before: number | null; after: number; required: number }[] };
}

describe('/diff reports contrast regressions per mode', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function diffAfter(tokens: string) {
    const repo = createFixtureRepo(FILES);
    cleanups.push(() => repo.cleanup());
    repo.git('tag', 'v1');
    repo.write('design-systems/ds/tokens.yaml', tokens);
    repo.commit('Second');
    const revisions = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' });
    cleanups.push(() => revisions.close());
    const { app } = await buildLoadedApp(repo.source, repo.keys, { revisions });
    cleanups.push(() => app.close());
    const get = (format: string) => app.inject({ method: 'GET', url: `/api/v1/diff?from=v1&to=HEAD${format}`, headers: bearer(ALPHA_KEY) });
    const first = await get('');
    if (first.statusCode !== 200) throw new Error(first.body);
    return { json: first.json<DiffBody>(), markdown: (await get('&format=markdown')).body };
  }

  it('a dark value that falls below AAA: the pair and dark alone, major, first in the Markdown', async () => {
    const { json, markdown } = await diffAfter(TOKENS.replace('dark: { color: "#EEEEEE" }', 'dark: { color: "#777777" }'));
    expect(json.data.level).toBe('major');
    expect(json.data.contrastRegressions).toEqual([
      {
        pair: 'body (color.text on color.canvas)',
        mode: 'dark',
        before: expect.closeTo(16.15, 2),
        after: expect.closeTo(4.18, 2),
        required: 7,
      },
    ]);
    expect(markdown).toContain('#### Contrast regressions (1)');
    expect(markdown).toMatch(/\| body \(color\.text on color\.canvas\) \| dark \| 16\.14:1 \| 4\.18:1 \| 7:1 \|/);
  });

  it('a high-contrast mode alone that fails: that mode only', async () => {
    const { json } = await diffAfter(
      TOKENS.replace('dark-high-contrast: { color: "#000000" }', 'dark-high-contrast: { color: "#B0B0B0" }'),
    );
    expect(json.data.contrastRegressions?.map((regression) => regression.mode)).toEqual(['dark-high-contrast']);
    expect(json.data.level).toBe('major');
  });

  it('a change that keeps every pair passing: an empty list and the level of the change itself', async () => {
    const { json, markdown } = await diffAfter(TOKENS.replace('"#111111"', '"#000000"'));
    expect(json.data.contrastRegressions).toEqual([]);
    expect(json.data.level).toBe('patch');
    expect(markdown).not.toContain('Contrast regressions');
  });
});
