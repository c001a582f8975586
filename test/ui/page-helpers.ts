import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every file of a folder of the repository (`design-systems/acme`), keyed by its path relative to the repository root. */
export function filesOf(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (path: string): void => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      if (statSync(child).isDirectory()) walk(child);
      else files[relative(ROOT, child)] = readFileSync(child, 'utf8');
    }
  };
  walk(join(ROOT, folder));
  return files;
}

/** How many times the page has loaded its data (`data-loads` on the root, counted by web/main.ts). */
export async function loadsOf(page: Page): Promise<number> {
  return Number(await page.evaluate(() => document.documentElement.dataset['loads'] ?? '0'));
}

/** Waits until the page has loaded its data `count` times. */
export async function waitForLoads(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => Number(document.documentElement.dataset['loads'] ?? '0') >= n, count);
}

/** axe-core's script, to inject with `page.evaluate(AXE_SOURCE)`. */
export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The axe-core violations of the page (inject {@link AXE_SOURCE} first), with at most three of the nodes of each. */
export function axeViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  });
}

/** The serious and critical axe-core violations of the page in light and in dark. */
export async function seriousViolations(page: Page): Promise<[string, { id: string; nodes: string[] }[]][]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const found: [string, { id: string; nodes: string[] }[]][] = [];
  for (const theme of ['light', 'dark']) {
    await page.evaluate((value) => {
      document.documentElement.dataset['theme'] = value;
      document.documentElement.dataset['scheme'] = value;
    }, theme);
    const violations = (await axeViolations(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    found.push([theme, violations.map(({ id, nodes }) => ({ id, nodes }))]);
  }
  await page.evaluate(() => {
    document.documentElement.dataset['theme'] = 'light';
    document.documentElement.dataset['scheme'] = 'light';
  });
  return found;
}

/** Presses Tab until the focused element matches `selector` (at most `limit` times); fails otherwise. */
export async function tabTo(page: Page, selector: string, limit = 30): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await page.evaluate((wanted) => document.activeElement?.matches(wanted) === true, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(
    `Tab never reached ${selector}; focus is on ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))}`,
  );
}

/**
 * A page of a context of its own (its own session storage) at `url`, with `key` pasted and the data and the change
 * requests loaded; console errors, page errors and a key in any URL are pushed to `problems`.
 */
export async function openWithKey(
  browser: Browser,
  url: string,
  key: string,
  problems: string[],
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.emulateMedia({ reducedMotion: 'reduce' });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (request) => {
    if (request.url().includes(key)) problems.push(`the key is in a URL: ${request.url()}`);
  });
  await page.goto(`${url}/`);
  await page.getByLabel('API key').fill(key);
  await page.keyboard.press('Enter');
  await waitForLoads(page, 1);
  await page.waitForFunction(() => document.getElementById('change-requests')?.dataset['refreshed'] !== undefined);
  return { page, context };
}
