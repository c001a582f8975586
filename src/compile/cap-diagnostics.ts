import type { Diagnostic, SourcePosition } from './types.js';

/** Problems listed per file; the rest are counted in one `too-many-problems` diagnostic, so logs stay bounded. */
export const MAX_DIAGNOSTICS_PER_FILE = 100;

/**
 * Which of one file's problems (sorted by position) are listed: at most {@link MAX_DIAGNOSTICS_PER_FILE}, errors
 * before warnings (an error is what keeps a design system from being served), each group in position order.
 * Returns the listed ones in position order and the rest.
 */
export function splitShown<T extends { readonly severity: Diagnostic['severity'] }>(sorted: readonly T[]): { shown: T[]; rest: T[] } {
  if (sorted.length <= MAX_DIAGNOSTICS_PER_FILE) return { shown: [...sorted], rest: [] };
  const errors = sorted.filter((problem) => problem.severity === 'error');
  const keep = new Set<T>(errors.slice(0, MAX_DIAGNOSTICS_PER_FILE));
  for (const problem of sorted) {
    if (keep.size >= MAX_DIAGNOSTICS_PER_FILE) break;
    keep.add(problem);
  }
  return { shown: sorted.filter((problem) => keep.has(problem)), rest: sorted.filter((problem) => !keep.has(problem)) };
}

/** The diagnostic that stands for the problems of a file past the first {@link MAX_DIAGNOSTICS_PER_FILE}, at the first of them. */
export function tooManyProblems(pos: SourcePosition, suppressed: number, anyError: boolean): Diagnostic {
  return {
    file: pos.file,
    line: pos.line,
    column: pos.column,
    rule: 'too-many-problems',
    message: `${suppressed} more problem${suppressed === 1 ? '' : 's'} in this file not shown (only the first ${MAX_DIAGNOSTICS_PER_FILE} are reported)`,
    severity: anyError ? 'error' : 'warning',
  };
}
