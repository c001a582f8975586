import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/compile/types.js';
import { formatCssValue } from '../../src/views/shared/css-values.js';
import { compileTokens, tokenOf } from './tokens-fixture.js';

const error = (line: number, column: number, message: string): Diagnostic => ({
  file: 'ds/tokens.yaml',
  line,
  column,
  rule: 'invalid-value',
  message,
  severity: 'error',
});

const SYNTAX = 'one CSS keyword or a list of them separated by spaces or commas (`pointer`, `underline dotted`, `opacity, transform`)';

describe('keyword tokens', () => {
  it('one keyword, a list by spaces, a list by commas, a CSS-wide keyword; modes and references as other types', () => {
    const { system, diagnostics } = compileTokens(
      [
        '  cursor.action: { type: keyword, value: pointer, modes: { dark: { value: not-allowed } } }',
        '  text.decoration: { type: keyword, value: "underline   dotted" }',
        '  transition.property: { type: keyword, value: "background-color,color ,  border-color" }',
        '  color.current: { type: keyword, value: currentColor }',
        '  animation.count: { type: keyword, value: infinite }',
        '  cursor.base: { type: keyword, value: default }',
        '  wrap.reset: { type: keyword, value: initial }',
        '  cursor.link: { type: keyword, ref: cursor.action }',
        '',
      ].join('\n'),
    );
    expect(diagnostics).toEqual([]);
    const css = (key: string, mode = 'light'): string => {
      const value = tokenOf(system, key)?.resolved[mode];
      return value === undefined ? 'missing' : formatCssValue(value);
    };
    expect(tokenOf(system, 'cursor.action')?.resolved).toEqual({
      light: { kind: 'keywords', text: 'pointer' },
      dark: { kind: 'keywords', text: 'not-allowed' },
      'dark-dimmed': { kind: 'keywords', text: 'not-allowed' },
    });
    expect(css('text.decoration')).toBe('underline dotted');
    expect(css('transition.property')).toBe('background-color, color, border-color');
    expect(css('color.current')).toBe('currentColor');
    expect(css('animation.count')).toBe('infinite');
    expect(css('cursor.base')).toBe('default');
    expect(css('wrap.reset')).toBe('initial');
    expect([css('cursor.link'), css('cursor.link', 'dark')]).toEqual(['pointer', 'not-allowed']);
    expect(tokenOf(system, 'cursor.link')?.references).toEqual({
      light: { ref: 'cursor.action' },
      dark: { ref: 'cursor.action' },
      'dark-dimmed': { ref: 'cursor.action' },
    });
  });

  it.each([
    ['a function', '"var(--x)"', '`var(--x)` is not a CSS identifier'],
    ['a number', '"2"', '`2` is not a CSS identifier'],
    ['a length', '"1px solid"', '`1px` is not a CSS identifier'],
    ['a quote', '"\'a\'"', "`'a'` is not a CSS identifier"],
    ['a semicolon', '"auto; color: red"', '`auto;` is not a CSS identifier'],
    ['a brace', '"a}b"', '`a}b` is not a CSS identifier'],
    ['!important', '"auto !important"', '`!important` is not a CSS identifier'],
    ['a custom property name', '"--brand"', '`--brand` is not a CSS identifier'],
    ['an escape', '"a\\\\62"', '`a\\62` is not a CSS identifier'],
    ['a non-ASCII letter', '"café"', '`café` is not a CSS identifier'],
    ['an empty item', '"opacity,,color"', 'a comma has no keyword on one side'],
    ['a trailing comma', '"opacity,"', 'a comma has no keyword on one side'],
    ['nothing', '"  "', 'this is empty'],
    ['a CSS-wide keyword in a list', '"inherit dotted"', '`inherit` is a CSS-wide keyword, which stands only alone'],
    ['too long', `"${'a '.repeat(100)}b"`, 'this has 201 characters, more than 200', `"${'a '.repeat(28)}...`],
  ])('refuses %s, at the value', (_name, written, problem, got = written) => {
    const { diagnostics } = compileTokens(`  cursor.bad: { type: keyword, value: ${written} }\n`);
    expect(diagnostics).toEqual([error(2, 39, `\`value\` of \`cursor.bad\` must be ${SYNTAX}; ${problem}, got ${got}`)]);
  });

  it('refuses a value that is no text, and a reference to a token of another type', () => {
    const { diagnostics } = compileTokens(
      [
        '  cursor.number: { type: keyword, value: 3 }',
        '  color.x: { type: color, color: "#000000" }',
        '  cursor.ref: { type: keyword, ref: color.x }',
        '',
      ].join('\n'),
    );
    expect(diagnostics.map(({ line, column, message }) => `${line}:${column} ${message}`)).toEqual([
      `2:42 \`value\` of \`cursor.number\` must be ${SYNTAX}, got 3`,
      '4:37 `ref` of `cursor.ref` must name a keyword token; `color.x` is a color token',
    ]);
  });
});
