import type { Rgba } from '../types.js';

const HEX = /^#([0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const RGB_FUNCTION = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(\d*\.?\d+)(%?)\s*)?\)$/;
const RGB_SPACES = /^rgba?\(\s*(\d{1,3})\s+(\d{1,3})\s+(\d{1,3})\s*(?:\/\s*(\d*\.?\d+)(%?)\s*)?\)$/;

/** The colors a file may write, for messages. */
export const COLOR_SYNTAX = '#RGB, #RGBA, #RRGGBB, #RRGGBBAA, rgb(r, g, b), rgba(r, g, b, a) or transparent';

/**
 * A color as a designer writes it: `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, `rgb()`/`rgba()` (comma or space
 * syntax, alpha 0-1 or a percentage) or `transparent`. Undefined when the text is none of them.
 * @example parseColor('#2563EB80') // { red: 37, green: 99, blue: 235, alpha: 0.5019607843137255 }
 */
export function parseColor(text: unknown): Rgba | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'transparent') return { red: 0, green: 0, blue: 0, alpha: 0 };
  if (HEX.test(trimmed)) return parseHex(trimmed.slice(1));
  const match = RGB_FUNCTION.exec(trimmed) ?? RGB_SPACES.exec(trimmed);
  if (!match) return undefined;
  const [red, green, blue] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (red > 255 || green > 255 || blue > 255) return undefined;
  const alpha = match[4] === undefined ? 1 : Number(match[4]) / (match[5] === '%' ? 100 : 1);
  return alpha <= 1 ? { red, green, blue, alpha } : undefined;
}

function parseHex(digits: string): Rgba {
  const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const byte = (index: number): number => Number.parseInt(full.slice(index * 2, index * 2 + 2), 16);
  return { red: byte(0), green: byte(1), blue: byte(2), alpha: full.length === 8 ? byte(3) / 255 : 1 };
}

/** The same color with another alpha. */
export function withAlpha(color: Rgba, alpha: number): Rgba {
  return color.alpha === alpha ? color : { ...color, alpha };
}

/** Whether two colors are the same. */
export function sameRgba(a: Rgba, b: Rgba): boolean {
  return a === b || (a.red === b.red && a.green === b.green && a.blue === b.blue && a.alpha === b.alpha);
}
