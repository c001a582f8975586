import Color from 'colorjs.io';
import { srgbText } from '../css-color.js';
import { evaluateMath, isPlainValue } from './math.js';

/** A Tokens Studio color modifier (`$extensions["studio.tokens"].modify`), its references already replaced. */
export interface ColorModifier {
  readonly type: string;
  readonly value: string | number;
  readonly space: string;
  readonly color?: string | undefined;
  readonly format?: string | undefined;
}

const MODIFIER_TYPES = ['alpha', 'lighten', 'darken', 'mix'];
const MODIFIER_SPACES = ['srgb', 'hsl', 'lch', 'p3'];
const FORMATS = ['lch', 'srgb', 'p3', 'hsl', 'hex'];
/** The precision sd-transforms writes a modified color with (colorjs.io's default). */
const COLOR_PRECISION = 5;

/**
 * `rgba(#hex, alpha)` (Tokens Studio's way to make a color translucent) as `rgba(r, g, b, alpha)`, as sd-transforms'
 * `ts/color/css/hexrgba` writes it, channels rounded to whole bytes; other text as written.
 * @example withHexRgbaResolved('rgba(#FF0000, 0.5)') // 'rgba(255, 0, 0, 0.5)'
 */
export function withHexRgbaResolved(text: string): string {
  return text.replace(/rgba\(\s*(#.+?)\s*,\s*(\d*(?:\.\d*|%)*)\s*\)/g, (whole, hex: string, alpha: string) => {
    try {
      const [red, green, blue] = new Color(hex).srgb.map((channel) => Math.round(channel * 255));
      return `rgba(${red}, ${green}, ${blue}, ${alpha})`;
    } catch {
      return whole;
    }
  });
}

/** Why a modifier cannot be applied as sd-transforms applies it, or undefined when it can. */
export function modifierProblem(modifier: ColorModifier): string | undefined {
  if (!MODIFIER_TYPES.includes(modifier.type)) return `color modifier \`${modifier.type}\` is not one sd-transforms applies`;
  if (!MODIFIER_SPACES.includes(modifier.space))
    return `color modifier space \`${modifier.space}\` (sd-transforms reads srgb, hsl, lch, p3)`;
  if (modifier.type === 'mix' && typeof modifier.color !== 'string') return 'color modifier `mix` without a `color`';
  return undefined;
}

/**
 * The color sd-transforms' `ts/color/modifiers` makes of `base` (colorjs.io, the same steps in the same space, written
 * at its precision), as sRGB text we read: `#rrggbb`, or `rgba()` when translucent. Undefined when colorjs.io cannot read
 * a color or the amount is not a number (sd-transforms then keeps the base color, which we do not pretend).
 */
export function modifiedColor(base: string, modifier: ColorModifier): string | undefined {
  try {
    const amount = Number(
      typeof modifier.value === 'number' || isPlainValue(modifier.value) ? modifier.value : evaluateMath(modifier.value),
    );
    if (!Number.isFinite(amount)) return undefined;
    const modified = applyModifier(new Color(base), modifier, amount);
    const inSpace = modified.to(modifier.space);
    const format = modifier.format;
    const written = format === undefined || !FORMATS.includes(format) ? inSpace : inSpace.to(format === 'hex' ? 'srgb' : format);
    return srgbText(written.toString({ inGamut: true, precision: COLOR_PRECISION, format: modifier.format }));
  } catch {
    return undefined;
  }
}

/** sd-transforms' `lighten`, `darken`, `mix` and `alpha`, step for step. */
function applyModifier(color: Color, modifier: ColorModifier, amount: number): Color {
  switch (modifier.type) {
    case 'lighten':
      return lighten(color, modifier.space, amount);
    case 'darken':
      return darken(color, modifier.space, amount);
    case 'mix': {
      // modifierProblem turns a `mix` without a color away before; colorjs.io would throw on one too.
      if (modifier.color === undefined) throw new TypeError('color modifier `mix` without a `color`');
      const mixed = color.mix(new Color(modifier.color), Math.max(0, Math.min(1, amount)), { space: modifier.space });
      return new Color(mixed.toString({ precision: COLOR_PRECISION }));
    }
    default:
      color.alpha = Math.max(0, Math.min(1, amount));
      return color;
  }
}

function lighten(color: Color, space: string, amount: number): Color {
  switch (space) {
    case 'lch': {
      const [l, c] = [color.get('lch.l'), color.get('lch.c')];
      color.set('lch.l', Math.min(100, l + (100 - l) * amount));
      color.set('lch.c', Math.max(0, c - amount * c));
      return color;
    }
    case 'hsl': {
      const l = color.get('hsl.l');
      color.set('hsl.l', Math.min(100, l + (100 - l) * amount));
      return color;
    }
    default: {
      const inSpace = space === 'p3' ? color.to('p3') : color;
      const channels = space === 'p3' ? ['p3.r', 'p3.g', 'p3.b'] : ['srgb.r', 'srgb.g', 'srgb.b'];
      for (const channel of channels) inSpace.set(channel, Math.min(1, inSpace.get(channel) + amount * (1 - inSpace.get(channel))));
      return inSpace;
    }
  }
}

function darken(color: Color, space: string, amount: number): Color {
  switch (space) {
    case 'lch': {
      const [l, c] = [color.get('lch.l'), color.get('lch.c')];
      color.set('lch.l', Math.max(0, l - l * amount));
      color.set('lch.c', Math.max(0, c - amount * c));
      return color;
    }
    case 'hsl': {
      const l = color.get('hsl.l');
      color.set('hsl.l', Math.max(0, l - l * amount));
      return color;
    }
    default: {
      const inSpace = space === 'p3' ? color.to('p3') : color;
      const channels = space === 'p3' ? ['p3.r', 'p3.g', 'p3.b'] : ['srgb.r', 'srgb.g', 'srgb.b'];
      for (const channel of channels) inSpace.set(channel, Math.max(0, inSpace.get(channel) - amount * inSpace.get(channel)));
      return inSpace;
    }
  }
}
