import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { renderCss } from '../../src/views/formats/css/export-css.js';
import type { CssExportOptions } from '../../src/views/formats/css/export-css.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { compileExample } from '../helpers/fixtures.js';

/** What a page shows for `--color-brand-primary` (through `color`) and `--shadow-md` (through `box-shadow`). */
interface Seen {
  readonly color: string;
  readonly shadow: string;
}

/** Loads `css` in a page and reads the computed style of an element using two tokens, in each state `prepare` sets. */
async function readStyles(page: Page, css: string, prepare: (page: Page) => Promise<void>): Promise<Seen> {
  await page.setContent(
    `<!doctype html><html><head><style>${css}</style></head><body><p id="probe" style="color: var(--color-brand-primary); box-shadow: var(--shadow-md)">x</p></body></html>`,
  );
  await prepare(page);
  return page.evaluate(() => {
    const style = getComputedStyle(document.getElementById('probe') as HTMLElement);
    return { color: style.color, shadow: style.boxShadow };
  });
}

const rgb = (hex: string): string => `rgb(${[1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16)).join(', ')})`;

describe.skipIf(!BROWSER_AVAILABLE)('CSS export dark-mode variants in Chromium', () => {
  let system: CompiledDesignSystem;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  beforeAll(async () => {
    system = await compileExample('acme');
    browser = await launchBrowser();
    page = await browser.browser.newPage();
  }, 30_000);
  afterAll(() => browser?.close());

  const primary = (): { light: string; dark: string } => {
    const token = system.tokens.find((each) => each.key === 'color.brand.primary');
    if (token === undefined) throw new Error('acme has no color.brand.primary');
    return { light: rgb(formatCssValue(token.resolved.light)), dark: rgb(formatCssValue(token.resolved.dark)) };
  };
  // Chromium computes `0px 4px 8px -2px rgba(2, 6, 23, 0.1)` as `rgba(2, 6, 23, 0.1) 0px 4px 8px -2px`.
  const shadow = (mode: 'light' | 'dark'): string => {
    const token = system.tokens.find((each) => each.key === 'shadow.md');
    if (token === undefined) throw new Error('acme has no shadow.md');
    const text = formatCssValue(token.resolved[mode]);
    const at = text.indexOf('rgba(');
    return `${text.slice(at)} ${text.slice(0, at).trim()}`;
  };

  const light = (): Seen => ({ color: primary().light, shadow: shadow('light') });
  const dark = (): Seen => ({ color: primary().dark, shadow: shadow('dark') });
  const base: CssExportOptions = { naming: 'kebab-case' };
  const scheme = (colorScheme: 'light' | 'dark') => async (p: Page) => p.emulateMedia({ colorScheme });
  const attribute = (name: string, value: string) => async (p: Page) => {
    await p.emulateMedia({ colorScheme: 'light' });
    await p.evaluate(([n, v]) => document.documentElement.setAttribute(n as string, v as string), [name, value]);
  };
  const className = (value: string) => async (p: Page) => {
    await p.emulateMedia({ colorScheme: 'light' });
    await p.evaluate((v) => document.documentElement.classList.add(v), value);
  };

  it.each([
    ['data-attribute (default): light, then <html data-theme="dark">', {}, scheme('light'), attribute('data-theme', 'dark')],
    ['media: prefers-color-scheme light, then dark', { theme: 'media' }, scheme('light'), scheme('dark')],
    ['light-dark(): prefers-color-scheme light, then dark', { theme: 'light-dark' }, scheme('light'), scheme('dark')],
    ['selector .dark: light, then <html class="dark">', { theme: 'selector', darkSelector: '.dark' }, scheme('light'), className('dark')],
    [
      'selector [data-mode="night"]',
      { theme: 'selector', darkSelector: '[data-mode="night"]' },
      scheme('light'),
      attribute('data-mode', 'night'),
    ],
  ] as const)('%s', async (_name, options, toLight, toDark) => {
    const css = renderCss(system, { ...base, ...options });
    expect(await readStyles(page, css, toLight)).toEqual(light());
    expect(await readStyles(page, css, toDark)).toEqual(dark());
  });

  it('light-dark(): follows `color-scheme` set on the page, whatever the OS preference', async () => {
    const css = renderCss(system, { ...base, theme: 'light-dark' });
    const forced = (value: string) => async (p: Page) => {
      await p.emulateMedia({ colorScheme: 'dark' });
      await p.evaluate((v) => document.documentElement.style.setProperty('color-scheme', v), value);
    };
    expect(await readStyles(page, css, forced('light'))).toEqual(light());
    expect(await readStyles(page, css, forced('dark'))).toEqual(dark());
  });

  it('the default (data-attribute) ignores the OS preference', async () => {
    expect(await readStyles(page, renderCss(system, base), scheme('dark'))).toEqual(light());
  });
});

describe('CSS export dark-mode variants (text)', () => {
  let system: CompiledDesignSystem;
  beforeAll(async () => {
    system = await compileExample('acme');
  });

  it('light-dark: one :root block with color-scheme, colors as light-dark(), shadows with light-dark() in their color', () => {
    const css = renderCss(system, { naming: 'kebab-case', theme: 'light-dark' });
    expect(css.match(/\{/g)?.length).toBe(1);
    expect(css).toContain('\n  color-scheme: light dark;\n');
    expect(css).toContain('\n  --color-brand-primary: light-dark(#2563EB, #3D74F0);\n');
    expect(css).toContain('\n  --shadow-md: 0px 4px 8px -2px light-dark(rgba(2, 6, 23, 0.1), rgba(6, 10, 19, 0.1));\n');
    expect(css).toContain('\n  --spacing-md: 16px;\n');
  });

  it('media: the dark values in @media (prefers-color-scheme: dark) { :root { ... } }', () => {
    const css = renderCss(system, { naming: 'kebab-case', theme: 'media' });
    expect(css).toContain('\n@media (prefers-color-scheme: dark) {\n  :root {\n    --color-background-canvas: #0B1120;\n');
    expect(css).not.toContain('data-theme');
  });
});
