import { sameTypedValue } from '../../compile/fields/typed-values.js';
import { schemeOfMode } from '../../compile/resolve/check-contrast.js';
import type { CompiledDesignSystem, ModeDefinition, Token, TypedValue } from '../../compile/types.js';

/** The modes beyond `light` and `dark`, in the order `system.yaml` declares them. */
export function furtherModes(system: CompiledDesignSystem): readonly ModeDefinition[] {
  return system.modes.slice(2);
}

/**
 * A token's value in `mode` when an export writes it beside the light value: always for a color (every color has a
 * value in every mode, so the shape of an export does not flip when a designer makes two values equal), and for any
 * other token when it differs from light. Undefined otherwise.
 */
export function valueInMode(token: Token, mode: string): TypedValue | undefined {
  const value = token.resolved[mode];
  if (value === undefined) return undefined;
  return token.type === 'color' || !sameTypedValue(value, token.resolved.light) ? value : undefined;
}

/** The light-dark scheme a mode ends in: `light`, `dark`, or the root its chain of bases reaches. */
export function schemeOf(system: CompiledDesignSystem, mode: string): 'light' | 'dark' {
  return schemeOfMode(system.modes, mode);
}
