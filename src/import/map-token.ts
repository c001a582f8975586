import { itemAt } from '../compile/checked-access.js';
import { parseColor } from '../compile/values/parse-color.js';
import { parseCssShadow } from '../compile/values/parse-css-shadow.js';
import { readCssKeywords } from '../compile/values/css-keywords.js';
import { parseFontWeight, referenceOf } from '../compile/values/parse-values.js';
import { PART_TYPES } from '../compile/resolve/resolve-composite.js';
import { keywordOf } from '../compile/fields/value-rules.js';
import { NONE_TYPES } from '../compile/fields/read-token-draft.js';
import type { OptionalTypographyPart, Rgba, TokenType, WrittenValue } from '../compile/types.js';
import { formatCssNumber, formatHex } from '../views/shared/css-values.js';
import { srgbText } from './css-color.js';
import { OUR_EXTENSION } from './read-dtcg.js';
import { keywordsTaken, lengthListOf, unitsTaken } from './css-lengths.js';
import { fluidOfClamp, isClampText } from './css-fluid.js';
import { isWrittenValue } from '../compile/narrow-unknown.js';
import { isAlphaOver, isList, isRecord } from './source-token.js';
import type { AlphaOver, ImportIssue, SourceToken } from './source-token.js';

/** A token as our YAML writes it: its key, its fields (`type` first), per mode the fields that differ. */
export interface ImportedToken {
  readonly key: string;
  readonly type: TokenType;
  readonly fields: Readonly<Record<string, WrittenValue>>;
  readonly modes: Readonly<Record<string, Readonly<Record<string, WrittenValue>>>> | undefined;
  readonly source: SourceToken;
}

/** A value that could not be mapped, and why. */
class Unmappable extends Error {}

/** Our types each DTCG type may become, the default first; a key that starts with one of the others picks it. */
const TYPES_OF: Readonly<Record<string, readonly TokenType[]>> = {
  color: ['color'],
  dimension: ['dimension', 'spacing', 'radius', 'font.size', 'font.letterSpacing', 'font.lineHeight'],
  number: ['opacity', 'z-index', 'font.lineHeight', 'font.letterSpacing', 'font.weight'],
  fontWeight: ['font.weight'],
  fontFamily: ['font.family'],
  duration: ['duration'],
  cubicBezier: ['easing'],
  shadow: ['shadow'],
  typography: ['typography'],
  border: ['border'],
  transition: ['transition'],
  gradient: ['gradient'],
  strokeStyle: ['strokeStyle'],
  boolean: ['boolean'],
  keyword: ['keyword'],
  // The type names of our own default export for the types DTCG has no name for.
  'font.lineHeight': ['font.lineHeight'],
};

/** Our type for a source token: the one its key starts with among those its DTCG type may become, else the default. */
export function ourTypeOf(token: SourceToken): TokenType | undefined {
  if (token.ourType !== undefined) return token.ourType;
  const candidates = token.type === undefined ? undefined : TYPES_OF[token.type];
  if (candidates === undefined) return undefined;
  const named = candidates.find((type) => token.key === type || token.key.startsWith(`${type}.`));
  if (named !== undefined) return named;
  if (token.type === 'dimension') {
    const byValue = lengthTypeByValue(token);
    if (byValue !== undefined) return byValue;
  }
  // A unitless number is an opacity, a z-index, a line height or a font weight only by its name; a 0 named as a length is 0px.
  return token.type === 'number' ? numberTypeByName(token) : candidates[0];
}

/** A dimension that only a spacing holds (a shorthand like `0 auto`), or `normal` named as a letter spacing or line height. */
function lengthTypeByValue(token: SourceToken): TokenType | undefined {
  const values = [token.value, ...Object.values(token.modes)];
  if (values.some((value) => lengthListOf(value) !== undefined)) return 'spacing';
  if (!values.includes('normal')) return undefined;
  const segments = token.key.split('.').map((segment) => segment.toLowerCase().replace(/[-_]/g, ''));
  const named = (name: RegExp): boolean => segments.some((segment) => name.test(segment));
  return named(/^letterspacings?$/) ? 'font.letterSpacing' : named(/^lineheights?$/) ? 'font.lineHeight' : undefined;
}

/** Segment names (lowercase, without `-` and `_`) that say what a unitless number is. */
const NUMBER_NAMES: readonly [RegExp, TokenType][] = [
  [/^(opacity|alpha)$/, 'opacity'],
  [/^(zindex|z|elevation|layer)$/, 'z-index'],
  [/^lineheights?$/, 'font.lineHeight'],
  [/^fontweights?$/, 'font.weight'],
];
const LENGTH_NAME = /margin|padding|gap|width|height|size|radius|inset|offset|space|spacing|indent|blur|spread|dimension/;

function numberTypeByName(token: SourceToken): TokenType | undefined {
  const segments = token.key.split('.').map((segment) => segment.toLowerCase().replace(/[-_]/g, ''));
  // A segment's first word names it too (Codex's `opacity-icon.base`, `opacityDisabled`).
  const firstWords = token.key.split('.').map(
    (segment) =>
      segment
        .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
        .split(/[-_]/)[0]
        ?.toLowerCase() ?? '',
  );
  for (const [index, segment] of [...segments.entries()].reverse()) {
    const found = NUMBER_NAMES.find(([name]) => name.test(segment) || name.test(firstWords[index] ?? ''));
    if (found !== undefined) return found[1];
  }
  // The words in a row name it too (`font.weight.bold`, `font.lineHeight` written `line.height`), as for typing by value.
  const joined = segments.join('');
  if (/fontweight/.test(joined)) return 'font.weight';
  if (/lineheight/.test(joined)) return 'font.lineHeight';
  const isZero = Number(token.value) === 0 && Object.values(token.modes).every((value) => Number(value) === 0);
  // A zero is the same length in every unit: any segment naming a length says it (`spacing.0`, `border-radius.sharp`).
  return isZero && segments.some((segment) => LENGTH_NAME.test(segment)) ? 'dimension' : undefined;
}

/** Color spaces that are sRGB written otherwise: their `hex` is the same color (to the byte our colors hold). */
const SRGB_SPACES = new Set(['srgb', 'hsl', 'hwb']);
/** CSS color text that is sRGB: `hsl()`, `hwb()`, a named color. */
const SRGB_TEXT = /^(?:hsla?\(|hwb\(|[a-z]+$)/i;

/** The sRGB hex of a DTCG color (2025.10 object, or any CSS color string we read), `#RRGGBBAA` when translucent. */
export function hexOf(raw: unknown): string {
  if (typeof raw === 'string') {
    const color = parseColor(raw) ?? parseColor(srgbText(raw) ?? '');
    if (color === undefined) throw new Unmappable(`\`${raw}\` is not a color we read`);
    return colorLiteral(color);
  }
  const components = isRecord(raw) ? raw['components'] : undefined;
  if (!isRecord(raw) || !isList(components)) throw new Unmappable('a color without `components`');
  if (raw['colorSpace'] !== 'srgb') {
    const hex = typeof raw['hex'] === 'string' ? parseColor(raw['hex']) : undefined;
    if (hex !== undefined) return colorLiteral(typeof raw['alpha'] === 'number' ? { ...hex, alpha: raw['alpha'] } : hex);
    throw new Unmappable(`color space \`${String(raw['colorSpace'])}\` (only sRGB, or a \`hex\` beside it)`);
  }
  const [red, green, blue] = components.map((component) => {
    if (typeof component !== 'number') throw new Unmappable('a color component `none`');
    return Math.round(component * 255);
  });
  if (red === undefined || green === undefined || blue === undefined) throw new Unmappable('an sRGB color without its three `components`');
  return colorLiteral({ red, green, blue, alpha: typeof raw['alpha'] === 'number' ? raw['alpha'] : 1 });
}

/**
 * A color as our YAML writes it: `#RRGGBB[AA]` when its alpha is a whole byte (also when written to 4 decimals, as
 * DTCG exports do: 0.149 is the byte 0x26), else `rgba()` with the alpha as written (0.1 would change in hex).
 */
export function colorLiteral(color: Rgba): string {
  const byte = Math.round(color.alpha * 255);
  if (byte === color.alpha * 255 || Math.round((byte / 255) * 10000) / 10000 === color.alpha)
    return formatHex({ ...color, alpha: byte / 255 });
  return `rgba(${color.red}, ${color.green}, ${color.blue}, ${formatCssNumber(color.alpha)})`;
}

/**
 * A color literal with its alpha replaced by `alpha` (Primer's `alpha` beside `$value`, Style Dictionary's
 * `{ color, alpha }`, Tokens Studio's `rgba({x}, a)`), as `rgba()` text; a value that is no color as it is.
 */
export function withAlphaOver(raw: unknown, alpha: number): unknown {
  try {
    const color = parseColor(hexOf(raw));
    if (color === undefined) return raw;
    return `rgba(${color.red}, ${color.green}, ${color.blue}, ${formatCssNumber(alpha)})`;
  } catch {
    return raw;
  }
}

/**
 * A font weight: a number (or number text), or a name of DTCG 2025.10's table in any case and separator (`bold`,
 * `SemiBold`, `extra bold`, `ultra_light`: `semi-bold`, `extra-bold`, `ultra-light`); undefined for anything else.
 */
export function fontWeightOfName(raw: unknown): number | undefined {
  if (typeof raw === 'number' || isNumberText(raw)) return parseFontWeight(Number(raw));
  if (typeof raw !== 'string') return undefined;
  const name = raw
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/^(extra|ultra|semi|demi)(?=[a-z])/, '$1-');
  return parseFontWeight(name);
}

/** A DTCG dimension (`{ value, unit }` or text like `16px`) as a number and unit. */
export function lengthOf(raw: unknown): { value: number; unit: string } {
  if (isRecord(raw) && typeof raw['value'] === 'number' && typeof raw['unit'] === 'string' && Object.keys(raw).length === 2) {
    return { value: raw['value'], unit: raw['unit'] };
  }
  if (raw === 0 || raw === '0') return { value: 0, unit: 'px' };
  const match = typeof raw === 'string' ? /^(-?(?:\d+\.?\d*|\.\d+))([a-z%]+)$/.exec(raw.trim()) : null;
  if (match === null) throw new Unmappable(`\`${JSON.stringify(raw)}\` is not a length`);
  return { value: Number(match[1]), unit: itemAt(match, 2) };
}

const lengthText = (raw: unknown): string => {
  const { value, unit } = lengthOf(raw);
  return `${formatCssNumber(value)}${unit}`;
};

/** A DTCG duration (`{ value, unit }` in ms or s, or text) in milliseconds. */
export function millisecondsOf(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  const { value, unit } = lengthOf(raw);
  if (unit === 'ms') return value;
  if (unit === 's') return Math.round(value * 1000 * 1e6) / 1e6;
  throw new Unmappable(`a duration in \`${unit}\``);
}

const COMPOSITE_TEXT = 'a composite written as CSS text (the string-valued export): import the structured one, `?spec=2025.10`';
const isNumberText = (raw: unknown): raw is string => typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw));
const numberOf = (raw: unknown): number => {
  if (typeof raw === 'number' || isNumberText(raw)) return Number(raw);
  throw new Unmappable(`\`${JSON.stringify(raw)}\` is not a number`);
};

const fontFamilyText = (raw: unknown): string => {
  // A string is a CSS font list already (the older DTCG values, our string-valued export).
  if (typeof raw === 'string') return raw;
  const names = Array.isArray(raw) ? raw : [raw];
  if (!names.every((name) => typeof name === 'string')) throw new Unmappable('a font family that is not text');
  return names.map((name) => (/^[A-Za-z-]+$/.test(name) ? name : `'${name.replace(/'/g, '')}'`)).join(', ');
};

/** The state of one mapper, shared by its steps: what it was given, and the token and mode being mapped. */
interface Mapping {
  readonly resolve: (key: string, mode: string) => unknown;
  readonly typeOfKey: (key: string) => TokenType | undefined;
  readonly renamed: (key: string) => string;
  readonly allModes: readonly string[];
  issues: ImportIssue[];
  source: string;
  /** The mode whose value is being mapped: an alias written as its value is followed in that mode. */
  mode: string;
}

/** Writes a literal of a part (given the mapping, for a writer that may report a loss). */
type PartWriter = (value: unknown, mapping: Mapping) => WrittenValue;

/**
 * Maps source tokens to ours. `resolve` follows an alias to the literal raw value at its end, `typeOfKey` gives the type
 * a key is imported as (undefined when it is not imported): a reference stays a reference when its target is imported
 * with a type the place takes, and is written as its value otherwise (lossy, reported). `allModes` are the modes
 * besides `light` the import has.
 */
export function createTokenMapper(
  resolve: (key: string, mode: string) => unknown,
  typeOfKey: (key: string) => TokenType | undefined,
  renamed: (key: string) => string,
  allModes: readonly string[],
) {
  const mapping: Mapping = { resolve, typeOfKey, renamed, allModes, issues: [], source: '', mode: 'light' };
  return {
    /** Our token for `token` (imported as `type`), and what could not be carried exactly. */
    map: (token: SourceToken, type: TokenType): { token: ImportedToken | undefined; issues: ImportIssue[] } =>
      mapToken(mapping, token, type),
  };
}

function mapToken(mapping: Mapping, token: SourceToken, type: TokenType): { token: ImportedToken | undefined; issues: ImportIssue[] } {
  mapping.issues = [];
  mapping.source = token.source;
  mapping.mode = 'light';
  const extension = isRecord(token.extensions?.[OUR_EXTENSION]) ? token.extensions[OUR_EXTENSION] : undefined;
  try {
    const value = fieldsOf(mapping, type, token.value, extension);
    const fields: Record<string, WrittenValue> = { type, ...value };
    if (token.description !== undefined) fields['description'] = token.description;
    if (token.deprecated !== undefined) fields['deprecated'] = token.deprecated;
    const modes = modeFields(mapping, token, type, extension, value);
    const unique = [...new Map(mapping.issues.map((issue) => [issue.reason, issue])).values()];
    return { token: { key: mapping.renamed(token.key), type, fields, modes, source: token }, issues: unique };
  } catch (error) {
    if (!(error instanceof Unmappable)) throw error;
    return { token: undefined, issues: [...mapping.issues, { source: mapping.source, level: 'skipped', reason: error.message }] };
  }
}

/**
 * The token's fields in each other mode where it writes a value of its own, or where a reference written as its
 * value (a lossy one, an `alpha` beside it) leads to another value than in `light`.
 */
function modeFields(
  mapping: Mapping,
  token: SourceToken,
  type: TokenType,
  extension: Record<string, unknown> | undefined,
  base: Record<string, WrittenValue>,
): Record<string, Record<string, WrittenValue>> | undefined {
  const written: [string, Record<string, WrittenValue>][] = [];
  const baseText = JSON.stringify(base);
  for (const name of mapping.allModes) {
    mapping.mode = name;
    const own = name in token.modes;
    const fields = fieldsOf(mapping, type, own ? token.modes[name] : token.value, extension);
    if (own || JSON.stringify(fields) !== baseText) written.push([name, fields]);
  }
  mapping.mode = 'light';
  return written.length === 0 ? undefined : Object.fromEntries(written);
}

const lossy = (mapping: Mapping, reason: string): void => void mapping.issues.push({ source: mapping.source, level: 'lossy', reason });

/** A whole value or part that is an alias: the reference to keep, or undefined to write its value. */
function keptReference(mapping: Mapping, raw: unknown, types: readonly TokenType[]): string | undefined {
  const target = referenceOf(raw);
  if (target === undefined) return undefined;
  const type = mapping.typeOfKey(target);
  if (type !== undefined && types.includes(type)) return mapping.renamed(target);
  lossy(
    mapping,
    `\`${target}\` is ${type === undefined ? 'not imported' : `a ${type} token here`}: its value is written instead of the reference`,
  );
  return undefined;
}

/** A color's hex; a color in another space than sRGB is written as the `hex` beside it, which is reported. */
function colorHex(raw: unknown, mapping: Mapping): string {
  if (typeof raw === 'string' && parseColor(raw) === undefined && !SRGB_TEXT.test(raw.trim())) {
    lossy(mapping, `\`${raw}\` is written as its nearest sRGB color`);
  }
  if (isRecord(raw) && !SRGB_SPACES.has(String(raw['colorSpace'])) && typeof raw['hex'] === 'string') {
    lossy(mapping, `color space \`${String(raw['colorSpace'])}\` is written as its sRGB \`hex\``);
  }
  return hexOf(raw);
}

function literal(mapping: Mapping, raw: unknown): unknown {
  if (isAlphaOver(raw)) return withAlphaOver(literal(mapping, raw.alphaOver), raw.alpha);
  const target = referenceOf(raw);
  return target === undefined ? raw : mapping.resolve(target, mapping.mode);
}

/** A part of a composite: `"{key}"` when it stays a reference, else its literal through `write`. */
function part(mapping: Mapping, raw: unknown, name: keyof typeof PART_TYPES, write: PartWriter): WrittenValue {
  const kept = keptReference(mapping, raw, PART_TYPES[name]);
  if (kept !== undefined) return `{${kept}}`;
  const value = literal(mapping, raw);
  const target = referenceOf(raw);
  if (target !== undefined && value === undefined)
    throw new Unmappable(`its ${name} \`{${target}}\` is left out or names no token: its value is not known`);
  return write(value, mapping);
}

function lengthFields(mapping: Mapping, type: TokenType, written: unknown): Record<string, WrittenValue> {
  const raw = withListReferencesResolved(mapping, written);
  if (isClampText(raw)) {
    const fluid = fluidOfClamp(raw);
    if ('reason' in fluid) throw new Unmappable(`\`${raw.trim()}\` is not a fluid length we read: ${fluid.reason}`);
    return { value: { ...fluid } };
  }
  // A keyword the type takes (`auto`, `none`, `normal`) and a spacing's shorthand are values of their own (no unit).
  if (typeof raw === 'string' && /^[a-z]+(?:-[a-z]+)*$/.test(raw.trim())) {
    if (keywordOf(type, raw.trim()) === undefined)
      throw new Unmappable(`the keyword \`${raw.trim()}\` on a ${type} (${type} takes ${keywordsTaken(type)})`);
    return { value: raw.trim() };
  }
  const list = lengthListOf(raw);
  if (list !== undefined) {
    if (type !== 'spacing') throw new Unmappable(`a list of lengths \`${String(raw).trim()}\` on a ${type} (only a spacing holds one)`);
    for (const item of list) {
      const unit = typeof item === 'string' && item !== 'auto' ? lengthOf(item).unit : undefined;
      if (unit !== undefined && !unitsTaken(type).includes(unit))
        throw new Unmappable(`a ${type} in \`${unit}\` (${type} takes ${unitsTaken(type).join(', ')})`);
    }
    return { value: list };
  }
  const { value, unit } = lengthOf(raw);
  const allowed = unitsTaken(type);
  if (!allowed.includes(unit)) throw new Unmappable(`a ${type} in \`${unit}\` (${type} takes ${allowed.join(', ')})`);
  return { value, unit };
}

/**
 * A list of lengths with references among them (`{size.100} {size.200}`, a padding's shorthand) with each reference
 * written as its value in this mode (with loss: a list takes no reference); any other value as it is.
 */
function withListReferencesResolved(mapping: Mapping, raw: unknown): unknown {
  if (typeof raw !== 'string' || !raw.includes('{') || referenceOf(raw) !== undefined) return raw;
  const replaced = raw.replace(/\{([^{}]+)\}/g, (whole, key: string) => {
    const value = mapping.resolve(key, mapping.mode);
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
  if (replaced === raw || lengthListOf(replaced) === undefined) return raw;
  lossy(mapping, `references inside \`${raw}\` are written as their values (a list of lengths takes no reference)`);
  return replaced;
}

/**
 * A layer's color with an `alpha` beside it (Primer's `alpha`, Gestalt's `opacity`, Style Dictionary's
 * `{ color, alpha }`): a reference to a color token that is opaque in this mode stays one, the alpha as the layer's
 * `opacity` (which multiplies the color's alpha); otherwise the color it names with that alpha (a reference lost).
 */
function layerColorWithAlpha(mapping: Mapping, raw: unknown, alpha: number): Record<string, WrittenValue> {
  const target = referenceOf(raw);
  const color = parseColor(colorHex(literal(mapping, raw), mapping));
  // colorHex writes a color literal, which parseColor reads.
  if (color === undefined) throw new Unmappable(`a shadow color \`${String(raw)}\` that is no color we read`);
  if (target !== undefined && mapping.typeOfKey(target) === 'color' && color.alpha === 1)
    return { color: `{${mapping.renamed(target)}}`, opacity: alpha };
  if (target !== undefined) lossy(mapping, `a shadow color \`${String(raw)}\` with \`alpha\` beside it is written as its color`);
  return { color: colorLiteral({ ...color, alpha }) };
}

/**
 * A shadow layer object: DTCG's `offsetX`/`offsetY`/`blur`/`spread`, Style Dictionary's and Tokens Studio's
 * `x`/`y`/`blur`/`spread` (`type: innerShadow` is inset) and `offsetX`/`offsetY`/`blurRadius`/`spreadRadius`
 * (Gestalt, with an `opacity` beside the color: its alpha); a unitless number is px, as their builds write it.
 */
function shadowLayer(mapping: Mapping, raw: unknown): WrittenValue {
  if (!isRecord(raw)) throw new Unmappable('a shadow layer that is not an object');
  const length = (names: readonly string[], fallback?: string): string => {
    const name = names.find((each) => raw[each] !== undefined);
    const value = name === undefined ? fallback : literal(mapping, raw[name]);
    if (value === undefined) throw new Unmappable(`a shadow layer without \`${names.join('` or `')}\``);
    return lengthText(typeof value === 'number' || isNumberText(value) ? `${Number(value)}px` : value);
  };
  const written = raw['color'];
  const alpha = isAlphaOver(written)
    ? written.alpha
    : typeof raw['alpha'] === 'number'
      ? raw['alpha']
      : typeof raw['opacity'] === 'number'
        ? raw['opacity']
        : undefined;
  const color = isAlphaOver(written) ? written.alphaOver : written;
  const layer: Record<string, WrittenValue> = {
    x: length(['offsetX', 'x']),
    y: length(['offsetY', 'y']),
    blur: length(['blur', 'blurRadius'], '0px'),
    spread: length(['spread', 'spreadRadius'], '0px'),
    ...(alpha !== undefined ? layerColorWithAlpha(mapping, color, alpha) : { color: part(mapping, color, 'color', colorHex) }),
  };
  if (raw['inset'] === true || raw['type'] === 'innerShadow') layer['inset'] = true;
  return layer;
}

/** The fields of a value of `type` (not a whole alias). */
function valueFields(
  mapping: Mapping,
  type: TokenType,
  raw: unknown,
  extension: Record<string, unknown> | undefined,
): Record<string, WrittenValue> {
  switch (type) {
    case 'color':
      return { color: colorHex(raw, mapping) };
    case 'spacing':
    case 'radius':
    case 'font.size':
    case 'dimension':
      return lengthFields(mapping, type, raw);
    case 'font.letterSpacing':
      // Our strict export writes an `em` letter spacing as a number with its unit in the extension.
      return typeof raw === 'number'
        ? { value: raw, unit: typeof extension?.['unit'] === 'string' ? extension['unit'] : 'em' }
        : lengthFields(mapping, type, raw);
    case 'font.lineHeight':
      return typeof raw === 'number' || isNumberText(raw) ? { value: numberOf(raw) } : lengthFields(mapping, type, raw);
    case 'font.weight': {
      const weight = fontWeightOfName(raw);
      if (weight === undefined) throw new Unmappable(`font weight \`${JSON.stringify(raw)}\``);
      return { value: weight };
    }
    case 'font.family':
      return { value: fontFamilyText(raw) };
    case 'opacity':
    case 'z-index':
      return { value: numberOf(raw) };
    case 'boolean':
      // The string-valued export writes booleans as text.
      return { value: raw === true || raw === 'true' };
    case 'duration':
      return { value: millisecondsOf(raw) };
    case 'easing':
      return { value: easingValue(raw) };
    case 'strokeStyle':
      if (typeof raw !== 'string') throw new Unmappable('a stroke style with a dash array (only the keywords)');
      return { value: raw };
    case 'keyword': {
      const read = typeof raw === 'string' ? readCssKeywords(raw) : undefined;
      if (read === undefined || !('text' in read)) throw new Unmappable(`CSS keywords \`${JSON.stringify(raw)}\``);
      return { value: read.text };
    }
    case 'shadow':
      return shadowFields(mapping, raw);
    case 'typography':
      return typographyFields(mapping, raw, extension);
    case 'border':
      return borderFields(mapping, raw);
    case 'transition':
      return transitionFields(mapping, raw);
    case 'gradient':
      return gradientFields(mapping, raw, extension);
  }
}

/** A cubic Bézier's four numbers as written, or an easing keyword's text. */
const easingValue = (raw: unknown): WrittenValue => (isList(raw) && raw.every(isWrittenValue) ? raw : String(raw));

function shadowFields(mapping: Mapping, raw: unknown): Record<string, WrittenValue> {
  if (typeof raw !== 'string') return { layers: (Array.isArray(raw) ? raw : [raw]).map((layer) => shadowLayer(mapping, layer)) };
  // The string-valued export writes shadows as CSS.
  const layers = parseCssShadow(raw);
  if (layers === undefined) throw new Unmappable(`a shadow \`${raw}\` that is not \`<lengths> <color>\` layers`);
  return {
    layers: layers.map((layer) => ({
      x: lengthText(layer.offsetX),
      y: lengthText(layer.offsetY),
      blur: lengthText(layer.blur),
      spread: lengthText(layer.spread),
      color: colorLiteral(layer.color),
      ...(layer.inset ? { inset: true } : {}),
    })),
  };
}

function typographyFields(mapping: Mapping, raw: unknown, extension: Record<string, unknown> | undefined): Record<string, WrittenValue> {
  if (!isRecord(raw)) throw new Unmappable(COMPOSITE_TEXT);
  // A family, weight or line height the source leaves out (or our strict export notes as `omitted`) stays out.
  const omitted: readonly unknown[] = Array.isArray(extension?.['omitted']) ? extension['omitted'] : [];
  const optional = (name: OptionalTypographyPart, write: PartWriter) =>
    raw[name] === undefined || omitted.includes(name) ? {} : { [name]: part(mapping, raw[name], name, write) };
  return {
    ...optional('fontFamily', fontFamilyText),
    fontSize: part(mapping, raw['fontSize'], 'fontSize', lengthText),
    ...optional('fontWeight', (value) => fontWeightOfName(value) ?? 400),
    ...optional('lineHeight', (value) => (typeof value === 'number' ? value : lengthText(value))),
    letterSpacing: part(mapping, raw['letterSpacing'] ?? '0px', 'letterSpacing', lengthText),
  };
}

function borderFields(mapping: Mapping, raw: unknown): Record<string, WrittenValue> {
  if (!isRecord(raw)) throw new Unmappable(COMPOSITE_TEXT);
  return {
    width: part(mapping, raw['width'], 'width', lengthText),
    style: part(mapping, raw['style'], 'style', (value) => {
      if (typeof value !== 'string') throw new Unmappable('a border style with a dash array');
      return value;
    }),
    color: part(mapping, raw['color'], 'color', colorHex),
  };
}

const millisecondsText = (value: unknown): string => `${formatCssNumber(millisecondsOf(value))}ms`;

function transitionFields(mapping: Mapping, raw: unknown): Record<string, WrittenValue> {
  if (!isRecord(raw)) throw new Unmappable(COMPOSITE_TEXT);
  return {
    duration: part(mapping, raw['duration'], 'duration', millisecondsText),
    delay: part(mapping, raw['delay'] ?? 0, 'delay', millisecondsText),
    timingFunction: part(mapping, raw['timingFunction'], 'timingFunction', easingValue),
  };
}

function gradientFields(mapping: Mapping, raw: unknown, extension: Record<string, unknown> | undefined): Record<string, WrittenValue> {
  // A CSS `linear-gradient()` is read as `{ stops, angle }` (css-composites.ts); DTCG's value is the stops alone.
  const written = isRecord(raw) && Array.isArray(raw['stops']) ? raw['stops'] : raw;
  if (!Array.isArray(written)) throw new Unmappable(COMPOSITE_TEXT);
  const stops = written.map((stop: unknown) => {
    if (!isRecord(stop)) throw new Unmappable('a gradient stop that is not an object');
    const position = literal(mapping, stop['position']);
    // A position that names no token is written as the text `undefined`, which the compiler then refuses.
    return {
      color: part(mapping, stop['color'], 'color', colorHex),
      position: isWrittenValue(position) ? position : String(JSON.stringify(position)),
    };
  });
  const angle = isRecord(raw) && typeof raw['angle'] === 'number' ? raw['angle'] : extension?.['angle'];
  return typeof angle === 'number' ? { stops, angle } : { stops };
}

/**
 * A color with an `alpha` beside it: `{ ref, alpha }` when it names a token imported as a color (our `alpha` replaces
 * the referenced color's, as the source's does), else the color it names with that alpha (a reference is then lost).
 */
function alphaOverFields(mapping: Mapping, type: TokenType, raw: AlphaOver): Record<string, WrittenValue> {
  const target = referenceOf(raw.alphaOver);
  if (type === 'color' && target !== undefined) {
    const targetType = mapping.typeOfKey(target);
    if (targetType === 'color') return { ref: mapping.renamed(target), alpha: raw.alpha };
    lossy(
      mapping,
      `a reference with \`alpha\` beside it: \`${target}\` is ${targetType === undefined ? 'not imported' : `a ${targetType} token here`}, so the color it names is written with that alpha`,
    );
  }
  return valueFields(mapping, type, literal(mapping, raw), undefined);
}

/** The fields of a value of a token of `type`: `{ ref }` when it is an alias kept as one, else its fields. */
function fieldsOf(
  mapping: Mapping,
  type: TokenType,
  raw: unknown,
  extension: Record<string, unknown> | undefined,
): Record<string, WrittenValue> {
  // `none` written as such, or noted by our strict export for this mode (it writes what renders the same).
  const none = extension?.['none'];
  const noted = Array.isArray(none) && none.includes(mapping.mode);
  if (NONE_TYPES.includes(type) && (raw === 'none' || noted)) return { value: 'none' };
  if (isAlphaOver(raw)) return alphaOverFields(mapping, type, raw);
  const kept = keptReference(mapping, raw, [type]);
  if (kept !== undefined) return { ref: kept };
  const value = literal(mapping, raw);
  const target = referenceOf(raw);
  if (target !== undefined && value === undefined)
    throw new Unmappable(`\`{${target}}\` is left out or names no token: its value is not known`);
  // A number the import could not type means nothing yet: as a line height it would become a multiplier (a Figma
  // float of 18 meant 18px, and would draw 216px on 12px text), so the token is left out rather than reused so.
  if (
    type === 'font.lineHeight' &&
    target !== undefined &&
    mapping.typeOfKey(target) === undefined &&
    (typeof value === 'number' || isNumberText(value))
  )
    throw new Unmappable(
      `its value comes from \`${target}\`, a number without a type (left out): as a line height it would be a multiplier, which it may not mean`,
    );
  return valueFields(mapping, type, value, extension);
}
