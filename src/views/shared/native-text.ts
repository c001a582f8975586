/**
 * What no native file can hold as text: control characters (C0, DEL, C1), Unicode's non-characters (U+FDD0-U+FDEF,
 * U+FFFE, U+FFFF and the last two of every plane) and lone surrogates (a valid pair is one code point here). XML
 * refuses most of them even as character references, a UTF-8 file cannot hold a lone surrogate at all.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const UNHOLDABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]|\p{Noncharacter_Code_Point}/gu;

/** Line breaks as a doc comment splits a designer's text into lines. */
const LINE_BREAK = /\r\n|[\n\r\u0085\u2028\u2029]/;

/**
 * A designer's text as one line of a comment: each run of what a file cannot hold (line breaks and tabs included)
 * as one space, trimmed.
 * @example commentLine('a\u0000b\nc\uFFFE') // 'a b c'
 */
export function commentLine(text: string): string {
  return text.replace(UNHOLDABLE, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * A designer's text as the lines of a comment: split at line breaks, what a file cannot hold dropped from each line,
 * trailing blanks trimmed.
 * @example textLines('a\u0000b\nc') // ['ab', 'c']
 */
export function textLines(text: string): string[] {
  return text.split(LINE_BREAK).map((line) => line.replace(UNHOLDABLE, '').trimEnd());
}

/**
 * A designer's text as the lines of a JSDoc, KDoc or dartdoc comment: {@link textLines}, and every `@` written `&#64;`:
 * doc tools read an `@` at the start of a line as a tag (TypeScript's JSDoc also after a space in a tag's text,
 * dartdoc its `@nodoc` and `{@macro}` anywhere), while the Markdown they render shows the entity as `@`.
 * @example docLines('Old.\n@deprecated') // ['Old.', '&#64;deprecated']
 */
export function docLines(text: string): string[] {
  return textLines(text).map(docText);
}

/** Text inside a doc comment: each `@` as `&#64;`, so no doc tool reads a tag the designer did not mean. */
export function docText(text: string): string {
  return text.replaceAll('@', '&#64;');
}

/**
 * Each code point of `text` no file can hold, as `escape` writes it (a string literal's own escape), the rest as is.
 * @example escapeUnholdable('a\uFFFE', (code) => `\\u{${code.toString(16)}}`) // 'a\\u{fffe}'
 */
export function escapeUnholdable(text: string, escape: (code: number) => string): string {
  return text.replace(UNHOLDABLE, (char) => escape(char.codePointAt(0) as number));
}
