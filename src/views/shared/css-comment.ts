import { commentLine, docText } from './native-text.js';

/**
 * A designer's text as the inside of a comment, CSS or JSDoc, on one line: never `*\/` (it would end the comment) nor
 * `<` (written `&lt;`: it could end the `<style>` or `<script>` element of a page that inlines the output). The compiler
 * refuses both in a deprecation message; this keeps a comment closed whatever reaches it.
 * @example formatCommentText('Old *\/ </style>') // 'Old * / &lt;/style>'
 */
export function formatCommentText(text: string): string {
  return text
    .replace(/\*\//g, '* /')
    .replace(/</g, '&lt;')
    .replace(/\s*\n\s*/g, ' ');
}

/**
 * A designer's text inside a JSDoc comment, on one line: {@link formatCommentText}, what a file cannot hold dropped,
 * and each `@` written `&#64;` (TypeScript reads `@word` after a space in a tag's text as a new tag, and the editors'
 * Markdown shows the entity as `@`).
 * @example formatDocCommentText('Old. @see x') // 'Old. &#64;see x'
 */
export function formatDocCommentText(text: string): string {
  return docText(formatCommentText(commentLine(text)));
}
