/**
 * The candidate closest to `name` by edit distance, when it is close enough to be a likely typo. Candidates further
 * than the tolerance (or than the best so far) are dropped after a few characters, so a long list costs little more
 * than reading it.
 */
export function suggestClosest(name: string, candidates: Iterable<string>): string | undefined {
  const tolerance = Math.max(2, Math.floor(name.length / 3));
  const lowered = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = tolerance + 1;
  for (const candidate of candidates) {
    // Lengths differing by more than the bound cannot be within it.
    if (Math.abs(candidate.length - name.length) > Math.min(bestDistance, tolerance)) continue;
    const distance = boundedEditDistance(lowered, candidate.toLowerCase(), bestDistance);
    if (distance < bestDistance || (distance === bestDistance && best !== undefined && candidate < best)) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= tolerance ? best : undefined;
}

/** ` (did you mean `x`?)` or an empty string. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const suggestion = suggestClosest(name, candidates);
  return suggestion === undefined ? '' : ` (did you mean \`${suggestion}\`?)`;
}

let previousRow = new Uint32Array(64);
let currentRow = new Uint32Array(64);

/** Levenshtein distance of `a` and `b`, or `bound + 1` as soon as it is known to exceed `bound`. */
function boundedEditDistance(left: string, right: string, bound: number): number {
  // A shared prefix and suffix change nothing (`spacing.md` against `spacing.mdx`): compare what is left.
  let start = 0;
  while (start < left.length && start < right.length && left.charCodeAt(start) === right.charCodeAt(start)) start += 1;
  let end = 0;
  while (
    end < left.length - start &&
    end < right.length - start &&
    left.charCodeAt(left.length - 1 - end) === right.charCodeAt(right.length - 1 - end)
  )
    end += 1;
  const a = left.slice(start, left.length - end);
  const b = right.slice(start, right.length - end);
  if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
  if (b.length + 1 > previousRow.length) {
    previousRow = new Uint32Array(b.length + 1);
    currentRow = new Uint32Array(b.length + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= b.length; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > bound) return bound + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? 0;
}
