/**
 * The name under which the resolver keeps a value at a breakpoint in a mode: `<mode>@<breakpoint>` (no mode or breakpoint
 * name holds `@`), so that one resolution follows references in both axes at once.
 */
export const atBreakpoint = (mode: string, breakpoint: string): string => `${mode}@${breakpoint}`;

/** The mode of a name made by {@link atBreakpoint}, or the name itself when it is a mode. */
export function modeOf(name: string): string {
  const at = name.indexOf('@');
  return at < 0 ? name : name.slice(0, at);
}
