import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { renderTailwind, tailwindVariable } from '../../src/views/formats/css/export-tailwind.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../helpers/browser.js';
import { compileWithTailwind } from '../helpers/tailwind.js';
import { compileExample } from '../helpers/fixtures.js';
import { AURORA_MODES, compileAurora } from '../views/modes-fixture.js';

/** Utility, CSS property it sets, token whose value it must carry. */
const UTILITIES = [
  ['bg-brand-primary', 'background-color', 'color.brand.primary'],
  ['text-text-default', 'color', 'color.text.default'],
  ['p-md', 'padding-top', 'spacing.md'],
  ['gap-2xl', 'row-gap', 'spacing.2xl'],
  ['rounded-lg', 'border-top-left-radius', 'radius.lg'],
  ['text-2xl', 'font-size', 'font.size.2xl'],
  ['font-heading', 'font-family', 'font.family.heading'],
  ['font-bold', 'font-weight', 'font.weight.bold'],
  ['leading-body', 'line-height', 'font.lineHeight.body'],
  ['tracking-caps', 'letter-spacing', 'font.letterSpacing.caps'],
  ['shadow-md', 'box-shadow', 'shadow.md'],
  ['ease-bounce', 'transition-timing-function', 'easing.bounce'],
  ['duration-fade', 'transition-duration', 'duration.fade'],
  ['opacity-muted', 'opacity', 'opacity.muted'],
  ['z-modal', 'z-index', 'z-index.modal'],
] as const;

describe('Tailwind CSS v4 export', () => {
  let system: CompiledDesignSystem;
  let compiled: string;
  beforeAll(async () => {
    system = await compileExample('acme');
    compiled = await compileWithTailwind(
      renderTailwind(system, {}),
      UTILITIES.map(([utility]) => utility),
    );
  });

  it('maps token types to Tailwind namespaces', () => {
    const variable = (key: string): string | undefined => tailwindVariable(system.tokens.find((token) => token.key === key)!);
    expect(UTILITIES.map(([, , key]) => variable(key))).toEqual([
      '--color-brand-primary',
      '--color-text-default',
      '--spacing-md',
      '--spacing-2xl',
      '--radius-lg',
      '--text-2xl',
      '--font-heading',
      '--font-weight-bold',
      '--leading-body',
      '--tracking-caps',
      '--shadow-md',
      '--ease-bounce',
      '--transition-duration-fade',
      '--opacity-muted',
      '--z-index-modal',
    ]);
    expect(variable('feature.betaBadges')).toBeUndefined();
  });

  it('makes Tailwind’s compiler generate every utility from our variables', () => {
    for (const [utility] of UTILITIES) expect(compiled, utility).toMatch(new RegExp(`\\.${utility.replace(/[-]/g, '\\-')} \\{`));
    expect(compiled).toContain('.bg-brand-primary {\n    background-color: var(--ds-color-brand-primary);\n  }');
    expect(compiled).toContain('.p-md {\n    padding: var(--spacing-md);\n  }');
    expect(compiled).toContain('--spacing-md: 16px;');
  });

  describe.skipIf(!BROWSER_AVAILABLE)('in Chromium', () => {
    let browser: Awaited<ReturnType<typeof launchBrowser>>;
    let page: Page;
    beforeAll(async () => {
      browser = await launchBrowser();
      page = await browser.browser.newPage();
    }, 30_000);
    afterAll(() => browser?.close());

    /** For each utility, the computed value of its property on an element that has it, light then with data-theme="dark". */
    async function readUtilities(): Promise<{ light: string[]; dark: string[] }> {
      const body = UTILITIES.map(([utility], index) => `<div id="u${index}" class="${utility}">x</div>`).join('');
      await page.setContent(`<!doctype html><html><head><style>${compiled}</style></head><body>${body}</body></html>`);
      const read = (): Promise<string[]> =>
        page.evaluate(
          (rows) =>
            rows.map(([, property], index) =>
              getComputedStyle(document.getElementById(`u${index}`) as HTMLElement).getPropertyValue(property as string),
            ),
          UTILITIES.map((row) => [...row]),
        );
      const light = await read();
      await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
      return { light, dark: await read() };
    }

    it('utilities carry our values, and the dark ones under data-theme="dark"', async () => {
      const computed = await readUtilities();
      // What Chromium computes for the same values set directly.
      const expected = async (mode: 'light' | 'dark'): Promise<string[]> => {
        const values = UTILITIES.map(([, property, key]): [string, string] => {
          const token = system.tokens.find((each) => each.key === key)!;
          return [property, formatCssValue(token.resolved[mode])];
        });
        await page.setContent(
          `<!doctype html><html><body>${values.map(([property, value], index) => `<div id="e${index}" style="${property}: ${value.replace(/"/g, '&quot;')}">x</div>`).join('')}</body></html>`,
        );
        return page.evaluate(
          (rows) =>
            rows.map(([property], index) =>
              getComputedStyle(document.getElementById(`e${index}`) as HTMLElement).getPropertyValue(property),
            ),
          values,
        );
      };
      // Tailwind's shadow utilities put four transparent ring and inset layers before the shadow itself.
      const withoutRings = (values: string[]): string[] =>
        values.map((value) => value.replaceAll('rgba(0, 0, 0, 0) 0px 0px 0px 0px, ', ''));
      expect(withoutRings(computed.light)).toEqual(await expected('light'));
      expect(withoutRings(computed.dark)).toEqual(await expected('dark'));
      expect(computed.light[0]).toBe('rgb(37, 99, 235)');
      expect(computed.light[2]).toBe('16px');
      expect(computed.dark[0]).not.toBe(computed.light[0]);
    });
  });
});

/** The `@layer utilities` block of a Tailwind build. */
function utilitiesOf(compiled: string): string {
  const start = compiled.indexOf('@layer utilities {');
  return compiled.slice(start, compiled.indexOf('\n}\n', start) + 3);
}

describe('Tailwind CSS v4 export of a design system with four modes', () => {
  let system: CompiledDesignSystem;
  let compiled: string;
  let compiledMedia: string;
  const CANDIDATES = [
    'bg-canvas',
    'dark-dimmed:bg-canvas',
    'light-high-contrast:rounded-card',
    'light-high-contrast:bg-fg-default',
    'rounded-card',
    'bg-focus',
  ];
  beforeAll(async () => {
    system = compileAurora();
    compiled = await compileWithTailwind(renderTailwind(system, {}), CANDIDATES);
    compiledMedia = await compileWithTailwind(renderTailwind(system, { theme: 'media' }), CANDIDATES);
  });

  /** The utilities every build shares, then the variant rules each test gives. */
  const utilities = (...variants: string[]): string =>
    [
      '@layer utilities {',
      '  .rounded-card {',
      '    border-radius: var(--ds-radius-card);',
      '  }',
      '  .bg-canvas {',
      '    background-color: var(--ds-color-canvas);',
      '  }',
      '  .bg-focus {',
      '    background-color: var(--color-focus);',
      '  }',
      '  .dark-dimmed\\:bg-canvas:where([data-theme="dark-dimmed"], [data-theme="dark-dimmed"] *) {',
      '    background-color: var(--ds-color-canvas);',
      '  }',
      ...variants,
      '}',
      '',
    ].join('\n');

  it('gives each further mode a variant whose rules apply under [data-theme="<mode>"]', () => {
    expect(utilitiesOf(compiled)).toBe(
      utilities(
        '  .light-high-contrast\\:rounded-card:where([data-theme="light-high-contrast"], [data-theme="light-high-contrast"] *) {',
        '    border-radius: var(--ds-radius-card);',
        '  }',
        '  .light-high-contrast\\:bg-fg-default:where([data-theme="light-high-contrast"], [data-theme="light-high-contrast"] *) {',
        '    background-color: var(--ds-color-fg-default);',
        '  }',
      ),
    );
  });

  it('with theme=media, puts the variant of a mode the OS switches on under that mode’s media query', () => {
    expect(utilitiesOf(compiledMedia)).toBe(
      utilities(
        '  @media (prefers-color-scheme: light) and (prefers-contrast: more) {',
        '    .light-high-contrast\\:rounded-card {',
        '      border-radius: var(--ds-radius-card);',
        '    }',
        '    .light-high-contrast\\:bg-fg-default {',
        '      background-color: var(--ds-color-fg-default);',
        '    }',
        '  }',
      ),
    );
  });

  it('switches the variables behind the theme in one rule per mode', () => {
    const rule = (selector: string): string => {
      const start = compiled.indexOf(`\n${selector} {\n`);
      return start < 0 ? '' : compiled.slice(start + 1, compiled.indexOf('\n}\n', start) + 2);
    };
    expect(rule('[data-theme="dark-dimmed"]')).toBe(
      [
        '[data-theme="dark-dimmed"] {',
        '  --ds-color-backdrop: #00000080;',
        '  --ds-color-canvas: #212830;',
        '  --ds-color-fg-default: #212830;',
        '  --ds-shadow-card: 0px 1px 3px 0px rgba(33, 40, 48, 0.2);',
        '}',
      ].join('\n'),
    );
    expect(rule('[data-theme="light-high-contrast"]')).toBe(
      [
        '[data-theme="light-high-contrast"] {',
        '  --ds-color-backdrop: #1F232866;',
        '  --ds-color-canvas: #FFFFFF;',
        '  --ds-color-fg-default: #010409;',
        '  --ds-radius-card: 0px;',
        '  --ds-shadow-card: 0px 1px 3px 0px rgba(1, 4, 9, 0.2);',
        '}',
      ].join('\n'),
    );
  });

  describe.skipIf(!BROWSER_AVAILABLE)('in Chromium', () => {
    let browser: Awaited<ReturnType<typeof launchBrowser>>;
    let page: Page;
    beforeAll(async () => {
      browser = await launchBrowser();
      page = await browser.browser.newPage();
    }, 30_000);
    afterAll(() => browser?.close());

    const rgb = (key: string, mode: string): string => {
      const value = system.tokens.find((token) => token.key === key)?.resolved[mode];
      if (value?.kind !== 'color') throw new Error(`${key} has no color in ${mode}`);
      const { red, green, blue, alpha } = value.color;
      return alpha === 1 ? `rgb(${red}, ${green}, ${blue})` : `rgba(${red}, ${green}, ${blue}, ${alpha})`;
    };

    type Media = { colorScheme: 'light' | 'dark'; contrast: 'more' | 'no-preference' };
    /**
     * Loads `stylesheet` under the OS preferences `media` with `data-theme` on <html>, and reads what Chromium
     * computes: a plain `bg-canvas rounded-card` element, and the background of one with a variant per further mode.
     */
    async function read(stylesheet: string, media: Media, theme: string | null): Promise<string[]> {
      await page.emulateMedia(media);
      await page.setContent(
        `<!doctype html><html><head><style>${stylesheet}</style></head><body>` +
          '<div id="plain" class="bg-canvas rounded-card">x</div>' +
          '<div id="variant" class="bg-focus dark-dimmed:bg-canvas light-high-contrast:bg-fg-default">x</div></body></html>',
      );
      return page.evaluate((attribute) => {
        if (attribute !== null) document.documentElement.setAttribute('data-theme', attribute);
        const style = (id: string): CSSStyleDeclaration => getComputedStyle(document.getElementById(id) as HTMLElement);
        return [style('plain').backgroundColor, style('plain').borderTopLeftRadius, style('variant').backgroundColor];
      }, theme);
    }

    /** What `read` sees when `mode` is in force: the mode's values, and only that mode's variant. */
    const inForce = (mode: string): string[] => [
      rgb('color.canvas', mode),
      mode === 'light-high-contrast' ? '0px' : '6px',
      { 'dark-dimmed': rgb('color.canvas', mode), 'light-high-contrast': rgb('color.fg.default', mode) }[mode] ?? rgb('color.focus', mode),
    ];
    const OS_LIGHT: Media = { colorScheme: 'light', contrast: 'no-preference' };

    it.each(AURORA_MODES)('data-theme="%s": the utilities show that mode, the variant only its own', async (mode) => {
      expect(await read(compiled, OS_LIGHT, mode)).toEqual(inForce(mode));
    });

    it.each<[string, Media, string | null, string]>([
      ['OS light', OS_LIGHT, null, 'light'],
      ['OS dark', { colorScheme: 'dark', contrast: 'no-preference' }, null, 'dark'],
      ['OS light + more contrast', { colorScheme: 'light', contrast: 'more' }, null, 'light-high-contrast'],
      ['OS dark + data-theme="dark-dimmed"', { colorScheme: 'dark', contrast: 'no-preference' }, 'dark-dimmed', 'dark-dimmed'],
    ])('theme=media, %s: the variables and the variant of the mode in force', async (_name, media, theme, mode) => {
      expect(await read(compiledMedia, media, theme)).toEqual(inForce(mode));
    });
  });
});
