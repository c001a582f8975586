import type { CompiledDesignSystem } from '../compile/types.js';
import { contrastResults } from './contrast.js';

/**
 * A declared contrast pair that fails in `to` in one mode where it passed in `from` (or did not exist there: a new
 * pair or a new mode that fails is a regression too, since nothing in `from` failed there). Ratios unrounded; `before`
 * null when `from` has no result for the pair in that mode.
 */
export interface ContrastRegression {
  /** The pair's name as written under `contrast.pairs`, with its two tokens: `button-text (color.text.onPrimary on color.brand.primary)`. */
  readonly pair: string;
  readonly mode: string;
  readonly before: number | null;
  readonly after: number;
  readonly required: number;
}

/**
 * Every pair and mode that passes (or is not checked) in `from` and fails in `to`, in `to`'s pair and mode order. A
 * pair failing on both sides is no regression (it is `validate`'s to report); a warning-severity pair counts as well:
 * the level says what changed, the severity only whether `validate` fails.
 * @example contrastRegressions(before, after) // [{ pair: 'button-text (color.text.onPrimary on color.brand.primary)', mode: 'dark', before: 4.61, after: 4.05, required: 4.5 }]
 */
export function contrastRegressions(from: CompiledDesignSystem, to: CompiledDesignSystem): ContrastRegression[] {
  const before = new Map(contrastResults(from).map((result) => [result.pair.name, result]));
  const regressions: ContrastRegression[] = [];
  for (const { pair, modes } of contrastResults(to)) {
    const earlier = before.get(pair.name);
    for (const [mode, result] of Object.entries(modes)) {
      if (result.pass) continue;
      const was = earlier?.modes[mode];
      if (was !== undefined && !was.pass) continue;
      regressions.push({
        pair: `${pair.name} (${pair.foreground} on ${pair.background})`,
        mode,
        before: was?.ratio ?? null,
        after: result.ratio,
        required: result.required,
      });
    }
  }
  return regressions;
}

/** Whether either side declares contrast pairs: only then does a diff carry `contrastRegressions` (spec-only sources answer as before). */
export function declaresContrast(from: CompiledDesignSystem, to: CompiledDesignSystem): boolean {
  return from.contrast !== undefined || to.contrast !== undefined;
}
