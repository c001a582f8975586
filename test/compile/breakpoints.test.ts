import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { CompiledDesignSystem, Diagnostic, Token } from '../../src/compile/types.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { compileFiles, compileFixture } from '../helpers/fixtures.js';

const tokenOf = (system: CompiledDesignSystem | undefined, key: string): Token | undefined =>
  system?.tokens.find((token) => token.key === key);

/** A token's CSS text per breakpoint (`base` for its own values) and mode. */
function cssByBreakpoint(token: Token | undefined): Record<string, Record<string, string>> {
  const texts = (values: Readonly<Record<string, Parameters<typeof formatCssValue>[0]>>): Record<string, string> =>
    Object.fromEntries(Object.entries(values).map(([mode, value]) => [mode, formatCssValue(value)]));
  const result: Record<string, Record<string, string>> = { base: texts(token?.resolved ?? {}) };
  for (const [breakpoint, values] of Object.entries(token?.responsive ?? {})) result[breakpoint] = texts(values);
  return result;
}

const error = (file: string, line: number, column: number, rule: RuleId, message: string): Diagnostic => ({
  file: `ds/${file}`,
  line,
  column,
  rule,
  message,
  severity: 'error',
});

function compile(system: string, tokens: string) {
  return compileFiles('ds', [
    ['ds/system.yaml', system],
    ['ds/tokens.yaml', tokens],
  ]);
}

describe('breakpoints: compiled values per breakpoint and mode', () => {
  it('declares the breakpoints in order', async () => {
    const { system, diagnostics } = await compileFixture('responsive');
    expect(diagnostics).toEqual([]);
    expect(system?.breakpoints).toEqual([
      { name: 'md', minWidth: { value: 48, unit: 'rem' }, container: null },
      { name: 'lg', minWidth: { value: 1024, unit: 'px' }, container: null },
    ]);
  });

  it.each<[string, Record<string, Record<string, string>>]>([
    [
      'space.gutter',
      {
        base: { light: '16px', dark: '16px', 'dark-dimmed': '16px' },
        md: { light: '24px', dark: '24px', 'dark-dimmed': '24px' },
        lg: { light: '2rem', dark: '2rem', 'dark-dimmed': '2rem' },
      },
    ],
    [
      // md sets nothing: it takes base's; lg's `modes.dark` applies in dark-dimmed too (its base).
      'space.inset',
      {
        base: { light: '8px', dark: '10px', 'dark-dimmed': '10px' },
        md: { light: '8px', dark: '10px', 'dark-dimmed': '10px' },
        lg: { light: '12px', dark: '14px', 'dark-dimmed': '14px' },
      },
    ],
    [
      // An alias follows its target at each breakpoint.
      'space.gap',
      {
        base: { light: '16px', dark: '16px', 'dark-dimmed': '16px' },
        md: { light: '24px', dark: '24px', 'dark-dimmed': '24px' },
        lg: { light: '2rem', dark: '2rem', 'dark-dimmed': '2rem' },
      },
    ],
    [
      'color.bg',
      {
        base: { light: '#FFFFFF', dark: '#0D1117', 'dark-dimmed': '#212830' },
        md: { light: '#FFFFFF', dark: '#F0F6FC', 'dark-dimmed': '#F0F6FC' },
        lg: { light: '#FFFFFF', dark: '#F0F6FC', 'dark-dimmed': '#F0F6FC' },
      },
    ],
  ])('%s', async (key, want) => {
    const { system } = await compileFixture('responsive');
    expect(cssByBreakpoint(tokenOf(system, key))).toEqual(want);
  });

  it('keeps no values per breakpoint for a token that is the same at every one', async () => {
    const { system } = await compileFixture('responsive');
    expect(tokenOf(system, 'font.size.body')?.responsive).toBeUndefined();
    expect(tokenOf(system, 'color.fg')?.responsive).toBeUndefined();
  });

  it('reads a fluid length with its ends and widths; its static value is `min`', async () => {
    const { system } = await compileFixture('responsive');
    const token = tokenOf(system, 'font.size.display');
    expect(token?.resolved.light).toEqual({
      kind: 'dimension',
      value: 24,
      unit: 'px',
      fluid: {
        min: { value: 24, unit: 'px' },
        max: { value: 40, unit: 'px' },
        from: { value: 320, unit: 'px' },
        to: { value: 1280, unit: 'px' },
      },
    });
    expect(token?.responsive?.['lg']?.dark).toEqual({
      kind: 'dimension',
      value: 2.5,
      unit: 'rem',
      fluid: {
        min: { value: 2.5, unit: 'rem' },
        max: { value: 4, unit: 'rem' },
        from: { value: 64, unit: 'rem' },
        to: { value: 90, unit: 'rem' },
      },
    });
    expect(token?.breakpoints).toEqual({ lg: { value: { min: '2.5rem', max: '4rem', from: '64rem', to: '90rem' } } });
  });

  it('compiles a source without breakpoints as before: no `breakpoints` on the system or its tokens', () => {
    const { system } = compile('name: Plain\n', 'tokens:\n  space.md: { type: spacing, value: 8 }\n');
    expect(system && 'breakpoints' in system).toBe(false);
    expect(Object.keys(tokenOf(system, 'space.md') ?? {})).toEqual(['key', 'type', 'value', 'resolved']);
  });
});

describe('breakpoints: problems, each where it is written', () => {
  it.each<[string, { system: string; tokens: string; want: Diagnostic[] }]>([
    [
      'a breakpoint narrower than the one before',
      {
        system: 'name: X\nbreakpoints:\n  md: { min-width: 48rem }\n  sm: { min-width: 600px }\n',
        tokens: 'tokens: {}\n',
        want: [
          error(
            'system.yaml',
            4,
            20,
            'invalid-breakpoint',
            'breakpoint `sm` (min-width 600px) must be wider than `md` before it (min-width 48rem): breakpoints are written from the narrowest up, mobile first',
          ),
        ],
      },
    ],
    [
      'a min-width in a unit a media query cannot compare',
      {
        system: 'name: X\nbreakpoints:\n  md: { min-width: 50% }\n',
        tokens: 'tokens: {}\n',
        want: [
          error(
            'system.yaml',
            3,
            20,
            'invalid-breakpoint',
            '`min-width` of breakpoint `md` must be a length > 0 in `px`, `rem` or `em` like `48rem` (a bare number is px), got "50%"',
          ),
        ],
      },
    ],
    [
      'a breakpoint named base',
      {
        system: 'name: X\nbreakpoints:\n  base: { min-width: 1px }\n',
        tokens: 'tokens: {}\n',
        want: [
          error(
            'system.yaml',
            3,
            3,
            'invalid-breakpoint',
            "`base` names the values below the first breakpoint (a token's own fields) and cannot be declared",
          ),
        ],
      },
    ],
    [
      'a token value for an unknown breakpoint',
      {
        system: 'name: X\nbreakpoints:\n  md: { min-width: 48rem }\n',
        tokens: 'tokens:\n  s: { type: spacing, value: 8, breakpoints: { mb: { value: 9 } } }\n',
        want: [
          error(
            'tokens.yaml',
            2,
            48,
            'unknown-breakpoint',
            '`s` gives a value for unknown breakpoint `mb` (breakpoints: md) (did you mean `md`?)',
          ),
        ],
      },
    ],
    [
      'values per breakpoint without declared breakpoints',
      {
        system: 'name: X\n',
        tokens: 'tokens:\n  s: { type: spacing, value: 8, breakpoints: { md: { value: 9 } } }\n',
        want: [
          error('tokens.yaml', 2, 46, 'unknown-breakpoint', '`s` gives values per breakpoint, but system.yaml declares no `breakpoints`'),
        ],
      },
    ],
    [
      'a wrong field value at a breakpoint in a mode',
      {
        system: 'name: X\nbreakpoints:\n  md: { min-width: 48rem }\n',
        tokens: 'tokens:\n  s:\n    type: spacing\n    value: 8\n    breakpoints:\n      md: { modes: { dark: { unit: pt } } }\n',
        want: [
          error(
            'tokens.yaml',
            6,
            36,
            'invalid-value',
            '`unit` of `s` must be one of `px`, `rem`, `em`, `ch`, `ex`, `vw`, `vh`, `dvh`, `svh`, `lvh`, got "pt"',
          ),
        ],
      },
    ],
    [
      'a fluid length whose widths are the wrong way round',
      {
        system: 'name: X\n',
        tokens: 'tokens:\n  f: { type: font.size, value: { min: 16, max: 20, from: 80rem, to: 20rem } }\n',
        want: [
          error(
            'tokens.yaml',
            2,
            32,
            'invalid-value',
            '`value` of `f` must be a fluid length `{ min, max, from, to }` (`min` at viewport width `from`, `max` at `to`; lengths in `px` or `rem`, a bare number is px): `from` must be narrower than `to`, got {"min":16,"max":20,"from":"80rem","to":"20rem"}',
          ),
        ],
      },
    ],
    [
      'a fluid length in a unit whose size is not known',
      {
        system: 'name: X\n',
        tokens: 'tokens:\n  f: { type: font.size, value: { min: 1, max: 2, from: 320, to: 1280 }, unit: em }\n',
        want: [
          error(
            'tokens.yaml',
            2,
            79,
            'invalid-value',
            '`value` of `f` is fluid, so its `unit` must be `px` or `rem` (the units its coefficients are worked out in), got "em"',
          ),
        ],
      },
    ],
  ])('%s', (_name, { system, tokens, want }) => {
    expect(compile(system, tokens).diagnostics).toEqual(want);
  });
});
