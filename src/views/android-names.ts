import { wordsOfSegment } from '../compile/values/key-words.js';

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
