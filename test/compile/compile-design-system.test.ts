import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { Diagnostic, ScaleStep, Token } from '../../src/compile/types.js';
import { formatCssValue, formatHex } from '../../src/views/shared/css-values.js';
import { compileFiles, compileFixture, readYamlFiles, fixturePath } from '../helpers/fixtures.js';

const error = (file: string, line: number, column: number, rule: RuleId, message: string): Diagnostic => ({
  file,
  line,
  column,
  rule,
  message,
  severity: 'error',
});
const warning = (file: string, line: number, column: number, rule: RuleId, message: string): Diagnostic => ({
  file,
  line,
  column,
  rule,
  message,
  severity: 'warning',
});

const T = 'ds/tokens.yaml';

describe('compileDesignSystem: broken fixtures', () => {
  it.each<[string, { given: string; want: Diagnostic[] }]>([
    [
      'YAML syntax error',
      {
        given: 'yaml-syntax',
        want: [error(T, 4, 3, 'yaml-syntax', 'Flow map in block collection must be sufficiently indented and end with a }')],
      },
    ],
    [
      'duplicate key within one file (YAML parser)',
      {
        given: 'duplicate-key-yaml',
        want: [error(T, 4, 5, 'duplicate-key', '`md` is defined twice in this mapping (YAML keys must be unique)')],
      },
    ],
    [
      'duplicate key across files',
      {
        given: 'duplicate-key-across-files',
        want: [error('ds/b.yaml', 4, 5, 'duplicate-key', 'token `spacing.md` is already defined at ds/a.yaml:3:5')],
      },
    ],
    [
      'dotted key and nested key naming the same token',
      {
        given: 'duplicate-key-dotted',
        want: [error(T, 5, 7, 'duplicate-key', 'token `spacing.layout.gutter` is already defined at ds/tokens.yaml:2:3')],
      },
    ],
    [
      'duplicate scale step (`100` and `"100"`)',
      {
        given: 'duplicate-step',
        want: [error('ds/scales.yaml', 4, 5, 'duplicate-key', 'step 100 of scale `blue` is already defined at ds/scales.yaml:3:5')],
      },
    ],
    [
      'unknown token type, with a suggestion',
      {
        given: 'unknown-token-type',
        want: [
          error(
            T,
            3,
            17,
            'unknown-token-type',
            'unknown token type `spacng` for `spacing.md` (did you mean `spacing`?); the types are boolean, border, color, dimension, duration, easing, font.family, font.letterSpacing, font.lineHeight, font.size, font.weight, gradient, keyword, opacity, radius, shadow, spacing, strokeStyle, transition, typography, z-index',
          ),
        ],
      },
    ],
    [
      'missing fields (scale color, token value, color step)',
      {
        given: 'missing-field',
        want: [
          error(T, 3, 5, 'missing-field', 'step 600 of scale `blue` has no `dark` color'),
          error(T, 6, 5, 'missing-field', 'spacing token `spacing.md` is missing `value`'),
          error(T, 7, 3, 'missing-field', 'color token `color.brand` is missing `step`'),
        ],
      },
    ],
    [
      'extra fields (a typo, and a value next to a primitive)',
      {
        given: 'extra-field',
        want: [
          error(
            T,
            5,
            43,
            'extra-field',
            'spacing token `spacing.md` has no field `uint` (allowed: value, unit, primitive, ref, modes) (did you mean `unit`?)',
          ),
          error(T, 6, 56, 'extra-field', '`spacing.lg` refers to a primitive, so it takes no `value`'),
        ],
      },
    ],
    [
      'wrong value types and ranges',
      {
        given: 'wrong-value-type',
        want: [
          error(T, 2, 17, 'invalid-value', 'primitive `radius.sm` must be a number ≥ 0, got -2'),
          error(
            T,
            4,
            39,
            'invalid-value',
            '`value` of `spacing.md` must be a number, a list of 1 to 4 lengths like `[8, 16]` or `[0, auto]` (each a number in `unit`, a length in `px`, `rem`, `em`, `ch`, `ex`, `vw`, `vh`, `dvh`, `svh`, `lvh`, or `auto`), or the keyword `auto`, got "16"',
          ),
          error(T, 5, 49, 'invalid-value', '`value` of `font.weight.bold` must be a number from 1 to 1000, got 1200'),
          error(T, 6, 41, 'invalid-value', '`value` of `feature.beta` must be true or false, got "yes"'),
          error(T, 7, 42, 'invalid-value', '`value` of `opacity.muted` must be a number from 0 to 1, got 1.5'),
        ],
      },
    ],
    [
      'bad hex colors (not hex, unquoted #, five digits)',
      {
        given: 'invalid-hex',
        want: [
          error(
            'ds/scales.yaml',
            3,
            19,
            'invalid-hex',
            '`light` of step 100 in scale `blue` must be a color (#RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or transparent), got "#GGGGGG"',
          ),
          error(
            'ds/scales.yaml',
            5,
            14,
            'invalid-hex',
            '`light` of step 200 in scale `blue` must be a color (#RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or transparent), got null (an unquoted `#` starts a YAML comment: write the color in quotes, e.g. "#2563EB")',
          ),
          error(
            'ds/scales.yaml',
            7,
            36,
            'invalid-hex',
            '`dark` of step 300 in scale `blue` must be a color (#RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or transparent), got "#1E3A8"',
          ),
        ],
      },
    ],
    [
      'unknown scale, with a suggestion only when close',
      {
        given: 'unknown-scale',
        want: [
          error(T, 5, 38, 'unknown-scale', '`color.brand` refers to unknown scale `blu` (did you mean `blue`?)'),
          error(T, 6, 39, 'unknown-scale', '`color.accent` refers to unknown scale `magenta`'),
        ],
      },
    ],
    [
      'unknown step and dark step',
      {
        given: 'unknown-step',
        want: [
          error(T, 6, 50, 'unknown-step', 'scale `blue` has no step 650 (it has 100, 600)'),
          error(T, 7, 66, 'unknown-step', 'scale `blue` has no step 400 (it has 100, 600)'),
        ],
      },
    ],
    [
      'invalid step names',
      {
        given: 'invalid-step',
        want: [
          error(
            'ds/scales.yaml',
            4,
            5,
            'invalid-step',
            'step `light` of scale `blue` must be an integer ≥ 0: a scale has numbered steps; give `light` a number (e.g. `100`) and name it with a token, `color.blue.light: { type: color, scale: blue, step: 100 }`',
          ),
        ],
      },
    ],
    [
      'unknown primitive, with a suggestion',
      {
        given: 'unknown-primitive',
        want: [error(T, 4, 43, 'unknown-primitive', '`spacing.md` refers to unknown primitive `spacing.mdd` (did you mean `spacing.md`?)')],
      },
    ],
    [
      'primitive of an incompatible type',
      {
        given: 'primitive-type-mismatch',
        want: [error(T, 4, 43, 'primitive-type-mismatch', 'spacing token `spacing.md` cannot use `radius.md`, a radius primitive')],
      },
    ],
    [
      'unknown primitive type, with a suggestion',
      {
        given: 'unknown-primitive-type',
        want: [error('ds/primitives.yaml', 2, 15, 'unknown-primitive-type', 'unknown primitive type `spaceing` (did you mean `spacing`?)')],
      },
    ],
    [
      'color token with a primitive',
      {
        given: 'primitive-not-allowed',
        want: [
          error(
            T,
            2,
            42,
            'primitive-not-allowed',
            'color token `color.brand` takes a `scale` and `step`, a `color` or a `ref`, not a `primitive`',
          ),
        ],
      },
    ],
    [
      'colorToken naming a non-color token',
      {
        given: 'color-token-not-color',
        want: [
          error(
            T,
            3,
            78,
            'color-token-not-color',
            '`colorToken` of `shadow.card` must name a color token; `spacing.md` is a spacing token',
          ),
        ],
      },
    ],
    [
      'colorToken naming no token, with a suggestion',
      {
        given: 'unknown-color-token',
        want: [
          error(
            T,
            6,
            78,
            'unknown-color-token',
            '`shadow.card` refers to unknown color token `color.shadw` (did you mean `color.shadow`?)',
          ),
        ],
      },
    ],
    [
      'a key that is both a token and a group',
      {
        given: 'token-group-clash',
        want: [
          error(T, 2, 3, 'token-group-clash', '`spacing.layout` is a token here and a group at ds/tokens.yaml:4:5; a key cannot be both'),
        ],
      },
    ],
    [
      'invalid key segments (primitive, token, empty segment)',
      {
        given: 'invalid-key',
        want: [
          error(T, 2, 14, 'invalid-key', 'primitive key `m d` may only contain letters, digits, `-` and `_`'),
          error(T, 5, 5, 'invalid-key', 'key segment `md!` in `md!` may only contain letters, digits, `-` and `_`'),
          error(T, 6, 3, 'invalid-key', 'key segment `` in `color..brand` may only contain letters, digits, `-` and `_`'),
        ],
      },
    ],
    [
      'unknown top-level section',
      {
        given: 'unknown-section',
        want: [error(T, 1, 1, 'unknown-section', 'unknown top-level section `token` (allowed: contrast, primitives, scales, tokens)')],
      },
    ],
    [
      'invalid folder slug',
      {
        given: 'invalid-slug',
        want: [
          error(
            'Bad_Slug/system.yaml',
            1,
            1,
            'invalid-slug',
            'design system folder `Bad_Slug` must be lowercase letters, digits and single hyphens (e.g. `acme-web`)',
          ),
        ],
      },
    ],
    [
      'missing system.yaml',
      {
        given: 'missing-system-file',
        want: [error('ds/system.yaml', 1, 1, 'missing-system-file', 'design system `ds` has no system.yaml (it needs at least `name`)')],
      },
    ],
    [
      'system.yaml without a name',
      { given: 'system-missing-name', want: [error('ds/system.yaml', 1, 1, 'system-missing-name', 'system.yaml must have a `name`')] },
    ],
    [
      'unknown field in system.yaml',
      {
        given: 'system-unknown-field',
        want: [
          error(
            'ds/system.yaml',
            2,
            1,
            'system-unknown-field',
            'unknown field `version` in system.yaml (allowed: name, description, id, modes, breakpoints, review)',
          ),
        ],
      },
    ],
    [
      'a review setting that is not 0 or 1 approvals',
      {
        given: 'invalid-review',
        want: [
          error(
            'ds/system.yaml',
            2,
            9,
            'invalid-value',
            '`review` must be `{ approvals: 0 }` or `{ approvals: 1 }`: how many approvals by a reviewer other than the author a change request needs to merge',
          ),
        ],
      },
    ],
  ])('%s', async (_name, { given, want }) => {
    const result = await compileFixture(`broken/${given}`);
    expect(result.diagnostics).toEqual(want);
    expect(result.system).toBeUndefined();
  });
});

/** A token's value in every mode as CSS text. */
const cssTextPerMode = (token: Token): Record<string, string> =>
  Object.fromEntries(Object.entries(token.resolved).map(([mode, value]) => [mode, formatCssValue(value)]));

describe('compileDesignSystem: the kitchen-sink fixture', () => {
  it('compiles with exactly the one dark-mode warning (a color equal in light and dark is no longer one)', async () => {
    const { system, diagnostics } = await compileFixture('valid');
    expect(diagnostics).toEqual([
      warning(
        'kitchen-sink/tokens/color.yaml',
        9,
        67,
        'redundant-dark-step',
        '`color.static.explicit`: `darkStep` equals `step` and step 5 of `neutral` is the same in light and dark',
      ),
    ]);
    expect(system?.meta).toEqual({
      id: 'kitchen-sink',
      slug: 'kitchen-sink',
      name: 'Kitchen Sink',
      description: 'Every kind of value the compiler resolves.',
    });
  });

  it('resolves every token to its CSS-ready value, sorted by key', async () => {
    const { system } = await compileFixture('valid');
    expect(system?.tokens.map((token) => [token.key, cssTextPerMode(token)])).toEqual([
      ['color.brand.primary', { light: '#2255EE', dark: '#112048' }],
      ['color.static.explicit', { light: '#808080', dark: '#808080' }],
      ['color.static.plain', { light: '#808080', dark: '#808080' }],
      ['color.text.default', { light: '#0F172A', dark: '#EDEEF0' }],
      ['color.text.muted', { light: '#60646C', dark: '#B0B4BA' }],
      ['duration.fast', { light: '200ms', dark: '200ms' }],
      ['duration.slow', { light: '300ms', dark: '300ms' }],
      ['easing.out', { light: 'cubic-bezier(0, 0, 0.58, 1)', dark: 'cubic-bezier(0, 0, 0.58, 1)' }],
      ['easing.standard', { light: 'cubic-bezier(0.2, 0, 0, 1)', dark: 'cubic-bezier(0.2, 0, 0, 1)' }],
      ['feature.beta', { light: 'false', dark: 'false' }],
      ['font.family.sans', { light: "Inter, 'Helvetica Neue', sans-serif", dark: "Inter, 'Helvetica Neue', sans-serif" }],
      ['font.letterSpacing.caps', { light: '0.5px', dark: '0.5px' }],
      ['font.letterSpacing.wide', { light: '0.02em', dark: '0.02em' }],
      ['font.lineHeight.body', { light: '1.5', dark: '1.5' }],
      ['font.lineHeight.tight', { light: '1.2', dark: '1.2' }],
      ['font.size.body', { light: '16px', dark: '16px' }],
      ['font.weight.bold', { light: '700', dark: '700' }],
      ['font.weight.strong', { light: '650', dark: '650' }],
      ['opacity.disabled', { light: '0.4', dark: '0.4' }],
      ['radius.md', { light: '6px', dark: '6px' }],
      ['shadow.card', { light: '0px 4px 12px -2px rgba(15, 23, 42, 0.16)', dark: '0px 4px 12px -2px rgba(237, 238, 240, 0.16)' }],
      ['shadow.sm', { light: '0px 1px 2px 0px rgba(15, 23, 42, 0.06)', dark: '0px 1px 2px 0px rgba(15, 23, 42, 0.06)' }],
      ['spacing.2xl', { light: '40px', dark: '40px' }],
      ['spacing.lg', { light: '1.5rem', dark: '1.5rem' }],
      ['spacing.md', { light: '16px', dark: '16px' }],
      ['spacing.sm', { light: '8px', dark: '8px' }],
      ['z-index.modal', { light: '1300', dark: '1300' }],
    ]);
  });

  it('keeps raw values with defaults filled in, and descriptions', async () => {
    const { system } = await compileFixture('valid');
    const byKey = new Map(system?.tokens.map((token) => [token.key, token]));
    expect(byKey.get('color.text.default')).toEqual({
      key: 'color.text.default',
      type: 'color',
      value: { scale: 'gray', step: 12, darkStep: 12 },
      description: 'Body text.',
      resolved: {
        light: { kind: 'color', color: { red: 15, green: 23, blue: 42, alpha: 1 } },
        dark: { kind: 'color', color: { red: 237, green: 238, blue: 240, alpha: 1 } },
      },
    });
    expect(byKey.get('spacing.sm')?.value).toEqual({ value: 8, unit: 'px' });
    expect(byKey.get('font.lineHeight.tight')?.value).toEqual({ value: 1.2, unit: 'multiplier' });
    expect(byKey.get('font.letterSpacing.caps')?.value).toEqual({ value: 0.5, unit: 'px' });
    expect(byKey.get('spacing.md')?.value).toEqual({ primitive: 'spacing.md' });
    expect(byKey.get('shadow.card')?.value).toEqual({ x: 0, y: 4, blur: 12, spread: -2, colorToken: 'color.text.default', opacity: 0.16 });
  });

  it('normalises #RGB and lowercase hex to uppercase #RRGGBB and sorts Radix-style 1..12 steps numerically', async () => {
    const { system } = await compileFixture('valid');
    const gray = system?.scales.find((scale) => scale.key === 'gray');
    expect(gray?.steps.map((step) => step.step)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const hexes = (step: ScaleStep | undefined) =>
      step && { step: step.step, light: formatHex(step.colors.light), dark: formatHex(step.colors.dark) };
    expect(hexes(gray?.steps[0])).toEqual({ step: 1, light: '#FCFCFD', dark: '#111111' });
    expect(hexes(gray?.steps[11])).toEqual({ step: 12, light: '#0F172A', dark: '#EDEEF0' });
    expect(system?.scales.map((scale) => scale.key)).toEqual(['blue', 'gray', 'neutral']);
    expect(system?.scales[0]?.steps.map(hexes)).toEqual([
      { step: 100, light: '#DBEAFE', dark: '#112048' },
      { step: 600, light: '#2255EE', dark: '#60A5FA' },
    ]);
  });

  it('groups primitives by sorted type with their units', async () => {
    const { system } = await compileFixture('valid');
    expect(system?.primitives).toEqual({
      duration: [{ key: 'slow', value: 300, unit: 'ms' }],
      easing: [{ key: 'standard', value: 'cubic-bezier(0.2, 0, 0, 1)', unit: null }],
      'font.family': [{ key: 'sans', value: "Inter, 'Helvetica Neue', sans-serif", unit: null }],
      'font.letterSpacing': [{ key: 'wide', value: 0.02, unit: 'em' }],
      'font.lineHeight': [{ key: 'normal', value: 1.5, unit: null }],
      'font.size': [{ key: 'md', value: 16, unit: 'px' }],
      'font.weight': [{ key: 'bold', value: 700, unit: null }],
      opacity: [{ key: 'disabled', value: 0.4, unit: null }],
      radius: [{ key: 'md', value: 6, unit: 'px' }],
      shadow: [{ key: 'sm', value: '0px 1px 2px 0px rgba(15, 23, 42, 0.06)', unit: 'px' }],
      spacing: [
        { key: '2xl', value: 40, unit: 'px' },
        { key: 'md', value: 16, unit: 'px' },
      ],
      'z-index': [{ key: 'modal', value: 1300, unit: null }],
    });
  });

  it('is deterministic: the same files in another order give the same content hash and the same system', async () => {
    const files = await readYamlFiles(fixturePath('valid'));
    const forward = compileFiles('kitchen-sink', files);
    const backward = compileFiles('kitchen-sink', [...files].reverse());
    expect(forward.system?.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(backward.system?.contentHash).toBe(forward.system?.contentHash);
    expect(JSON.stringify(backward.system)).toBe(JSON.stringify(forward.system));
    expect(backward.diagnostics).toEqual(forward.diagnostics);
  });

  it('changes the content hash when a value changes', async () => {
    const files = await readYamlFiles(fixturePath('valid'));
    const changed = files.map(([path, text]): [string, string] => [path, text.replace('md: 16, 2xl: 40', 'md: 17, 2xl: 40')]);
    expect(compileFiles('kitchen-sink', changed).system?.contentHash).not.toBe(compileFiles('kitchen-sink', files).system?.contentHash);
  });
});

describe('compileDesignSystem: small inline sources', () => {
  const SYSTEM: [string, string] = ['ds/system.yaml', 'name: Inline\nid: inline_1\n'];

  it('keeps keys exactly as written (`010`, `1.50`) instead of reading them as numbers', () => {
    const { system } = compileFiles('ds', [
      SYSTEM,
      ['ds/tokens.yaml', 'tokens:\n  spacing:\n    010: { type: spacing, value: 10 }\n    1.50: { type: spacing, value: 1.5 }\n'],
    ]);
    expect(system?.tokens.map((token) => token.key)).toEqual(['spacing.1.50', 'spacing.010']);
  });

  it('orders numeric segments numerically, as every JavaScript object (and so every tree view) does', () => {
    const text =
      'tokens:\n  space:\n    "10": { type: spacing, value: 40 }\n    "2": { type: spacing, value: 8 }\n    a: { type: spacing, value: 1 }\n    "1": { type: spacing, value: 4 }\n';
    const { system } = compileFiles('ds', [SYSTEM, ['ds/tokens.yaml', text]]);
    const keys = system?.tokens.map((token) => token.key) ?? [];
    expect(keys).toEqual(['space.1', 'space.2', 'space.10', 'space.a']);
    const tree: Record<string, number> = {};
    for (const key of [...keys].reverse()) tree[key.split('.')[1] as string] = 0;
    expect(Object.keys(tree)).toEqual(keys.map((key) => key.split('.')[1]));
  });

  it('uses `id` from system.yaml and serves a missing description as null', () => {
    const { system, diagnostics } = compileFiles('ds', [SYSTEM]);
    expect(diagnostics).toEqual([]);
    expect(system?.meta).toEqual({ id: 'inline_1', slug: 'ds', name: 'Inline', description: null });
    expect(system?.tokens).toEqual([]);
  });

  it.each<[string, { given: string; want: Diagnostic[] }]>([
    [
      'a file that is not a mapping',
      { given: '- a\n- b\n', want: [error(T, 1, 1, 'file-not-a-map', 'the file must be a mapping of top-level sections')] },
    ],
    [
      'a section that is not a mapping',
      { given: 'tokens: [1, 2]\n', want: [error(T, 1, 9, 'section-not-a-map', '`tokens` must be a mapping')] },
    ],
    [
      'a token that is neither group nor token',
      {
        given: 'tokens:\n  spacing.md: 16\n',
        want: [error(T, 2, 15, 'token-not-a-map', '`spacing.md` must be a group or a token ({ type, ... })')],
      },
    ],
    [
      'a non-string type',
      {
        given: 'tokens:\n  spacing.md: { type: 3, value: 1 }\n',
        want: [error(T, 2, 23, 'invalid-type', '`type` of `spacing.md` must be a string')],
      },
    ],
    [
      'a file larger than 1 MiB',
      { given: `# ${'x'.repeat(1024 * 1024)}\n`, want: [error(T, 1, 1, 'file-too-large', 'file is larger than 1048576 bytes')] },
    ],
  ])('%s', (_name, { given, want }) => {
    const result = compileFiles('ds', [SYSTEM, [T, given]]);
    expect(result.diagnostics).toEqual(want);
    expect(result.system).toBeUndefined();
  });
});

describe('compileDesignSystem: keys that export to the same name', () => {
  it('leaves a name clash of one output to that format’s lint (the CSS row’s `css-name-clash`), and serves the design system', () => {
    const { system, diagnostics } = compileFiles('ds', [
      ['ds/system.yaml', 'name: DS\n'],
      [
        'ds/tokens.yaml',
        'tokens:\n  font:\n    lineHeight: { type: font.lineHeight, value: 1.5 }\n    line-height: { type: font.lineHeight, value: 1.2 }\n',
      ],
    ]);
    expect(diagnostics).toEqual([]);
    expect(system?.tokens.map((token) => token.key)).toEqual(['font.line-height', 'font.lineHeight']);
  });
});

describe('compileDesignSystem: numbers in resolved values', () => {
  it('never writes exponent notation, which CSS does not take as a length', () => {
    const { system, diagnostics } = compileFiles('ds', [
      ['ds/system.yaml', 'name: DS\n'],
      [
        'ds/tokens.yaml',
        'tokens:\n  spacing.hairline: { type: spacing, value: 0.0000001 }\n  spacing.huge: { type: spacing, value: 1e21 }\n',
      ],
    ]);
    expect(diagnostics).toEqual([]);
    expect(system?.tokens.map((token) => [token.key, formatCssValue(token.resolved.light)])).toEqual([
      ['spacing.hairline', '0.0000001px'],
      ['spacing.huge', '1000000000000000000000px'],
    ]);
  });
});
