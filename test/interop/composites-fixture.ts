import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { compileSystem } from '../views/modes-fixture.js';

/**
 * `nova`: a design system for the references/composites interop tests. Two scales over four modes (light, dark and two
 * further modes), a color alias chain of three (`color.link` -> `color.button.bg` -> `color.action.bg` ->
 * `color.brand.primary`), a color that is an alias in one mode only (`color.fg.muted` in dark-dimmed), typography with
 * referenced parts and with literal parts, CSS keywords (one per mode, an alias, a list), a border, a transition, a gradient, a two-layer shadow (one layer inset) whose
 * colors are references, dimensions in rem, em and %, and a deprecated alias with a replacement and a date.
 * Paths are relative to `design-systems/`.
 */
export const NOVA_FILES: Readonly<Record<string, string>> = {
  'nova/system.yaml': [
    'name: Nova',
    'id: nova',
    'modes:',
    '  dark-dimmed: { base: dark }',
    '  light-high-contrast: { base: light, media: "(prefers-contrast: more)" }',
    '',
  ].join('\n'),
  'nova/scales.yaml': [
    'scales:',
    '  blue:',
    '    500: { light: "#0969DA", dark: "#4493F8", dark-dimmed: "#478BE6", light-high-contrast: "#0349B4" }',
    '  gray:',
    '    0: { light: "#FFFFFF", dark: "#0D1117", dark-dimmed: "#212830" }',
    '    900: { light: "#1F2328", dark: "#F0F6FC", light-high-contrast: "#010409" }',
    '',
  ].join('\n'),
  'nova/colors.yaml': [
    'tokens:',
    '  color.brand.primary: { type: color, scale: blue, step: 500 }',
    '  color.action.bg: { type: color, ref: color.brand.primary }',
    '  color.button.bg: { type: color, ref: color.action.bg }',
    '  color.link: { type: color, ref: color.button.bg }',
    '  color.canvas: { type: color, scale: gray, step: 0 }',
    '  color.fg.default: { type: color, scale: gray, step: 900 }',
    '  color.fg.muted: { type: color, scale: gray, step: 900, alpha: 0.5, modes: { dark-dimmed: { ref: color.brand.primary } } }',
    '  color.border.default: { type: color, color: "#D0D7DE", modes: { dark: { color: "#3D444D" } } }',
    '  color.button.old-bg:',
    '    type: color',
    '    ref: color.button.bg',
    '    deprecated: { message: Renamed., replacement: color.button.bg, since: 2026-10-01 }',
    '',
  ].join('\n'),
  'nova/composites.yaml': [
    'tokens:',
    '  font.family.body: { type: font.family, value: "Inter, sans-serif" }',
    '  font.size.xl: { type: font.size, value: 1.5, unit: rem }',
    '  font.weight.semibold: { type: font.weight, value: 600 }',
    '  font.lineHeight.tight: { type: font.lineHeight, value: 1.25 }',
    '  typography.heading:',
    '    type: typography',
    '    fontFamily: "{font.family.body}"',
    '    fontSize: "{font.size.xl}"',
    '    fontWeight: "{font.weight.semibold}"',
    '    lineHeight: "{font.lineHeight.tight}"',
    '    letterSpacing: -0.02em',
    '  typography.caption: { type: typography, fontFamily: "Georgia, serif", fontSize: 12px, fontWeight: bold, lineHeight: 16px, letterSpacing: 0.5px }',
    '  size.stroke: { type: dimension, value: 0.125, unit: rem }',
    '  size.indent: { type: dimension, value: 1.5, unit: em }',
    '  size.half: { type: dimension, value: 50, unit: "%" }',
    '  breakpoint.md: { type: dimension, value: 52, unit: rem }',
    '  stroke.dashed: { type: strokeStyle, value: dashed }',
    '  cursor.action: { type: keyword, value: pointer, modes: { dark: { value: not-allowed } } }',
    '  cursor.link: { type: keyword, ref: cursor.action }',
    '  transition.property: { type: keyword, value: "opacity, transform" }',
    '  border.card: { type: border, width: "{size.stroke}", style: "{stroke.dashed}", color: "{color.link}" }',
    '  border.plain: { type: border, width: 1px, style: solid, color: "#D0D7DE", modes: { dark: { color: "{color.border.default}" } } }',
    '  duration.fast: { type: duration, value: 200 }',
    '  easing.standard: { type: easing, value: "cubic-bezier(0.2, 0, 0, 1)" }',
    '  transition.fade: { type: transition, duration: "{duration.fast}", delay: 50ms, timingFunction: "{easing.standard}" }',
    '  gradient.hero:',
    '    type: gradient',
    '    angle: 90',
    '    stops:',
    '      - { color: "{color.brand.primary}", position: 0 }',
    '      - { color: "#000000", position: 1 }',
    '  shadow.overlay:',
    '    type: shadow',
    '    layers:',
    '      - { x: 0, y: 4, blur: 8, spread: 0, color: "{color.fg.default}", opacity: 0.25 }',
    '      - { x: 0, y: 0, blur: 0, spread: 1, color: "{color.border.default}", inset: true }',
    '',
  ].join('\n'),
};

/** The modes of {@link NOVA_FILES}, in order. */
export const NOVA_MODES = ['light', 'dark', 'dark-dimmed', 'light-high-contrast'] as const;
export type NovaMode = (typeof NOVA_MODES)[number];

/** {@link NOVA_FILES} compiled; throws on any diagnostic. */
export function compileNova(files: Readonly<Record<string, string>> = NOVA_FILES): CompiledDesignSystem {
  return compileSystem('nova', files);
}
