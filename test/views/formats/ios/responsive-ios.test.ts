import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { systemAtBreakpoint } from '../../../../src/views/shared/breakpoint-systems.js';
import { compileFixture } from '../../../helpers/fixtures.js';
import { expectedValue, flatNameOf, iosFiles, themeOf, tokenDeclarations } from '../../../helpers/native-read-back/ios.js';
import { NATIVE_TOOLS_AVAILABLE, parseSwift, syntaxErrors } from '../../../helpers/native-tools.js';

const BREAKPOINTS = [
  ['', 'base'],
  ['md-', 'md'],
  ['lg-', 'lg'],
] as const;

describe.skipIf(!NATIVE_TOOLS_AVAILABLE)('iOS export of breakpoints, parsed by tree-sitter-swift', () => {
  let system: CompiledDesignSystem;
  let swift: string;
  beforeAll(async () => {
    system = (await compileFixture('responsive')).system as CompiledDesignSystem;
    swift = iosFiles(system).get('Tokens.swift') ?? '';
  });

  it('parses without a syntax error', () => {
    expect(syntaxErrors(parseSwift(swift))).toEqual([]);
  });

  it('has a theme per breakpoint and mode holding every token that changes with mode or breakpoint, at its value there', () => {
    const declared = tokenDeclarations(swift);
    const expected = new Map<string, unknown>();
    for (const token of system.tokens) {
      const values = BREAKPOINTS.flatMap(([prefix, breakpoint]) => {
        const there = systemAtBreakpoint(system, breakpoint).tokens.find((at) => at.key === token.key);
        return system.modes.map(
          ({ name }) =>
            [
              `${themeOf(`${prefix}${name}`)}.${flatNameOf(token.key)}`,
              expectedValue(token, there?.resolved[name] ?? token.resolved.light),
            ] as const,
        );
      });
      if (new Set(values.map(([, value]) => JSON.stringify(value))).size > 1) for (const [path, value] of values) expected.set(path, value);
    }
    const themes = new Map([...declared].filter(([path]) => /^[A-Za-z0-9]+Theme\./.test(path)));
    expect(Object.fromEntries(themes)).toEqual(Object.fromEntries(expected));
    expect(themes.get('LgDarkTheme.spaceInset')).toBe(14);
    expect(themes.get('MdLightTheme.spaceGutter')).toBe(24);
    // The namespace keeps the light values below the first breakpoint.
    expect(declared.get('Tokens.Space.gutter')).toBe(16);
  });

  it('writes the widths in points, the themes by breakpoint and a lookup by width, mobile first', () => {
    expect(swift).toContain(
      '  public static let breakpoints: [(name: Swift.String, width: CGFloat)] = [\n    ("md", 768),\n    ("lg", 1024),\n  ]\n',
    );
    expect(swift).toContain('    "md": ["light": MdLightTheme(), "dark": MdDarkTheme(), "dark-dimmed": MdDarkDimmedTheme()],\n');
    expect(swift).toContain('    let name = breakpoints.last(where: { width >= $0.width })?.name ?? "base"\n');
  });
});
