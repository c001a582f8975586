import { wordsOfSegment } from '../compile/values/key-words.js';

/**
 * Words Dart does not take as a field name, or takes only in some places: its reserved words, its built-in identifiers
 * (`get`, `late`, `required`...) and `await`/`yield` (not names inside async and generator bodies). Dart 3.
 */
const DART_KEYWORDS = new Set([
  ...['assert', 'break', 'case', 'catch', 'class', 'const', 'continue', 'default', 'do', 'else', 'enum', 'extends'],
  ...['false', 'final', 'finally', 'for', 'if', 'in', 'is', 'new', 'null', 'rethrow', 'return', 'super', 'switch'],
  ...['this', 'throw', 'true', 'try', 'var', 'void', 'while', 'with'],
  ...['abstract', 'as', 'covariant', 'deferred', 'dynamic', 'export', 'extension', 'external', 'factory', 'get'],
  ...['implements', 'import', 'interface', 'late', 'library', 'mixin', 'operator', 'part', 'required', 'set', 'static'],
  ...['typedef', 'await', 'yield'],
]);

/** The words of a token key or mode name in lowerCamelCase (`dark-dimmed` is `darkDimmed`), unescaped. */
export function lowerCamelCase(name: string): string {
  let camel = '';
  for (const segment of name.split('.')) {
    for (const word of wordsOfSegment(segment)) camel += camel === '' ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
  }
  return camel;
}

/**
 * A Dart identifier for a token key or mode name: its words in lowerCamelCase; `$` before a name that would start with
 * a digit (a leading `_` would make it private to the file), `$` after a Dart keyword and after a name in `taken` (the
 * members the generated class declares itself).
 * @example dartNameOf('2xl.gap') // '$2xlGap'; dartNameOf('default') -> 'default$'
 */
export function dartNameOf(name: string, taken: ReadonlySet<string> = new Set()): string {
  const camel = lowerCamelCase(name);
  if (camel === '' || /^[0-9]/.test(camel)) return `$${camel}`;
  return DART_KEYWORDS.has(camel) || taken.has(camel) ? `${camel}$` : camel;
}

/**
 * A Dart string literal, single-quoted: backslash, quote and `$` (which would interpolate) escaped, control
 * characters as escapes.
 * @example dartString("It's $5") // "'It\\'s \\$5'"
 */
export function dartString(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this escapes
  const escaped = text.replace(/[\\'$\u0000-\u001f\u007f\u2028\u2029]/gu, (character) => {
    switch (character) {
      case '\\':
      case "'":
      case '$':
        return `\\${character}`;
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default:
        return `\\u{${(character.codePointAt(0) as number).toString(16)}}`;
    }
  });
  return `'${escaped}'`;
}

/** A designer's text as `///` documentation lines at `indent`, one per line of the text (none for no text). */
export function dartDocLines(text: string | undefined, indent: string): string[] {
  if (text === undefined || text.trim() === '') return [];
  return text
    .trim()
    .split(/\r\n|\r|\n|\u2028|\u2029/)
    .map((line) => (line.trimEnd() === '' ? `${indent}///` : `${indent}/// ${line.trimEnd()}`));
}
