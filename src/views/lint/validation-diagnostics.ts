import type { CompileResult } from '../../compile/compile-design-system.js';
import { compareDiagnostics, compareKeys } from '../../compile/diagnostics/sort-order.js';
import type { Diagnostic } from '../../compile/types.js';
import type { SourceFileEntries } from '../../compile/yaml/source-entries.js';
import { FORMAT_RULES } from '../formats/format-rules.js';
import { contrastDiagnostics } from './contrast-diagnostics.js';
import { formatLintDiagnostics } from './format-lints.js';

/**
 * Whether the export formats' lints can only warn (every rule `validate` reports declares `warning` as its only
 * severity): then they never decide whether a design system passes, and a write may leave them out.
 */
export const FORMAT_LINTS_ONLY_WARN = [...FORMAT_RULES.values()].every(
  (rule) => rule.reportedBy === 'build' || rule.severities.every((severity) => severity === 'warning'),
);

/**
 * Which checks to run: `all` (what `validate` reports), or `refusing` (every check that can report an error, for a
 * write or a preview on the hot path: the compiler and the contrast section; the formats' lints too unless
 * {@link FORMAT_LINTS_ONLY_WARN}). Planning every export for its name clashes costs about a second on 10,000 tokens.
 */
export type ValidationScope = 'all' | 'refusing';

/**
 * Every problem `validate` reports for one compiled design system: the compiler's diagnostics, then (when it
 * compiled) the export formats' own lints and the `contrast` section's checks, placed in `files` (the parsed files
 * it was compiled from), sorted by file, line and column. What `validate` prints and what a change request is
 * refused by (`refusing`: the same errors, without the formats' warnings).
 * @example validationDiagnostics(result, files)[0] // { file: 'acme/contrast.yaml', line: 13, column: 5, rule: 'contrast-too-low', severity: 'error', message: '...' }
 */
export function validationDiagnostics(
  result: CompileResult,
  files: readonly SourceFileEntries[],
  scope: ValidationScope = 'all',
): readonly Diagnostic[] {
  if (result.system === undefined) return result.diagnostics;
  // In path order, as the compiler reads them: a token written twice is placed at its first definition.
  const sorted = [...files].sort((a, b) => compareKeys(a.path, b.path));
  const formats = scope === 'all' || !FORMAT_LINTS_ONLY_WARN ? formatLintDiagnostics(result.system, sorted) : [];
  const lints = [...formats, ...contrastDiagnostics(result.system, sorted)];
  if (lints.length === 0) return result.diagnostics;
  return [...result.diagnostics, ...lints].sort(compareDiagnostics);
}
