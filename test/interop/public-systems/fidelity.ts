/**
 * How faithfully a conversion keeps a package: per token, exact (the served value equals the package's in every theme
 * and the `var()` aliases the package writes are kept), lossy (equal only once a reference is flattened, or
 * approximated) or not expressible (left out).
 */
export interface Fidelity {
  readonly total: number;
  readonly exact: number;
  readonly lossy: number;
  readonly notExpressible: number;
  /** Converted tokens the package writes with `var()` in some theme, and those of them whose aliases are kept. */
  readonly withAliases: number;
  readonly aliasesKept: number;
}

const REFERENCE = /var\(\s*(--[A-Za-z0-9_-]+)/g;

/** The custom properties a value refers to with `var()`, in order. */
export function referencedNames(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((match) => match[1] as string);
}

/** A table row per measurement, for the test's output. */
export function formatFidelity(packageName: string, before: Fidelity, after: Fidelity): string {
  const row = (label: string, fidelity: Fidelity): string =>
    `  ${label.padEnd(7)} total ${fidelity.total}  exact ${fidelity.exact}  lossy ${fidelity.lossy}  not expressible ${fidelity.notExpressible}  (aliases kept ${fidelity.aliasesKept}/${fidelity.withAliases})`;
  return [`${packageName} fidelity:`, row('before', before), row('after', after)].join('\n');
}
