import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { OUTPUT_FORMATS } from '../../../../src/views/formats/output-formats.js';
import { bearer, buildExampleApp, DEMO_KEY } from '../../../helpers/app.js';
import { compileExample, compileFiles, compileKitchenSink } from '../../../helpers/fixtures.js';
import { call, modeConstants, readFlutter, ref } from '../../../helpers/native-read-back/flutter.js';
import { NATIVE_TOOLS_AVAILABLE, parseDart, syntaxErrors } from '../../../helpers/native-tools.js';
import { compileSystem } from '../../modes-fixture.js';

// Issue 26, item 4: Flutter. No Dart SDK installs here: tree-sitter-dart parses the file, and every value is read back
// from the syntax tree and compared with the design system's resolved value in every mode.

const flutter = OUTPUT_FORMATS.flutter;
const HARBOR_KEY = 'dts_harbor_demo_key';

/**
 * Checks a Flutter file against a design system: it parses without an error, it has one constant per mode, and every
 * token Flutter can hold is a field whose value in each mode's constant is the resolved value; the others are left out
 * and named by the format's lint.
 */
async function expectEveryValue(system: CompiledDesignSystem, dart: string): Promise<void> {
  const read = await readFlutter(system, dart);
  expect(read.problems).toEqual([]);
  expect(read.constants).toEqual(read.expectedConstants);
  expect(read.fields).toEqual(read.expectedFields);
  expect(
    (flutter.lint?.(system) ?? []).filter((problem) => problem.rule === 'flutter-value-left-out').map((problem) => problem.token),
  ).toEqual(read.leftOut);
  expect(Object.fromEntries(read.actual)).toEqual(Object.fromEntries(read.expected));
}

// ---------------------------------------------------------------------------------------------------------------

/** A system with every value kind Flutter holds or leaves out, keys Dart cannot take as they are, and hostile text. */
const EDGE_FILES: Readonly<Record<string, string>> = {
  'edge/system.yaml': 'name: Edge\nmodes:\n  dark-high-contrast: { base: dark, media: "(prefers-contrast: more)" }\n',
  'edge/tokens.yaml': [
    'tokens:',
    '  class: { type: color, color: "#112233" }',
    '  default: { type: dimension, value: 4, unit: px }',
    '  new: { type: duration, value: 150 }',
    '  2xl.gap: { type: spacing, value: 40 }',
    '  light: { type: opacity, value: 0.5 }',
    '  copy-with: { type: boolean, value: true }',
    '  size.indent: { type: dimension, value: 2, unit: em }',
    '  size.prose: { type: dimension, value: 65, unit: ch }',
    '  font.stack:',
    '    type: font.family',
    `    value: '"It''s $money", serif'`,
    '    description: "Line one with $dollar and \\\\backslash.\\nLine two */ ends."',
    '  font.lineHeight.ratio: { type: font.lineHeight, value: 150, unit: "%" }',
    '  font.letterSpacing.px: { type: font.letterSpacing, value: 0.5, unit: px }',
    '  font.letterSpacing.em: { type: font.letterSpacing, value: 0.02 }',
    '  font.weight.half: { type: font.weight, value: 650 }',
    '  text.caption: { type: typography, fontSize: 0.75rem }',
    '  text.label: { type: typography, fontFamily: Inter, fontSize: 12px, fontWeight: 500, lineHeight: 18px, letterSpacing: 0.1em }',
    '  text.relative: { type: typography, fontFamily: Inter, fontSize: 1.5em }',
    '  space.inset: { type: spacing, value: [8, 16], modes: { dark: { value: 12 } } }',
    '  space.auto: { type: spacing, value: [0, auto] }',
    '  shadow.flat: { type: shadow, value: none, modes: { dark: { layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "#00000033" }] } } }',
    '  shadow.inner: { type: shadow, layers: [{ x: 0, y: 1, blur: 2, spread: 0, color: "#00000033", inset: true }] }',
    '  border.none: { type: border, value: none, modes: { dark: { width: 0.125rem, style: solid, color: "#0969DA" } } }',
    '  border.dashed: { type: border, width: 1px, style: dashed, color: "#0969DA" }',
    '  stroke.solid: { type: strokeStyle, value: solid }',
    '  stroke.dotted: { type: strokeStyle, value: dotted }',
    '  gradient.fade:',
    '    type: gradient',
    '    angle: 90',
    '    stops: [{ color: "#000000", position: 0 }, { color: "#FFFFFF80", position: 1 }]',
    '    modes: { dark-high-contrast: { value: none } }',
    '  motion.enter: { type: transition, duration: 0.2s, delay: 50ms, timingFunction: "cubic-bezier(0.4, 0, 0.2, 1)" }',
    '  z-index.top: { type: z-index, value: 10 }',
    '  old.gap:',
    '    type: spacing',
    '    value: 4',
    `    deprecated: { message: "Too small, isn't it? Costs $1.", replacement: 2xl.gap, since: 2026-01-01 }`,
    '',
  ].join('\n'),
};

describe.skipIf(!NATIVE_TOOLS_AVAILABLE)('Flutter export: parsed by tree-sitter-dart, every value in every mode', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildExampleApp());
  });
  afterAll(async () => {
    await app.close();
  });

  /** The Flutter file of the design system a key reads, from the route. */
  async function served(key: string): Promise<string> {
    const response = await app.inject({ method: 'GET', url: '/api/v1/export/flutter', headers: bearer(key) });
    expect([response.statusCode, response.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    return response.body;
  }

  it('acme (light, dark): every value of the route’s file in both modes', async () => {
    await expectEveryValue(await compileExample('acme'), await served(DEMO_KEY));
  });

  it('harbor (5 modes): every value of the route’s file in every mode', async () => {
    await expectEveryValue(await compileExample('harbor'), await served(HARBOR_KEY));
  });

  it('the kitchen sink: every value in both modes', async () => {
    const system = await compileKitchenSink();
    await expectEveryValue(system, flutter.render(system, flutter.readOptions({})));
  });

  it('the edge system: every value in every mode, and what Flutter cannot hold left out', async () => {
    const system = compileSystem('edge', EDGE_FILES);
    await expectEveryValue(system, flutter.render(system, {}));
  });

  it('harbor, checked by hand: a typography’s em tracking and rem line height, alpha bytes, the four MaterialApp slots', async () => {
    const dart = await served(HARBOR_KEY);
    const constants = modeConstants(await parseDart(dart));
    expect(constants.get('light')?.['typographyHeading']).toEqual(
      call('TextStyle', [], {
        fontFamily: '-apple-system',
        fontFamilyFallback: ['Segoe UI', 'Noto Sans', 'Helvetica', 'Arial', 'sans-serif'],
        fontSize: 20, // 1.25rem
        fontWeight: ref('FontWeight.w600'),
        height: 1.4, // 1.75rem = 28 / 20
        leadingDistribution: ref('TextLeadingDistribution.even'),
        letterSpacing: -0.2, // -0.01em x 20
      }),
    );
    expect(constants.get('light')?.['colorDangerMuted']).toEqual(call('Color', [0x1acf222e])); // alpha 0.1: byte round(25.5)
    expect(constants.get('dark')?.['colorFocusRing']).toEqual(call('Color', [0xff1f6feb]));
    expect(constants.get('darkHighContrast')?.['radiusCard']).toEqual(0);
    expect(constants.get('lightHighContrast')?.['fontWeightBody']).toEqual(ref('FontWeight.w500'));
    expect(dart).toContain('\n  static final ThemeData theme = light.applyTo(ThemeData(brightness: Brightness.light));\n');
    expect(dart).toContain('\n  static final ThemeData darkTheme = dark.applyTo(ThemeData(brightness: Brightness.dark));\n');
    expect(dart).toContain(
      '\n  static final ThemeData highContrastTheme = lightHighContrast.applyTo(ThemeData(brightness: Brightness.light));\n',
    );
    expect(dart).toContain(
      '\n  static final ThemeData highContrastDarkTheme = darkHighContrast.applyTo(ThemeData(brightness: Brightness.dark));\n',
    );
    expect(dart).toContain(
      "\n  @Deprecated('Buttons follow the semantic button tokens. Use buttonPrimaryBg instead. Deprecated since 2026-10-01.')\n  final Color buttonAccentBg;\n",
    );
    // dark-dimmed is no appearance: switched in code, by name or by its constant.
    expect(dart).toContain("\n    'dark-dimmed': darkDimmed,\n");
  });

  it('acme: no high-contrast mode, so MaterialApp’s high-contrast slots are null (it then shows theme and darkTheme)', async () => {
    const dart = await served(DEMO_KEY);
    expect(dart).toContain('\n  static const ThemeData? highContrastTheme = null;\n');
    expect(dart).toContain('\n  static const ThemeData? highContrastDarkTheme = null;\n');
  });

  it('tree-sitter-dart flags real errors (negative controls)', async () => {
    const system = compileSystem('edge', EDGE_FILES);
    const dart = flutter.render(system, {});
    // A missing parenthesis, an unclosed string, a field without its type's semicolon.
    const broken = [
      dart.replace('Color(0xFF112233)', 'Color(0xFF112233'),
      dart.replace("'Inter'", "'Inter"),
      dart.replace('final Color class$;', 'final Color class$'),
    ];
    for (const text of broken) {
      expect(text).not.toBe(dart);
      expect(syntaxErrors(await parseDart(text))).not.toEqual([]);
    }
  });

  it('every copyWith parameter and lerp argument is the field’s own, lerped by its type', async () => {
    const system = compileSystem('edge', EDGE_FILES);
    const dart = flutter.render(system, {});
    const lerp = dart.slice(dart.indexOf('  DesignTokens lerp('));
    const copyWith = dart.slice(dart.indexOf('  DesignTokens copyWith('), dart.indexOf('  DesignTokens lerp('));
    const expected: Record<string, [string, string]> = {
      class$: ['Color', 'Color.lerp(class$, other.class$, t)!'],
      default$: ['double', 'lerpDouble(default$, other.default$, t)!'],
      new$: ['Duration', 't < 0.5 ? new$ : other.new$'],
      $2xlGap: ['double', 'lerpDouble($2xlGap, other.$2xlGap, t)!'],
      light$: ['double', 'lerpDouble(light$, other.light$, t)!'],
      copyWith$: ['bool', 't < 0.5 ? copyWith$ : other.copyWith$'],
      fontStack: ['List<String>', 't < 0.5 ? fontStack : other.fontStack'],
      fontWeightHalf: ['FontWeight', 'FontWeight.lerp(fontWeightHalf, other.fontWeightHalf, t)!'],
      textCaption: ['TextStyle', 'TextStyle.lerp(textCaption, other.textCaption, t)!'],
      spaceInset: ['EdgeInsets', 'EdgeInsets.lerp(spaceInset, other.spaceInset, t)!'],
      shadowFlat: ['List<BoxShadow>', 'BoxShadow.lerpList(shadowFlat, other.shadowFlat, t)!'],
      borderNone: ['BorderSide', 'BorderSide.lerp(borderNone, other.borderNone, t)'],
      strokeSolid: ['BorderStyle', 't < 0.5 ? strokeSolid : other.strokeSolid'],
      gradientFade: ['LinearGradient?', 'LinearGradient.lerp(gradientFade, other.gradientFade, t)'],
      motionEnter: ['DesignTokensTransition', 't < 0.5 ? motionEnter : other.motionEnter'],
      zIndexTop: ['int', 't < 0.5 ? zIndexTop : other.zIndexTop'],
    };
    for (const [name, [type, lerped]] of Object.entries(expected)) {
      expect(dart).toContain(`\n  final ${type} ${name};\n`);
      expect(copyWith).toContain(`\n    ${type.endsWith('?') ? type : `${type}?`} ${name},\n`);
      expect(copyWith).toContain(`\n      ${name}: ${name} ?? this.${name},\n`);
      expect(lerp).toContain(`\n      ${name}: ${lerped},\n`);
    }
  });

  it('strings keep quotes, dollars and backslashes; descriptions become /// lines; deprecations name the Dart field', async () => {
    const system = compileSystem('edge', EDGE_FILES);
    const dart = flutter.render(system, {});
    expect(modeConstants(await parseDart(dart)).get('light')?.['fontStack']).toEqual(["It's $money", 'serif']);
    expect(dart).toContain('\n  /// Line one with $dollar and \\backslash.\n  /// Line two */ ends.\n  final List<String> fontStack;\n');
    expect(dart).toContain(
      "\n  @Deprecated('Too small, isn\\'t it? Costs \\$1. Use \\$2xlGap instead. Deprecated since 2026-01-01.')\n  final double oldGap;\n",
    );
  });
});

describe('Flutter names and lint', () => {
  it('escapes Dart’s reserved words and the class’s own members with a `$` after, a leading digit with a `$` before', () => {
    const system = compileSystem('edge', EDGE_FILES);
    const dart = flutter.render(system, {});
    for (const field of ['class$', 'default$', 'new$', '$2xlGap', 'light$', 'copyWith$'])
      expect(dart).toContain(`\n    required this.${field},\n`);
    for (const keyword of ['class', 'default', 'new']) expect(dart).not.toMatch(new RegExp(`\\n  final \\S+ ${keyword};`));
  });

  it('leaves out what Flutter cannot hold and says why: an em length, a keyword, an inset shadow, a dashed border', () => {
    const system = compileSystem('edge', EDGE_FILES);
    const leftOut = (flutter.lint?.(system) ?? []).filter((problem) => problem.rule === 'flutter-value-left-out');
    expect(leftOut).toEqual([
      {
        token: 'border.dashed',
        rule: 'flutter-value-left-out',
        severity: 'warning',
        message: '`border.dashed` is left out of the Flutter export: Flutter draws no `dashed` border (only `solid` and `none`)',
      },
      {
        token: 'font.letterSpacing.em',
        rule: 'flutter-value-left-out',
        severity: 'warning',
        message:
          '`font.letterSpacing.em` is left out of the Flutter export: `0.02em` has no fixed size in Flutter (it takes logical pixels: px, or rem x 16)',
      },
      {
        token: 'shadow.inner',
        rule: 'flutter-value-left-out',
        severity: 'warning',
        message: '`shadow.inner` is left out of the Flutter export: Flutter’s BoxShadow has no inset shadow',
      },
      {
        token: 'size.indent',
        rule: 'flutter-value-left-out',
        severity: 'warning',
        message:
          '`size.indent` is left out of the Flutter export: `2em` has no fixed size in Flutter (it takes logical pixels: px, or rem x 16)',
      },
      {
        token: 'size.prose',
        rule: 'flutter-value-left-out',
        severity: 'warning',
        message:
          '`size.prose` is left out of the Flutter export: `65ch` has no fixed size in Flutter (it takes logical pixels: px, or rem x 16)',
      },
      {
        token: 'space.auto',
        rule: 'flutter-value-left-out',
        severity: 'warning',
        message: '`space.auto` is left out of the Flutter export: `auto` is a CSS keyword with no Flutter value',
      },
      {
        token: 'stroke.dotted',
        rule: 'flutter-value-left-out',
        severity: 'warning',
        message: '`stroke.dotted` is left out of the Flutter export: Flutter draws no `dotted` border (only `solid` and `none`)',
      },
      {
        token: 'text.relative',
        rule: 'flutter-value-left-out',
        severity: 'warning',
        message:
          '`text.relative` is left out of the Flutter export: its font size `1.5em` has no fixed size in Flutter (it takes logical pixels: px, or rem x 16)',
      },
    ]);
  });

  it('reports two tokens with one Dart name as `flutter-name-clash`; the first in key order keeps it', () => {
    const { system, diagnostics } = compileFiles('clash', [
      ['clash/system.yaml', 'name: Clash\n'],
      [
        'clash/tokens.yaml',
        'tokens:\n  font.line-height: { type: font.lineHeight, value: 1.4 }\n  font.lineHeight: { type: font.lineHeight, value: 1.5 }\n',
      ],
    ]);
    // The CSS name clash of the two keys is the CSS row's lint, which `validate` runs: not the compiler's.
    expect(diagnostics).toEqual([]);
    if (system === undefined) throw new Error('clash does not compile');
    expect(flutter.lint?.(system)).toEqual([
      {
        token: 'font.lineHeight',
        rule: 'flutter-name-clash',
        severity: 'warning',
        message:
          '`font.lineHeight` and `font.line-height` get the same Dart name `fontLineHeight`: the Flutter export keeps `font.line-height` (first in key order) and leaves this one out',
      },
    ]);
    const dart = flutter.render(system, {});
    expect(dart).toContain('\n  final double fontLineHeight;\n');
    expect(dart).toContain('\n    fontLineHeight: 1.4,\n');
  });

  it('a tiny system, whole: the file as written', () => {
    const system = compileSystem('tiny', {
      'tiny/system.yaml': 'name: Tiny\n',
      'tiny/tokens.yaml': [
        'tokens:',
        '  color.brand: { type: color, color: "#2563EB", description: The brand., modes: { dark: { color: "#60A5FA80" } } }',
        '  space.md: { type: spacing, value: 1, unit: rem }',
        '',
      ].join('\n'),
    });
    expect(flutter.render(system, {})).toBe(
      [
        '// Design tokens of tiny. Generated by design-token-server; do not edit.',
        '//',
        '// MaterialApp(',
        '//   theme: DesignTokens.theme,',
        '//   darkTheme: DesignTokens.darkTheme,',
        '//   highContrastTheme: DesignTokens.highContrastTheme,',
        '//   highContrastDarkTheme: DesignTokens.highContrastDarkTheme,',
        '// )',
        '//',
        '// A value: `DesignTokens.of(context).colorBrand`. Another mode: `DesignTokens.dark.applyTo(Theme.of(context))`.',
        '',
        "import 'dart:ui' show lerpDouble;",
        '',
        "import 'package:flutter/material.dart';",
        '',
        '/// The design tokens of Tiny as a [ThemeExtension]: one constant per mode ([light], [dark]).',
        '@immutable',
        'class DesignTokens extends ThemeExtension<DesignTokens> {',
        '  const DesignTokens({',
        '    required this.colorBrand,',
        '    required this.spaceMd,',
        '  });',
        '',
        '  /// The brand.',
        '  final Color colorBrand;',
        '',
        '  final double spaceMd;',
        '',
        '  /// The mode `light`.',
        '  static const DesignTokens light = DesignTokens(',
        '    colorBrand: Color(0xFF2563EB),',
        '    spaceMd: 16.0,',
        '  );',
        '',
        '  /// The mode `dark`.',
        '  static const DesignTokens dark = DesignTokens(',
        '    colorBrand: Color(0x8060A5FA),',
        '    spaceMd: 16.0,',
        '  );',
        '',
        '  /// Every mode by its name in `system.yaml`.',
        '  static const Map<String, DesignTokens> modes = <String, DesignTokens>{',
        "    'light': light,",
        "    'dark': dark,",
        '  };',
        '',
        '  /// `MaterialApp.theme`: the mode `light`.',
        '  static final ThemeData theme = light.applyTo(ThemeData(brightness: Brightness.light));',
        '',
        '  /// `MaterialApp.darkTheme`: the mode `dark`.',
        '  static final ThemeData darkTheme = dark.applyTo(ThemeData(brightness: Brightness.dark));',
        '',
        '  /// `MaterialApp.highContrastTheme`: no mode is light high contrast (`media: "(prefers-contrast: more)"` on light).',
        '  static const ThemeData? highContrastTheme = null;',
        '',
        '  /// `MaterialApp.highContrastDarkTheme`: no mode is dark high contrast (`media: "(prefers-contrast: more)"` on dark).',
        '  static const ThemeData? highContrastDarkTheme = null;',
        '',
        '  /// The tokens of the nearest [Theme], or [light] when it has none.',
        '  static DesignTokens of(BuildContext context) => Theme.of(context).extension<DesignTokens>() ?? light;',
        '',
        '  /// [base] with these tokens as its [DesignTokens] extension.',
        '  ThemeData applyTo(ThemeData base) =>',
        '      base.copyWith(extensions: <ThemeExtension<dynamic>>[...base.extensions.values, this]);',
        '',
        '  @override',
        '  DesignTokens copyWith({',
        '    Color? colorBrand,',
        '    double? spaceMd,',
        '  }) {',
        '    return DesignTokens(',
        '      colorBrand: colorBrand ?? this.colorBrand,',
        '      spaceMd: spaceMd ?? this.spaceMd,',
        '    );',
        '  }',
        '',
        '  @override',
        '  DesignTokens lerp(covariant ThemeExtension<DesignTokens>? other, double t) {',
        '    if (other is! DesignTokens) return this;',
        '    return DesignTokens(',
        '      colorBrand: Color.lerp(colorBrand, other.colorBrand, t)!,',
        '      spaceMd: lerpDouble(spaceMd, other.spaceMd, t)!,',
        '    );',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('a system without tokens still parses: no empty parameter lists', async () => {
    const system = compileSystem('empty', { 'empty/system.yaml': 'name: Empty\n' });
    const dart = flutter.render(system, {});
    expect(dart).toContain('\n  const DesignTokens();\n');
    expect(dart).toContain('\n  static const DesignTokens light = DesignTokens();\n');
    expect(dart).not.toContain("import 'dart:ui'");
    if (NATIVE_TOOLS_AVAILABLE) expect(syntaxErrors(await parseDart(dart))).toEqual([]);
  });

  it('is the registry row `flutter`: `tokens.dart`, no parameters', () => {
    expect([flutter.path, flutter.contentType, flutter.parameters, flutter.examples, flutter.fileName({})]).toEqual([
      '/export/flutter',
      'text/plain; charset=utf-8',
      {},
      [''],
      'tokens.dart',
    ]);
  });
});
