import Color from 'colorjs.io';
import { describe, expect, it } from 'vitest';
import { apcaContrast, apcaLuminance, relativeLuminance } from '../../src/compile/resolve/check-contrast.js';

// The compiler measures contrast without a colorjs.io `Color` per color and pair: the same formulas, the same
// operations in the same order. Every number must be colorjs.io's, bit for bit, or a ratio on a threshold could flip.
const generator = '../../bench/generate.mjs';
const { createRandom } = (await import(generator)) as { createRandom: (seed: number) => () => number };

/** Channels 0-1: 8-bit values, and unrounded ones (what compositing a translucent color gives). */
function channelsOf(count: number): [number, number, number][] {
  const random = createRandom(36);
  const channel = (index: number) => (index % 2 === 0 ? Math.floor(random() * 256) : random() * 255) / 255;
  const edges: [number, number, number][] = [
    [0, 0, 0],
    [1, 1, 1],
    [0.04045, 0.04045, 0.04045],
    [10.31475 / 255, 0.5, 1],
  ];
  return [
    ...edges,
    ...Array.from({ length: count }, (_, index): [number, number, number] => [channel(index), channel(index + 1), channel(index)]),
  ];
}

describe('the contrast formulas', () => {
  const colors = channelsOf(5_000);

  it('give colorjs.io’s relative luminance for every color', () => {
    const mismatches = colors.filter(([r, g, b]) => relativeLuminance(r, g, b) !== new Color('srgb', [r, g, b]).luminance);
    expect(mismatches).toEqual([]);
  });

  it('give colorjs.io’s APCA Lc for every pair of colors, either way round', () => {
    const apcaY = ([r, g, b]: [number, number, number]) => apcaLuminance(r, g, b);
    const mismatches: string[] = [];
    for (let index = 0; index + 1 < colors.length; index++) {
      const [text, background] = [colors[index] as [number, number, number], colors[index + 1] as [number, number, number]];
      const expected = Color.contrastAPCA(new Color('srgb', background), new Color('srgb', text));
      if (apcaContrast(apcaY(background), apcaY(text)) !== expected) mismatches.push(`${text.join()} on ${background.join()}`);
      const reversed = Color.contrastAPCA(new Color('srgb', text), new Color('srgb', background));
      if (apcaContrast(apcaY(text), apcaY(background)) !== reversed) mismatches.push(`${background.join()} on ${text.join()}`);
    }
    expect(mismatches).toEqual([]);
  });
});
