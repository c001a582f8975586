/** 1-based line and column of string offsets, by binary search over the line starts (found once, in one pass). */
export class LinePositions {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) this.starts.push(index + 1);
  }

  /** The line and column of `offset`. */
  at(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (this.starts[low] ?? 0) + 1 };
  }
}
