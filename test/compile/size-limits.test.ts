import { describe, expect, it } from 'vitest';
import { MAX_DECLARED_MODES } from '../../src/compile/fields/read-modes.js';
import { MAX_TOKEN_VALUES } from '../../src/compile/resolve/compile-tokens.js';
import { compileFiles } from '../helpers/fixtures.js';

/** `system.yaml` declaring `count` modes `m0`..., each on light. */
const systemWithModes = (count: number): string =>
  `name: Big\nmodes:\n${Array.from({ length: count }, (_, index) => `  m${index}: { base: light }\n`).join('')}`;

/** `count` color tokens on one scale: a color has a value in every mode. */
const colorTokens = (count: number): string =>
  `tokens:\n${Array.from({ length: count }, (_, index) => `  color.c${String(index).padStart(5, '0')}: { type: color, scale: gray, step: 100 }\n`).join('')}`;

const SCALES = 'scales:\n  gray:\n    100: { light: "#EEEEEE", dark: "#111111" }\n';

const compileBig = (modes: number, tokens: number) =>
  compileFiles('big', [
    ['big/system.yaml', systemWithModes(modes)],
    ['big/scales.yaml', SCALES],
    ['big/tokens.yaml', colorTokens(tokens)],
  ]);

describe('a design system whose exports would be too large is refused at compile time', () => {
  it('declares the limits the docs name', () => {
    expect(MAX_DECLARED_MODES).toBe(100);
    expect(MAX_TOKEN_VALUES).toBe(100_000);
  });

  it('100 declared modes compile', () => {
    const { system, diagnostics } = compileBig(100, 10);
    expect(diagnostics).toEqual([]);
    expect(system?.modes).toHaveLength(102);
  });

  it('2,000 declared modes are refused at `modes`, with one diagnostic and nothing resolved', () => {
    const started = performance.now();
    const { system, diagnostics } = compileBig(2000, 400);
    expect(system).toBeUndefined();
    expect(diagnostics).toEqual([
      {
        file: 'big/system.yaml',
        line: 3,
        column: 3,
        rule: 'design-system-too-large',
        message:
          '`modes` declares 2000 modes, more than 100 (the limit): every export writes each token once per mode; split the design system or combine modes',
        severity: 'error',
      },
    ]);
    // Refused before anything is resolved: no export, no render is ever attempted (generous: the YAML read dominates).
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('values at the limit compile; one token more is refused at the first token past it', () => {
    // 100 modes + light + dark = 102 modes; 980 tokens x 102 = 99,960 values.
    expect(compileBig(100, 980).diagnostics).toEqual([]);
    const { system, diagnostics } = compileBig(100, 981);
    expect(system).toBeUndefined();
    expect(diagnostics).toEqual([
      {
        file: 'big/tokens.yaml',
        line: 982,
        column: 3,
        rule: 'design-system-too-large',
        message:
          '981 tokens in 102 modes have 100,062 values, more than 100,000 (the limit), from `color.c00980` on: every export writes each of them; split the design system or use fewer modes',
        severity: 'error',
      },
    ]);
  });
});
