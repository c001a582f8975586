import type { CompiledDesignSystem } from '../../../../src/compile/types.js';
import { compileSystem } from '../../modes-fixture.js';

/**
 * `tide`: a small design system for the SCSS and Less exports: three modes, a color alias, a translucent color, an alias with its own alpha, a key
 * whose first word starts with a digit, a font stack with both kinds of quotes, a typography that leaves its weight
 * out and refers to the stack, a shadow, a spacing list, a deprecated token. Paths are relative to `design-systems/`.
 */
export const TIDE_FILES: Readonly<Record<string, string>> = {
  'tide/system.yaml': ['name: Tide', 'id: tide', 'modes:', '  dark-dimmed: { base: dark }', ''].join('\n'),
  'tide/scales.yaml': ['scales:', '  blue:', '    500: { light: "#0969DA", dark: "#4493F8", dark-dimmed: "#478BE6" }', ''].join('\n'),
  'tide/tokens.yaml': [
    'tokens:',
    '  color.accent: { type: color, scale: blue, step: 500 }',
    '  color.button.bg: { type: color, ref: color.accent }',
    '  color.overlay: { type: color, color: "#00000080", modes: { dark: { color: "#FFFFFF80" } } }',
    '  color.scrim: { type: color, ref: color.accent, alpha: 0.5 }',
    '  2xl.gap: { type: dimension, value: 40, unit: px }',
    `  font.stack: { type: font.family, value: "\\"Segoe UI\\", 'Helvetica Neue', sans-serif" }`,
    '  typography.body: { type: typography, fontFamily: "{font.stack}", fontSize: 16px, lineHeight: 1.5, letterSpacing: 0px }',
    '  shadow.card:',
    '    type: shadow',
    '    layers:',
    '      - { x: 0, y: 1, blur: 2, spread: 0, color: "{color.accent}", opacity: 0.25 }',
    '  space.inset: { type: spacing, value: [8px, 16px] }',
    '  space.old:',
    '    type: spacing',
    '    value: 4',
    '    unit: px',
    '    deprecated: { message: Too small., replacement: space.inset }',
    '',
  ].join('\n'),
};

/** The modes of {@link TIDE_FILES}, in order. */
export const TIDE_MODES = ['light', 'dark', 'dark-dimmed'] as const;

/** {@link TIDE_FILES} compiled; throws on any diagnostic. */
export function compileTide(files: Readonly<Record<string, string>> = TIDE_FILES): CompiledDesignSystem {
  return compileSystem('tide', files);
}
