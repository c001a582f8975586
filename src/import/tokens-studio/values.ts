import { referenceOf } from '../../compile/values/parse-values.js';
import { readCssComposite } from '../css-composites.js';
import type { CssCompositeType } from '../css-composites.js';
import { isRecord } from '../source-token.js';
import { modifiedColor, modifierProblem, withHexRgbaResolved } from './color.js';
import type { ColorModifier } from './color.js';
import { evaluateMath, isPlainValue } from './math.js';
import type { StudioToken } from './sets.js';
import { fontWeightOf, STUDIO_TYPES } from './types.js';
import type { ValueKind } from './types.js';

/** A value that cannot be imported, and why. */
export class Unreadable extends Error {}

/** A token's value in one mode, converted, with what was not carried exactly. */
export interface ConvertedValue {
  readonly value: unknown;
  readonly lossy: readonly string[];
}

const ALIAS = /\{([^{}]+)\}/g;
/** A reference written against other characters of a word (`{size.border}px`), not a whole part of CSS text. */
const PART_OF_WORD_ALIAS = /\{[^{}]+\}(?=[^\s,(){}])|(?<=[^\s,(){}])\{[^{}]+\}/g;
/** The line height CSS `normal` gives most fonts: what Figma's `AUTO` is written as. */
const AUTO_LINE_HEIGHT = 1.2;
const NUMBER_TEXT = /^\s*-?(?:\d+\.?\d*|\.\d+)\s*$/;
/** Typography parts Tokens Studio writes that our typography has no place for, with the value that means "none". */
const DROPPED_TYPOGRAPHY_PARTS: Readonly<Record<string, readonly string[]>> = {
  paragraphSpacing: ['0', '0px'],
  paragraphIndent: ['0', '0px'],
  textCase: ['none'],
  textDecoration: ['none'],
};

/** The state of one mode's converter, shared by its steps: the mode's tokens, what is lost so far, the keys being resolved. */
interface Conversion {
  readonly tokens: ReadonlyMap<string, StudioToken>;
  /** What the value being converted does not carry exactly (each resolved target has a list of its own). */
  lossy: string[];
  readonly resolving: Set<string>;
}

/**
 * Converts the values of one mode's tokens (`tokens`: the merge of its sets) as sd-transforms would output them, into
 * DTCG shapes: an alias that is the whole value (or a whole part of a composite) stays an alias; any other reference
 * is replaced by its value in this mode, math is computed and color modifiers applied (each reported as lossy).
 */
export function createValueConverter(tokens: ReadonlyMap<string, StudioToken>) {
  const conversion: Conversion = { tokens, lossy: [], resolving: new Set() };
  return {
    /** The value of `token` in this mode and what is not carried exactly; throws {@link Unreadable}. */
    convertToken: (token: StudioToken): ConvertedValue => {
      conversion.lossy = [];
      const value = valueOf(conversion, token, true);
      return { value, lossy: conversion.lossy };
    },
  };
}

/** The fully resolved value of `key` in this mode (no alias left), for text that names it. */
function resolvedValue(conversion: Conversion, key: string): unknown {
  const { tokens, resolving } = conversion;
  const token = tokens.get(key);
  if (token === undefined) throw new Unreadable(`\`{${key}}\` names no token in this theme`);
  if (resolving.has(key)) throw new Unreadable(`\`{${key}}\` refers back to itself`);
  resolving.add(key);
  // What is lost in the target is reported on the target, not on each token naming it.
  const outer = conversion.lossy;
  conversion.lossy = [];
  try {
    return valueOf(conversion, token, false);
  } finally {
    conversion.lossy = outer;
    resolving.delete(key);
  }
}

/** Text with every `{alias}` replaced by its value (a composite cannot be). */
const withAliasesReplaced = (conversion: Conversion, text: string): string =>
  text.replace(ALIAS, (_, key: string) => {
    const value = resolvedValue(conversion, key);
    if (typeof value !== 'string' && typeof value !== 'number') throw new Unreadable(`\`{${key}}\` is a composite inside text \`${text}\``);
    return String(value);
  });

/** A scalar of `kind`: the whole alias kept (when `keepAlias`), else references replaced, math computed, then converted. */
function scalarOf(conversion: Conversion, kind: ValueKind, raw: unknown, keepAlias: boolean): unknown {
  const alias = referenceOf(raw);
  if (alias !== undefined) return keepAlias ? raw : scalarOf(conversion, kind, resolvedValue(conversion, alias), false);
  if (typeof raw !== 'string') return convertScalar(conversion, kind, raw);
  const replaced = raw.includes('{') ? withAliasesReplaced(conversion, raw) : raw;
  // `cubic-bezier(...)` is a function, not math.
  if (kind === 'color' || kind === 'fontFamily' || kind === 'easing' || !isMath(replaced)) {
    if (replaced !== raw) conversion.lossy.push(`references inside \`${raw}\` are written as their values`);
    return convertScalar(conversion, kind, replaced);
  }
  const computed = evaluateMath(replaced);
  if (computed === undefined && isMultiValue(replaced)) {
    // A list of lengths (`8 {space.md}`, a padding's shorthand): read as the other readers read it.
    if (replaced !== raw) conversion.lossy.push(`references inside \`${raw}\` are written as their values`);
    return convertScalar(conversion, kind, replaced);
  }
  if (computed === undefined) {
    throw new Unreadable(`math \`${raw}\` that sd-transforms leaves as text (only + - * / and parentheses, one unit besides px)`);
  }
  conversion.lossy.push(`math \`${raw}\` written as its value`);
  return convertScalar(conversion, kind, computed);
}

function colorOf(conversion: Conversion, token: StudioToken, raw: unknown, keepAlias: boolean): unknown {
  const modifier = modifierOf(token);
  if (keepAlias) {
    const over = aliasWithAlpha(raw, modifier);
    if (over !== undefined) return over;
  }
  if (modifier === undefined) return scalarOf(conversion, 'color', raw, keepAlias);
  const base = scalarOf(conversion, 'color', raw, false);
  if (typeof base !== 'string') throw new Unreadable(`color \`${JSON.stringify(raw)}\` is not text`);
  const color = modifier['color'];
  const amount = referenceFree(conversion, modifier['value']);
  const written: ColorModifier = {
    type: String(modifier['type']),
    space: String(modifier['space']),
    // An amount that is neither (`true`, an object) is read as its text, which is no number: the modifier fails below.
    value: typeof amount === 'number' || typeof amount === 'string' ? amount : String(amount),
    color: color === undefined ? undefined : String(scalarOf(conversion, 'color', referenceFree(conversion, color), false)),
    format: typeof modifier['format'] === 'string' ? modifier['format'] : undefined,
  };
  const problem = modifierProblem(written);
  if (problem !== undefined) throw new Unreadable(problem);
  const modified = modifiedColor(base, written);
  if (modified === undefined)
    throw new Unreadable(`color modifier \`${written.type}\` on \`${base}\`: colorjs.io reads no color or amount`);
  conversion.lossy.push(`color modifier \`${written.type}\` (${String(modifier['value'])} in ${written.space}) written as its color`);
  return modified;
}

/** A modifier's part with its references replaced (a modifier's amount may be an alias or math). */
const referenceFree = (conversion: Conversion, part: unknown): unknown =>
  typeof part === 'string' && part.includes('{') ? withAliasesReplaced(conversion, part) : part;

function shadowLayerOf(conversion: Conversion, raw: unknown, keepAlias: boolean): unknown {
  if (!isRecord(raw)) throw new Unreadable('a shadow layer that is not an object');
  const length = (part: unknown): unknown => scalarOf(conversion, 'length', part ?? 0, keepAlias);
  const layer: Record<string, unknown> = {
    offsetX: length(raw['x'] ?? raw['offsetX']),
    offsetY: length(raw['y'] ?? raw['offsetY']),
    blur: length(raw['blur']),
    spread: length(raw['spread']),
    color: scalarOf(conversion, 'color', raw['color'], keepAlias),
  };
  if (raw['type'] === 'innerShadow' || raw['inset'] === true) layer['inset'] = true;
  return layer;
}

function typographyOf(conversion: Conversion, raw: Record<string, unknown>, keepAlias: boolean): unknown {
  for (const [part, none] of Object.entries(DROPPED_TYPOGRAPHY_PARTS)) {
    const written = raw[part];
    if (written === undefined) continue;
    const text = typeof written === 'string' || typeof written === 'number' ? String(written) : JSON.stringify(written);
    if (!none.includes(text.trim().toLowerCase()))
      conversion.lossy.push(`typography \`${part}\` \`${text}\` is dropped (our typography has no ${part})`);
  }
  for (const part of ['fontFamily', 'fontSize']) if (raw[part] === undefined) throw new Unreadable(`a typography without \`${part}\``);
  return {
    fontFamily: scalarOf(conversion, 'fontFamily', raw['fontFamily'], keepAlias),
    fontSize: scalarOf(conversion, 'length', raw['fontSize'], keepAlias),
    fontWeight: scalarOf(conversion, 'fontWeight', raw['fontWeight'] ?? 400, keepAlias),
    lineHeight: scalarOf(conversion, 'lineHeight', raw['lineHeight'] ?? 'AUTO', keepAlias),
    letterSpacing: scalarOf(conversion, 'letterSpacing', raw['letterSpacing'] ?? 0, keepAlias),
  };
}

/**
 * CSS text of a composite as DTCG's value: a reference that is a whole part stays one, a reference inside a word
 * (`{size.border}px`) is replaced by its value first (with loss); what cannot be read is {@link Unreadable}.
 */
function cssComposite(conversion: Conversion, type: CssCompositeType, raw: string): unknown {
  // As Tokens Studio resolves it: the value as written (`1` in `{size.border}px`, not sd-transforms' `1px`).
  const text = raw.replace(PART_OF_WORD_ALIAS, (alias: string) => writtenValueOf(conversion.tokens, alias.slice(1, -1), 0));
  if (text !== raw) conversion.lossy.push(`references inside \`${raw}\` are written as their values`);
  const read = readCssComposite(type, text);
  if ('problem' in read) throw new Unreadable(read.problem);
  for (const reason of read.lossy) conversion.lossy.push(reason);
  return read.value;
}

/** The value a reference names as written, through whole aliases (for a reference inside a word). */
function writtenValueOf(tokens: ReadonlyMap<string, StudioToken>, key: string, depth: number): string {
  const value = tokens.get(key)?.value;
  if (value === undefined || depth > 64) throw new Unreadable(`\`{${key}}\` names no token in this theme`);
  const alias = referenceOf(value);
  if (alias !== undefined) return writtenValueOf(tokens, alias, depth + 1);
  if (typeof value !== 'string' && typeof value !== 'number') throw new Unreadable(`\`{${key}}\` is a composite inside text`);
  return String(value);
}

/** The value of `token` in this mode, in DTCG shapes; whole aliases kept when `keepAlias`. */
function valueOf(conversion: Conversion, token: StudioToken, keepAlias: boolean): unknown {
  const studioType = STUDIO_TYPES[String(token.type)];
  if (studioType === undefined) throw new Unreadable(`type \`${String(token.type)}\` is not one we read`);
  const raw = token.value;
  if (studioType.kind === 'color') return colorOf(conversion, token, raw, keepAlias);
  const alias = referenceOf(raw);
  const composite = ['shadow', 'typography', 'border', 'gradient', 'transition'].includes(studioType.kind);
  if (alias !== undefined && composite) return keepAlias ? raw : resolvedValue(conversion, alias);
  switch (studioType.kind) {
    case 'shadow': {
      const layers = typeof raw === 'string' ? cssComposite(conversion, 'shadow', raw) : raw;
      if (Array.isArray(layers)) return layers.map((layer) => shadowLayerOf(conversion, layer, keepAlias));
      return shadowLayerOf(conversion, layers, keepAlias);
    }
    case 'typography':
      if (!isRecord(raw)) throw new Unreadable(`a typography that is not an object: \`${JSON.stringify(raw)}\``);
      return typographyOf(conversion, raw, keepAlias);
    case 'border':
      return borderOf(conversion, raw, keepAlias);
    case 'gradient':
      return gradientOf(conversion, raw, keepAlias);
    case 'transition':
      return transitionOf(conversion, raw, keepAlias);
    case 'duration':
    case 'easing':
    case 'fontFamily':
    case 'fontWeight':
    case 'length':
    case 'letterSpacing':
    case 'lineHeight':
    case 'number':
    case 'opacity':
      return scalarOf(conversion, studioType.kind, raw, keepAlias);
  }
}

function borderOf(conversion: Conversion, raw: unknown, keepAlias: boolean): unknown {
  const border = typeof raw === 'string' ? cssComposite(conversion, 'border', raw) : raw;
  if (!isRecord(border)) throw new Unreadable(`a border that is not an object: \`${JSON.stringify(raw)}\``);
  return {
    width: scalarOf(conversion, 'length', border['width'], keepAlias),
    style: border['style'] ?? 'solid',
    color: scalarOf(conversion, 'color', border['color'], keepAlias),
  };
}

function gradientOf(conversion: Conversion, raw: unknown, keepAlias: boolean): unknown {
  // CSS text (`linear-gradient()`, how Tokens Studio writes gradients) or DTCG's stops.
  const gradient = typeof raw === 'string' ? cssComposite(conversion, 'gradient', raw) : { stops: raw };
  const stops = isRecord(gradient) ? gradient['stops'] : undefined;
  if (!isRecord(gradient) || !Array.isArray(stops))
    throw new Unreadable(`a gradient that is neither CSS text nor stops: \`${JSON.stringify(raw)}\``);
  const read = stops.map((stop: unknown) => {
    if (!isRecord(stop)) throw new Unreadable('a gradient stop that is not an object');
    return { color: scalarOf(conversion, 'color', stop['color'], keepAlias), position: stop['position'] };
  });
  return typeof raw === 'string' ? { angle: gradient['angle'], stops: read } : read;
}

function transitionOf(conversion: Conversion, raw: unknown, keepAlias: boolean): unknown {
  const transition = typeof raw === 'string' ? cssComposite(conversion, 'transition', raw) : raw;
  if (!isRecord(transition)) throw new Unreadable(`a transition that is not an object: \`${JSON.stringify(raw)}\``);
  return {
    duration: scalarOf(conversion, 'duration', transition['duration'], keepAlias),
    delay: scalarOf(conversion, 'duration', transition['delay'] ?? '0ms', keepAlias),
    timingFunction: scalarOf(conversion, 'easing', transition['timingFunction'], keepAlias),
  };
}

function convertScalar(conversion: Conversion, kind: ValueKind, raw: unknown): unknown {
  switch (kind) {
    case 'color':
      return colorText(raw);
    case 'length':
      return lengthText(raw);
    case 'letterSpacing':
      return typeof raw === 'string' && raw.trim().endsWith('%') ? `${Number(percentOf(raw).toFixed(10))}em` : lengthText(raw);
    case 'lineHeight':
      return lineHeightOf(conversion, raw);
    case 'fontWeight':
      return fontWeightNumber(conversion, raw);
    case 'opacity':
      return typeof raw === 'string' && raw.trim().endsWith('%') ? percentOf(raw) : numberOrText(raw);
    case 'number':
      return numberOrText(raw);
    case 'duration':
      return typeof raw === 'number' || (typeof raw === 'string' && NUMBER_TEXT.test(raw)) ? `${Number(raw)}ms` : raw;
    // Written as they are: an easing and a font family need no conversion, and a composite's parts are scalars.
    case 'easing':
    case 'fontFamily':
    case 'border':
    case 'gradient':
    case 'shadow':
    case 'transition':
    case 'typography':
      return raw;
  }
}

function lineHeightOf(conversion: Conversion, raw: unknown): unknown {
  if (typeof raw === 'string' && ['auto', 'normal'].includes(raw.trim().toLowerCase())) {
    conversion.lossy.push(`line height \`${raw}\` written as ${AUTO_LINE_HEIGHT} (what CSS \`normal\` gives most fonts)`);
    return AUTO_LINE_HEIGHT;
  }
  return typeof raw === 'string' && raw.trim().endsWith('%') ? percentOf(raw) : numberOrText(raw);
}

function fontWeightNumber(conversion: Conversion, raw: unknown): unknown {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw new Unreadable(`font weight \`${JSON.stringify(raw)}\``);
  const read = fontWeightOf(raw);
  if (read === undefined) throw new Unreadable(`font weight \`${String(raw)}\` is not a weight name sd-transforms knows`);
  if (read.style !== undefined)
    conversion.lossy.push(`font style \`${read.style}\` of \`${String(raw)}\` is dropped (a font weight has no style)`);
  return read.weight;
}

const isMath = (text: string): boolean => !isPlainValue(text) && /\d/.test(text) && /[+*/()]|\S\s*-/.test(text);
const isMultiValue = (text: string): boolean => text.trim().split(/\s+/).length > 1 && text.trim().split(/\s+/).every(isPlainValue);
const percentOf = (text: string): number => Number.parseFloat(text) / 100;
const numberOrText = (raw: unknown): unknown => (typeof raw === 'string' && NUMBER_TEXT.test(raw) ? Number(raw) : raw);

/**
 * A color's text as sd-transforms writes it for CSS: `rgba(#hex, a)` made `rgba(r, g, b, a)`. A gradient inside a color
 * is refused (a `color` token that is a gradient is read as one before: tokens-studio-infer.ts).
 */
function colorText(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (/gradient\(/i.test(raw)) throw new Unreadable(`a gradient inside a color (\`${raw}\`)`);
  return withHexRgbaResolved(raw.trim());
}

/**
 * A length: a unitless number in px (`ts/size/px`), zero as `0px`; a list of 2 to 4 (`0 8`, a padding's shorthand) with
 * each unitless one in px, as the Style Dictionary and DTCG readers take it (only a spacing holds one).
 */
function lengthText(raw: unknown): unknown {
  if (typeof raw === 'number' || (typeof raw === 'string' && NUMBER_TEXT.test(raw))) return `${Number(raw)}px`;
  if (typeof raw === 'string' && isMultiValue(raw)) {
    const parts = raw.trim().split(/\s+/);
    if (parts.length > 4) throw new Unreadable(`a value of ${parts.length} lengths \`${raw}\` (a spacing holds 1 to 4)`);
    return parts.map((part) => (NUMBER_TEXT.test(part) ? `${Number(part)}px` : part)).join(' ');
  }
  return raw;
}

/** `rgba({color.black}, 0.5)`: a whole reference with an alpha (a number, or a percentage). */
const RGBA_ALIAS = /^rgba\(\s*(\{[^{}]+\})\s*,\s*(\d*\.?\d+)(%?)\s*\)$/;

/**
 * A reference with an alpha over it, kept as one (`{ alphaOver: "{x}", alpha }`, written `{ ref, alpha }`): Tokens
 * Studio's `rgba({x}, 0.5)`, or a whole alias with an `alpha` modifier in an sRGB space (`srgb`, `hsl`) and a number as
 * its amount: what sd-transforms computes is that color with the alpha replaced. Undefined for anything else.
 */
function aliasWithAlpha(raw: unknown, modifier: Record<string, unknown> | undefined): { alphaOver: string; alpha: number } | undefined {
  if (typeof raw !== 'string') return undefined;
  const rgba = modifier === undefined ? RGBA_ALIAS.exec(raw.trim()) : null;
  if (rgba !== null) {
    const [, alias = '', , percent] = rgba;
    const alpha = Number(rgba[2]) / (percent === '%' ? 100 : 1);
    return alpha >= 0 && alpha <= 1 ? { alphaOver: alias, alpha } : undefined;
  }
  if (modifier === undefined || referenceOf(raw) === undefined || modifier['type'] !== 'alpha') return undefined;
  if (!['srgb', 'hsl'].includes(String(modifier['space']))) return undefined;
  const amount =
    typeof modifier['value'] === 'number'
      ? modifier['value']
      : NUMBER_TEXT.test(String(modifier['value']))
        ? Number(modifier['value'])
        : NaN;
  return amount >= 0 && amount <= 1 ? { alphaOver: raw, alpha: amount } : undefined;
}

function modifierOf(token: StudioToken): Record<string, unknown> | undefined {
  const studio = token.extensions?.['studio.tokens'];
  return isRecord(studio) && isRecord(studio['modify']) ? studio['modify'] : undefined;
}
