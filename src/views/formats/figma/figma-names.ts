import type { ModeDefinition } from '../../../compile/types.js';
import type { FigmaPlanMode } from './figma-plan.js';

/** The longest mode name Figma takes. */
export const FIGMA_MODE_NAME_LIMIT = 40;

/**
 * Each mode with its Figma name: the mode name cut to {@link FIGMA_MODE_NAME_LIMIT} characters; a cut name another
 * mode has already taken (in the modes' order) ends in `-2`, `-3`, ... instead, still within the limit.
 * @example figmaModes([{ name: 'light', ... }]) // [{ id: 'light', name: 'light' }]
 */
export function figmaModes(modes: readonly ModeDefinition[]): FigmaPlanMode[] {
  const taken = new Set<string>();
  return modes.map(({ name }) => {
    let figmaName = name.slice(0, FIGMA_MODE_NAME_LIMIT);
    for (let counter = 2; taken.has(figmaName); counter += 1) {
      const suffix = `-${counter}`;
      figmaName = `${name.slice(0, FIGMA_MODE_NAME_LIMIT - suffix.length)}${suffix}`;
    }
    taken.add(figmaName);
    return { id: name, name: figmaName };
  });
}

/**
 * The Figma name of a token key, or of a part of it (`fontSize`, `layers.0.color`): its segments joined by `/`, the
 * separator of Figma's groups (a key segment holds letters, digits, `_` and `-` only).
 * @example figmaVariableName('color.text.default') // 'color/text/default'; figmaVariableName('shadow.card', 'layers.0.color') -> 'shadow/card/layers/0/color'
 */
export function figmaVariableName(key: string, part?: string): string {
  return (part === undefined ? key : `${key}.${part}`).split('.').join('/');
}
