import type { FastifyInstance } from 'fastify';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildLoadedApp } from '../helpers/app.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { parseCssExport } from '../helpers/css.js';
import { createFixtureRepo, keysYaml } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { inDesignSystems } from '../views/modes-fixture.js';
import { NOVA_FILES, NOVA_MODES } from './composites-fixture.js';
import type { NovaMode } from './composites-fixture.js';

const KEY = 'dts_composites_css_key';

/** The scale and literal colors of nova per mode, worked out by hand from the YAML (a missing mode takes its base's). */
const COLORS: Record<NovaMode, { brand: string; fg: string; border: string; muted: string }> = {
  light: { brand: 'rgb(9, 105, 218)', fg: 'rgb(31, 35, 40)', border: 'rgb(208, 215, 222)', muted: 'rgba(31, 35, 40, 0.5)' },
  dark: { brand: 'rgb(68, 147, 248)', fg: 'rgb(240, 246, 252)', border: 'rgb(61, 68, 77)', muted: 'rgba(240, 246, 252, 0.5)' },
  // gray 900 has no dark-dimmed value: dark's; color.fg.muted is color.brand.primary in dark-dimmed.
  'dark-dimmed': { brand: 'rgb(71, 139, 230)', fg: 'rgb(240, 246, 252)', border: 'rgb(61, 68, 77)', muted: 'rgb(71, 139, 230)' },
  'light-high-contrast': { brand: 'rgb(3, 73, 180)', fg: 'rgb(1, 4, 9)', border: 'rgb(208, 215, 222)', muted: 'rgba(1, 4, 9, 0.5)' },
};

/** What Chromium computes for each probe element in `mode`, by hand: the root font size is 16px. */
function expected(mode: NovaMode): Record<string, Record<string, string>> {
  const { brand, fg, border, muted } = COLORS[mode];
  // The shadow's first layer is fg at 0.25 alpha; its second, inset, is the border color (opaque).
  const fgQuarter = fg.replace('rgb(', 'rgba(').replace(')', ', 0.25)');
  return {
    link: { color: brand, backgroundColor: brand },
    old: { color: brand },
    muted: { color: muted },
    heading: {
      fontFamily: 'Inter, sans-serif',
      fontSize: '24px',
      fontWeight: '600',
      lineHeight: '30px',
      letterSpacing: '-0.48px',
    },
    caption: { fontFamily: 'Georgia, serif', fontSize: '12px', fontWeight: '700', lineHeight: '16px', letterSpacing: '0.5px' },
    card: { borderTopWidth: '2px', borderTopStyle: 'dashed', borderTopColor: brand },
    plain: { borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: border },
    overlay: { boxShadow: `${fgQuarter} 0px 4px 8px 0px, ${border} 0px 0px 0px 1px inset` },
    hero: { backgroundImage: `linear-gradient(90deg, ${brand} 0%, rgb(0, 0, 0) 100%)` },
    fade: { transitionDuration: '0.2s', transitionDelay: '0.05s', transitionTimingFunction: 'cubic-bezier(0.2, 0, 0, 1)' },
    dims: { width: '200px', textIndent: '24px', paddingTop: '2px' },
  };
}

/** Probe elements: id -> inline style using the variables. */
const PROBES: Record<string, string> = {
  link: 'color: var(--color-link); background-color: var(--color-button-bg)',
  old: 'color: var(--color-button-old-bg)',
  muted: 'color: var(--color-fg-muted)',
  heading: 'font: var(--typography-heading); letter-spacing: var(--typography-heading-letter-spacing)',
  caption: 'font: var(--typography-caption); letter-spacing: var(--typography-caption-letter-spacing)',
  card: 'border: var(--border-card)',
  plain: 'border: var(--border-plain)',
  overlay: 'box-shadow: var(--shadow-overlay)',
  hero: 'background-image: var(--gradient-hero)',
  fade: 'transition: var(--transition-fade)',
  dims: 'width: var(--size-half); text-indent: var(--size-indent); padding-top: var(--size-stroke)',
};

/** Which computed properties each probe reads (the keys of {@link expected}). */
const READ: Record<string, string[]> = Object.fromEntries(Object.entries(expected('light')).map(([id, props]) => [id, Object.keys(props)]));

/** Tokens that are aliases (whole-value or part references) in every mode: never redeclared by a mode rule with keep. */
const ALIASES = [
  '--color-action-bg',
  '--color-button-bg',
  '--color-link',
  '--color-button-old-bg',
  '--border-card',
  '--gradient-hero',
  '--transition-fade',
  '--typography-heading',
  '--typography-heading-font-size',
  '--typography-heading-font-family',
];

describe.skipIf(!BROWSER_AVAILABLE)('nova CSS export (references, composites) in Chromium', () => {
  let repo: FixtureRepo;
  let app: FastifyInstance;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  const exports: Record<'resolve' | 'keep', string> = { resolve: '', keep: '' };
  beforeAll(async () => {
    repo = createFixtureRepo({
      'keys.yaml': keysYaml([{ name: 'nova', key: KEY, designSystem: 'nova' }]),
      ...inDesignSystems(NOVA_FILES),
    });
    ({ app } = await buildLoadedApp(repo.source, repo.keys));
    for (const [name, query] of [
      ['resolve', ''],
      ['keep', '?references=keep'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: `/api/v1/export/css${query}`, headers: bearer(KEY) });
      expect(response.statusCode, response.body).toBe(200);
      exports[name] = response.body;
    }
    browser = await launchBrowser();
    page = await browser.browser.newPage();
  }, 30_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    repo?.cleanup();
  });

  /**
   * Loads `stylesheet`, sets `data-theme` on <html> (or on a wrapper <div> around the probes when `on` is `wrapper`)
   * and reads the computed style of every probe.
   */
  async function read(
    stylesheet: string,
    mode: NovaMode,
    on: 'html' | 'wrapper' | 'none' = 'html',
    os: { colorScheme: 'light' | 'dark'; contrast: 'more' | 'no-preference' } = { colorScheme: 'light', contrast: 'no-preference' },
  ): Promise<Record<string, Record<string, string>>> {
    await page.emulateMedia(os);
    const probes = Object.entries(PROBES)
      .map(([id, style]) => `<div id="${id}" style="${style}">x</div>`)
      .join('');
    await page.setContent(
      `<!doctype html><html><head><style>${stylesheet}</style></head><body><div id="wrap" style="width: 400px">${probes}</div></body></html>`,
    );
    return page.evaluate(
      ([read, theme, target]) => {
        const element = target === 'html' ? document.documentElement : (document.getElementById('wrap') as HTMLElement);
        if (theme !== 'light' && target !== 'none') element.setAttribute('data-theme', theme);
        return Object.fromEntries(
          Object.entries(read).map(([id, properties]) => {
            const style = getComputedStyle(document.getElementById(id) as HTMLElement) as unknown as Record<string, string>;
            return [id, Object.fromEntries(properties.map((property) => [property, style[property] as string]))];
          }),
        );
      },
      [READ, mode, on] as const,
    );
  }

  it('every mode has different expected values (the comparison can tell the modes apart)', () => {
    expect(new Set(NOVA_MODES.map((mode) => JSON.stringify(expected(mode)))).size).toBe(NOVA_MODES.length);
  });

  it.each(NOVA_MODES)(
    'default export, <html data-theme="%s">: colors, fonts, borders, shadows, gradient, transition resolve',
    async (mode) => {
      expect(await read(exports.resolve, mode)).toEqual(expected(mode));
    },
  );

  it.each(NOVA_MODES)('?references=keep, <html data-theme="%s">: the var() aliases follow the mode', async (mode) => {
    expect(await read(exports.keep, mode)).toEqual(expected(mode));
  });

  it('?references=keep writes aliases as var() in :root and never redeclares them in a mode rule', () => {
    const { rules } = parseCssExport(exports.keep);
    const root = rules.get(':root');
    expect(root?.get('--color-link')).toBe('var(--color-button-bg)');
    expect(root?.get('--color-button-bg')).toBe('var(--color-action-bg)');
    expect(root?.get('--color-action-bg')).toBe('var(--color-brand-primary)');
    expect(root?.get('--border-card')).toBe('var(--size-stroke) var(--stroke-dashed) var(--color-link)');
    const modeRules = [...rules.keys()].filter((selector) => selector.startsWith('[data-theme='));
    expect(modeRules).toEqual(['[data-theme="dark"]', '[data-theme="dark-dimmed"]', '[data-theme="light-high-contrast"]']);
    for (const selector of modeRules) {
      const declared = [...(rules.get(selector)?.keys() ?? [])];
      expect(
        ALIASES.filter((alias) => declared.includes(alias)),
        selector,
      ).toEqual([]);
      // The scale color behind the chain is redeclared (so the computed alias can change).
      expect(declared).toContain('--color-brand-primary');
    }
    // The per-mode alias: a literal in light and dark, `var()` in dark-dimmed only.
    expect(rules.get('[data-theme="dark-dimmed"]')?.get('--color-fg-muted')).toBe('var(--color-brand-primary)');
    expect(rules.get('[data-theme="dark"]')?.get('--color-fg-muted')).toBe('#F0F6FC80');
  });

  it('the default export declares no var() at all', () => {
    expect(exports.resolve).not.toContain('var(');
  });

  // A mode set on a subtree (not on <html>) works with the resolved export: each mode rule redeclares every value.
  it.each(NOVA_MODES)('default export, data-theme="%s" on a wrapper element: the subtree shows the mode', async (mode) => {
    expect(await read(exports.resolve, mode, 'wrapper')).toEqual(expected(mode));
  });

  // With references kept, the aliases no mode redeclares are declared again on every `[data-theme]` element: a `var()`
  // is worked out where it is declared, so declared on :root only it would keep light's value in a dark subtree.
  it.each(NOVA_MODES.filter((mode) => mode !== 'light'))(
    '?references=keep, data-theme="%s" on a wrapper element: the aliases follow the subtree mode',
    async (mode) => {
      expect(await read(exports.keep, mode, 'wrapper')).toEqual(expected(mode));
    },
  );

  // The OS preference decides the mode (no data-theme): with ?theme=media or light-dark, resolved or kept references.
  it.each<[string, 'light' | 'dark', 'more' | 'no-preference', NovaMode]>([
    ['theme=media', 'dark', 'no-preference', 'dark'],
    ['theme=media', 'light', 'more', 'light-high-contrast'],
    ['theme=media&references=keep', 'light', 'no-preference', 'light'],
    ['theme=media&references=keep', 'dark', 'no-preference', 'dark'],
    ['theme=media&references=keep', 'light', 'more', 'light-high-contrast'],
    ['theme=light-dark', 'dark', 'no-preference', 'dark'],
    ['theme=light-dark&references=keep', 'dark', 'no-preference', 'dark'],
    ['theme=light-dark&references=keep', 'light', 'more', 'light-high-contrast'],
  ])('?%s, OS %s (contrast %s): every probe shows %s', async (query, colorScheme, contrast, mode) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/export/css?${query}`, headers: bearer(KEY) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await read(response.body, mode, 'none', { colorScheme, contrast })).toEqual(expected(mode));
  });

  // Whatever the naming, prefix, theme or mode, every var() a kept reference writes names a property the export declares.
  it.each([
    'references=keep',
    'references=keep&prefix=au',
    'references=keep&naming=camelCase',
    'references=keep&naming=snake_case&prefix=x',
    'references=keep&theme=media',
    'references=keep&theme=light-dark',
    'references=keep&theme=selector&darkSelector=.dark',
    'references=keep&mode=dark-dimmed',
  ])('?%s: every var() names a declared custom property', async (query) => {
    const response = await app.inject({ method: 'GET', url: `/api/v1/export/css?${query}`, headers: bearer(KEY) });
    expect(response.statusCode, response.body).toBe(200);
    const declared = new Set([...response.body.matchAll(/^\s*(--[\w-]+):/gm)].map((match) => match[1]));
    const used = [...new Set([...response.body.matchAll(/var\((--[\w-]+)\)/g)].map((match) => match[1]))];
    expect(used.length).toBeGreaterThan(5);
    expect(used.filter((name) => !declared.has(name))).toEqual([]);
  });
});
