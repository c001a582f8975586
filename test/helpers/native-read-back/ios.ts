import { Ajv } from 'ajv';
import type { CompiledDesignSystem, Dimension, Rgba, Token, TypedValue } from '../../../src/compile/types.js';
import { nativeModes, toDensityIndependent } from '../../../src/views/shared/native-appearance.js';
import type { OutputFile } from '../../../src/views/formats/output-format.js';
import { OUTPUT_FORMATS } from '../../../src/views/formats/output-formats.js';
import { parseSwift, syntaxErrors } from '../native-tools.js';
import type { SyntaxNode } from '../native-tools.js';
import type { ReadBack } from './read-back.js';

/**
 * The iOS export read back as Xcode and Swift would: Tokens.swift parsed by tree-sitter-swift (every literal read
 * out of the syntax tree), each color set's Contents.json checked against a schema of Xcode's asset catalog format,
 * and what each must hold worked out from the compiled values (the oracle). Used by test/views/formats/ios/export-ios.test.ts
 * and scripts/verify-native-outputs.mjs.
 */

const ios = OUTPUT_FORMATS.ios;
/** The files of the iOS export by path (the manifest's order is checked apart). */
export function iosFiles(system: CompiledDesignSystem): Map<string, string> {
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
export const swiftPathOf = (key: string): string => {
  // A segment with no letter or digit names nothing (docs/native.md).
  const segments = key.split('.').filter((segment) => WORDS(segment).length > 0);
  const groups = segments.slice(0, -1).map((segment) => digitSafe(WORDS(segment).map(capitalized).join('')));
  const [first = '', ...rest] = WORDS(segments.at(-1) ?? '');
  return ['Tokens', ...groups, digitSafe(first + rest.map(capitalized).join(''))].join('.');
};
/** `color.fg.on-emphasis` -> `colorFgOnEmphasis` (a theme's property); its color set is `ColorFgOnEmphasis`. */
export const flatNameOf = (key: string): string => {
  const [first = '', ...rest] = key.split('.').flatMap(WORDS);
  return digitSafe(first + rest.map(capitalized).join(''));
};
export const colorSetOf = (key: string): string => capitalized(flatNameOf(key).replace(/^_/, ''));
export const themeOf = (mode: string): string => `${mode.split('-').map(capitalized).join('')}Theme`;

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
export function expectedValue(token: Token, value: TypedValue): SwiftValue {
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
    case 'keywords':
      return value.text;
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
export function expectedDeclarations(system: CompiledDesignSystem, leftOut: ReadonlySet<string> = new Set()): Map<string, SwiftValue> {
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
export function tokenDeclarations(swift: string): Map<string, SwiftValue> {
  const root = parseSwift(swift);
  const errors = syntaxErrors(root);
  if (errors.length > 0) throw new Error(`Tokens.swift does not parse: ${errors.slice(0, 5).join('; ')}`);
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

/**
 * Every color set of a system read back: `problems` are the schema's complaints (and components not written with
 * three decimals); `actual` and `expected` hold each appearance's color by `<color set> <appearances>`.
 */
export function readCatalog(
  system: CompiledDesignSystem,
  files: ReadonlyMap<string, string>,
  leftOut: ReadonlySet<string> = new Set(),
): ReadBack & { colorSets: number } {
  const problems: string[] = [];
  const actual = new Map<string, unknown>();
  const expected = new Map<string, unknown>();
  const root: unknown = JSON.parse(files.get('Tokens.xcassets/Contents.json') ?? 'null');
  if (!validateCatalog(root)) problems.push(`Tokens.xcassets/Contents.json: ${ajv.errorsText(validateCatalog.errors)}`);
  let colorSets = 0;
  for (const token of system.tokens.filter((candidate) => candidate.type === 'color' && !leftOut.has(candidate.key))) {
    const path = `Tokens.xcassets/${colorSetOf(token.key)}.colorset/Contents.json`;
    const colorSet: unknown = JSON.parse(files.get(path) ?? 'null');
    if (!validateColorSet(colorSet)) {
      problems.push(`${path}: ${ajv.errorsText(validateColorSet.errors)}`);
      continue;
    }
    const slot = (index: number, appearances: unknown): string => `${path} #${index} ${JSON.stringify(appearances ?? 'any')}`;
    for (const [index, [mode, appearances]] of appearanceEntries(system).entries()) {
      const { red, green, blue, alpha } = (token.resolved[mode ?? 'light'] as { color: Rgba }).color;
      expected.set(slot(index, appearances), {
        ...(appearances === undefined ? {} : { appearances }),
        color: {
          'color-space': 'srgb',
          components: { alpha: component(alpha), blue: component(blue / 255), green: component(green / 255), red: component(red / 255) },
        },
        idiom: 'universal',
      });
    }
    for (const [index, entry] of (colorSet as unknown as ColorSet).colors.entries()) {
      actual.set(slot(index, entry.appearances), entry);
      for (const text of Object.values(entry.color.components))
        if (!/^(0\.[0-9]{3}|1\.000)$/.test(text)) problems.push(`${path}: component ${text} is not written with three decimals`);
    }
    colorSets += 1;
  }
  return { problems, actual, expected, colorSets };
}
