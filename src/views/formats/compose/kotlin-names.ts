import { wordsOfSegment } from '../../../compile/values/key-words.js';
import { docLines, escapeUnholdable } from '../../shared/native-text.js';

/** Kotlin's hard keywords: no declaration may have one of these names unless it is written in backticks. */
export const KOTLIN_HARD_KEYWORDS: ReadonlySet<string> = new Set([
  ...['as', 'break', 'class', 'continue', 'do', 'else', 'false', 'for', 'fun', 'if', 'in', 'interface', 'is', 'null'],
  ...['object', 'package', 'return', 'super', 'this', 'throw', 'true', 'try', 'typealias', 'typeof', 'val', 'var'],
  ...['when', 'while'],
]);

/** The words of a dotted key (or a mode name), each segment split into its lowercase words. */
const wordsOf = (key: string): string[] => key.split('.').flatMap((segment) => wordsOfSegment(segment));

const capitalize = (word: string): string => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

/**
 * The Kotlin property name of a token key: its words in camelCase, with a leading `_` when it starts with a digit and
 * in backticks when it is a hard keyword (Kotlin's own escape: the name stays the token's).
 * @example kotlinPropertyNameOf('color.accent-fg') // 'colorAccentFg'; '2xl' -> '_2xl'; 'object' -> '`object`'
 */
export function kotlinPropertyNameOf(key: string): string {
  const name = wordsOf(key)
    .map((word, index) => (index === 0 ? word : capitalize(word)))
    .join('');
  if (/^[0-9]/.test(name)) return `_${name}`;
  return KOTLIN_HARD_KEYWORDS.has(name) ? `\`${name}\`` : name;
}

/**
 * The Kotlin type name made of a mode name's words in PascalCase and a suffix (a mode name starts with a letter).
 * @example kotlinTypeNameOf('dark-dimmed', 'Tokens') // 'DarkDimmedTokens'
 */
export function kotlinTypeNameOf(name: string, suffix: string): string {
  return `${wordsOf(name).map(capitalize).join('')}${suffix}`;
}

/**
 * A Kotlin string literal, the one writer of the Compose export's strings: `\`, `"` and `$` (a template) escaped, what
 * a file cannot hold (control characters, non-characters, lone surrogates) as `\uXXXX` escapes of its UTF-16 units.
 * @example kotlinString('costs $5') // '"costs \\$5"'
 */
export function kotlinString(text: string): string {
  const escaped = escapeUnholdable(
    text.replace(/[\\"$]/g, (char) => `\\${char}`),
    (code) =>
      code === 0x0a
        ? '\\n'
        : String.fromCodePoint(code)
            .split('')
            .map((unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`)
            .join(''),
  );
  return `"${escaped}"`;
}

/**
 * A KDoc comment at `indent`, the one writer of the Compose export's comments: one line per line of `text` (empty when
 * there is no text), as {@link docLines} writes them (no `@` a tag). Kotlin's block comments nest, so `/*` would open a
 * comment inside it as surely as `*\/` would close it: both get a space.
 * @example kotlinDoc('Body text.', '    ') // '    /** Body text. *\/\n'
 */
export function kotlinDoc(text: string | undefined, indent: string): string {
  const cleaned = docLines(text ?? '')
    .join('\n')
    .trim();
  if (cleaned === '') return '';
  const lines = cleaned.split('\n').map((line) => line.replaceAll('*/', '* /').replaceAll('/*', '/ *'));
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => (line === '' ? `${indent} *\n` : `${indent} * ${line}\n`)).join('')}${indent} */\n`;
}
