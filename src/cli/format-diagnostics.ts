import type { Diagnostic } from '../compile/types.js';

/** A validation result as the `validate` command reports it. */
export interface ValidationReport {
  /** Every problem, paths relative to the working directory, sorted by file, line, column and rule. */
  readonly diagnostics: readonly Diagnostic[];
  readonly designSystems: number;
  readonly tokens: number;
  /** Number of key entries checked; undefined when no keys file was given. */
  readonly keys: number | undefined;
}

/** `path:line:column  severity  message  (rule)`, the shape ESLint's unix formatter and tsc use. */
export function formatDiagnosticLine(diagnostic: Diagnostic): string {
  return `${diagnostic.file}:${diagnostic.line}:${diagnostic.column}  ${diagnostic.severity}  ${diagnostic.message}  (${diagnostic.rule})`;
}

/** The last line of the text report: `✖ 3 problems (2 errors, 1 warning)` or `✔ 2 design systems, 211 tokens, no problems`. */
export function formatSummary(report: ValidationReport): string {
  const errors = report.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
  const warnings = report.diagnostics.length - errors;
  if (report.diagnostics.length === 0) {
    const keys = report.keys === undefined ? '' : `, ${count(report.keys, 'key')}`;
    return `✔ ${count(report.designSystems, 'design system')}, ${count(report.tokens, 'token')}${keys}, no problems`;
  }
  return `${errors > 0 ? '✖' : '⚠'} ${count(report.diagnostics.length, 'problem')} (${count(errors, 'error')}, ${count(warnings, 'warning')})`;
}

/** The whole text report: one line per problem, then the summary. */
export function formatTextReport(report: ValidationReport): string {
  return [...report.diagnostics.map(formatDiagnosticLine), formatSummary(report)].join('\n') + '\n';
}

/** The JSON report: an array of `{ file, line, column, severity, rule, message }`, nothing else. */
export function formatJsonReport(report: ValidationReport): string {
  const rows = report.diagnostics.map(({ file, line, column, severity, rule, message }) => ({
    file,
    line,
    column,
    severity,
    rule,
    message,
  }));
  return `${JSON.stringify(rows, null, 2)}\n`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
