import { wordsOfSegment } from '../../../compile/values/key-words.js';
import { escapeUnholdable, textLines } from '../../shared/native-text.js';

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
 * A string as a Swift string literal, the one writer of the iOS export's strings: `\`, `"` and control characters
 * escaped (so `\(` is no interpolation), a non-character as its `\u{...}` escape, a lone surrogate (no Unicode scalar,
 * which a Swift string cannot hold) as U+FFFD, as a UTF-8 encoder writes it.
 * @example swiftString('a "b"') // '"a \\"b\\""'
 */
export function swiftString(text: string): string {
  const escaped = escapeUnholdable(
    text.replace(/[\\"]/g, (char) => `\\${char}`),
    (code) => {
      if (code === 0x0a) return '\\n';
      if (code === 0x0d) return '\\r';
      if (code === 0x09) return '\\t';
      return code >= 0xd800 && code <= 0xdfff ? '\\u{fffd}' : `\\u{${code.toString(16)}}`;
    },
  );
  return `"${escaped}"`;
}

/** A Swift Markup callout at the start of a line (`- Returns:`, `- Parameter x:`): Xcode's Quick Help reads it as one. */
const CALLOUT = /^(\s*)([-+*])(?=\s+[A-Za-z]+(?:\s+[^\s:]+)?\s*:)/;

/**
 * A designer's text as `///` doc comment lines at `indent`, the one writer of the iOS export's comments: one per line
 * of the text, what a file cannot hold dropped, a list marker that would make a Swift Markup callout (`- Returns:`)
 * escaped as `\-` (Markdown's escape: Quick Help shows `- Returns:` as text).
 * @example swiftDocComment('Raised cards.', '  ') // ['  /// Raised cards.']
 */
export function swiftDocComment(text: string, indent: string): string[] {
  return textLines(text).map((line) => `${indent}///${line === '' ? '' : ' '}${line.replace(CALLOUT, '$1\\$2')}`);
}
