import { describe, expect, it } from 'vitest';
import { itemAt, mapValueAt, valueAt } from '../../src/compile/checked-access.js';

describe('checked access', () => {
  it('gives the item, the value or the map value that is there', () => {
    expect(itemAt(['a', 'b'], 1)).toBe('b');
    expect(itemAt([0, null], 1)).toBe(null);
    expect(valueAt({ light: 1, dark: 0 }, 'dark')).toBe(0);
    expect(mapValueAt(new Map([['light', false]]), 'light')).toBe(false);
  });

  it('throws a RangeError naming what is missing, where a cast would pass undefined on', () => {
    expect(() => itemAt(['a', 'b'], 2)).toThrow(new RangeError('no item at 2 of 2'));
    expect(() => itemAt(['a'], -1)).toThrow(new RangeError('no item at -1 of 1'));
    expect(() => valueAt<number>({ light: 1 }, 'dark')).toThrow(new RangeError('no value for "dark"'));
    expect(() => valueAt<number>({}, 'toString')).toThrow(new RangeError('no value for "toString"'));
    expect(() => mapValueAt(new Map<string, number>(), 'light')).toThrow(new RangeError('no value for light'));
  });
});
