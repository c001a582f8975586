import { wordsOfSegment } from '../compile/values/key-words.js';

/**
 * Swift's keywords (declarations, statements, expressions and types) and the contextual ones that read as keywords
 * where a name goes: a member named like one is written in backticks.
 */
const KEYWORDS = new Set([
  ...['associatedtype', 'class', 'deinit', 'enum', 'extension', 'fileprivate', 'func', 'import', 'init', 'inout'],
  ...['internal', 'let', 'open', 'operator', 'private', 'precedencegroup', 'protocol', 'public', 'rethrows', 'static'],
  ...['struct', 'subscript', 'typealias', 'var', 'break', 'case', 'catch', 'continue', 'default', 'defer', 'do', 'else'],
  ...['fallthrough', 'for', 'guard', 'if', 'in', 'repeat', 'return', 'throw', 'switch', 'where', 'while', 'as'],
  ...['await', 'false', 'is', 'nil', 'self', 'super', 'throws', 'true', 'try', 'async', 'actor', 'any', 'some'],
  ...['get', 'set', 'willSet', 'didSet', 'lazy', 'dynamic', 'final', 'optional', 'required', 'override', 'mutating'],
  ...['nonmutating', 'convenience', 'indirect', 'weak', 'unowned', 'package', 'macro', 'consuming', 'borrowing'],
]);

/** Names backticks do not free for a member: suffixed with `_` instead. */
const NOT_ESCAPABLE = new Set(['self', 'init', 'deinit', 'subscript', 'Type', 'Protocol', 'Self', 'Any']);

/**
 * The type names Tokens.swift declares or qualifies with (and those a nested type may not take): a namespace named
 * like one would hide it from the code inside, so such a namespace is suffixed with `_`.
 */
export const SWIFT_RESERVED_TYPES = new Set([
  ...['Type', 'Protocol', 'Self', 'Any', 'Swift', 'SwiftUI', 'UIKit', 'Foundation', 'CoreGraphics', 'Tokens'],
  ...['TokenCatalog', 'TokenTheme', 'TokenThemes', 'TokenTypography', 'TokenShadow', 'TokenShadowLayer', 'TokenBorder'],
  ...['TokenTransition', 'TokenCubicBezier', 'TokenGradient', 'TokenGradientStop'],
]);

const capitalized = (word: string): string => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/** The words joined in camelCase, `_` before a leading digit (an identifier cannot start with one). */
function camelCaseOf(words: readonly string[]): string {
  const [first = '', ...rest] = words;
  const name = `${first}${rest.map(capitalized).join('')}`;
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/** The words joined in PascalCase, `_` before a leading digit. */
function pascalCaseOf(words: readonly string[]): string {
  const name = words.map(capitalized).join('');
  return /^[0-9]/.test(name) ? `_${name}` : name;
}

/**
 * A Swift member name from words, as written where it is declared or used: a keyword in backticks (one backticks do
 * not free, such as `self` or `init`, suffixed with `_`).
 * @example swiftMemberName(['default']) // '`default`'; swiftMemberName(['2xl']) -> '_2xl'
 */
export function swiftMemberName(words: readonly string[]): string {
  const name = camelCaseOf(words);
  if (NOT_ESCAPABLE.has(name)) return `${name}_`;
  return KEYWORDS.has(name) ? `\`${name}\`` : name;
}

/**
 * A Swift type name (a namespace enum) from a key segment: PascalCase, suffixed with `_` when it is a type the file
 * declares or qualifies with, or one Swift does not take as a nested type (`Type`, `Protocol`, `Self`).
 * @example swiftTypeName('z-index') // 'ZIndex'; swiftTypeName('type') -> 'Type_'
 */
export function swiftTypeName(segment: string): string {
  const name = pascalCaseOf(wordsOfSegment(segment));
  return SWIFT_RESERVED_TYPES.has(name) ? `${name}_` : name;
}

/** The words of a whole dotted key, in order. */
export function wordsOfKey(key: string): string[] {
  return key.split('.').flatMap(wordsOfSegment);
}

/**
 * The color set name of a color token in Tokens.xcassets: its words in PascalCase (a name, not an identifier: a
 * leading digit stays).
 * @example colorSetName('color.fg.on-emphasis') // 'ColorFgOnEmphasis'
 */
export function colorSetName(key: string): string {
  return wordsOfKey(key).map(capitalized).join('');
}

/**
 * The name of a theme type of a mode: its words in PascalCase and `Theme`, suffixed with `_` when that is a type the
 * file declares (`token` would be `TokenTheme`).
 * @example themeTypeName('dark-dimmed') // 'DarkDimmedTheme'
 */
export function themeTypeName(mode: string): string {
  const name = `${pascalCaseOf(mode.split('-'))}Theme`;
  return SWIFT_RESERVED_TYPES.has(name) ? `${name}_` : name;
}

/**
 * A string as a Swift string literal: `\`, `"` and control characters escaped (so `\(` is no interpolation).
 * @example swiftString('a "b"') // '"a \\"b\\""'
 */
export function swiftString(text: string): string {
  let literal = '"';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\\' || char === '"') literal += `\\${char}`;
    else if (char === '\n') literal += '\\n';
    else if (char === '\r') literal += '\\r';
    else if (char === '\t') literal += '\\t';
    else if (code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029) literal += `\\u{${code.toString(16)}}`;
    else literal += char;
  }
  return `${literal}"`;
}

/**
 * A description as `///` doc comment lines at `indent`, one per line of the text (control characters dropped).
 * @example swiftDocComment('Raised cards.', '  ') // ['  /// Raised cards.']
 */
export function swiftDocComment(text: string, indent: string): string[] {
  return text
    .split(/\r\n|[\r\n\u2028\u2029]/)
    .map((line) => `${indent}///${line === '' ? '' : ' '}${withoutControlCharacters(line, '').trimEnd()}`);
}

/**
 * Text for one line of a comment: each run of control characters and line separators replaced with `replacement`.
 * @example withoutControlCharacters('a\nb', ' ') // 'a b'
 */
export function withoutControlCharacters(text: string, replacement: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, replacement);
}
