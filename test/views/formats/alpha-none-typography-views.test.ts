import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { CompiledDesignSystem, Token } from '../../../src/compile/types.js';
import { renderToken } from '../../../src/views/api/api-views.js';
import { renderCss } from '../../../src/views/formats/css/export-css.js';
import { buildDtcgTree } from '../../../src/views/formats/dtcg/export-dtcg-json.js';
import { buildDtcgResolver } from '../../../src/views/formats/dtcg/export-dtcg-resolver.js';
import { buildStrictDtcgTree } from '../../../src/views/formats/dtcg/export-dtcg-strict.js';
import { renderTailwind } from '../../../src/views/formats/css/export-tailwind.js';
import { renderTypeScript } from '../../../src/views/formats/js/export-ts.js';
import { BROWSER_AVAILABLE, launchBrowser } from '../../helpers/browser.js';
import { parseCssExport } from '../../helpers/css.js';
import { compileFiles } from '../../helpers/fixtures.js';
import { compileWithTailwind } from '../../helpers/tailwind.js';

/**
 * Every export of what issue 23 lets the format hold: a color `ref` with its own `alpha` (per mode too), `value: none`
 * for a shadow, border or gradient in the base or one mode, a typography without some parts. Modes: light, dark, dim
 * (on dark).
 */
const FILES: Record<string, string> = {
  'ds/system.yaml': 'name: DS\nmodes:\n  dim: { base: dark }\n',
  'ds/scales.yaml': 'scales:\n  gray:\n    900: { light: "#1F2328", dark: "#F0F6FC", dim: "#D1D9E0" }\n',
  'ds/tokens.yaml': [
    'tokens:',
    '  color.fg: { type: color, scale: gray, step: 900 }',
    '  color.muted: { type: color, ref: color.fg, alpha: 0.5 }',
    '  color.overlay: { type: color, ref: color.fg, alpha: 0.5, modes: { dark: { alpha: 0.3 } } }',
    '  shadow.card: { type: shadow, layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "#00000033" }], modes: { dark: { value: none } } }',
    '  shadow.flat: { type: shadow, value: none }',
    '  border.focus: { type: border, value: none, modes: { dark: { width: 1px, style: solid, color: "#0969DA" } } }',
    '  gradient.hero:',
    '    type: gradient',
    '    stops: [{ color: "#000000", position: 0 }, { color: "#FFFFFF", position: 1 }]',
    '    modes: { dim: { value: none } }',
    '  typography.caption: { type: typography, fontSize: 12px }',
    '  typography.body: { type: typography, fontFamily: Inter, fontSize: 16px, lineHeight: 1.5 }',
    '',
  ].join('\n'),
};

function compile(): CompiledDesignSystem {
  const { system, diagnostics } = compileFiles('ds', Object.entries(FILES));
  expect(diagnostics).toEqual([]);
  return system as CompiledDesignSystem;
}

/** The declarations of the rule that starts with `selector`, as one text. */
function block(css: string, selector: string): string {
  const start = css.indexOf(`${selector} {\n`);
  expect(start).toBeGreaterThanOrEqual(0);
  return css.slice(start, css.indexOf('\n}\n', start) + 3);
}

const TRANSPARENT = { colorSpace: 'srgb', components: [0, 0, 0], alpha: 0, hex: '#000000' };
const ZERO = { value: 0, unit: 'px' };

describe('ref with alpha, none, and typography parts in the exports', () => {
  const system = compile();

  it('CSS: resolved alphas, `none`, and a `font` shorthand without the parts left out (their own properties `normal`)', () => {
    const css = renderCss(system, { naming: 'kebab-case' });
    parseCssExport(css);
    expect(block(css, ':root')).toBe(
      [
        ':root {',
        '  --border-focus: none;',
        '  --color-fg: #1F2328;',
        '  --color-muted: #1F232880;',
        '  --color-overlay: #1F232880;',
        '  --gradient-hero: linear-gradient(180deg, #000000 0%, #FFFFFF 100%);',
        '  --shadow-card: 0px 1px 2px 0px rgba(0, 0, 0, 0.2);',
        '  --shadow-flat: none;',
        '  --typography-body: 16px/1.5 Inter;',
        '  --typography-body-font-family: Inter;',
        '  --typography-body-font-size: 16px;',
        '  --typography-body-font-weight: normal;',
        '  --typography-body-line-height: 1.5;',
        '  --typography-body-letter-spacing: 0px;',
        '  --typography-caption: 12px sans-serif;',
        '  --typography-caption-font-family: sans-serif;',
        '  --typography-caption-font-size: 12px;',
        '  --typography-caption-font-weight: normal;',
        '  --typography-caption-line-height: normal;',
        '  --typography-caption-letter-spacing: 0px;',
        '}\n',
      ].join('\n'),
    );
    expect(block(css, '[data-theme="dark"]')).toBe(
      [
        '[data-theme="dark"] {',
        '  --border-focus: 1px solid #0969DA;',
        '  --color-fg: #F0F6FC;',
        '  --color-muted: #F0F6FC80;',
        '  --color-overlay: #F0F6FC4D;',
        '  --shadow-card: none;',
        '}\n',
      ].join('\n'),
    );
    expect(block(css, '[data-theme="dim"]')).toContain('  --gradient-hero: none;\n');
  });

  it('CSS with references=keep: a `ref` with `alpha` as relative color syntax from the variable it names', () => {
    const css = renderCss(system, { naming: 'kebab-case', references: 'keep' });
    parseCssExport(css);
    const root = block(css, ':root');
    expect(root).toContain('  --color-muted: rgb(from var(--color-fg) r g b / 0.5);\n');
    expect(root).toContain('  --color-overlay: rgb(from var(--color-fg) r g b / 0.5);\n');
    // Worked out again where a mode is switched on; redeclared where its alpha differs.
    expect(block(css, '[data-theme]')).toBe('[data-theme] {\n  --color-muted: rgb(from var(--color-fg) r g b / 0.5);\n}\n');
    expect(block(css, '[data-theme="dark"]')).toContain('  --color-overlay: rgb(from var(--color-fg) r g b / 0.3);\n');
    expect(block(css, '[data-theme="dark"]')).not.toContain('--color-muted');
  });

  it('API: a token read by path says the alpha beside the chain it resolves through', () => {
    const muted = system.tokens.find((token) => token.key === 'color.muted');
    const served = renderToken(muted as Token, new Map(system.tokens.map((token) => [token.key, token])));
    expect(served.data).toMatchObject({
      value: { ref: 'color.fg', alpha: 0.5 },
      references: { dark: { chain: ['color.fg'], alpha: 0.5 } },
    });
  });

  it('DTCG JSON: `none` and the CSS texts, per mode', () => {
    const tree = buildDtcgTree(system) as Record<string, Record<string, Record<string, unknown>>>;
    expect(tree['color']?.['muted']).toEqual({
      $type: 'color',
      $value: '#1F232880',
      $extensions: { 'com.service': { dark: '#F0F6FC80', modes: { dim: '#D1D9E080' } } },
    });
    expect(tree['shadow']?.['card']?.['$extensions']).toEqual({ 'com.service': { dark: 'none', modes: { dim: 'none' } } });
    expect(tree['typography']?.['caption']?.['$value']).toBe('12px sans-serif');
  });

  it('strict DTCG: `none` as what renders the same, the modes that are `none` and the parts left out noted; alpha refs resolved', () => {
    const tree = buildStrictDtcgTree(system, 'reference', 'keep') as Record<string, Record<string, Record<string, unknown>>>;
    expect(tree['color']?.['muted']?.['$value']).toEqual({
      colorSpace: 'srgb',
      components: [0.1216, 0.1373, 0.1569],
      alpha: 0.5,
      hex: '#1F2328',
    });
    expect(tree['shadow']?.['flat']).toEqual({
      $type: 'shadow',
      $value: { color: TRANSPARENT, offsetX: ZERO, offsetY: ZERO, blur: ZERO, spread: ZERO },
      $extensions: { 'com.service': { none: ['light', 'dark', 'dim'] } },
    });
    expect(tree['shadow']?.['card']?.['$extensions']).toEqual({
      'com.service': {
        dark: { color: TRANSPARENT, offsetX: ZERO, offsetY: ZERO, blur: ZERO, spread: ZERO },
        modes: { dim: { color: TRANSPARENT, offsetX: ZERO, offsetY: ZERO, blur: ZERO, spread: ZERO } },
        none: ['dark', 'dim'],
      },
    });
    expect(tree['border']?.['focus']?.['$value']).toEqual({ color: TRANSPARENT, width: ZERO, style: 'solid' });
    expect(tree['gradient']?.['hero']?.['$extensions']).toEqual({
      'com.service': {
        modes: {
          dim: [
            { color: TRANSPARENT, position: 0 },
            { color: TRANSPARENT, position: 1 },
          ],
        },
        none: ['dim'],
      },
    });
    expect(tree['typography']?.['caption']).toEqual({
      $type: 'typography',
      $value: { fontFamily: ['sans-serif'], fontSize: { value: 12, unit: 'px' }, fontWeight: 400, lineHeight: 1.2, letterSpacing: ZERO },
      $extensions: { 'com.service': { omitted: ['fontFamily', 'fontWeight', 'lineHeight'] } },
    });
    // The resolver's contexts hold the same equivalents, never a `$value` DTCG cannot read.
    const resolver = buildDtcgResolver(system) as {
      modifiers: { theme: { contexts: Record<string, [Record<string, Record<string, unknown>>]> } };
    };
    expect(resolver.modifiers.theme.contexts['dark']?.[0]['shadow']?.['card']).toEqual({
      $type: 'shadow',
      $value: { color: TRANSPARENT, offsetX: ZERO, offsetY: ZERO, blur: ZERO, spread: ZERO },
    });
    expect(JSON.stringify(resolver)).not.toContain('"$value":"none"');
  });

  it('TypeScript: `none`, and `normal` for the typography parts left out', () => {
    const module = renderTypeScript(system);
    expect(module).toContain(
      '    caption: {\n      fontFamily: "sans-serif",\n      fontSize: "12px",\n      fontWeight: "normal",\n      lineHeight: "normal",\n      letterSpacing: "0px",\n    },\n',
    );
    expect(module).toContain('    flat: "none",\n');
    expect(module).toContain('    muted: "#1F232880",\n');
  });

  it('Tailwind: a `none` shadow as Tailwind’s own `0 0 #0000`, which its shadow utilities can list', async () => {
    const css = renderTailwind(system, {});
    expect(css).toContain('  --shadow-flat: 0 0 #0000;\n');
    expect(block(css, '[data-theme="dark"]')).toContain('  --ds-shadow-card: 0 0 #0000;\n');
    expect(css).toContain(
      '  --text-caption--line-height: normal;\n  --text-caption--letter-spacing: 0px;\n  --text-caption--font-weight: normal;\n',
    );
    const built = await compileWithTailwind(css, ['shadow-flat', 'shadow-card', 'text-caption']);
    expect(built).toContain('--tw-shadow: 0 0 var(--tw-shadow-color, #0000);');
    expect(built).not.toMatch(/--tw-shadow: [^;]*none/);
  });
});

/**
 * Chromium renders what the CSS export writes as designed: a relative color from a variable (`references=keep`) as the
 * resolved hex, `none` as no shadow, border or gradient, and a `font` shorthand without weight and line height as
 * `normal` ones, beside the per-part properties.
 */
describe.skipIf(!BROWSER_AVAILABLE)('the CSS export in Chromium', () => {
  const system = compile();
  let browser: Browser;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ browser, close } = await launchBrowser());
  }, 30_000);
  afterAll(async () => close());

  const PROBES = [
    '<div id="muted" style="width:40px;height:40px;background:var(--color-muted)"></div>',
    '<div id="overlay" style="width:40px;height:40px;background:var(--color-overlay)"></div>',
    '<div id="card" style="box-shadow:var(--shadow-card);border:var(--border-focus);background-image:var(--gradient-hero)">x</div>',
    '<p id="caption" style="font:var(--typography-caption)">x</p>',
    '<p id="parts" style="font-family:var(--typography-caption-font-family);font-size:var(--typography-caption-font-size);font-weight:var(--typography-caption-font-weight);line-height:var(--typography-caption-line-height)">x</p>',
  ].join('');

  async function render(references: 'resolve' | 'keep', theme: string) {
    const page = await browser.newPage();
    const css = renderCss(system, { naming: 'kebab-case', references });
    await page.setContent(
      `<html data-theme="${theme}"><head><style>${css}</style></head><body style="margin:0;background:#fff">${PROBES}</body></html>`,
    );
    const computed = await page.evaluate(() => {
      const style = (id: string) => getComputedStyle(document.getElementById(id) as HTMLElement);
      const font = (id: string) => {
        const s = style(id);
        return [s.fontFamily, s.fontSize, s.fontWeight, s.lineHeight].join(' | ');
      };
      const card = style('card');
      return {
        card: [card.boxShadow, card.borderTopStyle, card.borderTopWidth, card.backgroundImage].join(' | '),
        caption: font('caption'),
        parts: font('parts'),
      };
    });
    const pixels = await page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 80 } });
    await page.close();
    return { computed, pixels };
  }

  it.each(['light', 'dark', 'dim'])('renders the relative colors of references=keep like the resolved hex, in %s', async (theme) => {
    const resolved = await render('resolve', theme);
    const kept = await render('keep', theme);
    expect(kept.pixels.equals(resolved.pixels)).toBe(true);
    expect(kept.computed).toEqual(resolved.computed);
  });

  it('renders `none` as no shadow, border or gradient, and the shorthand like its parts', async () => {
    const dark = await render('resolve', 'dark');
    expect(dark.computed.card).toBe('none | solid | 1px | linear-gradient(rgb(0, 0, 0) 0%, rgb(255, 255, 255) 100%)');
    const dim = await render('resolve', 'dim');
    expect(dim.computed.card).toBe('none | solid | 1px | none');
    const light = await render('resolve', 'light');
    expect(light.computed.card.startsWith('rgba(0, 0, 0, 0.2) 0px 1px 2px 0px | none | 0px | ')).toBe(true);
    expect(light.computed.caption).toBe('sans-serif | 12px | 400 | normal');
    expect(light.computed.parts).toBe(light.computed.caption);
  });
});
