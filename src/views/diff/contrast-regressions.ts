import { requiredRatio } from '../../compile/resolve/check-contrast.js';
import type { CompiledDesignSystem } from '../../compile/types.js';
import { contrastChecksOf } from '../api/contrast.js';
import { perSystem } from '../shared/system-memo.js';
import { itemAt } from '../../compile/checked-access.js';

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
export function contrastRegressions(from: CompiledDesignSystem, to: CompiledDesignSystem): readonly ContrastRegression[] {
  const remembered = regressionsFrom(from);
  let regressions = remembered.get(to);
  if (regressions === undefined) {
    regressions = Object.freeze(compareChecks(from, to));
    remembered.set(to, regressions);
  }
  return regressions;
}

/** What each `to` regressed against a `from` (a diff's JSON and Markdown, and every later request, ask it alike). */
const regressionsFrom = perSystem(() => new WeakMap<CompiledDesignSystem, readonly ContrastRegression[]>());

/** From the compiler's checks of both sides: numbers compared, no color measured again. */
function compareChecks(from: CompiledDesignSystem, to: CompiledDesignSystem): ContrastRegression[] {
  const [fromChecks, toChecks] = [contrastChecksOf(from), contrastChecksOf(to)];
  const fromPairs = pairIndexOf(from);
  const fromModes = modeIndexOf(from);
  // Each of `to`'s modes at its index in `from` (-1 when `from` has no such mode).
  const modesInFrom = to.modes.map((mode) => fromModes.get(mode.name) ?? -1);
  const regressions: ContrastRegression[] = [];
  const modeCount = to.modes.length;
  const pairs = to.contrast?.pairs ?? [];
  for (let index = 0; index < pairs.length; index++) {
    const pair = itemAt(pairs, index);
    const earlier = fromPairs.get(pair.name);
    let label: string | undefined;
    for (let mode = 0; mode < modeCount; mode++) {
      const check = index * modeCount + mode;
      const after = itemAt(toChecks.ratios, check);
      const required = requiredRatio(itemAt(toChecks.kinds, check), pair.level);
      if (Number.isNaN(after) || after >= required) continue;
      const fromMode = itemAt(modesInFrom, mode);
      let was = NaN;
      if (earlier !== undefined && fromMode >= 0) {
        const before = earlier.check + fromMode;
        was = itemAt(fromChecks.ratios, before);
        // Failing on both sides is no regression.
        if (was < requiredRatio(itemAt(fromChecks.kinds, before), earlier.pair.level)) continue;
      }
      label ??= `${pair.name} (${pair.foreground} on ${pair.background})`;
      regressions.push({
        pair: label,
        mode: itemAt(to.modes, mode).name,
        before: Number.isNaN(was) ? null : was,
        after,
        required,
      });
    }
  }
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
