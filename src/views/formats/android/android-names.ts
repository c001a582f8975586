import { wordsOfSegment } from '../../../compile/values/key-words.js';
import { commentLine, escapeUnholdable } from '../../shared/native-text.js';

/**
 * Java's keywords and its literals `true`, `false`, `null`: aapt refuses them as resource names (`invalid symbol`),
 * since each resource becomes a field of the app's `R` class.
 */
const JAVA_RESERVED = new Set([
  ...['abstract', 'assert', 'boolean', 'break', 'byte', 'case', 'catch', 'char', 'class', 'const', 'continue'],
  ...['default', 'do', 'double', 'else', 'enum', 'extends', 'final', 'finally', 'float', 'for', 'goto', 'if'],
  ...['implements', 'import', 'instanceof', 'int', 'interface', 'long', 'native', 'new', 'package', 'private'],
  ...['protected', 'public', 'return', 'short', 'static', 'strictfp', 'super', 'switch', 'synchronized', 'this'],
  ...['throw', 'throws', 'transient', 'try', 'void', 'volatile', 'while', 'true', 'false', 'null'],
]);

/** The words of every segment of a dotted key, in order. */
const wordsOfKey = (key: string): string[] => key.split('.').flatMap((segment) => wordsOfSegment(segment));

/**
 * The Android resource name of a token key: the lowercase words of its segments joined with `_` (Android's resource
 * names are lowercase letters, digits and `_`), with a leading `_` when it starts with a digit or is a Java keyword.
 * @example androidResourceName('color.onPrimary') // 'color_on_primary'; androidResourceName('2xl.gap') -> '_2xl_gap'
 */
export function androidResourceName(key: string): string {
  const name = wordsOfKey(key).join('_');
  return name === '' || /^[0-9]/.test(name) || JAVA_RESERVED.has(name) ? `_${name}` : name;
}

/**
 * The name of a typography token's text appearance: `TextAppearance.Tokens.` and the words of its key in PascalCase
 * (a style's own naming; `R.style.TextAppearance_Tokens_TypographyBody` in code).
 * @example androidStyleName('typography.body') // 'TextAppearance.Tokens.TypographyBody'
 */
export function androidStyleName(key: string): string {
  const words = wordsOfKey(key).map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`);
  return `TextAppearance.Tokens.${words.join('')}`;
}

/**
 * A string as a resource holds it, the one writer of the Android export's strings: in double quotes (whitespace kept,
 * a leading `@` or `?` not read as a reference, `'` as is), `\` and `"` escaped, a line break as `\n`, `%` as
 * `\u0025` (aapt checks format strings before it unescapes: `%s %d` is refused as "Multiple substitutions", and a
 * style's item takes no `formatted="false"`), what XML cannot hold as a `\uXXXX` escape; then XML-escaped.
 * @example androidString('%s "x"') // '"\u0025s \"x\""'
 */
export function androidString(text: string): string {
  const escaped = escapeUnholdable(text.replace(/[\\"]/g, (char) => `\\${char}`).replace(/%/g, '\\u0025'), (code) =>
    code === 0x0a ? '\\n' : code > 0xffff ? String.fromCodePoint(code) : `\\u${code.toString(16).padStart(4, '0')}`,
  );
  return xmlText(`"${escaped}"`);
}

const xmlText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An XML comment of a designer's text, the one writer of the Android export's comments: one line, without what XML
 * cannot hold, no `--`, not ending in `-`, XML's own characters as they are (a comment reads no entities).
 * @example androidComment('Old -- use x.') // '<!-- Old - - use x. -->'
 */
export function androidComment(text: string): string {
  const line = commentLine(text).replace(/-(?=-)/g, '- ');
  return `<!-- ${line.endsWith('-') ? `${line} ` : line} -->`;
}
