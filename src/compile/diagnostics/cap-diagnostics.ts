import type { PendingDiagnostic } from './pending-diagnostic.js';
import { compareDiagnostics } from './sort-order.js';
import type { Diagnostic, SourcePosition } from '../types.js';

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

/** One file's problems in position order, capped (see {@link splitShown}), with how many were left out. */
export function capFileDiagnostics(diagnostics: readonly Diagnostic[]): { diagnostics: Diagnostic[]; suppressed: number } {
  const { shown, rest } = splitShown([...diagnostics].sort(compareDiagnostics));
  const first = rest[0];
  if (first === undefined) return { diagnostics: shown, suppressed: 0 };
  return {
    diagnostics: [
      ...shown,
      tooManyProblems(
        first,
        rest.length,
        rest.some((problem) => problem.severity === 'error'),
      ),
    ],
    suppressed: rest.length,
  };
}

/** What a file's reader already listed and counted, as {@link capPerFile} merges it. */
interface ReadFileProblems {
  readonly path: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly suppressed?: number;
}

/**
 * Every problem of a design system sorted, at most {@link MAX_DIAGNOSTICS_PER_FILE} per file plus one counting the
 * rest (with what each file's reader counted), messages written.
 */
export function capPerFile(pending: PendingDiagnostic[], files: readonly ReadFileProblems[]): Diagnostic[] {
  pending.sort(compareDiagnostics);
  // What a file's reader already counted without listing it.
  const counted = new Map<string, { summary: Diagnostic; suppressed: number }>();
  for (const file of files) {
    const summary = file.diagnostics.find((diagnostic) => diagnostic.rule === 'too-many-problems');
    if (summary !== undefined) counted.set(file.path, { summary, suppressed: file.suppressed ?? 0 });
  }
  const diagnostics: Diagnostic[] = [];
  let index = 0;
  while (index < pending.length) {
    const file = pending[index]?.file;
    let end = index;
    while (end < pending.length && pending[end]?.file === file) end += 1;
    const { shown, rest } = splitShown(pending.slice(index, end));
    for (const problem of shown)
      diagnostics.push({ ...problem, message: typeof problem.message === 'string' ? problem.message : problem.message() });
    const earlier = file === undefined ? undefined : counted.get(file);
    const suppressed = rest.length + (earlier?.suppressed ?? 0);
    const first = [rest[0], earlier?.summary].filter((pos) => pos !== undefined).sort(compareDiagnostics)[0];
    const anyError = rest.some((problem) => problem.severity === 'error') || earlier?.summary.severity === 'error';
    if (first !== undefined && suppressed > 0) diagnostics.push(tooManyProblems(first, suppressed, anyError));
    index = end;
  }
  return diagnostics.sort(compareDiagnostics);
}
