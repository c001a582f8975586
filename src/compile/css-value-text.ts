import type { Primitive, TokenType, TokenValue } from './types.js';

// The compiler still resolves values to CSS text (`ResolvedValue`), which the views print as they are. Everything
// that knows CSS syntax before views/ is here, so that moving it into views/ (issue 14) is one move.

/**
 * A number as CSS (and every export) accepts it: never in exponent notation, which `String()` uses below 1e-6 and
 * from 1e21 on (`1e-7px` is not a length).
 * @example formatCssNumber(0.0000001) // '0.0000001'
 */
export function formatCssNumber(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : text;
}

/** CSS text of a primitive: numbers with their unit (line heights bare), strings as written. */
export function formatPrimitive(primitive: Primitive): string {
  if (typeof primitive.value === 'string') return primitive.value;
  return primitive.unit === null ? formatCssNumber(primitive.value) : `${formatCssNumber(primitive.value)}${primitive.unit}`;
}

/** CSS text of a token written inline (`value` and `unit`), for every type but colors and shadows. */
export function formatInlineValue(type: TokenType, value: TokenValue): string {
  const raw = value['value'];
  switch (type) {
    case 'spacing':
    case 'radius':
    case 'font.size':
    case 'font.letterSpacing':
      return `${formatCssNumber(raw as number)}${value['unit'] as string}`;
    case 'duration':
      return `${formatCssNumber(raw as number)}ms`;
    default:
      return typeof raw === 'number' ? formatCssNumber(raw) : String(raw);
  }
}

/** CSS `box-shadow` text of a shadow token's fields in the color `hex` (`#RRGGBB`). */
export function formatShadow(value: TokenValue, hex: string): string {
  const [r, g, b] = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));
  const px = (name: string): string => `${formatCssNumber(value[name] as number)}px`;
  return `${px('x')} ${px('y')} ${px('blur')} ${px('spread')} rgba(${r}, ${g}, ${b}, ${formatCssNumber(value['opacity'] as number)})`;
}
