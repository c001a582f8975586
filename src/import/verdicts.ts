import type { ImportIssue } from './source-token.js';

/** What the report says of one token (or file) not carried exactly: one verdict, with every reason. */
export interface Verdict {
  readonly source: string;
  readonly level: 'lossy' | 'skipped';
  /** The reasons in one sentence: a left-out token's, then in parentheses what was lost on the way. */
  readonly reason: string;
}

/** At least this many tokens left out for one reason are one line of the text report (all are in `--format json`). */
export const HINT_THRESHOLD = 10;

/**
 * One verdict per source among `issues`: left out when any issue leaves it out (what was lost before that is said after
 * its reason), else with loss (its reasons joined by `; `). With-loss verdicts first, then left-out ones, each in the
 * order the issues name their source first.
 */
export function verdictsOf(issues: readonly ImportIssue[]): Verdict[] {
  const bySource = new Map<string, { skipped: string[]; lossy: string[] }>();
  for (const issue of issues) {
    const entry = bySource.get(issue.source) ?? { skipped: [], lossy: [] };
    const list = issue.level === 'skipped' ? entry.skipped : entry.lossy;
    if (!list.includes(issue.reason)) list.push(issue.reason);
    bySource.set(issue.source, entry);
  }
  const lossy: Verdict[] = [];
  const skipped: Verdict[] = [];
  for (const [source, entry] of bySource) {
    if (entry.skipped.length === 0) lossy.push({ source, level: 'lossy', reason: entry.lossy.join('; ') });
    else {
      const after = entry.lossy.length === 0 ? '' : ` (after: ${entry.lossy.join('; ')})`;
      skipped.push({ source, level: 'skipped', reason: `${entry.skipped.join('; ')}${after}` });
    }
  }
  return [...lossy, ...skipped];
}

/**
 * The text report's lines for verdicts: one per verdict, except that {@link HINT_THRESHOLD} or more left out for the
 * same reason are one line with their count and the first three sources, where the first of them would be.
 */
export function verdictLines(verdicts: readonly Verdict[]): string[] {
  const byReason = new Map<string, Verdict[]>();
  for (const verdict of verdicts) {
    if (verdict.level !== 'skipped') continue;
    byReason.set(verdict.reason, [...(byReason.get(verdict.reason) ?? []), verdict]);
  }
  const lines: string[] = [];
  const hinted = new Set<string>();
  for (const verdict of verdicts) {
    const same = verdict.level === 'skipped' ? (byReason.get(verdict.reason) ?? []) : [];
    if (same.length < HINT_THRESHOLD) {
      lines.push(`${verdict.source}  ${verdict.level === 'lossy' ? 'with loss' : 'left out'}  ${verdict.reason}`);
      continue;
    }
    if (hinted.has(verdict.reason)) continue;
    hinted.add(verdict.reason);
    const shown = same.slice(0, 3).map((each) => each.source);
    lines.push(
      `${same.length} tokens left out: ${verdict.reason} (${shown.join(', ')}, and ${same.length - 3} more; each one with --format json)`,
    );
  }
  return lines;
}
