import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { ALPHA_KEY, useFixtures } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { buildClient, clientFixtureFiles, colorYaml, startSite, startTokenServer } from './harness.js';
import type { Site } from './harness.js';

/** The page an app would write: the client in a render-blocking module, a box drawn from three tokens. */
function appPage(baseUrl: string, extra = ''): string {
  return `<!doctype html>
<html><head>
<script>
  // The first frame's values: rAF callbacks run before the frame is painted.
  requestAnimationFrame(() => {
    const style = getComputedStyle(document.documentElement);
    window.firstFrame = { space: style.getPropertyValue('--space-a'), bg: style.getPropertyValue('--color-bg') };
  });
</script>
<script type="module" blocking="render">
  import { connect } from '/client/index.js';
  window.changes = [];
  window.tokens = connect({
    baseUrl: ${JSON.stringify(baseUrl)}, credential: ${JSON.stringify(ALPHA_KEY)}, designSystem: 'alpha', mode: 'light',
    reconnect: { initialDelayMs: 50, maxDelayMs: 400 }, heartbeatTimeoutMs: 2000, ${extra}
  });
  window.tokens.subscribe(() => {
    window.changes.push({ at: Date.now(), space: getComputedStyle(document.documentElement).getPropertyValue('--space-a') });
  });
</script>
<style>
  body { margin: 0; background: #808080; }
  #box { width: var(--space-a, 1px); height: 40px; background: var(--color-bg, red); border: 4px solid var(--color-fg, lime); }
</style>
</head><body><div id="box"></div></body></html>`;
}

interface PageWindow {
  tokens: {
    get(name: string): unknown;
    setMode(mode: string): void;
    readonly mode: string;
    readonly status: string;
    readonly state: { css: string } | undefined;
    close(): void;
  };
  changes: { at: number; space: string }[];
  firstFrame: { space: string; bg: string } | undefined;
}

const styleOf = (page: Page, property: string): Promise<string> =>
  page.evaluate((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim(), property);

/**
 * The values the page's first frame had. `reload()` resolves at the load event, which on a loaded machine can come
 * before the first animation frame: wait for the frame's record rather than read it too early.
 */
async function readFirstFrame(page: Page): Promise<PageWindow['firstFrame']> {
  const handle = await page.waitForFunction(() => (window as unknown as PageWindow).firstFrame, undefined, { timeout: 5_000 });
  return await handle.jsonValue();
}

async function waitForStyle(page: Page, property: string, value: string, timeoutMs = 5_000): Promise<void> {
  await page.waitForFunction(
    ([name, want]) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() === want,
    [property, value] as const,
    { timeout: timeoutMs, polling: 10 },
  );
}

describe.skipIf(!BROWSER_AVAILABLE)('the browser client against a live server', () => {
  const fixtures = useFixtures();
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let dist: string;
  let cleanupBuild: () => Promise<void>;

  beforeAll(async () => {
    ({ dist, cleanup: cleanupBuild } = await buildClient());
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await cleanupBuild?.();
  });

  /** A repository, its server, and the app's site proxying `/api/` to it (the server can stop and restart on its port). */
  async function setUp(
    extra = '',
  ): Promise<{ repo: FixtureRepo; site: Site; server: () => RunningServer; restart: () => Promise<void>; stop: () => Promise<void> }> {
    const repo = fixtures.repo(clientFixtureFiles());
    let server: RunningServer | undefined = await startTokenServer(repo);
    const port = Number(new URL(server.url).port);
    const site = await startSite(dist, () => `http://127.0.0.1:${port}`);
    fixtures.defer(() => site.close());
    fixtures.defer(() => server?.close());
    site.page('/', appPage(site.url, extra));
    return {
      repo,
      site,
      server: () => server!,
      stop: async () => {
        await server?.close();
        server = undefined;
      },
      restart: async () => {
        server = await startTokenServer(repo, port);
      },
    };
  }

  it('shows a commit within a second, then switches modes without a reload or a request', async () => {
    const { repo, site } = await setUp();
    const page = await browser.newPage();
    fixtures.defer(() => page.close());
    await page.goto(`${site.url}/`);
    await waitForStyle(page, '--space-a', '16px');
    expect(await page.evaluate(() => (window as unknown as PageWindow).tokens.get('space.a'))).toEqual({ value: 16, unit: 'px' });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300))); // the stream is open

    const started = Date.now();
    repo.write('design-systems/alpha/tokens/space.yaml', 'tokens:\n  space:\n    a: { type: spacing, value: 24 }\n');
    repo.commit('space.a: 24');
    await waitForStyle(page, '--space-a', '24px', 3_000);
    const shown = await page.evaluate(() => (window as unknown as PageWindow).changes.find((change) => change.space === '24px')!.at);
    const latency = shown - started;
    console.log(`client: commit shown in the page after ${latency} ms`);
    expect(latency).toBeLessThan(1_000);
    expect(await page.evaluate(() => (window as unknown as PageWindow).tokens.get('space.a'))).toEqual({ value: 24, unit: 'px' });

    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const navigations = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    expect(await styleOf(page, '--color-bg')).toBe('#FFFFFF');
    await page.evaluate(() => (window as unknown as PageWindow).tokens.setMode('dark'));
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    expect(await styleOf(page, '--color-bg')).toBe('#0D1117');
    expect(await page.locator('#box').evaluate((box) => getComputedStyle(box).backgroundColor)).toBe('rgb(13, 17, 23)');
    expect(await page.evaluate(() => (window as unknown as PageWindow).tokens.get('color.fg'))).toMatchObject({ hex: '#F0F6FC' });
    await page.evaluate(() => (window as unknown as PageWindow).tokens.setMode('light'));
    expect(await styleOf(page, '--color-bg')).toBe('#FFFFFF');
    expect(await page.evaluate(() => (window as unknown as PageWindow).tokens.get('color.fg'))).toMatchObject({ hex: '#1F2328' });
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(navigations);
    expect(requests).toEqual([]);
  });

  it('catches up with every commit made while the server was down, once it is back', async () => {
    const { repo, site, stop, restart, server } = await setUp();
    const page = await browser.newPage();
    fixtures.defer(() => page.close());
    await page.goto(`${site.url}/`);
    await waitForStyle(page, '--space-a', '16px');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));

    await stop(); // ends the open stream mid-way
    repo.write('design-systems/alpha/tokens/space.yaml', 'tokens:\n  space:\n    a: { type: spacing, value: 32 }\n');
    repo.commit('space.a: 32');
    repo.write('design-systems/alpha/tokens/color.yaml', colorYaml('#0550AE'));
    repo.commit('color.fg: #0550AE');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500))); // the client retries meanwhile
    expect(await styleOf(page, '--space-a')).toBe('16px');

    const restarted = Date.now();
    await restart();
    await waitForStyle(page, '--color-fg', '#0550AE', 5_000);
    await waitForStyle(page, '--space-a', '32px', 1_000);
    console.log(`client: caught up ${Date.now() - restarted} ms after the restart began`);
    // Nothing missed: what the page holds is exactly what the server now serves.
    const served = await fetch(`${server().url}/api/v1/export/css?designSystem=alpha&theme=data-attribute`, {
      headers: { authorization: `Bearer ${ALPHA_KEY}` },
    }).then((response) => response.text());
    expect(await page.evaluate(() => (window as unknown as PageWindow).tokens.state?.css)).toBe(served);
    expect(await page.evaluate(() => (window as unknown as PageWindow).tokens.get('color.fg'))).toMatchObject({ hex: '#0550AE' });
  });

  it('paints the last good tokens at the first frame of a reload while the server is down', async () => {
    const { site, stop } = await setUp();
    const page = await browser.newPage({ viewport: { width: 200, height: 100 } });
    fixtures.defer(() => page.close());
    await page.goto(`${site.url}/`);
    await waitForStyle(page, '--space-a', '16px');
    const dir = fixtures.repo({}, { git: false }).root;
    const before = await page.screenshot({ path: join(dir, 'before.png') });

    await stop();
    await page.reload();
    const firstFrame = await readFirstFrame(page);
    expect(firstFrame).toEqual({ space: '16px', bg: '#FFFFFF' });
    const after = await page.screenshot({ path: join(dir, 'after.png') });
    expect(after.equals(before)).toBe(true);
    writeFileSync(join(dir, 'compared.txt'), `before.png and after.png: ${before.length} bytes, identical\n`);
  });

  it('the first-frame check sees a flash when nothing was kept (storage: null)', async () => {
    const { site, stop } = await setUp('storage: null');
    const page = await browser.newPage({ viewport: { width: 200, height: 100 } });
    fixtures.defer(() => page.close());
    await page.goto(`${site.url}/`);
    await waitForStyle(page, '--space-a', '16px');
    const before = await page.screenshot();
    await stop();
    await page.reload();
    expect(await readFirstFrame(page)).toEqual({ space: '', bg: '' });
    expect((await page.screenshot()).equals(before)).toBe(false);
  });

  // The events route writes its own headers (reply.hijack): it must send the CORS ones the hooks set, or a page on
  // another origin gets the CSS but cannot read the stream.
  it('follows the stream from a page on another origin (CORS)', async () => {
    const repo = fixtures.repo(clientFixtureFiles());
    const site = await startSite(dist);
    fixtures.defer(() => site.close());
    const server = await startTokenServer(repo, 0, [site.url]);
    fixtures.defer(() => server.close());
    site.page('/', appPage(server.url));
    const page = await browser.newPage();
    fixtures.defer(() => page.close());
    await page.goto(`${site.url}/`);
    await waitForStyle(page, '--space-a', '16px');
    await page.waitForFunction(() => (window as unknown as PageWindow).tokens.status === 'live', undefined, { timeout: 3_000 });
    repo.write('design-systems/alpha/tokens/space.yaml', 'tokens:\n  space:\n    a: { type: spacing, value: 24 }\n');
    repo.commit('space.a: 24');
    await waitForStyle(page, '--space-a', '24px', 3_000);
  });
});
