import type { Page } from 'playwright-core';
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
