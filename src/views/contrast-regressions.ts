import { requiredRatio } from '../compile/resolve/check-contrast.js';
import type { CompiledDesignSystem, ContrastKind } from '../compile/types.js';
import { contrastChecksOf } from './contrast.js';
import { perSystem } from './system-memo.js';

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
  // From the compiler's checks of both sides: what is compared here is numbers, no color is measured again.
  const [fromChecks, toChecks] = [contrastChecksOf(from), contrastChecksOf(to)];
  const fromPairs = pairIndexOf(from);
  const fromModes = modeIndexOf(from);
  const regressions: ContrastRegression[] = [];
  const modeCount = to.modes.length;
  (to.contrast?.pairs ?? []).forEach((pair, index) => {
    const earlier = fromPairs.get(pair.name);
    to.modes.forEach(({ name: mode }, modeIndex) => {
      const check = index * modeCount + modeIndex;
      const after = toChecks.ratios[check] as number;
      const required = requiredRatio(toChecks.kinds[check] as ContrastKind, pair.level);
      if (Number.isNaN(after) || after >= required) return;
      const fromMode = fromModes.get(mode);
      const was = earlier === undefined || fromMode === undefined ? NaN : (fromChecks.ratios[earlier.check + fromMode] as number);
      if (earlier !== undefined && !Number.isNaN(was)) {
        const wasRequired = requiredRatio(fromChecks.kinds[earlier.check + (fromMode as number)] as ContrastKind, earlier.pair.level);
        if (was < wasRequired) return;
      }
      regressions.push({
        pair: `${pair.name} (${pair.foreground} on ${pair.background})`,
        mode,
        before: Number.isNaN(was) ? null : was,
        after,
        required,
      });
    });
  });
  return regressions;
}

/** Each pair by name, with the index of its first check (pair × modes). */
const pairIndexOf = perSystem((system) => {
  const modeCount = system.modes.length;
  return new Map((system.contrast?.pairs ?? []).map((pair, index) => [pair.name, { pair, check: index * modeCount }]));
});

/** Each mode's index in the design system's mode order, by name. */
const modeIndexOf = perSystem((system) => new Map(system.modes.map((mode, index) => [mode.name, index])));

/** Whether either side declares contrast pairs: only then does a diff carry `contrastRegressions` (spec-only sources answer as before). */
export function declaresContrast(from: CompiledDesignSystem, to: CompiledDesignSystem): boolean {
  return from.contrast !== undefined || to.contrast !== undefined;
}
