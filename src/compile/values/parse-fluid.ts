import { isRecord } from '../narrow-unknown.js';
import { parseDimension } from './parse-values.js';
import type { Dimension, DimensionUnit, FluidLength } from '../types.js';

/** The units a fluid length's ends and widths take: lengths whose size in px is known when the coefficients are worked out. */
export const FLUID_UNITS: readonly DimensionUnit[] = ['px', 'rem'];
const FLUID_FIELDS = ['min', 'max', 'from', 'to'] as const;

/** Whether a `value` is written as a fluid length (a mapping): then {@link checkFluid} says what is wrong with it. */
export const isFluidWritten = (value: unknown): value is Readonly<Record<string, unknown>> => isRecord(value);

/**
 * What is wrong with a fluid `value` (`{ min, max, from, to }`: `min` and `max` numbers in `unit` or lengths in px or
 * rem, `from` and `to` viewport widths in px or rem, a bare number is px, `from` below `to`), as the text after "must
 * be"; undefined when nothing is.
 */
export function checkFluid(value: Readonly<Record<string, unknown>>): string | undefined {
  const shape =
    'a fluid length `{ min, max, from, to }` (`min` at viewport width `from`, `max` at `to`; lengths in `px` or `rem`, a bare number is px)';
  for (const name of Object.keys(value)) {
    if (!(FLUID_FIELDS as readonly string[]).includes(name)) return `${shape}, without \`${name}\``;
  }
  for (const name of FLUID_FIELDS) {
    if (value[name] === undefined) return `${shape}: \`${name}\` is missing`;
    const length = parseDimension(value[name], FLUID_UNITS, 'px');
    if (length === undefined || !Number.isFinite(length.value) || Math.abs(length.value) > 1e6)
      return `${shape}: \`${name}\` is not a length in px or rem`;
    if ((name === 'from' || name === 'to') && length.value < 0) return `${shape}: \`${name}\` is a width, ≥ 0`;
  }
  // Every part parsed above, so `fluid` is there.
  const fluid = parseFluid(value, 'px');
  if (fluid !== undefined && pxOf(fluid.from) >= pxOf(fluid.to)) return `${shape}: \`from\` must be narrower than \`to\``;
  return undefined;
}

/** A checked fluid `value` read, its bare `min` and `max` in `unit` (the token's), its bare widths in px. */
export function parseFluid(value: Readonly<Record<string, unknown>>, unit: DimensionUnit): FluidLength | undefined {
  const end = (name: 'min' | 'max'): Dimension | undefined => parseDimension(value[name], FLUID_UNITS, unit);
  const width = (name: 'from' | 'to'): Dimension | undefined => parseDimension(value[name], FLUID_UNITS, 'px');
  const [min, max, from, to] = [end('min'), end('max'), width('from'), width('to')];
  if (min === undefined || max === undefined || from === undefined || to === undefined) return undefined;
  return { min, max, from, to };
}

/** What a rem is in px when a fluid length's coefficients are worked out: the browsers' default font size. */
export const FLUID_PX_PER_REM = 16;
/** A length of {@link FLUID_UNITS} in px. */
export const pxOf = (length: Dimension): number => (length.unit === 'rem' ? length.value * FLUID_PX_PER_REM : length.value);
