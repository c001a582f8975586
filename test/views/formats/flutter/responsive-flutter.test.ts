import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { renderFlutter } from '../../../../src/views/formats/flutter/export-flutter.js';
import { systemAtBreakpoint } from '../../../../src/views/shared/breakpoint-systems.js';
import { compileFixture } from '../../../helpers/fixtures.js';
import { camel, expectedDart, modeConstants, rounded } from '../../../helpers/native-read-back/flutter.js';
import type { Expr } from '../../../helpers/native-read-back/flutter.js';
import { NATIVE_TOOLS_AVAILABLE, parseDart, syntaxErrors } from '../../../helpers/native-tools.js';
import type { SyntaxNode } from '../../../helpers/native-tools.js';

describe.skipIf(!NATIVE_TOOLS_AVAILABLE)('Flutter export of breakpoints, parsed by tree-sitter-dart', () => {
  let system: CompiledDesignSystem;
  let dart: string;
  let root: SyntaxNode;
  beforeAll(async () => {
    system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    dart = renderFlutter(system);
    root = await parseDart(dart);
  });

  it('parses without a syntax error', () => {
    expect(syntaxErrors(root)).toEqual([]);
  });

  it('has a constant per breakpoint and mode holding every token as the system at that breakpoint has it', () => {
    const constants = modeConstants(root);
    expect([...constants.keys()]).toEqual([
      'light',
      'dark',
      'darkDimmed',
      'mdLight',
      'mdDark',
      'mdDarkDimmed',
      'lgLight',
      'lgDark',
      'lgDarkDimmed',
    ]);
    const actual: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const [prefix, breakpoint] of [
      ['', 'base'],
      ['md-', 'md'],
      ['lg-', 'lg'],
    ] as const) {
      const there = systemAtBreakpoint(system, breakpoint);
      for (const mode of system.modes) {
        const name = camel(`${prefix}${mode.name}`, true);
        for (const [field, value] of Object.entries(constants.get(name) ?? {})) actual[`${name}|${field}`] = rounded(value);
        for (const token of there.tokens) expected[`${name}|${camel(token.key)}`] = rounded(expectedDart(token, mode.name) as Expr);
      }
    }
    expect(actual).toEqual(expected);
    expect(actual['lgDark|spaceInset']).toBe(14);
    expect(actual['mdDark|colorBg']).toEqual({ call: 'Color', args: [0xfff0f6fc], named: {} });
  });

  it('writes the widths, the constants by breakpoint and a lookup by width, mobile first', () => {
    expect(dart).toContain(
      "  static const Map<String, double> breakpoints = <String, double>{\n    'md': 768.0,\n    'lg': 1024.0,\n  };\n",
    );
    expect(dart).toContain(
      "    'base': modes,\n    'md': <String, DesignTokens>{'light': mdLight, 'dark': mdDark, 'dark-dimmed': mdDarkDimmed},\n",
    );
    expect(dart).toContain('  static DesignTokens? at(String mode, double width) {\n');
  });
});
