import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';

/** Every token's CSS value in every mode, as the server serves it. */
const cssOf = (system: CompiledDesignSystem | undefined, key: string) =>
  Object.fromEntries(
    Object.entries(system?.tokens.find((token) => token.key === key)?.resolved ?? {}).map(([mode, value]) => [mode, formatCssValue(value)]),
  );

/**
 * Untyped Style Dictionary files written like Open Forms' `src/components/input-container.tokens.json`: a padding
 * shorthand made of two references to lengths of another file (`src/community/utrecht/textbox.tokens.json`).
 */
const TEXTBOX = { utrecht: { textbox: { 'padding-inline-start': { value: '12px' }, 'padding-inline-end': { value: '{of.space.md}' } } } };
const SPACE = { of: { space: { md: { value: '12px' }, sm: { value: '8px' } } } };
const INPUT_CONTAINER = {
  of: {
    'input-container': {
      affix: {
        'padding-inline': { value: '{utrecht.textbox.padding-inline-start} {utrecht.textbox.padding-inline-end}' },
        'padding-block': { value: '{of.space.sm} 0' },
      },
    },
  },
};

describe('import: a length shorthand of references, without a type (Style Dictionary)', () => {
  const result = importDesignSystem(
    [
      { path: 'src/common/space.tokens.json', text: JSON.stringify(SPACE) },
      { path: 'src/community/utrecht/textbox.tokens.json', text: JSON.stringify(TEXTBOX) },
      { path: 'src/components/input-container.tokens.json', text: JSON.stringify(INPUT_CONTAINER) },
    ],
    { slug: 'of', name: 'Open Forms' },
  );

  it('is a spacing of the lengths it names (as its build writes it), not a transition refused as `a duration in px`', () => {
    expect(result.format).toBe('style-dictionary');
    expect(cssOf(result.compiled.system, 'of.input-container.affix.padding-inline')).toEqual({ light: '12px 12px', dark: '12px 12px' });
    expect(cssOf(result.compiled.system, 'of.input-container.affix.padding-block')).toEqual({ light: '8px 0px', dark: '8px 0px' });
  });

  it('reports the references written as their values', () => {
    expect(result.issues.filter((issue) => issue.level === 'skipped')).toEqual([]);
    expect(result.issues.map((issue) => [issue.source, issue.level, issue.reason])).toContainEqual([
      'src/components/input-container.tokens.json:of.input-container.affix.padding-inline',
      'lossy',
      'references inside `{utrecht.textbox.padding-inline-start} {utrecht.textbox.padding-inline-end}` are written as their values (a list of lengths takes no reference)',
    ]);
  });

  it('leaves a transition of references a transition', () => {
    const motion = importDesignSystem(
      [
        {
          path: 'motion.json',
          text: JSON.stringify({
            motion: { fast: { value: '150ms' }, ease: { value: 'ease-in' }, hover: { value: '{motion.fast} {motion.ease}' } },
          }),
        },
      ],
      { slug: 'motion', name: 'Motion' },
    );
    expect(motion.tokens.find((token) => token.key === 'motion.hover')?.type).toBe('transition');
  });
});
