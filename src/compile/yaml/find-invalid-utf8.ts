import { MAX_DIAGNOSTICS_PER_FILE, tooManyProblems } from '../diagnostics/cap-diagnostics.js';
import { LinePositions } from './line-positions.js';
import type { Diagnostic, SourcePosition } from '../types.js';

/**
 * An `invalid-utf8` error at each U+FFFD of `text` (capped, with how many were left out): Node's UTF-8 decoding
 * turns every invalid byte sequence into that character.
 */
export function findInvalidUtf8(path: string, text: string): { diagnostics: Diagnostic[]; suppressed: number } {
  const diagnostics: Diagnostic[] = [];
  let lines: LinePositions | undefined;
  let firstLeftOut: SourcePosition | undefined;
  let suppressed = 0;
  for (let offset = text.indexOf('\uFFFD'); offset !== -1; offset = text.indexOf('\uFFFD', offset + 1)) {
    lines ??= new LinePositions(text);
    const pos = { file: path, ...lines.at(offset) };
    if (diagnostics.length < MAX_DIAGNOSTICS_PER_FILE) {
      diagnostics.push({
        ...pos,
        rule: 'invalid-utf8',
        message: 'this file is not valid UTF-8 (byte sequence shown as U+FFFD); save it as UTF-8',
        severity: 'error',
      });
    } else {
      firstLeftOut ??= pos;
      suppressed += 1;
    }
  }
  if (firstLeftOut !== undefined) diagnostics.push(tooManyProblems(firstLeftOut, suppressed, true));
  return { diagnostics, suppressed };
}
