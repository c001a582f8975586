import { itemAt } from '../compile/checked-access.js';
import { FLUID_PX_PER_REM } from '../compile/values/parse-fluid.js';

/** A fluid length as our source format writes it: `min` at viewport width `from`, `max` at `to`. */
export interface FluidFields {
  readonly min: string;
  readonly max: string;
  readonly from: string;
  readonly to: string;
}

/** A length in px or rem: `1.5rem`, `24px`, `0`. */
const END = /^(-?(?:\d+\.?\d*|\.\d+))(px|rem)?$/;
/** One term of the preferred value: `0.8571rem`, `-2px`, `0.7143vw`. */
const TERM = /^(-?(?:\d+\.?\d*|\.\d+))(px|rem|vw)$/;

/** A `clamp()`'s text with a `calc()` around one of its values taken away: inside `clamp()` the sum is worked out anyway. */
const withoutCalc = (text: string): string => text.trim().replace(/calc\(([^()]*)\)/gi, '$1');

/** Whether CSS text is a `clamp()` call (then {@link fluidOfClamp} reads it, or says why not). */
export const isClampText = (raw: unknown): raw is string => typeof raw === 'string' && /^clamp\(/i.test(raw.trim());

const pxOfEnd = (text: string): number | undefined => {
  const match = END.exec(text.trim());
  if (match === null || (match[2] === undefined && Number(match[1]) !== 0)) return undefined;
  return Number(match[1]) * (match[2] === 'rem' ? FLUID_PX_PER_REM : 1);
};

/** `a + b` (or `-`) of px, rem and vw terms as an intercept in px and a slope in px per px of viewport width. */
function lineOf(text: string): { intercept: number; slope: number } | undefined {
  const terms = text
    .trim()
    .replace(/\s+([+-])\s+/g, ' $1')
    .split(/\s+/);
  let [intercept, slope] = [0, 0];
  for (const [index, term] of terms.entries()) {
    const signed = index === 0 ? term : term.replace(/^\+/, '');
    if (index > 0 && !/^[+-]/.test(term)) return undefined;
    const match = TERM.exec(signed);
    if (match === null) return undefined;
    const value = Number(match[1]);
    if (match[2] === 'vw') slope += value / 100;
    else intercept += value * (match[2] === 'rem' ? FLUID_PX_PER_REM : 1);
  }
  return { intercept, slope };
}

/** The three values of a `clamp()`, or undefined when there are more or fewer. */
function threeParts(parts: readonly string[]): readonly [string, string, string] | undefined {
  const [first, second, third] = parts;
  return parts.length === 3 && first !== undefined && second !== undefined && third !== undefined ? [first, second, third] : undefined;
}

/** A width in px written as our format writes it: whole px when the clamp's rounded coefficients put it within 0.5 px of one. */
const widthText = (px: number): string => `${Math.abs(px - Math.round(px)) < 0.5 ? Math.round(px) : Math.round(px * 100) / 100}px`;

/**
 * A CSS `clamp(min, preferred, max)` as a fluid length, when it is the linear form the source format holds: `min` and
 * `max` in px or rem, `preferred` a sum of px, rem and vw terms with a vw term, `min` below `max`, and both widths
 * where it reaches them ≥ 0. Widths are worked out with a rem as 16px (as the format does) and written in whole px
 * when within 0.5 px of one (the clamp's coefficients are rounded, so its widths are only known to a fraction of a px).
 * Anything else is `{ reason }`, the text after "is not a fluid length we read:".
 * @example fluidOfClamp('clamp(1rem, 0.8571rem + 0.7143vw, 1.5rem)') // { min: '1rem', max: '1.5rem', from: '320px', to: '1440px' }
 */
export function fluidOfClamp(text: string): FluidFields | { readonly reason: string } {
  const inner = /^clamp\(([^()]*)\)$/i.exec(withoutCalc(text));
  if (inner === null) return { reason: 'only `clamp(min, a + b vw, max)` of lengths, without functions inside but `calc()`' };
  const parts = threeParts(
    itemAt(inner, 1)
      .split(',')
      .map((part) => part.trim()),
  );
  if (parts === undefined) return { reason: 'a `clamp()` takes three values' };
  const [minText, preferred, maxText] = parts;
  const [low, high] = [pxOfEnd(minText), pxOfEnd(maxText)];
  if (low === undefined || high === undefined) return { reason: 'its minimum and maximum must be lengths in px or rem' };
  if (low >= high) return { reason: 'its minimum is not below its maximum' };
  const line = lineOf(preferred);
  if (line === undefined) return { reason: `its preferred value \`${preferred}\` is not a sum of px, rem and vw` };
  if (line.slope === 0) return { reason: `its preferred value \`${preferred}\` does not grow with the viewport (no vw)` };
  const [atLow, atHigh] = [(low - line.intercept) / line.slope, (high - line.intercept) / line.slope];
  const [from, to] = atLow < atHigh ? [atLow, atHigh] : [atHigh, atLow];
  if (from < 0) return { reason: `it reaches its ${line.slope > 0 ? 'minimum' : 'maximum'} at a negative viewport width` };
  // Mobile first: `min` is the value at `from`, the narrower width (larger than `max` when the line falls).
  const [atFrom, atTo] = line.slope > 0 ? [minText, maxText] : [maxText, minText];
  const length = (end: string): string => (pxOfEnd(end) === 0 ? '0px' : end);
  return { min: length(atFrom), max: length(atTo), from: widthText(from), to: widthText(to) };
}

/** A `clamp(min, a + b vw, max)` of px and rem as numbers in px: its ends and its line (slope per px of width). */
export function clampInPx(text: string): { low: number; high: number; intercept: number; slope: number } | undefined {
  const inner = /^clamp\(([^()]*)\)$/i.exec(withoutCalc(text));
  const parts = inner === null ? undefined : threeParts(itemAt(inner, 1).split(','));
  if (parts === undefined) return undefined;
  const [low, high, line] = [pxOfEnd(parts[0]), pxOfEnd(parts[2]), lineOf(parts[1])];
  return low === undefined || high === undefined || line === undefined ? undefined : { low, high, ...line };
}

/** Viewport widths (px) at which two `clamp()` lines are compared, besides where each bends. */
const PROBE_WIDTHS = [0, 320, 360, 768, 1024, 1280, 1440, 1920, 2560];
/** How far apart (px) two clamps may be at a width and still be one value: their coefficients are rounded to 4 decimals. */
const CLAMP_TOLERANCE_PX = 0.01;

/**
 * Whether two `clamp()` values give the same length at every viewport width (within 0.01 px, at the widths where
 * either bends and common ones from 0 to 2560 px; a rem is 16px); undefined when either is not a linear clamp.
 * @example sameClamp('clamp(1rem, 0.8571rem + 0.7143vw, 1.5rem)', 'clamp(16px, 13.7143px + 0.7143vw, 24px)') // true
 */
export function sameClamp(a: string, b: string): boolean | undefined {
  const [x, y] = [clampInPx(a), clampInPx(b)];
  if (x === undefined || y === undefined) return undefined;
  // CSS: clamp(MIN, VAL, MAX) is max(MIN, min(VAL, MAX)).
  const at = (line: NonNullable<typeof x>, width: number): number =>
    Math.max(line.low, Math.min(line.intercept + line.slope * width, line.high));
  const bends = [x, y].flatMap((line) =>
    line.slope === 0 ? [] : [(line.low - line.intercept) / line.slope, (line.high - line.intercept) / line.slope],
  );
  return [...PROBE_WIDTHS, ...bends.filter((width) => width >= 0)].every(
    (width) => Math.abs(at(x, width) - at(y, width)) <= CLAMP_TOLERANCE_PX,
  );
}
