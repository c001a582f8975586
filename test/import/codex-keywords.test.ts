import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

/** A token as Style Dictionary's full JSON writes it (Codex's dist/theme-wikimedia-ui.json): value, original, attributes. */
const built = (value: string | number, original: string | number = value) => ({
  value,
  original: { value: original },
  attributes: { tokens: [], type: 'theme' },
});

// Written like @wikimedia/codex-design-tokens 2.7.0's dist/theme-wikimedia-ui.json: groups named after the CSS property.
const CODEX = {
  opacity: { '87': built('0.87') },
  'opacity-icon': { base: built('0.87', '{ opacity.87 }') },
  dimension: { '0': built(0) },
  spacing: { '0': built('0', '{ dimension.0 }') },
  'border-radius': { sharp: built('0', '{ dimension.0 }') },
  'max-width': { base: built('none') },
  size: { content: { fit: built('fit-content') } },
  'transition-timing-function': { system: built('ease'), user: built('ease-out') },
  'animation-timing-function': { base: built('linear') },
  cursor: { hand: built('pointer') },
};

describe('untyped values a Style Dictionary build names by its CSS property groups (Codex)', () => {
  it('types timing keywords as easings, length keywords and zeros by any segment, numbers by a segment’s first word', () => {
    const result = importDesignSystem([{ path: 'dist/theme-wikimedia-ui.json', text: JSON.stringify(CODEX) }], {
      slug: 'codex',
      name: 'Codex',
    });
    const system = result.compiled.system as CompiledDesignSystem;
    expect(
      Object.fromEntries(system.tokens.map((token) => [token.key, `${token.type} ${formatCssValue(token.resolved['light'] as never)}`])),
    ).toEqual({
      'opacity.87': 'opacity 0.87',
      'opacity-icon.base': 'opacity 0.87',
      'dimension.0': 'dimension 0px',
      'spacing.0': 'dimension 0px',
      'border-radius.sharp': 'dimension 0px',
      'max-width.base': 'dimension none',
      'size.content.fit': 'dimension fit-content',
      'transition-timing-function.system': 'easing ease',
      'transition-timing-function.user': 'easing ease-out',
      'animation-timing-function.base': 'easing linear',
    });
    expect(result.issues).toEqual([
      {
        source: 'dist/theme-wikimedia-ui.json:cursor.hand',
        level: 'skipped',
        reason: 'no `type`, and `"pointer"` is a CSS keyword no token type holds',
      },
    ]);
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);
  });
});
