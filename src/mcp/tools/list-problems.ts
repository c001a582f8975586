import type { Diagnostic } from '../../compile/types.js';

/** What `list_problems` answers: the problems of the design system's files, with the number of errors and warnings. */
export interface ListProblemsAnswer {
  readonly designSystem: string;
  readonly errors: number;
  readonly warnings: number;
  readonly problems: readonly Diagnostic[];
}

/**
 * `list_problems`: the diagnostics of a design system's current files (what `validate` reports), errors first as the
 * compiler lists them. With errors, what is served is the last version that compiled (the API's `X-Design-System-Stale`).
 * @example listProblems('acme', []) // { designSystem: 'acme', errors: 0, warnings: 0, problems: [] }
 */
export function listProblems(slug: string, problems: readonly Diagnostic[]): ListProblemsAnswer {
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  return { designSystem: slug, errors, warnings: problems.length - errors, problems };
}
