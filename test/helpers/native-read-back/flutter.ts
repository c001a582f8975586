import type { CompiledDesignSystem, Rgba, Token, TypedValue } from '../../../src/compile/types.js';
import { OUTPUT_FORMATS } from '../../../src/views/formats/output-formats.js';
import { parseDart, syntaxErrors } from '../native-tools.js';
import type { SyntaxNode } from '../native-tools.js';
import type { ReadBack } from './read-back.js';

/**
 * The Flutter export read back: tokens.dart parsed by tree-sitter-dart (no Dart SDK installs here), every mode
 * constant's arguments read out of the syntax tree, and what each must be worked out from the compiled values in
 * every mode (the oracle). Used by test/views/formats/flutter/export-flutter.test.ts and scripts/verify-native-outputs.mjs.
 */

// ---------------------------------------------------------------------------------------------------------------
// Reading the syntax tree: a Dart expression as plain data.

/** A Dart expression as the test reads it: a literal, a list, a call with its arguments, or a name (`FontWeight.w500`). */
export type Expr = number | string | boolean | null | readonly Expr[] | Call | { readonly ref: string };
export interface Call {
  readonly call: string;
  readonly args: readonly Expr[];
  readonly named: Readonly<Record<string, Expr>>;
}

export const call = (name: string, args: readonly Expr[] = [], named: Readonly<Record<string, Expr>> = {}): Call => ({
  call: name,
  args,
  named,
});
export const ref = (name: string): Expr => ({ ref: name });

/** The nodes between separators (`,`) of a bracketed node's children, brackets left out. */
function groups(children: readonly SyntaxNode[], open: string, close: string): SyntaxNode[][] {
  const result: SyntaxNode[][] = [];
  let current: SyntaxNode[] = [];
  for (const child of children) {
    if (child.type === open || child.type === 'type_arguments' || child.type === 'const_builtin') continue;
    if (child.type === ',' || child.type === close) {
      if (current.length > 0) result.push(current);
      current = [];
    } else current.push(child);
  }
  return result;
}

/** A Dart string literal's value (single-quoted, with the escapes the export writes). */
function decodeString(node: SyntaxNode): string {
  if (node.namedChildren.some((child) => child.type === 'template_substitution')) throw new Error(`interpolation in ${node.text}`);
  const text = node.text;
  if (!text.startsWith("'") || !text.endsWith("'")) throw new Error(`not a single-quoted string: ${text}`);
  return text.slice(1, -1).replace(/\\(u\{[0-9A-Fa-f]+\}|.)/g, (_, escape: string) => {
    if (escape.startsWith('u{')) return String.fromCodePoint(parseInt(escape.slice(2, -1), 16));
    return { n: '\n', r: '\r', t: '\t' }[escape] ?? escape;
  });
}

/** The arguments of an `arguments` node: positional and named. */
function readArguments(node: SyntaxNode): { args: Expr[]; named: Record<string, Expr> } {
  const args: Expr[] = [];
  const named: Record<string, Expr> = {};
  for (const [argument] of groups(node.children, '(', ')')) {
    if (argument === undefined) continue;
    if (argument.type === 'named_argument') {
      const [label, ...value] = argument.children;
      named[(label as SyntaxNode).children[0]?.text as string] = evaluate(value);
    } else args.push(evaluate(argument.children));
  }
  return { args, named };
}

/** The value of the expression made of `parts` (a primary and its selectors, as tree-sitter-dart lays them out). */
function evaluate(parts: readonly SyntaxNode[]): Expr {
  const [first, ...selectors] = parts;
  if (first === undefined) throw new Error('empty expression');
  switch (first.type) {
    case 'decimal_integer_literal':
    case 'decimal_floating_point_literal':
      return Number(first.text);
    case 'hex_integer_literal':
      return Number.parseInt(first.text.slice(2), 16);
    case 'string_literal':
      return decodeString(first);
    case 'true':
    case 'false':
      return first.type === 'true';
    case 'null_literal':
      return null;
    case 'unary_expression':
      return -(evaluate(first.children.slice(1)) as number);
    case 'list_literal':
      return groups(first.children, '[', ']').map(evaluate);
    case 'identifier': {
      let name = first.text;
      for (const selector of selectors) {
        const member = selector.children.find((child) => child.type === 'unconditional_assignable_selector');
        if (member !== undefined) {
          name += member.text;
          continue;
        }
        const argumentPart = selector.children.find((child) => child.type === 'argument_part');
        const argumentsNode = argumentPart?.children.find((child) => child.type === 'arguments');
        if (argumentsNode === undefined) throw new Error(`unexpected selector ${selector.text}`);
        const { args, named } = readArguments(argumentsNode);
        return call(name, args, named);
      }
      return ref(name);
    }
    default:
      throw new Error(`unexpected ${first.type}: ${first.text}`);
  }
}

function descendants(node: SyntaxNode, type: string): SyntaxNode[] {
  const found: SyntaxNode[] = [];
  const visit = (current: SyntaxNode): void => {
    if (current.type === type) found.push(current);
    for (const child of current.namedChildren) visit(child);
  };
  visit(node);
  return found;
}

/** Every `static const DesignTokens <name> = DesignTokens(...)` of the file: its named arguments by constant name. */
export function modeConstants(root: SyntaxNode): Map<string, Record<string, Expr>> {
  const constants = new Map<string, Record<string, Expr>>();
  for (const declaration of descendants(root, 'static_final_declaration')) {
    const [name, , ...value] = declaration.children;
    if (value[0]?.text !== 'DesignTokens') continue;
    const expr = evaluate(value) as Call;
    constants.set((name as SyntaxNode).text, { ...expr.named });
  }
  return constants;
}

/** The names of the instance fields of class `DesignTokens`, in order (`final <Type> <name>;`). */
export function fieldNames(root: SyntaxNode): string[] {
  const tokens = descendants(root, 'class_definition').find((node) => node.namedChildren[0]?.text === 'DesignTokens');
  return descendants(tokens as SyntaxNode, 'declaration')
    .filter((node) => node.children[0]?.type === 'final_builtin')
    .flatMap((node) => descendants(node, 'initialized_identifier').map((identifier) => identifier.text));
}

// ---------------------------------------------------------------------------------------------------------------
// The oracle: what each resolved value must be in Dart, worked out here from the DTCG units (px 1:1, rem x16).

/** Logical pixels of a length, or undefined for a unit without a size off the web. */
function logical(length: { readonly value: number; readonly unit: string }): number | undefined {
  if (length.unit === 'px') return length.value;
  if (length.unit === 'rem') return length.value * 16;
  return undefined;
}

const argb = ({ red, green, blue, alpha }: Rgba): number => Math.round(alpha * 255) * 2 ** 24 + red * 2 ** 16 + green * 2 ** 8 + blue;
const color = (rgba: Rgba): Expr => call('Color', [argb(rgba)]);
const duration = (ms: number): Expr => call('Duration', [], { milliseconds: ms });
const weight = (value: number): Expr => ref(`FontWeight.w${Math.min(9, Math.max(1, Math.round(value / 100))) * 100}`);
const cubic = (points: readonly number[]): Expr => call('Cubic', points);

/** `[a, b, ...]`, or undefined when any is. */
function all(values: readonly (Expr | undefined)[]): Expr[] | undefined {
  return values.some((value) => value === undefined) ? undefined : (values as Expr[]);
}

/** A `TextStyle(...)` from a typography value; undefined when its size or a part has no logical size. */
function textStyle(value: Extract<TypedValue, { kind: 'typography' }>): Expr | undefined {
  const size = logical(value.fontSize);
  if (size === undefined) return undefined;
  const omitted = value.omitted ?? [];
  const named: Record<string, Expr> = {};
  if (!omitted.includes('fontFamily')) {
    const [family, ...fallback] = value.fontFamily.families;
    named['fontFamily'] = family as string;
    if (fallback.length > 0) named['fontFamilyFallback'] = fallback;
  }
  named['fontSize'] = size;
  if (!omitted.includes('fontWeight')) named['fontWeight'] = weight(value.fontWeight.value);
  if (!omitted.includes('lineHeight')) {
    const lineHeight = value.lineHeight;
    if (lineHeight.kind === 'number') named['height'] = lineHeight.value;
    else if (lineHeight.unit === 'em') named['height'] = lineHeight.value;
    else if (lineHeight.unit === '%') named['height'] = lineHeight.value / 100;
    else named['height'] = (logical(lineHeight) as number) / size;
    named['leadingDistribution'] = ref('TextLeadingDistribution.even');
  }
  const spacing = value.letterSpacing;
  named['letterSpacing'] = spacing.unit === 'em' ? spacing.value * size : (logical(spacing) as number);
  return call('TextStyle', [], named);
}

/** The four sides of a CSS `padding` shorthand as `EdgeInsets.fromLTRB`. */
function edgeInsets(value: TypedValue): Expr | undefined {
  const lengths = value.kind === 'lengths' ? value.values : [value];
  const sides = lengths.map((length) => (length.kind === 'dimension' ? logical(length) : undefined));
  if (sides.some((side) => side === undefined)) return undefined;
  const [top, right = top, bottom = top, left = right] = sides as number[];
  return call('EdgeInsets.fromLTRB', [left, top, right, bottom] as number[]);
}

/** The gradient line of a CSS angle, as Alignment points on a square box (exact for multiples of 90°). */
function gradient(value: Extract<TypedValue, { kind: 'gradient' }>): Expr {
  const radians = (value.angle * Math.PI) / 180;
  const reach = Math.abs(Math.sin(radians)) + Math.abs(Math.cos(radians));
  const x = reach * Math.sin(radians);
  const y = -reach * Math.cos(radians);
  return call('LinearGradient', [], {
    begin: call('Alignment', [-x, -y]),
    end: call('Alignment', [x, y]),
    colors: value.stops.map((stop) => color(stop.color)),
    stops: value.stops.map((stop) => stop.position),
  });
}

/** What token `token` must be in Dart in `mode`; undefined when Flutter has no such value (the token is left out). */
export function expectedDart(token: Token, mode: string): Expr | undefined {
  const value = token.resolved[mode] as TypedValue;
  const modes = Object.values(token.resolved);
  if (token.type === 'font.lineHeight') {
    // A multiplier (a number, em or %) in every mode, or a length in logical pixels in every mode.
    const multiplier = (each: TypedValue): number | undefined =>
      each.kind === 'number'
        ? each.value
        : each.kind === 'dimension' && each.unit === 'em'
          ? each.value
          : each.kind === 'dimension' && each.unit === '%'
            ? each.value / 100
            : undefined;
    const length = (each: TypedValue): number | undefined => (each.kind === 'dimension' ? logical(each) : undefined);
    if (modes.every((each) => multiplier(each) !== undefined)) return multiplier(value);
    if (modes.every((each) => length(each) !== undefined)) return length(value);
    return undefined;
  }
  switch (value.kind) {
    case 'color':
      return color(value.color);
    case 'dimension':
    case 'lengths':
      if (modes.some((each) => each.kind === 'lengths')) return edgeInsets(value);
      return value.kind === 'dimension' ? logical(value) : undefined;
    case 'number':
      return token.type === 'font.weight' ? weight(value.value) : value.value;
    case 'duration':
      return duration(value.value);
    case 'cubicBezier':
      return cubic(value.points);
    case 'fontFamily':
      return [...value.families];
    case 'boolean':
      return value.value;
    case 'keywords':
      return value.text;
    case 'strokeStyle':
      return value.style === 'solid' || value.style === 'none' ? ref(`BorderStyle.${value.style}`) : undefined;
    case 'keyword':
      if (value.keyword !== 'none') return undefined;
      if (token.type === 'shadow') return [];
      if (token.type === 'border') return ref('BorderSide.none');
      if (token.type === 'gradient') return null;
      return undefined;
    case 'shadow': {
      if (value.layers === null) return undefined;
      return all(
        value.layers.map((layer) => {
          if (layer.inset) return undefined;
          const [x, y, blur, spread] = [layer.offsetX, layer.offsetY, layer.blur, layer.spread].map(logical);
          if ([x, y, blur, spread].includes(undefined)) return undefined;
          return call('BoxShadow', [], {
            color: color(layer.color),
            offset: call('Offset', [x as number, y as number]),
            blurRadius: blur as number,
            spreadRadius: spread as number,
          });
        }),
      );
    }
    case 'typography':
      return textStyle(value);
    case 'border': {
      const width = logical(value.width);
      if (width === undefined || (value.style.style !== 'solid' && value.style.style !== 'none')) return undefined;
      return call('BorderSide', [], { color: color(value.color.color), width, style: ref(`BorderStyle.${value.style.style}`) });
    }
    case 'transition':
      return call('DesignTokensTransition', [], {
        duration: duration(value.duration.value),
        delay: duration(value.delay.value),
        curve: cubic(value.timingFunction.points),
      });
    case 'gradient':
      return gradient(value);
  }
}

/** Numbers rounded to 6 decimals, so 1.6000000000000001 and 1.6 compare equal. */
export function rounded(expr: Expr): Expr {
  if (typeof expr === 'number') return Math.round(expr * 1e6) / 1e6 + 0;
  if (Array.isArray(expr)) return expr.map(rounded);
  if (typeof expr === 'object' && expr !== null && 'call' in expr)
    return call(
      expr.call,
      expr.args.map(rounded),
      Object.fromEntries(Object.entries(expr.named).map(([name, value]) => [name, rounded(value)])),
    );
  return expr;
}

/**
 * Names the test expects to be escaped with a `$` after: the Dart reserved words these systems use as keys, and the
 * members of the class (its mode constants and methods) that a key names.
 */
const ESCAPED = new Set(['class', 'default', 'new', 'light', 'copyWith']);

/** The Dart name the test expects for a key or mode: its words in lowerCamelCase, escaped (a mode's constant is a member). */
export function camel(key: string, member = false): string {
  const name = key
    .split(/[.\-_]|(?<=[a-z0-9])(?=[A-Z])/)
    .filter((word) => word !== '')
    .map((word, index) => (index === 0 ? word.toLowerCase() : `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`))
    .join('');
  if (name === '' || /^[0-9]/.test(name)) return `$${name}`;
  return ESCAPED.has(name) && !member ? `${name}$` : name;
}

/**
 * A Flutter file read back against a design system: the syntax errors, the mode constants and the fields of
 * `DesignTokens` as written and as expected (one constant per mode; a field per token Flutter can hold, the others
 * `leftOut`), and every field's value in each mode's constant by `<mode>|<field>`, numbers rounded to 6 decimals.
 */
export async function readFlutter(
  system: CompiledDesignSystem,
  dart: string,
): Promise<ReadBack & { constants: string[]; expectedConstants: string[]; fields: string[]; expectedFields: string[]; leftOut: string[] }> {
  const root = await parseDart(dart);
  const problems = syntaxErrors(root);
  const constants = modeConstants(root);
  const held = system.tokens.filter((token) => system.modes.every((mode) => expectedDart(token, mode.name) !== undefined));
  const leftOut = system.tokens.filter((token) => !held.includes(token)).map((token) => token.key);
  // Of two tokens on one Dart name, the lint names the one left out.
  const clashes = new Set(
    (OUTPUT_FORMATS.flutter.lint?.(system) ?? []).filter(({ rule }) => rule === 'flutter-name-clash').map(({ token }) => token),
  );
  const kept = held.filter((token) => !clashes.has(token.key));
  const actual = new Map<string, unknown>();
  const expected = new Map<string, unknown>();
  for (const mode of system.modes) {
    for (const [name, value] of Object.entries(constants.get(camel(mode.name, true)) ?? {}))
      actual.set(`${mode.name}|${name}`, rounded(value));
    for (const token of kept) expected.set(`${mode.name}|${camel(token.key)}`, rounded(expectedDart(token, mode.name) as Expr));
  }
  return {
    problems,
    actual,
    expected,
    constants: [...constants.keys()],
    expectedConstants: system.modes.map((mode) => camel(mode.name, true)),
    fields: fieldNames(root),
    expectedFields: kept.map((token) => camel(token.key)),
    leftOut,
  };
}
