import { checkContrast, fontSizeOf, requiredRatio } from '../../compile/resolve/check-contrast.js';
import type { CompiledDesignSystem, ContrastChecks, ContrastKind, ContrastPair, Dimension, DimensionValue } from '../../compile/types.js';
import type { ApiContrast, ApiContrastPair } from './api-answers.js';
import { perSystem } from '../shared/system-memo.js';
import { itemAt } from '../../compile/checked-access.js';

// The checks themselves are the compiler's (once per compiled design system, in the compile worker); these two are
// imported from here by the MCP tools.
export { compositeOver, pixelsOf } from '../../compile/resolve/check-contrast.js';

/** One pair in one mode: the WCAG ratio (unrounded), what it needs, whether it passes, and APCA Lc (advice only). */
export interface ContrastModeResult {
  readonly ratio: number;
  readonly required: number;
  readonly pass: boolean;
  /** APCA Lc of the text over its background (colorjs.io); negative for light text on a dark background. */
  readonly apca: number;
  /** What the pair counts as in this mode: its `kind`, or for a pair with a typography, `text` or `large-text` by its size. */
  readonly kind: ContrastKind;
}

/** One declared pair and its result in every mode, the modes in the design system's order. */
export interface ContrastResult {
  readonly pair: ContrastPair;
  readonly modes: Readonly<Record<string, ContrastModeResult>>;
}

const NO_CHECKS: ContrastChecks = { ratios: [], apca: [], kinds: [], smallFontSizes: [] };
/** Checks of a design system built without the compiler (none carries a `contrast` without them): made once here. */
const checkedHere = perSystem((system) =>
  system.contrast === undefined ? NO_CHECKS : checkContrast(system.tokens, system.modes, system.contrast),
);

/**
 * The compiler's checks of the design system's contrast pairs (pair × modes + mode): the very object the compiled
 * design system carries, so never computed per request; empty lists when it declares none.
 * @example contrastChecksOf(system).ratios[0] // 15.8 (the first pair in the first mode)
 */
export function contrastChecksOf(system: CompiledDesignSystem): ContrastChecks {
  return system.contrastChecks ?? checkedHere(system);
}

/** The result of check `check` (pair × modes + mode) of `pair`; undefined when that mode is not checked. */
function modeResultAt(checks: ContrastChecks, check: number, pair: ContrastPair): ContrastModeResult | undefined {
  const ratio = itemAt(checks.ratios, check);
  if (Number.isNaN(ratio)) return undefined;
  const kind = itemAt(checks.kinds, check);
  const required = requiredRatio(kind, pair.level);
  return { ratio, required, pass: ratio >= required, apca: itemAt(checks.apca, check), kind };
}

/**
 * Every contrast pair the design system declares, checked in every mode against WCAG 2.2: the compiler's checks as
 * objects, made once per compiled design system and kept while it lives (for `validate`). Empty when it declares
 * none. The background is composited over the mode's surface (the `surface` token, itself over the scheme's default,
 * or opaque white in a light-scheme mode and black in a dark one), then the foreground over that background.
 * @example contrastResults(system)[0] // { pair: { name: 'body', ... }, modes: { light: { ratio: 15.8, required: 4.5, pass: true, apca: 101.3, kind: 'text' }, ... } }
 */
export const contrastResults: (system: CompiledDesignSystem) => readonly ContrastResult[] = perSystem((system) =>
  (system.contrast?.pairs ?? []).map((pair, index) => ({ pair, modes: modeResultsOf(system, index) })),
);

/** Pair `index`'s result per mode, in the design system's mode order, unchecked modes left out. */
function modeResultsOf(system: CompiledDesignSystem, index: number): Record<string, ContrastModeResult> {
  const checks = contrastChecksOf(system);
  const pair = system.contrast?.pairs[index] as ContrastPair;
  const modes: Record<string, ContrastModeResult> = {};
  const first = index * system.modes.length;
  system.modes.forEach(({ name }, mode) => {
    const result = modeResultAt(checks, first + mode, pair);
    if (result !== undefined) modes[name] = result;
  });
  return modes;
}

/** A font size below the declared minimum: the token, the mode, its size as it resolved and the minimum. */
export interface FontSizeFailure {
  readonly token: string;
  readonly mode: string;
  readonly size: Dimension;
  readonly minimum: Dimension;
}

/**
 * Every `font.size` and `typography` token (and every `dimension` a typography takes its `fontSize` from) whose size is
 * below the `contrast` section's `minFontSize`, per mode, in token key order then mode order; computed once per
 * compiled design system. Sizes in em, % or viewport units have no size of their own and are not compared.
 * @example fontSizeFailures(system) // [{ token: 'font.size.caption', mode: 'dark', size: { value: 11, unit: 'px' }, minimum: { value: 12, unit: 'px' } }]
 */
export const fontSizeFailures: (system: CompiledDesignSystem) => readonly FontSizeFailure[] = perSystem((system) =>
  contrastChecksOf(system).smallFontSizes.map((at) => fontSizeFailureAt(system, at)),
);

/** The font size failure at `at` (token × modes + mode), from the token's value as it resolved. */
function fontSizeFailureAt(system: CompiledDesignSystem, at: number): FontSizeFailure {
  const modeCount = system.modes.length;
  const token = itemAt(system.tokens, Math.floor(at / modeCount));
  const mode = itemAt(system.modes, at % modeCount).name;
  const size = fontSizeOf(token.resolved[mode]) as DimensionValue;
  return { token: token.key, mode, size, minimum: system.contrast?.minFontSize as Dimension };
}

/**
 * The body of `GET /api/v1/design-systems/:id/contrast`.
 * @example renderContrast(system) // { data: { pairs: [{ name: 'body', foreground: 'color.fg.default', ..., modes: { light: { ratio: 15.8, required: 4.5, pass: true, apca: 101.3 } } }], minFontSize: '12px', fontSizes: [] } }
 */
export function renderContrast(system: CompiledDesignSystem): { data: ApiContrast } {
  const pairs = (system.contrast?.pairs ?? []).map((_, index) => pairAnswer(system, index));
  return { data: { pairs, minFontSize: minFontSizeText(system), fontSizes: fontSizeFailures(system).map(fontSizeAnswer) } };
}

/** About this many checks (pairs × modes), or font sizes, go into one part of the body {@link renderContrastParts} makes. */
export const CONTRAST_PART_CHECKS = 1_000;

/**
 * The bytes of {@link renderContrast} as JSON with a trailing newline (`toRenderedJson`'s), as parts to write one
 * after the other, each of about {@link CONTRAST_PART_CHECKS} checks or font sizes, so that a caller can answer other
 * requests between them: a few ms each, where the whole body at the limit of 20,000 checks took 30-80 ms in one go.
 * @example renderContrastParts(system).map((part) => part()).join('') // '{"data":{"pairs":[{"name":"body",...}],"minFontSize":"12px","fontSizes":[]}}\n'
 */
export function renderContrastParts(system: CompiledDesignSystem, partChecks = CONTRAST_PART_CHECKS): readonly (() => string)[] {
  const pairCount = system.contrast?.pairs.length ?? 0;
  const pairsPerPart = Math.max(1, Math.floor(partChecks / system.modes.length));
  const work: (() => string)[] = [];
  for (let start = 0; start < pairCount; start += pairsPerPart) {
    const end = Math.min(pairCount, start + pairsPerPart);
    work.push(() => {
      let text = '';
      for (let index = start; index < end; index++) text += `${index === 0 ? '' : ','}${JSON.stringify(pairAnswer(system, index))}`;
      return text;
    });
  }
  const pairParts = work.length;
  const small = contrastChecksOf(system).smallFontSizes;
  for (let start = 0; start < small.length; start += partChecks) {
    const answers = (): string =>
      JSON.stringify(small.slice(start, start + partChecks).map((at) => fontSizeAnswer(fontSizeFailureAt(system, at)))).slice(1, -1);
    work.push(() => `${start === 0 ? '' : ','}${answers()}`);
  }
  const head = '{"data":{"pairs":[';
  const middle = `],"minFontSize":${JSON.stringify(minFontSizeText(system))},"fontSizes":[`;
  const tail = ']}}\n';
  if (work.length === 0) return [() => `${head}${middle}${tail}`];
  return work.map((render, part) => () => {
    const before = part === 0 ? (pairParts === 0 ? `${head}${middle}` : head) : '';
    const after = `${part === pairParts - 1 ? middle : ''}${part === work.length - 1 ? tail : ''}`;
    return `${before}${render()}${after}`;
  });
}

/** Pair `index` as the API answers it: ratios to 2 decimals, APCA to 1, per mode in the design system's order. */
function pairAnswer(system: CompiledDesignSystem, index: number): ApiContrastPair {
  const pair = system.contrast?.pairs[index] as ContrastPair;
  const checks = contrastChecksOf(system);
  const modes: Record<string, ApiContrastPair['modes'][string]> = {};
  const first = index * system.modes.length;
  system.modes.forEach(({ name }, mode) => {
    const result = modeResultAt(checks, first + mode, pair);
    if (result === undefined) return;
    modes[name] = { ratio: round(result.ratio, 2), required: result.required, pass: result.pass, apca: round(result.apca, 1) };
  });
  const { name, foreground, background, kind, level, severity, typography } = pair;
  return { name, foreground, background, kind, level, severity, typography, modes };
}

function minFontSizeText(system: CompiledDesignSystem): string | null {
  const minimum = system.contrast?.minFontSize ?? null;
  return minimum === null ? null : lengthText(minimum);
}

const fontSizeAnswer = ({ token, mode, size }: FontSizeFailure): ApiContrast['fontSizes'][number] => ({
  token,
  mode,
  size: lengthText(size),
});

/** A length as text: `12px`, `0.75rem`. */
export function lengthText(length: Dimension): string {
  return `${length.value}${length.unit}`;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  // `+ 0` turns -0 into 0.
  return Math.round(value * factor) / factor + 0;
}
