import { wordsOfSegment } from '../../../compile/values/key-words.js';
import type { CompiledDesignSystem, DimensionValue, Token, TypedValue } from '../../../compile/types.js';
import { formatDocCommentText } from '../../shared/css-comment.js';
import { formatCssNumber, formatCssValue, formatHex } from '../../shared/css-values.js';
import { jsNameOf } from '../../shared/js-identifiers.js';
import { roundForPlatform, toDensityIndependent } from '../../shared/native-appearance.js';
import { keptFirstMessage } from '../output-format.js';
import type { FormatDiagnostic } from '../output-format.js';
import { perSystem } from '../../shared/system-memo.js';
import { mapValueAt } from '../../../compile/checked-access.js';
import { BASE_BREAKPOINT } from '../../shared/breakpoint-systems.js';
import {
  describeModeKey,
  modesAtEveryBreakpoint,
  namedModesAtBreakpoints,
  nativeBreakpointsOf,
  withValuesAtBreakpoints,
} from '../../shared/native-breakpoints.js';
import type { NamedModeAtBreakpoint } from '../../shared/native-breakpoints.js';

/** A value as the React Native module holds it: a string, a number, a boolean, a list or an object of them. */
type NativeValue = string | number | boolean | readonly NativeValue[] | { readonly [name: string]: NativeValue };

/** A value converted for React Native, with its type in `Tokens`; or why React Native has no such value. */
type Conversion = { readonly value: NativeValue; readonly type: string } | { readonly problem: string };

/** A token the module holds: its values by mode, and its type in `Tokens` (each type its modes have, joined). */
interface NativeToken {
  readonly token: Token;
  readonly values: ReadonlyMap<string, NativeValue>;
  readonly type: string;
}

/** The module's tree: property name to a group of properties or a token. */
type NativeTree = Map<string, NativeTree | NativeToken>;

/** What the module writes of a design system, and what its lint says: worked out once per compiled system. */
interface NativePlan {
  readonly tree: NativeTree;
  readonly diagnostics: readonly FormatDiagnostic[];
}

/** The names the module declares besides its modes: a mode named like one of them has no export (`modes` holds it). */
const OWN_NAMES = new Set(['modes', 'tokensFor', 'useTokens', 'useColorScheme', 'freezeDeep']);

/** The names a design system that declares breakpoints adds: a mode or a breakpoint's object named so has no export. */
const BREAKPOINT_NAMES = ['breakpoints', 'tokensByBreakpoint', 'tokensAt', 'useTokensAt'];

/** The border styles React Native draws. */
const BORDER_STYLES = ['solid', 'dotted', 'dashed'];

/** CSS's names of the platform's own font, which React Native calls `System` (iOS; Android takes any unknown name so). */
const SYSTEM_FONTS = new Set(['system-ui', '-apple-system', 'BlinkMacSystemFont', 'ui-sans-serif', 'sans-serif']);

/** The types every module declares, which `Tokens` names. */
const VALUE_TYPES = [
  '/** A font weight as React Native’s `TextStyle` takes it. */',
  'export type FontWeight = "100" | "200" | "300" | "400" | "500" | "600" | "700" | "800" | "900";',
  '/** A border style React Native draws. */',
  'export type BorderStyle = "solid" | "dotted" | "dashed";',
  '/** The control points of a cubic Bézier easing, for `Easing.bezier(...points)`. */',
  'export type CubicBezier = readonly [x1: number, y1: number, x2: number, y2: number];',
  '/** 1 to 4 lengths in the order of CSS’s `margin` and `padding`: top, right, bottom, left. */',
  'export type Lengths = readonly (number | "auto")[];',
  '/** A typography token as `TextStyle` properties; no `lineHeight` when the token leaves it to the font. */',
  'export interface Typography {',
  '  readonly fontFamily: string;',
  '  readonly fontSize: number;',
  '  readonly fontWeight: FontWeight;',
  '  readonly lineHeight?: number;',
  '  readonly letterSpacing: number;',
  '}',
  '/** A border token as `ViewStyle` properties. */',
  'export interface Border {',
  '  readonly borderWidth: number;',
  '  readonly borderStyle: BorderStyle;',
  '  readonly borderColor: string;',
  '}',
  '/** A transition token: milliseconds, and the easing’s control points. */',
  'export interface Transition {',
  '  readonly duration: number;',
  '  readonly delay: number;',
  '  readonly easing: CubicBezier;',
  '}',
  '/** A linear gradient: its CSS angle in degrees, its colours and their locations from 0 to 1. */',
  'export interface Gradient {',
  '  readonly angle: number;',
  '  readonly colors: readonly string[];',
  '  readonly locations: readonly number[];',
  '}',
  '',
].join('\n');

/** What follows the modes: the hook, the lookup by name and the freezing helper. */
const FUNCTIONS = [
  '',
  '/** A mode of this design system. */',
  'export type ModeName = keyof typeof modes;',
  '',
  '/** The tokens of one mode, by name: for a mode the device does not choose (a brand, high contrast, a second dark). */',
  'export function tokensFor(mode: ModeName): Tokens {',
  '  return modes[mode];',
  '}',
  '',
  '/** The tokens of the device’s colour scheme (`useColorScheme()`): `dark` when it is dark, `light` otherwise. */',
  'export function useTokens(): Tokens {',
  '  return useColorScheme() === "dark" ? dark : light;',
  '}',
  '',
  '/** `value`, frozen at every level. */',
  'function freezeDeep<Value>(value: Value): Value {',
  '  if (typeof value === "object" && value !== null) {',
  '    for (const inner of Object.values(value)) freezeDeep(inner);',
  '    Object.freeze(value);',
  '  }',
  '  return value;',
  '}',
  '',
].join('\n');

/**
 * The React Native module of a design system: a TypeScript file Metro compiles as it is. `light`, `dark` and each
 * further mode (camelCase) as one object frozen at every level, typed `Tokens`; `modes` by mode name; `tokensFor(mode)`;
 * and `useTokens()`, the light or dark tokens as `useColorScheme()` says. Lengths are unitless density-independent
 * pixels, colours `#RRGGBB[AA]`, typographies `TextStyle`s, shadows `boxShadow` strings (docs/native.md). With
 * breakpoints, one such object per breakpoint and mode too, `breakpoints`, `tokensByBreakpoint` and `tokensAt(mode, width)`.
 * @example
 * export const light: Tokens = freezeDeep({
 *   color: {
 *     brand: {
 *       primary: "#2563EB",
 *     },
 *   },
 * } as const);
 */
export function renderReactNative(system: CompiledDesignSystem): string {
  const { tree } = planOf(system);
  const parts = [
    `// Design tokens of ${system.meta.slug} for React Native. Generated by design-token-server; do not edit.\n`,
    '// Lengths in density-independent pixels (px as is, rem x 16), durations in milliseconds: see docs/native.md.\n',
    'import { useColorScheme } from "react-native";\n\n',
    VALUE_TYPES,
    '\n/** Every token of one mode, nested by key segment (in camelCase). */\n',
    `export type Tokens = ${printType(tree, 0)};\n`,
  ];
  const breakpoints = nativeBreakpointsOf(system);
  const taken = new Set(breakpoints.length === 0 ? OWN_NAMES : [...OWN_NAMES, ...BREAKPOINT_NAMES]);
  const exportedName = (name: string): string | undefined => {
    if (taken.has(name)) return undefined;
    taken.add(name);
    return name;
  };
  const names = system.modes.map(({ name: mode }) => ({ mode, name: exportedName(jsNameOf(mode)) }));
  for (const { mode, name } of names) {
    if (name !== undefined) parts.push(`\nexport const ${name}: Tokens = freezeDeep(${printValues(tree, mode, 0)} as const);\n`);
  }
  const byMode = names.map(({ mode, name }) => {
    const key = JSON.stringify(mode);
    if (name === undefined) return `  ${key}: freezeDeep<Tokens>(${printValues(tree, mode, 1)} as const),\n`;
    return mode === name ? `  ${name},\n` : `  ${key}: ${name},\n`;
  });
  parts.push(`\n/** Every mode’s tokens by mode name. */\nexport const modes = Object.freeze({\n${byMode.join('')}});\n`, FUNCTIONS);
  if (breakpoints.length > 0) {
    const atBreakpoints = namedModesAtBreakpoints(system, (words) => exportedName(jsNameOf(words)) ?? '');
    parts.push(breakpointPart(system, tree, atBreakpoints));
  }
  return parts.join('');
}

/**
 * What a design system that declares breakpoints adds after `modes`: `breakpoints` (name, width in dp, container), one
 * object per breakpoint and mode (`mdLight`, `lgDarkDimmed`; none of its own when another export has its name),
 * `tokensByBreakpoint`, `BreakpointName`, `tokensAt(mode, width)` and `useTokensAt(width)`.
 */
function breakpointPart(system: CompiledDesignSystem, tree: NativeTree, atBreakpoints: readonly NamedModeAtBreakpoint[]): string {
  const lines = [
    '',
    '/**',
    ' * The breakpoints, narrowest first: each one’s name, the width from which it holds in dp (a rem as 16dp), and the',
    ' * container whose width it compares (null: the window’s).',
    ' */',
    'export const breakpoints = freezeDeep([',
    ...nativeBreakpointsOf(system).map(
      ({ name, width, container }) =>
        `  { name: ${JSON.stringify(name)}, width: ${formatCssNumber(width)}, container: ${container === null ? 'null' : JSON.stringify(container)} },`,
    ),
    '] as const);',
  ];
  for (const { key, name } of atBreakpoints) {
    if (name !== '') lines.push('', `export const ${name}: Tokens = freezeDeep(${printValues(tree, key, 0)} as const);`);
  }
  lines.push(
    '',
    `/** Every mode’s tokens at each breakpoint, by breakpoint name, then mode name (\`${BASE_BREAKPOINT}\`, below the first: \`modes\`). */`,
    'export const tokensByBreakpoint = Object.freeze({',
    `  ${BASE_BREAKPOINT}: modes,`,
  );
  for (const { name: breakpoint } of nativeBreakpointsOf(system)) {
    lines.push(`  ${objectKeyOf(breakpoint)}: Object.freeze({`);
    for (const { mode, key, name } of atBreakpoints.filter((at) => at.breakpoint === breakpoint)) {
      const property = objectKeyOf(mode);
      lines.push(name === '' ? `    ${property}: freezeDeep<Tokens>(${printValues(tree, key, 2)} as const),` : `    ${property}: ${name},`);
    }
    lines.push('  }),');
  }
  lines.push(
    '});',
    '',
    `/** A breakpoint of this design system, \`${BASE_BREAKPOINT}\` below the first. */`,
    'export type BreakpointName = keyof typeof tokensByBreakpoint;',
    '',
    '/**',
    ' * The tokens of `mode` at `width` in dp, mobile first: the widest breakpoint at or below it (below the first: `modes`).',
    ' * Pass `useWindowDimensions().width`, or for a container breakpoint the container’s width (`onLayout`).',
    ' */',
    'export function tokensAt(mode: ModeName, width: number): Tokens {',
    `  let at: BreakpointName = ${JSON.stringify(BASE_BREAKPOINT)};`,
    '  for (const breakpoint of breakpoints) if (width >= breakpoint.width) at = breakpoint.name;',
    '  return tokensByBreakpoint[at][mode];',
    '}',
    '',
    '/** The tokens of the device’s colour scheme (as `useTokens()` picks it) at `width` in dp, as `tokensAt` finds them. */',
    'export function useTokensAt(width: number): Tokens {',
    '  return tokensAt(useColorScheme() === "dark" ? "dark" : "light", width);',
    '}',
    '',
  );
  return lines.join('\n');
}

/** A name as an object literal's key: as it is when it is an identifier, else quoted. */
const objectKeyOf = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));

/** The React Native format's lint: each token it leaves out (no React Native value, a property another token has). */
export function lintReactNative(system: CompiledDesignSystem): readonly FormatDiagnostic[] {
  return planOf(system).diagnostics;
}

/** The React Native file's plan of a design system, worked out once (the render and the lint share it). */
const planOf = perSystem((system): NativePlan => planUncached(system));

/** Converts every token in every mode and places it in the tree, in key order: a token is left out whole or not at all. */
function planUncached(system: CompiledDesignSystem): NativePlan {
  const tree: NativeTree = new Map();
  const diagnostics: FormatDiagnostic[] = [];
  const warn = (token: Token, rule: FormatDiagnostic['rule'], message: string): void => {
    diagnostics.push({ token: token.key, rule, severity: 'warning', message });
  };
  // Every mode's value, and with breakpoints each mode's at each breakpoint (`dark@lg`): every object has one type.
  const valueKeys = modesAtEveryBreakpoint(system);
  tokens: for (const listed of system.tokens) {
    const token = withValuesAtBreakpoints(system, listed);
    const values = new Map<string, NativeValue>();
    const types: string[] = [];
    for (const mode of valueKeys) {
      const value = token.resolved[mode] ?? token.resolved.light;
      const converted = convert(token, value);
      if ('problem' in converted) {
        warn(
          token,
          'react-native-value-left-out',
          `\`${token.key}\` is \`${formatCssValue(value)}\` in mode ${describeModeKey(mode)}: ${converted.problem}; the React Native export leaves the token out`,
        );
        continue tokens;
      }
      values.set(mode, converted.value);
      if (!types.includes(converted.type)) types.push(converted.type);
    }
    const path = token.key.split('.').map(propertyNameOf);
    let node = tree;
    for (const [index, name] of path.entries()) {
      const found = node.get(name);
      const last = index === path.length - 1;
      if (found === undefined && last) {
        node.set(name, { token, values, type: types.join(' | ') });
        continue;
      }
      if (found === undefined) {
        const group: NativeTree = new Map();
        node.set(name, group);
        node = group;
        continue;
      }
      if (found instanceof Map && !last) {
        node = found;
        continue;
      }
      const holder = found instanceof Map ? firstToken(found) : found.token.key;
      const property = path.slice(0, index + 1).join('.');
      warn(token, 'react-native-name-clash', keptFirstMessage(token.key, holder, `React Native property \`${property}\``, 'React Native'));
      continue tokens;
    }
  }
  return { tree, diagnostics };
}

/**
 * The expression a component writes to read a token (`useTokens().<path>`, each key segment in camelCase), or
 * undefined when the React Native export leaves the token out (its lint says why).
 * @example reactNativeSymbolOf(acme, 'color.brand.primary') // 'useTokens().color.brand.primary'
 */
export function reactNativeSymbolOf(system: CompiledDesignSystem, key: string): string | undefined {
  const path = key.split('.').map(propertyNameOf);
  let node: NativeTree | NativeToken | undefined = planOf(system).tree;
  for (const name of path) node = node instanceof Map ? node.get(name) : undefined;
  return node !== undefined && !(node instanceof Map) && node.token.key === key ? `useTokens().${path.join('.')}` : undefined;
}

/** The key of the first token in a group of the tree. */
function firstToken(tree: NativeTree): string {
  for (const node of tree.values()) return node instanceof Map ? firstToken(node) : node.token.key;
  return '';
}

/**
 * A key segment as a property of the module: its words in camelCase, `_` before a leading digit (so every property
 * is read with a dot).
 * @example propertyNameOf('z-index') // 'zIndex'; propertyNameOf('2xl') -> '_2xl'
 */
function propertyNameOf(segment: string): string {
  let name = '';
  for (const word of wordsOfSegment(segment)) name += name === '' ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
  return name === '' || /^[0-9]/.test(name) ? `_${name}` : name;
}

const unsupportedLength = (unit: string): { problem: string } => ({
  problem: `a length in \`${unit}\` has no size outside a typography in React Native`,
});

/** A token's value in one mode as React Native takes it, or why it has none. */
function convert(token: Token, value: TypedValue): Conversion {
  switch (value.kind) {
    case 'color':
      return { value: formatHex(value.color), type: 'string' };
    case 'dimension': {
      const length = toDensityIndependent(value);
      return length === undefined ? unsupportedLength(value.unit) : { value: length, type: 'number' };
    }
    case 'number':
      return token.type === 'font.weight'
        ? { value: fontWeightOf(value.value), type: 'FontWeight' }
        : { value: value.value, type: 'number' };
    case 'duration':
      return { value: value.value, type: 'number' };
    case 'fontFamily':
      return { value: fontFamilyOf(value.families), type: 'string' };
    case 'cubicBezier':
      return { value: value.points, type: 'CubicBezier' };
    case 'strokeStyle':
      return BORDER_STYLES.includes(value.style)
        ? { value: value.style, type: 'BorderStyle' }
        : { problem: 'React Native draws solid, dotted and dashed lines only' };
    case 'keywords':
      return { value: value.text, type: 'string' };
    case 'keyword':
      if (value.keyword === 'auto') return { value: 'auto', type: '"auto"' };
      if (value.keyword === 'none' && token.type === 'shadow') return { value: 'none', type: 'string' };
      return { problem: 'React Native takes no such keyword' };
    case 'lengths': {
      const lengths: (number | string)[] = [];
      for (const length of value.values) {
        if (length.kind === 'keyword' && length.keyword !== 'auto') return { problem: 'React Native takes no such keyword' };
        const converted = length.kind === 'keyword' ? 'auto' : toDensityIndependent(length);
        if (converted === undefined) return unsupportedLength((length as DimensionValue).unit);
        lengths.push(converted);
      }
      return { value: lengths, type: 'Lengths' };
    }
    case 'shadow':
      return convertShadow(value.layers);
    case 'boolean':
      return { value: value.value, type: 'boolean' };
    case 'typography':
      return convertTypography(value);
    case 'border': {
      const width = toDensityIndependent(value.width);
      if (width === undefined) return unsupportedLength(value.width.unit);
      const style = convert(token, value.style);
      if ('problem' in style) return style;
      return { value: { borderWidth: width, borderStyle: style.value, borderColor: formatHex(value.color.color) }, type: 'Border' };
    }
    case 'transition':
      return {
        value: { duration: value.duration.value, delay: value.delay.value, easing: value.timingFunction.points },
        type: 'Transition',
      };
    case 'gradient':
      return {
        value: {
          angle: value.angle,
          colors: value.stops.map((stop) => formatHex(stop.color)),
          locations: value.stops.map((stop) => stop.position),
        },
        type: 'Gradient',
      };
  }
}

type ShadowLayers = Extract<TypedValue, { kind: 'shadow' }>['layers'];

/** A shadow as React Native's `boxShadow` string (0.76+): `[inset ]x y blur spread color`, layers joined with `, `. */
function convertShadow(layers: ShadowLayers): Conversion {
  if (layers === null) return { problem: 'React Native reads no such shadow' };
  const written: string[] = [];
  for (const layer of layers) {
    const lengths: string[] = [];
    for (const length of [layer.offsetX, layer.offsetY, layer.blur, layer.spread]) {
      const converted = toDensityIndependent({ kind: 'dimension', ...length });
      if (converted === undefined) return unsupportedLength(length.unit);
      lengths.push(`${formatCssNumber(converted)}px`);
    }
    written.push(`${layer.inset ? 'inset ' : ''}${lengths.join(' ')} ${formatHex(layer.color)}`);
  }
  return { value: written.join(', '), type: 'string' };
}

type Typography = Extract<TypedValue, { kind: 'typography' }>;

/**
 * A typography as `TextStyle` properties: one family, the size in dp, the weight as `'100'` to `'900'`, the line
 * height in dp (React Native's is absolute: a multiplier times the size; absent when the token leaves it out), the
 * letter spacing in dp (`em` times the size).
 */
function convertTypography(value: Typography): Conversion {
  const size = toDensityIndependent(value.fontSize);
  if (size === undefined) return { problem: `a font size in \`${value.fontSize.unit}\` has no size in React Native` };
  const relative = (length: DimensionValue): number | undefined =>
    length.unit === 'em' ? roundForPlatform(length.value * size) : toDensityIndependent(length);
  const lineHeight = value.lineHeight.kind === 'number' ? roundForPlatform(value.lineHeight.value * size) : relative(value.lineHeight);
  if (lineHeight === undefined) return unsupportedLength((value.lineHeight as DimensionValue).unit);
  const letterSpacing = relative(value.letterSpacing);
  if (letterSpacing === undefined) return unsupportedLength(value.letterSpacing.unit);
  const style: Record<string, NativeValue> = {
    fontFamily: fontFamilyOf(value.fontFamily.families),
    fontSize: size,
    fontWeight: fontWeightOf(value.fontWeight.value),
  };
  if (value.omitted?.includes('lineHeight') !== true) style['lineHeight'] = lineHeight;
  style['letterSpacing'] = letterSpacing;
  return { value: style, type: 'Typography' };
}

/** The one family React Native takes: the stack's first, `System` for CSS's names of the platform's font. */
function fontFamilyOf(families: readonly string[]): string {
  const first = families[0];
  return first === undefined || SYSTEM_FONTS.has(first) ? 'System' : first;
}

/** A weight as `TextStyle` takes it: the nearest hundred from `'100'` to `'900'`. */
function fontWeightOf(weight: number): string {
  return String(Math.min(900, Math.max(100, Math.round(weight / 100) * 100)));
}

/** The type of a tree as `Tokens` writes it, each token with its description and deprecation as JSDoc. */
function printType(tree: NativeTree, depth: number): string {
  const indent = '  '.repeat(depth + 1);
  const lines: string[] = [];
  for (const [name, node] of tree) {
    if (node instanceof Map) {
      lines.push(`${indent}readonly ${name}: ${printType(node, depth + 1)};\n`);
      continue;
    }
    const doc = docOf(node.token);
    if (doc.length === 1) lines.push(`${indent}/** ${doc[0]} */\n`);
    if (doc.length > 1) lines.push(`${indent}/**\n${doc.map((line) => `${indent} * ${line}\n`).join('')}${indent} */\n`);
    lines.push(`${indent}readonly ${name}: ${node.type};\n`);
  }
  return lines.length === 0 ? '{}' : `{\n${lines.join('')}${'  '.repeat(depth)}}`;
}

/** The JSDoc lines of a token: its description, then `@deprecated` with its message and replacement. */
function docOf(token: Token): string[] {
  const doc: string[] = [];
  const description = formatDocCommentText(token.description ?? '');
  if (description !== '') doc.push(description);
  if (token.deprecated !== undefined) {
    const { message, replacement } = token.deprecated;
    const text = [message, replacement === null ? null : `Use \`${replacement}\`.`].filter((part) => part !== null).join(' ');
    doc.push(`@deprecated${text === '' ? '' : ` ${formatDocCommentText(text)}`}`);
  }
  return doc;
}

/** A mode's values of a tree as an object literal, its closing brace indented to `depth`. */
function printValues(tree: NativeTree, mode: string, depth: number): string {
  const indent = '  '.repeat(depth + 1);
  const lines: string[] = [];
  for (const [name, node] of tree) {
    const printed = node instanceof Map ? printValues(node, mode, depth + 1) : printValue(mapValueAt(node.values, mode), depth + 1);
    lines.push(`${indent}${name}: ${printed},\n`);
  }
  return lines.length === 0 ? '{}' : `{\n${lines.join('')}${'  '.repeat(depth)}}`;
}

/** One value: a list on one line, an object (a typography, a border) over several. */
function printValue(value: NativeValue, depth: number): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return formatCssNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (isList(value)) return `[${value.map((item) => printValue(item, depth)).join(', ')}]`;
  const indent = '  '.repeat(depth + 1);
  const lines = Object.entries(value).map(([name, part]) => `${indent}${name}: ${printValue(part, depth + 1)},\n`);
  return `{\n${lines.join('')}${'  '.repeat(depth)}}`;
}

const isList = (value: NativeValue): value is readonly NativeValue[] => Array.isArray(value);
