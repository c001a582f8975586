import * as csstree from 'css-tree';
import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../src/compile/types.js';
import { cssPropertyName } from '../../../src/views/shared/css-names.js';
import { renderCss } from '../../../src/views/formats/css/export-css.js';
import { buildDtcgTree } from '../../../src/views/formats/dtcg/export-dtcg-json.js';
import { buildDtcgResolver } from '../../../src/views/formats/dtcg/export-dtcg-resolver.js';
import { buildStrictDtcgTree } from '../../../src/views/formats/dtcg/export-dtcg-strict.js';
import { renderTailwind } from '../../../src/views/formats/css/export-tailwind.js';
import { renderTypeScript } from '../../../src/views/formats/js/export-ts.js';
import { parseCssExport } from '../../helpers/css.js';
import { compileFiles } from '../../helpers/fixtures.js';

// Issue 23, item 3: multi-value spacings, CSS keywords and viewport / font-relative units in every export.

const TOKENS = `tokens:
  spacing.inset.button: { type: spacing, value: [8, 16] }
  spacing.inset.list: { type: spacing, value: [0, 0, 0, 0.875rem] }
  spacing.margin.center: { type: spacing, value: [0, auto] }
  spacing.margin.auto: { type: spacing, value: auto }
  spacing.gutter: { type: spacing, value: 16, modes: { dark: { value: [16, 5vw] } } }
  size.content.max: { type: dimension, value: none }
  size.dialog.width: { type: dimension, value: fit-content }
  size.screen: { type: dimension, value: 100, unit: dvh }
  size.prose: { type: dimension, value: 65, unit: ch }
  size.underline: { type: dimension, value: 0.2, unit: ex }
  font.size.display: { type: font.size, value: 4, unit: vw }
  font.lineHeight.normal: { type: font.lineHeight, value: normal }
  font.letterSpacing.normal: { type: font.letterSpacing, value: normal }
`;

function compileSystem(): CompiledDesignSystem {
  const result = compileFiles('ds', [
    ['ds/system.yaml', 'name: DS\n'],
    ['ds/tokens.yaml', TOKENS],
  ]);
  expect(result.diagnostics).toEqual([]);
  return result.system as CompiledDesignSystem;
}

/** The CSS property each token is meant for: its exported value must match that property's grammar (css-tree). */
const PROPERTY_OF: Readonly<Record<string, string>> = {
  'spacing.inset.button': 'padding',
  'spacing.inset.list': 'padding',
  'spacing.margin.center': 'margin',
  'spacing.margin.auto': 'margin',
  'spacing.gutter': 'padding',
  'size.content.max': 'max-width',
  'size.dialog.width': 'width',
  'size.screen': 'height',
  'size.prose': 'max-inline-size',
  'size.underline': 'text-underline-offset',
  'font.size.display': 'font-size',
  'font.lineHeight.normal': 'line-height',
  'font.letterSpacing.normal': 'letter-spacing',
};

const matchError = (property: string, value: string): string | null =>
  csstree.lexer.matchProperty(property, csstree.parse(value, { context: 'value' })).error?.message ?? null;

describe('exports of multi-value spacings, keywords and viewport / font-relative units', () => {
  it('CSS: each value as written, valid for the property its token is meant for (css-tree), light and dark', () => {
    const system = compileSystem();
    const { rules } = parseCssExport(renderCss(system, { naming: 'kebab-case' }));
    const root = rules.get(':root') as Map<string, string>;
    const light = Object.fromEntries(system.tokens.map((token) => [token.key, root.get(cssPropertyName(token.key, 'kebab-case'))]));
    expect(light).toEqual({
      'font.letterSpacing.normal': 'normal',
      'font.lineHeight.normal': 'normal',
      'font.size.display': '4vw',
      'size.content.max': 'none',
      'size.dialog.width': 'fit-content',
      'size.prose': '65ch',
      'size.screen': '100dvh',
      'size.underline': '0.2ex',
      'spacing.gutter': '16px',
      'spacing.inset.button': '8px 16px',
      'spacing.inset.list': '0px 0px 0px 0.875rem',
      'spacing.margin.auto': 'auto',
      'spacing.margin.center': '0px auto',
    });
    for (const [key, value] of Object.entries(light))
      expect([key, matchError(PROPERTY_OF[key] as string, value as string)]).toEqual([key, null]);
    const dark = rules.get('[data-theme="dark"]');
    expect([...(dark?.entries() ?? [])]).toEqual([['--spacing-gutter', '16px 5vw']]);
    expect(matchError('padding', '16px 5vw')).toBeNull();
  });

  it('DTCG JSON (string values): the CSS text, under the type the token maps to', () => {
    const tree = buildDtcgTree(compileSystem()) as Record<string, Record<string, Record<string, unknown>>>;
    expect(tree['spacing']?.['inset']).toEqual({
      button: { $type: 'dimension', $value: '8px 16px' },
      list: { $type: 'dimension', $value: '0px 0px 0px 0.875rem' },
    });
    expect(tree['spacing']?.['gutter']).toEqual({
      $type: 'dimension',
      $value: '16px',
      $extensions: { 'com.service': { dark: '16px 5vw' } },
    });
    expect(tree['font']?.['lineHeight']).toEqual({ normal: { $type: 'number', $value: 'normal' } });
  });

  it('DTCG 2025.10 strict: a list or a keyword has no DTCG shape and stays under $extensions; a unit DTCG lacks is a number with its unit aside', () => {
    const system = compileSystem();
    const tree = buildStrictDtcgTree(system) as Record<string, Record<string, Record<string, unknown>>>;
    expect(tree['spacing']?.['inset']?.['button']).toEqual({ $extensions: { 'com.service': { type: 'spacing', value: '8px 16px' } } });
    expect(tree['spacing']?.['margin']?.['auto']).toEqual({ $extensions: { 'com.service': { type: 'spacing', value: 'auto' } } });
    expect(tree['size']?.['content']).toEqual({ max: { $extensions: { 'com.service': { type: 'dimension', value: 'none' } } } });
    // A value DTCG can hold in light only: the whole token stays under $extensions, every mode with it.
    expect(tree['spacing']?.['gutter']).toEqual({
      $extensions: { 'com.service': { type: 'spacing', value: '16px', dark: '16px 5vw' } },
    });
    expect(tree['size']?.['screen']).toEqual({ $type: 'number', $value: 100, $extensions: { 'com.service': { unit: 'dvh' } } });
    expect(tree['font']?.['size']).toEqual({
      display: { $type: 'number', $value: 4, $extensions: { 'com.service': { unit: 'vw' } } },
    });
    // The resolver's dark context names only tokens it can give a DTCG value.
    const resolver = buildDtcgResolver(system) as { modifiers: { theme: { contexts: Record<string, unknown[]> } } };
    expect(resolver.modifiers.theme.contexts['dark']).toEqual([{}]);
  });

  it('TypeScript and Tailwind: the CSS text', () => {
    const system = compileSystem();
    const typescript = renderTypeScript(system);
    expect(typescript).toContain('      button: "8px 16px",\n');
    expect(typescript).toContain('      center: "0px auto",\n');
    expect(typescript).toContain('    screen: "100dvh",\n');
    const tailwind = renderTailwind(system, {});
    expect(tailwind).toContain('  --spacing-inset-button: 8px 16px;\n');
    expect(tailwind).toContain('  --spacing-margin-auto: auto;\n');
    expect(tailwind).toContain('  --leading-normal: normal;\n');
    expect(tailwind).toContain('  --text-display: 4vw;\n');
    expect(tailwind).toContain('  --spacing-gutter: var(--ds-spacing-gutter);\n');
    expect(tailwind).toContain('  --ds-spacing-gutter: 16px 5vw;\n');
  });
});
