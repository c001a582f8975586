import type { CompileResult } from '../../compile/compile-design-system.js';
import { compareDiagnostics, compareKeys } from '../../compile/diagnostics/sort-order.js';
import type { Diagnostic } from '../../compile/types.js';
import type { SourceFileEntries } from '../../compile/yaml/source-entries.js';
import { contrastDiagnostics } from './contrast-diagnostics.js';
import { formatLintDiagnostics } from './format-lints.js';

/**
 * Every problem `validate` reports for one compiled design system: the compiler's diagnostics, then (when it
 * compiled) the export formats' own lints and the `contrast` section's checks, placed in `files` (the parsed files
 * it was compiled from), sorted by file, line and column. What `validate` prints and what a change request is
 * refused by.
 * @example validationDiagnostics(result, files)[0] // { file: 'acme/contrast.yaml', line: 13, column: 5, rule: 'contrast-too-low', severity: 'error', message: '...' }
 */
export function validationDiagnostics(result: CompileResult, files: readonly SourceFileEntries[]): readonly Diagnostic[] {
  if (result.system === undefined) return result.diagnostics;
  // In path order, as the compiler reads them: a token written twice is placed at its first definition.
  const sorted = [...files].sort((a, b) => compareKeys(a.path, b.path));
  const lints = [...formatLintDiagnostics(result.system, sorted), ...contrastDiagnostics(result.system, sorted)];
  if (lints.length === 0) return result.diagnostics;
  return [...result.diagnostics, ...lints].sort(compareDiagnostics);
}
