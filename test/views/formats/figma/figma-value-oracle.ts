import type { CompiledDesignSystem, TokenType } from '../../../../src/compile/types.js';
import { renderCss } from '../../../../src/views/formats/css/export-css.js';
import type { FigmaPlan, FigmaPlanRgba, FigmaPlanValue, FigmaPlanVariable } from '../../../../src/views/formats/figma/figma-plan.js';
import { parseCssExport } from '../../../helpers/css.js';

/**
 * The oracle of Figma values: what each variable of a plan must hold in each mode, read from the CSS export of the
 * same design system (parsed by css-tree) and, for shadow layers (no property of their own in CSS), from the typed
 * value. Used on the plan itself and on a Figma file the plugin applied it to.
 */

/** `:root`'s custom properties of the CSS export of one mode, parsed by css-tree. */
function cssOfMode(system: CompiledDesignSystem, mode: string): ReadonlyMap<string, string> {
  const { rules } = parseCssExport(renderCss(system, { naming: 'kebab-case', theme: 'data-attribute', mode }));
  return rules.get(':root') ?? new Map();
}

/** A CSS length in px (rem x 16), or undefined for any other text. */
function cssPx(text: string): number | undefined {
  const match = /^(-?[0-9.]+)(px|rem)?$/.exec(text);
  if (match === null) return undefined;
  return Number(match[1]) * (match[2] === 'rem' ? 16 : 1);
}

/** `#RRGGBB` or `#RRGGBBAA` as bytes (the alpha too: hex holds it to a byte). */
function cssHex(text: string): { red: number; green: number; blue: number; alpha: number } {
  const bytes = (text.slice(1).match(/../g) ?? []).map((pair) => parseInt(pair, 16));
  return { red: bytes[0] ?? NaN, green: bytes[1] ?? NaN, blue: bytes[2] ?? NaN, alpha: bytes[3] ?? 255 };
}

/** CSS's easing keywords as their cubic Béziers (CSS Easing Functions Level 1). */
const EASING_KEYWORDS: Readonly<Record<string, readonly number[]>> = {
  linear: [0, 0, 1, 1],
  ease: [0.25, 0.1, 0.25, 1],
  'ease-in': [0.42, 0, 1, 1],
  'ease-out': [0, 0, 0.58, 1],
  'ease-in-out': [0.42, 0, 0.58, 1],
};
const cssEasing = (text: string): readonly number[] =>
  EASING_KEYWORDS[text] ?? (/^cubic-bezier\((.*)\)$/.exec(text)?.[1] ?? '').split(',').map((point) => Number(point.trim()));
const firstFamily = (text: string): string => (text.split(',')[0] ?? '').trim().replace(/^["']|["']$/g, '');

/** A variable's value in a mode with aliases followed (a composed color: its target's color at its opacity). */
export function resolvedValue(plan: FigmaPlan, variable: FigmaPlanVariable, mode: string): FigmaPlanValue {
  const value = variable.valuesByMode[mode] as FigmaPlanValue;
  const target = (id: string): FigmaPlanVariable => {
    const found = plan.variables.find((each) => each.id === id);
    if (found === undefined) throw new Error(`${variable.id} in ${mode} aliases ${id}, which the plan does not have`);
    return found;
  };
  if (typeof value === 'object' && 'type' in value && value.type === 'VARIABLE_ALIAS')
    return resolvedValue(plan, target(value.variable), mode);
  if (typeof value === 'object' && 'opacity' in value) {
    const color = resolvedValue(plan, target(value.color.variable), mode) as FigmaPlanRgba;
    return { ...color, a: value.opacity / 100 };
  }
  return value;
}

/** What the CSS export's text of a token (or typography part) is as the variable's value, by its token type. */
function expectedFromCss(type: TokenType, css: string, fontSizePx: number | undefined, part: string | undefined): unknown {
  if (part === 'fontFamily' || type === 'font.family') return firstFamily(css);
  if (part === 'fontWeight') return css === 'normal' ? 400 : Number(css);
  if (part === 'lineHeight' || part === 'letterSpacing') {
    if (/^-?[0-9.]+$/.test(css)) return Number(css) * (fontSizePx ?? NaN);
    if (css.endsWith('em') && !css.endsWith('rem')) return Number(css.slice(0, -2)) * (fontSizePx ?? NaN);
    return cssPx(css);
  }
  switch (type) {
    case 'color': {
      const { red, green, blue, alpha } = cssHex(css);
      return { red, green, blue, alpha };
    }
    case 'opacity':
      return Number(css) * 100;
    case 'duration':
      return Number(css.replace(/ms$/, '')) / 1000;
    case 'easing':
      return cssEasing(css);
    case 'boolean':
      return css === 'true';
    case 'font.weight':
    case 'z-index':
      return Number(css);
    case 'strokeStyle':
      return css;
    case 'font.lineHeight':
      return /^[0-9.]+$/.test(css) ? Number(css) : cssPx(css);
    default:
      return cssPx(css);
  }
}

/** A plan value as the comparison reads it: colors as bytes (`alphaBytes`: the alpha too, as CSS hex holds it), easings as their four points. */
export function comparable(value: FigmaPlanValue, alphaBytes = true): unknown {
  if (typeof value !== 'object') return value;
  const byte = (channel: number): number => Math.round(channel * 255);
  if ('r' in value) return { red: byte(value.r), green: byte(value.g), blue: byte(value.b), alpha: alphaBytes ? byte(value.a) : value.a };
  if ('easingFunctionCubicBezier' in value) {
    const { x1, y1, x2, y2 } = value.easingFunctionCubicBezier;
    return [x1, y1, x2, y2];
  }
  return value;
}

/** Numbers rounded to what Figma's 32-bit floats keep, so 0.1 x 16 and 1.6 compare equal. */
export const rounded = (value: unknown): unknown =>
  typeof value === 'number'
    ? Math.round(value * 1e4) / 1e4
    : Array.isArray(value)
      ? value.map(rounded)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, each]) => [key, rounded(each)]))
        : value;

/** One value the oracle expects: variable `id` in `mode` is `want` once made comparable (`alphaBytes`: compare alpha as a byte). */
export interface ExpectedValue {
  readonly id: string;
  readonly mode: string;
  readonly want: unknown;
  readonly alphaBytes: boolean;
}

/** Every variable of the plan in every mode, with the value the CSS export (or the shadow's typed layer) gives it. */
export function expectedValues(system: CompiledDesignSystem, plan: FigmaPlan): ExpectedValue[] {
  const tokens = new Map(system.tokens.map((token) => [token.key, token]));
  const expected: ExpectedValue[] = [];
  for (const mode of system.modes) {
    const css = cssOfMode(system, mode.name);
    for (const variable of plan.variables) {
      const token = tokens.get(variable.token);
      if (token === undefined) throw new Error(`${variable.id} carries no token of the system`);
      if (variable.part?.startsWith('layers.') === true) {
        const [, index, field] = variable.part.split('.') as [string, string, string];
        const value = token.resolved[mode.name];
        const layer = value?.kind === 'shadow' ? value.layers?.[Number(index)] : undefined;
        if (layer === undefined) throw new Error(`${variable.id} has no layer in ${mode.name}`);
        const want =
          field === 'color'
            ? { red: layer.color.red, green: layer.color.green, blue: layer.color.blue, alpha: layer.color.alpha }
            : layer[field as 'blur'].value * (layer[field as 'blur'].unit === 'rem' ? 16 : 1);
        expected.push({ id: variable.id, mode: mode.name, want: rounded(want), alphaBytes: false });
        continue;
      }
      const words = variable.codeSyntax.WEB?.slice('var('.length, -1) ?? '';
      const text = css.get(words);
      if (text === undefined) throw new Error(`the CSS export of ${mode.name} has no ${words} for ${variable.id}`);
      const sizeWords = plan.variables.find((each) => each.id === `${variable.token}#fontSize`)?.codeSyntax.WEB?.slice('var('.length, -1);
      const fontSize = variable.part === undefined ? undefined : cssPx(css.get(sizeWords ?? '') ?? '');
      expected.push({
        id: variable.id,
        mode: mode.name,
        want: rounded(expectedFromCss(token.type, text, fontSize, variable.part)),
        alphaBytes: true,
      });
    }
  }
  return expected;
}
