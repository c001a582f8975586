import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

type Result = ReturnType<typeof importDesignSystem>;

const importFiles = (files: Record<string, unknown>) =>
  importDesignSystem(
    Object.entries(files).map(([path, document]) => ({ path, text: JSON.stringify(document, null, 2) })),
    { slug: 'hints', name: 'Hints' },
  );

const typesOf = (result: Result) => Object.fromEntries(result.tokens.map((token) => [token.key, token.type]));
const cssOf = (result: Result) =>
  Object.fromEntries((result.compiled.system?.tokens ?? []).map((token) => [token.key, formatCssValue(token.resolved['light'] as never)]));

const SCHEMA = 'https://opensource.adobe.com/spectrum-design-data/schemas/token-types';

/** Shaped like Spectrum's sources: no `type`, the type named by each token's `$schema`. */
const SPECTRUM_LIKE = {
  'src/global-vars.json': {
    'opacity-disabled': { $schema: `${SCHEMA}/opacity.json`, value: '0.3', uuid: '1' },
    'body-margin-multiplier': { $schema: `${SCHEMA}/multiplier.json`, value: 0.75, uuid: '2' },
    'bold-font-weight': { $schema: `${SCHEMA}/font-weight.json`, value: 'bold', uuid: '3' },
    'extra-bold-font-weight': { $schema: `${SCHEMA}/font-weight.json`, value: 'extra-bold', uuid: '4' },
    'code-font-family': { $schema: `${SCHEMA}/font-family.json`, value: 'Source Code Pro', uuid: '5' },
    'font-size-100': { $schema: `${SCHEMA}/font-size.json`, value: '14px', uuid: '6' },
    'default-font-style': { $schema: `${SCHEMA}/font-style.json`, value: 'italic', uuid: '7' },
    'drop-shadow-ambient-color': { $schema: `${SCHEMA}/color.json`, value: 'rgba(0, 0, 0, 0.12)', uuid: '8' },
    'drop-shadow-elevated': {
      $schema: `${SCHEMA}/drop-shadow.json`,
      value: [{ x: '0px', y: '4px', blur: '12px', spread: '0px', color: '{drop-shadow-ambient-color}' }],
      uuid: '9',
    },
    'avatar-opacity-disabled': { $schema: `${SCHEMA}/alias.json`, value: '{opacity-disabled}', uuid: '10' },
    'component-size': {
      $schema: `${SCHEMA}/scale-set.json`,
      sets: {
        desktop: { $schema: `${SCHEMA}/dimension.json`, value: '24px', uuid: '11' },
        mobile: { $schema: `${SCHEMA}/dimension.json`, value: '28px', uuid: '12' },
      },
      uuid: '13',
    },
  },
};

describe('import: types named by the source’s own hints', () => {
  it('Spectrum-shaped: the `$schema` URL names the type (`opacity.json`, `font-weight.json`, `drop-shadow.json`, ...)', () => {
    const result = importFiles(SPECTRUM_LIKE);
    expect(typesOf(result)).toEqual({
      'opacity-disabled': 'opacity',
      'bold-font-weight': 'font.weight',
      'extra-bold-font-weight': 'font.weight',
      'code-font-family': 'font.family',
      'font-size-100': 'font.size',
      'drop-shadow-ambient-color': 'color',
      'drop-shadow-elevated': 'shadow',
      'avatar-opacity-disabled': 'opacity',
      'component-size': 'dimension',
      'default-font-style': 'keyword',
    });
    expect(result.issues).toEqual([
      {
        source: 'src/global-vars.json:body-margin-multiplier',
        level: 'skipped',
        reason:
          'a number without a unit whose name does not say what it is (`opacity`, `z-index`, `line-height`, `font-weight`, or a length named `0`)',
      },
    ]);
    const css = cssOf(result);
    expect(css['bold-font-weight']).toBe('700');
    expect(css['extra-bold-font-weight']).toBe('800');
    expect(css['code-font-family']).toBe('Source Code Pro');
    expect(css['drop-shadow-elevated']).toBe('0px 4px 12px 0px rgba(0, 0, 0, 0.12)');
    expect(css['avatar-opacity-disabled']).toBe('0.3');
    const verified = verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem);
    expect(verified.mismatches).toEqual([]);
  });
});

describe('import: named font weights and single family names where the name says so', () => {
  it('untyped Style Dictionary: `bold`, `SemiBold`, `extra bold` under a `font-weight` name, `Source Code Pro` under a `font-family` name', () => {
    const result = importFiles({
      'tokens/font.json': {
        font: {
          weight: { bold: { value: 'bold' }, semibold: { value: 'SemiBold' }, heavy: { value: 'extra bold' } },
          'code-font-family': { value: 'Source Code Pro' },
        },
        'heading-font-weight': { value: 'semi-bold' },
      },
    });
    expect(result.issues).toEqual([]);
    expect(typesOf(result)).toEqual({
      'font.weight.bold': 'font.weight',
      'font.weight.semibold': 'font.weight',
      'font.weight.heavy': 'font.weight',
      'font.code-font-family': 'font.family',
      'heading-font-weight': 'font.weight',
    });
    const css = cssOf(result);
    expect([css['font.weight.bold'], css['font.weight.semibold'], css['font.weight.heavy'], css['heading-font-weight']]).toEqual([
      '700',
      '600',
      '800',
      '600',
    ]);
    expect(css['font.code-font-family']).toBe('Source Code Pro');
    const verified = verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem);
    expect(verified.mismatches).toEqual([]);
  });
});

describe('import: Style Dictionary 3’s category convention where `type` is missing or a category', () => {
  it('Auro-shaped (`type: "semantic"`): hex without `#` under `color.*`, unitless numbers under `size.*` in rem', () => {
    const result = importFiles({
      'src/themes/classic/color/base.json': {
        color: {
          base: {
            'black-opacity-15': { value: '00000026', type: 'semantic', comment: 'black @ 15%' },
            white: { value: 'ffffff', type: 'semantic' },
          },
          alert: {
            bkgSuccess: { default: { value: 'DDF6E8', type: 'semantic' } },
            border: { value: '{color.base.white.value}', type: 'semantic' },
          },
        },
      },
      'src/themes/classic/size/scale.json': {
        size: { '25': { value: 0.125, type: 'semantic', comment: '2px' }, '100': { value: '0.5', type: 'semantic' } },
      },
      'src/themes/classic/grid-gutter.json': { grid: { gutter: { xs: { value: '{size.100.value}', type: 'semantic' } } } },
      'src/themes/classic/unitless-scale.json': { 'unitless-scale': { '50': { value: 0.5, type: 'semantic' } } },
    });
    expect(result.notes).toEqual([
      'no `type` (or a category): by Style Dictionary 3’s category convention (the first segment), 2 unitless numbers under `size` read in rem (`size/rem`), 3 hex colors without `#` under `color` read as colors (`color/css`)',
      'type `semantic` is not a token type we know: 8 tokens typed from their values (color 4, dimension 3, number 1); `--type semantic=<our type>` chooses instead',
    ]);
    // Auro's own build (Style Dictionary 3, `css` transform group): `--ds-size-25: 0.125rem`, `--ds-color-alert-bkg-success-default: #ddf6e8`.
    const css = cssOf(result);
    expect(css).toMatchObject({
      'color.base.black-opacity-15': '#00000026',
      'color.base.white': '#FFFFFF',
      'color.alert.bkgSuccess.default': '#DDF6E8',
      'color.alert.border': '#FFFFFF',
      'size.25': '0.125rem',
      'size.100': '0.5rem',
      'grid.gutter.xs': '0.5rem',
    });
    expect(result.issues).toEqual([
      {
        source: 'src/themes/classic/unitless-scale.json:unitless-scale.50',
        level: 'skipped',
        reason:
          'a number without a unit whose name does not say what it is (`opacity`, `z-index`, `line-height`, `font-weight`, or a length named `0`)',
      },
    ]);
  });
});

describe('import: Tokens Studio types written in kebab case', () => {
  it('`font-family`, `font-size`, `font-weight`, `line-height` (RHC) are read as `fontFamily`, `fontSize`, ...', () => {
    const result = importFiles({
      'figma/figma.tokens.json': {
        'brand/text': {
          rhc: {
            text: {
              'font-family': { default: { $type: 'fontFamilies', $value: 'Rijksoverheid Sans, sans-serif' } },
              'font-size': { md: { $type: 'fontSizes', $value: '18px' } },
              'font-weight': { strong: { $type: 'fontWeights', $value: 'Bold' } },
              'line-height': { md: { $type: 'lineHeights', $value: '1.5' } },
            },
          },
        },
        'components/message-list': {
          rhc: {
            'message-list': {
              label: {
                'font-family': { $type: 'font-family', $value: '{rhc.text.font-family.default}' },
                'font-size': { $type: 'font-size', $value: '{rhc.text.font-size.md}' },
                'font-weight': { $type: 'font-weight', $value: '{rhc.text.font-weight.strong}' },
                'line-height': { $type: 'line-height', $value: '{rhc.text.line-height.md}' },
              },
            },
          },
        },
        $themes: [],
        $metadata: { tokenSetOrder: ['brand/text', 'components/message-list'] },
      },
    });
    expect(result.format).toBe('tokens-studio');
    expect(result.issues).toEqual([]);
    expect(result.tokens.filter((token) => token.key.includes('message-list')).map((token) => [token.key, token.fields])).toEqual([
      ['rhc.message-list.label.font-family', { type: 'font.family', ref: 'rhc.text.font-family.default' }],
      ['rhc.message-list.label.font-size', { type: 'font.size', ref: 'rhc.text.font-size.md' }],
      ['rhc.message-list.label.font-weight', { type: 'font.weight', ref: 'rhc.text.font-weight.strong' }],
      ['rhc.message-list.label.line-height', { type: 'font.lineHeight', ref: 'rhc.text.line-height.md' }],
    ]);
  });
});

describe('import: a CSS keyword named by any segment of its key', () => {
  it('Gestalt-shaped `font.letterspacing.datepicker.date: "normal"` is a letter spacing `normal`', () => {
    const result = importFiles({
      'tokens/comp-web-font.json': { font: { letterspacing: { datepicker: { date: { value: 'normal' }, heading: { value: 'normal' } } } } },
    });
    expect(result.issues).toEqual([]);
    expect(typesOf(result)).toEqual({
      'font.letterspacing.datepicker.date': 'font.letterSpacing',
      'font.letterspacing.datepicker.heading': 'font.letterSpacing',
    });
    // Gestalt's own build: `--font-letterspacing-datepicker-date: normal;`
    expect(cssOf(result)['font.letterspacing.datepicker.date']).toBe('normal');
  });
});
