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
      'cursor.hand': 'keyword pointer',
    });
    expect(result.issues).toEqual([]);
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);
  });

  it('imports the CSS keywords no other type holds as `keyword` tokens, a list of properties too', () => {
    // Written like Codex 2.7.0's groups that hold keywords (`cursor`, `transition-property`, `text-overflow`, ...).
    const keywords = {
      cursor: { base: built('default'), 'base--hover': built('pointer'), disabled: built('not-allowed') },
      'transition-property': {
        'background-color': built('background-color'),
        base: built('background-color, color, border-color, box-shadow'),
        toast: built('opacity, transform'),
      },
      'text-overflow': { '100': built('clip'), '200': built('ellipsis') },
      'text-decoration': { '0': built('none'), '100': built('underline'), 'line-through': built('line-through') },
      'mix-blend-mode': { '100': built('normal'), '200': built('multiply') },
      'box-sizing': { '100': built('border-box') },
      'background-position': { '100': built('center') },
      'background-size': { cover: built('cover') },
      'animation-iteration-count': { '100': built('infinite') },
      unit: { system: built('px') },
      'text-decoration-link': { base: built('none', '{ text-decoration.0 }') },
    };
    const result = importDesignSystem([{ path: 'dist/theme-wikimedia-ui.json', text: JSON.stringify(keywords) }], {
      slug: 'codex',
      name: 'Codex',
    });
    const system = result.compiled.system as CompiledDesignSystem;
    expect(result.compiled.diagnostics).toEqual([]);
    expect(
      Object.fromEntries(system.tokens.map((token) => [token.key, `${token.type} ${formatCssValue(token.resolved['light'] as never)}`])),
    ).toEqual({
      'animation-iteration-count.100': 'keyword infinite',
      'background-position.100': 'keyword center',
      'background-size.cover': 'keyword cover',
      'box-sizing.100': 'keyword border-box',
      'cursor.base': 'keyword default',
      'cursor.base--hover': 'keyword pointer',
      'cursor.disabled': 'keyword not-allowed',
      'mix-blend-mode.100': 'keyword normal',
      'mix-blend-mode.200': 'keyword multiply',
      'text-decoration.0': 'keyword none',
      'text-decoration.100': 'keyword underline',
      'text-decoration.line-through': 'keyword line-through',
      'text-decoration-link.base': 'keyword none',
      'text-overflow.100': 'keyword clip',
      'text-overflow.200': 'keyword ellipsis',
      'transition-property.background-color': 'keyword background-color',
      'transition-property.base': 'keyword background-color, color, border-color, box-shadow',
      'transition-property.toast': 'keyword opacity, transform',
      'unit.system': 'keyword px',
    });
    expect(result.issues).toEqual([]);
    expect(verifyImport(result.sources, result.tokens, system).mismatches).toEqual([]);
  });
});
