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
