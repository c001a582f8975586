import { readCssKeywords } from '../compile/values/css-keywords.js';
import { parseCssShadow, parseFontFamilies } from '../compile/values/parse-css-shadow.js';
import { referenceOf } from '../compile/values/parse-values.js';
import { parseCubicBezier } from '../compile/fields/value-rules.js';
import { parseColor } from '../compile/values/parse-color.js';
import { NONE_TYPES } from '../compile/fields/read-token-draft.js';
import type { CompiledDesignSystem, Dimension, OptionalTypographyPart, Rgba, ShadowLayer, TypedValue } from '../compile/types.js';
import { formatCssNumber } from '../views/shared/css-values.js';
import { lengthListOf } from './css-lengths.js';
import { fontWeightOfName, hexOf, lengthOf, millisecondsOf, withAlphaOver } from './map-token.js';
import type { ImportedToken } from './map-token.js';
import { OUR_EXTENSION } from './read-dtcg.js';
import { isAlphaOver, isList, isRecord } from './source-token.js';
import type { SourceToken } from './source-token.js';

/** One value that differs: the token, the mode, the source's value and ours, both in the canonical text compared. */
export interface VerifyMismatch {
  readonly source: string;
  readonly mode: string;
  readonly expected: string;
  readonly got: string;
}

/** Per mode, how many values were compared and which differ. */
export interface VerifyResult {
  readonly compared: Readonly<Record<string, number>>;
  readonly mismatches: readonly VerifyMismatch[];
}

const length = (dimension: Dimension | { value: number; unit: string }): string => `${formatCssNumber(dimension.value)}${dimension.unit}`;
/** A color as channels and alpha (4 decimals): `#0F172A1A` and `rgba(15, 23, 42, 0.1)` differ, as they do in CSS. */
const colorText = (color: Rgba): string =>
  `rgba(${color.red}, ${color.green}, ${color.blue}, ${formatCssNumber(Math.round(color.alpha * 10000) / 10000)})`;
/** A source color as channels; an unreadable one throws (the value is then unreadable in the source). */
const sourceRgba = (raw: unknown): Rgba => {
  const hex = hexOf(raw);
  const color = parseColor(hex);
  if (color === undefined) throw new Error(`\`${hex}\` is not a color we read`);
  return color;
};
const sourceColor = (raw: unknown): string => colorText(sourceRgba(raw));
/** A shadow layer's color, with the `alpha` (Primer) or `opacity` (Gestalt) beside it when there is one. */
const layerColor = (layer: Record<string, unknown>): string => {
  const color = sourceRgba(layer['color']);
  const alpha = typeof layer['alpha'] === 'number' ? layer['alpha'] : layer['opacity'];
  return colorText(typeof alpha === 'number' ? { ...color, alpha } : color);
};
/** A layer's length under any of `names` (DTCG's, Style Dictionary's, Gestalt's); a unitless number is px. */
const layerLength = (layer: Record<string, unknown>, names: readonly string[], fallback?: string): string => {
  const raw = names.map((name) => layer[name]).find((value) => value !== undefined) ?? fallback;
  const unitless = typeof raw === 'number' || (typeof raw === 'string' && /^-?[\d.]+$/.test(raw));
  return length(lengthOf(unitless ? `${Number(raw)}px` : raw));
};

/**
 * Compares every imported token's value in every mode the source has (light, and each mode a token has a value in)
 * with what our compiler resolved from the written YAML: the
 * source side follows its own aliases (`{a.b}`,
 * whole or in parts) to literal values and writes them canonically, without our mapping of fields; our side writes the
 * compiled typed value the same way.
 */
export function verifyImport(
  sources: readonly SourceToken[],
  tokens: readonly ImportedToken[],
  system: CompiledDesignSystem,
): VerifyResult {
  const rawByKey = new Map(sources.map((source) => [source.key, source]));
  const compiledByKey = new Map(system.tokens.map((token) => [token.key, token]));
  const compared: Record<string, number> = {};
  const mismatches: VerifyMismatch[] = [];
  // Only the modes the source has values in: a mode every design system has (dark) is not compared when it has none.
  const sourceModes = new Set(['light', ...sources.flatMap((source) => Object.keys(source.modes))]);
  const modes = system.modes.map((definition) => definition.name).filter((mode) => sourceModes.has(mode));
  for (const token of tokens) {
    const compiled = compiledByKey.get(token.key);
    if (compiled === undefined) continue;
    const source = token.source;
    const extension = isRecord(source.extensions?.[OUR_EXTENSION]) ? source.extensions[OUR_EXTENSION] : {};
    for (const mode of modes) {
      const ours = compiled.resolved[mode];
      if (ours === undefined) continue;
      const raw = mode in source.modes ? source.modes[mode] : source.value;
      let expected: string;
      try {
        expected = canonicalSource(token.type, deepResolve(raw, rawByKey, mode), extension);
      } catch {
        expected = '(unreadable in the source)';
      }
      const got = canonicalOurs(ours);
      compared[mode] = (compared[mode] ?? 0) + 1;
      if (expected !== got) mismatches.push({ source: source.source, mode, expected, got });
    }
  }
  return { compared, mismatches };
}

/** `raw` with every alias replaced by its target's value in `mode` (our exports' per-mode values first), deeply. */
function deepResolve(raw: unknown, byKey: ReadonlyMap<string, SourceToken>, mode: string, depth = 0): unknown {
  if (depth > 64) throw new Error('alias chain too long');
  // A color with an `alpha` beside it is the color it names with that alpha (the source's alpha replaces).
  if (isAlphaOver(raw)) return withAlphaOver(deepResolve(raw.alphaOver, byKey, mode, depth + 1), raw.alpha);
  const target = referenceOf(raw);
  if (target !== undefined) {
    const token = byKey.get(target);
    if (token === undefined) throw new Error(`unknown alias ${target}`);
    return deepResolve(mode in token.modes ? token.modes[mode] : token.value, byKey, mode, depth + 1);
  }
  if (Array.isArray(raw)) return raw.map((item) => deepResolve(item, byKey, mode, depth + 1));
  if (isRecord(raw))
    return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, deepResolve(value, byKey, mode, depth + 1)]));
  return raw;
}

const families = (raw: unknown): string => (isList(raw) ? raw : parseFontFamilies(String(raw))).join(',');
const weight = (raw: unknown): string => String(fontWeightOfName(raw));
const bezier = (raw: unknown): string => (parseCubicBezier(raw) ?? []).join(',');
const shadowLayers = (raw: unknown): string => {
  if (typeof raw === 'string') return (parseCssShadow(raw) ?? []).map(ourLayer).join(' | ');
  return (Array.isArray(raw) ? raw : [raw])
    .map((layer: Record<string, unknown>) =>
      [
        layerLength(layer, ['offsetX', 'x']),
        layerLength(layer, ['offsetY', 'y']),
        layerLength(layer, ['blur', 'blurRadius'], '0px'),
        layerLength(layer, ['spread', 'spreadRadius'], '0px'),
      ]
        .concat(layerColor(layer), layer['inset'] === true || layer['type'] === 'innerShadow' ? 'inset' : '')
        .join(' '),
    )
    .join(' | ');
};
const ourLayer = (layer: ShadowLayer): string =>
  [layer.offsetX, layer.offsetY, layer.blur, layer.spread]
    .map(length)
    .concat(colorText(layer.color), layer.inset ? 'inset' : '')
    .join(' ');
const numberText = (raw: unknown): string => formatCssNumber(Number(raw));
const lengthOrNumber = (raw: unknown): string =>
  typeof raw === 'number' || /^-?[\d.]+$/.test(String(raw)) ? numberText(raw) : length(lengthOf(raw));

/** A typography part left out, on both sides. */
const OMITTED = '(left out)';

const LENGTH_TYPES: ReadonlySet<string> = new Set(['spacing', 'radius', 'font.size', 'dimension', 'font.lineHeight', 'font.letterSpacing']);
/** A length's keyword (`auto`, `normal`) or shorthand (`0 auto`) in canonical text; undefined for anything else. */
function keywordOrListText(raw: unknown): string | undefined {
  if (typeof raw === 'string' && /^[a-z]+(?:-[a-z]+)*$/.test(raw.trim())) return raw.trim();
  return lengthListOf(raw)
    ?.map((item) => (item === 0 ? '0px' : item === 'auto' ? item : length(lengthOf(item))))
    .join(' ');
}

/** A source value (aliases resolved) in canonical text, by the type it was imported as. */
function canonicalSource(type: ImportedToken['type'], raw: unknown, extension: Record<string, unknown>): string {
  const keywordOrList = LENGTH_TYPES.has(type) ? keywordOrListText(raw) : undefined;
  if (keywordOrList !== undefined) return keywordOrList;
  // No shadow, border or gradient: ours is the keyword `none` too.
  if (raw === 'none' && NONE_TYPES.includes(type)) return 'none';
  switch (type) {
    case 'color':
      return sourceColor(raw);
    case 'font.letterSpacing':
      return typeof raw === 'number'
        ? `${formatCssNumber(raw)}${typeof extension['unit'] === 'string' ? extension['unit'] : 'em'}`
        : length(lengthOf(raw));
    case 'spacing':
    case 'radius':
    case 'font.size':
    case 'dimension':
      // A unitless 0 is a length of 0 (CSS's own rule).
      return raw === 0 || raw === '0' ? '0px' : lengthOrNumber(raw);
    case 'font.lineHeight':
      return lengthOrNumber(raw);
    case 'opacity':
    case 'z-index':
      return numberText(raw);
    case 'font.weight':
      return weight(raw);
    case 'font.family':
      return families(raw);
    case 'duration':
      return `${formatCssNumber(millisecondsOf(raw))}ms`;
    case 'easing':
      return bezier(raw);
    case 'boolean':
      return String(raw === true || raw === 'true');
    case 'strokeStyle':
      return String(raw);
    case 'keyword': {
      const read = readCssKeywords(String(raw));
      return 'text' in read ? read.text : String(raw);
    }
    case 'shadow':
      return shadowLayers(raw);
    case 'typography': {
      const value = compositeFields(raw);
      // A part the source leaves out (or our strict export notes as `omitted`) is compared as left out.
      const omittedParts = extension['omitted'];
      const omitted = isList(omittedParts) ? omittedParts : [];
      const optional = (name: OptionalTypographyPart, text: (part: unknown) => string): string =>
        value[name] === undefined || omitted.includes(name) ? OMITTED : text(value[name]);
      return [
        optional('fontFamily', families),
        length(lengthOf(value['fontSize'])),
        optional('fontWeight', weight),
        optional('lineHeight', lengthOrNumber),
        length(lengthOf(value['letterSpacing'] ?? '0px')),
      ].join(' / ');
    }
    case 'border': {
      const value = compositeFields(raw);
      return [length(lengthOf(value['width'])), String(value['style']), sourceColor(value['color'])].join(' ');
    }
    case 'transition': {
      const value = compositeFields(raw);
      return [millisecondsOf(value['duration']), millisecondsOf(value['delay'] ?? 0), bezier(value['timingFunction'])].join(' ');
    }
    case 'gradient': {
      // DTCG's value is the stops; a CSS `linear-gradient()` was read as `{ stops, angle }`; the default angle is 180.
      const stops = isRecord(raw) ? raw['stops'] : raw;
      if (!isList(stops)) throw new Error('a gradient without a list of stops');
      const angle = isRecord(raw) ? raw['angle'] : (extension['angle'] ?? 180);
      const stopText = (stop: unknown): string => {
        const fields = compositeFields(stop);
        return `${sourceColor(fields['color'])} ${numberText(fields['position'])}`;
      };
      return `${String(angle)}deg ${stops.map(stopText).join(', ')}`;
    }
  }
}

/**
 * The fields of a composite value (or a gradient stop). One that is no object throws, so it is unreadable in the source:
 * it has none of the parts each case needs (a typography's size, a border's width, a transition's duration, a stop's color).
 */
function compositeFields(raw: unknown): Record<string, unknown> {
  if (!isRecord(raw)) throw new Error('a composite value that is not an object');
  return raw;
}

/** One of our typed values in the same canonical text. */
function canonicalOurs(value: TypedValue): string {
  switch (value.kind) {
    case 'color':
      return colorText(value.color);
    case 'dimension':
      return length(value);
    case 'number':
      return formatCssNumber(value.value);
    case 'duration':
      return `${formatCssNumber(value.value)}ms`;
    case 'fontFamily':
      return value.families.join(',');
    case 'cubicBezier':
      return value.points.join(',');
    case 'boolean':
      return String(value.value);
    case 'strokeStyle':
      return value.style;
    case 'keyword':
      return value.keyword;
    case 'keywords':
      return value.text;
    case 'lengths':
      return value.values.map(canonicalOurs).join(' ');
    case 'shadow':
      return (value.layers ?? []).map(ourLayer).join(' | ');
    case 'typography': {
      const omitted = (name: OptionalTypographyPart, text: string): string => (value.omitted?.includes(name) ? OMITTED : text);
      return [
        omitted('fontFamily', value.fontFamily.families.join(',')),
        length(value.fontSize),
        omitted('fontWeight', formatCssNumber(value.fontWeight.value)),
        omitted('lineHeight', canonicalOurs(value.lineHeight)),
        length(value.letterSpacing),
      ].join(' / ');
    }
    case 'border':
      return [length(value.width), value.style.style, colorText(value.color.color)].join(' ');
    case 'transition':
      return [value.duration.value, value.delay.value, value.timingFunction.points.join(',')].join(' ');
    case 'gradient':
      return `${value.angle}deg ${value.stops.map((stop) => `${colorText(stop.color)} ${formatCssNumber(stop.position)}`).join(', ')}`;
  }
}
