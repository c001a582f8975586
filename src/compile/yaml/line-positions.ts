import type { SourcePosition } from '../types.js';

/** How many lines a look-up steps forward from the last one before it searches instead. */
const MAX_FORWARD_STEPS = 8;

/**
 * 1-based line and column of string offsets, from the line starts (found once, in one pass). A reader looks offsets
 * up mostly in the order of the text: each look-up starts from the line of the last one, and searches only past a
 * few lines (or backwards).
 */
export class LinePositions {
  private readonly starts: number[] = [0];
  /** Index in `starts` of the line of the last offset looked up. */
  private last = 0;

  constructor(text: string) {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) this.starts.push(index + 1);
  }

  /** The line and column of `offset`. */
  at(offset: number): { line: number; column: number } {
    const line = this.lineIndexOf(offset);
    return { line: line + 1, column: offset - (this.starts[line] ?? 0) + 1 };
  }

  /** The position of `offset` in `file`. */
  positionIn(file: string, offset: number): SourcePosition {
    const line = this.lineIndexOf(offset);
    return { file, line: line + 1, column: offset - (this.starts[line] ?? 0) + 1 };
  }

  /** The 0-based line of `offset`. */
  private lineIndexOf(offset: number): number {
    const { starts } = this;
    let line = this.last;
    if ((starts[line] ?? 0) <= offset) {
      const stop = Math.min(line + MAX_FORWARD_STEPS, starts.length - 1);
      while (line < stop && (starts[line + 1] ?? 0) <= offset) line += 1;
      if (line === stop && stop < starts.length - 1 && (starts[line + 1] ?? 0) <= offset)
        line = this.search(offset, line, starts.length - 1);
    } else {
      line = this.search(offset, 0, line);
    }
    this.last = line;
    return line;
  }

  /** The last line between `low` and `high` (inclusive) that starts at or before `offset`, by binary search. */
  private search(offset: number, low: number, high: number): number {
    let from = low;
    let to = high;
    while (from < to) {
      const middle = (from + to + 1) >> 1;
      if ((this.starts[middle] ?? 0) <= offset) from = middle;
      else to = middle - 1;
    }
    return from;
  }
}
