import { widthInPx } from '../../compile/fields/read-breakpoints.js';
import type { CompiledDesignSystem, ModeValues, Token, TypedValue } from '../../compile/types.js';
import { perSystem } from './system-memo.js';

/** A breakpoint as a native app compares it with a width: its name, its width in dp or pt (a rem or em as 16) and container. */
export interface NativeBreakpoint {
  readonly name: string;
  readonly width: number;
  readonly container: string | null;
}

/**
 * The breakpoints of a design system, narrowest first, with their widths in dp (Android, Compose, Flutter, React
 * Native) or pt (iOS): the same number, 48rem as 768.
 * @example nativeBreakpointsOf(system) // [{ name: 'md', width: 768, container: null }, { name: 'lg', width: 1024, container: null }]
 */
export const nativeBreakpointsOf: (system: CompiledDesignSystem) => readonly NativeBreakpoint[] = perSystem((system) =>
  (system.breakpoints ?? []).map((breakpoint) => ({
    name: breakpoint.name,
    width: Math.round(widthInPx(breakpoint.minWidth) * 1e6) / 1e6,
    container: breakpoint.container,
  })),
);

/**
 * The name a native format gives a mode's values at a breakpoint among its mode names: `dark@lg` (`@` is in no mode
 * name, so it names no mode).
 */
export const modeAtBreakpoint = (mode: string, breakpoint: string): string => `${mode}@${breakpoint}`;

/** Every mode, then every mode at each breakpoint (`light@md`, `dark@md`, ...): the values a native format writes. */
export const modesAtEveryBreakpoint: (system: CompiledDesignSystem) => readonly string[] = perSystem((system) => [
  ...system.modes.map((mode) => mode.name),
  ...nativeBreakpointsOf(system).flatMap((breakpoint) => system.modes.map((mode) => modeAtBreakpoint(mode.name, breakpoint.name))),
]);

/** A mode at a breakpoint as a native format declares it: an object, constant or type of its own. */
export interface NamedModeAtBreakpoint {
  readonly breakpoint: string;
  readonly mode: string;
  /** Its name among {@link modesAtEveryBreakpoint}. */
  readonly key: string;
  /** What the format calls it, from `nameOf`. */
  readonly name: string;
}

/**
 * Every mode at every breakpoint, breakpoint by breakpoint, each named by `nameOf` from the words `<breakpoint>-<mode>`
 * (`nameOf` is called in that order, so it can keep the names it gives unique).
 */
export function namedModesAtBreakpoints(system: CompiledDesignSystem, nameOf: (words: string) => string): NamedModeAtBreakpoint[] {
  return nativeBreakpointsOf(system).flatMap(({ name: breakpoint }) =>
    system.modes.map(({ name: mode }) => ({
      breakpoint,
      mode,
      key: modeAtBreakpoint(mode, breakpoint),
      name: nameOf(`${breakpoint}-${mode}`),
    })),
  );
}

/**
 * A token's values in every mode and, under {@link modeAtBreakpoint} names, in every mode at every breakpoint (where the
 * token has none of its own there, its own value in that mode: a breakpoint's values hold from it up). Fluid lengths
 * keep their static value (`min`), which is what `value` and `unit` hold. The token itself when the system declares
 * no breakpoints.
 */
export function withValuesAtBreakpoints(system: CompiledDesignSystem, token: Token): Token {
  const breakpoints = nativeBreakpointsOf(system);
  if (breakpoints.length === 0) return token;
  const resolved: Record<string, TypedValue> = { ...token.resolved };
  for (const breakpoint of breakpoints) {
    const there = token.responsive?.[breakpoint.name] ?? token.resolved;
    for (const mode of system.modes)
      resolved[modeAtBreakpoint(mode.name, breakpoint.name)] = there[mode.name] ?? there.light ?? token.resolved.light;
  }
  return { ...token, resolved: resolved as ModeValues<TypedValue> };
}

/**
 * A name of {@link modesAtEveryBreakpoint} as a lint message says it.
 * @example describeModeKey('dark@lg') // '`dark` at breakpoint `lg`'
 */
export function describeModeKey(key: string): string {
  const at = key.indexOf('@');
  return at === -1 ? `\`${key}\`` : `\`${key.slice(0, at)}\` at breakpoint \`${key.slice(at + 1)}\``;
}
