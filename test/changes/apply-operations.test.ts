import { describe, expect, it } from 'vitest';
import { applyOperations } from '../../src/changes/apply-operations.js';
import type { SourceTexts } from '../../src/changes/apply-operations.js';
import { mergeOperations } from '../../src/changes/merge-operations.js';
import { readOperations } from '../../src/changes/operations.js';
import type { ChangeOperation } from '../../src/changes/operations.js';
import { compileFiles, EXAMPLE_SOURCE, readYamlFiles } from '../helpers/fixtures.js';

const acme: SourceTexts = new Map((await readYamlFiles(EXAMPLE_SOURCE)).filter(([path]) => path.startsWith('acme/')));
const BASE = 'acme/tokens/color/base.yaml';

/** The lines of `after` that differ from `before`, as `-old` / `+new` (both texts with the same lines around them). */
function changedLines(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return [...a.slice(start, endA).map((line) => `-${line}`), ...b.slice(start, endB).map((line) => `+${line}`)];
}

function apply(operations: ChangeOperation[], sources: SourceTexts = acme): Map<string, string> {
  const result = applyOperations('acme', sources, operations);
  if ('problems' in result) throw new Error(JSON.stringify(result.problems));
  return new Map(result.files);
}

function edited(files: ReadonlyMap<string, string>, path: string): string[] {
  return changedLines(acme.get(path) ?? '', files.get(path) ?? '');
}

function compiled(files: ReadonlyMap<string, string>) {
  const result = compileFiles('acme', [...files]);
  expect(result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
  return result.system!;
}

const colorOf = (files: ReadonlyMap<string, string>, key: string, mode: string): unknown => {
  const value = compiled(files).tokens.find((candidate) => candidate.key === key)?.resolved[mode];
  return value?.kind === 'color' ? value.color : value;
};

describe('change operations applied to YAML by source position', () => {
  it.each<[string, ChangeOperation, string, string[]]>([
    [
      'a dark step written as darkStep',
      { op: 'set-value', token: 'color.brand.primary', mode: 'dark', fields: { step: 400 } },
      BASE,
      ['-        darkStep: 500', '+        darkStep: 400'],
    ],
    [
      'a light value in a flow mapping (the other fields and the layout stay)',
      { op: 'set-value', token: 'color.brand.primaryHover', mode: 'light', fields: { scale: 'blue', step: 800 } },
      BASE,
      [
        '-      primaryHover: { type: color, scale: blue, step: 700, darkStep: 600 }',
        '+      primaryHover: { type: color, scale: blue, step: 800, darkStep: 600 }',
      ],
    ],
    [
      'a dark override of another scale on a token without one',
      { op: 'set-value', token: 'color.text.muted', mode: 'dark', fields: { scale: 'blue', step: 300 } },
      BASE,
      [
        '-      muted: { type: color, scale: gray, step: 600 }',
        '+      muted: { type: color, scale: gray, step: 600, modes: { dark: { scale: blue, step: 300 } } }',
      ],
    ],
    [
      'a dark step on a flow token that has none',
      { op: 'set-value', token: 'color.text.subtle', mode: 'dark', fields: { step: 400 } },
      BASE,
      ['-      subtle: { type: color, scale: gray, step: 500 }', '+      subtle: { type: color, scale: gray, step: 500, darkStep: 400 }'],
    ],
    [
      'a literal color in light replacing scale and step',
      { op: 'set-value', token: 'color.text.inverse', mode: 'light', fields: { color: '#FAFAFA' } },
      BASE,
      ['-      inverse: { type: color, scale: gray, step: 50 }', '+      inverse: { type: color, color: "#FAFAFA" }'],
    ],
    [
      'a description in a block mapping, keeping the line',
      { op: 'set-description', token: 'color.brand.primary', description: 'The brand: key actions, selection.' },
      BASE,
      [
        '-        description: Primary brand color for key actions and selected states.',
        '+        description: "The brand: key actions, selection."',
      ],
    ],
    [
      'a description removed',
      { op: 'set-description', token: 'color.brand.primary', description: null },
      BASE,
      ['-        description: Primary brand color for key actions and selected states.'],
    ],
    [
      'a deprecation added to a flow token',
      {
        op: 'set-deprecation',
        token: 'color.text.success',
        deprecated: { message: 'Use status tokens.', replacement: 'color.text.default' },
      },
      BASE,
      [
        '-      success: { type: color, scale: green, step: 700 }',
        '+      success: { type: color, scale: green, step: 700, deprecated: { message: Use status tokens., replacement: color.text.default } }',
      ],
    ],
    [
      'a token added where its group lives, at its indentation',
      { op: 'add-token', token: 'color.brand.tertiary', type: 'color', fields: { scale: 'violet', step: 500 } },
      BASE,
      ['+      tertiary: { type: color, scale: violet, step: 500 }'],
    ],
    [
      'a token deleted (its whole line)',
      { op: 'delete-token', token: 'color.text.linkHover' },
      BASE,
      ['-      linkHover: { type: color, scale: blue, step: 700, darkStep: 800 }'],
    ],
    [
      'a scale step’s color in one mode',
      { op: 'set-scale-step', scale: 'blue', step: 600, mode: 'dark', color: '#5A9CF8' },
      'acme/scales.yaml',
      ['-    600: { light: "#2563EB", dark: "#5A8DF7" }', '+    600: { light: "#2563EB", dark: "#5A9CF8" }'],
    ],
  ])('%s', (_, operation, path, lines) => {
    const files = apply([operation]);
    expect(edited(files, path)).toEqual(lines);
    // Nothing else moved, and the result compiles.
    for (const [other, text] of acme) if (other !== path) expect(files.get(other), other).toBe(text);
    compiled(files);
  });

  it('changes the served value: the dark step of color.brand.primary becomes blue 400’s dark color', () => {
    const files = apply([{ op: 'set-value', token: 'color.brand.primary', mode: 'dark', fields: { step: 400 } }]);
    const blue400 = compiled(acme)
      .scales.find((scale) => scale.key === 'blue')
      ?.steps.find((step) => step.step === 400)?.colors.dark;
    expect(colorOf(acme, 'color.brand.primary', 'dark')).not.toEqual(blue400);
    expect(colorOf(files, 'color.brand.primary', 'dark')).toEqual(blue400);
  });

  it('renames a token in its group and rewrites every reference to it, the contrast pairs included', () => {
    const files = apply([{ op: 'rename-token', token: 'color.brand.primary', to: 'color.brand.main' }]);
    expect(edited(files, BASE)).toEqual(['-      primary:', '+      main:']);
    expect(edited(files, 'acme/contrast.yaml')).toEqual([
      '-    primary-fill: { foreground: color.brand.primary, background: color.background.canvas, kind: non-text }',
      '+    primary-fill: { foreground: color.brand.main, background: color.background.canvas, kind: non-text }',
    ]);
    const system = compiled(files);
    expect(system.tokens.some((token) => token.key === 'color.brand.primary')).toBe(false);
    expect(system.tokens.find((token) => token.key === 'color.brand.main')?.description).toBe(
      'Primary brand color for key actions and selected states.',
    );
  });

  it('deletes a group left empty with its last token', () => {
    const sources = new Map([
      ['acme/system.yaml', 'name: Acme\n'],
      [
        'acme/tokens.yaml',
        '# Spacing\ntokens:\n  space:\n    sm: { type: dimension, value: 4, unit: px }\n  radius:\n    # the only one\n    md: { type: dimension, value: 6, unit: px }\n',
      ],
    ]);
    const result = applyOperations('acme', sources, [{ op: 'delete-token', token: 'radius.md' }]);
    expect('files' in result && result.files.get('acme/tokens.yaml')).toBe(
      '# Spacing\ntokens:\n  space:\n    sm: { type: dimension, value: 4, unit: px }\n',
    );
  });

  it('puts a token into the deepest group already written, in that group’s file', () => {
    const files = apply([{ op: 'add-token', token: 'duration.quick', type: 'duration', fields: { value: 80 } }]);
    expect(edited(files, 'acme/tokens/motion.yaml')).toEqual(['+    quick: { type: duration, value: 80 }']);
    compiled(files);
  });

  it('puts a token none of whose groups is written anywhere in tokens.yaml, made if missing, or in the file named', () => {
    const operation: ChangeOperation = { op: 'add-token', token: 'motion.fast', type: 'duration', fields: { value: 120 } };
    const files = apply([operation]);
    expect([...files].filter(([path, text]) => acme.get(path) !== text)).toEqual([
      ['acme/tokens.yaml', 'tokens:\n  motion.fast: { type: duration, value: 120 }\n'],
    ]);
    compiled(files);
    const named = apply([{ ...operation, file: 'tokens/motion.yaml' }]);
    expect(edited(named, 'acme/tokens/motion.yaml').at(-1)).toBe('+  motion.fast: { type: duration, value: 120 }');
    compiled(named);
  });

  it('says which operation failed and why, and applies none', () => {
    const result = applyOperations('acme', acme, [
      { op: 'set-description', token: 'color.brand.primary', description: 'fine' },
      { op: 'set-value', token: 'color.brand.nope', mode: 'dark', fields: { step: 1 } },
      { op: 'add-token', token: 'color.brand.secondary', type: 'color', fields: { scale: 'blue', step: 1 } },
      { op: 'set-scale-step', scale: 'blue', step: 650, mode: 'dark', color: '#000000' },
      { op: 'rename-token', token: 'color.text.muted', to: 'color.text.subtle' },
    ]);
    expect(result).toEqual({
      problems: [
        { operation: 1, message: 'token `color.brand.nope` does not exist' },
        { operation: 2, message: 'token `color.brand.secondary` already exists (in `tokens/color/base.yaml`)' },
        { operation: 3, message: 'scale `blue` has no step 650' },
        {
          operation: 4,
          message: 'cannot rename `color.text.muted` to `color.text.subtle`: that token already exists (in `tokens/color/base.yaml`)',
        },
      ],
    });
  });
});

describe('merging a change at the level of the token', () => {
  const primaryDark: ChangeOperation = { op: 'set-value', token: 'color.brand.primary', mode: 'dark', fields: { step: 400 } };
  const hoverLight: ChangeOperation = {
    op: 'set-value',
    token: 'color.brand.primaryHover',
    mode: 'light',
    fields: { scale: 'blue', step: 800 },
  };
  // primary's darkStep and primaryHover's line are adjacent lines of the file's first group.
  const activeLight: ChangeOperation = {
    op: 'set-value',
    token: 'color.brand.primaryActive',
    mode: 'light',
    fields: { scale: 'blue', step: 900 },
  };

  it.each([
    ['hover, then active', hoverLight, activeLight],
    ['active, then hover', activeLight, hoverLight],
  ])('merges two changes on adjacent lines in either order (%s)', (_, first, second) => {
    const afterFirst = apply([first]);
    const merged = mergeOperations('acme', acme, afterFirst, [second]);
    if (!('files' in merged)) throw new Error(JSON.stringify(merged));
    expect(merged.files.get(BASE)).toBe(apply([hoverLight, activeLight]).get(BASE));
    compiled(merged.files);
  });

  it('reports the same token and mode changed on both sides as a conflict with both values, and writes nothing', () => {
    const target = apply([{ op: 'set-value', token: 'color.brand.primary', mode: 'dark', fields: { step: 300 } }]);
    expect(mergeOperations('acme', acme, target, [hoverLight, primaryDark])).toEqual({
      conflicts: [
        {
          operation: 1,
          target: 'color.brand.primary',
          field: 'value',
          mode: 'dark',
          base: { step: 500 },
          theirs: { step: 300 },
          ours: { step: 400 },
        },
      ],
    });
  });

  it('merges a change the target already made the same way by leaving it out', () => {
    const target = apply([primaryDark]);
    const merged = mergeOperations('acme', acme, target, [primaryDark, hoverLight]);
    expect('files' in merged && merged.files.get(BASE)).toBe(apply([primaryDark, hoverLight]).get(BASE));
  });

  it('conflicts on a description both sides changed, and on a token the target deleted', () => {
    const target = apply([
      { op: 'set-description', token: 'color.brand.secondary', description: 'Theirs.' },
      { op: 'delete-token', token: 'color.text.link' },
    ]);
    expect(
      mergeOperations('acme', acme, target, [
        { op: 'set-description', token: 'color.brand.secondary', description: 'Ours.' },
        { op: 'set-value', token: 'color.text.link', mode: 'light', fields: { scale: 'blue', step: 700 } },
      ]),
    ).toEqual({
      conflicts: [
        {
          operation: 0,
          target: 'color.brand.secondary',
          field: 'description',
          base: 'Secondary accent, used sparingly for highlights and promos.',
          theirs: 'Theirs.',
          ours: 'Ours.',
        },
        {
          operation: 1,
          target: 'color.text.link',
          field: 'value',
          mode: 'light',
          base: { scale: 'blue', step: 600 },
          theirs: undefined,
          ours: { scale: 'blue', step: 700 },
        },
      ],
    });
  });
});

describe('operations read from a request body', () => {
  it.each<[string, unknown, unknown]>([
    ['not a list', { op: 'delete-token' }, { problems: ['`operations` must be a list'] }],
    ['empty', [], { problems: ['`operations` must hold at least one operation'] }],
    [
      'an unknown op',
      [{ op: 'drop' }],
      {
        problems: [
          'operations[0]: `op` must be one of `set-value`, `set-description`, `set-deprecation`, `add-token`, `delete-token`, `rename-token`, `set-scale-step`',
        ],
      },
    ],
    [
      'a bad key and an extra field',
      [
        { op: 'delete-token', token: 'a..b' },
        { op: 'delete-token', token: 'a.b', file: 'x' },
      ],
      {
        problems: [
          'operations[0]: `token` must be a token key (segments of letters, digits, `-` and `_` joined by `.`)',
          'operations[1]: `file` is not a field of `delete-token` (it takes `token`)',
        ],
      },
    ],
    [
      'a file outside the design system',
      [{ op: 'add-token', token: 'a.b', type: 'color', fields: { color: '#fff' }, file: '../keys.yaml' }],
      {
        problems: [
          'operations[0]: `file` must be a relative path of a `.yaml` file inside the design system (letters, digits, `-`, `_`, `.`, `/`)',
        ],
      },
    ],
    [
      'modes given as a value field',
      [{ op: 'set-value', token: 'a.b', mode: 'light', fields: { modes: {} } }],
      { problems: ['operations[0]: `fields` may not hold `modes` (only value fields; modes are set one operation each)'] },
    ],
    [
      'a valid list',
      [{ op: 'set-value', token: 'color.brand.primary', mode: 'dark', fields: null }],
      { operations: [{ op: 'set-value', token: 'color.brand.primary', mode: 'dark', fields: null }] },
    ],
  ])('%s', (_, body, want) => {
    expect(readOperations(body)).toEqual(want);
  });
});
