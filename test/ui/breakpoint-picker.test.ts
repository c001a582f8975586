import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { RESPONSIVE_FILES } from '../helpers/responsive-repo.js';
import { createFixtureRepo, keysYaml, startFixtureServer } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { buildPage } from './build-page.js';
import { filesOf, loadsOf, seriousViolations, tabTo, waitForLoads } from './page-helpers.js';

const KEY = 'dts_ui_breakpoint_key';

describe.skipIf(!BROWSER_AVAILABLE)('token browser: the breakpoint picker in Chromium', () => {
  let repo: FixtureRepo;
  let server: RunningServer;
  let closeBrowser: () => Promise<void>;
  let browser: Browser;
  let page: Page;
  const cssRequests: string[] = [];
  const problems: string[] = [];

  /** Each token row's resolved values by mode line (`light` or `value`, `dark`, `dark-dimmed`), by key. */
  const rowValues = (keys: readonly string[]): Promise<Record<string, Record<string, string>>> =>
    page.evaluate((wanted) => {
      const rows: Record<string, Record<string, string>> = {};
      for (const key of wanted) {
        const row = document.querySelector(`#token-list .token[data-key="${key}"]`);
        const lines = Array.from(row?.querySelectorAll('.value[data-mode]') ?? []).filter(
          (line) => line.getAttribute('data-mode') !== 'raw',
        );
        rows[key] = Object.fromEntries(
          lines.map((line) => [line.getAttribute('data-mode') ?? '', line.querySelector('code')?.textContent ?? '']),
        );
      }
      return rows;
    }, keys);
  /** What the previews wear: the custom properties' computed values on the page's root, in the mode shown. */
  const worn = (names: readonly string[]): Promise<string[]> =>
    page.evaluate((wanted) => wanted.map((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim()), names);
  const KEYS = ['space.gutter', 'space.inset', 'space.gap', 'font.size.display', 'font.size.body'];

  beforeAll(async () => {
    await buildPage();
    repo = createFixtureRepo({
      ...RESPONSIVE_FILES,
      ...filesOf('design-systems/acme'),
      'keys.yaml': keysYaml([{ name: 'breakpoints', key: KEY, designSystem: 'responsive', access: ['acme'] }]),
    });
    server = await startFixtureServer(repo);
    const launched = await launchBrowser();
    closeBrowser = launched.close;
    browser = launched.browser;
    // 1280px wide: without the picker, the page's own viewport would select lg's values.
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/v1/export/css') cssRequests.push(`${url.pathname}${url.search}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${server.url}/`);
    await page.getByLabel('API key').fill(KEY);
    await page.keyboard.press('Enter');
    await waitForLoads(page, 1);
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.close();
    repo?.cleanup();
  });

  it('offers base and each breakpoint; picked with the keyboard, the rows and previews show that breakpoint’s values', async () => {
    const picker = page.locator('#breakpoint');
    expect(await picker.isVisible()).toBe(true);
    expect(await picker.locator('option').allTextContents()).toEqual(['base (below 48rem)', 'md (from 48rem)', 'lg (from 1024px)']);
    expect(await picker.inputValue()).toBe('base');
    expect(cssRequests).toEqual(['/api/v1/export/css']);
    // Below the first breakpoint: the token's own values.
    expect(await rowValues(KEYS)).toEqual({
      'space.gutter': { light: '16px' },
      'space.inset': { light: '8px', dark: '10px', 'dark-dimmed': '10px' },
      'space.gap': { light: '16px' },
      'font.size.display': { light: 'clamp(24px, 18.6667px + 1.6667vw, 40px)' },
      'font.size.body': { light: '16px' },
    });
    // The page wears the whole stylesheet: at 1280px its media queries give lg's values.
    expect(await worn(['--space-gutter', '--space-inset'])).toEqual(['2rem', '12px']);

    await tabTo(page, '#breakpoint');
    const loads = await loadsOf(page);
    await page.keyboard.press('ArrowDown');
    await waitForLoads(page, loads + 1);
    expect(await picker.inputValue()).toBe('md');
    expect(cssRequests.at(-1)).toBe('/api/v1/export/css?breakpoint=md');
    expect(await page.locator('#breakpoint-note').textContent()).toBe('Values and previews at md (from 48rem).');
    expect(await rowValues(KEYS)).toEqual({
      'space.gutter': { light: '24px' },
      'space.inset': { light: '8px', dark: '10px', 'dark-dimmed': '10px' },
      'space.gap': { light: '24px' },
      'font.size.display': { light: 'clamp(24px, 18.6667px + 1.6667vw, 40px)' },
      'font.size.body': { light: '16px' },
    });
    // The previews at md, although the window is wider than lg.
    expect(await worn(['--space-gutter', '--space-inset', '--space-stack'])).toEqual(['24px', '8px', '20px']);
    // The focus stays on the picker: the next arrow goes on to lg.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('breakpoint');
    await page.keyboard.press('ArrowDown');
    await waitForLoads(page, loads + 2);
    expect(await rowValues(['space.gutter', 'space.inset', 'font.size.display'])).toEqual({
      'space.gutter': { light: '2rem' },
      'space.inset': { light: '12px', dark: '14px', 'dark-dimmed': '14px' },
      'font.size.display': { light: 'clamp(2.5rem, -1.1923rem + 5.7692vw, 4rem)' },
    });
    // In a further mode, the previews take that mode's values at the breakpoint.
    await page.locator('#mode').selectOption('dark-dimmed');
    expect(await worn(['--space-inset', '--color-bg'])).toEqual(['14px', '#F0F6FC']);
    expect(await seriousViolations(page)).toEqual([
      ['light', []],
      ['dark', []],
    ]);
    await page.locator('#mode').selectOption('light');
    expect(problems).toEqual([]);
  });

  it('hides the picker for a design system without breakpoints, and asks for no breakpoint', async () => {
    const loads = await loadsOf(page);
    await page.locator('#design-system').selectOption('acme');
    await waitForLoads(page, loads + 1);
    expect(await page.locator('#breakpoint-field').isHidden()).toBe(true);
    expect(await page.locator('#breakpoint-note').isHidden()).toBe(true);
    expect(cssRequests.at(-1)).toBe('/api/v1/export/css?designSystem=acme');
    // Back to the design system with breakpoints: the breakpoint asked for is still lg.
    await page.locator('#design-system').selectOption('responsive');
    await waitForLoads(page, loads + 2);
    expect(await page.locator('#breakpoint').inputValue()).toBe('lg');
    expect(cssRequests.at(-1)).toBe('/api/v1/export/css?designSystem=responsive&breakpoint=lg');
    expect(problems).toEqual([]);
  });

  it('shows what changed between two commits at each breakpoint, and the breakpoints declared', async () => {
    await page.waitForFunction(() => document.documentElement.dataset['live'] === 'true');
    const loads = await loadsOf(page);
    const system = RESPONSIVE_FILES['design-systems/responsive/system.yaml'] as string;
    const tokens = RESPONSIVE_FILES['design-systems/responsive/tokens.yaml'] as string;
    repo.write('design-systems/responsive/system.yaml', `${system}  xl: { min-width: 80rem }\n`);
    repo.write('design-systems/responsive/tokens.yaml', tokens.replace('md: { value: 24 }', 'md: { value: 28 }'));
    repo.commit('Wider gutter at md, an xl breakpoint');
    await waitForLoads(page, loads + 1);
    // A commit of content already served sends no event; the pickers refresh their lists when one gets the focus.
    await page.locator('#revision').focus();
    const gutter = page.locator('#diff-result .diff-changed li[data-key="space.gutter"]');
    await expect.poll(() => gutter.count(), { timeout: 10_000 }).toBe(1);
    expect(await gutter.textContent()).toBe('space.gutter at md: 24px → 28px');
    expect(await page.locator('#diff-result .diff-breakpoints li').allTextContents()).toEqual(['xl added (from 80rem)']);
    expect(await page.locator('#diff-result .diff-level').textContent()).toBe('Change level: minor');
    expect(await page.locator('#breakpoint option').allTextContents()).toEqual([
      'base (below 48rem)',
      'md (from 48rem)',
      'lg (from 1024px)',
      'xl (from 80rem)',
    ]);
    expect(problems).toEqual([]);
  });
});
