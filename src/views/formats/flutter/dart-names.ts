import { wordsOfSegment } from '../../../compile/values/key-words.js';
import { docLines, escapeUnholdable } from '../../shared/native-text.js';

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
 * A Dart string literal, single-quoted, the one writer of the Flutter export's strings: backslash, quote and `$` (which
 * would interpolate) escaped, what a file cannot hold (control characters, non-characters, lone surrogates) as
 * `\u{...}` escapes (a Dart string is UTF-16: it holds a lone surrogate).
 * @example dartString("It's $5") // "'It\\'s \\$5'"
 */
export function dartString(text: string): string {
  const escaped = escapeUnholdable(
    text.replace(/[\\'$]/g, (char) => `\\${char}`),
    (code) => {
      if (code === 0x0a) return '\\n';
      if (code === 0x0d) return '\\r';
      if (code === 0x09) return '\\t';
      return `\\u{${code.toString(16)}}`;
    },
  );
  return `'${escaped}'`;
}

/**
 * A designer's text as `///` documentation lines at `indent` (none for no text), the one writer of the Flutter
 * export's comments: one per line of the text, as {@link docLines} writes them (no `@` a dartdoc tag or directive).
 */
export function dartDocLines(text: string | undefined, indent: string): string[] {
  const cleaned = docLines(text ?? '')
    .join('\n')
    .trim();
  if (cleaned === '') return [];
  return cleaned.split('\n').map((line) => (line === '' ? `${indent}///` : `${indent}/// ${line}`));
}
