import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTailwind } from '../../src/views/formats/css/export-tailwind.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { compileWithTailwind } from '../helpers/tailwind.js';
import { compileNova } from './composites-fixture.js';

/** The body of the first rule whose selector is exactly `selector` (one level of nesting under an at-rule allowed). */
function ruleBody(css: string, selector: string): string | undefined {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) return undefined;
  const open = css.indexOf('{', start);
  return css
    .slice(open + 1, css.indexOf('}', open))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

const CANDIDATES = ['text-heading', 'text-caption', 'md:text-caption', 'max-md:text-heading', 'bg-link', 'dark-dimmed:text-link'];

describe('nova Tailwind v4 export under Tailwind’s compiler: typography utilities, breakpoints', () => {
  let exported: string;
  let compiled: string;
  beforeAll(async () => {
    exported = renderTailwind(compileNova(), {});
    compiled = await compileWithTailwind(exported, CANDIDATES);
  });

  it.each([
    ['text-heading', '1.5rem', '1.25', '-0.02em', '600'],
    ['text-caption', '12px', '16px', '0.5px', '700'],
  ])(
    '%s sets font-size, line-height, letter-spacing and font-weight from the typography token',
    (utility, size, leading, tracking, weight) => {
      const name = utility.slice('text-'.length);
      expect(ruleBody(compiled, `.${utility}`)).toBe(
        [
          `font-size: var(--text-${name});`,
          `line-height: var(--tw-leading, var(--text-${name}--line-height));`,
          `letter-spacing: var(--tw-tracking, var(--text-${name}--letter-spacing));`,
          `font-weight: var(--tw-font-weight, var(--text-${name}--font-weight));`,
        ].join('\n'),
      );
      // Tailwind writes the theme variables the utility uses, with the token's parts (references resolved).
      expect(compiled).toContain(`--text-${name}: ${size};`);
      expect(compiled).toContain(`--text-${name}--line-height: ${leading};`);
      expect(compiled).toContain(`--text-${name}--letter-spacing: ${tracking};`);
      expect(compiled).toContain(`--text-${name}--font-weight: ${weight};`);
    },
  );

  it('the breakpoint dimension replaces Tailwind’s md (48rem) with 52rem, for md: and max-md:', () => {
    expect(exported).toContain('  --breakpoint-md: 52rem;\n');
    expect(compiled).toContain('@media (width >= 52rem) {\n    .md\\:text-caption {');
    expect(compiled).toContain('@media (width < 52rem) {\n    .max-md\\:text-heading {');
    expect(compiled).not.toContain('48rem');
  });

  it('a color alias is a color utility; a further mode is a variant', () => {
    expect(ruleBody(compiled, '.bg-link')).toBe('background-color: var(--ds-color-link);');
    expect(compiled).toContain('.dark-dimmed\\:text-link:where([data-theme="dark-dimmed"], [data-theme="dark-dimmed"] *) {');
  });

  describe.skipIf(!BROWSER_AVAILABLE)('in Chromium', () => {
    let browser: Awaited<ReturnType<typeof launchBrowser>>;
    let page: Page;
    beforeAll(async () => {
      browser = await launchBrowser();
      page = await browser.browser.newPage();
    }, 30_000);
    afterAll(() => browser?.close());

    /** The computed typography of the `class` element at a viewport `width` wide. */
    async function typography(width: number, classes: string): Promise<Record<string, string>> {
      await page.setViewportSize({ width, height: 600 });
      await page.setContent(
        `<!doctype html><html><head><style>${compiled}</style></head><body><p id="p" class="${classes}">x</p></body></html>`,
      );
      return page.evaluate(() => {
        const style = getComputedStyle(document.getElementById('p') as HTMLElement);
        return {
          fontSize: style.fontSize,
          lineHeight: style.lineHeight,
          letterSpacing: style.letterSpacing,
          fontWeight: style.fontWeight,
          color: style.color,
        };
      });
    }

    const HEADING = { fontSize: '24px', lineHeight: '30px', letterSpacing: '-0.48px', fontWeight: '600' };
    const CAPTION = { fontSize: '12px', lineHeight: '16px', letterSpacing: '0.5px', fontWeight: '700' };

    it('text-heading renders the typography token’s four parts', async () => {
      expect(await typography(1000, 'text-heading')).toMatchObject(HEADING);
    });

    // 52rem = 832px: at 800px Tailwind's default md (768px) would apply, ours must not.
    it.each([
      [1000, CAPTION],
      [840, CAPTION],
      [800, HEADING],
      [700, HEADING],
    ])('at %ipx wide, max-md:text-heading md:text-caption follow the 52rem breakpoint', async (width, want) => {
      expect(await typography(width, 'max-md:text-heading md:text-caption')).toMatchObject(want);
    });
  });
});
