import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';

/** Debian's Chromium, installed by scripts/install-test-browser.sh (CI runs it). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Whether browser tests run: always in CI (a missing browser then fails them), elsewhere only when Chromium is
 * installed. Use with `describe.skipIf(!BROWSER_AVAILABLE)`.
 */
export const BROWSER_AVAILABLE = process.env['CI'] !== undefined || existsSync(CHROMIUM_PATH);

if (!BROWSER_AVAILABLE) {
  console.warn(
    `Browser tests skipped: ${CHROMIUM_PATH} is missing (run scripts/install-test-browser.sh as root). In CI they run and fail instead.`,
  );
}

/**
 * A headless Chromium. Playwright starts it with a fresh temporary profile (its own `--user-data-dir`, deleted on
 * close); `close()` ends it.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return { browser, close: () => browser.close() };
}
