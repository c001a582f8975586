import type { CompiledDesignSystem, DimensionValue } from '../../compile/types.js';
import { schemeOf } from './mode-values.js';

/** The media condition that makes a mode the high-contrast appearance of its scheme on the native platforms. */
export const HIGH_CONTRAST_MEDIA = '(prefers-contrast: more)';

/** One of the four appearances the platforms switch on their own: a scheme, and a contrast. */
export interface Appearance {
  readonly scheme: 'light' | 'dark';
  readonly contrast: 'standard' | 'high';
}

/** A design system's modes sorted onto the platforms' appearances, and the rest. */
export interface NativeModes {
  /** Mode name by appearance slot: `light` and `dark` always, the high-contrast slots when a mode fills them. */
  readonly appearances: Readonly<Record<AppearanceSlot, string | undefined>> & { readonly light: string; readonly dark: string };
  /** The modes that are no appearance (a brand, a density, a second dark), in declared order: switched in code. */
  readonly others: readonly string[];
}

export type AppearanceSlot = 'light' | 'dark' | 'lightHighContrast' | 'darkHighContrast';

/**
 * Which mode each native appearance shows. `light` and `dark` are theirs; a further mode whose `media` is exactly
 * `(prefers-contrast: more)` is the high-contrast appearance of the scheme its bases end in (the first such mode in
 * declared order; a second one is an "other" mode). Every other mode is switched in code, not by the system.
 * @example nativeModes(harbor) // { appearances: { light: 'light', dark: 'dark', lightHighContrast: 'light-high-contrast', darkHighContrast: 'dark-high-contrast' }, others: ['dark-dimmed'] }
 */
export function nativeModes(system: CompiledDesignSystem): NativeModes {
  const appearances: Record<AppearanceSlot, string | undefined> = {
    light: 'light',
    dark: 'dark',
    lightHighContrast: undefined,
    darkHighContrast: undefined,
  };
  const others: string[] = [];
  for (const mode of system.modes.slice(2)) {
    const slot = mode.media === HIGH_CONTRAST_MEDIA ? highContrastSlot(schemeOf(system, mode.name)) : undefined;
    if (slot !== undefined && appearances[slot] === undefined) appearances[slot] = mode.name;
    else others.push(mode.name);
  }
  return { appearances: { ...appearances, light: 'light', dark: 'dark' }, others };
}

const highContrastSlot = (scheme: 'light' | 'dark'): AppearanceSlot => (scheme === 'dark' ? 'darkHighContrast' : 'lightHighContrast');

/** The appearance of an appearance slot. */
export function appearanceOfSlot(slot: AppearanceSlot): Appearance {
  return {
    scheme: slot === 'dark' || slot === 'darkHighContrast' ? 'dark' : 'light',
    contrast: slot === 'lightHighContrast' || slot === 'darkHighContrast' ? 'high' : 'standard',
  };
}

/** Points (iOS), dp (Android) or logical pixels (Flutter, React Native) per unit: DTCG's px is one, a rem 16. */
const DENSITY_INDEPENDENT_PIXELS: Readonly<Partial<Record<DimensionValue['unit'], number>>> = { px: 1, rem: 16 };

/**
 * A length in the platforms' density-independent unit (pt on iOS, dp on Android, logical pixels on Flutter and React
 * Native): px as is, rem times 16 (the CSS root font size). Undefined for a unit with no fixed size off the web
 * (`em`, `%`, `ch`, `ex`, viewport units): a format leaves such a value out and its lint says so.
 * The same number is the font size in sp on Android (1rem = 16sp), which scales with the user's font size.
 * @example toDensityIndependent({ kind: 'dimension', value: 1.5, unit: 'rem' }) // 24
 */
export function toDensityIndependent(dimension: DimensionValue): number | undefined {
  const factor = DENSITY_INDEPENDENT_PIXELS[dimension.unit];
  return factor === undefined ? undefined : roundForPlatform(dimension.value * factor);
}

/** Rounds away floating-point noise (0.1rem is 1.6, not 1.6000000000000001) without losing a designer's decimals. */
export function roundForPlatform(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
