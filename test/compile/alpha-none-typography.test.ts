import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { Diagnostic, Rgba, TypedValue } from '../../src/compile/types.js';
import { compileTokens, tokenOf } from './tokens-fixture.js';

/**
 * What real systems write that the format now holds (issue 23, item 3): a `ref` with its own `alpha` (per mode too),
 * `value: none` for a shadow, border or gradient (in the base or one mode), a typography without some of its parts.
 * The fixture's modes are light, dark and dark-dimmed (on dark); `gray` 0 is #FFFFFF / #0D1117 / #212830, 900 is
 * #1F2328 / #F0F6FC (dark-dimmed takes dark's).
 */
const error = (line: number, column: number, rule: RuleId, message: string): Diagnostic => ({
  file: 'ds/tokens.yaml',
  line,
  column,
  rule,
  message,
  severity: 'error',
});
const color = (red: number, green: number, blue: number, alpha = 1): TypedValue => ({
  kind: 'color',
  color: { red, green, blue, alpha } satisfies Rgba,
});
const modes = (light: TypedValue, dark: TypedValue, dimmed: TypedValue = dark) => ({ light, dark, 'dark-dimmed': dimmed });
const NONE: TypedValue = { kind: 'keyword', keyword: 'none' };

/** `tokens` compiled, with a test that they compile without a problem, and each token's resolved values by key. */
function compileCleanly(tokens: string) {
  const { system, diagnostics } = compileTokens(tokens);
  it('compiles without a problem', () => {
    expect(diagnostics).toEqual([]);
  });
  return { system, resolved: (key: string) => tokenOf(system, key)?.resolved };
}

/** `tokens` give exactly the problems `want`, and no design system. */
function expectRefused(_name: string, tokens: string, want: Diagnostic[]): void {
  const result = compileTokens(tokens);
  expect(result.diagnostics).toEqual(want);
  expect(result.system).toBeUndefined();
}

describe('a color `ref` with its own `alpha`', () => {
  const TOKENS = [
    '  color.base: { type: color, scale: gray, step: 900, darkStep: 0 }',
    '  color.literal: { type: color, color: "#0969DA" }',
    '  color.half: { type: color, ref: color.base, alpha: 0.5 }',
    '  color.chain: { type: color, ref: color.half }',
    '  color.opaque: { type: color, ref: color.half, alpha: 1 }',
    '  color.per-mode: { type: color, ref: color.base, modes: { dark: { ref: color.literal, alpha: 0.25 } } }',
    '  color.inherited: { type: color, ref: color.base, alpha: 0.5, modes: { dark: { alpha: 0.3 } } }',
    '  color.dimmed: { type: color, ref: color.base, modes: { dark-dimmed: { alpha: 0.2 } } }',
    '  color.new-target: { type: color, ref: color.base, alpha: 0.5, modes: { dark: { ref: color.literal } } }',
    '',
  ].join('\n');
  const { system, resolved } = compileCleanly(TOKENS);

  it('replaces the alpha of the color it names, in each mode (the same rule as `alpha` on a scale step)', () => {
    expect(resolved('color.half')).toEqual(modes(color(31, 35, 40, 0.5), color(13, 17, 23, 0.5), color(33, 40, 48, 0.5)));
    expect(resolved('color.chain')).toEqual(resolved('color.half'));
    expect(resolved('color.opaque')).toEqual(modes(color(31, 35, 40), color(13, 17, 23), color(33, 40, 48)));
  });

  it('takes `ref` and `alpha` in a mode, and an `alpha` alone in a mode over the inherited `ref`', () => {
    expect(resolved('color.per-mode')).toEqual(modes(color(31, 35, 40), color(9, 105, 218, 0.25)));
    expect(resolved('color.inherited')).toEqual(modes(color(31, 35, 40, 0.5), color(13, 17, 23, 0.3), color(33, 40, 48, 0.3)));
    expect(resolved('color.dimmed')).toEqual(modes(color(31, 35, 40), color(13, 17, 23), color(33, 40, 48, 0.2)));
  });

  it('does not carry an inherited `alpha` over to another `ref` in a mode (like a literal, its target has its own alpha)', () => {
    expect(resolved('color.new-target')).toEqual(modes(color(31, 35, 40, 0.5), color(9, 105, 218)));
  });

  it('records the reference with the alpha that replaces its target’s, and serves the value as written', () => {
    const half = tokenOf(system, 'color.half');
    expect(half?.value).toEqual({ ref: 'color.base', alpha: 0.5 });
    expect(half?.references?.['dark']).toEqual({ ref: 'color.base', alpha: 0.5 });
    expect(tokenOf(system, 'color.chain')?.references?.['light']).toEqual({ ref: 'color.half' });
    expect(tokenOf(system, 'color.inherited')?.modes).toEqual({ dark: { alpha: 0.3 } });
    expect(tokenOf(system, 'color.inherited')?.references?.['dark-dimmed']).toEqual({ ref: 'color.base', alpha: 0.3 });
    expect(tokenOf(system, 'color.new-target')?.references?.['dark']).toEqual({ ref: 'color.literal' });
  });

  it.each<[string, string, Diagnostic[]]>([
    [
      '`alpha` beside `ref` on a token that is not a color',
      '  s.a: { type: spacing, value: 1 }\n  s.b: { type: spacing, ref: s.a, alpha: 0.5 }\n',
      [error(3, 42, 'extra-field', '`s.b` refers to another token, so it takes no `alpha`')],
    ],
    [
      'an `alpha` out of range beside `ref`',
      '  c.a: { type: color, color: "#000000" }\n  c.b: { type: color, ref: c.a, alpha: 1.5 }\n',
      [error(3, 40, 'invalid-value', '`alpha` of `c.b` must be a number from 0 to 1, got 1.5')],
    ],
    [
      'a field other than `alpha` beside `ref` and `alpha`',
      '  c.a: { type: color, color: "#000000" }\n  c.b: { type: color, ref: c.a, alpha: 0.5, step: 1 }\n',
      [error(3, 51, 'extra-field', '`c.b` refers to another token, so it takes no `step`')],
    ],
    [
      'an `alpha` out of range beside `ref` in a mode',
      '  c.a: { type: color, color: "#000000" }\n  c.b: { type: color, color: "#FFFFFF", modes: { dark: { ref: c.a, alpha: -1 } } }\n',
      [error(3, 75, 'invalid-value', '`alpha` of `c.b` must be a number from 0 to 1, got -1')],
    ],
    [
      'a step in a mode over an inherited `ref` (a scale step needs its scale)',
      '  c.a: { type: color, color: "#000000" }\n  c.b: { type: color, ref: c.a, modes: { dark: { step: 0 } } }\n',
      [error(3, 56, 'missing-field', 'color token `c.b` is missing `scale` in mode `dark`')],
    ],
  ])('refuses %s', expectRefused);
});

describe('`value: none` for a shadow, border or gradient', () => {
  const TOKENS = [
    '  color.fg: { type: color, scale: gray, step: 900 }',
    '  shadow.flat: { type: shadow, value: none }',
    '  shadow.card:',
    '    type: shadow',
    '    layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "#000000" }]',
    '    modes: { dark: { value: none } }',
    '  shadow.legacy: { type: shadow, x: 0, y: 1, blur: 2, spread: 0, colorToken: color.fg, opacity: 0.5, modes: { dark-dimmed: { value: none } } }',
    '  border.light-only: { type: border, value: none, modes: { dark: { width: 1px, style: solid, color: "{color.fg}" } } }',
    '  gradient.hero:',
    '    type: gradient',
    '    stops: [{ color: "#000000", position: 0 }, { color: "#FFFFFF", position: 1 }]',
    '    modes: { dark-dimmed: { value: none } }',
    '  shadow.alias: { type: shadow, ref: shadow.card }',
    '',
  ].join('\n');
  const { system, resolved } = compileCleanly(TOKENS);

  it('is `none` in the modes that say so, and the written value elsewhere', () => {
    expect(resolved('shadow.flat')).toEqual(modes(NONE, NONE));
    expect(resolved('shadow.card')?.light).toMatchObject({ kind: 'shadow' });
    expect(resolved('shadow.card')?.dark).toEqual(NONE);
    expect(resolved('shadow.card')?.['dark-dimmed']).toEqual(NONE);
    expect(resolved('shadow.alias')).toEqual(resolved('shadow.card'));
    expect(resolved('shadow.legacy')?.dark).toMatchObject({ kind: 'shadow' });
    expect(resolved('shadow.legacy')?.['dark-dimmed']).toEqual(NONE);
    expect(resolved('border.light-only')?.light).toEqual(NONE);
    expect(resolved('border.light-only')?.dark).toMatchObject({ kind: 'border', color: color(240, 246, 252) });
    expect(resolved('gradient.hero')?.dark).toMatchObject({ kind: 'gradient' });
    expect(resolved('gradient.hero')?.['dark-dimmed']).toEqual(NONE);
  });

  it('serves the value as written', () => {
    expect(tokenOf(system, 'shadow.flat')?.value).toEqual({ value: 'none' });
    expect(tokenOf(system, 'shadow.card')?.modes).toEqual({ dark: { value: 'none' } });
  });

  it.each<[string, string, Diagnostic[]]>([
    [
      'a `value` other than `none`',
      '  b: { type: border, value: solid }\n',
      [
        error(
          2,
          29,
          'invalid-value',
          '`value` of `b` must be `none` (a border is otherwise written with its parts: `width`, `style`, `color`), got "solid"',
        ),
      ],
    ],
    [
      'a shadow written as CSS text in `value`',
      '  s: { type: shadow, value: "0 1px 2px #000" }\n',
      [
        error(
          2,
          29,
          'invalid-value',
          '`value` of `s` must be `none` (a shadow is otherwise written with its parts: `layers`, or `x`, `y`, `blur`, `spread`, `colorToken`, `opacity`), got "0 1px 2px #000"',
        ),
      ],
    ],
    [
      'a part beside `value: none`',
      '  b: { type: border, value: none, width: 1px }\n',
      [error(2, 42, 'extra-field', '`b` is `none`, so it takes no `width`')],
    ],
    [
      'a part beside `value: none` in a mode',
      '  g: { type: gradient, value: none, modes: { dark: { value: none, angle: 90 } } }\n',
      [error(2, 74, 'extra-field', '`g` is `none` in `modes.dark`, so it takes no `angle`')],
    ],
    [
      'an incomplete border in a mode over an inherited `none`',
      '  b: { type: border, value: none, modes: { dark: { width: 2px } } }\n',
      // One problem per place: the first part missing.
      [error(2, 59, 'missing-field', 'border token `b` is missing `style` in mode `dark`')],
    ],
    [
      '`none` for a typography (only shadows, borders and gradients are `none`)',
      '  t: { type: typography, value: none }\n',
      [
        error(2, 3, 'missing-field', 'typography token `t` is missing `fontSize`'),
        error(
          2,
          33,
          'extra-field',
          'typography token `t` has no field `value` (allowed: fontFamily, fontSize, fontWeight, lineHeight, letterSpacing, ref, modes)',
        ),
      ],
    ],
  ])('refuses %s', expectRefused);
});

describe('a typography without some of its parts', () => {
  const TOKENS = [
    '  typography.size-only: { type: typography, fontSize: 14px }',
    '  typography.no-weight: { type: typography, fontFamily: Inter, fontSize: 16px, lineHeight: 1.5 }',
    '  typography.dark-weight: { type: typography, fontSize: 16px, modes: { dark: { fontWeight: 700 } } }',
    '',
  ].join('\n');
  const { resolved } = compileCleanly(TOKENS);

  it('fills a missing family, weight and line height with `sans-serif`, 400 and 1.2, and says which parts were left out', () => {
    expect(resolved('typography.size-only')?.light).toEqual({
      kind: 'typography',
      fontFamily: { kind: 'fontFamily', families: ['sans-serif'], text: 'sans-serif' },
      fontSize: { kind: 'dimension', value: 14, unit: 'px' },
      fontWeight: { kind: 'number', value: 400 },
      lineHeight: { kind: 'number', value: 1.2 },
      letterSpacing: { kind: 'dimension', value: 0, unit: 'px' },
      omitted: ['fontFamily', 'fontWeight', 'lineHeight'],
    });
    expect(resolved('typography.no-weight')?.light).toMatchObject({ omitted: ['fontWeight'], lineHeight: { kind: 'number', value: 1.5 } });
  });

  it('lets a mode give a part the base leaves out', () => {
    expect(resolved('typography.dark-weight')?.light).toMatchObject({ omitted: ['fontFamily', 'fontWeight', 'lineHeight'] });
    expect(resolved('typography.dark-weight')?.dark).toMatchObject({
      fontWeight: { kind: 'number', value: 700 },
      omitted: ['fontFamily', 'lineHeight'],
    });
  });

  it('still refuses a typography without a size (the CSS `font` shorthand needs one)', () => {
    const result = compileTokens('  t: { type: typography, fontFamily: Inter, fontWeight: 400 }\n');
    expect(result.diagnostics).toEqual([error(2, 3, 'missing-field', 'typography token `t` is missing `fontSize`')]);
  });

  it('keeps a typography with every part as it was (no `omitted`)', () => {
    const result = compileTokens('  t: { type: typography, fontFamily: Inter, fontSize: 16px, fontWeight: 400, lineHeight: 1.5 }\n');
    expect(tokenOf(result.system, 't')?.resolved.light).not.toHaveProperty('omitted');
  });
});

describe('the source schema agrees with the compiler on these shapes', async () => {
  const { readFile } = await import('node:fs/promises');
  const { Ajv } = await import('ajv');
  const { parse } = await import('yaml');
  const schema = JSON.parse(await readFile(new URL('../../schemas/source.schema.json', import.meta.url), 'utf8')) as object;
  const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  const BASE = '  color.fg: { type: color, scale: gray, step: 900 }\n';

  it.each([
    ['a color `ref` with `alpha`', '  c: { type: color, ref: color.fg, alpha: 0.5 }\n'],
    ['`ref` and `alpha` in a mode', '  c: { type: color, color: "#000000", modes: { dark: { ref: color.fg, alpha: 0.3 } } }\n'],
    ['an `alpha` alone in a mode over a `ref`', '  c: { type: color, ref: color.fg, modes: { dark: { alpha: 0.3 } } }\n'],
    ['a shadow that is `none`', '  s: { type: shadow, value: none, description: Flat. }\n'],
    [
      'a border that is `none` in dark',
      '  b: { type: border, width: 1px, style: solid, color: "#000000", modes: { dark: { value: none } } }\n',
    ],
    [
      'a gradient that is `none` but in dark',
      '  g: { type: gradient, value: none, modes: { dark: { stops: [{ color: "#000000", position: 0 }, { color: "#FFFFFF", position: 1 }] } } }\n',
    ],
    ['a typography with its size only', '  t: { type: typography, fontSize: 12px }\n'],
  ])('accepts %s', (_name, tokens) => {
    expect(validate(parse(`tokens:\n${BASE}${tokens}`)) ? [] : validate.errors).toEqual([]);
    expect(compileTokens(`${BASE}${tokens}`).diagnostics).toEqual([]);
  });

  it.each([
    ['`alpha` beside `ref` on a spacing', '  s: { type: spacing, ref: x, alpha: 0.5 }\n', 'extra-field'],
    ['an `alpha` above 1 beside `ref`', '  c: { type: color, ref: color.fg, alpha: 2 }\n', 'invalid-value'],
    ['a border whose `value` is not `none`', '  b: { type: border, value: solid }\n', 'invalid-value'],
    ['a part beside `value: none`', '  b: { type: border, value: none, width: 1px }\n', 'extra-field'],
    [
      'a part beside `value: none` in a mode',
      '  s: { type: shadow, value: none, modes: { dark: { value: none, x: 1 } } }\n',
      'extra-field',
    ],
    ['a typography without a size', '  t: { type: typography, fontFamily: Inter }\n', 'missing-field'],
  ])('refuses %s', (_name, tokens, rule) => {
    expect(validate(parse(`tokens:\n${BASE}${tokens}`))).toBe(false);
    expect(compileTokens(`${BASE}${tokens}`).diagnostics.map((diagnostic) => diagnostic.rule)).toContain(rule);
  });
});
