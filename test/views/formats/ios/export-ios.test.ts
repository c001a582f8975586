import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { OUTPUT_FORMATS } from '../../../../src/views/formats/output-formats.js';
import { compileExample, compileFiles, compileKitchenSink } from '../../../helpers/fixtures.js';
import { expectedDeclarations, iosFiles, readCatalog, tokenDeclarations } from '../../../helpers/native-read-back/ios.js';
import { NATIVE_TOOLS_AVAILABLE } from '../../../helpers/native-tools.js';

const ios = OUTPUT_FORMATS.ios;

/** Checks every color set of a system against the schema and each mode's color; returns how many were checked. */
function checkCatalog(system: CompiledDesignSystem, files: ReadonlyMap<string, string>): number {
  const { problems, actual, expected, colorSets } = readCatalog(system, files);
  expect(problems).toEqual([]);
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  return colorSets;
}

describe.skipIf(!NATIVE_TOOLS_AVAILABLE)('iOS export, read back by tree-sitter-swift and a schema of Xcode’s asset catalog', () => {
  it.each([
    ['acme', () => compileExample('acme'), 60],
    ['harbor', () => compileExample('harbor'), 25],
    ['kitchen-sink', compileKitchenSink, 5],
  ] as const)('%s: every value of every mode in Tokens.swift and every color set equals the API’s', async (_name, compile, colors) => {
    const system = await compile();
    const files = iosFiles(system);
    const paths = [...files.keys()];
    expect(paths).toEqual([...paths].sort());
    expect(paths.filter((path) => !path.endsWith('.colorset/Contents.json'))).toEqual(['Tokens.swift', 'Tokens.xcassets/Contents.json']);
    expect(checkCatalog(system, files)).toBe(colors);
    expect(paths).toHaveLength(colors + 2);
    // A standalone em letter spacing has no size on iOS: left out, and the lint says so (acme has eight).
    const leftOut = new Set(
      (ios.lint?.(system) ?? []).filter((diagnostic) => diagnostic.rule === 'ios-value-left-out').map((diagnostic) => diagnostic.token),
    );
    const actual = tokenDeclarations(files.get('Tokens.swift') ?? '');
    const expected = expectedDeclarations(system, leftOut);
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
    expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
  });

  it('maps harbor’s five modes: four appearances in the catalog, every mode a theme type behind `TokenTheme`', async () => {
    const harbor = await compileExample('harbor');
    const swift = iosFiles(harbor).get('Tokens.swift') ?? '';
    for (const line of [
      'public protocol TokenTheme: Sendable {',
      'public struct LightTheme: TokenTheme {',
      'public struct DarkTheme: TokenTheme {',
      'public struct DarkDimmedTheme: TokenTheme {',
      'public struct LightHighContrastTheme: TokenTheme {',
      'public struct DarkHighContrastTheme: TokenTheme {',
      '  public static let darkDimmed = DarkDimmedTheme()',
      '    "dark-dimmed": darkDimmed,',
      '    @available(*, deprecated, renamed: "Tokens.Button.Primary.bg", message: "Buttons follow the semantic button tokens. (Deprecated since 2026-10-01.)")',
      '    public static let accentBg: SwiftUI.Color = TokenCatalog.color("ButtonAccentBg")',
      'extension Tokens.Button {',
      '  public static var accentBgUIColor: UIKit.UIColor { TokenCatalog.uiColor("ButtonAccentBg") }',
    ])
      expect(swift).toContain(line);
    expect(ios.lint?.(harbor)).toEqual([]);
    const acme = iosFiles(await compileExample('acme')).get('Tokens.swift') ?? '';
    expect(acme).toContain('    /// Disabled controls.\n    public static let disabled: Swift.Double = 0.4\n');
  });

  it('leaves out an em or % length with a lint warning, and gives keywords, leading digits and clashes valid names', () => {
    // Compiled with the compiler's own warning on the clash (the CSS names clash too).
    const { system } = compileFiles('names', [
      ['names/system.yaml', 'name: Names\n'],
      [
        'names/tokens.yaml',
        [
          'tokens:',
          '  size.em: { type: dimension, value: 2, unit: em }',
          '  size.half: { type: dimension, value: 50, unit: "%" }',
          '  size.auto: { type: dimension, value: auto }',
          '  spacing.default: { type: spacing, value: 8 }',
          '  spacing.class: { type: spacing, value: 12 }',
          '  spacing.2xl: { type: spacing, value: 40 }',
          '  spacing.self: { type: spacing, value: 2 }',
          '  spacing.inset: { type: spacing, value: [8, 16] }',
          '  spacing.line-height: { type: spacing, value: 20 }',
          '  spacing.lineHeight: { type: spacing, value: 24 }',
          '  2xl.gap: { type: spacing, value: 1.5, unit: rem }',
          '  type.scale: { type: opacity, value: 0.5 }',
          '  protocol.default: { type: boolean, value: true }',
          '  text.body:',
          '    type: typography',
          '    fontFamily: "Inter, sans-serif"',
          '    fontSize: 1.25rem',
          '    fontWeight: 650',
          '    lineHeight: 1.5',
          '    letterSpacing: -0.02em',
          '    description: "Body text: \\"quoted\\", \\\\ and a \\\\(interpolation)."',
          '',
        ].join('\n'),
      ],
    ]);
    if (system === undefined) throw new Error('names does not compile');
    expect(ios.lint?.(system)).toEqual([
      {
        token: 'size.auto',
        rule: 'ios-value-left-out',
        severity: 'warning',
        message: '`size.auto` is `auto` in light: a keyword has no value on iOS, so the iOS export leaves the token out',
      },
      {
        token: 'size.em',
        rule: 'ios-value-left-out',
        severity: 'warning',
        message:
          '`size.em` is `2em` in light: an `em` length has no size off the web (iOS takes px and rem), so the iOS export leaves the token out',
      },
      {
        token: 'size.half',
        rule: 'ios-value-left-out',
        severity: 'warning',
        message:
          '`size.half` is `50%` in light: a `%` length has no size off the web (iOS takes px and rem), so the iOS export leaves the token out',
      },
      {
        token: 'spacing.lineHeight',
        rule: 'ios-name-clash',
        severity: 'warning',
        message:
          '`spacing.lineHeight` and `spacing.line-height` get the same Swift name `Tokens.Spacing.lineHeight`: the iOS export keeps `spacing.line-height` (first in key order) and leaves this one out',
      },
    ]);
    const swift = iosFiles(system).get('Tokens.swift') ?? '';
    const declarations = tokenDeclarations(swift);
    expect(Object.fromEntries([...declarations].filter(([path]) => path.startsWith('Tokens.')))).toEqual({
      'Tokens._2xl.gap': 24,
      'Tokens.Protocol_.default': true,
      'Tokens.Spacing._2xl': 40,
      'Tokens.Spacing.class': 12,
      'Tokens.Spacing.default': 8,
      'Tokens.Spacing.inset': { fn: 'SwiftUI.EdgeInsets', args: { top: 8, leading: 16, bottom: 8, trailing: 16 } },
      'Tokens.Spacing.lineHeight': 20,
      'Tokens.Spacing.self_': 2,
      'Tokens.Text.body': {
        fn: 'TokenTypography',
        args: { fontFamily: ['Inter', 'sans-serif'], fontSize: 20, fontWeight: { member: 'bold' }, lineHeight: 30, letterSpacing: -0.4 },
      },
      'Tokens.Type_.scale': 0.5,
    });
    for (const line of [
      '  public enum _2xl {',
      '  public enum Protocol_ {',
      '    public static let `default`: Swift.Bool = true',
      '    public static let `class`: CoreGraphics.CGFloat = 12',
      '    public static let _2xl: CoreGraphics.CGFloat = 40',
      '    /// Body text: "quoted", \\ and a \\(interpolation).',
      '    /// Font weight 650 in the design system: the nearest iOS weight, `.bold`.',
    ])
      expect(swift).toContain(line);
  });
});
