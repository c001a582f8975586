/// <reference types="@figma/plugin-typings/plugin-api.d.ts" />
import type { FigmaPlanAlias, FigmaPlanComposedColor, FigmaPlanValue } from '../../../src/views/formats/figma/figma-plan.js';

/** Whether a plan value is an alias of another plan variable. */
export const isPlanAlias = (value: FigmaPlanValue): value is FigmaPlanAlias =>
  typeof value === 'object' && 'type' in value && value.type === 'VARIABLE_ALIAS';

/** Whether a plan value is a composed color (an alias and an opacity). */
export const isPlanComposed = (value: FigmaPlanValue): value is FigmaPlanComposedColor =>
  typeof value === 'object' && 'opacity' in value && 'color' in value;

/** The plan ids a value names (its alias, or its composed color's). */
export function aliasTargetsOf(value: FigmaPlanValue): string[] {
  if (isPlanAlias(value)) return [value.variable];
  if (isPlanComposed(value)) return [value.color.variable];
  return [];
}

/** Figma keeps numbers as 32-bit floats: two numbers are the same value when they are the same float. */
export const sameNumber = (a: number, b: number): boolean => Math.fround(a) === Math.fround(b);

/**
 * The plan value as `setValueForMode` takes it: aliases mapped to the Figma variables made for their plan ids by
 * `aliasOf` (undefined when the target is missing: the caller reports it).
 */
export function toFigmaValue(value: FigmaPlanValue, aliasOf: (planId: string) => VariableAlias | undefined): VariableValue | undefined {
  if (isPlanAlias(value)) return aliasOf(value.variable);
  if (isPlanComposed(value)) {
    const color = aliasOf(value.color.variable);
    return color === undefined ? undefined : { color, opacity: value.opacity };
  }
  if (typeof value === 'object' && 'easingFunctionCubicBezier' in value)
    return { type: value.type, easingFunctionCubicBezier: { ...value.easingFunctionCubicBezier } };
  if (typeof value === 'object') return { ...value };
  return value;
}

const isAlias = (value: unknown): value is VariableAlias =>
  typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'VARIABLE_ALIAS';

/** Whether two Figma values are the same (numbers as Figma's floats, aliases by variable id). */
export function sameFigmaValue(a: VariableValue, b: VariableValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return typeof a === 'number' && typeof b === 'number' && sameNumber(a, b);
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (isAlias(a) || isAlias(b)) return isAlias(a) && isAlias(b) && a.id === b.id;
  if ('opacity' in a || 'opacity' in b) {
    if (!('opacity' in a && 'opacity' in b)) return false;
    const opacities =
      typeof a.opacity === 'number' || typeof b.opacity === 'number'
        ? typeof a.opacity === 'number' && typeof b.opacity === 'number' && sameNumber(a.opacity, b.opacity)
        : a.opacity.id === b.opacity.id;
    return opacities && sameFigmaValue(a.color, b.color);
  }
  if ('easingFunctionCubicBezier' in a || 'easingFunctionCubicBezier' in b) {
    if (!('type' in a && 'type' in b) || a.type !== b.type) return false;
    const [pa, pb] = [a.easingFunctionCubicBezier, b.easingFunctionCubicBezier];
    if (pa === undefined || pb === undefined) return pa === pb;
    return sameNumber(pa.x1, pb.x1) && sameNumber(pa.y1, pb.y1) && sameNumber(pa.x2, pb.x2) && sameNumber(pa.y2, pb.y2);
  }
  if ('r' in a && 'r' in b) {
    const alpha = (color: RGB | RGBA): number => ('a' in color ? color.a : 1);
    return sameNumber(a.r, b.r) && sameNumber(a.g, b.g) && sameNumber(a.b, b.b) && sameNumber(alpha(a), alpha(b));
  }
  return false;
}
