import { parseCubicBezier } from '../compile/fields/value-rules.js';
import { ALIAS_WORD, splitCss } from './css-words.js';
import type { CssRead } from './css-words.js';

/** A transition as DTCG writes it: each part text, a `{reference}` kept as written. */
export interface CssTransition {
  readonly duration: string;
  readonly timingFunction: string;
  readonly delay: string;
}

const TIME = /^-?(?:\d+\.?\d*|\.\d+)(?:ms|s)$/i;
const STEPPED = /^(?:steps\(.*\)|step-start|step-end)$/i;
const PROPERTY = /^-?[a-z][a-z0-9-]*$/i;

/**
 * A CSS `transition` shorthand of one transition (`200ms ease-in-out 0ms`, `opacity 0.2s cubic-bezier(...)`) as its
 * duration, timing function (CSS's `ease` when none) and delay (`0ms` when none); `{references}` take, in order, the
 * duration, the timing function (when no literal one is written) and the delay. A property other than `all` is dropped
 * with loss (a transition token has none); several transitions, a stepped easing or no duration are problems.
 * @example parseCssTransition('200ms ease-in-out 0ms') // { value: { duration: '200ms', timingFunction: 'ease-in-out', delay: '0ms' }, lossy: [] }
 */
export function parseCssTransition(text: string): CssRead<CssTransition> {
  const transitions = splitCss(text, ',');
  if (transitions.length > 1) return { problem: `${transitions.length} transitions (a transition token is one)` };
  const words = splitCss(text, ' ');
  const hasTiming = words.some((word) => parseCubicBezier(word) !== undefined);
  const parts: { duration?: string; timingFunction?: string; delay?: string } = {};
  const lossy: string[] = [];
  for (const word of words) {
    if (TIME.test(word) || ALIAS_WORD.test(word)) {
      const free =
        parts.duration === undefined
          ? 'duration'
          : ALIAS_WORD.test(word) && !hasTiming && parts.timingFunction === undefined
            ? 'timingFunction'
            : parts.delay === undefined
              ? 'delay'
              : undefined;
      if (free === undefined) return { problem: `a third time \`${word}\` (a transition has a duration and a delay)` };
      parts[free] = word;
    } else if (parseCubicBezier(word) !== undefined) {
      if (parts.timingFunction !== undefined) return { problem: `two timing functions, \`${parts.timingFunction}\` and \`${word}\`` };
      parts.timingFunction = word;
    } else if (STEPPED.test(word)) return { problem: `\`${word}\` is a stepped easing (ours are cubic-bezier curves)` };
    else if (word.toLowerCase() === 'all') continue;
    else if (PROPERTY.test(word)) lossy.push(`the property \`${word}\` is dropped (a transition token has no property)`);
    else return { problem: `\`${word}\` is not a time, a timing function or a property` };
  }
  if (parts.duration === undefined) return { problem: 'no duration' };
  return { value: { duration: parts.duration, timingFunction: parts.timingFunction ?? 'ease', delay: parts.delay ?? '0ms' }, lossy };
}
