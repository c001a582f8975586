import type { CompiledDesignSystem, Token } from '../compile/types.js';
import { parseCubicBezier } from '../compile/value-rules.js';
import { EXTENSION_KEY } from './export-dtcg-json.js';
import { buildTokenTree } from './token-tree.js';
import type { TokenTree } from './token-tree.js';

/** The version of the Design Tokens Community Group format the strict export follows. */
export const DTCG_SPEC_VERSION = '2025.10';

/** A DTCG 2025.10 color value in sRGB. */
export interface DtcgColor {
  readonly colorSpace: 'srgb';
  readonly components: readonly [number, number, number];
  readonly alpha: number;
  readonly hex?: string;
}

interface DtcgDimension {
  readonly value: number;
  readonly unit: 'px' | 'rem';
}

/**
 * How a shadow written with a color token gives its color: `reference` (JSON Pointers to the color token's
 * `colorSpace` and `components`, with the shadow's opacity as alpha) or `literal` (the resolved color).
 */
export type ShadowColors = 'reference' | 'literal';

/** A token as the strict export writes it: `$type`, `$value`, and what goes under `$extensions`. */
export interface StrictToken {
  readonly type: string;
  readonly value: unknown;
  /** The dark value in the same shape as `value`, when it differs. */
  readonly dark?: unknown;
  /** Extra fields under `$extensions["com.service"]` (e.g. `unit: "em"`). */
  readonly extension?: Readonly<Record<string, unknown>>;
}

const round = (value: number): number => Math.round(value * 10000) / 10000;

/**
 * A `#RRGGBB` hex (or `rgb()`/`rgba()` channels) as a DTCG sRGB color; components rounded to 4 decimals.
 * @example hexToDtcgColor('#2563EB') // { colorSpace: 'srgb', components: [0.1451, 0.3882, 0.9216], alpha: 1, hex: '#2563EB' }
 */
export function hexToDtcgColor(hex: string, alpha = 1): DtcgColor {
  const channels = [1, 3, 5].map((offset) => Number.parseInt(hex.slice(offset, offset + 2), 16));
  return rgbToDtcgColor(channels as [number, number, number], alpha);
}

function rgbToDtcgColor([r, g, b]: readonly [number, number, number], alpha: number): DtcgColor {
  const hex = `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`.toUpperCase();
  return { colorSpace: 'srgb', components: [round(r / 255), round(g / 255), round(b / 255)], alpha, hex };
}

const DIMENSION = /^(-?\d*\.?\d+)(px|rem)$/;
const LENGTH = /^(-?\d*\.?\d+)(px|rem)?$/;
const RGB = /^rgba?\(\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*(?:[,/]\s*(\d*\.?\d+)(%?)\s*)?\)$/;
const HEX = /^#([0-9a-fA-F]{6})$/;

function parseDimension(text: string): DtcgDimension | undefined {
  const match = DIMENSION.exec(text);
  return match ? { value: Number(match[1]), unit: match[2] as 'px' | 'rem' } : undefined;
}

/** A CSS length of a shadow: `0` may go without a unit. */
function parseLength(text: string): DtcgDimension | undefined {
  const match = LENGTH.exec(text);
  if (!match || (match[2] === undefined && Number(match[1]) !== 0)) return undefined;
  return { value: Number(match[1]), unit: (match[2] ?? 'px') as 'px' | 'rem' };
}

function parseColor(text: string): DtcgColor | undefined {
  if (HEX.test(text)) return hexToDtcgColor(text);
  const match = RGB.exec(text);
  if (!match) return undefined;
  const channels = match.slice(1, 4).map(Number) as [number, number, number];
  if (channels.some((channel) => channel > 255)) return undefined;
  const alpha = match[4] === undefined ? 1 : Number(match[4]) / (match[5] === '%' ? 100 : 1);
  return alpha <= 1 ? rgbToDtcgColor(channels, alpha) : undefined;
}

/** `0px 4px 8px -2px rgba(2, 6, 23, 0.1)` (optionally `inset`, optionally several, comma-separated) as DTCG shadows. */
function parseShadows(text: string): unknown {
  const layers = splitOutsideParentheses(text, ',').map((layer) => {
    const words = splitOutsideParentheses(layer.trim(), ' ').filter((word) => word.length > 0);
    const inset = words.includes('inset');
    const rest = words.filter((word) => word !== 'inset');
    const lengths = rest.filter((word) => LENGTH.test(word));
    const colors = rest.filter((word) => !LENGTH.test(word));
    const color = colors.length === 1 ? parseColor(colors[0] as string) : undefined;
    const dimensions = lengths.map(parseLength);
    if (color === undefined || dimensions.length < 2 || dimensions.length > 4 || dimensions.some((d) => d === undefined)) return undefined;
    const [offsetX, offsetY, blur = { value: 0, unit: 'px' }, spread = { value: 0, unit: 'px' }] = dimensions as DtcgDimension[];
    return { color, offsetX, offsetY, blur, spread, ...(inset ? { inset: true } : {}) };
  });
  if (layers.some((layer) => layer === undefined)) return undefined;
  return layers.length === 1 ? layers[0] : layers;
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
function parseFontFamilies(text: string): string[] {
  return splitOutsideQuotes(text).map((name) => name.trim().replace(/^(['"])(.*)\1$/, '$2'));
}

function splitOutsideQuotes(text: string): string[] {
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
  return parts.filter((part) => part.trim().length > 0);
}

/** A JSON Pointer to a token's `$value` member (RFC 6901 escaping). */
function pointerTo(key: string, member: string): string {
  return `#/${key
    .split('.')
    .map((segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1'))
    .join('/')}/$value/${member}`;
}

/**
 * A shadow written with a color token: the color refers to the color token's `colorSpace` and `components` (JSON
 * Pointer references), with the shadow's opacity as its alpha, so tools that swap the color (dark mode) swap it here too.
 */
function buildReferencedShadow(token: Token): unknown {
  const value = token.value;
  const colorKey = value['colorToken'] as string;
  const px = (name: string): DtcgDimension => ({ value: value[name] as number, unit: 'px' });
  return {
    color: {
      colorSpace: { $ref: pointerTo(colorKey, 'colorSpace') },
      components: { $ref: pointerTo(colorKey, 'components') },
      alpha: value['opacity'] as number,
    },
    offsetX: px('x'),
    offsetY: px('y'),
    blur: px('blur'),
    spread: px('spread'),
  };
}

/**
 * How one token is written in the strict export, or undefined when DTCG 2025.10 has no type for it (booleans, and
 * strings our parser cannot read as the type's structure); those are kept under `$extensions`.
 * @example buildStrictToken(durationFast) // { type: 'duration', value: { value: 200, unit: 'ms' } }
 */
export function buildStrictToken(token: Token, shadowColors: ShadowColors = 'reference'): StrictToken | undefined {
  const { light, dark } = token.resolved;
  const withDark = (type: string, parse: (text: string) => unknown, value: unknown = parse(light)): StrictToken | undefined => {
    if (value === undefined) return undefined;
    if (dark === undefined) return { type, value };
    const darkValue = parse(dark);
    return darkValue === undefined ? undefined : { type, value, dark: darkValue };
  };
  switch (token.type) {
    case 'color':
      return withDark('color', (text) => (HEX.test(text) ? hexToDtcgColor(text) : undefined));
    case 'spacing':
    case 'radius':
    case 'font.size':
      return withDark('dimension', parseDimension);
    case 'font.letterSpacing': {
      if (DIMENSION.test(light)) return withDark('dimension', parseDimension);
      const em = /^(-?\d*\.?\d+)em$/.exec(light);
      return em ? { type: 'number', value: Number(em[1]), extension: { unit: 'em' } } : undefined;
    }
    case 'font.lineHeight':
    case 'opacity':
    case 'z-index':
      return withDark('number', (text) => (Number.isFinite(Number(text)) ? Number(text) : undefined));
    case 'font.weight':
      return withDark('fontWeight', (text) => (Number.isFinite(Number(text)) ? Number(text) : undefined));
    case 'font.family':
      return withDark('fontFamily', parseFontFamilies);
    case 'duration':
      return withDark('duration', (text) => {
        const match = /^(\d*\.?\d+)(ms|s)$/.exec(text);
        return match ? { value: Number(match[1]), unit: match[2] } : undefined;
      });
    case 'easing':
      return withDark('cubicBezier', (text) => parseCubicBezier(text));
    case 'shadow':
      return withDark(
        'shadow',
        parseShadows,
        shadowColors === 'reference' && typeof token.value['colorToken'] === 'string' ? buildReferencedShadow(token) : parseShadows(light),
      );
    case 'boolean':
      return undefined;
  }
}

function strictLeaf(token: Token, shadowColors: ShadowColors): Record<string, unknown> {
  const strict = buildStrictToken(token, shadowColors);
  const leaf: Record<string, unknown> = {};
  if (token.description !== undefined) leaf['$description'] = token.description;
  if (strict === undefined) {
    // No DTCG type: a group without tokens that keeps the value where a tool can still find it.
    leaf['$extensions'] = {
      [EXTENSION_KEY]: {
        type: token.type,
        value: token.type === 'boolean' ? token.value['value'] : token.resolved.light,
        ...darkOf(token),
      },
    };
    return leaf;
  }
  leaf['$type'] = strict.type;
  leaf['$value'] = strict.value;
  const extension = { ...strict.extension, ...(strict.dark === undefined ? {} : { dark: strict.dark }) };
  if (Object.keys(extension).length > 0) leaf['$extensions'] = { [EXTENSION_KEY]: extension };
  return sortKeys(leaf);
}

function darkOf(token: Token): { dark?: string } {
  return token.resolved.dark === undefined ? {} : { dark: token.resolved.dark };
}

function sortKeys(leaf: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.keys(leaf)
      .sort()
      .map((key) => [key, leaf[key]]),
  );
}

/**
 * The DTCG 2025.10 tree: structured values, dark values (same shape) under `$extensions["com.service"].dark`.
 * `shadowColors: 'literal'` writes shadow colors as values instead of references to their color token.
 * @example { color: { brand: { primary: { $type: 'color', $value: { colorSpace: 'srgb', components: [0.1451, 0.3882, 0.9216], alpha: 1, hex: '#2563EB' } } } } }
 */
export function buildStrictDtcgTree(system: CompiledDesignSystem, shadowColors: ShadowColors = 'reference'): TokenTree {
  return buildTokenTree(system.tokens, (token) => strictLeaf(token, shadowColors));
}

/** The strict export's text, indented like the default JSON export. */
export function renderStrictDtcgJson(system: CompiledDesignSystem): string {
  return `${JSON.stringify(buildStrictDtcgTree(system), null, 2)}\n`;
}
