import { TOKEN_KEY } from './name-rules.js';
import { DIMENSION_UNITS } from '../types.js';
import type { DimensionUnit } from '../types.js';

const DIMENSION = new RegExp(`^(-?(?:\\d+\\.?\\d*|\\.\\d+))(${DIMENSION_UNITS.join('|')})$`);
const DURATION = /^((?:\d+\.?\d*|\.\d+))(ms|s)$/;
const REFERENCE = new RegExp(`^\\{(${TOKEN_KEY.source.slice(1, -1)})\\}$`);

/**
 * The token key a part refers to when it is written `{a.b.c}` (the DTCG alias syntax), or undefined.
 * @example referenceOf('{color.fg.default}') // 'color.fg.default'
 */
export function referenceOf(value: unknown): string | undefined {
  return typeof value === 'string' ? REFERENCE.exec(value)?.[1] : undefined;
}

/**
 * A length written as text (`16px`, `1.5rem`, `-0.01em`, `50%`, `100dvh`), or a bare number in `bareUnit` (`0` always reads as
 * one); undefined when it is neither or its unit is not in `units`.
 * @example parseDimension('1.5rem', ['px', 'rem']) // { value: 1.5, unit: 'rem' }
 */
export function parseDimension(
  value: unknown,
  units: readonly DimensionUnit[],
  bareUnit: DimensionUnit | null,
): { value: number; unit: DimensionUnit } | undefined {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    if (bareUnit !== null) return { value, unit: bareUnit };
    const [first] = units;
    return value === 0 && first !== undefined ? { value: 0, unit: first } : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const match = DIMENSION.exec(value.trim());
  if (!match) return undefined;
  const unit = units.find((candidate) => candidate === match[2]);
  return unit === undefined ? undefined : { value: Number(match[1]), unit };
}

/**
 * A duration in milliseconds: a number (ms) or text in `ms` or `s`; undefined when it is not one, or negative.
 * @example parseDuration('0.2s') // 200
 */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const match = DURATION.exec(value.trim());
  if (!match) return undefined;
  const amount = Number(match[1]);
  // `0.2s` is 200ms exactly: round away the float noise of the multiplication.
  return match[2] === 's' ? Math.round(amount * 1000 * 1e6) / 1e6 : amount;
}

/** The CSS `border-style` keywords DTCG 2025.10 names for `strokeStyle`. */
export const STROKE_STYLES = ['solid', 'dashed', 'dotted', 'double', 'groove', 'ridge', 'outset', 'inset'] as const;

/** The font weight keywords of DTCG 2025.10 and the number each stands for. */
export const FONT_WEIGHT_KEYWORDS: Readonly<Record<string, number>> = {
  thin: 100,
  hairline: 100,
  'extra-light': 200,
  'ultra-light': 200,
  light: 300,
  normal: 400,
  regular: 400,
  book: 400,
  medium: 500,
  'semi-bold': 600,
  'demi-bold': 600,
  bold: 700,
  'extra-bold': 800,
  'ultra-bold': 800,
  black: 900,
  heavy: 900,
  'extra-black': 950,
  'ultra-black': 950,
};

/** A font weight: a number from 1 to 1000 or a DTCG keyword; undefined otherwise. */
export function parseFontWeight(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 1 && value <= 1000 ? value : undefined;
  return typeof value === 'string' && Object.hasOwn(FONT_WEIGHT_KEYWORDS, value) ? FONT_WEIGHT_KEYWORDS[value] : undefined;
}

/** The CSS easing keywords that are cubic Béziers, and their control points. */
export const EASING_KEYWORDS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  ease: [0.25, 0.1, 0.25, 1],
  linear: [0, 0, 1, 1],
  'ease-in': [0.42, 0, 1, 1],
  'ease-out': [0, 0, 0.58, 1],
  'ease-in-out': [0.42, 0, 0.58, 1],
};
