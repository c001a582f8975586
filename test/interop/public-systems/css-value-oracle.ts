/**
 * CSS values as the public systems write them and as the server serves them, read independently of `src/` (this is
 * the oracle: it must not share the server's parsers), and compared by meaning: colors as RGBA channels with the
 * alpha as the byte `#RRGGBBAA` writes, lengths as number + unit (`0` equal to `0px`), durations in ms.
 */

/** A color: channels 0-255 and the alpha byte 0-255. */
export interface Rgba8 {
  readonly red: number;
  readonly green: number;
  readonly blue: number;
  readonly alpha: number;
}

export interface Length {
  readonly value: number;
  /** `''` for a unitless `0`. */
  readonly unit: '' | 'px' | 'rem' | 'em' | '%';
}

export interface OracleShadowLayer {
  readonly inset: boolean;
  readonly lengths: readonly [Length, Length, Length, Length];
  readonly color: Rgba8 | undefined;
}

/** What a value is, read from its CSS text. */
export type OracleValue =
  | { readonly kind: 'color'; readonly color: Rgba8 }
  | { readonly kind: 'length'; readonly length: Length }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'duration'; readonly ms: number }
  | { readonly kind: 'cubicBezier'; readonly points: readonly number[] }
  | { readonly kind: 'shadow'; readonly layers: readonly OracleShadowLayer[] }
  | { readonly kind: 'text'; readonly text: string };

const NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)`;
const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = new RegExp(
  String.raw`^rgba?\(\s*(${NUMBER})\s*[,\s]\s*(${NUMBER})\s*[,\s]\s*(${NUMBER})\s*(?:[,/]\s*(${NUMBER})(%?)\s*)?\)$`,
  'i',
);
const LENGTH = new RegExp(String.raw`^(${NUMBER})(px|rem|em|%)$`, 'i');
const PLAIN_NUMBER = new RegExp(String.raw`^${NUMBER}$`);
const DURATION = new RegExp(String.raw`^(${NUMBER})(ms|s)$`, 'i');
const CUBIC_BEZIER = new RegExp(String.raw`^cubic-bezier\(\s*(${NUMBER})\s*,\s*(${NUMBER})\s*,\s*(${NUMBER})\s*,\s*(${NUMBER})\s*\)$`, 'i');

/** A CSS color: hex (3, 4, 6 or 8 digits), `rgb()`/`rgba()` (comma or space syntax) or `transparent`. */
export function readColor(text: string): Rgba8 | undefined {
  const trimmed = text.trim();
  if (trimmed.toLowerCase() === 'transparent') return { red: 0, green: 0, blue: 0, alpha: 0 };
  const hex = HEX.exec(trimmed);
  if (hex) {
    const digits = hex[1] as string;
    const full = digits.length <= 4 ? [...digits].map((digit) => digit + digit).join('') : digits;
    const byte = (index: number): number => Number.parseInt(full.slice(index * 2, index * 2 + 2), 16);
    return { red: byte(0), green: byte(1), blue: byte(2), alpha: full.length === 8 ? byte(3) : 255 };
  }
  const rgb = RGB.exec(trimmed);
  if (!rgb) return undefined;
  const channels = rgb.slice(1, 4).map(Number);
  if (channels.some((channel) => !Number.isInteger(channel) || channel < 0 || channel > 255)) return undefined;
  const alpha = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] === '%' ? 100 : 1);
  if (alpha < 0 || alpha > 1) return undefined;
  const [red, green, blue] = channels as [number, number, number];
  return { red, green, blue, alpha: Math.round(alpha * 255) };
}

/** A length: a number with `px`, `rem`, `em` or `%`, or a unitless `0`. */
export function readLength(text: string): Length | undefined {
  const trimmed = text.trim();
  const match = LENGTH.exec(trimmed);
  if (match) return { value: Number(match[1]), unit: (match[2] as string).toLowerCase() as Length['unit'] };
  return PLAIN_NUMBER.test(trimmed) && Number(trimmed) === 0 ? { value: 0, unit: '' } : undefined;
}

/** Splits at `separator` outside parentheses. */
export function splitTopLevel(text: string, separator: ',' | ' '): string[] {
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
  return parts.map((part) => part.trim()).filter((part) => part.length > 0);
}

/** A `box-shadow`: layers of an optional `inset`, 2 to 4 lengths and at most one color. Undefined when it is not one. */
export function readShadow(text: string): OracleShadowLayer[] | undefined {
  const layers: OracleShadowLayer[] = [];
  for (const layer of splitTopLevel(text, ',')) {
    const words = splitTopLevel(layer, ' ');
    const inset = words.includes('inset');
    const rest = words.filter((word) => word.toLowerCase() !== 'inset');
    const lengths = rest.map(readLength);
    const lengthCount = lengths.filter((length) => length !== undefined).length;
    const others = rest.filter((_word, index) => lengths[index] === undefined);
    if (lengthCount < 2 || lengthCount > 4 || others.length > 1) return undefined;
    // Lengths come together, before or after the color.
    const firstLength = lengths.findIndex((length) => length !== undefined);
    if (lengths.slice(firstLength, firstLength + lengthCount).some((length) => length === undefined)) return undefined;
    const color = others.length === 1 ? readColor(others[0] as string) : undefined;
    if (others.length === 1 && color === undefined) return undefined;
    const zero: Length = { value: 0, unit: '' };
    const [x, y, blur = zero, spread = zero] = lengths.filter((length): length is Length => length !== undefined);
    layers.push({ inset, lengths: [x as Length, y as Length, blur, spread], color });
  }
  return layers.length > 0 ? layers : undefined;
}

/** What a CSS value is; `text` when it is none of the kinds above. */
export function readValue(text: string): OracleValue {
  const trimmed = text.trim();
  const color = readColor(trimmed);
  if (color !== undefined) return { kind: 'color', color };
  if (PLAIN_NUMBER.test(trimmed)) return { kind: 'number', value: Number(trimmed) };
  const length = readLength(trimmed);
  if (length !== undefined) return { kind: 'length', length };
  const duration = DURATION.exec(trimmed);
  if (duration) return { kind: 'duration', ms: Number(duration[1]) * ((duration[2] as string).toLowerCase() === 's' ? 1000 : 1) };
  const bezier = CUBIC_BEZIER.exec(trimmed);
  if (bezier) return { kind: 'cubicBezier', points: bezier.slice(1, 5).map(Number) };
  const shadow = readShadow(trimmed);
  if (shadow !== undefined) return { kind: 'shadow', layers: shadow };
  return { kind: 'text', text: trimmed };
}

/** The names of a `font-family` list, unquoted. */
export function readFontFamilies(text: string): string[] {
  return splitTopLevel(text, ',').map((name) => name.replace(/^(['"])(.*)\1$/, '$2').trim());
}

export const sameColor = (a: Rgba8, b: Rgba8): boolean =>
  a.red === b.red && a.green === b.green && a.blue === b.blue && a.alpha === b.alpha;

/** Two lengths are equal when both are zero, or when their numbers and units are. */
export const sameLength = (a: Length, b: Length): boolean => (a.value === 0 && b.value === 0) || (a.value === b.value && a.unit === b.unit);

function sameShadowLayer(a: OracleShadowLayer, b: OracleShadowLayer): boolean {
  if (a.inset !== b.inset || !a.lengths.every((length, index) => sameLength(length, b.lengths[index] as Length))) return false;
  return a.color === undefined || b.color === undefined ? a.color === b.color : sameColor(a.color, b.color);
}

/**
 * Whether two CSS texts mean the same value. `fontFamily` compares them as font lists (quotes aside); anything
 * else is compared by what {@link readValue} reads (a number `0` and a length `0` are the same).
 */
export function sameCssValue(expected: string, actual: string, options: { fontFamily?: boolean } = {}): boolean {
  if (options.fontFamily === true) return readFontFamilies(expected).join('\n') === readFontFamilies(actual).join('\n');
  const [a, b] = [readValue(expected), readValue(actual)];
  const asLength = (value: OracleValue): Length | undefined =>
    value.kind === 'length' ? value.length : value.kind === 'number' && value.value === 0 ? { value: 0, unit: '' } : undefined;
  const [lengthA, lengthB] = [asLength(a), asLength(b)];
  if (lengthA !== undefined && lengthB !== undefined && (a.kind === 'length' || b.kind === 'length')) return sameLength(lengthA, lengthB);
  switch (a.kind) {
    case 'color':
      return b.kind === 'color' && sameColor(a.color, b.color);
    case 'length':
      return false;
    case 'number':
      return b.kind === 'number' && a.value === b.value;
    case 'duration':
      return b.kind === 'duration' && a.ms === b.ms;
    case 'cubicBezier':
      return b.kind === 'cubicBezier' && a.points.every((point, index) => point === b.points[index]);
    case 'shadow':
      return (
        b.kind === 'shadow' &&
        a.layers.length === b.layers.length &&
        a.layers.every((layer, index) => sameShadowLayer(layer, b.layers[index] as OracleShadowLayer))
      );
    case 'text':
      return b.kind === 'text' && (a.text === b.text || sameShorthand(a.text, b.text));
  }
}

const FONT = /^(\S+)\s+(\S+)\s*\/\s*(\S+)\s+(.+)$/;

/**
 * Shorthands compared part by part: `font` (weight size/line-height family), `transition` (duration easing, a missing
 * delay being 0) and `border` (width style color).
 */
function sameShorthand(expected: string, actual: string): boolean {
  const [fontA, fontB] = [FONT.exec(expected), FONT.exec(actual)];
  if (fontA && fontB) {
    return (
      [1, 2, 3].every((index) => sameCssValue(fontA[index] as string, fontB[index] as string)) &&
      sameCssValue(fontA[4] as string, fontB[4] as string, { fontFamily: true })
    );
  }
  const [a, b] = [splitTopLevel(expected, ' '), splitTopLevel(actual, ' ')];
  const kinds = a.map((word) => readValue(word).kind);
  if (kinds[0] === 'duration' && (kinds[1] === 'cubicBezier' || /^(ease|linear|ease-in|ease-out|ease-in-out)$/.test(a[1] ?? ''))) {
    const withDelay = a.length === 2 ? [...a, '0ms'] : a;
    return withDelay.length === 3 && b.length === 3 && withDelay.every((word, index) => sameCssValue(word, b[index] as string));
  }
  if (a.length === 3 && b.length === 3 && kinds[2] === 'color' && /^[a-z]+$/.test(a[1] as string))
    return a.every((word, index) => sameCssValue(word, b[index] as string));
  return false;
}
