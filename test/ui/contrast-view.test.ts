import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import type { ApiContrast, ApiContrastPair } from '../../src/views/api/api-answers.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { createFixtureRepo, keysYaml, startFixtureServer, systemYaml } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { buildPage } from './build-page.js';
import { filesOf, loadsOf, waitForLoads as waitForPageLoads } from './page-helpers.js';

const KEY = 'dts_ui_contrast_key';
// Evaluated rather than added as a script tag: the page's CSP (`script-src 'self'`) refuses an inline script.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** The table as a reader of it gets it: caption, column headings, and per row its heading and each cell under its column. */
interface ShownTable {
  caption: string;
  columns: { text: string; scope: string | null }[];
  rows: {
    scope: string | null;
    name: string;
    tokens: string;
    requirement: string;
    cells: Record<string, { ratio: string; verdict: string; needs: string; apca: string; swatch: string; swatchRole: string | null }>;
  }[];
}

function readTable(page: Page): Promise<ShownTable | null> {
  return page.evaluate((): ShownTable | null => {
    const table = document.querySelector('#contrast table');
    if (table === null) return null;
    const text = (node: Element | null): string => node?.textContent?.trim() ?? '';
    const columns = Array.from(table.querySelectorAll('thead th')).map((th) => ({ text: text(th), scope: th.getAttribute('scope') }));
    const rows = Array.from(table.querySelectorAll('tbody tr')).map((tr) => {
      const head = tr.querySelector('th');
      const cells: ShownTable['rows'][number]['cells'] = {};
      const tds = Array.from(tr.querySelectorAll('td'));
      // The first column is the row heading (th), the second the requirement, then one per mode.
      tds.slice(1).forEach((td, index) => {
        const swatch = td.querySelector('.contrast-swatch');
        cells[columns[index + 2]?.text ?? `?${index}`] = {
          ratio: text(td.querySelector('.ratio')),
          verdict: text(td.querySelector('.verdict')),
          needs: text(td.querySelector('.needs')),
          apca: text(td.querySelector('.apca')),
          swatch: swatch?.getAttribute('aria-label') ?? '',
          swatchRole: swatch?.getAttribute('role') ?? null,
        };
      });
      return {
        scope: head?.getAttribute('scope') ?? null,
        name: text(head?.querySelector('.pair-name') ?? null),
        tokens: text(head?.querySelector('.pair-tokens') ?? null),
        requirement: text(tds[0] ?? null),
        cells,
      };
    });
    return { caption: text(table.querySelector('caption')), columns, rows };
  });
}

const KIND_TEXT = { text: 'text', 'large-text': 'large text', 'non-text': 'non-text' } as const;

/** What the requirement cell says of a pair: kind, level, what decides large text, a warning-only severity. */
function requirementOf(pair: ApiContrastPair): string {
  return [
    KIND_TEXT[pair.kind],
    pair.level,
    ...(pair.typography === null ? [] : [`large by ${pair.typography}`]),
    ...(pair.severity === 'warning' ? ['warning only'] : []),
  ].join(' · ');
}

/** A color token's value in a mode, from the JSON export (what the swatch paints). */
function colorIn(tree: unknown, key: string, mode: string): string {
  const leaf = key.split('.').reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], tree) as {
    $value: string;
    $extensions?: { 'com.service'?: { dark?: string; modes?: Record<string, string> } };
  };
  const extension = leaf.$extensions?.['com.service'];
  if (mode === 'light') return leaf.$value;
  if (mode === 'dark') return extension?.dark ?? leaf.$value;
  return extension?.modes?.[mode] ?? extension?.dark ?? leaf.$value;
}

/** The caption for `pairs` checked in `modes`. */
function captionOf(answer: ApiContrast, modes: readonly string[]): string {
  const checks = answer.pairs.flatMap((pair) => Object.values(pair.modes));
  const failing = checks.filter((check) => !check.pass).length;
  const pairs = `${answer.pairs.length} pair${answer.pairs.length === 1 ? '' : 's'}`;
  return `Contrast of ${pairs} in ${modes.length} modes (WCAG 2.2): ${failing === 0 ? 'all pass' : `${failing} of ${checks.length} fail`}`;
}

describe.skipIf(!BROWSER_AVAILABLE)('the token browser’s contrast pairs in Chromium', () => {
  let repo: FixtureRepo;
  let server: RunningServer;
  let browser: Browser;
  let closeBrowser: () => Promise<void>;
  let page: Page;
  const contrastRequests: string[] = [];

  const api = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${server.url}/api/v1/${path}`, { headers: { authorization: `Bearer ${KEY}` } });
    expect([path, response.status]).toEqual([path, 200]);
    return (await response.json()) as T;
  };
  const loads = (): Promise<number> => loadsOf(page);
  const waitForLoads = (count: number): Promise<void> => waitForPageLoads(page, count);

  /** The table shown equals the contrast route's answer: every pair, every mode, and the swatches the export's colors. */
  const expectTableOf = async (slug: string, ref?: string): Promise<ShownTable> => {
    const query = ref === undefined ? '' : `?ref=${ref}`;
    const answer = (await api<{ data: ApiContrast }>(`design-systems/${slug}/contrast${query}`)).data;
    const meta = (
      await api<{ data: { modes?: { name: string }[] } }>(`design-system?designSystem=${slug}${ref === undefined ? '' : `&ref=${ref}`}`)
    ).data;
    const tree = await api<unknown>(`export/json?designSystem=${slug}${ref === undefined ? '' : `&ref=${ref}`}`);
    const modes = ['light', 'dark', ...(meta.modes ?? []).map((mode) => mode.name)];
    const shown = await readTable(page);
    expect(answer.pairs.length).toBeGreaterThan(0);
    expect(shown).not.toBe(null);
    const table = shown as ShownTable;
    expect(table.caption).toBe(captionOf(answer, modes));
    expect(table.columns).toEqual([
      { text: 'Pair', scope: 'col' },
      { text: 'Requirement', scope: 'col' },
      ...modes.map((mode) => ({ text: mode, scope: 'col' })),
    ]);
    expect(table.rows).toEqual(
      answer.pairs.map((pair) => ({
        scope: 'row',
        name: pair.name,
        tokens: `${pair.foreground} on ${pair.background}`,
        requirement: requirementOf(pair),
        cells: Object.fromEntries(
          modes.map((mode) => {
            const result = pair.modes[mode];
            expect([pair.name, mode, result]).not.toEqual([pair.name, mode, undefined]);
            if (result === undefined) return [mode, {}];
            const fg = colorIn(tree, pair.foreground, mode);
            const bg = colorIn(tree, pair.background, mode);
            return [
              mode,
              {
                ratio: `${result.ratio.toFixed(2)}:1`,
                verdict: result.pass ? 'Pass' : 'Fail',
                needs: `needs ${result.required}:1`,
                apca: `APCA Lc ${result.apca}`,
                swatch: `${pair.foreground} ${fg} on ${pair.background} ${bg}`,
                swatchRole: 'img',
              },
            ];
          }),
        ),
      })),
    );
    return table;
  };

  /** axe-core's violations inside the pair view, every rule axe runs by default (best practices included). */
  const axeOfPairView = async (): Promise<{ id: string; nodes: string[] }[]> => {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    return page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run: (context: Element) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
        }
      ).axe;
      const result = await axe.run(document.getElementById('contrast') as Element);
      return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
    });
  };
  const expectNoAxeViolations = async (): Promise<void> => {
    for (const scheme of ['light', 'dark']) {
      await page.evaluate((value) => {
        document.documentElement.dataset['scheme'] = value;
      }, scheme);
      expect([scheme, await axeOfPairView()]).toEqual([scheme, []]);
    }
  };

  beforeAll(async () => {
    await buildPage();
    repo = createFixtureRepo({
      ...filesOf('design-systems/acme'),
      ...filesOf('design-systems/acme-docs'),
      ...filesOf('design-systems/harbor'),
      'design-systems/plain/system.yaml': systemYaml('Plain', 'plain'),
      'design-systems/plain/tokens.yaml':
        'tokens:\n  color.text: { type: color, color: "#222222" }\n  spacing.md: { type: spacing, value: 16 }\n',
      'keys.yaml': keysYaml([{ name: 'contrast', key: KEY, designSystem: 'acme', access: ['acme-docs', 'harbor', 'plain'] }]),
    });
    server = await startFixtureServer(repo);
    const launched = await launchBrowser();
    closeBrowser = launched.close;
    browser = launched.browser;
    page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    page.on('request', (request) => {
      if (/^\/api\/v1\/.*\/contrast\b/.test(new URL(request.url()).pathname)) contrastRequests.push(request.url().slice(server.url.length));
    });
    await page.goto(`${server.url}/`);
    await page.getByLabel('API key').fill(KEY);
    await page.keyboard.press('Enter');
    await waitForLoads(1);
  }, 60_000);

  afterAll(async () => {
    await closeBrowser?.();
    await server?.close();
    repo?.cleanup();
  });

  it('shows every pair of acme in every mode as the contrast route answers, in a table axe finds nothing wrong with', async () => {
    expect(await page.getByRole('heading', { name: 'Contrast' }).isVisible()).toBe(true);
    const table = await expectTableOf('acme');
    expect(table.rows.map((row) => row.name)).toContain('body-text');
    // The view reads the route of the design system shown, by its slug in the path and never `?designSystem=`.
    expect(contrastRequests).toEqual(['/api/v1/design-systems/acme/contrast']);
    // Named for screen readers: the table by its caption, a cell by its row and column headings.
    expect(await page.getByRole('table', { name: table.caption }).count()).toBe(1);
    expect(await page.getByRole('img', { name: table.rows[0]?.cells['dark']?.swatch ?? '?' }).count()).toBe(1);
    await expectNoAxeViolations();
  });

  it('shows harbor’s five modes, alpha colors included, when it is picked in the switcher', async () => {
    const before = await loads();
    await page.getByLabel('Design system').selectOption('harbor');
    await waitForLoads(before + 1);
    const table = await expectTableOf('harbor');
    expect(table.columns.length).toBe(7);
    expect(contrastRequests.at(-1)).toBe('/api/v1/design-systems/harbor/contrast');
    await expectNoAxeViolations();
  });

  it('reads the route by the slug of a design system whose id differs from it', async () => {
    const before = await loads();
    await page.getByLabel('Design system').selectOption('acme-docs');
    await waitForLoads(before + 1);
    await expectTableOf('acme-docs');
    expect(contrastRequests.at(-1)).toBe('/api/v1/design-systems/acme-docs/contrast');
  });

  it('shows nothing for a design system without pairs', async () => {
    const before = await loads();
    await page.getByLabel('Design system').selectOption('plain');
    await waitForLoads(before + 1);
    expect((await api<{ data: ApiContrast }>('design-systems/plain/contrast')).data.pairs).toEqual([]);
    expect(await page.locator('#contrast').isHidden()).toBe(true);
    expect(await page.locator('#contrast table').count()).toBe(0);
  });

  it('shows a failing pair as the word Fail, live after a commit, and the older pairs when pinned to the first commit', async () => {
    let before = await loads();
    await page.getByLabel('Design system').selectOption('acme');
    await waitForLoads(before + 1);
    const initial = repo.git('rev-parse', 'HEAD').trim();
    const path = 'design-systems/acme/contrast.yaml';
    const written = readFileSync(join(repo.root, path), 'utf8');
    before = await loads();
    repo.write(path, `${written}    primary-button: { foreground: color.text.onPrimary, background: color.brand.primary }\n`);
    repo.commit('Declare the primary button pair');
    await waitForLoads(before + 1);
    await expect.poll(async () => (await readTable(page))?.rows.length).toBe(12);
    const live = await expectTableOf('acme');
    const added = live.rows.find((row) => row.name === 'primary-button');
    expect(added?.cells['dark']).toMatchObject({ ratio: '4.05:1', verdict: 'Fail', needs: 'needs 4.5:1' });
    expect(added?.cells['light']?.verdict).toBe('Pass');
    expect(live.caption).toBe('Contrast of 12 pairs in 2 modes (WCAG 2.2): 1 of 24 fail');
    await expectNoAxeViolations();

    const revisionPicker = page.getByLabel('Revision');
    await revisionPicker.focus();
    await expect.poll(() => page.locator('#revision option').count()).toBe(3);
    before = await loads();
    await revisionPicker.selectOption(initial);
    await waitForLoads(before + 1);
    expect(contrastRequests.at(-1)).toBe(`/api/v1/design-systems/acme/contrast?ref=${initial}`);
    const pinned = await expectTableOf('acme', initial);
    expect(pinned.rows.map((row) => row.name)).not.toContain('primary-button');
  });
});
