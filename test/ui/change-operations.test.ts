import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import { call } from '../changes/acme-change-fixture.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { createFixtureRepo, sha256, startFixtureServer } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { buildPage } from './build-page.js';
import { filesOf, loadsOf, openWithKey, seriousViolations, tabTo, waitForLoads } from './page-helpers.js';

const EDITOR_KEY = 'dts_ops_editor_key';
const BASE_FILE = 'design-systems/acme/tokens/color/base.yaml';
const SCALES_FILE = 'design-systems/acme/scales.yaml';
const KEYS_YAML =
  'keys:\n' +
  `  - name: dana\n    sha256: ${sha256(EDITOR_KEY)}\n    designSystem: acme\n    role: editor\n    author: { name: Dana Designer, email: dana@example.com }\n`;
/** Set UI_SCREENSHOTS=1 to keep a PNG of each editor, in light and dark, under the temp folder (for a look at the layout). */
const SCREENSHOTS = process.env['UI_SCREENSHOTS'] !== undefined;

interface Change {
  readonly id: string;
  readonly head: string;
  readonly operations: readonly Record<string, unknown>[];
}

describe.skipIf(!BROWSER_AVAILABLE)('the page writes every operation the API takes, live and across reloads (Chromium)', () => {
  let repo: FixtureRepo;
  let server: RunningServer;
  let closeBrowser: () => Promise<void>;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const problems: string[] = [];

  const tray = (): Promise<string[]> => page.locator('#tray-list li > span').allInnerTexts();
  const shoot = async (name: string): Promise<void> => {
    if (!SCREENSHOTS) return;
    for (const theme of ['light', 'dark']) {
      await page.evaluate((value) => {
        document.documentElement.dataset['theme'] = value;
        document.documentElement.dataset['scheme'] = value;
      }, theme);
      await page.screenshot({ path: join(tmpdir(), `h37p-${name}-${theme}.png`), fullPage: false });
    }
    await page.evaluate(() => {
      document.documentElement.dataset['theme'] = 'light';
      document.documentElement.dataset['scheme'] = 'light';
    });
  };
  const submit = async (title: string): Promise<Change> => {
    const opened = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/changes' && response.request().method() === 'POST',
    );
    await page.locator('#submit-title').fill(title);
    await page.locator('#submit-form button[type="submit"]').click();
    const answer = (await (await opened).json()) as { data: { change: Change } };
    expect(await page.locator('#tray-list li').count()).toBe(0);
    // The submit ends by listing the change requests again and moving focus to the new one: wait for it, so a test
    // that moves focus next is not overtaken by it.
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset['change']), { timeout: 5000 })
      .toBe(answer.data.change.id);
    return answer.data.change;
  };
  const commitOnMain = async (path: string, from: string, to: string): Promise<void> => {
    const loads = await loadsOf(page);
    const text = readFileSync(join(repo.root, path), 'utf8');
    expect(text).toContain(from);
    repo.write(path, text.replace(from, to));
    repo.commit(`main moves: ${to.trim()}`);
    await waitForLoads(page, loads + 1);
  };

  beforeAll(async () => {
    await buildPage();
    repo = createFixtureRepo({ ...filesOf('design-systems/acme'), 'keys.yaml': KEYS_YAML });
    server = await startFixtureServer(repo);
    const launched = await launchBrowser();
    browser = launched.browser;
    closeBrowser = launched.close;
    ({ page, context } = await openWithKey(browser, server.url, EDITOR_KEY, problems));
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await closeBrowser?.();
    await server?.close();
    repo?.cleanup();
  });

  it('redraws the change request on screen within 2 s when another client adds commits to it, and the list on each event', async () => {
    const opened = await call(server.url, 'POST', '/api/v1/changes', EDITOR_KEY, {
      title: 'Link darker in dark',
      operations: [{ op: 'set-value', token: 'color.text.link', mode: 'dark', fields: { step: 800 } }],
    });
    expect(opened.status).toBe(201);
    const id = opened.body.data.change.id;
    const item = page.locator(`[data-change-item="${id}"]`);
    await item.waitFor({ timeout: 5000 });
    await item.locator('.change-toggle').click();
    const detail = item.locator('.change-detail');
    await expect.poll(() => detail.getAttribute('data-loaded'), { timeout: 5000 }).toBe('done');
    const darkCell = detail.locator('.change-diff tr[data-key="color.text.link"] td[data-mode="dark"]');
    expect(await darkCell.textContent()).toBe('#7EAAFA → #A8C8FC');
    expect(await detail.locator('.commits li').count()).toBe(1);
    // The whole page at the branch: its tokens as the head serves them.
    const linkDark = page.locator('.token[data-key="color.text.link"] .value[data-mode="dark"] code');
    let loads = await loadsOf(page);
    await page.getByRole('button', { name: 'Show the page at this branch: Link darker in dark' }).click();
    await waitForLoads(page, loads + 1);
    expect(await linkDark.textContent()).toBe('#A8C8FC');
    expect(await page.locator('#revision option:checked').textContent()).toBe(
      `Branch of Link darker in dark (${opened.body.data.change.head.slice(0, 7)})`,
    );
    expect(await page.locator('#status').textContent()).toBe(
      `Branch of Link darker in dark at ${opened.body.data.change.head.slice(0, 7)}: ${await page.locator('.token').count()} tokens.`,
    );
    expect(await seriousViolations(page)).toEqual([
      ['light', []],
      ['dark', []],
    ]);
    const refreshed = Number(await page.locator('#change-requests').getAttribute('data-refreshed'));

    // A second client (this test, with the editor's key) adds a commit to it.
    const patched = await call(server.url, 'PATCH', `/api/v1/changes/${id}`, EDITOR_KEY, {
      title: 'Link much darker in dark',
      operations: [{ op: 'set-value', token: 'color.text.link', mode: 'dark', fields: { step: 900 } }],
    });
    expect(patched.status).toBe(200);
    const at = Date.now();
    await expect.poll(() => darkCell.textContent(), { timeout: 2000, interval: 20 }).toBe('#7EAAFA → #CFE1FE');
    await expect.poll(() => linkDark.textContent(), { timeout: 2000, interval: 20 }).toBe('#CFE1FE');
    expect(Date.now() - at).toBeLessThanOrEqual(2000);
    expect(await page.locator('#revision option:checked').textContent()).toBe(
      `Branch of Link much darker in dark (${patched.body.data.change.head.slice(0, 7)})`,
    );
    expect(await detail.getAttribute('data-head')).toBe(patched.body.data.change.head);
    expect(await item.locator('.change-title').textContent()).toBe('Link much darker in dark');
    expect(await detail.locator('.commits li').count()).toBe(2);
    expect(Number(await page.locator('#change-requests').getAttribute('data-refreshed'))).toBeGreaterThan(refreshed);
    await expect
      .poll(() => page.locator('#status').textContent(), { timeout: 2000 })
      .toMatch(/^Link much darker in dark: updated with new commits; shown as it is now\.$|^Branch of Link much darker in dark at /);

    // Back to live: the token as main serves it, the tray and the Edit actions back.
    loads = await loadsOf(page);
    await page.locator('#revision').selectOption('');
    await waitForLoads(page, loads + 1);
    expect(await linkDark.textContent()).toBe('#7EAAFA');
    expect(await page.locator('#tray').isHidden()).toBe(false);

    // Closed by the same client: the list says so without a reload.
    expect((await call(server.url, 'POST', `/api/v1/changes/${id}/close`, EDITOR_KEY)).status).toBe(200);
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 2000 }).toBe('closed');
    await item.locator('.change-toggle').click();
  }, 60_000);

  it('edits a description, a deprecation and a key by keyboard alone; the tray survives a reload; the server rewrites the references', async () => {
    await page.locator('#search').fill('color.text.muted');
    await page.locator('[data-edit="color.text.muted"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('#editor').waitFor({ state: 'visible' });
    await tabTo(page, '#editor-about textarea');
    await page.keyboard.type('Secondary text.');
    await tabTo(page, '#editor-about [data-about="deprecated"]');
    await page.keyboard.press('Space');
    await tabTo(page, '#editor-about [data-about="message"]');
    await page.keyboard.type('Use color.text.subtle');
    await tabTo(page, '#editor-about [data-about="replacement"]');
    await page.keyboard.type('color.text.subtle');
    await tabTo(page, '#editor-about [data-about="rename"]');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('color.text.secondary');
    await expect
      .poll(() => page.locator('#editor-status').textContent(), { timeout: 5000 })
      .toMatch(/^Valid: \d+ contrast pairs? recomputed\.$/);
    expect(await page.locator('#editor-preview .preview-tokens tr[data-key="color.text.secondary"]').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([
      ['light', []],
      ['dark', []],
    ]);
    await shoot('editor-every-mode');
    await tabTo(page, '#editor-form button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.locator('#editor').waitFor({ state: 'hidden' });
    const lines = [
      'color.text.muted: description “Secondary text.”',
      'color.text.muted: deprecated ({"message":"Use color.text.subtle","replacement":"color.text.subtle"})',
      'color.text.muted renamed to color.text.secondary',
    ];
    expect(await tray()).toEqual(lines);
    await page.locator('#submit-title').fill('Muted text becomes secondary');

    // A reload keeps the tray and its title: the base is the commit still shown.
    await page.reload();
    await waitForLoads(page, 1);
    expect(await tray()).toEqual(lines);
    expect(await page.locator('#submit-title').inputValue()).toBe('Muted text becomes secondary');
    expect(await page.locator('#tray-notice').textContent()).toBe('3 pending edits kept from before the reload.');

    const change = await submit('Muted text becomes secondary');
    expect(change.operations).toEqual([
      { op: 'set-description', token: 'color.text.muted', description: 'Secondary text.' },
      {
        op: 'set-deprecation',
        token: 'color.text.muted',
        deprecated: { message: 'Use color.text.subtle', replacement: 'color.text.subtle' },
      },
      { op: 'rename-token', token: 'color.text.muted', to: 'color.text.secondary' },
    ]);
    const renamed = await call(server.url, 'GET', `/api/v1/tokens/color/text/secondary?ref=${change.head}`, EDITOR_KEY);
    expect(renamed.status).toBe(200);
    const contrast = (await call(server.url, 'GET', `/api/v1/design-systems/acme/contrast?ref=${change.head}`, EDITOR_KEY)).body
      .data as unknown as { pairs: { name: string; foreground: string }[] };
    expect(contrast.pairs.find((pair) => pair.name === 'muted-text')?.foreground).toBe('color.text.secondary');
    // Nothing left in storage once submitted: a reload shows an empty tray.
    expect(await page.evaluate(() => sessionStorage.getItem('token-browser.pending.acme'))).toBeNull();
  }, 60_000);

  it('adds a token with a value per mode and deletes another; the branch serves both', async () => {
    // The add form by keyboard alone: the group, the name, the type (typed ahead on the closed select), Add token….
    await page.locator('#add-token-group').waitFor({ state: 'visible', timeout: 5000 });
    await page.locator('#forget-key').focus();
    await tabTo(page, '#add-token-group');
    await page.keyboard.type('color.brand');
    await tabTo(page, '#add-token-name');
    await page.keyboard.type('tertiary');
    await tabTo(page, '#add-token-type');
    await page.keyboard.type('color');
    expect(await page.locator('#add-token-type').inputValue()).toBe('color');
    await tabTo(page, '#add-token-form button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.locator('#editor').waitFor({ state: 'visible' });
    expect(await page.locator('#editor-token').textContent()).toBe('color.brand.tertiary (new color)');
    expect(await page.locator('#editor-delete').isHidden()).toBe(true);
    await page.locator('#editor-fields label.radio', { hasText: 'Color' }).click();
    await page.getByLabel('Color (hex)').fill('#0F766E');
    await page.locator('#editor-mode').selectOption('dark');
    await page.locator('#editor-fields label.radio', { hasText: 'Color' }).click();
    await page.getByLabel('Color (hex)').fill('#5EEAD4');
    await page.locator('#editor-about textarea').fill('Teal accent.');
    const row = page.locator('#editor-preview .preview-tokens tr[data-key="color.brand.tertiary"]');
    await expect.poll(() => row.locator('td[data-mode="dark"]').textContent(), { timeout: 5000 }).toBe('— → #5EEAD4');
    expect(await row.locator('td[data-mode="light"]').textContent()).toBe('— → #0F766E');
    expect(await seriousViolations(page)).toEqual([
      ['light', []],
      ['dark', []],
    ]);
    await shoot('editor-add');
    await page.locator('#editor-form button[type="submit"]').click();
    await page.locator('#editor').waitFor({ state: 'hidden' });

    await page.locator('#search').fill('color.brand.primaryActive');
    await page.locator('[data-edit="color.brand.primaryActive"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('#editor').waitFor({ state: 'visible' });
    await tabTo(page, '#editor-delete');
    expect(await page.getByRole('button', { name: 'Delete color.brand.primaryActive' }).count()).toBe(1);
    await page.keyboard.press('Enter');
    await page.locator('#editor').waitFor({ state: 'hidden' });
    expect(await tray()).toEqual([
      'add color.brand.tertiary (color): color #0F766E',
      'color.brand.tertiary in dark: color #5EEAD4',
      'delete color.brand.primaryActive',
    ]);
    const change = await submit('Teal accent, no active brand');
    expect(change.operations).toEqual([
      { op: 'add-token', token: 'color.brand.tertiary', type: 'color', fields: { color: '#0F766E' }, description: 'Teal accent.' },
      { op: 'set-value', token: 'color.brand.tertiary', mode: 'dark', fields: { color: '#5EEAD4' } },
      { op: 'delete-token', token: 'color.brand.primaryActive' },
    ]);
    const added = await call(server.url, 'GET', `/api/v1/tokens/color/brand/tertiary?ref=${change.head}`, EDITOR_KEY);
    expect(added.body.data as unknown).toMatchObject({
      key: 'color.brand.tertiary',
      type: 'color',
      value: { color: '#0F766E' },
      modes: { dark: { color: '#5EEAD4' } },
    });
    expect((await call(server.url, 'GET', `/api/v1/tokens/color/brand/primaryActive?ref=${change.head}`, EDITOR_KEY)).status).toBe(404);
  }, 60_000);

  it('sets a scale step in a mode by keyboard alone, previews what moves, and keeps or discards the tray as main moves', async () => {
    await page.locator('[data-edit-scale="blue"]').focus();
    await page.keyboard.press('Enter');
    await page.locator('#scale-editor').waitFor({ state: 'visible' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('scale-editor-mode');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#scale-editor-mode').inputValue()).toBe('dark');
    await tabTo(page, '#scale-editor .step-swatches input:checked');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('500');
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('600');
    await tabTo(page, '#scale-editor-color');
    expect(await page.locator('#scale-editor-color').inputValue()).toBe('#5A8DF7');
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('#4A80F5');
    const hover = page.locator('#scale-editor-preview .preview-tokens tr[data-key="color.brand.primaryHover"]');
    await expect.poll(() => hover.locator('td[data-mode="dark"]').textContent(), { timeout: 5000 }).toBe('#5A8DF7 → #4A80F5');
    expect(await hover.locator('td[data-mode="light"]').textContent()).toBe('#1D4ED8');
    expect(await seriousViolations(page)).toEqual([
      ['light', []],
      ['dark', []],
    ]);
    await shoot('scale-editor');
    await tabTo(page, '#scale-editor-form button[type="submit"]');
    await page.keyboard.press('Enter');
    await page.locator('#scale-editor').waitFor({ state: 'hidden' });

    await page.locator('#search').fill('color.text.default');
    await page.locator('[data-edit="color.text.default"]').click();
    await page.locator('#editor-about textarea').fill('Body text.');
    await page.locator('#editor-form button[type="submit"]').click();
    const lines = ['scale blue step 600 in dark: #4A80F5', 'color.text.default: description “Body text.”'];
    expect(await tray()).toEqual(lines);

    // Main moves on a token the edits do not touch: kept, now on the new commit (while the page is open).
    const first = repo.git('rev-parse', 'HEAD').trim();
    await commitOnMain(BASE_FILE, 'success: { type: color, scale: green, step: 700 }', 'success: { type: color, scale: green, step: 800 }');
    const second = repo.git('rev-parse', 'HEAD').trim();
    expect(await tray()).toEqual(lines);
    expect(await page.locator('#tray-notice').textContent()).toBe(
      `The design system moved from ${first.slice(0, 7)} to ${second.slice(0, 7)}; nothing your 2 pending edits touch changed: kept.`,
    );
    expect(await seriousViolations(page)).toEqual([
      ['light', []],
      ['dark', []],
    ]);
    await page.locator('#tray').scrollIntoViewIfNeeded();
    await shoot('tray');
    // A pinned revision leaves the tray alone (no write control shows there); back on live it is as it was.
    const notice = await page.locator('#tray-notice').textContent();
    let loads = await loadsOf(page);
    await page.locator('#revision').selectOption(first);
    await waitForLoads(page, loads + 1);
    expect(await page.locator('#tray').isHidden()).toBe(true);
    expect(await page.locator('#tray-notice').textContent()).toBe(notice);
    loads = await loadsOf(page);
    await page.locator('#revision').selectOption('');
    await waitForLoads(page, loads + 1);
    expect(await tray()).toEqual(lines);
    expect(await page.locator('#tray-notice').textContent()).toBe(notice);
    await page.reload();
    await waitForLoads(page, 1);
    expect(await page.locator('#tray-notice').textContent()).toBe('2 pending edits kept from before the reload.');

    // Main changes the very step, with the page closed: on the next load the edits are discarded, with a notice.
    await page.goto('about:blank');
    repo.write(
      SCALES_FILE,
      readFileSync(join(repo.root, SCALES_FILE), 'utf8').replace(
        '600: { light: "#2563EB", dark: "#5A8DF7" }',
        '600: { light: "#2563EB", dark: "#5B8EF8" }',
      ),
    );
    const third = repo.commit('main moves: blue 600 in dark');
    const served = async (): Promise<string | null> =>
      (await fetch(`${server.url}/api/v1/design-system`, { headers: { authorization: `Bearer ${EDITOR_KEY}` } })).headers.get(
        'x-git-commit',
      );
    await expect.poll(served, { timeout: 5000 }).toBe(third);
    await page.goto(`${server.url}/`);
    await waitForLoads(page, 1);
    expect(await page.locator('#tray-notice').textContent()).toBe(
      `Your 2 pending edits were discarded: the design system moved from ${second.slice(0, 7)} to ${third.slice(0, 7)} and changed scale blue step 600 since. ` +
        'They were: scale blue step 600 in dark: #4A80F5; color.text.default: description “Body text.”.',
    );
    expect(await tray()).toEqual([]);
    expect(await page.evaluate(() => sessionStorage.getItem('token-browser.pending.acme'))).toBeNull();
    expect(problems).toEqual([]);
  }, 90_000);
});
