import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../src/compile/types.js';
import { diffDesignSystems } from '../../../src/views/diff/diff-design-systems.js';
import { compileFiles } from '../../helpers/fixtures.js';

/** `/diff` compares typed values by structure: an easing by its four numbers, a font stack by its families. */
const PRIMITIVES = [
  'primitives:',
  '  easing: { standard: ease }',
  '  font.family: { body: "Inter, sans-serif" }',
  '  spacing: { md: 16 }',
  '',
].join('\n');
const TOKENS = [
  'tokens:',
  '  motion.easing: { type: easing, value: ease }',
  '  motion.easing-ref: { type: easing, primitive: easing.standard }',
  '  motion.fade: { type: transition, duration: 200ms, timingFunction: ease-in-out }',
  '  font.body: { type: font.family, value: "Inter, sans-serif" }',
  '  font.heading: { type: typography, fontFamily: "Inter, sans-serif", fontSize: 24px }',
  '  space.md: { type: spacing, primitive: spacing.md }',
  '',
].join('\n');

function compile(primitives: string, tokens: string): CompiledDesignSystem {
  const { system, diagnostics } = compileFiles('ds', [
    ['ds/system.yaml', 'name: DS\n'],
    ['ds/primitives.yaml', primitives],
    ['ds/tokens.yaml', tokens],
  ]);
  expect(diagnostics).toEqual([]);
  if (system === undefined) throw new Error('the design system did not compile');
  return system;
}

const before = compile(PRIMITIVES, TOKENS);

describe('/diff compares values by structure', () => {
  it.each([
    ['an easing keyword rewritten as its four numbers', TOKENS.replace('value: ease }', 'value: "cubic-bezier(0.25, 0.1, 0.25, 1)" }')],
    ['an easing keyword rewritten as a list of numbers', TOKENS.replace('value: ease }', 'value: [0.25, 0.1, 0.25, 1] }')],
    ['a transition easing rewritten as its numbers', TOKENS.replace('ease-in-out', '"cubic-bezier(0.42, 0, 0.58, 1)"')],
    ['a font stack with other spacing and quotes', TOKENS.replace('value: "Inter, sans-serif"', `value: "'Inter',sans-serif"`)],
    [
      'a typography font stack with other quotes',
      TOKENS.replace('fontFamily: "Inter, sans-serif"', 'fontFamily: "\\"Inter\\", sans-serif"'),
    ],
  ])('%s is no change', (_name, tokens) => {
    const diff = diffDesignSystems(before, compile(PRIMITIVES, tokens));
    expect(diff.level).toBe('none');
    expect(diff.tokens.changed).toEqual([]);
  });

  it('an easing primitive rewritten as its numbers, or a number as a length in its unit, is no change', () => {
    const primitives = PRIMITIVES.replace('standard: ease', 'standard: "cubic-bezier(0.25, 0.1, 0.25, 1)"').replace('md: 16', 'md: 16px');
    const diff = diffDesignSystems(before, compile(primitives, TOKENS));
    expect(diff.level).toBe('none');
    expect(diff.primitives.changed).toEqual([]);
    expect(diff.tokens.changed).toEqual([]);
  });

  it('a different easing is a change, shown as written', () => {
    const diff = diffDesignSystems(
      before,
      compile(PRIMITIVES, TOKENS.replace('value: ease }', 'value: "cubic-bezier(0.25, 0.1, 0.25, 0.9)" }')),
    );
    expect(diff.level).toBe('patch');
    expect(diff.tokens.changed).toEqual([
      {
        key: 'motion.easing',
        type: 'easing',
        from: { light: 'ease', dark: null },
        to: { light: 'cubic-bezier(0.25, 0.1, 0.25, 0.9)', dark: null },
      },
    ]);
  });

  it('a different font stack and a different easing primitive are changes', () => {
    const diff = diffDesignSystems(
      before,
      compile(
        PRIMITIVES.replace('standard: ease', 'standard: ease-in'),
        TOKENS.replace('value: "Inter, sans-serif"', 'value: "Inter, serif"'),
      ),
    );
    expect(diff.tokens.changed.map((change) => [change.key, change.to.light])).toEqual([
      ['font.body', 'Inter, serif'],
      ['motion.easing-ref', 'ease-in'],
    ]);
    expect(diff.primitives.changed).toEqual([
      { type: 'easing', key: 'standard', from: { value: 'ease', unit: null }, to: { value: 'ease-in', unit: null } },
    ]);
  });
});
