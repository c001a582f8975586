import { MAX_IMPORT_NESTING_DEPTH } from './import-limits.js';

/**
 * Where JSON or JSON5 text first nests objects and arrays deeper than {@link MAX_IMPORT_NESTING_DEPTH} (1-based line
 * and column of the bracket that goes past it), or undefined when it does not. Scans the text once without recursion
 * and before any parser runs, so a file nested 100,000 deep costs one pass, not the stack; strings (`"..."` and
 * JSON5's `'...'`) and comments are skipped, so a bracket inside them does not count.
 */
export function findDeepNesting(text: string): { line: number; column: number } | undefined {
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x0a) {
      line += 1;
      lineStart = index + 1;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > MAX_IMPORT_NESTING_DEPTH) return { line, column: index - lineStart + 1 };
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    } else if (code === 0x22 || code === 0x27) {
      // A string: up to the same quote not escaped; a line break inside (JSON5's escaped newline) still counts lines.
      for (index += 1; index < text.length && text.charCodeAt(index) !== code; index += 1) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c) index += 1;
        if (text.charCodeAt(index) === 0x0a) {
          line += 1;
          lineStart = index + 1;
        }
      }
    } else if (code === 0x2f && text.charCodeAt(index + 1) === 0x2f) {
      const end = text.indexOf('\n', index);
      index = (end === -1 ? text.length : end) - 1;
    } else if (code === 0x2f && text.charCodeAt(index + 1) === 0x2a) {
      const end = text.indexOf('*/', index + 2);
      const stop = end === -1 ? text.length : end + 2;
      for (let inner = index; inner < stop; inner += 1) {
        if (text.charCodeAt(inner) === 0x0a) {
          line += 1;
          lineStart = inner + 1;
        }
      }
      index = stop - 1;
    }
  }
  return undefined;
}
