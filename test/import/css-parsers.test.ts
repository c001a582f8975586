import { describe, expect, it } from 'vitest';
import { parseCssBorder } from '../../src/import/parse-css-border.js';
import { parseCssGradient } from '../../src/import/parse-css-gradient.js';
import { parseCssShadows } from '../../src/import/parse-css-shadows.js';
import { parseCssTransition } from '../../src/import/parse-css-transition.js';

const read = (value: unknown, lossy: string[] = []) => ({ value, lossy });
const problem = (text: string) => ({ problem: text });

describe('CSS strings read as composites', () => {
  it.each([
    ['1px solid #ccc', read({ width: '1px', style: 'solid', color: '#ccc' })],
    ['solid 2px {color.border}', read({ width: '2px', style: 'solid', color: '{color.border}' })],
    ['{border.width} dashed {color.border.muted}', read({ width: '{border.width}', style: 'dashed', color: '{color.border.muted}' })],
    ['{border.width} {border.style} {color.border}', read({ width: '{border.width}', style: '{border.style}', color: '{color.border}' })],
    ['thin dotted rgba(0, 0, 0, 0.1)', read({ width: '1px', style: 'dotted', color: 'rgba(0, 0, 0, 0.1)' })],
    ['0 solid #000', read({ width: '0px', style: 'solid', color: '#000' })],
    ['solid #000', read({ width: '3px', style: 'solid', color: '#000' }, ['no width: CSS’s `medium`, written as 3px'])],
    ['1px solid', problem('no color (CSS would take `currentColor`, which a border token cannot hold)')],
    ['1px #000', problem('no style (CSS would draw no border)')],
    ['1px none #000', problem('style `none` draws no border')],
    ['1px solid red blue', problem('two colors, `red` and `blue`')],
    ['1px solid 50%', problem('`50%` is not a width (px, rem, em, thin, medium, thick), a style or a color')],
  ])('border `%s`', (text, want) => {
    expect(parseCssBorder(text)).toEqual(want);
  });

  it.each([
    ['200ms ease-in-out 0ms', read({ duration: '200ms', timingFunction: 'ease-in-out', delay: '0ms' })],
    [
      'opacity 0.2s cubic-bezier(0.4, 0, 0.2, 1)',
      read({ duration: '0.2s', timingFunction: 'cubic-bezier(0.4, 0, 0.2, 1)', delay: '0ms' }, [
        'the property `opacity` is dropped (a transition token has no property)',
      ]),
    ],
    ['all 150ms', read({ duration: '150ms', timingFunction: 'ease', delay: '0ms' })],
    ['{duration.fast} {easing.standard}', read({ duration: '{duration.fast}', timingFunction: '{easing.standard}', delay: '0ms' })],
    [
      '{duration.fast} ease-out {duration.slow}',
      read({ duration: '{duration.fast}', timingFunction: 'ease-out', delay: '{duration.slow}' }),
    ],
    ['200ms steps(4, end)', problem('`steps(4, end)` is a stepped easing (ours are cubic-bezier curves)')],
    ['opacity 200ms, transform 300ms', problem('2 transitions (a transition token is one)')],
    ['ease-in', problem('no duration')],
    ['200ms 100ms 50ms', problem('a third time `50ms` (a transition has a duration and a delay)')],
  ])('transition `%s`', (text, want) => {
    expect(parseCssTransition(text)).toEqual(want);
  });

  it.each([
    [
      'linear-gradient(135deg, #000 0%, {color.x} 100%)',
      read({
        angle: 135,
        stops: [
          { color: '#000', position: 0 },
          { color: '{color.x}', position: 1 },
        ],
      }),
    ],
    [
      'linear-gradient(to right, rgba(0, 0, 0, 0.5), transparent)',
      read({
        angle: 90,
        stops: [
          { color: 'rgba(0, 0, 0, 0.5)', position: 0 },
          { color: 'transparent', position: 1 },
        ],
      }),
    ],
    [
      'linear-gradient(#fff, #eee 25%, #ddd, #000)',
      read({
        angle: 180,
        stops: [
          { color: '#fff', position: 0 },
          { color: '#eee', position: 0.25 },
          { color: '#ddd', position: 0.625 },
          { color: '#000', position: 1 },
        ],
      }),
    ],
    [
      'linear-gradient(0.25turn, red 10% 40%, blue 30%)',
      read({
        angle: 90,
        stops: [
          { color: 'red', position: 0.1 },
          { color: 'red', position: 0.4 },
          { color: 'blue', position: 0.4 },
        ],
      }),
    ],
    [
      'linear-gradient(to top right, red, blue)',
      read(
        {
          angle: 45,
          stops: [
            { color: 'red', position: 0 },
            { color: 'blue', position: 1 },
          ],
        },
        ['the direction `to top right` is written as 45deg (the angle CSS takes for a corner depends on the box; 45deg is a square’s)'],
      ),
    ],
    ['radial-gradient(circle, red, blue)', problem('a `radial-gradient()` (ours are linear)')],
    ['linear-gradient(red, blue), linear-gradient(green, white)', problem('2 gradients layered (a gradient token is one)')],
    ['linear-gradient(red 20px, blue)', problem('a stop at `20px` (ours are at 0% to 100% of the gradient)')],
    ['linear-gradient(red, 30%, blue)', problem('a color hint `30%` (ours go straight from stop to stop)')],
    ['linear-gradient(red -10%, blue)', problem('a stop at `-10%` (ours are at 0% to 100% of the gradient)')],
    ['linear-gradient(red)', problem('one stop (a gradient has two or more)')],
    ['linear-gradient(in oklch, red, blue)', problem('interpolation `in oklch` (ours mix in sRGB)')],
  ])('gradient `%s`', (text, want) => {
    expect(parseCssGradient(text)).toEqual(want);
  });

  const layer = (offsetX: string, offsetY: string, blur: string, spread: string, color: string, inset = false) => ({
    offsetX,
    offsetY,
    blur,
    spread,
    color,
    ...(inset ? { inset: true } : {}),
  });
  it.each([
    ['0 1px 2px rgba(0, 0, 0, 0.05)', read([layer('0px', '1px', '2px', '0px', 'rgba(0, 0, 0, 0.05)')])],
    [
      'inset 0 2px 4px 0 {color.shadow}, 0 1px 3px #0000001a',
      read([layer('0px', '2px', '4px', '0px', '{color.shadow}', true), layer('0px', '1px', '3px', '0px', '#0000001a')]),
    ],
    ['black 0 0 0 0.0625rem', read([layer('0px', '0px', '0px', '0.0625rem', 'black')])],
    [
      '0 {space.1} 2px red',
      read(
        [layer('0px', '{space.1}', '2px', '0px', 'red')],
        ['the reference `{space.1}` in a layer’s length is written as its value (a layer’s lengths take no reference)'],
      ),
    ],
    ['0 4px 8px', problem('layer 1 `0 4px 8px` has no color')],
    ['0 1px 2px red, 0 1em 2px blue', problem('layer 2 `0 1em 2px blue`: `1em` is not a length of a CSS shadow here (px, rem, or 0)')],
    ['0 1px red blue', problem('layer 1 `0 1px red blue` has two colors, `red` and `blue`')],
    ['1px red', problem('layer 1 `1px red` has 1 length (a layer has 2 to 4)')],
  ])('shadow `%s`', (text, want) => {
    expect(parseCssShadows(text)).toEqual(want);
  });
});
