import { itemAt } from '../compile/checked-access.js';
/** Lines shown before the line of a problem. */
const LINES_BEFORE = 1;
/** Characters of a long line shown around the column of a problem. */
const WIDTH = 120;

/**
 * The lines of `text` around `line` (1-based) with a caret under `column`, as compilers show them:
 *
 *     2 |   spacing:
 *   > 3 |     sm: { type: spacing, size: 4 }
 *       |                          ^
 *
 * A long line is cut to `WIDTH` characters around the column (`…` where it was cut); tabs count as one column.
 * Empty when the line is not in the text.
 */
export function codeFrame(text: string, line: number, column: number, mark: (text: string) => string = (plain) => plain): string {
  const lines = text.split(/\r?\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - LINES_BEFORE);
  const gutter = String(line).length;
  const start = Math.max(0, Math.min(column - 1 - WIDTH / 2, itemAt(lines, line - 1).length - WIDTH));
  const cut = (source: string): string => {
    const shown = source.slice(start, start + WIDTH).replace(/\t/g, ' ');
    return `${start > 0 ? '…' : ''}${shown}${source.length > start + WIDTH ? '…' : ''}`;
  };
  const rows: string[] = [];
  for (let number = first; number <= line; number++) {
    const marker = number === line ? '>' : ' ';
    rows.push(`  ${marker} ${String(number).padStart(gutter)} | ${cut(itemAt(lines, number - 1))}`.trimEnd());
  }
  const caretAt = Math.max(0, column - 1 - start) + (start > 0 ? 1 : 0);
  rows.push(`    ${' '.repeat(gutter)} | ${' '.repeat(caretAt)}${mark('^')}`);
  return rows.join('\n');
}
