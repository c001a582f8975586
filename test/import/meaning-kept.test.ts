import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { renderCss } from '../../src/views/formats/css/export-css.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

const cssOf = (system: CompiledDesignSystem | undefined, key: string) =>
  Object.fromEntries(
    Object.entries(system?.tokens.find((token) => token.key === key)?.resolved ?? {}).map(([mode, value]) => [mode, formatCssValue(value)]),
  );
const json = (value: unknown): string => JSON.stringify(value, null, 2);

describe('nothing reused with another meaning', () => {
  // As a Figma-variables export writes them (Meteor's dictionaries): floats for sizes, line heights and weights.
  const primitives = {
    scale: {
      size: {
        '12': { $value: 12, $type: 'float', $description: '' },
        '18': { $value: 18, $type: 'float', $description: '' },
      },
    },
    font: { weight: { '400': { $value: 400, $type: 'float', $description: '' } } },
  };
  const semantic = {
    font: {
      family: { body: { $value: 'Inter', $type: 'string', $description: '' } },
      size: { '2xs': { $value: '{scale.size.12}', $type: 'float', $description: 'Use for text size 2xs.' } },
      weight: { regular: { $value: '{font.weight.400}', $type: 'float', $description: '' } },
      'line-height': { '2xs': { $value: '{scale.size.18}', $type: 'float', $description: 'Use for the line height for text size 2xs.' } },
    },
    'border-radius': { s: { $value: '{scale.size.12}', $type: 'float', $description: '' } },
  };

  it('a Figma float under a size or line height is a px length, never a line height’s multiplier', () => {
    const result = importDesignSystem(
      [
        { path: 'dictionaries/administration/light.tokens.json', text: json(semantic) },
        { path: 'dictionaries/foundation/primitives.tokens.json', text: json(primitives) },
      ],
      { slug: 'figma', name: 'Figma' },
    );
    const system = result.compiled.system;
    expect(cssOf(system, 'scale.size.18')).toEqual({ light: '18px', dark: '18px' });
    expect(cssOf(system, 'font.line-height.2xs')).toEqual({ light: '18px', dark: '18px' });
    expect(cssOf(system, 'font.size.2xs')).toEqual({ light: '12px', dark: '12px' });
    expect(cssOf(system, 'border-radius.s')).toEqual({ light: '12px', dark: '12px' });
    expect(cssOf(system, 'font.weight.regular')).toEqual({ light: '400', dark: '400' });
    expect(cssOf(system, 'font.family.body')).toEqual({ light: 'Inter', dark: 'Inter' });
    expect(result.files.get('tokens/font.yaml')).toContain('font.line-height.2xs: { type: dimension, ref: scale.size.18');
    expect(result.notes).toContain(
      'type `float` (a Figma number variable) as a px length where its key names a size, spacing, radius, line height or letter spacing, else as a number, `string` as a font family where its key names one',
    );
    expect(result.issues.filter((issue) => issue.level === 'skipped')).toEqual([]);
  });

  it('a line height naming a number the import could not type is left out, not written as that number', () => {
    const document = {
      scale: { step: { '18': { $value: 18, $type: 'number' } } },
      font: { lineHeight: { body: { $value: '{scale.step.18}', $type: 'number' } } },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: json(document) }], { slug: 'numbers', name: 'Numbers' });
    expect(result.tokens).toEqual([]);
    expect(result.issues).toEqual([
      {
        source: 'tokens.json:scale.step.18',
        level: 'skipped',
        reason:
          'a number without a unit whose name does not say what it is (`opacity`, `z-index`, `line-height`, `font-weight`, or a length named `0`)',
      },
      {
        source: 'tokens.json:font.lineHeight.body',
        level: 'lossy',
        reason: '`scale.step.18` is not imported: its value is written instead of the reference',
      },
      {
        source: 'tokens.json:font.lineHeight.body',
        level: 'skipped',
        reason:
          'its value comes from `scale.step.18`, a number without a type (left out): as a line height it would be a multiplier, which it may not mean',
      },
    ]);
  });
});

describe('references and modes the report names are what is served', () => {
  it('a reference inside a transition to a token left out leaves the transition out, naming it (not `undefined`)', () => {
    // Tokens Studio, one file: a duration of a type the reader leaves out, named by a transition.
    const document = {
      global: {
        motion: {
          duration: { fast: { value: 'Fast', type: 'motionDuration' } },
          transition: { fade: { value: { duration: '{motion.duration.fast}', timingFunction: [0.4, 0, 0.2, 1] }, type: 'transition' } },
        },
      },
      $themes: [],
      $metadata: { tokenSetOrder: ['global'] },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: json(document) }], { slug: 'motion', name: 'Motion' });
    const fade = result.issues.filter((issue) => issue.source === 'tokens.json#global:motion.transition.fade');
    expect(fade.at(-1)).toEqual({
      source: 'tokens.json#global:motion.transition.fade',
      level: 'skipped',
      reason: 'its duration `{motion.duration.fast}` is left out or names no token: its value is not known',
    });
  });

  it('a DTCG alias to a palette token keeps its link: `references=keep` writes var() of it, as a gradient naming it does', () => {
    const document = {
      color: {
        $type: 'color',
        blue: { '500': { $value: '#3B82F6' }, '700': { $value: '#1D4ED8' } },
        brand: { $value: '{color.blue.500}' },
      },
      gradient: {
        brand: {
          $type: 'gradient',
          $value: [
            { color: '{color.blue.500}', position: 0 },
            { color: '{color.blue.700}', position: 1 },
          ],
        },
      },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: json(document) }], { slug: 'links', name: 'Links' });
    const css = renderCss(result.compiled.system as CompiledDesignSystem, { naming: 'kebab-case', references: 'keep' });
    expect(css).toContain('--color-brand: var(--color-blue-500);');
    expect(css).toContain('--gradient-brand: linear-gradient(180deg, var(--color-blue-500) 0%, var(--color-blue-700) 100%);');
  });

  it('a mode the report names but no imported token differs in is said not to be written', () => {
    const base = { color: { $type: 'color', ink: { $value: '#111111' } } };
    const result = importDesignSystem([{ path: 'tokens.json', text: json(base) }], {
      slug: 'same',
      name: 'Same',
      layers: [{ mode: 'dim', inputs: [{ path: 'dim.json', text: json(base) }] }],
    });
    expect(result.compiled.system?.modes.map((mode) => mode.name)).toEqual(['light', 'dark']);
    expect(result.notes).toEqual([
      'mode `dim` is dim.json over the other files; not written: no token imported differs there from `light`, so the design system has no mode `dim`',
    ]);
  });
});
