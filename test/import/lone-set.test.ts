import { describe, expect, it } from 'vitest';
import { importDesignSystem } from '../../src/import/import-design-system.js';

const SET = {
  color: { blue: { 100: { value: '#DBEAFE', type: 'color' }, 500: { value: '#3B82F6', type: 'color' } } },
  size: { sm: { value: '4', type: 'sizing' } },
};

describe('import: a Tokens Studio single-file export whose only set is `Tokens`', () => {
  it.each([
    ['without $themes and $metadata', { Tokens: SET }],
    ['with them', { Tokens: SET, $themes: [], $metadata: { tokenSetOrder: ['Tokens'] } }],
  ])('does not make the set name a key segment (%s)', (_, document) => {
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify(document) }], { slug: 'lone', name: 'Lone' });
    expect(result.format).toBe('tokens-studio');
    expect(result.tokens.map((token) => token.key)).toEqual(['color.blue.100', 'color.blue.500', 'size.sm']);
    expect([...result.files.keys()]).toEqual(['system.yaml', 'scales.yaml', 'tokens/color.yaml', 'tokens/size.yaml']);
  });

  it('says so in the report', () => {
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify({ Tokens: SET }) }], { slug: 'lone', name: 'Lone' });
    expect(result.notes).toEqual([
      '`Tokens` in tokens.json is read as the name of its only token set, not as a key segment',
      'no `$themes`: every token set is read, in set order, as the one mode `light`',
    ]);
  });

  it('keeps a lone top-level group that is not a set name (`color`) as the key’s first segment', () => {
    const result = importDesignSystem([{ path: 'tokens.json', text: JSON.stringify({ color: SET.color }) }], {
      slug: 'group',
      name: 'Group',
      format: 'tokens-studio',
    });
    expect(result.tokens.map((token) => token.key)).toEqual(['color.blue.100', 'color.blue.500']);
  });
});
