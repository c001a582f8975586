import { describe, expect, it } from 'vitest';
import type { Scale } from '../../src/compile/types.js';
import { handoffSliceSize, joinScales, sliceScales } from '../../src/state/system-slices.js';

const BLACK = { r: 0, g: 0, b: 0, alpha: 1 };
const scaleOf = (key: string, steps: number): Scale => ({
  key,
  steps: Array.from({ length: steps }, (_, index) => ({ step: (index + 1) * 100, colors: { light: BLACK, dark: BLACK } }) as never),
});

describe('system slices (a design system crossing threads)', () => {
  it.each([
    ['2 modes', 2, 256],
    ['102 modes', 102, 40],
    ['10,000 modes', 10_000, 1],
  ])('size a slice by values: %s', (_name, modes, want) => {
    expect(handoffSliceSize(modes)).toBe(want);
  });

  it('cut scales into slices of at most so many steps, a long scale across slices, and join them back in order', () => {
    const scales = [scaleOf('a', 3), scaleOf('b', 7), scaleOf('c', 1)];
    const slices = sliceScales(scales, 4);
    expect(slices.map((slice) => slice.map((run) => `${run.key}:${run.steps.map((step) => step.step).join(',')}`))).toEqual([
      ['a:100,200,300', 'b:100'],
      ['b:200,300,400,500'],
      ['b:600,700', 'c:100'],
    ]);
    expect(joinScales(slices.flat())).toEqual(scales);
    expect(sliceScales([], 4)).toEqual([]);
  });
});
