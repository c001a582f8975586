import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem, Token, TypedValue } from '../../src/compile/types.js';
import { widthInPx } from '../../src/compile/fields/read-breakpoints.js';
import { renderCss } from '../../src/views/formats/css/export-css.js';
import { cssPropertyName } from '../../src/views/shared/css-names.js';
import { fluidLine, formatCssValue } from '../../src/views/shared/css-values.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { compileFixture } from '../helpers/fixtures.js';

/** A token's value at viewport width `width` in `mode`: the last breakpoint at or below the width, mobile first. */
function valueAt(system: CompiledDesignSystem, token: Token, mode: string, width: number): TypedValue {
  let value = token.resolved[mode] as TypedValue;
  for (const breakpoint of system.breakpoints ?? []) {
    if (widthInPx(breakpoint.minWidth) <= width) value = token.responsive?.[breakpoint.name]?.[mode] ?? value;
  }
  return value;
}

/** What a fluid value is at `width` px by its linear formula, clamped to its ends. */
function fluidPx(value: TypedValue, width: number): number {
  if (value.kind !== 'dimension' || value.fluid === undefined) throw new Error('not fluid');
  const { slope, intercept } = fluidLine(value.fluid);
  const px = (length: { value: number; unit: string }): number => (length.unit === 'rem' ? length.value * 16 : length.value);
  const [low, high] = [px(value.fluid.min), px(value.fluid.max)].sort((a, b) => a - b) as [number, number];
  return Math.min(high, Math.max(low, intercept + slope * width));
}

/** Every custom property on the element that switches the mode, and the used width of a probe sized by each fluid token, at the page's width. */
async function readTokens(
  page: Page,
  names: readonly string[],
  fluid: readonly string[],
): Promise<{ texts: Record<string, string>; widths: Record<string, number> }> {
  return page.evaluate(
    ([all, sized]) => {
      const root = getComputedStyle(document.getElementById('scope') as HTMLElement);
      const texts: Record<string, string> = {};
      for (const name of all ?? []) texts[name] = root.getPropertyValue(name).trim();
      const widths: Record<string, number> = {};
      for (const name of sized ?? []) widths[name] = (document.getElementById(`probe${name}`) as HTMLElement).getBoundingClientRect().width;
      return { texts, widths };
    },
    [names, fluid] as const,
  );
}

const MODES = ['light', 'dark', 'dark-dimmed'] as const;

describe.skipIf(!BROWSER_AVAILABLE)('CSS export of breakpoints and fluid values in Chromium', () => {
  let system: CompiledDesignSystem;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let page: Page;
  let responsive: Token[];
  let fluid: Token[];
  beforeAll(async () => {
    system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    responsive = system.tokens.filter((token) => token.responsive !== undefined);
    fluid = system.tokens.filter((token) =>
      Object.values(token.resolved).some((value) => value.kind === 'dimension' && value.fluid !== undefined),
    );
    browser = await launchBrowser();
    page = await browser.browser.newPage();
  }, 30_000);
  afterAll(() => browser?.close());

  const name = (token: Token): string => cssPropertyName(token.key, 'kebab-case');

  async function load(mode: string, width: number): Promise<void> {
    await page.setViewportSize({ width, height: 600 });
    const css = renderCss(system, { naming: 'kebab-case' });
    const probes = fluid.map((token) => `<div id="probe${name(token)}" style="width: var(${name(token)}); height: 1px"></div>`).join('');
    // The mode is switched on an element inside the page, not on `<html>`: each mode's rules must hold there on their own.
    const theme = mode === 'light' ? '' : ` data-theme="${mode}"`;
    await page.setContent(
      `<!doctype html><html><head><style>body { margin: 0 }</style><style>${css}</style></head><body><div id="scope"${theme}>${probes}</div></body></html>`,
    );
  }

  // Below, on and above each breakpoint (md at 48rem = 768px, lg at 1024px).
  const WIDTHS = [320, 767, 768, 769, 1023, 1024, 1025, 1440];

  it.each(MODES.flatMap((mode) => WIDTHS.map((width) => [mode, width] as const)))(
    'in %s at %ipx, every responsive token is its declared value there',
    async (mode, width) => {
      await load(mode, width);
      const tokens = [...responsive, ...fluid.filter((token) => token.responsive === undefined)];
      const { texts } = await readTokens(page, tokens.map(name), []);
      const want = Object.fromEntries(tokens.map((token) => [name(token), formatCssValue(valueAt(system, token, mode, width))]));
      expect(texts).toEqual(want);
      expect(Object.keys(want).length).toBe(6);
    },
  );

  // Five widths per stretch of a fluid value: below its `from`, at it, between, at its `to`, above (within its breakpoint).
  it.each(MODES.flatMap((mode) => [[mode, [200, 320, 500, 767, 1000]] as const, [mode, [1024, 1100, 1300, 1440, 1600]] as const]))(
    'in %s, a fluid token is within 0.5px of its linear formula at %j px',
    async (mode, widths) => {
      for (const width of widths) {
        await load(mode, width);
        const { widths: seen } = await readTokens(page, [], fluid.map(name));
        for (const token of fluid) {
          const want = fluidPx(valueAt(system, token, mode, width), width);
          expect(
            Math.abs((seen[name(token)] ?? Number.NaN) - want),
            `${token.key} at ${width}px: ${seen[name(token)]} vs ${want}`,
          ).toBeLessThanOrEqual(0.5);
        }
      }
    },
  );
});
