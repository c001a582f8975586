import { describe, expect, it } from 'vitest';
import { sameTypedValue, sameValueByStructure, typedValueOfPrimitive } from '../../src/compile/fields/typed-values.js';
import type { TypedValue } from '../../src/compile/types.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { compileTokens, tokenOf } from './tokens-fixture.js';

const EASE: TypedValue = { kind: 'cubicBezier', points: [0.25, 0.1, 0.25, 1], text: 'ease' };
const EASE_NUMBERS: TypedValue = { kind: 'cubicBezier', points: [0.25, 0.1, 0.25, 1], text: 'cubic-bezier(0.25, 0.1, 0.25, 1)' };
const EASE_IN: TypedValue = { kind: 'cubicBezier', points: [0.42, 0, 1, 1], text: 'ease-in' };
const INTER: TypedValue = { kind: 'fontFamily', families: ['Inter', 'sans-serif'], text: 'Inter, sans-serif' };
const INTER_QUOTED: TypedValue = { kind: 'fontFamily', families: ['Inter', 'sans-serif'], text: "'Inter',sans-serif" };
const SHADOW_LAYER = {
  offsetX: { value: 0, unit: 'px' },
  offsetY: { value: 1, unit: 'px' },
  blur: { value: 2, unit: 'px' },
  spread: { value: 0, unit: 'px' },
  color: { red: 0, green: 0, blue: 0, alpha: 1 },
  inset: false,
} as const;
const SHADOW_TEXT: TypedValue = { kind: 'shadow', layers: [SHADOW_LAYER], text: '0 1px 2px #000' };
const SHADOW_LAYERS: TypedValue = { kind: 'shadow', layers: [SHADOW_LAYER], text: null };
describe('typed values from drafts', () => {
  it('reads an easing primitive written as its four numbers as that easing, for its tokens and their parts', () => {
    const { system, diagnostics } = compileTokens(
      [
        '  motion.standard: { type: easing, primitive: easing.standard }',
        '  motion.fade: { type: transition, duration: 150ms, timingFunction: "{motion.standard}" }',
        'primitives:',
        '  easing: { standard: [0.2, 0, 0, 1] }',
        '',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    const easing = { kind: 'cubicBezier', points: [0.2, 0, 0, 1], text: 'cubic-bezier(0.2, 0, 0, 1)' };
    expect(tokenOf(system, 'motion.standard')?.resolved.light).toEqual(easing);
    expect(tokenOf(system, 'motion.fade')?.resolved.light).toEqual({
      kind: 'transition',
      duration: { kind: 'duration', value: 150, unit: 'ms' },
      delay: { kind: 'duration', value: 0, unit: 'ms' },
      timingFunction: easing,
    });
    const resolved = tokenOf(system, 'motion.standard')?.resolved.light;
    expect(resolved === undefined ? undefined : formatCssValue(resolved)).toBe('cubic-bezier(0.2, 0, 0, 1)');
  });

  it('reads each primitive type by its own rule: a string is a shadow only for a shadow', () => {
    expect(typedValueOfPrimitive('font.family', { key: 'body', value: 'Inter, sans-serif', unit: null })).toEqual({
      kind: 'fontFamily',
      families: ['Inter', 'sans-serif'],
      text: 'Inter, sans-serif',
    });
    expect(typedValueOfPrimitive('easing', { key: 'standard', value: 'ease', unit: null })).toEqual({
      kind: 'cubicBezier',
      points: [0.25, 0.1, 0.25, 1],
      text: 'ease',
    });
    expect(typedValueOfPrimitive('shadow', { key: 'sm', value: '0 1px 2px #000', unit: 'px' })).toEqual(SHADOW_TEXT);
    expect(typedValueOfPrimitive('spacing', { key: 'md', value: 16, unit: 'px' })).toEqual({ kind: 'dimension', value: 16, unit: 'px' });
    expect(typedValueOfPrimitive('font.lineHeight', { key: 'body', value: 1.5, unit: null })).toEqual({ kind: 'number', value: 1.5 });
  });
});

const transition = (timingFunction: TypedValue): TypedValue =>
  timingFunction.kind === 'cubicBezier'
    ? {
        kind: 'transition',
        duration: { kind: 'duration', value: 150, unit: 'ms' },
        delay: { kind: 'duration', value: 0, unit: 'ms' },
        timingFunction,
      }
    : timingFunction;

describe('comparing typed values', () => {
  it.each<[string, TypedValue, TypedValue, { text: boolean; structure: boolean }]>([
    ['an easing keyword and its four numbers', EASE, EASE_NUMBERS, { text: false, structure: true }],
    ['two different easings', EASE, EASE_IN, { text: false, structure: false }],
    ['a font stack written with other quotes and spaces', INTER, INTER_QUOTED, { text: false, structure: true }],
    ['a shadow primitive and the same layers written as a token', SHADOW_TEXT, SHADOW_LAYERS, { text: false, structure: true }],
    ['transitions whose easings differ only in writing', transition(EASE), transition(EASE_NUMBERS), { text: false, structure: true }],
    ['transitions with different easings', transition(EASE), transition(EASE_IN), { text: false, structure: false }],
    ['the same value', EASE, { ...EASE }, { text: true, structure: true }],
  ])('%s', (_name, a, b, want) => {
    expect({ text: sameTypedValue(a, b), structure: sameValueByStructure(a, b) }).toEqual(want);
    expect({ text: sameTypedValue(b, a), structure: sameValueByStructure(b, a) }).toEqual(want);
  });
});
