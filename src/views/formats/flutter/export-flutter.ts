import type { CompiledDesignSystem, Dimension, Rgba, ShadowLayer, Token, TypedValue } from '../../../compile/types.js';
import { dartDocLines, dartNameOf, dartString } from './dart-names.js';
import { commentLine, docText } from '../../shared/native-text.js';
import { nativeModes, roundForPlatform, toDensityIndependent } from '../../shared/native-appearance.js';
import type { AppearanceSlot } from '../../shared/native-appearance.js';
import { keptFirstMessage } from '../output-format.js';
import type { FormatDiagnostic } from '../output-format.js';
import { perSystem } from '../../shared/system-memo.js';
import { BASE_BREAKPOINT } from '../../shared/breakpoint-systems.js';
import {
  describeModeKey,
  namedModesAtBreakpoints,
  modesAtEveryBreakpoint,
  nativeBreakpointsOf,
  withValuesAtBreakpoints,
} from '../../shared/native-breakpoints.js';
import { itemAt, mapValueAt, valueAt } from '../../../compile/checked-access.js';

/** The Dart type of a field of `DesignTokens`: what a token is in Flutter. */
type DartType =
  | 'Color'
  | 'double'
  | 'int'
  | 'bool'
  | 'Duration'
  | 'Cubic'
  | 'List<String>'
  | 'String'
  | 'FontWeight'
  | 'TextStyle'
  | 'List<BoxShadow>'
  | 'BorderSide'
  | 'BorderStyle'
  | 'EdgeInsets'
  | 'LinearGradient'
  | 'LinearGradient?'
  | 'DesignTokensTransition';

/** How `lerp` blends each type; a type not listed switches from one value to the other at `t < 0.5`. */
const LERPS: Partial<Record<DartType, (field: string) => string>> = {
  Color: (field) => `Color.lerp(${field}, other.${field}, t)!`,
  double: (field) => `lerpDouble(${field}, other.${field}, t)!`,
  FontWeight: (field) => `FontWeight.lerp(${field}, other.${field}, t)!`,
  TextStyle: (field) => `TextStyle.lerp(${field}, other.${field}, t)!`,
  'List<BoxShadow>': (field) => `BoxShadow.lerpList(${field}, other.${field}, t)!`,
  BorderSide: (field) => `BorderSide.lerp(${field}, other.${field}, t)`,
  EdgeInsets: (field) => `EdgeInsets.lerp(${field}, other.${field}, t)!`,
  LinearGradient: (field) => `LinearGradient.lerp(${field}, other.${field}, t)!`,
  'LinearGradient?': (field) => `LinearGradient.lerp(${field}, other.${field}, t)`,
};

/** The class the file declares, and the one a transition token is an instance of. */
const CLASS = 'DesignTokens';
const TRANSITION_CLASS = 'DesignTokensTransition';

/**
 * Names the class declares besides the tokens (its members, those of ThemeExtension and Object, and what `lerp` and the
 * annotations read inside the class: a field `t`, `lerpDouble` or `override` would hide them): a token gets `$` after.
 */
const MEMBERS = [
  ...['copyWith', 'lerp', 'type', 'hashCode', 'runtimeType', 'toString', 'noSuchMethod', 'of', 'modes', 'applyTo'],
  ...['theme', 'darkTheme', 'highContrastTheme', 'highContrastDarkTheme', 'other', 't', 'lerpDouble', 'override', 'immutable'],
];

/** MaterialApp's four theme slots, each with the appearance that fills it and its brightness. */
const SLOTS: readonly { readonly slot: AppearanceSlot; readonly member: string; readonly label: string }[] = [
  { slot: 'light', member: 'theme', label: 'light' },
  { slot: 'dark', member: 'darkTheme', label: 'dark' },
  { slot: 'lightHighContrast', member: 'highContrastTheme', label: 'light high contrast' },
  { slot: 'darkHighContrast', member: 'highContrastDarkTheme', label: 'dark high contrast' },
];

/** One token as a field of `DesignTokens`: its Dart name and type, and its Dart expression in each mode. */
interface FlutterField {
  readonly token: Token;
  readonly name: string;
  readonly type: DartType;
  readonly values: ReadonlyMap<string, string>;
}

/** What the Flutter file holds: every mode's constant name, the fields, and why the other tokens are not there. */
interface FlutterPlan {
  readonly modes: readonly { readonly mode: string; readonly name: string }[];
  /** Per breakpoint, each mode's constant there: its name and the key of its values (`dark@lg`); none without breakpoints. */
  readonly atBreakpoints: readonly { readonly breakpoint: string; readonly mode: string; readonly key: string; readonly name: string }[];
  readonly fields: readonly FlutterField[];
  readonly problems: readonly FormatDiagnostic[];
}

/** Why a value has no Flutter equivalent (a sentence fragment for the lint's message). */
class LeftOut {
  constructor(readonly reason: string) {}
}

/** The fields and names of a design system's Flutter file, worked out once (the render and the lint share them). */
const planOf = perSystem((system): FlutterPlan => planUncached(system));

/** The members a class of a design system that declares breakpoints has besides (a token named so gets `$` after). */
const BREAKPOINT_MEMBERS = ['breakpoints', 'byBreakpoint', 'at'];

function planUncached(system: CompiledDesignSystem): FlutterPlan {
  const breakpoints = nativeBreakpointsOf(system);
  const taken = new Set(breakpoints.length === 0 ? MEMBERS : [...MEMBERS, ...BREAKPOINT_MEMBERS]);
  const modes = system.modes.map(({ name: mode }) => {
    let name = dartNameOf(mode, taken);
    // Two mode names with the same words (`a-b1`, `a-b-1`): the later one gets one more `$`.
    while (taken.has(name)) name += '$';
    taken.add(name);
    return { mode, name };
  });
  const atBreakpoints = namedModesAtBreakpoints(system, (words) => {
    let name = dartNameOf(words, taken);
    while (taken.has(name)) name += '$';
    taken.add(name);
    return name;
  });
  const modeNames = modesAtEveryBreakpoint(system);
  const fields: FlutterField[] = [];
  const problems: FormatDiagnostic[] = [];
  const holders = new Map<string, string>();
  for (const token of system.tokens) {
    const field = fieldOf(withValuesAtBreakpoints(system, token), modeNames);
    if (field instanceof LeftOut) {
      problems.push({
        token: token.key,
        rule: 'flutter-value-left-out',
        severity: 'warning',
        message: `\`${token.key}\` is left out of the Flutter export: ${field.reason}`,
      });
      continue;
    }
    const name = dartNameOf(token.key, taken);
    const holder = holders.get(name);
    if (holder !== undefined) {
      problems.push({
        token: token.key,
        rule: 'flutter-name-clash',
        severity: 'warning',
        message: keptFirstMessage(token.key, holder, `Dart name \`${name}\``, 'Flutter'),
      });
      continue;
    }
    holders.set(name, token.key);
    fields.push({ token, name, ...field });
  }
  return { modes, atBreakpoints, fields, problems };
}

/** The fields of the Flutter export by token key, worked out once. */
const fieldsByKey = perSystem((system) => new Map(planOf(system).fields.map((field) => [field.token.key, field])));

/**
 * The Dart expression a widget writes to read a token (`DesignTokens.of(context).<field>`), or undefined when the
 * Flutter export leaves the token out (its lint says why).
 * @example flutterSymbolOf(acme, 'color.brand.primary') // 'DesignTokens.of(context).colorBrandPrimary'
 */
export function flutterSymbolOf(system: CompiledDesignSystem, key: string): string | undefined {
  const field = fieldsByKey(system).get(key);
  return field === undefined ? undefined : `${CLASS}.of(context).${field.name}`;
}

/** A token's Dart type and its expression in every mode, or why Flutter cannot hold it (the first mode that says so). */
function fieldOf(token: Token, modes: readonly string[]): { type: DartType; values: Map<string, string> } | LeftOut {
  const values = modes.map((mode) => valueAt(token.resolved, mode));
  const type = dartTypeOf(token, values);
  if (type instanceof LeftOut) return type;
  const printed = new Map<string, string>();
  for (const [index, mode] of modes.entries()) {
    const expression = printValue(token, type, itemAt(values, index));
    if (expression instanceof LeftOut)
      return new LeftOut(`${expression.reason}${mode === 'light' ? '' : ` (in the mode ${describeModeKey(mode)})`}`);
    printed.set(mode, expression);
  }
  return { type, values: printed };
}

/** The Dart type of a token from its type and the kinds of its values across modes. */
function dartTypeOf(token: Token, values: readonly TypedValue[]): DartType | LeftOut {
  switch (token.type) {
    case 'color':
      return 'Color';
    case 'opacity':
      return 'double';
    case 'z-index':
      return 'int';
    case 'boolean':
      return 'bool';
    case 'duration':
      return 'Duration';
    case 'easing':
      return 'Cubic';
    case 'font.family':
      return 'List<String>';
    case 'font.weight':
      return 'FontWeight';
    case 'typography':
      return 'TextStyle';
    case 'shadow':
      return 'List<BoxShadow>';
    case 'border':
      return 'BorderSide';
    case 'strokeStyle':
      return 'BorderStyle';
    case 'keyword':
      return 'String';
    case 'transition':
      return TRANSITION_CLASS;
    case 'gradient':
      return values.some((value) => value.kind === 'keyword') ? 'LinearGradient?' : 'LinearGradient';
    case 'font.lineHeight': {
      const kinds = new Set(values.map(lineHeightKind));
      if (kinds.size > 1 && kinds.has('multiplier') && kinds.has('length'))
        return new LeftOut('a line height that is a multiplier in one mode and a length in another has no one Flutter type');
      return 'double';
    }
    case 'dimension':
    case 'spacing':
    case 'radius':
    case 'font.size':
    case 'font.letterSpacing':
      return values.some((value) => value.kind === 'lengths') ? 'EdgeInsets' : 'double';
  }
}

/** A standalone line height is a multiplier (a number, em, %) or a length (px, rem); a keyword is neither. */
function lineHeightKind(value: TypedValue): 'multiplier' | 'length' | 'other' {
  if (value.kind === 'number') return 'multiplier';
  if (value.kind !== 'dimension') return 'other';
  return value.unit === 'em' || value.unit === '%' ? 'multiplier' : 'length';
}

/** A token's value in one mode as a Dart constant expression of `type`. */
function printValue(token: Token, type: DartType, value: TypedValue): string | LeftOut {
  if (value.kind === 'keyword') return printKeyword(type, value.keyword);
  switch (value.kind) {
    case 'color':
      return printColor(value.color);
    case 'number':
      if (type === 'FontWeight') return `FontWeight.w${nearestWeight(value.value)}`;
      return type === 'int' ? String(value.value) : printDouble(value.value);
    case 'dimension':
      if (token.type === 'font.lineHeight' && (value.unit === 'em' || value.unit === '%'))
        return printDouble(value.unit === '%' ? value.value / 100 : value.value);
      return type === 'EdgeInsets' ? printEdgeInsets([value]) : printLength(value);
    case 'lengths':
      return printEdgeInsets(value.values);
    case 'duration':
      return printDuration(value.value);
    case 'cubicBezier':
      return `Cubic(${value.points.map(printDouble).join(', ')})`;
    case 'fontFamily':
      return `<String>[${value.families.map(dartString).join(', ')}]`;
    case 'boolean':
      return String(value.value);
    case 'strokeStyle':
      return printBorderStyle(value.style);
    case 'keywords':
      return dartString(value.text);
    case 'shadow':
      return printShadow(value.layers);
    case 'typography':
      return printTextStyle(value);
    case 'border': {
      const width = printLength(value.width);
      if (width instanceof LeftOut) return width;
      const style = printBorderStyle(value.style.style);
      if (style instanceof LeftOut) return style;
      return `BorderSide(color: ${printColor(value.color.color)}, width: ${width}, style: ${style})`;
    }
    case 'transition': {
      const { duration, delay, timingFunction } = value;
      const curve = `Cubic(${timingFunction.points.map(printDouble).join(', ')})`;
      return `${TRANSITION_CLASS}(duration: ${printDuration(duration.value)}, delay: ${printDuration(delay.value)}, curve: ${curve})`;
    }
    case 'gradient':
      return printGradient(value.angle, value.stops);
  }
}

/** `none` as the empty value of a shadow, border or gradient; any other keyword has no Flutter value. */
function printKeyword(type: DartType, keyword: string): string | LeftOut {
  if (keyword === 'none') {
    if (type === 'List<BoxShadow>') return '<BoxShadow>[]';
    if (type === 'BorderSide') return 'BorderSide.none';
    if (type === 'LinearGradient?') return 'null';
  }
  return new LeftOut(`\`${keyword}\` is a CSS keyword with no Flutter value`);
}

/** `Color(0xAARRGGBB)`, alpha as the nearest byte (as the API's `#RRGGBBAA`). */
function printColor({ red, green, blue, alpha }: Rgba): string {
  const hex = [Math.round(alpha * 255), red, green, blue].map((byte) => byte.toString(16).padStart(2, '0').toUpperCase()).join('');
  return `Color(0x${hex})`;
}

/** A Dart double literal: `16.0`, `1.5`, `-0.2` (floating-point noise rounded away). */
function printDouble(value: number): string {
  const rounded = roundForPlatform(value);
  return Number.isInteger(rounded) ? `${rounded}.0` : String(rounded);
}

/** A length in logical pixels (px 1:1, rem x 16), or why it has none. */
function printLength(length: Dimension): string | LeftOut {
  const pixels = toDensityIndependent({ kind: 'dimension', value: length.value, unit: length.unit });
  return pixels === undefined ? new LeftOut(sizeless(length)) : printDouble(pixels);
}

/** Why a length has no size in Flutter. */
const sizeless = (length: { readonly value: number; readonly unit: string }): string =>
  `\`${length.value}${length.unit}\` has no fixed size in Flutter (it takes logical pixels: px, or rem x 16)`;

/** A CSS `padding`-style list of 1 to 4 lengths as `EdgeInsets.fromLTRB(left, top, right, bottom)`. */
function printEdgeInsets(values: readonly TypedValue[]): string | LeftOut {
  const sides: string[] = [];
  for (const value of values) {
    if (value.kind === 'keyword') return printKeyword('EdgeInsets', value.keyword);
    if (value.kind !== 'dimension') return new LeftOut(`\`${value.kind}\` is no length`);
    const side = printLength(value);
    if (side instanceof LeftOut) return side;
    sides.push(side);
  }
  const [top = '0.0', right = top, bottom = top, left = right] = sides;
  return `EdgeInsets.fromLTRB(${left}, ${top}, ${right}, ${bottom})`;
}

/** `Duration(milliseconds: n)`; a fraction of a millisecond in microseconds (Duration takes integers). */
function printDuration(milliseconds: number): string {
  return Number.isInteger(milliseconds)
    ? `Duration(milliseconds: ${milliseconds})`
    : `Duration(microseconds: ${Math.round(milliseconds * 1000)})`;
}

/** Flutter's `BorderStyle` has `solid` and `none` only. */
function printBorderStyle(style: string): string | LeftOut {
  if (style === 'solid' || style === 'none') return `BorderStyle.${style}`;
  return new LeftOut(`Flutter draws no \`${style}\` border (only \`solid\` and \`none\`)`);
}

/**
 * The nearest of Flutter's nine weights (`FontWeight.w100` to `w900`): a weight halfway between two rounds up
 * (650 is w700), below 100 is w100, above 900 is w900.
 */
function nearestWeight(weight: number): number {
  return Math.min(9, Math.max(1, Math.round(weight / 100))) * 100;
}

function printShadow(layers: readonly ShadowLayer[] | null): string | LeftOut {
  if (layers === null) return new LeftOut('its shadow is not one the export can read');
  const printed: string[] = [];
  for (const layer of layers) {
    if (layer.inset) return new LeftOut('Flutter’s BoxShadow has no inset shadow');
    const lengths = [layer.offsetX, layer.offsetY, layer.blur, layer.spread].map(printLength);
    const problem = lengths.find((length) => length instanceof LeftOut);
    if (problem !== undefined) return problem;
    const [x, y, blur, spread] = lengths as string[];
    printed.push(`BoxShadow(color: ${printColor(layer.color)}, offset: Offset(${x}, ${y}), blurRadius: ${blur}, spreadRadius: ${spread})`);
  }
  return `<BoxShadow>[${printed.join(', ')}]`;
}

/**
 * A `TextStyle`: the first family as `fontFamily` and the rest as `fontFamilyFallback`, the size in logical pixels,
 * the nearest weight, the line height as a multiplier of the size (`height`, with CSS's even leading), the letter
 * spacing in logical pixels (em x the size). A part the token leaves out is left out, so the style inherits it.
 */
function printTextStyle(value: Extract<TypedValue, { kind: 'typography' }>): string | LeftOut {
  const size = toDensityIndependent(value.fontSize);
  if (size === undefined) return new LeftOut(`its font size ${sizeless(value.fontSize)}`);
  const omitted = value.omitted ?? [];
  const parts: string[] = [];
  if (!omitted.includes('fontFamily')) {
    const [family, ...fallback] = value.fontFamily.families;
    if (family !== undefined) parts.push(`fontFamily: ${dartString(family)}`);
    if (fallback.length > 0) parts.push(`fontFamilyFallback: <String>[${fallback.map(dartString).join(', ')}]`);
  }
  parts.push(`fontSize: ${printDouble(size)}`);
  if (!omitted.includes('fontWeight')) parts.push(`fontWeight: FontWeight.w${nearestWeight(value.fontWeight.value)}`);
  if (!omitted.includes('lineHeight')) {
    const height = lineHeightMultiplier(value.lineHeight, size);
    if (height instanceof LeftOut) return height;
    parts.push(`height: ${printDouble(height)}`, 'leadingDistribution: TextLeadingDistribution.even');
  }
  const spacing = value.letterSpacing;
  const letterSpacing = spacing.unit === 'em' ? spacing.value * size : toDensityIndependent(spacing);
  if (letterSpacing === undefined) return new LeftOut(`its letter spacing ${sizeless(spacing)}`);
  parts.push(`letterSpacing: ${printDouble(letterSpacing)}`);
  return `TextStyle(${parts.join(', ')})`;
}

/** A typography's line height as a multiplier of its font size: a number as is, em x 1, % / 100, a length / the size. */
function lineHeightMultiplier(lineHeight: Extract<TypedValue, { kind: 'typography' }>['lineHeight'], size: number): number | LeftOut {
  if (lineHeight.kind === 'number') return lineHeight.value;
  if (lineHeight.unit === 'em') return lineHeight.value;
  if (lineHeight.unit === '%') return lineHeight.value / 100;
  const pixels = toDensityIndependent(lineHeight);
  return pixels === undefined ? new LeftOut(`its line height ${sizeless(lineHeight)}`) : pixels / size;
}

/**
 * A `LinearGradient` whose line runs as the CSS angle's does (0deg to the top, 90deg to the right): begin and end are
 * where CSS puts them on a square box (the corners at 45deg), so multiples of 90deg are exact on any box.
 */
function printGradient(angle: number, stops: Extract<TypedValue, { kind: 'gradient' }>['stops']): string {
  const radians = (angle * Math.PI) / 180;
  const reach = Math.abs(Math.sin(radians)) + Math.abs(Math.cos(radians));
  const x = reach * Math.sin(radians);
  const y = -reach * Math.cos(radians);
  const alignment = (dx: number, dy: number): string => `Alignment(${printDouble(dx)}, ${printDouble(dy)})`;
  const colors = stops.map((stop) => printColor(stop.color)).join(', ');
  const positions = stops.map((stop) => printDouble(stop.position)).join(', ');
  return `LinearGradient(begin: ${alignment(-x, -y)}, end: ${alignment(x, y)}, colors: <Color>[${colors}], stops: <double>[${positions}])`;
}

/** The `@Deprecated('...')` text of a token: its message, the field to use instead, since when. */
function deprecationOf(token: Token, names: ReadonlyMap<string, string>): string {
  const { message, replacement, since } = token.deprecated as NonNullable<Token['deprecated']>;
  const parts: string[] = [];
  if (message !== null) parts.push(message.trim());
  if (replacement !== null) parts.push(`Use ${names.get(replacement) ?? replacement} instead.`);
  if (since !== null) parts.push(`Deprecated since ${since}.`);
  return parts.length === 0 ? 'Deprecated.' : parts.join(' ');
}

/** The `DesignTokens` constructor's call with every field's value in `mode`. */
function modeInstance(fields: readonly FlutterField[], mode: string): string {
  if (fields.length === 0) return `${CLASS}()`;
  return `${CLASS}(\n${fields.map((field) => `    ${field.name}: ${mapValueAt(field.values, mode)},\n`).join('')}  )`;
}

/**
 * The Flutter file of a design system (`tokens.dart`): a `ThemeExtension` class `DesignTokens` with one final field per
 * token, a const constructor, `copyWith` and `lerp`, one `static const` instance per mode, `modes` by mode name, and
 * MaterialApp's four theme slots (`theme`, `darkTheme`, `highContrastTheme`, `highContrastDarkTheme`) filled from the
 * modes that are those appearances. Tokens Flutter cannot hold are left out (see `lintFlutter`).
 * @example
 * class DesignTokens extends ThemeExtension<DesignTokens> {
 *   const DesignTokens({required this.colorBrand});
 *   final Color colorBrand;
 *   static const DesignTokens light = DesignTokens(colorBrand: Color(0xFF2563EB));
 *   ...
 */
export function renderFlutter(system: CompiledDesignSystem): string {
  const { modes, atBreakpoints, fields } = planOf(system);
  const modeName = new Map(modes.map(({ mode, name }) => [mode, name]));
  const names = new Map(fields.map((field) => [field.token.key, field.name]));
  const { appearances, others } = nativeModes(system);
  const example = mapValueAt(modeName, others[0] ?? 'dark');
  const lines: string[] = [
    `// Design tokens of ${system.meta.slug}. Generated by design-token-server; do not edit.`,
    '//',
    '// MaterialApp(',
    ...SLOTS.map(({ member }) => `//   ${member}: ${CLASS}.${member},`),
    '// )',
    '//',
    `// A value: \`${CLASS}.of(context)${fields[0] === undefined ? '' : `.${fields[0].name}`}\`. Another mode: \`${CLASS}.${example}.applyTo(Theme.of(context))\`.`,
    '',
  ];
  if (fields.some((field) => field.type === 'double')) lines.push("import 'dart:ui' show lerpDouble;", '');
  lines.push("import 'package:flutter/material.dart';", '');
  const modeList = modes.map(({ name }) => `[${name}]`).join(', ');
  const title = docText(commentLine(system.meta.name));
  lines.push(
    `/// The design tokens of ${title} as a [ThemeExtension]: one constant per mode (${modeList}).`,
    '@immutable',
    `class ${CLASS} extends ThemeExtension<${CLASS}> {`,
  );
  if (fields.length === 0) lines.push(`  const ${CLASS}();`, '');
  else lines.push(`  const ${CLASS}({`, ...fields.map((field) => `    required this.${field.name},`), '  });', '');
  for (const field of fields) {
    lines.push(...dartDocLines(field.token.description, '  '));
    if (field.token.deprecated !== undefined) lines.push(`  @Deprecated(${dartString(deprecationOf(field.token, names))})`);
    lines.push(`  final ${field.type} ${field.name};`, '');
  }
  for (const { mode, name } of modes) {
    lines.push(`  /// The mode \`${mode}\`.`, `  static const ${CLASS} ${name} = ${modeInstance(fields, mode)};`, '');
  }
  lines.push(
    '  /// Every mode by its name in `system.yaml`.',
    `  static const Map<String, ${CLASS}> modes = <String, ${CLASS}>{`,
    ...modes.map(({ mode, name }) => `    ${dartString(mode)}: ${name},`),
    '  };',
    '',
  );
  if (atBreakpoints.length > 0) lines.push(...breakpointLines(system, atBreakpoints, fields));
  for (const { slot, member, label } of SLOTS) {
    const mode = appearances[slot];
    if (mode === undefined) {
      const scheme = slot === 'darkHighContrast' ? 'dark' : 'light';
      lines.push(
        `  /// \`MaterialApp.${member}\`: no mode is ${label} (\`media: "(prefers-contrast: more)"\` on ${scheme}).`,
        `  static const ThemeData? ${member} = null;`,
        '',
      );
      continue;
    }
    const brightness = slot === 'dark' || slot === 'darkHighContrast' ? 'dark' : 'light';
    lines.push(
      `  /// \`MaterialApp.${member}\`: the mode \`${mode}\`.`,
      `  static final ThemeData ${member} = ${mapValueAt(modeName, mode)}.applyTo(ThemeData(brightness: Brightness.${brightness}));`,
      '',
    );
  }
  lines.push(
    '  /// The tokens of the nearest [Theme], or [light] when it has none.',
    `  static ${CLASS} of(BuildContext context) => Theme.of(context).extension<${CLASS}>() ?? ${mapValueAt(modeName, 'light')};`,
    '',
    `  /// [base] with these tokens as its [${CLASS}] extension.`,
    '  ThemeData applyTo(ThemeData base) =>',
    '      base.copyWith(extensions: <ThemeExtension<dynamic>>[...base.extensions.values, this]);',
    '',
    ...copyWithLines(fields),
    '',
    ...lerpLines(fields),
    '}',
  );
  if (fields.some((field) => field.type === TRANSITION_CLASS)) lines.push('', ...TRANSITION_LINES);
  return `${lines.join('\n')}\n`;
}

/**
 * What a design system that declares breakpoints adds to the class: one constant per breakpoint and mode (`mdDark`),
 * `breakpoints` (each one's width in logical pixels), `byBreakpoint` and `at(mode, width)`.
 */
function breakpointLines(
  system: CompiledDesignSystem,
  atBreakpoints: FlutterPlan['atBreakpoints'],
  fields: readonly FlutterField[],
): string[] {
  const lines: string[] = [];
  for (const { breakpoint, mode, key, name } of atBreakpoints)
    lines.push(
      `  /// The mode \`${mode}\` at breakpoint \`${breakpoint}\`.`,
      `  static const ${CLASS} ${name} = ${modeInstance(fields, key)};`,
      '',
    );
  const breakpoints = nativeBreakpointsOf(system);
  lines.push(
    '  /// The breakpoints, narrowest first: the width in logical pixels from which each holds (a rem as 16). Compare',
    '  /// `MediaQuery.sizeOf(context).width`, or for a container breakpoint the width a `LayoutBuilder` gives.',
    '  static const Map<String, double> breakpoints = <String, double>{',
    ...breakpoints.map(({ name, width }) => `    ${dartString(name)}: ${printDouble(width)},`),
    '  };',
    '',
    `  /// Every mode at each breakpoint, by breakpoint name, then mode name (\`${BASE_BREAKPOINT}\`, below the first: [modes]).`,
    `  static const Map<String, Map<String, ${CLASS}>> byBreakpoint = <String, Map<String, ${CLASS}>>{`,
    `    ${dartString(BASE_BREAKPOINT)}: modes,`,
    ...breakpoints.map(
      ({ name }) =>
        `    ${dartString(name)}: <String, ${CLASS}>{${atBreakpoints
          .filter(({ breakpoint }) => breakpoint === name)
          .map(({ mode, name: constant }) => `${dartString(mode)}: ${constant}`)
          .join(', ')}},`,
    ),
    '  };',
    '',
    '  /// The tokens of [mode] at [width], mobile first: the widest breakpoint at or below it (below the first: [modes]);',
    '  /// null for a mode the design system does not have.',
    `  static ${CLASS}? at(String mode, double width) {`,
    `    var name = ${dartString(BASE_BREAKPOINT)};`,
    '    for (final entry in breakpoints.entries) {',
    '      if (width >= entry.value) name = entry.key;',
    '    }',
    '    return byBreakpoint[name]?[mode];',
    '  }',
    '',
  );
  return lines;
}

function copyWithLines(fields: readonly FlutterField[]): string[] {
  if (fields.length === 0) return ['  @override', `  ${CLASS} copyWith() => this;`];
  return [
    '  @override',
    `  ${CLASS} copyWith({`,
    ...fields.map(({ type, name }) => `    ${type.endsWith('?') ? type : `${type}?`} ${name},`),
    '  }) {',
    `    return ${CLASS}(`,
    ...fields.map(({ name }) => `      ${name}: ${name} ?? this.${name},`),
    '    );',
    '  }',
  ];
}

function lerpLines(fields: readonly FlutterField[]): string[] {
  const signature = `  ${CLASS} lerp(covariant ThemeExtension<${CLASS}>? other, double t)`;
  if (fields.length === 0) return ['  @override', `${signature} => this;`];
  return [
    '  @override',
    `${signature} {`,
    `    if (other is! ${CLASS}) return this;`,
    `    return ${CLASS}(`,
    ...fields.map(({ type, name }) => `      ${name}: ${LERPS[type]?.(name) ?? `t < 0.5 ? ${name} : other.${name}`},`),
    '    );',
    '  }',
  ];
}

/** The class of a transition token's value (declared only when some token is a transition). */
const TRANSITION_LINES = [
  '/// A transition token: how long it runs, how long it waits first, and its timing curve.',
  '@immutable',
  `class ${TRANSITION_CLASS} {`,
  `  const ${TRANSITION_CLASS}({required this.duration, required this.delay, required this.curve});`,
  '',
  '  final Duration duration;',
  '  final Duration delay;',
  '  final Cubic curve;',
  '}',
];

/**
 * The `flutter` format's lint: `flutter-value-left-out` for a token Flutter cannot hold in some mode (an em, %, ch or
 * viewport length outside a text style, a CSS keyword, an inset shadow, a dashed or dotted border), and
 * `flutter-name-clash` for a token whose Dart name an earlier token has; both warnings, in key order.
 */
export function lintFlutter(system: CompiledDesignSystem): readonly FormatDiagnostic[] {
  return planOf(system).problems;
}
