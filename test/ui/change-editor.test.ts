import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { createFixtureRepo, sha256, startFixtureServer } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { buildPage } from './build-page.js';
import { filesOf, openWithKey, seriousViolations, tabTo, waitForLoads } from './page-helpers.js';

const READ_KEY = 'dts_ui_read_key';
const EDITOR_KEY = 'dts_ui_editor_key';
const REVIEWER_KEY = 'dts_ui_reviewer_key';
const BASE_FILE = 'design-systems/acme/tokens/color/base.yaml';
const TITLE = 'Lighter brand in dark';
const CONTRAST_FILE = 'design-systems/acme/contrast.yaml';
const PRIMARY_FILL = 'primary-fill: { foreground: color.brand.primary, background: color.background.canvas, kind: non-text';

const KEYS_YAML =
  'keys:\n' +
  `  - { name: app, sha256: ${sha256(READ_KEY)}, designSystem: acme }\n` +
  `  - name: dana\n    sha256: ${sha256(EDITOR_KEY)}\n    designSystem: acme\n    role: editor\n    author: { name: Dana Designer, email: dana@example.com }\n` +
  `  - name: rui\n    sha256: ${sha256(REVIEWER_KEY)}\n    designSystem: acme\n    role: reviewer\n    author: { name: Rui Reviewer, email: rui@example.com }\n`;

interface PairAnswer {
  readonly name: string;
  readonly foreground: string;
  readonly background: string;
  readonly modes: Record<string, { ratio: number; pass: boolean }>;
}

describe.skipIf(!BROWSER_AVAILABLE)('editing tokens in the page: an editor proposes, a reviewer merges (Chromium)', () => {
  let repo: FixtureRepo;
  let server: RunningServer;
  let closeBrowser: () => Promise<void>;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  let baseText: string;
  let baseCommit: string;
  let editor: Page;
  let reviewer: Page;
  /** The dark cell's `now …` line of the preview, to compare with what the compiler serves after the merge. */
  let previewedDark: string | undefined;

  const api = async <T>(path: string, key = READ_KEY): Promise<T> => {
    const response = await fetch(`${server.url}/api/v1/${path}`, { headers: { authorization: `Bearer ${key}` } });
    expect([path, response.status]).toEqual([path, 200]);
    return (await response.json()) as T;
  };
  const primaryFill = async (): Promise<PairAnswer> =>
    (await api<{ data: { pairs: PairAnswer[] } }>('design-systems/acme/contrast')).data.pairs.find(
      (pair) => pair.name === 'primary-fill',
    ) as PairAnswer;
  const darkPrimary = async (): Promise<string | undefined> =>
    (await api<{ color: { brand: { primary: { $extensions?: { 'com.service'?: { dark?: string } } } } } }>('export/json')).color.brand
      .primary.$extensions?.['com.service']?.dark;

  /** A page of its own context (its own session storage) opened with `key`. */
  const openWith = async (key: string): Promise<Page> => {
    const { page, context } = await openWithKey(browser, server.url, key, problems);
    contexts.push(context);
    return page;
  };

  beforeAll(async () => {
    await buildPage();
    // acme's `primary-fill` pair only warns here: the step the designer picks (400, below 3:1 in dark) is submitted with
    // its warning, and the reviewer sees the regression. As acme writes it (an error), that change is refused at preview,
    // open and merge (test/changes/change-validation.test.ts).
    const acme = filesOf('design-systems/acme');
    const contrast = acme[CONTRAST_FILE] ?? '';
    expect(contrast).toContain(PRIMARY_FILL);
    acme[CONTRAST_FILE] = contrast.replace(PRIMARY_FILL, `${PRIMARY_FILL}, severity: warning`);
    repo = createFixtureRepo({ ...acme, 'keys.yaml': KEYS_YAML });
    baseText = readFileSync(join(repo.root, BASE_FILE), 'utf8');
    baseCommit = repo.git('rev-parse', 'HEAD').trim();
    server = await startFixtureServer(repo);
    const launched = await launchBrowser();
    browser = launched.browser;
    closeBrowser = launched.close;
  }, 60_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await closeBrowser?.();
    await server?.close();
    repo?.cleanup();
  });

  it('shows a read key no Edit action, no tray and no write button', async () => {
    const page = await openWith(READ_KEY);
    expect(await page.locator('.token').count()).toBeGreaterThan(50);
    expect(await page.locator('[data-edit]').count()).toBe(0);
    expect(await page.locator('#tray').isHidden()).toBe(true);
    expect(await page.locator('#change-requests').isVisible()).toBe(true);
    expect(await page.locator('#change-requests-note').textContent()).toBe('0 change requests, 0 awaiting review. This key reads only.');
    expect(await page.locator('[data-action]').count()).toBe(0);
  });

  it('lets an editor, by keyboard alone, change the dark step of color.brand.primary, see its contrast pair recomputed in every mode, and submit', async () => {
    editor = await openWith(EDITOR_KEY);
    expect(await editor.locator('[data-edit]').count()).toBe(await editor.locator('.token').count());
    const before = await primaryFill();

    // Keyboard only, from the top of a fresh load: the skip link, the search box, then Tab to the token's Edit action.
    await editor.reload();
    await waitForLoads(editor, 1);
    await editor.keyboard.press('Tab');
    expect(await editor.evaluate(() => document.activeElement?.textContent)).toBe('Skip to tokens');
    await editor.keyboard.press('Enter');
    await tabTo(editor, '#search');
    await editor.keyboard.type('color.brand.primary');
    await tabTo(editor, '[data-edit="color.brand.primary"]');
    await editor.keyboard.press('Enter');
    await editor.locator('#editor').waitFor({ state: 'visible' });
    expect(await editor.locator('#editor-token').textContent()).toBe('color.brand.primary');
    // The editor opens on the mode shown (light); dark is the next mode.
    expect(await editor.evaluate(() => document.activeElement?.id)).toBe('editor-mode');
    await editor.keyboard.press('ArrowDown');
    expect(await editor.locator('#editor-mode').inputValue()).toBe('dark');
    // Written as a scale step: blue, dark step 500 checked; one step to the left is 400.
    await tabTo(editor, '.step-swatches input:checked');
    expect(await editor.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('500');
    await editor.keyboard.press('ArrowLeft');
    expect(await editor.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('400');

    // The live preview: the server's compiler recomputed the token and its pair, in every mode.
    const preview = editor.locator('#editor-preview');
    await expect.poll(() => preview.locator('[data-pair="primary-fill"]').count(), { timeout: 5000 }).toBe(1);
    expect(await editor.locator('#editor-status').textContent()).toBe('Valid: 1 contrast pair recomputed.');
    const tokenRow = preview.locator('.preview-tokens tr[data-key="color.brand.primary"]');
    expect(await tokenRow.locator('td[data-mode="light"]').textContent()).toBe('#2563EB');
    expect(await tokenRow.locator('td[data-mode="dark"]').textContent()).toBe('#3D74F0 → #2B55C4');
    expect(
      await preview.locator('.preview-contrast tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-pair'))),
    ).toEqual(['primary-fill']);
    const cell = (mode: string): Promise<string> => preview.locator(`[data-pair="primary-fill"] td[data-mode="${mode}"]`).innerText();
    const text = (check: { ratio: number; pass: boolean }): string => `${check.ratio.toFixed(2)}:1 ${check.pass ? 'Pass' : 'Fail'}`;
    expect(await cell('light')).toBe(`was ${text(before.modes['light']!)}\nnow ${text(before.modes['light']!)}\nneeds 3:1`);
    expect(await cell('dark')).toMatch(
      new RegExp(`^was ${text(before.modes['dark']!).replace('.', '\\.')}\\nnow \\d+\\.\\d\\d:1 (Pass|Fail)\\nneeds 3:1$`),
    );
    expect(await cell('dark')).not.toContain(`now ${text(before.modes['dark']!)}`);
    previewedDark = (await cell('dark')).split('\n')[1];

    // Add to the pending edits (focus moves to the title), title it, submit: still the keyboard.
    await tabTo(editor, '#editor-form button[type="submit"]');
    await editor.keyboard.press('Enter');
    await editor.locator('#editor').waitFor({ state: 'hidden' });
    expect(await editor.locator('#tray-list li').allInnerTexts()).toEqual(['color.brand.primary in dark: step 400\nUndo']);
    expect(await editor.evaluate(() => document.activeElement?.id)).toBe('submit-title');
    await editor.keyboard.type(TITLE);
    await tabTo(editor, '#submit-form button[type="submit"]');
    await editor.keyboard.press('Enter');
    await expect.poll(() => editor.locator('.change-item').count(), { timeout: 5000 }).toBe(1);
    expect(await editor.locator('#tray-list li').count()).toBe(0);
    const item = editor.locator('.change-item');
    expect(await item.getAttribute('data-state')).toBe('open');
    await expect.poll(() => item.locator('.change-detail').getAttribute('data-loaded'), { timeout: 5000 }).toBe('done');
    expect(await item.locator('.change-diff tr[data-key="color.brand.primary"] td[data-mode="dark"]').textContent()).toBe(
      '#3D74F0 → #2B55C4',
    );
    expect(await item.locator('.operations li').allInnerTexts()).toEqual(['color.brand.primary in dark: step 400']);
    expect(await item.locator('[data-action]').allInnerTexts()).toEqual(['Close']);
  }, 60_000);

  it('passes axe (serious, critical) in light and dark with the editor open and with the change list shown', async () => {
    await editor.locator('[data-edit="color.brand.primary"]').click();
    await editor.locator('#editor').waitFor({ state: 'visible' });
    await editor.locator('#editor-mode').selectOption('dark');
    await editor.locator('.step-swatch', { hasText: '300' }).click();
    await expect.poll(() => editor.locator('#editor-preview [data-pair="primary-fill"]').count(), { timeout: 5000 }).toBe(1);
    expect(await seriousViolations(editor)).toEqual([
      ['light', []],
      ['dark', []],
    ]);
    await editor.keyboard.press('Escape');
    await editor.locator('#editor').waitFor({ state: 'hidden' });
    expect(await editor.locator('#tray-list li').count()).toBe(0);
    expect(await editor.locator('.change-item .change-detail').getAttribute('data-loaded')).toBe('done');
    expect(await seriousViolations(editor)).toEqual([
      ['light', []],
      ['dark', []],
    ]);
  }, 60_000);

  it('lets a reviewer approve and merge it in a page of their own; the live API serves it within 2 s, as one commit of one line by the editor', async () => {
    reviewer = await openWith(REVIEWER_KEY);
    const item = reviewer.locator('.change-item');
    expect(await item.locator('.change-title').textContent()).toBe(TITLE);
    await item.locator('.change-toggle').click();
    await expect.poll(() => item.locator('.change-detail').getAttribute('data-loaded'), { timeout: 5000 }).toBe('done');
    expect(await item.locator('.change-diff tr[data-key="color.brand.primary"] td[data-mode="dark"]').textContent()).toBe(
      '#3D74F0 → #2B55C4',
    );
    expect(await item.locator('.change-diff .diff-level').textContent()).toMatch(/^Change level: (patch|minor|major)$/);
    // Its validation is the pair's warning (a warning does not refuse a change request).
    expect(await item.locator('.change-detail .diagnostic').allInnerTexts()).toEqual([
      expect.stringMatching(
        /^warning acme\/contrast\.yaml:13:5 contrast pair `primary-fill` \(`color\.brand\.primary` on `color\.background\.canvas`\) is \d\.\d\d:1 in mode `dark`: .* \(contrast-too-low\)$/,
      ),
    ]);
    // The lighter step fails the pair's 3:1 in dark: the reviewer sees the regression before merging.
    expect(await item.locator('.regressions li').allInnerTexts()).toEqual([
      `primary-fill (color.brand.primary on color.background.canvas) in dark: ${(await primaryFill()).modes['dark']!.ratio.toFixed(2)}:1 → ${previewedDark?.replace(/^now (\S+):1 Fail$/, '$1')}:1 (needs 3:1)`,
    ]);
    expect(await item.locator('[data-action]').allInnerTexts()).toEqual(['Approve', 'Close']);

    await item.getByRole('button', { name: `Approve: ${TITLE}` }).click();
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 5000 }).toBe('approved');
    await expect.poll(() => item.locator('[data-action]').allInnerTexts(), { timeout: 5000 }).toEqual(['Merge', 'Close']);
    // From the merge's answer to the page, the live API has 2 s to serve the new value.
    const mergeAnswer = reviewer.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/merge'));
    await item.getByRole('button', { name: `Merge: ${TITLE}` }).click();
    expect((await mergeAnswer).status()).toBe(200);
    const merged = Date.now();
    let served = await darkPrimary();
    while (served !== '#2B55C4' && Date.now() - merged < 2000) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      served = await darkPrimary();
    }
    const elapsed = Date.now() - merged;
    expect(served).toBe('#2B55C4');
    expect(elapsed, `served ${elapsed} ms after the merge answered`).toBeLessThanOrEqual(2000);
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 5000 }).toBe('merged');
    // What the preview showed is what the compiler serves now.
    const after = await primaryFill();
    expect(`now ${after.modes['dark']!.ratio.toFixed(2)}:1 ${after.modes['dark']!.pass ? 'Pass' : 'Fail'}`).toBe(previewedDark);
    // The editor's page heard the `change` events: its list says merged without a reload.
    await expect.poll(() => editor.locator('.change-item').getAttribute('data-state'), { timeout: 5000 }).toBe('merged');

    // One commit on main, authored by the editor; one changed line; every comment of the file intact.
    expect(repo.git('log', '--format=%an <%ae>|%s', `${baseCommit}..main`).trim()).toBe(`Dana Designer <dana@example.com>|${TITLE}`);
    const changed = repo
      .git('diff', '--unified=0', baseCommit, 'main')
      .split('\n')
      .filter((line) => /^[-+](?![-+])/.test(line));
    expect(changed).toEqual(['-        darkStep: 500', '+        darkStep: 400']);
    const now = readFileSync(join(repo.root, BASE_FILE), 'utf8');
    expect(now).toBe(
      baseText.replace(
        '        darkStep: 500\n        description: Primary brand',
        '        darkStep: 400\n        description: Primary brand',
      ),
    );
    const comments = (text: string): string[] => text.split('\n').filter((line) => line.trimStart().startsWith('#'));
    expect(comments(now)).toEqual(comments(baseText));
    expect(comments(now).length).toBeGreaterThan(3);
    expect(problems).toEqual([]);
  }, 60_000);

  it('shows a reviewer both sides of a conflict: the same token and mode merged meanwhile by another change request', async () => {
    const open = async (step: number): Promise<string> => {
      const response = await fetch(`${server.url}/api/v1/changes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${EDITOR_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Brand dark step ${step}`,
          operations: [{ op: 'set-value', token: 'color.brand.primary', mode: 'dark', fields: { step } }],
        }),
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { data: { change: { id: string } } }).data.change.id;
    };
    const first = await open(300);
    const second = await open(700);
    for (const [id, action] of [
      [first, 'approve'],
      [first, 'merge'],
      [second, 'approve'],
    ]) {
      const response = await fetch(`${server.url}/api/v1/changes/${id}/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${REVIEWER_KEY}` },
      });
      expect([id, action, response.status]).toEqual([id, action, 200]);
    }
    // The reviewer's page heard each of them: the second is listed, approved, with its Merge button.
    const item = reviewer.locator(`[data-change-item="${second}"]`);
    await expect.poll(() => item.getAttribute('data-state'), { timeout: 5000 }).toBe('approved');
    await item.locator('.change-toggle').click();
    await expect.poll(() => item.locator('.change-detail').getAttribute('data-loaded'), { timeout: 5000 }).toBe('done');
    await item.getByRole('button', { name: 'Merge: Brand dark step 700' }).click();
    const conflict = item.locator('.conflict');
    await conflict.waitFor({ state: 'visible', timeout: 5000 });
    expect(await conflict.locator('.error').textContent()).toMatch(
      /^`main` changed what this change request changes since its base \(1 conflict/,
    );
    expect(await conflict.locator('tbody tr').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText.split('\t')))).toEqual(
      [['color.brand.primary value in dark', '{"step":400}', '{"step":300}', '{"step":700}']],
    );
    expect(await item.getAttribute('data-state')).toBe('approved');
    expect(await darkPrimary()).toBe('#1E3A8A');
    expect(await seriousViolations(reviewer)).toEqual([
      ['light', []],
      ['dark', []],
    ]);
  }, 60_000);
});
