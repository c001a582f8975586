import { parseColor } from './parse-color.js';
import type { Dimension, ShadowLayer } from '../types.js';

const LENGTH = /^(-?\d*\.?\d+)(px|rem)?$/;

/**
 * A CSS `box-shadow` as written in a shadow primitive (`0px 4px 8px -2px rgba(2, 6, 23, 0.1)`, optionally `inset`,
 * optionally several layers separated by commas) as layers; undefined when any layer is not one we can read.
 */
export function parseCssShadow(text: string): ShadowLayer[] | undefined {
  const layers: ShadowLayer[] = [];
  for (const layer of splitOutsideParentheses(text, ',')) {
    const words = splitOutsideParentheses(layer.trim(), ' ').filter((word) => word.length > 0);
    const inset = words.includes('inset');
    const rest = words.filter((word) => word !== 'inset');
    const lengths = rest.filter((word) => LENGTH.test(word)).map(parseLength);
    const colors = rest.filter((word) => !LENGTH.test(word));
    const color = colors.length === 1 ? parseColor(colors[0]) : undefined;
    const zero: Dimension = { value: 0, unit: 'px' };
    const [offsetX, offsetY, blur = zero, spread = zero] = lengths;
    if (
      color === undefined ||
      offsetX === undefined ||
      offsetY === undefined ||
      lengths.length > 4 ||
      lengths.some((length) => length === undefined)
    )
      return undefined;
    layers.push({ offsetX, offsetY, blur, spread, color, inset });
  }
  return layers;
}

/** A CSS length of a shadow: `0` may go without a unit. */
function parseLength(text: string): Dimension | undefined {
  const match = LENGTH.exec(text);
  if (!match || (match[2] === undefined && Number(match[1]) !== 0)) return undefined;
  return { value: Number(match[1]), unit: match[2] === 'rem' ? 'rem' : 'px' };
}

function splitOutsideParentheses(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

/** `Inter, 'Helvetica Neue', sans-serif` as `["Inter", "Helvetica Neue", "sans-serif"]`. */
export function parseFontFamilies(text: string): string[] {
  const parts: string[] = [];
  let quote: string | undefined;
  let current = '';
  for (const char of text) {
    if (quote === undefined && (char === "'" || char === '"')) quote = char;
    else if (char === quote) quote = undefined;
    if (char === ',' && quote === undefined) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.filter((part) => part.trim().length > 0).map((name) => name.trim().replace(/^(['"])(.*)\1$/, '$2'));
}
