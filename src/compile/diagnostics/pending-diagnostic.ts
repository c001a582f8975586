import type { RuleId, Severity } from './rules.js';
import type { Diagnostic, SourcePosition } from '../types.js';

/** A diagnostic whose message may still be unwritten (a function), until it is known to be shown. */
export type PendingDiagnostic = Omit<Diagnostic, 'message'> & { readonly message: string | (() => string) };

/** How a compile step reports a problem; an error unless `severity` says otherwise. */
export type Report = (pos: SourcePosition, rule: RuleId, message: string | (() => string), severity?: Severity) => void;

/** A {@link Report} that appends each problem to `pending`. */
export function reportInto(pending: PendingDiagnostic[]): Report {
  // Messages are written only for the problems that are shown: a "did you mean" compares a name with every
  // candidate, which thousands of bad references would make quadratic.
  return (pos, rule, message, severity = 'error') => {
    pending.push({ file: pos.file, line: pos.line, column: pos.column, rule, message, severity });
  };
}

/** A {@link Report} that passes each problem on once: a field a mode inherits is the same one its base has. */
export function reportingOnce(report: Report): Report {
  let reported: Set<string> | undefined;
  return (pos, rule, message, severity) => {
    const id = `${pos.file}:${pos.line}:${pos.column}:${rule}`;
    reported ??= new Set();
    if (reported.has(id)) return;
    reported.add(id);
    report(pos, rule, message, severity);
  };
}
