import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { CompiledDesignSystem, Diagnostic, Token } from '../../src/compile/types.js';
import { formatCssValue, formatHex } from '../../src/views/shared/css-values.js';
import { compileFiles } from '../helpers/fixtures.js';

const SYSTEM = `name: Aurora
modes:
  dark-dimmed: { base: dark }
  light-hc: { base: light, media: "(prefers-contrast: more)" }
`;

const SCALES = `scales:
  gray:
    0: { light: "#FFFFFF", dark: "#0D1117", dark-dimmed: "#212830" }
    900: { light: "#1F2328", dark: "#F0F6FC" }
  white:
    0: { light: "#FFF", dark: "#ffffff" }
  overlay:
    1: { light: "#1F232826", dark: "rgba(1, 4, 9, 0.4)", light-hc: transparent }
    2: { light: "#0008", dark: "rgb(1 4 9 / 50%)" }
`;

const TOKENS = `tokens:
  color.fg.default: { type: color, scale: gray, step: 900, darkStep: 0 }
  color.fg.onEmphasis: { type: color, scale: gray, step: 0, modes: { dark: { scale: white, step: 0 } } }
  color.fg.muted: { type: color, scale: gray, step: 900, modes: { dark: { step: 0 } } }
  color.focus: { type: color, color: "#0969DA", alpha: 0.5 }
  color.backdrop:
    type: color
    scale: gray
    step: 900
    alpha: 0.4
    modes:
      dark: { alpha: 0.6 }
      dark-dimmed: { color: "#00000080" }
  color.overlay: { type: color, scale: overlay, step: 1 }
  opacity.disabled: { type: opacity, value: 0.4, modes: { dark-dimmed: { value: 0.5 } } }
  font.weight.body: { type: font.weight, value: 400, modes: { light-hc: { primitive: font.weight.bold } } }
  shadow.card: { type: shadow, x: 0, y: 1, blur: 2, spread: 0, colorToken: color.backdrop, opacity: 0.5, modes: { light-hc: { blur: 0 } } }
primitives:
  font.weight: { bold: 700 }
`;

function compile(files: Record<string, string>) {
  return compileFiles(
    'ds',
    Object.entries(files).map(([path, text]) => [`ds/${path}`, text] as const),
  );
}

const cssPerMode = (token: Token | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(token?.resolved ?? {}).map(([mode, value]) => [mode, formatCssValue(value)]));

const tokenOf = (system: CompiledDesignSystem | undefined, key: string): Token | undefined =>
  system?.tokens.find((token) => token.key === key);

const error = (file: string, line: number, column: number, rule: RuleId, message: string): Diagnostic => ({
  file: `ds/${file}`,
  line,
  column,
  rule,
  message,
  severity: 'error',
});

describe('modes: a design system with four modes', () => {
  const { system, diagnostics } = compile({ 'system.yaml': SYSTEM, 'scales.yaml': SCALES, 'tokens.yaml': TOKENS });

  it('compiles without a problem and lists light, dark, then the declared modes in their order', () => {
    expect(diagnostics).toEqual([]);
    expect(system?.declaresModes).toBe(true);
    expect(system?.modes).toEqual([
      { name: 'light', base: null, media: null },
      { name: 'dark', base: 'light', media: null },
      { name: 'dark-dimmed', base: 'dark', media: null },
      { name: 'light-hc', base: 'light', media: '(prefers-contrast: more)' },
    ]);
  });

  it('gives every scale step a color in every mode: its own, else its base mode’s; step 0 and every color syntax', () => {
    const hexes = (scale: string) =>
      system?.scales
        .find((candidate) => candidate.key === scale)
        ?.steps.map((step) => [
          step.step,
          Object.fromEntries(Object.entries(step.colors).map(([mode, color]) => [mode, formatHex(color)])),
        ]);
    expect(hexes('gray')).toEqual([
      [0, { light: '#FFFFFF', dark: '#0D1117', 'dark-dimmed': '#212830', 'light-hc': '#FFFFFF' }],
      [900, { light: '#1F2328', dark: '#F0F6FC', 'dark-dimmed': '#F0F6FC', 'light-hc': '#1F2328' }],
    ]);
    expect(hexes('overlay')).toEqual([
      [1, { light: '#1F232826', dark: '#01040966', 'dark-dimmed': '#01040966', 'light-hc': '#00000000' }],
      [2, { light: '#00000088', dark: '#01040980', 'dark-dimmed': '#01040980', 'light-hc': '#00000088' }],
    ]);
  });

  it('resolves colors per mode: darkStep, a dark from another scale, a literal, alpha replacing the color’s, a literal in one mode', () => {
    expect(cssPerMode(tokenOf(system, 'color.fg.default'))).toEqual({
      light: '#1F2328',
      dark: '#0D1117',
      'dark-dimmed': '#212830',
      'light-hc': '#1F2328',
    });
    expect(cssPerMode(tokenOf(system, 'color.fg.onEmphasis'))).toEqual({
      light: '#FFFFFF',
      dark: '#FFFFFF',
      'dark-dimmed': '#FFFFFF',
      'light-hc': '#FFFFFF',
    });
    expect(cssPerMode(tokenOf(system, 'color.focus'))).toEqual({
      light: '#0969DA80',
      dark: '#0969DA80',
      'dark-dimmed': '#0969DA80',
      'light-hc': '#0969DA80',
    });
    // 0.4 and 0.6 of 255 are 0x66 and 0x99; the literal of dark-dimmed keeps its own alpha (0x80), not the inherited 0.6.
    expect(cssPerMode(tokenOf(system, 'color.backdrop'))).toEqual({
      light: '#1F232866',
      dark: '#F0F6FC99',
      'dark-dimmed': '#00000080',
      'light-hc': '#1F232866',
    });
    expect(cssPerMode(tokenOf(system, 'color.overlay'))).toEqual({
      light: '#1F232826',
      dark: '#01040966',
      'dark-dimmed': '#01040966',
      'light-hc': '#00000000',
    });
  });

  it('overrides any type per mode, and a shadow takes its color token’s color (alpha × opacity) in each mode', () => {
    expect(cssPerMode(tokenOf(system, 'opacity.disabled'))).toEqual({ light: '0.4', dark: '0.4', 'dark-dimmed': '0.5', 'light-hc': '0.4' });
    expect(cssPerMode(tokenOf(system, 'font.weight.body'))).toEqual({ light: '400', dark: '400', 'dark-dimmed': '400', 'light-hc': '700' });
    expect(cssPerMode(tokenOf(system, 'shadow.card'))).toEqual({
      light: '0px 1px 2px 0px rgba(31, 35, 40, 0.2)',
      dark: '0px 1px 2px 0px rgba(240, 246, 252, 0.3)',
      'dark-dimmed': '0px 1px 2px 0px rgba(0, 0, 0, 0.251)',
      'light-hc': '0px 1px 0px 0px rgba(31, 35, 40, 0.2)',
    });
  });

  it('serves the value as written: darkStep when dark comes from the same scale, whatever the spelling; modes as written', () => {
    const served = (key: string) => {
      const token = tokenOf(system, key);
      return { value: token?.value, modes: token?.modes };
    };
    expect(served('color.fg.default')).toEqual({ value: { scale: 'gray', step: 900, darkStep: 0 }, modes: undefined });
    expect(served('color.fg.muted')).toEqual({ value: { scale: 'gray', step: 900, darkStep: 0 }, modes: { dark: { step: 0 } } });
    expect(served('color.fg.onEmphasis')).toEqual({ value: { scale: 'gray', step: 0 }, modes: { dark: { scale: 'white', step: 0 } } });
    expect(served('color.focus')).toEqual({ value: { color: '#0969DA', alpha: 0.5 }, modes: undefined });
    expect(served('color.backdrop')).toEqual({
      value: { scale: 'gray', step: 900, darkStep: 900, alpha: 0.4 },
      modes: { dark: { alpha: 0.6 }, 'dark-dimmed': { color: '#00000080' } },
    });
    expect(served('font.weight.body')).toEqual({ value: { value: 400 }, modes: { 'light-hc': { primitive: 'font.weight.bold' } } });
  });
});

describe('modes: a design system that declares none', () => {
  it('has exactly light and dark, and dark is light wherever nothing says otherwise', () => {
    const { system, diagnostics } = compile({
      'system.yaml': 'name: Plain\n',
      'scales.yaml': 'scales:\n  gray:\n    0: { light: "#FFFFFF", dark: "#000000" }\n',
      'tokens.yaml': 'tokens:\n  color.bg: { type: color, scale: gray, step: 0 }\n  spacing.md: { type: spacing, value: 16 }\n',
    });
    expect(diagnostics).toEqual([]);
    expect(system?.declaresModes).toBe(false);
    expect(system?.modes.map((mode) => mode.name)).toEqual(['light', 'dark']);
    expect(cssPerMode(tokenOf(system, 'color.bg'))).toEqual({ light: '#FFFFFF', dark: '#000000' });
    expect(cssPerMode(tokenOf(system, 'spacing.md'))).toEqual({ light: '16px', dark: '16px' });
    expect(tokenOf(system, 'color.bg')?.value).toEqual({ scale: 'gray', step: 0, darkStep: 0 });
  });

  it('counts `modes: {}` as a declaration (it turns on the mode fields of the TypeScript export)', () => {
    const { system, diagnostics } = compile({ 'system.yaml': 'name: Plain\nmodes: {}\n' });
    expect(diagnostics).toEqual([]);
    expect(system?.declaresModes).toBe(true);
    expect(system?.modes.map((mode) => mode.name)).toEqual(['light', 'dark']);
  });
});

describe('modes: every mistake, with its position', () => {
  const withSystem = (system: string) => compile({ 'system.yaml': `name: Aurora\n${system}` }).diagnostics;

  it.each<[string, string, Diagnostic[]]>([
    [
      'modes that is not a mapping',
      'modes: [dark-dimmed]\n',
      [error('system.yaml', 2, 8, 'invalid-mode', '`modes` must map mode names to `{ base, media }`, e.g. `dark-dimmed: { base: dark }`')],
    ],
    [
      'light or dark declared',
      'modes:\n  dark: { base: light }\n',
      [error('system.yaml', 3, 3, 'invalid-mode', '`dark` always exists and cannot be declared; declare the modes besides light and dark')],
    ],
    [
      'a name that is not lowercase words',
      'modes:\n  Dark_Dimmed: { base: dark }\n',
      [
        error(
          'system.yaml',
          3,
          3,
          'invalid-mode',
          'mode name `Dark_Dimmed` must be lowercase letters and digits joined by single hyphens (e.g. `dark-dimmed`)',
        ),
      ],
    ],
    [
      'a mode that is not a mapping',
      'modes:\n  dimmed: dark\n',
      [error('system.yaml', 3, 11, 'invalid-mode', 'mode `dimmed` must be a mapping `{ base, media }`, e.g. `{ base: dark }`')],
    ],
    [
      'no base',
      'modes:\n  dimmed: { media: "(prefers-contrast: less)" }\n',
      [
        error(
          'system.yaml',
          3,
          3,
          'missing-field',
          'mode `dimmed` is missing `base`, the mode it takes unset values from (e.g. `base: dark`)',
        ),
      ],
    ],
    [
      'an unknown base, with a suggestion',
      'modes:\n  dimmed: { base: drak }\n',
      [error('system.yaml', 3, 19, 'unknown-mode', 'mode `dimmed` has unknown base `drak` (did you mean `dark`?)')],
    ],
    [
      'an unknown field and a media that could close the rule',
      'modes:\n  dimmed: { base: dark, medium: x, media: "(x) {} body {" }\n',
      [
        error('system.yaml', 3, 33, 'invalid-mode', 'mode `dimmed` has no field `medium` (allowed: base, media)'),
        error(
          'system.yaml',
          3,
          43,
          'invalid-mode',
          '`media` of mode `dimmed` must be a media condition in parentheses, e.g. "(prefers-contrast: more)", got "(x) {} body {"',
        ),
      ],
    ],
    [
      'a cycle of bases',
      'modes:\n  a: { base: b }\n  b: { base: a }\n',
      [
        error('system.yaml', 3, 14, 'mode-cycle', 'mode `a` takes its values from itself through `base` (a → b → a)'),
        error('system.yaml', 4, 14, 'mode-cycle', 'mode `b` takes its values from itself through `base` (b → a → b)'),
      ],
    ],
  ])('%s', (_name, system, want) => {
    expect(withSystem(system)).toEqual(want);
  });

  const withTokens = (tokens: string) =>
    compile({ 'system.yaml': SYSTEM, 'scales.yaml': SCALES, 'tokens.yaml': `tokens:\n${tokens}` }).diagnostics;

  it.each<[string, string, Diagnostic[]]>([
    [
      'a value for an undeclared mode, with a suggestion',
      '  c: { type: color, scale: gray, step: 0, modes: { dark-dimed: { step: 900 } } }\n',
      [
        error(
          'tokens.yaml',
          2,
          52,
          'unknown-mode',
          '`c` gives a value for unknown mode `dark-dimed` (modes: light, dark, dark-dimmed, light-hc) (did you mean `dark-dimmed`?)',
        ),
      ],
    ],
    [
      'a value for light under modes',
      '  c: { type: color, scale: gray, step: 0, modes: { light: { step: 900 } } }\n',
      [error('tokens.yaml', 2, 52, 'invalid-mode', "`c`: the light value is the token's own fields; `modes` overrides the other modes")],
    ],
    [
      'darkStep and modes.dark.step both',
      '  c: { type: color, scale: gray, step: 0, darkStep: 900, modes: { dark: { step: 0 } } }\n',
      [error('tokens.yaml', 2, 53, 'extra-field', '`c` gives its dark step twice: `darkStep` and `modes.dark.step`; keep one')],
    ],
    [
      'a literal color beside a scale',
      '  c: { type: color, color: "#fff", scale: gray, step: 0 }\n',
      [
        error('tokens.yaml', 2, 43, 'extra-field', 'color token `c` has a literal `color`, so it takes no `scale`'),
        error('tokens.yaml', 2, 55, 'extra-field', 'color token `c` has a literal `color`, so it takes no `step`'),
      ],
    ],
    [
      'a color that is not a color, an alpha out of range',
      '  c: { type: color, color: "#ggg", alpha: 1.5 }\n',
      [
        error(
          'tokens.yaml',
          2,
          28,
          'invalid-value',
          '`color` of `c` must be a color (#RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or transparent), got "#ggg"',
        ),
        error('tokens.yaml', 2, 43, 'invalid-value', '`alpha` of `c` must be a number from 0 to 1, got 1.5'),
      ],
    ],
    [
      'a scale in a mode over a literal, without a step',
      '  c: { type: color, color: "#fff", modes: { dark: { scale: gray } } }\n',
      [error('tokens.yaml', 2, 60, 'missing-field', 'color token `c` is missing `step` in mode `dark`')],
    ],
    [
      'an unknown step in a mode, reported once where it is written',
      '  c: { type: color, scale: gray, step: 0, modes: { dark: { step: 5 } } }\n',
      [error('tokens.yaml', 2, 66, 'unknown-step', 'scale `gray` has no step 5 (it has 0, 900)')],
    ],
    [
      'an unknown step inherited by every mode, reported once',
      '  c: { type: color, scale: gray, step: 5 }\n',
      [error('tokens.yaml', 2, 40, 'unknown-step', 'scale `gray` has no step 5 (it has 0, 900)')],
    ],
    [
      'modes that is not a mapping, and a mode that is not one',
      '  a: { type: opacity, value: 0.5, modes: dark }\n  b: { type: opacity, value: 0.5, modes: { dark: 0.4 } }\n',
      [
        error('tokens.yaml', 2, 42, 'invalid-value', '`modes` of `a` must map mode names to value fields, e.g. `dark: { step: 400 }`'),
        error('tokens.yaml', 3, 50, 'invalid-value', '`modes.dark` of `b` must be a mapping of the value fields that differ in dark'),
      ],
    ],
    [
      'a field the type does not take, and darkStep in a mode',
      '  a: { type: opacity, value: 0.5, modes: { dark: { alpha: 0.4 } } }\n  c: { type: color, scale: gray, step: 0, modes: { dark: { darkStep: 900 } } }\n',
      [
        error('tokens.yaml', 2, 59, 'extra-field', 'opacity token `a` has no field `alpha` (allowed: value, primitive, ref)'),
        error('tokens.yaml', 3, 70, 'extra-field', 'color token `c` has no field `darkStep` (allowed: scale, step, color, alpha, ref)'),
      ],
    ],
    [
      'an inline override over a primitive that leaves a field out, and a primitive beside a value in a mode',
      '  s: { type: spacing, primitive: spacing.md, modes: { dark: { unit: rem } } }\n  t: { type: spacing, value: 4, modes: { dark: { primitive: spacing.md, value: 2 } } }\n',
      [
        error('tokens.yaml', 2, 69, 'missing-field', 'spacing token `s` is missing `value` in mode `dark`'),
        error('tokens.yaml', 3, 80, 'extra-field', '`t` refers to a primitive in `modes.dark`, so it takes no `value`'),
      ],
    ],
  ])('%s', (_name, tokens, want) => {
    expect(withTokens(tokens)).toEqual(want);
  });

  it('a scale step color for an undeclared mode, and one that is not a color', () => {
    const { diagnostics } = compile({
      'system.yaml': SYSTEM,
      'scales.yaml': 'scales:\n  gray:\n    0: { light: "#fff", dark: "#000", dim: "#111", light-hc: "red" }\n',
    });
    expect(diagnostics).toEqual([
      error(
        'scales.yaml',
        3,
        39,
        'unknown-field',
        'unknown field `dim` in step 0 of scale `gray` (allowed: light, dark, dark-dimmed, light-hc; declare further modes in system.yaml)',
      ),
      error(
        'scales.yaml',
        3,
        62,
        'invalid-hex',
        '`light-hc` of step 0 in scale `gray` must be a color (#RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or transparent), got "red"',
      ),
    ]);
  });
});
