import type { CompiledDesignSystem, Token } from '../../src/compile/types.js';
import { compileFiles } from '../helpers/fixtures.js';

const SYSTEM = `name: Aurora
modes:
  dark-dimmed: { base: dark }
`;

const SCALES = `scales:
  gray:
    0: { light: "#FFFFFF", dark: "#0D1117", dark-dimmed: "#212830" }
    900: { light: "#1F2328", dark: "#F0F6FC" }
`;

/**
 * Compiles `ds/` (a further mode `dark-dimmed` on dark, a `gray` scale with steps 0 and 900) with `tokens`: the lines
 * below `tokens:` of `ds/tokens.yaml`, then any further section. Token lines start on line 2.
 */
export function compileTokens(tokens: string) {
  return compileFiles('ds', [
    ['ds/system.yaml', SYSTEM],
    ['ds/scales.yaml', SCALES],
    ['ds/tokens.yaml', `tokens:\n${tokens}`],
  ]);
}

export const tokenOf = (system: CompiledDesignSystem | undefined, key: string): Token | undefined =>
  system?.tokens.find((token) => token.key === key);
