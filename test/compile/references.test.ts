import { describe, expect, it } from 'vitest';
import type { RuleId } from '../../src/compile/diagnostics/rules.js';
import type { Diagnostic, Rgba, TypedValue } from '../../src/compile/types.js';
import { compileTokens, tokenOf } from './tokens-fixture.js';

const diagnostic =
  (severity: Diagnostic['severity']) =>
  (line: number, column: number, rule: RuleId, message: string): Diagnostic => ({
    file: 'ds/tokens.yaml',
    line,
    column,
    rule,
    message,
    severity,
  });
const error = diagnostic('error');
const warning = diagnostic('warning');

const rgba = (red: number, green: number, blue: number, alpha = 1): TypedValue => ({
  kind: 'color',
  color: { red, green, blue, alpha } satisfies Rgba,
});
const px = (value: number): TypedValue => ({ kind: 'dimension', value, unit: 'px' });

const WHITE = rgba(255, 255, 255);
const GRAY_900_LIGHT = rgba(31, 35, 40);
const GRAY_0_DARK = rgba(13, 17, 23);
const GRAY_0_DIMMED = rgba(33, 40, 48);

describe('ref: a whole value taken from another token, mode by mode', () => {
  const { system, diagnostics } = compileTokens(`  color.a: { type: color, scale: gray, step: 900, darkStep: 0 }
  color.b: { type: color, ref: color.a }
  color.c: { type: color, ref: color.b }
  color.d: { type: color, scale: gray, step: 0, modes: { dark: { ref: color.a } } }
  spacing.base: { type: spacing, value: 8, modes: { dark: { value: 10 } } }
  spacing.md: { type: spacing, ref: spacing.base }
  spacing.lg: { type: spacing, value: 4, modes: { dark-dimmed: { ref: spacing.md } } }
`);

  it('compiles without a problem', () => {
    expect(diagnostics).toEqual([]);
    expect(system?.tokens.map((token) => token.key)).toEqual([
      'color.a',
      'color.b',
      'color.c',
      'color.d',
      'spacing.base',
      'spacing.lg',
      'spacing.md',
    ]);
  });

  it('gives a color reference, and a chain of them, the target’s color in every mode', () => {
    const want = { light: GRAY_900_LIGHT, dark: GRAY_0_DARK, 'dark-dimmed': GRAY_0_DIMMED };
    expect(tokenOf(system, 'color.a')?.resolved).toEqual(want);
    expect(tokenOf(system, 'color.b')?.resolved).toEqual(want);
    expect(tokenOf(system, 'color.c')?.resolved).toEqual(want);
  });

  it('takes a reference written for one mode in that mode and the modes based on it, each with the target’s value there', () => {
    // dark-dimmed inherits `ref: color.a` from dark, and takes color.a's dark-dimmed color, not its dark one.
    expect(tokenOf(system, 'color.d')?.resolved).toEqual({ light: WHITE, dark: GRAY_0_DARK, 'dark-dimmed': GRAY_0_DIMMED });
  });

  it('resolves references between tokens that are not colors the same way', () => {
    expect(tokenOf(system, 'spacing.md')?.resolved).toEqual({ light: px(8), dark: px(10), 'dark-dimmed': px(10) });
    expect(tokenOf(system, 'spacing.lg')?.resolved).toEqual({ light: px(4), dark: px(4), 'dark-dimmed': px(10) });
  });

  it('serves the value of a reference as `{ ref }`, and a reference for one mode under `modes`', () => {
    const served = (key: string) => {
      const token = tokenOf(system, key);
      return { value: token?.value, modes: token?.modes };
    };
    expect(served('color.b')).toEqual({ value: { ref: 'color.a' }, modes: undefined });
    expect(served('color.c')).toEqual({ value: { ref: 'color.b' }, modes: undefined });
    expect(served('spacing.md')).toEqual({ value: { ref: 'spacing.base' }, modes: undefined });
    expect(served('color.d')).toEqual({ value: { scale: 'gray', step: 0 }, modes: { dark: { ref: 'color.a' } } });
    expect(served('spacing.lg')).toEqual({ value: { value: 4, unit: 'px' }, modes: { 'dark-dimmed': { ref: 'spacing.md' } } });
  });

  it('records, per mode, the chain a reference resolves through; nothing for a token that refers to none', () => {
    expect(tokenOf(system, 'color.b')?.references).toEqual({
      light: { ref: 'color.a' },
      dark: { ref: 'color.a' },
      'dark-dimmed': { ref: 'color.a' },
    });
    expect(tokenOf(system, 'color.c')?.references).toEqual({
      light: { ref: 'color.b' },
      dark: { ref: 'color.b' },
      'dark-dimmed': { ref: 'color.b' },
    });
    expect(tokenOf(system, 'color.d')?.references).toEqual({
      dark: { ref: 'color.a' },
      'dark-dimmed': { ref: 'color.a' },
    });
    expect(tokenOf(system, 'spacing.lg')?.references).toEqual({ 'dark-dimmed': { ref: 'spacing.md' } });
    expect(tokenOf(system, 'color.a')).not.toHaveProperty('references');
    expect(tokenOf(system, 'spacing.base')).not.toHaveProperty('references');
  });
});

describe('ref: every mistake, with its position', () => {
  const CYCLE = 'these references go round in a circle; one of them must give a value';

  it.each<[string, string, Diagnostic[]]>([
    [
      'an unknown token, with a suggestion',
      '  color.a: { type: color, scale: gray, step: 900 }\n  color.b: { type: color, ref: color.aa }\n',
      [error(3, 32, 'unknown-reference', '`color.b` refers to unknown token `color.aa` (did you mean `color.a`?)')],
    ],
    [
      'an unknown token in one mode only',
      '  spacing.a: { type: spacing, value: 1 }\n  spacing.e: { type: spacing, value: 2, modes: { dark: { ref: spacing.zzz } } }\n',
      [error(3, 63, 'unknown-reference', '`spacing.e` refers to unknown token `spacing.zzz` (did you mean `spacing.a`?)')],
    ],
    [
      'a token of another type',
      '  color.a: { type: color, scale: gray, step: 900 }\n  spacing.b: { type: spacing, ref: color.a }\n',
      [error(3, 36, 'reference-type-mismatch', '`ref` of `spacing.b` must name a spacing token; `color.a` is a color token')],
    ],
    [
      'a token that refers to itself',
      '  spacing.d: { type: spacing, ref: spacing.d }\n',
      [error(2, 36, 'reference-cycle', `\`spacing.d\` (ds/tokens.yaml:2:36) → \`spacing.d\`: ${CYCLE}`)],
    ],
    [
      'a cycle of two, reported once',
      '  spacing.a: { type: spacing, ref: spacing.b }\n  spacing.b: { type: spacing, ref: spacing.a }\n',
      [
        error(
          2,
          36,
          'reference-cycle',
          `\`spacing.a\` (ds/tokens.yaml:2:36) → \`spacing.b\` (ds/tokens.yaml:3:36) → \`spacing.a\`: ${CYCLE}`,
        ),
      ],
    ],
    [
      'a cycle of three, reported once at the first member in key order (not the first in the file)',
      '  spacing.c: { type: spacing, ref: spacing.a }\n  spacing.a: { type: spacing, ref: spacing.b }\n  spacing.b: { type: spacing, ref: spacing.c }\n',
      [
        error(
          3,
          36,
          'reference-cycle',
          `\`spacing.a\` (ds/tokens.yaml:3:36) → \`spacing.b\` (ds/tokens.yaml:4:36) → \`spacing.c\` (ds/tokens.yaml:2:36) → \`spacing.a\`: ${CYCLE}`,
        ),
      ],
    ],
    [
      'a cycle in one mode only',
      '  spacing.a: { type: spacing, value: 1, modes: { dark: { ref: spacing.b } } }\n  spacing.b: { type: spacing, ref: spacing.a }\n',
      [
        error(
          2,
          63,
          'reference-cycle',
          `\`spacing.a\` (ds/tokens.yaml:2:63) → \`spacing.b\` (ds/tokens.yaml:3:36) → \`spacing.a\`: ${CYCLE}`,
        ),
      ],
    ],
    [
      'a value beside `ref`, and `primitive` beside `ref`',
      '  spacing.a: { type: spacing, value: 1 }\n  spacing.b: { type: spacing, ref: spacing.a, value: 2 }\n  spacing.c: { type: spacing, ref: spacing.a, primitive: spacing.md }\n',
      [
        error(3, 54, 'extra-field', '`spacing.b` refers to another token, so it takes no `value`'),
        error(4, 36, 'extra-field', '`spacing.c` gives both `primitive` and `ref`; keep one'),
      ],
    ],
    [
      'a value beside `ref` in a mode',
      '  spacing.c: { type: spacing, value: 1 }\n  spacing.f: { type: spacing, value: 2, modes: { dark: { ref: spacing.c, value: 3 } } }\n',
      [error(3, 81, 'extra-field', '`spacing.f` refers to another token in `modes.dark`, so it takes no `value`')],
    ],
  ])('%s', (_name, tokens, want) => {
    const { system, diagnostics } = compileTokens(tokens);
    expect(diagnostics).toEqual(want);
    expect(system).toBeUndefined();
  });

  /** `spacing.s00` → `spacing.s01` → … → `spacing.s<length>`, which has a value: `length` references from s00. */
  const chain = (length: number) =>
    Array.from(
      { length },
      (_, index) =>
        `  spacing.s${String(index).padStart(2, '0')}: { type: spacing, ref: spacing.s${String(index + 1).padStart(2, '0')} }\n`,
    ).join('') + `  spacing.s${length}: { type: spacing, value: 1 }\n`;

  it('a chain of 64 references is allowed', () => {
    const { system, diagnostics } = compileTokens(chain(64));
    expect(diagnostics).toEqual([]);
    expect(tokenOf(system, 'spacing.s00')?.references?.['dark']?.ref).toBe('spacing.s01');
    expect(tokenOf(system, 'spacing.s63')?.references?.['dark']?.ref).toBe('spacing.s64');
    expect(tokenOf(system, 'spacing.s00')?.resolved['dark']).toEqual(px(1));
  });

  it('a chain of 66 references is refused (reference-depth)', () => {
    const { system, diagnostics } = compileTokens(chain(66));
    expect(system).toBeUndefined();
    expect(diagnostics.map((found) => found.rule)).toEqual(['reference-depth']);
  });

  // Only s00 (66) and s01 (65) go past 64: the one diagnostic names the token resolution started from.
  it('a chain of 66 references is reported at a token that resolves through more than 64', () => {
    const { diagnostics } = compileTokens(chain(66));
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const found of diagnostics) {
      expect(found.rule).toBe('reference-depth');
      expect([2, 3]).toContain(found.line);
      expect(found.message).toMatch(/^`spacing\.s0[01]` resolves through more than 64 references/);
    }
  });
  /** `<type>.t000` has a value and each `<type>.t<n>` refers to the one before it: the keys sort tail first. */
  const tailFirstChain = (length: number, type = 'spacing') =>
    `  ${type}.t000: { type: ${type}, value: 1 }\n` +
    Array.from(
      { length },
      (_, index) =>
        `  ${type}.t${String(index + 1).padStart(3, '0')}: { type: ${type}, ref: ${type}.t${String(index).padStart(3, '0')} }\n`,
    ).join('');

  it('a chain of 64 references whose keys sort tail first is allowed', () => {
    const { system, diagnostics } = compileTokens(tailFirstChain(64));
    expect(diagnostics).toEqual([]);
    expect(tokenOf(system, 'spacing.t064')?.references?.['light']?.ref).toBe('spacing.t063');
  });

  // Memoised targets push no frame: the limit must count the chain, not the recursion.
  it('a chain of 65 references whose keys sort tail first is refused at the token past the limit', () => {
    const { system, diagnostics } = compileTokens(tailFirstChain(65));
    expect(system).toBeUndefined();
    expect(diagnostics).toEqual([
      error(67, 39, 'reference-depth', '`spacing.t065` resolves through more than 64 references; shorten the chain'),
    ]);
  });

  it('a chain of 4,000 references whose keys sort tail first is refused with one diagnostic', () => {
    const { system, diagnostics } = compileTokens(tailFirstChain(4000));
    expect(system).toBeUndefined();
    expect(diagnostics.map((found) => `${found.line} ${found.message}`)).toEqual([
      '67 `spacing.t065` resolves through more than 64 references; shorten the chain',
    ]);
  });

  it('a composite part counts as a reference in the chain', () => {
    const typography = (ref: string) =>
      `  typography.t: { type: typography, fontFamily: Inter, fontWeight: 400, fontSize: "{${ref}}", lineHeight: 1.5 }\n`;
    expect(compileTokens(tailFirstChain(63, 'font.size') + typography('font.size.t063')).diagnostics).toEqual([]);
    expect(compileTokens(tailFirstChain(64, 'font.size') + typography('font.size.t064')).diagnostics.map((found) => found.rule)).toEqual([
      'reference-depth',
    ]);
  });
});

describe('deprecated: a token on its way out', () => {
  it('reads `true`, a message, and `{ message, replacement, since }` (each part optional); `false` is not deprecated', () => {
    const { system, diagnostics } = compileTokens(`  spacing.a: { type: spacing, value: 1, deprecated: true }
  spacing.b: { type: spacing, value: 2, deprecated: "use spacing.c" }
  spacing.c: { type: spacing, value: 3, deprecated: { message: "old", replacement: spacing.d, since: "2024-01-31" } }
  spacing.d: { type: spacing, value: 4, deprecated: {} }
  spacing.e: { type: spacing, value: 5, deprecated: false }
  spacing.f: { type: spacing, value: 6 }
`);
    expect(diagnostics).toEqual([]);
    const deprecation = (key: string) => tokenOf(system, key)?.deprecated;
    expect(deprecation('spacing.a')).toEqual({ message: null, replacement: null, since: null });
    expect(deprecation('spacing.b')).toEqual({ message: 'use spacing.c', replacement: null, since: null });
    expect(deprecation('spacing.c')).toEqual({ message: 'old', replacement: 'spacing.d', since: '2024-01-31' });
    expect(deprecation('spacing.d')).toEqual({ message: null, replacement: null, since: null });
    expect(tokenOf(system, 'spacing.e')).not.toHaveProperty('deprecated');
    expect(tokenOf(system, 'spacing.f')).not.toHaveProperty('deprecated');
    // Deprecation changes nothing of the value.
    expect(tokenOf(system, 'spacing.c')?.resolved).toEqual({ light: px(3), dark: px(3), 'dark-dimmed': px(3) });
  });

  it.each<[string, string, Diagnostic[]]>([
    [
      'a number',
      '  spacing.a: { type: spacing, value: 1, deprecated: 5 }\n',
      [error(2, 53, 'invalid-value', '`deprecated` of `spacing.a` must be `true`, a message, or `{ message, replacement, since }`, got 5')],
    ],
    [
      'an unknown replacement, with a suggestion',
      '  spacing.a: { type: spacing, value: 1 }\n  spacing.b: { type: spacing, value: 2, deprecated: { replacement: spacing.aa } }\n',
      [error(3, 53, 'unknown-reference', '`spacing.b` is deprecated in favour of unknown token `spacing.aa` (did you mean `spacing.a`?)')],
    ],
    [
      'a `since` that is not an ISO date',
      '  spacing.c: { type: spacing, value: 3, deprecated: { since: "yesterday" } }\n',
      [error(2, 53, 'invalid-value', '`deprecated` of `spacing.c` `since` must be an ISO 8601 date like `2026-10-01`, got "yesterday"')],
    ],
    [
      'an unknown field',
      '  spacing.d: { type: spacing, value: 3, deprecated: { reason: x } }\n',
      [error(2, 53, 'invalid-value', '`deprecated` of `spacing.d` has no field `reason` (allowed: message, replacement, since)')],
    ],
  ])('an invalid deprecation: %s', (_name, tokens, want) => {
    const { system, diagnostics } = compileTokens(tokens);
    expect(diagnostics).toEqual(want);
    expect(system).toBeUndefined();
  });

  it('warns of every direct reference to a deprecated token (a `ref`, a `colorToken`, a part), and still compiles', () => {
    const { system, diagnostics } = compileTokens(`  spacing.a: { type: spacing, value: 1, deprecated: true }
  spacing.b: { type: spacing, ref: spacing.a }
  spacing.c: { type: spacing, ref: spacing.b }
  color.a: { type: color, scale: gray, step: 0, deprecated: "gone" }
  shadow.s: { type: shadow, x: 0, y: 1, blur: 2, spread: 0, colorToken: color.a, opacity: 1 }
  border.b: { type: border, width: 1, style: solid, color: "{color.a}" }
`);
    expect(diagnostics).toEqual([
      warning(3, 36, 'deprecated-reference', '`spacing.b` refers to `spacing.a`, which is deprecated'),
      warning(6, 73, 'deprecated-reference', '`shadow.s` refers to `color.a`, which is deprecated: gone'),
      warning(7, 60, 'deprecated-reference', '`border.b` refers to `color.a`, which is deprecated: gone'),
    ]);
    expect(system?.tokens.map((token) => token.key)).toEqual(['border.b', 'color.a', 'shadow.s', 'spacing.a', 'spacing.b', 'spacing.c']);
    expect(tokenOf(system, 'spacing.c')?.resolved).toEqual({ light: px(1), dark: px(1), 'dark-dimmed': px(1) });
    expect(tokenOf(system, 'spacing.c')?.references?.['light']).toEqual({ ref: 'spacing.b' });
  });
});
