import { describe, expect, it } from 'vitest';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

// Shaped like the Amsterdam design system's DTCG source: dimensions written as DTCG 2025.10 `{ value, unit }` objects
// with no `$type` anywhere up the tree, and aliases of them, also untyped.
const AMSTERDAM_LIKE = {
  ams: {
    border: {
      width: { m: { $value: { value: 0.0625, unit: 'rem' } }, l: { $value: { value: 2, unit: 'px' } } },
      style: { $value: 'solid', $type: 'strokeStyle' },
    },
    motion: { fast: { $value: { value: 150, unit: 'ms' } }, slow: { $value: { value: 0.4, unit: 's' } } },
    link: { underline: { $value: '{ams.border.width.m}' }, transition: { $value: '{ams.motion.fast}' } },
  },
};

describe('untyped DTCG value objects', () => {
  it('type `{ value, unit }` from its unit (a dimension, or a duration in ms or s), and the aliases that name it', () => {
    const inputs = [{ path: 'tokens/ams.tokens.json', text: JSON.stringify(AMSTERDAM_LIKE) }];
    const result = importDesignSystem(inputs, { slug: 'ams', name: 'Amsterdam-like' });
    const css = Object.fromEntries(
      (result.compiled.system?.tokens ?? []).map((token) => [token.key, formatCssValue(token.resolved['light'])]),
    );
    expect(css).toEqual({
      'ams.border.width.m': '0.0625rem',
      'ams.border.width.l': '2px',
      'ams.border.style': 'solid',
      'ams.motion.fast': '150ms',
      'ams.motion.slow': '400ms',
      'ams.link.underline': '0.0625rem',
      'ams.link.transition': '150ms',
    });
    expect(result.issues.filter((issue) => issue.level === 'skipped')).toEqual([]);
    const system = result.compiled.system;
    if (system === undefined) throw new Error('not compiled');
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);
  });
});
