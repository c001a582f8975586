import { describe, expect, it } from 'vitest';
import { get, keysYaml, useFixtures, waitFor } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { inDesignSystems } from '../views/modes-fixture.js';
import { NOVA_FILES } from './composites-fixture.js';

const KEY = 'dts_references_http_key';

interface TokenChangeBody {
  key: string;
  type: string;
  from: unknown;
  to: unknown;
  affects?: string[];
}
interface DiffBody {
  data: { level: string; tokens: { changed: TokenChangeBody[]; deprecated?: { key: string; deprecated: unknown }[] } };
}

/** `NOVA_FILES` with `file`'s text changed by `edit`. */
function edited(file: string, edit: (text: string) => string): Record<string, string> {
  return { [`design-systems/${file}`]: edit(NOVA_FILES[file] as string) };
}

describe('the real server over HTTP: deprecation headers, references, /diff through references', () => {
  const fixtures = useFixtures();
  const start = async (): Promise<{ repo: FixtureRepo; server: Awaited<ReturnType<typeof fixtures.start>> }> => {
    const repo = fixtures.repo({
      'keys.yaml': keysYaml([{ name: 'nova', key: KEY, designSystem: 'nova' }]),
      ...inDesignSystems(NOVA_FILES),
    });
    return { repo, server: await fixtures.start(repo) };
  };
  /** Commits `files` (paths from the repository root) and returns the new sha. */
  const commit = (repo: FixtureRepo, files: Record<string, string>, message: string): string => {
    for (const [path, text] of Object.entries(files)) repo.write(path, text);
    return repo.commit(message);
  };

  it('a deprecated token answers with Deprecation: @<since in seconds> and a successor-version Link to its replacement', async () => {
    const { server } = await start();
    const response = await get(server, '/api/v1/tokens/color/button/old-bg', KEY);
    expect(response.status).toBe(200);
    expect(response.headers.get('deprecation')).toBe(`@${Date.UTC(2026, 9, 1) / 1000}`);
    expect(response.headers.get('deprecation')).toBe('@1790812800');
    expect(response.headers.get('link')).toBe('</api/v1/tokens/color/button/bg>; rel="successor-version"');
    // The successor the Link names is a token the server serves, without deprecation headers.
    const successor = await get(server, '/api/v1/tokens/color/button/bg', KEY);
    expect(successor.status).toBe(200);
    expect([successor.headers.get('deprecation'), successor.headers.get('link')]).toEqual([null, null]);
    expect(response.body).toMatchObject({
      data: {
        key: 'color.button.old-bg',
        value: { ref: 'color.button.bg' },
        deprecated: { message: 'Renamed.', replacement: 'color.button.bg', since: '2026-10-01' },
      },
    });
  });

  it('a token with a ref reports its whole chain per mode; a per-mode ref only in its mode; composite parts by path', async () => {
    const { server } = await start();
    const link = await get(server, '/api/v1/tokens/color/link', KEY);
    expect(link.status).toBe(200);
    const chain = ['color.button.bg', 'color.action.bg', 'color.brand.primary'];
    expect(link.body).toMatchObject({
      data: {
        key: 'color.link',
        value: { ref: 'color.button.bg' },
        references: { light: { chain }, dark: { chain }, 'dark-dimmed': { chain }, 'light-high-contrast': { chain } },
      },
    });
    const muted = await get(server, '/api/v1/tokens/color/fg/muted', KEY);
    expect((muted.body as { data: { references: unknown } }).data.references).toEqual({
      'dark-dimmed': { chain: ['color.brand.primary'] },
    });
    const card = await get(server, '/api/v1/tokens/border/card', KEY);
    expect((card.body as { data: { references: Record<string, unknown> } }).data.references['light']).toEqual({
      parts: { width: 'size.stroke', style: 'stroke.dashed', color: 'color.link' },
    });
    const shadow = await get(server, '/api/v1/tokens/shadow/overlay', KEY);
    // Layer 0 names color.fg.default with an opacity: it changes the value it names, so it is `adjusted` (no alias can
    // stand for it); layer 1 is a plain reference.
    expect((shadow.body as { data: { references: Record<string, unknown> } }).data.references['dark']).toEqual({
      parts: { 'layers.1.color': 'color.border.default' },
      adjusted: { 'layers.0.color': 'color.fg.default' },
    });
  });

  it('/diff between two commits where only a referenced target changed lists it once, with every referring token in affects', async () => {
    const { repo, server } = await start();
    const before = repo.git('rev-parse', 'HEAD').trim();
    // blue 500 in light only: brand.primary changes; every alias of it and every composite naming one of those follow.
    const after = commit(
      repo,
      edited('nova/scales.yaml', (text) => text.replace('light: "#0969DA"', 'light: "#0550AE"')),
      'darker brand',
    );
    const response = await get(server, `/api/v1/diff?from=${before}&to=${after}`, KEY);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { tokens } = (response.body as DiffBody).data;
    expect(tokens.changed.map((change) => [change.key, change.affects])).toEqual([
      ['color.brand.primary', ['border.card', 'color.action.bg', 'color.button.bg', 'color.button.old-bg', 'color.link', 'gradient.hero']],
    ]);
    expect(tokens.deprecated).toBeUndefined();
  });

  it('/diff: a changed literal target lists the shadow and border through it; a newly deprecated token is in tokens.deprecated', async () => {
    const { repo, server } = await start();
    const before = repo.git('rev-parse', 'HEAD').trim();
    const after = commit(
      repo,
      {
        ...edited('nova/colors.yaml', (text) =>
          text
            .replace('modes: { dark: { color: "#3D444D" } }', 'modes: { dark: { color: "#444C56" } }')
            .replace(
              'color.canvas: { type: color, scale: gray, step: 0 }',
              'color.canvas: { type: color, scale: gray, step: 0, deprecated: { message: Use the surface tokens., since: 2026-11-01 } }',
            ),
        ),
      },
      'border color in dark, deprecate canvas',
    );
    const response = await get(server, `/api/v1/diff?from=${before}&to=${after}`, KEY);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { tokens } = (response.body as DiffBody).data;
    // border.plain names color.border.default in dark (and dark-dimmed) only; shadow.overlay's inset layer in every mode.
    expect(tokens.changed.map((change) => [change.key, change.affects])).toEqual([
      ['color.border.default', ['border.plain', 'shadow.overlay']],
    ]);
    expect(tokens.deprecated).toEqual([
      { key: 'color.canvas', deprecated: { message: 'Use the surface tokens.', replacement: null, since: '2026-11-01' } },
    ]);
    // And the live server, once its watcher has the new files, serves the deprecation with its headers (no Link).
    const canvas = await waitFor(
      () => get(server, '/api/v1/tokens/color/canvas', KEY),
      (response) => response.headers.get('deprecation') !== null,
    );
    expect([canvas.headers.get('deprecation'), canvas.headers.get('link')]).toEqual([`@${Date.UTC(2026, 10, 1) / 1000}`, null]);
  });

  // A token filed under a target's `affects` must have changed only through references, mode by mode: `color.fg.muted`
  // is gray 900 (alpha 0.5) in light and `ref: color.brand.primary` in dark-dimmed only; its light value changes
  // through the gray scale, so it is a change of its own.
  it('/diff: a token that changed through its own scale step is listed on its own, even if it names a changed token in another mode', async () => {
    const { repo, server } = await start();
    const before = repo.git('rev-parse', 'HEAD').trim();
    const after = commit(
      repo,
      edited('nova/scales.yaml', (text) =>
        text.replace('light: "#0969DA"', 'light: "#0550AE"').replace('light: "#1F2328"', 'light: "#24292F"'),
      ),
      'brand and gray 900 in light',
    );
    const response = await get(server, `/api/v1/diff?from=${before}&to=${after}`, KEY);
    const { tokens } = (response.body as DiffBody).data;
    const brand = tokens.changed.find((change) => change.key === 'color.brand.primary');
    expect(brand?.affects).not.toContain('color.fg.muted');
    expect(tokens.changed.map((change) => change.key)).toContain('color.fg.muted');
  });

  // A shadow layer's `{color}` with an `opacity` changes the color, so no alias stands for it, but it is still a
  // reference (`adjusted`): the shadow is written the same and changes only through color.fg.default.
  it('/diff: a shadow whose layer names a changed color with an opacity is in that color’s affects', async () => {
    const { repo, server } = await start();
    const before = repo.git('rev-parse', 'HEAD').trim();
    const after = commit(
      repo,
      edited('nova/scales.yaml', (text) => text.replace('light: "#1F2328"', 'light: "#24292F"')),
      'gray 900 in light',
    );
    const response = await get(server, `/api/v1/diff?from=${before}&to=${after}`, KEY);
    const { tokens } = (response.body as DiffBody).data;
    expect(tokens.changed.map((change) => [change.key, change.affects])).toEqual([
      ['color.fg.default', ['shadow.overlay']],
      ['color.fg.muted', undefined],
    ]);
  });
});
