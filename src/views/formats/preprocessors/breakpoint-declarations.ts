import type { BreakpointDefinition, CompiledDesignSystem } from '../../../compile/types.js';
import { systemAtBreakpoint, tokensChangingAt } from '../../shared/breakpoint-systems.js';
import { formatCssNumber } from '../../shared/css-values.js';
import type { ReferenceHandling } from '../../shared/css-writer.js';
import { listDeclarations } from './preprocessor-declarations.js';
import type { PreprocessorDeclaration } from './preprocessor-declarations.js';

/** One breakpoint as a preprocessor writes it: its definition, its width as CSS, and per mode the declarations that change there. */
export interface BreakpointDeclarations {
  readonly breakpoint: BreakpointDefinition;
  readonly width: string;
  readonly modes: readonly { readonly mode: string; readonly declarations: readonly PreprocessorDeclaration[] }[];
}

/**
 * Per declared breakpoint, in order, the declarations (in every mode) of the tokens that change there from the
 * breakpoint before, with their values there: what a preprocessor's map and mixin of the breakpoint hold.
 */
export function listBreakpointDeclarations(system: CompiledDesignSystem, references: ReferenceHandling): readonly BreakpointDeclarations[] {
  const changing = tokensChangingAt(system);
  return (system.breakpoints ?? []).map((breakpoint, at) => {
    const keys = new Set((changing[at] ?? []).map((index) => system.tokens[index]?.key));
    const there = systemAtBreakpoint(system, breakpoint.name);
    const modes = system.modes.map(({ name: mode }) => ({
      mode,
      declarations: listDeclarations(there, mode, references).filter((declaration) => keys.has(declaration.token.key)),
    }));
    return { breakpoint, width: `${formatCssNumber(breakpoint.minWidth.value)}${breakpoint.minWidth.unit}`, modes };
  });
}

/** The at-rule a breakpoint's rules go in: `@media (min-width: …)`, or `@container <name> (min-width: …)`. */
export function breakpointAtRule(breakpoint: BreakpointDefinition, width: string): string {
  return breakpoint.container === null ? `@media (min-width: ${width})` : `@container ${breakpoint.container} (min-width: ${width})`;
}
