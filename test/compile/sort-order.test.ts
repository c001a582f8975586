import { describe, expect, it } from 'vitest';
import { tokenKeyOrder } from '../../src/compile/diagnostics/sort-order.js';
import { wordsOfKey } from '../../src/compile/values/key-words.js';

describe('token key order', () => {
  it.each([
    ['segment by segment: a segment that ends comes before a longer one', ['a-b', 'a.c', 'a', 'a.b.c'], ['a', 'a.b.c', 'a.c', 'a-b']],
    ['array indexes first, in numeric order', ['s.100', 's.md', 's.50', 's.0', 's.2xl'], ['s.0', 's.50', 's.100', 's.2xl', 's.md']],
    [
      'numbers with leading zeros or past 2^32 - 2 are names',
      ['n.01', 'n.1', 'n.4294967295', 'n.4294967294'],
      ['n.1', 'n.4294967294', 'n.01', 'n.4294967295'],
    ],
    ['code-unit order for names', ['c.b', 'c.B', 'c._', 'c.-'], ['c.-', 'c.B', 'c._', 'c.b']],
  ])('%s', (_name, given, want) => {
    expect(tokenKeyOrder(given).map((index) => given[index])).toEqual(want);
  });
});

describe('the words of a key', () => {
  it.each([
    ['color.bg.default', 'color-bg-default'],
    ['surface0.button.onPrimary3', 'surface0-button-on-primary3'],
    ['font.lineHeight', 'font-line-height'],
    ['a__b.-c', 'a-b-c'],
    ['ABC.dEf', 'abc-d-ef'],
    ['a1B2C', 'a1-b2-c'],
  ])('%s has the words %s', (key, words) => {
    expect(wordsOfKey(key)).toBe(words);
  });
});
