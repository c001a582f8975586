import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

/** Every token's CSS value in every mode, as the server serves it. */
const cssOf = (system: CompiledDesignSystem | undefined, key: string) =>
  Object.fromEntries(
    Object.entries(system?.tokens.find((token) => token.key === key)?.resolved ?? {}).map(([mode, value]) => [mode, formatCssValue(value)]),
  );

/**
 * A Tokens Studio single-file export without `$themes`, written like NL Design System's Voorbeeld theme
 * (`figma/voorbeeld.tokens.json`): a `common` set and a `color-scheme-dark/common` set that writes the same keys with
 * dark values, after it in set order.
 */
const EXPORT = {
  brand: {
    voorbeeld: {
      kleuren: {
        wit: { $type: 'color', $value: '#FFFFFF' },
        grijs: { 50: { $type: 'color', $value: '#F9F9FA' }, 700: { $type: 'color', $value: '#0A2750' } },
      },
    },
  },
  common: {
    basis: {
      color: {
        default: {
          'color-document': { $type: 'color', $value: '{voorbeeld.kleuren.grijs.700}' },
          'bg-document': { $type: 'color', $value: '{voorbeeld.kleuren.wit}' },
        },
      },
    },
  },
  'color-scheme-dark/common': {
    basis: {
      color: {
        default: {
          'color-document': { $type: 'color', $value: '{voorbeeld.kleuren.grijs.50}' },
          'bg-document': { $type: 'color', $value: '{voorbeeld.kleuren.grijs.700}' },
        },
      },
    },
  },
  'components/task-card': {
    denhaag: { action: { color: { $type: 'color', $value: '{basis.color.default.color-document}' } } },
  },
  $themes: [],
  $metadata: { tokenSetOrder: ['brand', 'common', 'color-scheme-dark/common', 'components/task-card'] },
};

describe('import: Tokens Studio sets named like a mode, without $themes (the layer rule)', () => {
  const result = importDesignSystem([{ path: 'figma/voorbeeld.tokens.json', text: JSON.stringify(EXPORT) }], {
    slug: 'voorbeeld',
    name: 'Voorbeeld',
  });

  it('keeps the light values in light and reads the dark set as the mode dark', () => {
    expect(result.format).toBe('tokens-studio');
    expect(result.issues).toEqual([]);
    expect(cssOf(result.compiled.system, 'basis.color.default.color-document')).toEqual({ light: '#0A2750', dark: '#F9F9FA' });
    expect(cssOf(result.compiled.system, 'basis.color.default.bg-document')).toEqual({ light: '#FFFFFF', dark: '#0A2750' });
    // A token of a later set naming it follows the mode.
    expect(cssOf(result.compiled.system, 'denhaag.action.color')).toEqual({ light: '#0A2750', dark: '#F9F9FA' });
  });

  it('says which set is the mode', () => {
    expect(result.notes).toContain(
      'mode `dark` is read from the set `color-scheme-dark/common`: named like a mode, it writes keys other sets write, and is ' +
        'laid over them (the layer rule) rather than replacing their values in `light`',
    );
  });

  it('keeps a set named like a mode whose keys no other set writes a base set', () => {
    const lone = importDesignSystem(
      [
        {
          path: 'tokens.json',
          text: JSON.stringify({ brand: EXPORT.brand, 'theme/dark': { other: { $type: 'color', $value: '#000000' } }, $themes: [] }),
        },
      ],
      { slug: 'lone', name: 'Lone' },
    );
    expect(lone.notes).toContain('no `$themes`: every token set is read, in set order, as the one mode `light`');
    expect(cssOf(lone.compiled.system, 'other')).toEqual({ light: '#000000', dark: '#000000' });
  });
});
