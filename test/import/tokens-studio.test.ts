import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  checkAndEvaluateMath,
  permutateThemes,
  register,
  transformColorModifiers,
  transformFontWeight,
} from '@tokens-studio/sd-transforms';
import StyleDictionary from 'style-dictionary';
import { describe, expect, it } from 'vitest';
import { parseColor } from '../../src/compile/values/parse-color.js';
import type { TokenType, TypedValue } from '../../src/compile/types.js';
import { importDesignSystem } from '../../src/import/import-design-system.js';
import { readTokensStudio } from '../../src/import/read-tokens-studio.js';
import type { SourceDocument, SourceToken } from '../../src/import/source-token.js';
import { srgbText } from '../../src/import/css-color.js';
import { evaluateMath } from '../../src/import/tokens-studio/math.js';
import { fontWeightOf } from '../../src/import/tokens-studio/types.js';
import { formatCssValue, formatHex, formatShadowLengths } from '../../src/views/shared/css-values.js';

const FIXTURE = 'test/import/fixtures/tokens-studio';
const FIXTURE_FILES = ['core.json', 'semantic/light.json', 'semantic/dark.json', 'semantic/dim.json', '$themes.json', '$metadata.json'];

const doc = (path: string, document: unknown): SourceDocument => ({ path, document });
/** One set `ts/tokens.json` without themes. */
const readOne = (tokens: Record<string, unknown>) => readTokensStudio([doc('ts/tokens.json', tokens)]);
const token = (key: string, fields: Partial<SourceToken> & Pick<SourceToken, 'type' | 'value'>, file = 'ts/tokens.json'): SourceToken => ({
  key,
  ourType: undefined,
  modes: {},
  description: undefined,
  deprecated: undefined,
  extensions: undefined,
  source: `${file}:${key}`,
  ...fields,
});
const values = (read: { tokens: readonly SourceToken[] }) => Object.fromEntries(read.tokens.map((each) => [each.key, each.value]));
const modesOfTokens = (read: { tokens: readonly SourceToken[] }) => Object.fromEntries(read.tokens.map((each) => [each.key, each.modes]));

const theme = (name: string, selectedTokenSets: Record<string, string>, group?: string) => ({ id: name, name, group, selectedTokenSets });

describe('Tokens Studio: token sets', () => {
  it('reads the legacy `value`/`type`/`description` and the W3C option `$value`/`$type`/`$description`', () => {
    const read = readTokensStudio([
      doc('ts/legacy.json', { color: { red: { value: '#FF0000', type: 'color', description: 'Alarm' } } }),
      doc('ts/w3c.json', { color: { blue: { $value: '#0000FF', $type: 'color', $description: 'Calm' } } }),
    ]);
    expect(read.tokens).toEqual([
      token('color.red', { type: 'color', value: '#FF0000', description: 'Alarm' }, 'ts/legacy.json'),
      token('color.blue', { type: 'color', value: '#0000FF', description: 'Calm' }, 'ts/w3c.json'),
    ]);
    expect(read.issues).toEqual([]);
  });

  it('a group`s `$type` is its tokens` type', () => {
    const read = readOne({ space: { $type: 'spacing', sm: { $value: '4' } } });
    expect(read.tokens).toEqual([token('space.sm', { type: 'dimension', ourType: 'spacing', value: '4px' })]);
  });

  it('merges sets in `$metadata.tokenSetOrder` order: a later set`s token replaces an earlier one`s', () => {
    const read = readTokensStudio([
      doc('ts/brand.json', { color: { accent: { value: '#00FF00', type: 'color' } } }),
      doc('ts/core.json', { color: { accent: { value: '#FF0000', type: 'color' }, base: { value: '#000000', type: 'color' } } }),
      doc('ts/$metadata.json', { tokenSetOrder: ['core', 'brand'] }),
    ]);
    expect(values(read)).toEqual({ 'color.accent': '#00FF00', 'color.base': '#000000' });
    expect(read.tokens.map((each) => each.source)).toEqual(['ts/brand.json:color.accent', 'ts/core.json:color.base']);
  });

  it('without `$metadata`, merges sets in file order', () => {
    const read = readTokensStudio([
      doc('ts/brand.json', { color: { accent: { value: '#00FF00', type: 'color' } } }),
      doc('ts/core.json', { color: { accent: { value: '#FF0000', type: 'color' } } }),
    ]);
    expect(values(read)).toEqual({ 'color.accent': '#FF0000' });
  });

  it('names a set by its path below the common folder; `$themes` may name it by a suffix', () => {
    const read = readTokensStudio([
      doc('design/ts/core.json', { color: { base: { value: '#000000', type: 'color' } } }),
      doc('design/ts/modes/dark.json', { color: { base: { value: '#FFFFFF', type: 'color' } } }),
      doc('design/ts/$themes.json', [theme('Light', { core: 'enabled' }), theme('Dark', { core: 'enabled', 'ts/modes/dark': 'enabled' })]),
    ]);
    expect(read.tokens).toEqual([
      token('color.base', { type: 'color', value: '#000000', modes: { dark: '#FFFFFF' } }, 'design/ts/core.json'),
    ]);
  });

  it('reads a single-file export: its top-level keys are the sets, beside `$themes` and `$metadata`', () => {
    const read = readTokensStudio([
      doc('tokens.json', {
        core: { color: { gray: { value: '#111111', type: 'color' } } },
        dark: { color: { bg: { value: '{color.gray}', type: 'color' } } },
        light: { color: { bg: { value: '#FFFFFF', type: 'color' } } },
        $themes: [theme('Light', { core: 'source', light: 'enabled' }), theme('Dark', { core: 'source', dark: 'enabled' })],
        $metadata: { tokenSetOrder: ['core', 'light', 'dark'] },
      }),
    ]);
    expect(read.tokens).toEqual([
      token('color.gray', { type: 'color', value: '#111111', source: 'tokens.json#core:color.gray' }),
      token('color.bg', { type: 'color', value: '#FFFFFF', modes: { dark: '{color.gray}' }, source: 'tokens.json#light:color.bg' }),
    ]);
    expect(read.notes).toEqual(['theme `Light` is the base mode `light`', 'theme `Dark` is the mode `dark`']);
  });
});

describe('Tokens Studio: themes as modes', () => {
  const sets = [
    doc('ts/core.json', { size: { gap: { value: '8', type: 'spacing' } } }),
    doc('ts/light.json', { color: { bg: { value: '#FFFFFF', type: 'color' } } }),
    doc('ts/dark.json', { color: { bg: { value: '#000000', type: 'color' } } }),
  ];

  it('the theme named light (any case) is the base mode, whatever its place', () => {
    const read = readTokensStudio([
      ...sets,
      doc('ts/$themes.json', [theme('Dark', { core: 'source', dark: 'enabled' }), theme('LIGHT', { core: 'source', light: 'enabled' })]),
    ]);
    expect(values(read)).toEqual({ 'size.gap': '8px', 'color.bg': '#FFFFFF' });
    expect(modesOfTokens(read)).toEqual({ 'size.gap': {}, 'color.bg': { dark: '#000000' } });
    expect(read.notes).toEqual(['theme `LIGHT` is the base mode `light`', 'theme `Dark` is the mode `dark`']);
  });

  it('without a theme named light, the first theme is the base mode, and the notes say so', () => {
    const read = readTokensStudio([
      ...sets,
      doc('ts/$themes.json', [
        theme('Brand A', { core: 'enabled', dark: 'enabled' }),
        theme('Brand B', { core: 'enabled', light: 'enabled' }),
      ]),
    ]);
    expect(modesOfTokens(read)).toEqual({ 'size.gap': {}, 'color.bg': { 'brand-b': '#FFFFFF' } });
    expect(read.notes).toEqual(['theme `Brand A` is the base mode `light`', 'theme `Brand B` is the mode `brand-b`']);
  });

  it('with groups, each theme is a mode with the other groups at their base theme; a taken name is `<group>-<theme>`', () => {
    const read = readTokensStudio([
      ...sets,
      doc('ts/compact.json', { size: { gap: { value: '4', type: 'spacing' } } }),
      doc('ts/$themes.json', [
        theme('Light', { core: 'enabled', light: 'enabled' }, 'color'),
        theme('Dark', { core: 'enabled', dark: 'enabled' }, 'color'),
        theme('Regular', { core: 'enabled' }, 'density'),
        theme('Dark', { core: 'enabled', compact: 'enabled' }, 'density'),
      ]),
    ]);
    expect(modesOfTokens(read)).toEqual({ 'size.gap': { 'density-dark': '4px' }, 'color.bg': { dark: '#000000' } });
    expect(read.notes).toEqual([
      'theme `Light` (group `color`) is the base mode `light`',
      'theme `Dark` (group `color`) is the mode `dark`, with `density` at `Regular`',
      "theme `Regular` (group `density`) is part of the base mode `light`, with the other groups' base themes",
      'theme `Dark` (group `density`) is the mode `density-dark`, with `color` at `Light`',
    ]);
  });

  it('the theme named light is the base mode in whichever group has it; the groups before it are at their first theme', () => {
    const read = readTokensStudio([
      ...sets,
      doc('ts/compact.json', { size: { gap: { value: '4', type: 'spacing' } } }),
      doc('ts/$themes.json', [
        theme('Regular', { core: 'enabled' }, 'density'),
        theme('Compact', { core: 'enabled', compact: 'enabled' }, 'density'),
        theme('Dark', { core: 'enabled', dark: 'enabled' }, 'color'),
        theme('Light', { core: 'enabled', light: 'enabled' }, 'color'),
      ]),
    ]);
    expect(values(read)).toEqual({ 'size.gap': '8px', 'color.bg': '#FFFFFF' });
    expect(modesOfTokens(read)).toEqual({ 'size.gap': { compact: '4px' }, 'color.bg': { dark: '#000000' } });
    expect(read.notes[0]).toBe('theme `Light` (group `color`) is the base mode `light`');
  });

  it('imports the tokens of `source` sets (references name them); a set no theme uses is left out, and noted', () => {
    const read = readTokensStudio([
      doc('ts/core.json', { color: { gray: { value: '#111111', type: 'color' } } }),
      doc('ts/light.json', { color: { text: { value: '{color.gray}', type: 'color' } } }),
      doc('ts/unused.json', { color: { extra: { value: '#222222', type: 'color' } } }),
      doc('ts/$themes.json', [theme('Light', { core: 'source', light: 'enabled', unused: 'disabled' })]),
    ]);
    expect(values(read)).toEqual({ 'color.gray': '#111111', 'color.text': '{color.gray}' });
    expect(read.notes).toEqual([
      'theme `Light` is the base mode `light`',
      'set `unused` is enabled in no theme: its tokens are not imported',
    ]);
  });

  it('a theme naming a set no input holds is noted', () => {
    const read = readTokensStudio([...sets, doc('ts/$themes.json', [theme('Light', { core: 'enabled', missing: 'enabled' })])]);
    expect(read.notes).toContain('theme `Light` selects the set `missing`, which no input holds');
  });

  it('without `$themes`, the sets are the mode `light`, but a set named like a mode that writes their keys (the layer rule)', () => {
    expect(readTokensStudio(sets).notes).toEqual([
      'no `$themes`: every token set not named like a mode is read, in set order, as the base mode `light`',
      'mode `dark` is read from the set `dark`: named like a mode, it writes keys other sets write, and is laid over them (the layer rule) rather than replacing their values in `light`',
    ]);
  });

  it('a token some themes lack takes its base value from the first mode that has it (lossy)', () => {
    const read = readTokensStudio([
      ...sets,
      doc('ts/extra.json', { color: { glow: { value: '#00FFFF', type: 'color' } } }),
      doc('ts/$themes.json', [theme('Light', { core: 'enabled', light: 'enabled' }), theme('Dark', { dark: 'enabled', extra: 'enabled' })]),
    ]);
    expect(read.tokens.find((each) => each.key === 'color.glow')).toEqual(
      token('color.glow', { type: 'color', value: '#00FFFF' }, 'ts/extra.json'),
    );
    expect(read.issues).toEqual([
      {
        source: 'ts/core.json:size.gap',
        level: 'lossy',
        reason: 'not in every theme (missing in `dark`): those modes take its value in `light`',
      },
      {
        source: 'ts/extra.json:color.glow',
        level: 'lossy',
        reason: 'not in every theme (missing in `light`): those modes take its value in `dark`',
      },
    ]);
  });
});

/** What a row of the type table expects of its token. */
type Want = Pick<SourceToken, 'type' | 'value'> & { ourType?: TokenType };

describe('Tokens Studio: types and values', () => {
  it.each<[string, unknown, Want]>([
    ['color', '#ff0000', { type: 'color', value: '#ff0000' }],
    ['sizing', '16', { type: 'dimension', ourType: 'dimension', value: '16px' }],
    ['dimension', '1.5rem', { type: 'dimension', ourType: 'dimension', value: '1.5rem' }],
    ['spacing', 8, { type: 'dimension', ourType: 'spacing', value: '8px' }],
    ['spacing', '0', { type: 'dimension', ourType: 'spacing', value: '0px' }],
    ['borderRadius', '4', { type: 'dimension', ourType: 'radius', value: '4px' }],
    ['borderWidth', '1', { type: 'dimension', ourType: 'dimension', value: '1px' }],
    ['fontSizes', '14', { type: 'dimension', ourType: 'font.size', value: '14px' }],
    ['lineHeights', '150%', { type: 'number', ourType: 'font.lineHeight', value: 1.5 }],
    ['lineHeights', '1.25', { type: 'number', ourType: 'font.lineHeight', value: 1.25 }],
    ['lineHeights', '24px', { type: 'dimension', ourType: 'font.lineHeight', value: '24px' }],
    ['letterSpacing', '2%', { type: 'dimension', ourType: 'font.letterSpacing', value: '0.02em' }],
    ['letterSpacing', '-0.5', { type: 'dimension', ourType: 'font.letterSpacing', value: '-0.5px' }],
    ['fontWeights', 'Bold', { type: 'fontWeight', ourType: 'font.weight', value: 700 }],
    ['fontWeights', 'Semi Bold', { type: 'fontWeight', ourType: 'font.weight', value: 600 }],
    ['fontWeights', '500', { type: 'fontWeight', ourType: 'font.weight', value: 500 }],
    ['fontFamilies', 'Inter, sans-serif', { type: 'fontFamily', ourType: 'font.family', value: 'Inter, sans-serif' }],
    ['opacity', '50%', { type: 'number', ourType: 'opacity', value: 0.5 }],
    ['opacity', '0.4', { type: 'number', ourType: 'opacity', value: 0.4 }],
    ['duration', '200ms', { type: 'duration', value: '200ms' }],
    ['number', '3', { type: 'number', value: 3 }],
    // A list of lengths (a padding's shorthand), each unitless one in px, as the other readers take it.
    ['spacing', '8 16', { type: 'dimension', ourType: 'spacing', value: '8px 16px' }],
    ['spacing', '0 auto', { type: 'dimension', ourType: 'spacing', value: '0 auto' }],
    // Tokens Studio's CSS-keyword types are our `keyword` type.
    ['textCase', 'uppercase', { type: 'keyword', ourType: 'keyword', value: 'uppercase' }],
    ['textDecoration', 'underline dotted', { type: 'keyword', ourType: 'keyword', value: 'underline dotted' }],
  ])('%s `%s`', (type, value, want) => {
    const read = readOne({ t: { value, type } });
    expect(read.tokens).toEqual([token('t', want)]);
    expect(read.issues).toEqual([]);
  });

  it.each([
    ['other', 'Tokens Studio type `other` (free text) has no counterpart'],
    ['text', 'Tokens Studio type `text` (text content) has no counterpart'],
    ['asset', 'Tokens Studio type `asset` (an image or file) has no counterpart'],
    ['composition', 'Tokens Studio type `composition` (a set of Figma layer properties) has no counterpart'],
    ['paragraphSpacing', 'Tokens Studio type `paragraphSpacing` (Figma paragraph spacing) has no counterpart'],
    ['sparkle', 'type `sparkle` is not a Tokens Studio type we read, and its value says no type: pass `--type sparkle=<our type>`'],
  ])('skips type `%s`', (type, reason) => {
    expect(readOne({ t: { value: 'Free text', type } })).toEqual({
      tokens: [],
      issues: [{ source: 'ts/tokens.json:t', level: 'skipped', reason }],
      notes: ['no `$themes`: every token set is read, in set order, as the one mode `light`'],
    });
  });

  it('skips a token without a type whose value says nothing (a length, color, number is typed from its value)', () => {
    expect(readOne({ t: { value: 'Hello' } }).issues).toEqual([
      {
        source: 'ts/tokens.json:t',
        level: 'skipped',
        reason:
          'no `type`, and `"Hello"` is not a color, length, duration, number, font stack, cubic-bezier, border, shadow, transition or gradient',
      },
    ]);
  });

  it('types an untyped CSS keyword as the other readers do (RVO: `utrecht.action.activate.cursor: { $value: "pointer" }`)', () => {
    const read = readOne({ utrecht: { action: { activate: { cursor: { $value: 'pointer' } } } } });
    expect(read.tokens).toEqual([token('utrecht.action.activate.cursor', { type: 'keyword', ourType: 'keyword', value: 'pointer' })]);
    expect(read.issues).toEqual([]);
  });

  it.each([
    ['lineHeights', 'AUTO', 1.2, 'line height `AUTO` written as 1.2 (what CSS `normal` gives most fonts)'],
    ['fontWeights', 'Bold Italic', 700, 'font style `italic` of `Bold Italic` is dropped (a font weight has no style)'],
    ['fontWeights', 'Italic', 400, 'font style `italic` of `Italic` is dropped (a font weight has no style)'],
  ])('%s `%s` is %s, lossy', (type, value, want, reason) => {
    const read = readOne({ t: { value, type } });
    expect(values(read)).toEqual({ t: want });
    expect(read.issues).toEqual([{ source: 'ts/tokens.json:t', level: 'lossy', reason }]);
  });

  it.each([
    ['fontWeights', 'Chunky', 'font weight `Chunky` is not a weight name sd-transforms knows'],
    ['fontWeights', 'Extra-Chunky', 'font weight `Extra-Chunky` is not a weight name sd-transforms knows'],
    ['spacing', '8 16 8 16 4', 'a value of 5 lengths `8 16 8 16 4` (a spacing holds 1 to 4)'],
    [
      'color',
      'radial-gradient(circle, #000, #fff)',
      '`radial-gradient(circle, #000, #fff)` is not a CSS gradient we read: a `radial-gradient()` (ours are linear)',
    ],
  ])('skips %s `%s`', (type, value, reason) => {
    expect(readOne({ t: { value, type } }).issues).toEqual([{ source: 'ts/tokens.json:t', level: 'skipped', reason }]);
  });

  it('boxShadow: `x`/`y` are the offsets, unitless lengths px, `innerShadow` inset, aliases kept', () => {
    const read = readOne({
      gray: { value: '#111111', type: 'color' },
      s: {
        type: 'boxShadow',
        value: [
          { x: '0', y: '2', blur: '4', spread: '0', color: '{gray}', type: 'dropShadow' },
          { x: 1, y: 1, blur: 0, spread: 0, color: 'rgba(#000000, 0.5)', type: 'innerShadow' },
        ],
      },
    });
    expect(values(read)['s']).toEqual([
      { offsetX: '0px', offsetY: '2px', blur: '4px', spread: '0px', color: '{gray}' },
      { offsetX: '1px', offsetY: '1px', blur: '0px', spread: '0px', color: 'rgba(0, 0, 0, 0.5)', inset: true },
    ]);
    expect(read.tokens[1]?.type).toBe('shadow');
  });

  it('typography: parts converted, aliases kept, parts we have no place for dropped (lossy unless none)', () => {
    const read = readOne({
      w: { value: 'Bold', type: 'fontWeights' },
      t: {
        type: 'typography',
        value: {
          fontFamily: 'Inter',
          fontWeight: '{w}',
          fontSize: '16',
          lineHeight: '150%',
          letterSpacing: '-1%',
          paragraphSpacing: '0',
          textCase: 'uppercase',
          textDecoration: 'none',
        },
      },
    });
    expect(values(read)['t']).toEqual({
      fontFamily: 'Inter',
      fontWeight: '{w}',
      fontSize: '16px',
      lineHeight: 1.5,
      letterSpacing: '-0.01em',
    });
    expect(read.issues).toEqual([
      {
        source: 'ts/tokens.json:t',
        level: 'lossy',
        reason: 'typography `textCase` `uppercase` is dropped (our typography has no textCase)',
      },
    ]);
  });

  it('border: unitless width px, color converted', () => {
    expect(values(readOne({ b: { type: 'border', value: { width: '2', style: 'dashed', color: 'rgba(#FF0000, 50%)' } } }))).toEqual({
      b: { width: '2px', style: 'dashed', color: 'rgba(255, 0, 0, 50%)' },
    });
  });

  it('`rgba({color}, a)` is the reference with that alpha (written `{ ref, alpha }`)', () => {
    const read = readOne({ red: { value: '#FF0000', type: 'color' }, veil: { value: 'rgba({red}, 0.25)', type: 'color' } });
    expect(values(read)).toEqual({ red: '#FF0000', veil: { alphaOver: '{red}', alpha: 0.25 } });
    expect(read.issues).toEqual([]);
  });

  it('an alias that is the whole value stays an alias', () => {
    expect(values(readOne({ a: { value: '4', type: 'spacing' }, b: { value: '{a}', type: 'spacing' } }))).toEqual({ a: '4px', b: '{a}' });
  });

  it('skips a token whose reference names no token, or refers back to itself', () => {
    const read = readOne({
      lost: { value: '{nowhere} * 2', type: 'spacing' },
      loop: { value: '{loop} * 2', type: 'spacing' },
    });
    expect(read.issues).toEqual([
      { source: 'ts/tokens.json:lost', level: 'skipped', reason: '`{nowhere}` names no token in this theme' },
      { source: 'ts/tokens.json:loop', level: 'skipped', reason: '`{loop}` refers back to itself' },
    ]);
  });
});

describe('Tokens Studio: math', () => {
  it('is computed in each mode after its references, units kept (lossy)', () => {
    const read = readTokensStudio([
      doc('ts/core.json', { base: { value: '4', type: 'spacing' }, double: { value: '{base} * 2', type: 'spacing' } }),
      doc('ts/roomy.json', { base: { value: '1rem', type: 'spacing' } }),
      doc('ts/$themes.json', [theme('Light', { core: 'enabled' }), theme('Roomy', { core: 'enabled', roomy: 'enabled' })]),
    ]);
    expect(read.tokens.map((each) => [each.key, each.value, each.modes])).toEqual([
      ['base', '4px', { roomy: '1rem' }],
      ['double', '8px', { roomy: '2rem' }],
    ]);
    expect(read.issues).toEqual([{ source: 'ts/core.json:double', level: 'lossy', reason: 'math `{base} * 2` written as its value' }]);
  });

  it.each([
    ['(16 / 2)px', 'spacing', '8px'],
    ['4 + {x}', 'spacing', '8px'],
    ['{x} * 1.5', 'fontSizes', '6px'],
    ['{o} / 2', 'opacity', 0.25],
    ['{x} - 6', 'spacing', '-2px'],
  ])('`%s` (%s) is %s', (value, type, want) => {
    const read = readOne({ x: { value: '4', type: 'spacing' }, o: { value: '50%', type: 'opacity' }, t: { value, type } });
    expect(values(read)['t']).toEqual(want);
  });

  it('math sd-transforms leaves as text is skipped', () => {
    expect(readOne({ t: { value: '1rem + 2', type: 'spacing' } }).issues).toEqual([
      {
        source: 'ts/tokens.json:t',
        level: 'skipped',
        reason: 'math `1rem + 2` that sd-transforms leaves as text (only + - * / and parentheses, one unit besides px)',
      },
    ]);
  });

  // sd-transforms' own `ts/resolveMath`, on every expression: the same number, or both leave the text.
  it.each([
    '8px * 2',
    '(16 / 2)px',
    '4 + 8px',
    '2rem * 2',
    '1rem / 3',
    '4rem + 2rem',
    '1rem + 2',
    '2 / 1rem',
    '-4px * 2',
    '8px - -4px',
    '10 / 3',
    '(1 + 2) * (3 - 1)',
    '2em * 1rem',
    '50% * 2',
  ])('`%s` as sd-transforms computes it', (expression) => {
    const theirs = checkAndEvaluateMath({ value: expression, type: 'dimension' });
    const ours = evaluateMath(expression);
    expect(ours ?? expression).toEqual(typeof theirs === 'string' && Number.isFinite(Number(theirs)) ? Number(theirs) : theirs);
  });
});

describe('Tokens Studio: color modifiers', () => {
  const modified = (value: string, modify: Record<string, unknown>, tokens: Record<string, unknown> = {}) =>
    readOne({ ...tokens, c: { value, type: 'color', $extensions: { 'studio.tokens': { modify } } } });

  it('an alpha modifier (srgb or hsl) on an alias is the reference with that alpha; in lch, the color, lossy', () => {
    const read = modified('{blue}', { type: 'alpha', value: '0.5', space: 'srgb' }, { blue: { value: '#0000FF', type: 'color' } });
    expect(values(read)['c']).toEqual({ alphaOver: '{blue}', alpha: 0.5 });
    expect(read.issues).toEqual([]);
    const inLch = modified('{blue}', { type: 'alpha', value: '0.5', space: 'lch' }, { blue: { value: '#0000FF', type: 'color' } });
    expect(inLch.issues).toEqual([
      { source: 'ts/tokens.json:c', level: 'lossy', reason: 'color modifier `alpha` (0.5 in lch) written as its color' },
    ]);
  });

  it('a modifier`s amount may be a reference', () => {
    const read = modified('#0000FF', { type: 'alpha', value: '{half}', space: 'srgb' }, { half: { value: '0.5', type: 'opacity' } });
    expect(values(read)['c']).toBe('rgba(0, 0, 255, 0.5)');
  });

  it.each([
    [{ type: 'saturate', value: '0.5', space: 'srgb' }, 'color modifier `saturate` is not one sd-transforms applies'],
    [{ type: 'lighten', value: '0.5', space: 'oklch' }, 'color modifier space `oklch` (sd-transforms reads srgb, hsl, lch, p3)'],
    [{ type: 'mix', value: '0.5', space: 'srgb' }, 'color modifier `mix` without a `color`'],
    [{ type: 'lighten', value: 'lots', space: 'srgb' }, 'color modifier `lighten` on `#0000FF`: colorjs.io reads no color or amount'],
  ])('skips a modifier it cannot apply as sd-transforms does: %j', (modify, reason) => {
    expect(modified('#0000FF', modify).issues).toEqual([{ source: 'ts/tokens.json:c', level: 'skipped', reason }]);
  });

  // sd-transforms' own `ts/color/modifiers` on the same colors: the same sRGB color.
  const cases = ['lighten', 'darken', 'mix', 'alpha'].flatMap((type) =>
    ['srgb', 'hsl', 'lch', 'p3'].flatMap((space) =>
      ['#3B82F6', '#F3F4F6', '#111827'].flatMap((color) => [0.2, 0.75].map((value) => ({ type, space, color, value: String(value) }))),
    ),
  );
  it.each(cases)('$type $value in $space of $color as sd-transforms applies it', ({ type, space, color, value }) => {
    const modify = { type, value, space, ...(type === 'mix' ? { color: '#FF8800' } : {}) };
    const theirs = transformColorModifiers({
      value: color,
      type: 'color',
      $extensions: { 'studio.tokens': { modify: { ...modify } } },
    });
    expect(values(modified(color, modify))['c']).toBe(srgbText(String(theirs)));
  });
});

describe('Tokens Studio: font weights', () => {
  it.each([
    'Thin',
    'Extra Light',
    'Light',
    'Regular',
    'Book',
    'Medium',
    'Semi Bold',
    'SemiBold',
    'Bold',
    'Extra Bold',
    'Black',
    'Ultra Black',
    '300',
  ])('`%s` as sd-transforms maps it', (name) => {
    expect(fontWeightOf(name)?.weight).toBe(Number(transformFontWeight({ value: name, type: 'fontWeight' })));
  });
});

/** The fixture's files as the import is given them. */
const fixtureInputs = () =>
  FIXTURE_FILES.map((file) => ({ path: `tokens-studio/${file}`, text: readFileSync(join(FIXTURE, file), 'utf8') }));

/** Every token's value per theme, as Style Dictionary with sd-transforms outputs it (its own transforms, no CSS shorthands). */
async function buildWithSdTransforms(): Promise<Map<string, Map<string, unknown>>> {
  await register(StyleDictionary, { withSDBuiltins: false });
  const themes = permutateThemes(JSON.parse(readFileSync(join(FIXTURE, '$themes.json'), 'utf8')) as never) as Record<string, string[]>;
  const built = new Map<string, Map<string, unknown>>();
  for (const [name, sets] of Object.entries(themes)) {
    const dictionary = new StyleDictionary({
      source: sets.map((set) => join(FIXTURE, `${set}.json`)),
      preprocessors: ['tokens-studio'],
      log: { verbosity: 'silent', warnings: 'disabled' },
      platforms: { css: { transformGroup: 'tokens-studio' } },
    });
    const { allTokens } = await dictionary.getPlatformTokens('css');
    built.set(name, new Map(allTokens.map((each) => [each.path.join('.'), each.value ?? each.$value])));
  }
  return built;
}

/** Their value as CSS text in our conventions, for the kind of value ours is. */
function theirCss(value: unknown, ours: TypedValue): unknown {
  const length = (text: unknown): string => (String(text) === '0' ? '0px' : String(text));
  const hex = (text: unknown): string => formatHex(parseColor(srgbText(String(text))) ?? { red: 0, green: 0, blue: 0, alpha: 0 });
  switch (ours.kind) {
    case 'color':
      return hex(value);
    case 'dimension':
      return length(value);
    case 'number':
      return String(Number(value));
    case 'shadow':
      return (value as Record<string, unknown>[])
        .map((layer) => {
          const lengths = [layer['offsetX'], layer['offsetY'], layer['blur'], layer['spread']].map(length).join(' ');
          return `${layer['type'] === 'inset' ? 'inset ' : ''}${lengths} ${hex(layer['color'])}`;
        })
        .join(', ');
    case 'typography': {
      const parts = value as Record<string, unknown>;
      return {
        fontFamily: parts['fontFamily'],
        fontSize: length(parts['fontSize']),
        fontWeight: String(Number(parts['fontWeight'])),
        lineHeight: String(parts['lineHeight']),
        letterSpacing: String(parts['letterSpacing']),
      };
    }
    case 'border': {
      const parts = value as Record<string, unknown>;
      return `${length(parts['width'])} ${String(parts['style'])} ${hex(parts['color'])}`;
    }
    default:
      return String(value);
  }
}

/** Our value as CSS text; a shadow's colors as hex, as their side is compared. */
function ourCss(value: TypedValue): unknown {
  if (value.kind === 'shadow')
    return (value.layers ?? []).map((layer) => `${formatShadowLengths(layer)}${formatHex(layer.color)}`).join(', ');
  if (value.kind !== 'typography') return formatCssValue(value);
  const { fontFamily, fontSize, fontWeight, lineHeight, letterSpacing } = value;
  return {
    fontFamily: formatCssValue(fontFamily),
    fontSize: formatCssValue(fontSize),
    fontWeight: formatCssValue(fontWeight),
    lineHeight: formatCssValue(lineHeight),
    letterSpacing: formatCssValue(letterSpacing),
  };
}

describe('Tokens Studio: the same values as Style Dictionary with sd-transforms', () => {
  it('every token of the three-theme fixture has, in every mode, the value sd-transforms builds for that theme', async () => {
    const result = importDesignSystem(fixtureInputs(), { slug: 'studio', name: 'Studio' });
    expect(result.format).toBe('tokens-studio');
    expect(result.compiled.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    const system = result.compiled.system;
    if (system === undefined) throw new Error('no design system compiled');
    expect(system.modes.map((mode) => mode.name)).toEqual(['light', 'dark', 'dim']);

    const built = await buildWithSdTransforms();
    const ours = new Map(system.tokens.map((each) => [each.key, each]));
    let compared = 0;
    for (const [theme, tokens] of built) {
      const mode = theme.toLowerCase();
      for (const [key, theirs] of tokens) {
        const our = ours.get(key);
        expect(our, `${key} is imported`).toBeDefined();
        const value = (our?.resolved[mode] ?? our?.resolved['light']) as TypedValue;
        expect([theme, key, ourCss(value)]).toEqual([theme, key, theirCss(theirs, value)]);
        compared += 1;
      }
    }
    expect(compared).toBe(3 * 37);
  });

  it('reports each value that is not carried as written, and which theme became which mode', () => {
    const result = importDesignSystem(fixtureInputs(), { slug: 'studio', name: 'Studio' });
    expect(result.notes).toEqual([
      'theme `Light` is the base mode `light`',
      'theme `Dark` is the mode `dark`',
      'theme `Dim` is the mode `dim`',
    ]);
    expect(result.issues.filter((issue) => issue.level === 'skipped')).toEqual([]);
    expect(result.issues.map((issue) => `${issue.source}: ${issue.reason}`)).toEqual([
      'tokens-studio/core.json:spacing.sm: math `{spacing.base} * 2` written as its value',
      'tokens-studio/core.json:spacing.md: math `{spacing.base} * 4` written as its value',
      'tokens-studio/core.json:spacing.lg: math `(48 / 2)px` written as its value',
      'tokens-studio/core.json:spacing.xl: math `{spacing.md} + {spacing.sm}` written as its value',
      'tokens-studio/core.json:radius.md: math `{radius.sm} * 2` written as its value',
      'tokens-studio/core.json:font.size.heading: math `{font.size.body} * 1.5` written as its value',
      'tokens-studio/semantic/light.json:color.accent-hover: color modifier `darken` (0.2 in lch) written as its color',
      'tokens-studio/semantic/light.json:color.accent-hover: in mode `dark` (tokens-studio/semantic/dark.json:color.accent-hover): color modifier `lighten` (0.2 in lch) written as its color',
      'tokens-studio/semantic/light.json:color.accent-hover: in mode `dim` (tokens-studio/semantic/dim.json:color.accent-hover): color modifier `mix` (0.5 in srgb) written as its color',
      'tokens-studio/semantic/light.json:shadow.card: math `{spacing.base} / 2` written as its value',
      'tokens-studio/semantic/light.json:shadow.card: references inside `rgba({color.gray.900}, 0.1)` are written as their values',
      'tokens-studio/semantic/light.json:shadow.card: in mode `dim` (tokens-studio/semantic/dim.json:shadow.card): math `{spacing.md} * 2` written as its value',
    ]);
  });
});
