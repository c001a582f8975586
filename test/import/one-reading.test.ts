import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

/** Every imported token's type and CSS value in light. */
const servedOf = (system: CompiledDesignSystem | undefined) =>
  Object.fromEntries(
    (system?.tokens ?? []).map((token) => [token.key, `${token.type} ${formatCssValue(token.resolved['light'] as never)}`]),
  );

// Written as a Tokens Studio export of a real system writes them: types it does not define (`motionDuration`,
// `dropShadow`, `size`, `motionCurve`), a padding's shorthand, a `number` in a `fontWeight` group.
const TOKENS = {
  size: { '100': { value: '8px', type: 'size' }, '200': { value: '16px', type: 'size' } },
  spacing: { inset: { value: '{size.100} {size.200}', type: 'spacing' }, stack: { value: '0 8px', type: 'spacing' } },
  motion: {
    duration: { fast: { value: '150ms', type: 'motionDuration' } },
    curve: { standard: { value: [0.4, 0, 0.2, 1], type: 'motionCurve' } },
  },
  shadow: { raised: { value: { x: 0, y: 1, blur: 2, spread: 0, color: '#00000033' }, type: 'dropShadow' } },
  font: { weight: { bold: { value: 700, type: 'number' } } },
};

describe('one reading of values for every format: Tokens Studio as Style Dictionary', () => {
  const asTokensStudio = (types: Record<string, 'easing'> = {}) =>
    importDesignSystem(
      [{ path: 'tokens.json', text: JSON.stringify({ global: TOKENS, $themes: [], $metadata: { tokenSetOrder: ['global'] } }) }],
      {
        slug: 'ts',
        name: 'TS',
        types,
      },
    );
  const asStyleDictionary = (types: Record<string, 'easing'> = {}) =>
    importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(TOKENS) }], {
      slug: 'sd',
      name: 'SD',
      format: 'style-dictionary',
      types,
    });

  it('imports the same tokens with the same values', () => {
    const studio = asTokensStudio();
    const dictionary = asStyleDictionary();
    expect(studio.format).toBe('tokens-studio');
    expect(servedOf(studio.compiled.system)).toEqual({
      'font.weight.bold': 'font.weight 700',
      'motion.curve.standard': 'easing cubic-bezier(0.4, 0, 0.2, 1)',
      'motion.duration.fast': 'duration 150ms',
      'shadow.raised': 'shadow 0px 1px 2px 0px rgba(0, 0, 0, 0.2)',
      'size.100': 'dimension 8px',
      'size.200': 'dimension 16px',
      'spacing.inset': 'spacing 8px 16px',
      'spacing.stack': 'spacing 0px 8px',
    });
    expect(servedOf(studio.compiled.system)).toEqual(servedOf(dictionary.compiled.system));
  });

  it('`--type motionCurve=easing` types every token of that type, in Tokens Studio as in Style Dictionary', () => {
    const studio = asTokensStudio({ motionCurve: 'easing' });
    expect(servedOf(studio.compiled.system)['motion.curve.standard']).toBe('easing cubic-bezier(0.4, 0, 0.2, 1)');
    expect(studio.notes).toContain('`--type motionCurve=easing`: 1 token');
    expect(asStyleDictionary({ motionCurve: 'easing' }).notes).toContain('`--type motionCurve=easing`: 1 token');
  });
});
