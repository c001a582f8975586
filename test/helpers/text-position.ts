/** Line and column (1-based) of the `nth` (from 0) `needle` in `text`: where a diagnostic about it must point. */
export function positionOf(text: string, needle: string, nth = 0): { line: number; column: number } {
  let offset = -1;
  for (let count = 0; count <= nth; count += 1) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`${needle} is not in the text${nth > 0 ? ` ${nth + 1} times` : ''}`);
  }
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}
