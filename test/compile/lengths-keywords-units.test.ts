import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { Diagnostic } from '../../src/compile/types.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { compileFiles } from '../helpers/fixtures.js';
import { compileTokens, tokenOf } from './tokens-fixture.js';
import { positionOf } from '../helpers/text-position.js';

// Issue 23, item 3: what real systems write for lengths: multi-value spacings (`0 0 0 0.875rem`), CSS keywords
// (`auto`, `none`, `normal`), viewport and font-relative units (`vw`, `dvh`, `ch`, `ex`), named scale steps.

const errors = (diagnostics: readonly Diagnostic[]) =>
  diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map(({ file, line, column, rule, message }) => ({ file, line, column, rule, message }));

/** The light CSS value and the API `value` of each token of a `tokens:` body, and its errors. */
function compiled(tokens: string) {
  const result = compileTokens(tokens);
  const css = Object.fromEntries((result.system?.tokens ?? []).map((token) => [token.key, formatCssValue(token.resolved.light)]));
  return { css, errors: errors(result.diagnostics), result };
}

/** The one error a `tokens:` body gives, at `needle`. */
const tokenError = (tokens: string, needle: string, message: string, rule: RuleId = 'invalid-value') => ({
  file: 'ds/tokens.yaml',
  ...positionOf(`tokens:\n${tokens}`, needle),
  rule,
  message,
});

const SPACING_TAKES =
  'a number, a list of 1 to 4 lengths like `[8, 16]` or `[0, auto]` (each a number in `unit`, a length in `px`, `rem`, `em`, `ch`, `ex`, `vw`, `vh`, `dvh`, `svh`, `lvh`, or `auto`), or the keyword `auto`';

describe('viewport and font-relative units', () => {
  it.each([
    ['spacing in ch', '{ type: spacing, value: 2, unit: ch }', '2ch'],
    ['spacing in vw', '{ type: spacing, value: 5, unit: vw }', '5vw'],
    ['dimension in dvh', '{ type: dimension, value: 100, unit: dvh }', '100dvh'],
    ['dimension in svh', '{ type: dimension, value: 100, unit: svh }', '100svh'],
    ['dimension in lvh', '{ type: dimension, value: 100, unit: lvh }', '100lvh'],
    ['dimension in vh', '{ type: dimension, value: 50, unit: vh }', '50vh'],
    ['dimension in ch', '{ type: dimension, value: 60, unit: ch }', '60ch'],
    ['dimension in ex', '{ type: dimension, value: 0.5, unit: ex }', '0.5ex'],
    ['font.size in vw', '{ type: font.size, value: 4, unit: vw }', '4vw'],
  ])('%s', (_, token, css) => {
    const { css: values, errors: found } = compiled(`  t: ${token}\n`);
    expect(found).toEqual([]);
    expect(values['t']).toBe(css);
  });

  it('a primitive takes them as text, and the API serves its number and unit', () => {
    const { result, errors: found } = compiled(
      `  t: { type: dimension, primitive: dimension.screen }\nprimitives:\n  dimension: { screen: 100dvh }\n`,
    );
    expect(found).toEqual([]);
    expect(result.system?.primitives['dimension']).toEqual([{ key: 'screen', value: 100, unit: 'dvh' }]);
    expect(formatCssValue(tokenOf(result.system, 't')?.resolved.light as never)).toBe('100dvh');
  });

  it.each([
    [
      'a radius in vw',
      '  r: { type: radius, value: 2, unit: vw }\n',
      'vw }',
      '`unit` of `r` must be one of `px`, `rem`, `em`, `%`, got "vw"',
    ],
    [
      'a font size in ch',
      '  f: { type: font.size, value: 2, unit: ch }\n',
      'ch }',
      '`unit` of `f` must be one of `px`, `rem`, `em`, `%`, `vw`, `vh`, `dvh`, `svh`, `lvh`, got "ch"',
    ],
    [
      'a spacing in %',
      '  s: { type: spacing, value: 4, unit: "%" }\n',
      '"%"',
      '`unit` of `s` must be one of `px`, `rem`, `em`, `ch`, `ex`, `vw`, `vh`, `dvh`, `svh`, `lvh`, got "%"',
    ],
  ])('refuses %s, naming the units the type takes', (_, tokens, needle, message) => {
    expect(compiled(tokens).errors).toEqual([tokenError(tokens, needle, message)]);
  });
});

describe('CSS keywords where the property takes them', () => {
  it.each([
    ['spacing `auto` (a margin)', '{ type: spacing, value: auto }', 'auto'],
    ['dimension `auto`', '{ type: dimension, value: auto }', 'auto'],
    ['dimension `none` (a max size)', '{ type: dimension, value: none }', 'none'],
    ['dimension `fit-content`', '{ type: dimension, value: fit-content }', 'fit-content'],
    ['dimension `min-content`', '{ type: dimension, value: min-content }', 'min-content'],
    ['dimension `max-content`', '{ type: dimension, value: max-content }', 'max-content'],
    ['line height `normal`', '{ type: font.lineHeight, value: normal }', 'normal'],
    ['letter spacing `normal`', '{ type: font.letterSpacing, value: normal }', 'normal'],
  ])('%s', (_, token, css) => {
    const { css: values, errors: found, result } = compiled(`  t: ${token}\n`);
    expect(found).toEqual([]);
    expect(values['t']).toBe(css);
    // No unit is filled in beside a keyword: the API serves the value as written.
    expect(tokenOf(result.system, 't')?.value).toEqual({ value: css });
  });

  it('a mode may switch between a length and a keyword, both ways', () => {
    const { result, errors: found } = compiled(
      '  a: { type: spacing, value: 8, modes: { dark: { value: auto } } }\n  b: { type: dimension, value: none, modes: { dark: { value: 40, unit: rem } } }\n',
    );
    expect(found).toEqual([]);
    const css = (key: string, mode: string) => formatCssValue(tokenOf(result.system, key)?.resolved[mode] as never);
    expect([css('a', 'light'), css('a', 'dark'), css('a', 'dark-dimmed')]).toEqual(['8px', 'auto', 'auto']);
    expect([css('b', 'light'), css('b', 'dark')]).toEqual(['none', '40rem']);
  });

  it.each([
    ['`none` on a spacing', '  s: { type: spacing, value: none }\n', 'none }', `\`value\` of \`s\` must be ${SPACING_TAKES}, got "none"`],
    ['`auto` on a font size', '  f: { type: font.size, value: auto }\n', 'auto }', '`value` of `f` must be a number > 0, got "auto"'],
    ['`auto` on a radius', '  r: { type: radius, value: auto }\n', 'auto }', '`value` of `r` must be a number ≥ 0, got "auto"'],
    [
      '`auto` on a line height',
      '  l: { type: font.lineHeight, value: auto }\n',
      'auto }',
      '`value` of `l` must be a number > 0, or the keyword `normal`, got "auto"',
    ],
    [
      '`inherit` (a CSS-wide keyword) on a dimension',
      '  d: { type: dimension, value: inherit }\n',
      'inherit }',
      '`value` of `d` must be a number, or one of the keywords `auto`, `none`, `fit-content`, `min-content`, `max-content` (a CSS-wide keyword like `inherit` says where the value comes from, not what it is), got "inherit"',
    ],
    [
      '`unset` on a spacing in a mode',
      '  s: { type: spacing, value: 4, modes: { dark: { value: unset } } }\n',
      'unset }',
      `\`value\` of \`s\` must be ${SPACING_TAKES} (a CSS-wide keyword like \`unset\` says where the value comes from, not what it is), got "unset"`,
    ],
    [
      'a keyword with a unit',
      '  d: { type: dimension, value: auto, unit: rem }\n',
      'rem }',
      '`value` of `d` is the keyword `auto`, so it takes no `unit`',
      'extra-field' as const,
    ],
  ])('refuses %s, naming what the type takes', (_, tokens, needle, message, rule: RuleId = 'invalid-value') => {
    expect(compiled(tokens).errors).toEqual([tokenError(tokens, needle, message, rule)]);
  });
});

describe('multi-value spacings (1 to 4 values, as the CSS margin and padding shorthands)', () => {
  it.each([
    ['two numbers in px', '{ type: spacing, value: [8, 16] }', '8px 16px'],
    ['numbers in the unit given', '{ type: spacing, value: [0.5, 1], unit: rem }', '0.5rem 1rem'],
    ['four values, mixed units (Utrecht writes `0 0 0 0.875rem`)', '{ type: spacing, value: [0, 0, 0, 0.875rem] }', '0px 0px 0px 0.875rem'],
    ['`auto` among them (a centred margin)', '{ type: spacing, value: [0, auto] }', '0px auto'],
    ['viewport units among them', '{ type: spacing, value: [1rem, 5vw] }', '1rem 5vw'],
    ['one value', '{ type: spacing, value: [12] }', '12px'],
  ])('%s', (_, token, css) => {
    const { css: values, errors: found } = compiled(`  t: ${token}\n`);
    expect(found).toEqual([]);
    expect(values['t']).toBe(css);
  });

  it('the API serves the list as written, and a mode may give another list', () => {
    const { result, errors: found } = compiled('  t: { type: spacing, value: [8, 1rem], modes: { dark: { value: [4, 8, 12] } } }\n');
    expect(found).toEqual([]);
    const token = tokenOf(result.system, 't');
    expect(token?.value).toEqual({ value: [8, '1rem'], unit: 'px' });
    expect(formatCssValue(token?.resolved.dark as never)).toBe('4px 8px 12px');
  });

  it.each([
    [
      'five values',
      '  s: { type: spacing, value: [1, 2, 3, 4, 5] }\n',
      '[1,',
      `\`value\` of \`s\` must be ${SPACING_TAKES}, got [1,2,3,4,5]`,
    ],
    ['an empty list', '  s: { type: spacing, value: [] }\n', '[]', `\`value\` of \`s\` must be ${SPACING_TAKES}, got []`],
    [
      'a CSS shorthand written as text',
      '  s: { type: spacing, value: "8px 16px" }\n',
      '"8px',
      `\`value\` of \`s\` must be ${SPACING_TAKES} (a CSS shorthand is written as a list: \`[8px, 16px]\`), got "8px 16px"`,
    ],
    [
      'a keyword no margin takes, in a list',
      '  s: { type: spacing, value: [0, none] }\n',
      '[0,',
      `\`value\` of \`s\` must be ${SPACING_TAKES} (item 2 is "none"), got [0,"none"]`,
    ],
    [
      'a percentage in a list',
      '  s: { type: spacing, value: [5%, 0] }\n',
      '[5%',
      `\`value\` of \`s\` must be ${SPACING_TAKES} (item 1 is "5%"), got ["5%",0]`,
    ],
    [
      'a list on a dimension (only spacings hold shorthands)',
      '  d: { type: dimension, value: [8, 16] }\n',
      '[8,',
      '`value` of `d` must be a number, or one of the keywords `auto`, `none`, `fit-content`, `min-content`, `max-content` (only a spacing holds a list of lengths), got [8,16]',
    ],
  ])('refuses %s', (_, tokens, needle, message) => {
    expect(compiled(tokens).errors).toEqual([tokenError(tokens, needle, message)]);
  });
});

describe('named scale steps: a documented mapping onto numbered steps', () => {
  it('refuses a named step with the mapping in the message: a number on the scale, the name on a token', () => {
    const text = 'scales:\n  gray:\n    subtle: { light: "#F6F8FA", dark: "#151B23" }\n';
    const result = compileFiles('ds', [
      ['ds/system.yaml', 'name: DS\n'],
      ['ds/scales.yaml', text],
    ]);
    expect(errors(result.diagnostics)).toEqual([
      {
        file: 'ds/scales.yaml',
        ...positionOf(text, 'subtle'),
        rule: 'invalid-step',
        message:
          'step `subtle` of scale `gray` must be an integer ≥ 0: a scale has numbered steps; give `subtle` a number (e.g. `100`) and name it with a token, `color.gray.subtle: { type: color, scale: gray, step: 100 }`',
      },
    ]);
  });

  it('keeps the message of a numbered step written with a leading zero', () => {
    const text = 'scales:\n  gray:\n    050: { light: "#F6F8FA", dark: "#151B23" }\n';
    const result = compileFiles('ds', [
      ['ds/system.yaml', 'name: DS\n'],
      ['ds/scales.yaml', text],
    ]);
    expect(errors(result.diagnostics).map((error) => error.message)).toEqual(['step `050` of scale `gray` must be an integer ≥ 0']);
  });
});

describe('schemas/source.schema.json agrees', () => {
  const schema = JSON.parse(readFileSync(fileURLToPath(new URL('../../schemas/source.schema.json', import.meta.url)), 'utf8')) as object;
  const validate = new Ajv({ allErrors: true, strict: true }).compile(schema);
  it.each([
    ['  t: { type: spacing, value: [0, 0, 0, 0.875rem] }\n', true],
    ['  t: { type: spacing, value: [0, auto], unit: rem }\n', true],
    ['  t: { type: spacing, value: auto }\n', true],
    ['  t: { type: spacing, value: 8, modes: { dark: { value: [4, 8] } } }\n', true],
    ['  t: { type: dimension, value: fit-content }\n', true],
    ['  t: { type: dimension, value: 100, unit: dvh }\n', true],
    ['  t: { type: font.size, value: 4, unit: vw }\n', true],
    ['  t: { type: font.lineHeight, value: normal, modes: { dark: { value: 1.5 } } }\n', true],
    ['  t: { type: font.letterSpacing, value: normal }\n', true],
    ['primitives:\n  dimension: { screen: 100dvh }\n  spacing: { prose: 2ch }\n', true],
    ['  t: { type: spacing, value: [1, 2, 3, 4, 5] }\n', false],
    ['  t: { type: spacing, value: [] }\n', false],
    ['  t: { type: spacing, value: [0, none] }\n', false],
    ['  t: { type: spacing, value: "8px 16px" }\n', false],
    ['  t: { type: spacing, value: none }\n', false],
    ['  t: { type: dimension, value: [8, 16] }\n', false],
    ['  t: { type: dimension, value: inherit }\n', false],
    ['  t: { type: dimension, value: auto, unit: rem }\n', false],
    ['  t: { type: dimension, value: 8, modes: { dark: { value: auto, unit: px } } }\n', false],
    ['  t: { type: radius, value: 2, unit: vw }\n', false],
    ['  t: { type: font.size, value: 2, unit: ch }\n', false],
    ['  t: { type: font.size, value: auto }\n', false],
  ])('%s: schema and compiler both say %s', (body, valid) => {
    const text = body.startsWith('primitives:') ? body : `tokens:\n${body}`;
    expect(validate(parse(text))).toBe(valid);
    const result = compileFiles('ds', [
      ['ds/system.yaml', 'name: DS\n'],
      ['ds/tokens.yaml', text],
    ]);
    expect(errors(result.diagnostics).length === 0).toBe(valid);
  });
});
