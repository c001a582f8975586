import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { compileFiles } from '../helpers/fixtures.js';

/**
 * A design system with two further modes (one on dark, one on light with a media query), colors per mode on scales
 * (step 0 included), an alpha scale step written as `#RRGGBBAA` and as `rgba()`, a token whose dark value comes from
 * another step, alpha per mode, a literal in one mode, a literal with alpha, a radius that differs in one mode and a
 * shadow whose color follows its color token. Paths are relative to `design-systems/`.
 */
export const AURORA_FILES: Readonly<Record<string, string>> = {
  'aurora/system.yaml': [
    'name: Aurora',
    'id: aurora',
    'modes:',
    '  dark-dimmed: { base: dark }',
    '  light-high-contrast: { base: light, media: "(prefers-contrast: more)" }',
    '',
  ].join('\n'),
  'aurora/scales.yaml': [
    'scales:',
    '  gray:',
    '    0: { light: "#FFFFFF", dark: "#0D1117", dark-dimmed: "#212830" }',
    '    900: { light: "#1F2328", dark: "#F0F6FC", light-high-contrast: "#010409" }',
    '  overlay:',
    '    50: { light: "#1F232826", dark: "rgba(1, 4, 9, 0.4)" }',
    '',
  ].join('\n'),
  'aurora/tokens.yaml': [
    'tokens:',
    '  color.canvas: { type: color, scale: gray, step: 0 }',
    '  color.fg.default: { type: color, scale: gray, step: 900, darkStep: 0 }',
    '  color.backdrop:',
    '    type: color',
    '    scale: overlay',
    '    step: 50',
    '    alpha: 0.4',
    '    modes:',
    '      dark: { alpha: 0.6 }',
    '      dark-dimmed: { color: "#00000080" }',
    '  color.focus: { type: color, color: "#0969DA", alpha: 0.5 }',
    '  radius.card: { type: radius, value: 6, modes: { light-high-contrast: { value: 0 } } }',
    '  shadow.card: { type: shadow, x: 0, y: 1, blur: 3, spread: 0, colorToken: color.fg.default, opacity: 0.2 }',
    '',
  ].join('\n'),
};

/** The modes of {@link AURORA_FILES}, in order. */
export const AURORA_MODES = ['light', 'dark', 'dark-dimmed', 'light-high-contrast'] as const;

/** Compiles `slug` from files keyed by their path below `design-systems/`; throws on any diagnostic. */
export function compileSystem(slug: string, files: Readonly<Record<string, string>>): CompiledDesignSystem {
  const { system, diagnostics } = compileFiles(slug, Object.entries(files));
  if (system === undefined || diagnostics.length > 0) throw new Error(`${slug} does not compile cleanly: ${JSON.stringify(diagnostics)}`);
  return system;
}

/** {@link AURORA_FILES} compiled. */
export function compileAurora(): CompiledDesignSystem {
  return compileSystem('aurora', AURORA_FILES);
}

/** `files` with their paths below `design-systems/` (for a fixture repository). */
export function inDesignSystems(files: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([path, text]) => [`design-systems/${path}`, text]));
}
