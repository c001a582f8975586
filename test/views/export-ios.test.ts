import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem, Dimension, Rgba, Token, TypedValue } from '../../src/compile/types.js';
import { nativeModes, toDensityIndependent } from '../../src/views/native-appearance.js';
import type { OutputFile } from '../../src/views/output-format.js';
import { OUTPUT_FORMATS } from '../../src/views/output-formats.js';
import { compileExample, compileFiles, compileKitchenSink } from '../helpers/fixtures.js';
import { NATIVE_TOOLS_AVAILABLE, parseSwift, syntaxErrors } from '../helpers/native-tools.js';
import type { SyntaxNode } from '../helpers/native-tools.js';

const ios = OUTPUT_FORMATS.ios;

/** The files of the iOS export by path (the manifest's order is checked apart). */
function iosFiles(system: CompiledDesignSystem): Map<string, string> {
  const files: readonly OutputFile[] = ios.files?.(system, ios.readOptions({})) ?? [];
  return new Map(files.map((file) => [file.path, file.render()]));
}

// ---------------------------------------------------------------------------------------------------------------------
// Xcode's asset catalog format, as a JSON Schema written from Apple's "Asset Catalog Format Reference" (Catalog Type,
// Named Color Type, and the `appearances`, `idiom`, `display-gamut` and `color-space` slots of Image Set Type).
// ---------------------------------------------------------------------------------------------------------------------

const INFO = {
  type: 'object',
  required: ['author', 'version'],
  additionalProperties: false,
  properties: { author: { type: 'string', minLength: 1 }, version: { const: 1 } },
};

/** A component: a number from 0 to 1, or as Xcode writes it, a string: a decimal from 0 to 1, `0xHH`, or 0 to 255. */
const COMPONENT = {
  oneOf: [
    { type: 'number', minimum: 0, maximum: 1 },
    { type: 'string', pattern: '^(0(\\.[0-9]+)?|1(\\.0+)?|0x[0-9A-Fa-f]{2}|[0-9]{1,2}|1[0-9]{2}|2[0-4][0-9]|25[0-5])$' },
  ],
};

const APPEARANCE = {
  oneOf: [
    {
      type: 'object',
      required: ['appearance', 'value'],
      additionalProperties: false,
      properties: { appearance: { const: 'luminosity' }, value: { enum: ['light', 'dark'] } },
    },
    {
      type: 'object',
      required: ['appearance', 'value'],
      additionalProperties: false,
      properties: { appearance: { const: 'contrast' }, value: { const: 'high' } },
    },
  ],
};

const CATALOG_SCHEMA = { type: 'object', additionalProperties: false, properties: { info: INFO } };

const COLOR_SET_SCHEMA = {
  type: 'object',
  required: ['colors', 'info'],
  additionalProperties: false,
  properties: {
    info: INFO,
    properties: { type: 'object', properties: { localizable: { type: 'boolean' } } },
    colors: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['idiom', 'color'],
        additionalProperties: false,
        properties: {
          idiom: { enum: ['universal', 'iphone', 'ipad', 'mac', 'tv', 'watch', 'car', 'vision'] },
          'display-gamut': { enum: ['sRGB', 'display-P3'] },
          appearances: { type: 'array', minItems: 1, maxItems: 2, items: APPEARANCE },
          color: {
            type: 'object',
            required: ['color-space', 'components'],
            additionalProperties: false,
            properties: {
              'color-space': { enum: ['srgb', 'display-p3', 'extended-srgb', 'extended-linear-srgb', 'gray-gamma-22', 'extended-gray'] },
              components: {
                type: 'object',
                required: ['red', 'green', 'blue', 'alpha'],
                additionalProperties: false,
                properties: { red: COMPONENT, green: COMPONENT, blue: COMPONENT, alpha: COMPONENT },
              },
            },
          },
        },
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true, strict: true });
const validateCatalog = ajv.compile(CATALOG_SCHEMA);
const validateColorSet = ajv.compile(COLOR_SET_SCHEMA);

interface ColorSet {
  readonly colors: readonly {
    readonly appearances?: readonly { readonly appearance: string; readonly value: string }[];
    readonly color: { readonly 'color-space': string; readonly components: Readonly<Record<string, string>> };
    readonly idiom: string;
  }[];
}

// ---------------------------------------------------------------------------------------------------------------------
// Values read out of Tokens.swift's syntax tree.
// ---------------------------------------------------------------------------------------------------------------------

/** A Swift expression as the test reads it: a literal, an array, a call with its labelled arguments, `.member`. */
type SwiftValue = number | string | boolean | readonly SwiftValue[] | { fn: string; args: Record<string, SwiftValue> } | { member: string };

const field = (node: SyntaxNode, type: string): SyntaxNode | undefined => node.namedChildren.find((child) => child.type === type);

/** The value of an expression node; anything the export should not write (an interpolation, an operator) throws. */
function evaluate(node: SyntaxNode): SwiftValue {
  switch (node.type) {
    case 'integer_literal':
    case 'real_literal':
      return Number(node.text);
    case 'boolean_literal':
      return node.text === 'true';
    case 'line_string_literal':
      return node.children
        .slice(1, -1)
        .map((part) => {
          if (part.type === 'line_str_text') return part.text;
          if (part.type === 'str_escaped_char')
            return JSON.parse(
              `"${part.text.replace(/^\\u\{([0-9a-f]+)\}$/i, (_, hex: string) => `\\u${hex.padStart(4, '0')}`)}"`,
            ) as string;
          throw new Error(`unexpected ${part.type} in a string: ${part.text}`);
        })
        .join('');
    case 'array_literal':
      return node.namedChildren.map(evaluate);
    case 'prefix_expression': {
      const [operator, operand] = node.children;
      if (operator?.text === '-' && operand !== undefined) return -(evaluate(operand) as number);
      if (operator?.text === '.' && operand !== undefined) return { member: operand.text };
      throw new Error(`unexpected prefix expression ${node.text}`);
    }
    case 'call_expression': {
      const [callee, suffix] = node.namedChildren;
      const args: Record<string, SwiftValue> = {};
      const list = suffix === undefined ? undefined : field(suffix, 'value_arguments');
      (list?.namedChildren ?? []).forEach((argument, index) => {
        const label = field(argument, 'value_argument_label');
        const value = argument.namedChildren.at(-1);
        if (value === undefined) throw new Error(`argument without a value: ${argument.text}`);
        args[label === undefined ? `_${index}` : label.text] = evaluate(value);
      });
      return { fn: callee?.text ?? '', args };
    }
    default:
      throw new Error(`unexpected ${node.type}: ${node.text}`);
  }
}

/** Every stored property with a value in the types of the file (not in function bodies), by `Type.Nested.name`. */
function declarationsOf(root: SyntaxNode): Map<string, SwiftValue> {
  const declarations = new Map<string, SwiftValue>();
  const visit = (node: SyntaxNode, path: readonly string[]): void => {
    for (const child of node.namedChildren) {
      if (child.type === 'class_declaration') {
        const name = field(child, 'type_identifier')?.text ?? '';
        const body = child.namedChildren.find((part) => part.type === 'enum_class_body' || part.type === 'class_body');
        // The token values: `Tokens` and the theme types (not the structs, the catalog's bundle or `TokenThemes`).
        const read = path.length > 0 || name === 'Tokens' || /Theme_?$/.test(name);
        if (body !== undefined && read) visit(body, [...path, unescape(name)]);
      } else if (child.type === 'property_declaration' && path.length > 0) {
        const name = field(field(child, 'pattern') ?? child, 'simple_identifier')?.text;
        const value = child.namedChildren.at(-1);
        const key = [...path, unescape(name ?? '')].join('.');
        if (value === undefined || value.type === 'computed_property' || value.type === 'type_annotation') continue;
        if (declarations.has(key)) throw new Error(`${key} declared twice`);
        declarations.set(key, evaluate(value));
      }
    }
  };
  visit(root, []);
  return declarations;
}

const unescape = (name: string): string => name.replace(/^`(.*)`$/, '$1');

// ---------------------------------------------------------------------------------------------------------------------
// What the API's values must become, each conversion written out here (the oracle).
// ---------------------------------------------------------------------------------------------------------------------

const WORDS = (segment: string): string[] =>
  segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[-_ ]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
const capitalized = (word: string): string => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
const digitSafe = (name: string): string => (/^[0-9]/.test(name) ? `_${name}` : name);
/** `color.fg.on-emphasis` -> `Tokens.Color.Fg.onEmphasis`. */
const swiftPathOf = (key: string): string => {
  const segments = key.split('.');
  const groups = segments.slice(0, -1).map((segment) => digitSafe(WORDS(segment).map(capitalized).join('')));
  const [first = '', ...rest] = WORDS(segments.at(-1) ?? '');
  return ['Tokens', ...groups, digitSafe(first + rest.map(capitalized).join(''))].join('.');
};
/** `color.fg.on-emphasis` -> `colorFgOnEmphasis` (a theme's property); its color set is `ColorFgOnEmphasis`. */
const flatNameOf = (key: string): string => {
  const [first = '', ...rest] = key.split('.').flatMap(WORDS);
  return digitSafe(first + rest.map(capitalized).join(''));
};
const colorSetOf = (key: string): string => capitalized(flatNameOf(key).replace(/^_/, ''));
const themeOf = (mode: string): string => `${mode.split('-').map(capitalized).join('')}Theme`;

/** Xcode's component text: three decimals. */
const component = (value: number): string => value.toFixed(3);
const swiftColor = ({ red, green, blue, alpha }: Rgba): SwiftValue => ({
  fn: 'SwiftUI.Color',
  args: {
    _0: { member: 'sRGB' },
    red: Number(component(red / 255)),
    green: Number(component(green / 255)),
    blue: Number(component(blue / 255)),
    opacity: Number(component(alpha)),
  },
});
const points = (length: Dimension): number => {
  const value = toDensityIndependent({ kind: 'dimension', ...length });
  if (value === undefined) throw new Error(`no points for ${JSON.stringify(length)}`);
  return value;
};
const WEIGHTS = ['ultraLight', 'thin', 'light', 'regular', 'medium', 'semibold', 'bold', 'heavy', 'black'];
const weight = (value: number): SwiftValue => ({ member: WEIGHTS[Math.min(9, Math.max(1, Math.round(value / 100))) - 1] ?? '' });
const bezier = (points: readonly number[]): SwiftValue => {
  const [x1 = 0, y1 = 0, x2 = 0, y2 = 0] = points;
  return { fn: 'TokenCubicBezier', args: { x1, y1, x2, y2 } };
};
const round = (value: number): number => Math.round(value * 1e6) / 1e6;

/** A token's value in one mode as Tokens.swift must write it (colors as sRGB literals). */
function expectedValue(token: Token, value: TypedValue): SwiftValue {
  switch (value.kind) {
    case 'color':
      return swiftColor(value.color);
    case 'dimension':
      return points(value);
    case 'number':
      return token.type === 'font.weight' ? weight(value.value) : value.value;
    case 'duration':
      return round(value.value / 1000);
    case 'fontFamily':
      return value.families;
    case 'cubicBezier':
      return bezier(value.points);
    case 'strokeStyle':
      return value.style;
    case 'boolean':
      return value.value;
    case 'shadow':
      return {
        fn: 'TokenShadow',
        args: {
          layers: (value.layers ?? []).map((layer) => ({
            fn: 'TokenShadowLayer',
            args: {
              color: swiftColor(layer.color),
              offsetX: points(layer.offsetX),
              offsetY: points(layer.offsetY),
              blur: points(layer.blur),
              spread: points(layer.spread),
              inset: layer.inset,
            },
          })),
        },
      };
    case 'typography': {
      const size = points(value.fontSize);
      const lineHeight = value.lineHeight.kind === 'number' ? round(value.lineHeight.value * size) : points(value.lineHeight);
      const letterSpacing = value.letterSpacing.unit === 'em' ? round(value.letterSpacing.value * size) : points(value.letterSpacing);
      return {
        fn: 'TokenTypography',
        args: {
          fontFamily: value.fontFamily.families,
          fontSize: size,
          fontWeight: weight(value.fontWeight.value),
          lineHeight,
          letterSpacing,
        },
      };
    }
    case 'border':
      return { fn: 'TokenBorder', args: { width: points(value.width), style: value.style.style, color: swiftColor(value.color.color) } };
    case 'transition':
      return {
        fn: 'TokenTransition',
        args: {
          duration: round(value.duration.value / 1000),
          delay: round(value.delay.value / 1000),
          timingFunction: bezier(value.timingFunction.points),
        },
      };
    case 'gradient':
      return {
        fn: 'TokenGradient',
        args: {
          angle: value.angle,
          stops: value.stops.map((stop) => ({ fn: 'TokenGradientStop', args: { color: swiftColor(stop.color), location: stop.position } })),
        },
      };
    case 'lengths': {
      const [top, right = top, bottom = top, left = right] = value.values.map((length) => {
        if (length.kind !== 'dimension') throw new Error('a keyword in a list of lengths');
        return points(length);
      });
      return { fn: 'SwiftUI.EdgeInsets', args: { top: top ?? 0, leading: left ?? 0, bottom: bottom ?? 0, trailing: right ?? 0 } };
    }
    case 'keyword':
      if (value.keyword === 'none' && token.type === 'shadow') return { fn: 'TokenShadow', args: { layers: [] } };
      throw new Error(`no iOS value for ${value.keyword}`);
  }
}

/** Every value Tokens.swift must declare: each token's light value in `Tokens`, each mode's values in its theme. */
function expectedDeclarations(system: CompiledDesignSystem, leftOut: ReadonlySet<string> = new Set()): Map<string, SwiftValue> {
  const expected = new Map<string, SwiftValue>();
  const themes: [string, SwiftValue][][] = system.modes.map(() => []);
  for (const token of system.tokens) {
    if (leftOut.has(token.key)) continue;
    expected.set(
      swiftPathOf(token.key),
      token.type === 'color'
        ? { fn: 'TokenCatalog.color', args: { _0: colorSetOf(token.key) } }
        : expectedValue(token, token.resolved.light),
    );
    const values = system.modes.map(({ name }) => expectedValue(token, token.resolved[name] ?? token.resolved.light));
    if (new Set(values.map((value) => JSON.stringify(value))).size === 1) continue;
    values.forEach((value, index) => themes[index]?.push([`${themeOf(system.modes[index]?.name ?? '')}.${flatNameOf(token.key)}`, value]));
  }
  for (const theme of themes) for (const [path, value] of theme) expected.set(path, value);
  return expected;
}

/** The declarations of Tokens.swift under `Tokens` and the theme types. */
function tokenDeclarations(swift: string): Map<string, SwiftValue> {
  const root = parseSwift(swift);
  expect(syntaxErrors(root)).toEqual([]);
  const all = declarationsOf(root);
  return new Map([...all].filter(([path]) => path.startsWith('Tokens.') || /^[A-Za-z0-9]+Theme\./.test(path)));
}

/** The appearances each mode fills in a color set, as Xcode writes them. */
function appearanceEntries(system: CompiledDesignSystem): [string | undefined, unknown][] {
  const { appearances } = nativeModes(system);
  const highContrast = appearances.lightHighContrast !== undefined || appearances.darkHighContrast !== undefined;
  const dark = [{ appearance: 'luminosity', value: 'dark' }];
  const high = [{ appearance: 'contrast', value: 'high' }];
  return [
    [appearances.light, undefined],
    [appearances.dark, dark],
    ...(highContrast
      ? ([
          [appearances.lightHighContrast ?? appearances.light, high],
          [appearances.darkHighContrast ?? appearances.dark, [...dark, ...high]],
        ] as [string, unknown][])
      : []),
  ];
}

/** Checks every color set of a system against the schema and each mode's color; returns how many were checked. */
function checkCatalog(system: CompiledDesignSystem, files: ReadonlyMap<string, string>): number {
  const root: unknown = JSON.parse(files.get('Tokens.xcassets/Contents.json') ?? 'null');
  expect([validateCatalog(root), validateCatalog.errors ?? []]).toEqual([true, []]);
  let checked = 0;
  for (const token of system.tokens.filter((candidate) => candidate.type === 'color')) {
    const path = `Tokens.xcassets/${colorSetOf(token.key)}.colorset/Contents.json`;
    const colorSet: unknown = JSON.parse(files.get(path) ?? 'null');
    expect([path, validateColorSet(colorSet), validateColorSet.errors ?? []]).toEqual([path, true, []]);
    const want = appearanceEntries(system).map(([mode, appearances]) => {
      const { red, green, blue, alpha } = (token.resolved[mode ?? 'light'] as { color: Rgba }).color;
      return {
        ...(appearances === undefined ? {} : { appearances }),
        color: {
          'color-space': 'srgb',
          components: { alpha: component(alpha), blue: component(blue / 255), green: component(green / 255), red: component(red / 255) },
        },
        idiom: 'universal',
      };
    });
    expect([path, (colorSet as ColorSet).colors]).toEqual([path, want]);
    for (const entry of (colorSet as ColorSet).colors)
      for (const text of Object.values(entry.color.components)) expect(text).toMatch(/^(0\.[0-9]{3}|1\.000)$/);
    checked += 1;
  }
  return checked;
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
