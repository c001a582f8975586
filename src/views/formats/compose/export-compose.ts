import type { CompiledDesignSystem, DimensionValue, Rgba, Token, TokenType, TypedValue } from '../../../compile/types.js';
import { nativeModes, roundForPlatform, toDensityIndependent } from '../../shared/native-appearance.js';
import { KOTLIN_HARD_KEYWORDS, kotlinDoc, kotlinPropertyNameOf, kotlinString, kotlinTypeNameOf } from './kotlin-names.js';
import { FormatOptionError, keptFirstMessage, noNameMessage, readText } from '../output-format.js';
import type { FormatDiagnostic, FormatQuery, ParameterSchema } from '../output-format.js';
import { perSystem } from '../../shared/system-memo.js';
import { BASE_BREAKPOINT } from '../../shared/breakpoint-systems.js';
import {
  describeModeKey,
  namedModesAtBreakpoints,
  modesAtEveryBreakpoint,
  nativeBreakpointsOf,
  withValuesAtBreakpoints,
} from '../../shared/native-breakpoints.js';

/** The `package` parameter: dotted lowercase identifiers. */
export const COMPOSE_PACKAGE_PARAMETER = {
  type: 'string',
  maxLength: 128,
  pattern: '^[a-z][a-z0-9_]*(\\.[a-z][a-z0-9_]*)*$',
  default: 'design.tokens',
  description: 'The Kotlin package of `Tokens.kt`, e.g. `com.acme.tokens` (default `design.tokens`).',
} as const satisfies ParameterSchema;

/** Options of the Compose export: the Kotlin package. */
export type ComposeOptions = { readonly package: string };

/** Reads `package`, refusing a segment that is a Kotlin keyword (a package cannot escape it). */
export function readComposeOptions(query: FormatQuery): ComposeOptions {
  const name = readText(query, 'package', COMPOSE_PACKAGE_PARAMETER) ?? COMPOSE_PACKAGE_PARAMETER.default;
  const keyword = name.split('.').find((segment) => KOTLIN_HARD_KEYWORDS.has(segment));
  if (keyword !== undefined) throw new FormatOptionError(`\`package\` is malformed: \`${keyword}\` is a Kotlin keyword.`);
  return { package: name };
}

/** The Kotlin type of a token's property, by token type (a spacing written as a shorthand in some mode: `TokenInsets`). */
const KOTLIN_TYPES: Readonly<Record<TokenType, string>> = {
  boolean: 'Boolean',
  border: 'TokenBorder',
  color: 'Color',
  dimension: 'Dp',
  duration: 'Int',
  easing: 'CubicBezierEasing',
  'font.family': 'FontFamily',
  'font.letterSpacing': 'TextUnit',
  'font.lineHeight': 'TextUnit',
  'font.size': 'TextUnit',
  'font.weight': 'FontWeight',
  gradient: 'TokenGradient',
  opacity: 'Float',
  radius: 'Dp',
  shadow: 'List<TokenShadow>',
  spacing: 'Dp',
  strokeStyle: 'String',
  keyword: 'String',
  transition: 'TokenTransition',
  typography: 'TextStyle',
  'z-index': 'Float',
};

/** CSS generic families and what Compose has for them; every family keeps its name in the `...Names` field. */
const GENERIC_FAMILIES: Readonly<Record<string, string>> = {
  'sans-serif': 'FontFamily.SansSerif',
  serif: 'FontFamily.Serif',
  monospace: 'FontFamily.Monospace',
  cursive: 'FontFamily.Cursive',
  'system-ui': 'FontFamily.Default',
  'ui-sans-serif': 'FontFamily.SansSerif',
  'ui-serif': 'FontFamily.Serif',
  'ui-monospace': 'FontFamily.Monospace',
};

/** A value Compose cannot hold, and why (for the lint). */
class LeftOut {
  constructor(
    readonly written: string,
    readonly why: string,
  ) {}
}

/** A number as Kotlin source (no exponent for what `roundForPlatform` leaves). */
const kotlinNumber = (value: number): string => String(value);
/** `16.dp`, `1.5.sp`, `(-2).dp`: a negative receiver needs parentheses. */
const withUnit = (value: number, unit: 'dp' | 'sp' | 'em'): string =>
  value < 0 ? `(${kotlinNumber(value)}).${unit}` : `${kotlinNumber(value)}.${unit}`;
const kotlinFloat = (value: number): string => `${kotlinNumber(value)}f`;
const hex2 = (value: number): string => value.toString(16).toUpperCase().padStart(2, '0');

/** `Color(0xAARRGGBB)`: Compose's constructor from 32-bit ARGB (an alpha below 0x80 is an `Int` literal; both overloads mean the same). */
function kotlinColor({ red, green, blue, alpha }: Rgba): string {
  return `Color(0x${hex2(Math.round(alpha * 255))}${hex2(red)}${hex2(green)}${hex2(blue)})`;
}

/** A length in dp (px 1:1, rem x16), or why not. */
function lengthOf(dimension: DimensionValue, unit: 'dp' | 'sp'): string | LeftOut {
  const value = toDensityIndependent(dimension);
  if (value === undefined)
    return new LeftOut(`${dimension.value}${dimension.unit}`, `a length in \`${dimension.unit}\` has no fixed size in an app`);
  return withUnit(value, unit);
}

/** The description of a value the export cannot write (for the lint). */
function writtenOf(value: TypedValue): string {
  if (value.kind === 'keyword') return value.keyword;
  if (value.kind === 'dimension') return `${value.value}${value.unit}`;
  if (value.kind === 'shadow') return value.text ?? value.kind;
  return value.kind;
}

const keywordLeftOut = (value: TypedValue): LeftOut =>
  new LeftOut(writtenOf(value), value.kind === 'keyword' ? 'a CSS keyword has no value in an app' : 'Compose has no such value');

/** A font family: Compose's generic family for the first generic name of the stack, `FontFamily.Default` without one. */
function fontFamilyOf(families: readonly string[]): string {
  for (const family of families) {
    const generic = GENERIC_FAMILIES[family];
    if (generic !== undefined) return generic;
  }
  return 'FontFamily.Default';
}

/** A letter spacing or line height inside a typography: `em` and multipliers times its font size, in sp. */
function relativeToSize(dimension: DimensionValue, fontSize: number): string | LeftOut {
  if (dimension.unit === 'em') return withUnit(roundForPlatform(dimension.value * fontSize), 'sp');
  return lengthOf(dimension, 'sp');
}

/** A typography as `TextStyle(...)` with named arguments; the parts the token leaves out are left to Compose's defaults. */
function textStyleOf(value: Extract<TypedValue, { kind: 'typography' }>): string | LeftOut {
  const fontSize = toDensityIndependent(value.fontSize);
  if (fontSize === undefined) return lengthOf(value.fontSize, 'sp');
  const omitted = new Set(value.omitted ?? []);
  const lineHeight =
    value.lineHeight.kind === 'number'
      ? withUnit(roundForPlatform(value.lineHeight.value * fontSize), 'sp')
      : relativeToSize(value.lineHeight, fontSize);
  const letterSpacing = relativeToSize(value.letterSpacing, fontSize);
  if (lineHeight instanceof LeftOut) return lineHeight;
  if (letterSpacing instanceof LeftOut) return letterSpacing;
  const parts: string[] = [];
  if (!omitted.has('fontFamily')) parts.push(`fontFamily = ${fontFamilyOf(value.fontFamily.families)}`);
  parts.push(`fontSize = ${withUnit(fontSize, 'sp')}`);
  if (!omitted.has('fontWeight')) parts.push(`fontWeight = FontWeight(${Math.round(value.fontWeight.value)})`);
  if (!omitted.has('lineHeight')) parts.push(`lineHeight = ${lineHeight}`);
  parts.push(`letterSpacing = ${letterSpacing}`);
  return `TextStyle(${parts.join(', ')})`;
}

/** A spacing shorthand (`8px 16px`) as its four sides, as CSS expands it. */
function insetsOf(value: Extract<TypedValue, { kind: 'lengths' }>): string | LeftOut {
  const sides: string[] = [];
  for (const side of value.values) {
    const written = side.kind === 'dimension' ? lengthOf(side, 'dp') : keywordLeftOut(side);
    if (written instanceof LeftOut) return written;
    sides.push(written);
  }
  const [top = '0.dp', right = top, bottom = top, left = right] = sides;
  return `TokenInsets(top = ${top}, right = ${right}, bottom = ${bottom}, left = ${left})`;
}

/** A shadow's layers as `listOf(TokenShadow(...))`; `none` as an empty list. */
function shadowOf(value: TypedValue): string | LeftOut {
  if (value.kind === 'keyword' && value.keyword === 'none') return 'emptyList()';
  if (value.kind !== 'shadow') return keywordLeftOut(value);
  if (value.layers === null) return new LeftOut(value.text ?? 'shadow', 'a shadow that is not read as layers has no value in an app');
  const layers: string[] = [];
  for (const layer of value.layers) {
    const sides = [layer.offsetX, layer.offsetY, layer.blur, layer.spread].map((side) => lengthOf({ kind: 'dimension', ...side }, 'dp'));
    const leftOut = sides.find((side) => side instanceof LeftOut);
    if (leftOut !== undefined) return leftOut;
    const [x, y, blur, spread] = sides as string[];
    layers.push(
      `TokenShadow(color = ${kotlinColor(layer.color)}, offsetX = ${x}, offsetY = ${y}, blur = ${blur}, spread = ${spread}, inset = ${layer.inset})`,
    );
  }
  return `listOf(${layers.join(', ')})`;
}

const easingOf = (points: readonly number[]): string => `CubicBezierEasing(${points.map(kotlinFloat).join(', ')})`;

/** The Kotlin expression of a token's value in one mode, or why Compose cannot hold it. */
function kotlinValueOf(type: TokenType, shorthand: boolean, value: TypedValue): string | LeftOut {
  switch (type) {
    case 'color':
      return value.kind === 'color' ? kotlinColor(value.color) : keywordLeftOut(value);
    case 'dimension':
    case 'radius':
    case 'spacing':
      if (value.kind === 'lengths') {
        if (shorthand) return insetsOf(value);
        const [only] = value.values;
        return only?.kind === 'dimension' ? lengthOf(only, 'dp') : keywordLeftOut(only ?? value);
      }
      if (value.kind !== 'dimension') return keywordLeftOut(value);
      return shorthand ? insetsOf({ kind: 'lengths', values: [value] }) : lengthOf(value, 'dp');
    case 'font.size':
      return value.kind === 'dimension' ? lengthOf(value, 'sp') : keywordLeftOut(value);
    case 'font.letterSpacing':
    case 'font.lineHeight':
      // Compose's `em` is relative to the font size of the text it is used on, as CSS's is.
      if (value.kind === 'number') return withUnit(value.value, 'em');
      if (value.kind !== 'dimension') return keywordLeftOut(value);
      return value.unit === 'em' ? withUnit(value.value, 'em') : lengthOf(value, 'sp');
    case 'font.weight':
      return value.kind === 'number' ? `FontWeight(${Math.round(value.value)})` : keywordLeftOut(value);
    case 'font.family':
      return value.kind === 'fontFamily' ? fontFamilyOf(value.families) : keywordLeftOut(value);
    case 'opacity':
    case 'z-index':
      return value.kind === 'number' ? kotlinFloat(value.value) : keywordLeftOut(value);
    case 'duration':
      return value.kind === 'duration' ? String(Math.round(value.value)) : keywordLeftOut(value);
    case 'easing':
      return value.kind === 'cubicBezier' ? easingOf(value.points) : keywordLeftOut(value);
    case 'shadow':
      return shadowOf(value);
    case 'boolean':
      return value.kind === 'boolean' ? String(value.value) : keywordLeftOut(value);
    case 'strokeStyle':
      return value.kind === 'strokeStyle' ? kotlinString(value.style) : keywordLeftOut(value);
    case 'keyword':
      return value.kind === 'keywords' ? kotlinString(value.text) : keywordLeftOut(value);
    case 'border': {
      if (value.kind !== 'border') return keywordLeftOut(value);
      const width = lengthOf(value.width, 'dp');
      if (width instanceof LeftOut) return width;
      return `TokenBorder(width = ${width}, style = ${kotlinString(value.style.style)}, color = ${kotlinColor(value.color.color)})`;
    }
    case 'transition':
      if (value.kind !== 'transition') return keywordLeftOut(value);
      return `TokenTransition(durationMillis = ${Math.round(value.duration.value)}, delayMillis = ${Math.round(value.delay.value)}, easing = ${easingOf(value.timingFunction.points)})`;
    case 'gradient':
      if (value.kind !== 'gradient') return keywordLeftOut(value);
      return `TokenGradient(angle = ${kotlinFloat(value.angle)}, colorStops = listOf(${value.stops
        .map((stop) => `${kotlinFloat(stop.position)} to ${kotlinColor(stop.color)}`)
        .join(', ')}))`;
    case 'typography':
      return value.kind === 'typography' ? textStyleOf(value) : keywordLeftOut(value);
  }
}

/** One token's property in `Tokens`, with its value per mode. */
interface ComposeProperty {
  readonly token: Token;
  readonly name: string;
  readonly type: string;
  /** The value in each mode, by mode name. */
  readonly values: ReadonlyMap<string, string>;
  /** The `List<String>` property beside a font family or a typography: the families of its stack, by name, in order. */
  readonly familyName?: { readonly name: string; readonly values: ReadonlyMap<string, string> };
}

/** What the Compose export writes of a design system: its properties, its mode objects and its lint. */
interface ComposePlan {
  readonly properties: readonly ComposeProperty[];
  /** Each mode with the name of its object, in the order of `system.modes`. */
  readonly modes: readonly { readonly mode: string; readonly name: string }[];
  /** Per breakpoint, each mode's object there: its name and the key of its values (`dark@lg`); none without breakpoints. */
  readonly atBreakpoints: readonly { readonly breakpoint: string; readonly mode: string; readonly key: string; readonly name: string }[];
  readonly diagnostics: readonly FormatDiagnostic[];
}

/** The plan of a design system, worked out once (the render and the lint share it). */
const planOf = perSystem((system): ComposePlan => planUncached(system));

/** The top-level names the file declares besides the mode objects. */
const FILE_NAMES = ['Tokens', 'LocalTokens', 'TokenShadow', 'TokenBorder', 'TokenTransition', 'TokenGradient', 'TokenInsets'];

function planUncached(system: CompiledDesignSystem): ComposePlan {
  // Each object is a class file of its own: names are compared as a case-insensitive disk (a Mac's) compares them, so
  // `dark-dimmed` and `darkdimmed` (`DarkDimmedTokens`, `ModeDarkdimmedTokens`) do not overwrite each other's.
  const taken = new Set(FILE_NAMES.map((name) => name.toLowerCase()));
  const modes = system.modes.map(({ name: mode }) => {
    let name = kotlinTypeNameOf(mode, 'Tokens');
    while (taken.has(name.toLowerCase())) name = `Mode${name}`;
    taken.add(name.toLowerCase());
    return { mode, name };
  });
  const atBreakpoints = namedModesAtBreakpoints(system, (words) => {
    let name = kotlinTypeNameOf(words, 'Tokens');
    while (taken.has(name.toLowerCase())) name = `At${name}`;
    taken.add(name.toLowerCase());
    return name;
  });
  const valueKeys = modesAtEveryBreakpoint(system);
  // What holds each property name: a token, or the family name of one.
  const holders = new Map<string, { readonly key: string; readonly family: boolean }>();
  const properties: ComposeProperty[] = [];
  const diagnostics: FormatDiagnostic[] = [];
  for (const listed of system.tokens) {
    // Every mode's value, and with breakpoints each mode's at each breakpoint: the objects of both hold one property.
    const token = withValuesAtBreakpoints(system, listed);
    const resolved = valueKeys.map((name) => [name, token.resolved[name] ?? token.resolved.light] as const);
    const shorthand = resolved.some(([, value]) => value.kind === 'lengths' && value.values.length > 1);
    const values = new Map<string, string>();
    let leftOut: { readonly mode: string; readonly reason: LeftOut } | undefined;
    for (const [mode, value] of resolved) {
      const written = kotlinValueOf(token.type, shorthand, value);
      if (written instanceof LeftOut) {
        leftOut = { mode, reason: written };
        break;
      }
      values.set(mode, written);
    }
    if (leftOut !== undefined) {
      diagnostics.push({
        token: token.key,
        rule: 'compose-value-left-out',
        severity: 'warning',
        message: `\`${token.key}\` is \`${leftOut.reason.written}\` in ${describeModeKey(leftOut.mode)}: ${leftOut.reason.why}, so the Compose export leaves the token out`,
      });
      continue;
    }
    const name = kotlinPropertyNameOf(token.key);
    if (name === '') {
      diagnostics.push({
        token: token.key,
        rule: 'compose-name-clash',
        severity: 'warning',
        message: noNameMessage(token.key, 'Kotlin', 'Compose'),
      });
      continue;
    }
    const hasFamily = token.type === 'font.family' || token.type === 'typography';
    const familyName = hasFamily ? `${name}${token.type === 'font.family' ? 'Names' : 'FontFamilyNames'}` : undefined;
    const clash = [name, familyName]
      .map((candidate) => (candidate === undefined ? undefined : ([candidate, holders.get(candidate)] as const)))
      .find((entry) => entry?.[1] !== undefined);
    if (clash !== undefined) {
      const [clashing, holder] = clash as readonly [string, { readonly key: string; readonly family: boolean }];
      diagnostics.push({
        token: token.key,
        rule: 'compose-name-clash',
        severity: 'warning',
        message: holder.family
          ? `\`${token.key}\` gets the Kotlin name \`${clashing}\`, which the Compose export gives the font family names of \`${holder.key}\`: the token is left out`
          : keptFirstMessage(token.key, holder.key, `Kotlin name \`${clashing}\``, 'Compose'),
      });
      continue;
    }
    holders.set(name, { key: token.key, family: false });
    const type = shorthand ? 'TokenInsets' : KOTLIN_TYPES[token.type];
    if (familyName === undefined) {
      properties.push({ token: listed, name, type, values });
      continue;
    }
    holders.set(familyName, { key: token.key, family: true });
    const familyValues = new Map(
      resolved.map(([mode, value]) => {
        const families = value.kind === 'fontFamily' ? value.families : value.kind === 'typography' ? value.fontFamily.families : [];
        return [mode, `listOf(${families.map(kotlinString).join(', ')})`] as const;
      }),
    );
    properties.push({ token: listed, name, type, values, familyName: { name: familyName, values: familyValues } });
  }
  return { properties, modes, atBreakpoints, diagnostics };
}

/** The `compose` format's lint: a value Compose cannot hold (`compose-value-left-out`), two tokens on one name (`compose-name-clash`). */
export function lintCompose(system: CompiledDesignSystem): readonly FormatDiagnostic[] {
  return planOf(system).diagnostics;
}

/** The Kotlin names of each token the export keeps, by key: its property and, for a font family or typography, its names field. */
export function composeNamesOf(system: CompiledDesignSystem): ReadonlyMap<string, { readonly name: string; readonly familyName?: string }> {
  return new Map(
    planOf(system).properties.map(({ token, name, familyName }) => [
      token.key,
      familyName === undefined ? { name } : { name, familyName: familyName.name },
    ]),
  );
}

/** The properties of the Compose export by token key, worked out once. */
const propertiesByKey = perSystem((system) => new Map(planOf(system).properties.map((property) => [property.token.key, property])));

/**
 * The Kotlin expression a composable writes to read a token (`LocalTokens.current.<property>`), or undefined when the
 * Compose export leaves the token out (its lint says why).
 * @example composeSymbolOf(acme, 'color.brand.primary') // 'LocalTokens.current.colorBrandPrimary'
 */
export function composeSymbolOf(system: CompiledDesignSystem, key: string): string | undefined {
  const property = propertiesByKey(system).get(key);
  return property === undefined ? undefined : `LocalTokens.current.${property.name}`;
}

const IMPORTS = [
  'androidx.compose.animation.core.CubicBezierEasing',
  'androidx.compose.foundation.isSystemInDarkTheme',
  'androidx.compose.runtime.Composable',
  'androidx.compose.runtime.Immutable',
  'androidx.compose.runtime.staticCompositionLocalOf',
  'androidx.compose.ui.graphics.Color',
  'androidx.compose.ui.text.TextStyle',
  'androidx.compose.ui.text.font.FontFamily',
  'androidx.compose.ui.text.font.FontWeight',
  'androidx.compose.ui.unit.Dp',
  'androidx.compose.ui.unit.TextUnit',
  'androidx.compose.ui.unit.dp',
  'androidx.compose.ui.unit.em',
  'androidx.compose.ui.unit.sp',
];

const HELPER_CLASSES = `/** One layer of a shadow: its color, offsets, blur and spread in dp, and whether it is inset. */
@Immutable
data class TokenShadow(val color: Color, val offsetX: Dp, val offsetY: Dp, val blur: Dp, val spread: Dp, val inset: Boolean)

/** A border: \`BorderStroke(width, color)\`; \`style\` is the CSS line style (\`solid\`, \`dashed\`, ...). */
@Immutable
data class TokenBorder(val width: Dp, val style: String, val color: Color)

/** A transition: the arguments of \`tween(durationMillis, delayMillis, easing)\`. */
@Immutable
data class TokenTransition(val durationMillis: Int, val delayMillis: Int, val easing: CubicBezierEasing)

/** A linear gradient: its CSS angle in degrees (180 is top to bottom) and the stops of \`Brush.linearGradient(*colorStops.toTypedArray(), start, end)\`. */
@Immutable
data class TokenGradient(val angle: Float, val colorStops: List<Pair<Float, Color>>)

/** A spacing written as a CSS shorthand (\`8px 16px\`): its four sides in dp, for \`PaddingValues.Absolute(left, top, right, bottom)\`. */
@Immutable
data class TokenInsets(val top: Dp, val right: Dp, val bottom: Dp, val left: Dp)
`;

/** The `@Deprecated` annotation of a deprecated token, with `ReplaceWith` when its replacement is a property too. */
function deprecatedOf(token: Token, names: ReadonlyMap<string, string>): string {
  const deprecation = token.deprecated;
  if (deprecation === undefined) return '';
  const replacement = deprecation.replacement === null ? undefined : names.get(deprecation.replacement);
  let message = deprecation.message ?? `\`${token.key}\` is deprecated.`;
  if (deprecation.since !== null) message += ` Deprecated since ${deprecation.since}.`;
  if (deprecation.replacement !== null && replacement === undefined) message += ` Use \`${deprecation.replacement}\` instead.`;
  const replaceWith = replacement === undefined ? '' : `, ReplaceWith(${kotlinString(replacement)})`;
  return `    @Deprecated(${kotlinString(message)}${replaceWith})\n`;
}

/**
 * What a design system that declares breakpoints adds: `breakpoints` (name and width in dp, narrowest first),
 * `tokensByBreakpoint` (each breakpoint's objects by mode name, `base` the mode objects) and `tokensAt(mode, width)`.
 */
function breakpointLines(system: CompiledDesignSystem, atBreakpoints: ComposePlan['atBreakpoints']): string {
  const breakpoints = nativeBreakpointsOf(system);
  const lines = [
    '',
    '/**',
    ' * The breakpoints, narrowest first: each one\u2019s name and the width from which it holds, in dp (a rem as 16dp). Compare',
    ' * the window\u2019s width (`LocalConfiguration.current.screenWidthDp`), or for a container breakpoint the container\u2019s.',
    ' */',
    'val breakpoints: List<Pair<String, Dp>> = listOf(',
    ...breakpoints.map(({ name, width }) => `    ${kotlinString(name)} to ${withUnit(width, 'dp')},`),
    ')',
    '',
    '/** Every mode\u2019s object at each breakpoint, by breakpoint name, then mode name (`base`, below the first: [tokensByMode]). */',
    'val tokensByBreakpoint: Map<String, Map<String, Tokens>> = mapOf(',
    `    ${kotlinString(BASE_BREAKPOINT)} to tokensByMode,`,
    ...breakpoints.map(
      ({ name }) =>
        `    ${kotlinString(name)} to mapOf(${atBreakpoints
          .filter(({ breakpoint }) => breakpoint === name)
          .map(({ mode, name: object }) => `${kotlinString(mode)} to ${object}`)
          .join(', ')}),`,
    ),
    ')',
    '',
    '/** The tokens of [mode] at [width], mobile first: the widest breakpoint at or below it (below the first: [tokensByMode]); null for a mode the design system does not have. */',
    'fun tokensAt(mode: String, width: Dp): Tokens? =',
    `    tokensByBreakpoint[breakpoints.lastOrNull { width.value >= it.second.value }?.first ?: ${kotlinString(BASE_BREAKPOINT)}]?.get(mode)`,
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * `Tokens.kt` for Jetpack Compose: the `@Immutable` abstract class `Tokens` with one property per token, one object
 * per mode (`LightTokens`, `DarkTokens`, each further mode's), `tokensByMode`, `LocalTokens` and `systemTokens()`.
 * @example
 * package design.tokens
 * ...
 * @Immutable
 * abstract class Tokens {
 *     /** Body text. *\/
 *     abstract val colorTextDefault: Color
 * }
 *
 * object LightTokens : Tokens() {
 *     override val colorTextDefault: Color get() = Color(0xFF0F172A)
 * }
 */
export function renderCompose(system: CompiledDesignSystem, options: ComposeOptions): string {
  const { properties, modes, atBreakpoints } = planOf(system);
  const names = new Map(properties.map(({ token, name }) => [token.key, name]));
  const objectOf = new Map(modes.map(({ mode, name }) => [mode, name]));
  const parts = [
    `// Design tokens of ${system.meta.slug} for Jetpack Compose. Generated by design-token-server; do not edit.\n`,
    `package ${options.package}\n\n`,
    IMPORTS.map((name) => `import ${name}\n`).join(''),
    '\n',
    HELPER_CLASSES,
    '\n',
    kotlinDoc(
      `The design tokens of ${system.meta.name}: one object per mode (${modes.map(({ name }) => name).join(', ')}). Lengths in dp (px 1:1, rem x16), font sizes in sp, durations in milliseconds.`,
      '',
    ),
    '@Immutable\nabstract class Tokens {\n',
  ];
  // A declaration with a comment or an annotation stands apart; plain ones follow each other.
  let first = true;
  let apart = false;
  const declare = (head: string, declaration: string): void => {
    parts.push(!first && (apart || head !== '') ? '\n' : '', head, declaration);
    first = false;
    apart = head !== '';
  };
  for (const { token, name, type, familyName } of properties) {
    declare(`${kotlinDoc(token.description, '    ')}${deprecatedOf(token, names)}`, `    abstract val ${name}: ${type}\n`);
    if (familyName !== undefined)
      declare(
        `    /** The font families of \`${name}\` by name, in order: Compose loads no font by name, so map the first you bundle to a \`FontFamily\`. */\n`,
        `    abstract val ${familyName.name}: List<String>\n`,
      );
  }
  parts.push('}\n');
  const objects = [
    ...modes.map(({ mode, name }, index) => {
      // A further mode says what it is built on (light and dark are the two every system has).
      const definition = index < 2 ? undefined : system.modes[index];
      const about =
        definition?.base == null
          ? `The \`${mode}\` mode.`
          : `The \`${mode}\` mode (on \`${definition.base}\`${definition.media === null ? '' : `, ${definition.media}`}).`;
      return { key: mode, name, about };
    }),
    ...atBreakpoints.map(({ breakpoint, mode, key, name }) => ({
      key,
      name,
      about: `The \`${mode}\` mode at breakpoint \`${breakpoint}\`.`,
    })),
  ];
  for (const { key, name, about } of objects) {
    parts.push('\n', kotlinDoc(about, ''), `object ${name} : Tokens() {\n`);
    for (const { token, name: property, type, values, familyName } of properties) {
      // An override of a deprecated property is deprecated too (Kotlin warns otherwise).
      parts.push(`${deprecatedOf(token, names)}    override val ${property}: ${type} get() = ${values.get(key)}\n`);
      if (familyName !== undefined) parts.push(`    override val ${familyName.name}: List<String> get() = ${familyName.values.get(key)}\n`);
    }
    parts.push('}\n');
  }
  const { appearances } = nativeModes(system);
  const object = (mode: string | undefined, fallback: string): string => objectOf.get(mode ?? fallback) ?? 'LightTokens';
  parts.push(
    '\n/** Every mode’s object by mode name: `light`, `dark`, then the further modes in the order `system.yaml` declares them. */\n',
    'val tokensByMode: Map<String, Tokens> = mapOf(\n',
    modes.map(({ mode, name }) => `    ${kotlinString(mode)} to ${name},\n`).join(''),
    ')\n\n',
    '/** The tokens the composition reads (`LocalTokens.current`): light until a `CompositionLocalProvider` provides another mode. */\n',
    `val LocalTokens = staticCompositionLocalOf<Tokens> { ${object('light', 'light')} }\n\n`,
    '/**\n',
    ' * The mode of the system’s appearance: dark when [darkTheme], the high-contrast mode of the scheme when [highContrast]\n',
    ' * (a mode whose `media` is `(prefers-contrast: more)`; without one, the scheme’s own mode). Compose has no high-contrast\n',
    ' * setting of its own: pass what your app reads (`UiModeManager.contrast` on Android 14+).\n',
    ' */\n',
    '@Composable\n',
    'fun systemTokens(darkTheme: Boolean = isSystemInDarkTheme(), highContrast: Boolean = false): Tokens = when {\n',
    `    darkTheme && highContrast -> ${object(appearances.darkHighContrast, 'dark')}\n`,
    `    darkTheme -> ${object('dark', 'dark')}\n`,
    `    highContrast -> ${object(appearances.lightHighContrast, 'light')}\n`,
    `    else -> ${object('light', 'light')}\n`,
    '}\n',
  );
  if (atBreakpoints.length > 0) parts.push(breakpointLines(system, atBreakpoints));
  return parts.join('');
}
