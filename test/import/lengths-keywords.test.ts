import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { verifyImport } from '../../src/import/verify-import.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

// Issue 23, item 3: a Style Dictionary source shaped like Utrecht's (untyped CSS keywords, lengths in `ex` and `ch`,
// a padding shorthand), and DTCG dimensions holding a shorthand or a keyword.

/** Every token's type and CSS value in light. */
const typedValues = (system: CompiledDesignSystem | undefined) =>
  Object.fromEntries((system?.tokens ?? []).map((token) => [token.key, `${token.type} ${formatCssValue(token.resolved.light)}`]));

describe('import: lengths, keywords and units the format now holds', () => {
  it('types untyped keywords, `ex`/`ch` lengths and shorthands from their values and names; other CSS keywords as `keyword` tokens', () => {
    const source = {
      utrecht: {
        link: { 'text-decoration': { value: 'underline' }, cursor: { value: 'pointer' }, 'text-decoration-hover': { value: 'none' } },
        separator: { 'border-style': { value: 'solid' } },
        focus: { 'outline-style': { value: 'dotted' } },
        paragraph: { 'max-inline-size': { value: '60ch' }, 'line-height': { value: 'normal' } },
        heading: { 'letter-spacing': { value: 'normal' } },
        'form-field': { 'margin-block-start': { value: '0.5ex' } },
        button: { padding: { value: '0 0 0 0.875rem' }, 'min-inline-size': { value: 'auto' } },
        page: { 'max-inline-size': { value: 'none' } },
      },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(source) }], { slug: 'utrecht', name: 'Utrecht' });
    expect(typedValues(result.compiled.system)).toEqual({
      'utrecht.button.min-inline-size': 'dimension auto',
      'utrecht.button.padding': 'spacing 0px 0px 0px 0.875rem',
      'utrecht.focus.outline-style': 'strokeStyle dotted',
      'utrecht.form-field.margin-block-start': 'dimension 0.5ex',
      'utrecht.heading.letter-spacing': 'font.letterSpacing normal',
      'utrecht.page.max-inline-size': 'dimension none',
      'utrecht.paragraph.line-height': 'font.lineHeight normal',
      'utrecht.paragraph.max-inline-size': 'dimension 60ch',
      'utrecht.separator.border-style': 'strokeStyle solid',
      'utrecht.link.cursor': 'keyword pointer',
      'utrecht.link.text-decoration': 'keyword underline',
      'utrecht.link.text-decoration-hover': 'keyword none',
    });
    expect(result.files.get('tokens/utrecht.yaml')).toContain('utrecht.button.padding: { type: spacing, value: [0, 0, 0, 0.875rem] }');
    expect(result.issues).toEqual([]);
    expect(verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem).mismatches).toEqual([]);
  });

  it('a DTCG dimension holding a shorthand becomes a spacing, a keyword stays a dimension; what a type does not take is left out, said why', () => {
    const document = {
      card: {
        margin: { $type: 'dimension', $value: '0 auto' },
        padding: { $type: 'dimension', $value: '8px 1rem', $extensions: {} },
        width: { $type: 'dimension', $value: 'fit-content' },
        height: { $type: 'dimension', $value: { value: 100, unit: 'dvh' } },
      },
      radius: { odd: { $type: 'dimension', $value: '4px 8px' }, auto: { $type: 'dimension', $value: 'auto' } },
    };
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'dtcg', name: 'DTCG' });
    expect(typedValues(result.compiled.system)).toEqual({
      'card.height': 'dimension 100dvh',
      'card.margin': 'spacing 0px auto',
      'card.padding': 'spacing 8px 1rem',
      'card.width': 'dimension fit-content',
    });
    expect(result.issues).toEqual([
      {
        source: 'tokens.json:radius.odd',
        level: 'skipped',
        reason: 'a list of lengths `4px 8px` on a radius (only a spacing holds one)',
      },
      { source: 'tokens.json:radius.auto', level: 'skipped', reason: 'the keyword `auto` on a radius (radius takes no keyword)' },
    ]);
    expect(verifyImport(result.sources, result.tokens, result.compiled.system as CompiledDesignSystem).mismatches).toEqual([]);
  });
});
