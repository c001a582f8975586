import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { createElement } from 'react';
import type { FunctionComponent, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RenderedTokens } from '../../packages/client/src/server.js';
import type { TokenStore } from '../../packages/client/src/state.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { ALPHA_KEY, useFixtures } from '../source/fixture-repo.js';
import { buildClient, clientFixtureFiles, startSite, startTokenServer } from './harness.js';

/** The app, shared by the server render and the browser bundle: text and a style from two tokens. */
const APP = `import { createElement } from 'react';
import { useToken, useTokenStore } from './dist/react.js';
export function App() {
  const space = useToken('space.a');
  const fg = useToken('color.fg');
  const store = useTokenStore();
  return createElement('p', { id: 'app', 'data-mode': store.mode, style: { color: fg.hex, paddingLeft: space.value + space.unit } },
    'space ' + space.value + space.unit + ', fg ' + fg.hex);
}
`;

const ENTRY = `import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { connect } from './dist/index.js';
import { TokensProvider } from './dist/react.js';
import { App } from './app.js';
window.recoverable = [];
window.tokens = connect(window.CONFIG);
hydrateRoot(document.getElementById('root'), createElement(TokensProvider, { store: window.tokens }, createElement(App)), {
  onRecoverableError: (error) => window.recoverable.push(String(error)),
});
`;

interface Built {
  renderTokens(config: Record<string, unknown>): Promise<RenderedTokens>;
  TokensProvider: FunctionComponent<{ store: TokenStore; children?: ReactNode }>;
  App: FunctionComponent;
}

describe.skipIf(!BROWSER_AVAILABLE)('React: server rendering pinned to a commit, then hydration', () => {
  const fixtures = useFixtures();
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let dist: string;
  let cleanupBuild: () => Promise<void>;
  let built: Built;

  beforeAll(async () => {
    ({ dist, cleanup: cleanupBuild } = await buildClient());
    const folder = dirname(dist);
    writeFileSync(join(folder, 'app.js'), APP);
    writeFileSync(join(folder, 'entry.js'), ENTRY);
    // React ships CommonJS only: the page gets one bundle (development build, so mismatches are reported).
    await build({
      entryPoints: [join(folder, 'entry.js')],
      bundle: true,
      format: 'esm',
      outfile: join(dist, 'hydrate.bundle.js'),
      define: { 'process.env.NODE_ENV': '"development"' },
      logLevel: 'silent',
    });
    const load = async (path: string): Promise<Record<string, unknown>> =>
      (await import(pathToFileURL(join(folder, path)).href)) as Record<string, unknown>;
    built = { ...(await load('dist/server.js')), ...(await load('dist/react.js')), ...(await load('app.js')) } as unknown as Built;
    ({ browser, close: closeBrowser } = await launchBrowser());
  }, 60_000);
  afterAll(async () => {
    await closeBrowser?.();
    await cleanupBuild?.();
  });

  async function renderPage(serverMode: string, clientMode: string): Promise<{ url: string; html: string; rendered: RenderedTokens }> {
    const repo = fixtures.repo(clientFixtureFiles(12, '#1F2328'));
    const pinned = repo.git('rev-parse', 'HEAD').trim();
    // A later commit: the pinned render must not see it.
    repo.write('design-systems/alpha/tokens/space.yaml', 'tokens:\n  space:\n    a: { type: spacing, value: 40 }\n');
    repo.commit('space.a: 40');
    const site = await startSite(dist);
    fixtures.defer(() => site.close());
    const server = await startTokenServer(repo, 0, [site.url]);
    fixtures.defer(() => server.close());
    const config = { baseUrl: server.url, credential: ALPHA_KEY, designSystem: 'alpha', ref: pinned };
    const rendered = await built.renderTokens({ ...config, mode: serverMode });
    const html = renderToString(createElement(built.TokensProvider, { store: rendered.store }, createElement(built.App)));
    site.page(
      '/',
      `<!doctype html><html data-theme="${rendered.htmlAttributes['data-theme']}"><head>${rendered.head}` +
        `<script>window.CONFIG = ${JSON.stringify({ ...config, mode: clientMode })};</script>` +
        `<script type="module" src="/client/hydrate.bundle.js"></script></head><body><div id="root">${html}</div></body></html>`,
    );
    return { url: `${site.url}/`, html, rendered };
  }

  async function hydrate(url: string): Promise<{ messages: string[]; recoverable: string[]; text: () => Promise<string>; page: Page }> {
    const page = await browser.newPage();
    fixtures.defer(() => page.close());
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
    });
    page.on('pageerror', (error) => messages.push(error.message));
    await page.goto(url);
    await page.waitForFunction(() => (window as unknown as { tokens?: { status: string } }).tokens?.status === 'pinned');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const recoverable = await page.evaluate(() => (window as unknown as { recoverable: string[] }).recoverable);
    return { messages, recoverable, page, text: () => page.locator('#app').innerText() };
  }

  it('hydrates the server-rendered markup with no mismatch, then follows the client', async () => {
    const { url, html, rendered } = await renderPage('dark', 'dark');
    expect(html).toBe('<p id="app" data-mode="dark" style="color:#F0F6FC;padding-left:12px">space 12px, fg #F0F6FC</p>');
    expect(rendered.head).toMatch(
      /^<style data-token-server>\/\* Design tokens of alpha\. [^<]*--space-a: 12px;[^<]*<\/style><script type="application\/json" id="token-server-state">/,
    );
    const { messages, recoverable, text, page } = await hydrate(url);
    expect(messages).toEqual([]);
    expect(recoverable).toEqual([]);
    expect(await text()).toBe('space 12px, fg #F0F6FC');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-fg').trim())).toBe('#F0F6FC');
    // One style element (the server's, taken over), no adopted sheet beside it.
    expect(await page.evaluate(() => [document.querySelectorAll('style').length, document.adoptedStyleSheets.length])).toEqual([1, 0]);

    await page.evaluate(() => (window as unknown as { tokens: { setMode(mode: string): void } }).tokens.setMode('light'));
    expect(await text()).toBe('space 12px, fg #1F2328');
    expect(messages).toEqual([]);
  });

  it('reports a mismatch when the client starts in another mode than the server rendered (the check can fail)', async () => {
    const { url } = await renderPage('light', 'dark');
    const { messages, recoverable } = await hydrate(url);
    expect([...messages, ...recoverable].join('\n')).toMatch(/hydrat/i);
  });
});
