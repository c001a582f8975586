import { isGenericFamily } from '../compile/values/generic-families.js';
import { parseColor } from '../compile/values/parse-color.js';
import { referenceOf, STROKE_STYLES } from '../compile/values/parse-values.js';
import { CSS_WIDE_KEYWORDS, isCssKeywords } from '../compile/values/css-keywords.js';
import { TOKEN_TYPES } from '../compile/types.js';
import type { TokenType } from '../compile/types.js';
import { srgbText } from './css-color.js';
import { cssCompositeTypeOf } from './css-composites.js';
import { isClampText } from './css-fluid.js';
import { isLengthListWithReferences, KEYWORDS_OF_LENGTHS, lengthListOf } from './css-lengths.js';
import { isAlphaOver, isRecord } from './source-token.js';
import type { SourceToken } from './source-token.js';
import { DTCG_TYPES } from '../views/formats/dtcg/export-dtcg-json.js';

/** `--type <source type>=<ours>`: a source's own type name read as one of our types, or typed from its values (`auto`). */
export type TypeChoice = TokenType | 'auto';
export type TypeChoices = Readonly<Record<string, TypeChoice>>;

/** Every choice `--type` takes: our types and `auto`. */
export const TYPE_CHOICES: readonly TypeChoice[] = [...TOKEN_TYPES, 'auto'];

/** The DTCG types (and our own exports' names) the mapping reads: any other `type` is typed from its value. */
const KNOWN_TYPES: ReadonlySet<string> = new Set([
  'color',
  'dimension',
  'number',
  'fontWeight',
  'fontFamily',
  'duration',
  'cubicBezier',
  'shadow',
  'typography',
  'border',
  'transition',
  'gradient',
  'strokeStyle',
  'boolean',
  'keyword',
  'font.lineHeight',
]);

/** Types whose tokens hold content, not a style value: left out as they are, never typed from their value. */
const CONTENT_TYPES: ReadonlySet<string> = new Set(['asset', 'content', 'file', 'text', 'string', 'html', 'url', 'image', 'icon']);

/** Type names other tools write for a DTCG type (older drafts, Terrazzo, Tokens Studio's W3C option). */
const RENAMED_TYPES: Readonly<Record<string, string>> = { 'cubic-bezier': 'cubicBezier', font: 'fontFamily' };

const LENGTH = /^-?(?:\d+\.?\d*|\.\d+)(?:px|rem|em|%|vw|vh|dvh|svh|lvh|ch|ex|pt)$/;
const DURATION = /^(?:\d+\.?\d*|\.\d+)(?:ms|s)$/;
const UNITLESS = /^-?(?:\d+\.?\d*|\.\d+)$/;
const CUBIC_BEZIER = /^cubic-bezier\(\s*([^,()]+),\s*([^,()]+),\s*([^,()]+),\s*([^,()]+)\)$/;
/** A key segment (lowercase, without `-` and `_`) that names a font family or weight. */
const FAMILY_NAME = /^fontfamil(?:y|ies)$/;
const WEIGHT_NAME = /^fontweights?$/;

/** A font stack: names (quoted or plain words) separated by commas, at least two, or one generic family. */
function isFontStack(text: string): boolean {
  const names = text.split(',').map((name) => name.trim());
  const isName = (name: string): boolean => /^(['"]).+\1$/.test(name) || /^-?[A-Za-z][A-Za-z0-9 -]*$/.test(name);
  if (!names.every(isName)) return false;
  // One name is a stack when it is a generic family.
  return names.length >= 2 || names.every(isGenericFamily);
}

/** Fields of a shadow layer as DTCG, Style Dictionary and Tokens Studio write them (`offsetX` or `x`, `blur` or `blurRadius`). */
const SHADOW_OFFSETS = [
  ['offsetX', 'x'],
  ['offsetY', 'y'],
];

/** A shadow layer object, or a list of them: each with both offsets (`offsetX`/`x` and `offsetY`/`y`). */
const isShadowLayers = (value: unknown): boolean =>
  (Array.isArray(value) ? value : [value]).every(
    (layer) =>
      typeof layer === 'object' &&
      layer !== null &&
      !Array.isArray(layer) &&
      SHADOW_OFFSETS.every((names) => names.some((name) => name in layer)),
  ) &&
  (!Array.isArray(value) || value.length > 0);

/** The unit of a DTCG 2025.10 dimension or duration object (`{ value: 0.0625, unit: 'rem' }`), or undefined. */
function unitObjectOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const { value: amount, unit, ...rest } = value;
  return typeof amount === 'number' && typeof unit === 'string' && Object.keys(rest).length === 0 && /^[a-z%]+$/i.test(unit)
    ? unit
    : undefined;
}

/** The DTCG type a literal value is, or undefined when it says nothing; `key` decides a font family or weight by name. */
export function typeOfValue(value: unknown, key: string): string | undefined {
  const segments = key.split('.').map((segment) => segment.toLowerCase().replace(/[-_]/g, ''));
  // A segment named so, or the words of the key in a row (`font.weight.bold`, `code-font-family`).
  const named = (name: RegExp): boolean =>
    segments.some((segment) => name.test(segment)) || new RegExp(name.source.slice(1, -1)).test(segments.join(''));
  if (typeof value === 'number') return named(WEIGHT_NAME) ? 'fontWeight' : 'number';
  if (isAlphaOver(value)) return 'color';
  if (isShadowLayers(value)) return 'shadow';
  const unitObject = unitObjectOf(value);
  if (unitObject !== undefined) return unitObject === 'ms' || unitObject === 's' ? 'duration' : 'dimension';
  if (Array.isArray(value)) {
    if (value.length === 4 && value.every((item) => typeof item === 'number')) return 'cubicBezier';
    return value.length > 0 && value.every((item) => typeof item === 'string') ? 'fontFamily' : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  // One length, or a shorthand of 2 to 4 (`0 0 0 0.875rem`: a spacing, see `ourTypeOf`).
  // A `clamp()` is a fluid length (or, when not the linear form we hold, left out with why as a dimension).
  if (LENGTH.test(text) || lengthListOf(text) !== undefined || isClampText(text)) return 'dimension';
  if (DURATION.test(text)) return 'duration';
  if (UNITLESS.test(text)) return named(WEIGHT_NAME) ? 'fontWeight' : 'number';
  if (CUBIC_BEZIER.test(text) || EASING_KEYWORDS.has(text)) return 'cubicBezier';
  if (parseColor(text) !== undefined || (/^[a-z-]+\(|^[a-z]+$/i.test(text) && srgbText(text) !== undefined)) return 'color';
  // A CSS border, box shadow, transition or gradient (`readCssComposite` reads it as its parts afterwards).
  const composite = cssCompositeTypeOf(text);
  if (composite !== undefined) return composite;
  if (named(FAMILY_NAME) && text !== '') return 'fontFamily';
  if (named(WEIGHT_NAME) && /^[a-z][a-z _-]*$/i.test(text)) return 'fontWeight';
  if (STROKE_STYLE_NAMES.includes(text)) return 'strokeStyle';
  // A keyword a length type holds is a length where the key names one, else a `keyword` as any other CSS keyword.
  if (KEYWORDS_OF_LENGTHS.has(text)) return keywordTypeByName(segments) ?? 'keyword';
  if (isFontStack(text) && !isPropertyList(text)) return 'fontFamily';
  return isWrittenAsKeywords(text) ? 'keyword' : undefined;
}

/**
 * Whether text reads as CSS keywords rather than words of content or a font's name: CSS identifiers written in lower
 * case as CSS writes its keywords (`pointer`, `background-color, color`), or `currentColor`; `Hello` and `Inter` are not.
 */
const isWrittenAsKeywords = (text: string): boolean =>
  isCssKeywords(text) &&
  text.split(/[\s,]+/).every((word) => word === '' || /^-?[a-z_][a-z0-9_-]*$/.test(word) || word.toLowerCase() === 'currentcolor');

/**
 * CSS keywords separated by commas where none is a generic family: a list of properties (`background-color, color` of
 * a `transition-property`), not a font stack, whose last name is a generic family (a key that names a font family is a
 * font stack whatever it holds).
 */
const isPropertyList = (text: string): boolean =>
  isWrittenAsKeywords(text) && !text.split(',').some((name) => isGenericFamily(name.trim()));

const CSS_WIDE_NAMES: readonly string[] = CSS_WIDE_KEYWORDS;
const isCssWideKeyword = (value: unknown): boolean => typeof value === 'string' && CSS_WIDE_NAMES.includes(value.trim().toLowerCase());

/**
 * Whether a color's value is `currentColor`, the one keyword of a color property that is no color: such a token is
 * imported as a `keyword`, which CSS reads as written (a CSS-wide keyword likewise, for any type; any other word that
 * is no color is left out, as a typo would be).
 */
const isKeywordColor = (value: unknown): boolean => typeof value === 'string' && value.trim().toLowerCase() === 'currentcolor';

const STROKE_STYLE_NAMES: readonly string[] = STROKE_STYLES;

/** The CSS timing-function keywords, each one cubic-bezier (`ease` is `cubic-bezier(0.25, 0.1, 0.25, 1)`): an easing. */
const EASING_KEYWORDS: ReadonlySet<string> = new Set(['ease', 'linear', 'ease-in', 'ease-out', 'ease-in-out']);

/** Segments (lowercase, without `-` and `_`) that name a length: where `auto`, `none` or `fit-content` is one. */
const SIZE_NAME = /margin|padding|gap|width|height|size|inset|offset|space|spacing|indent|dimension/;

/**
 * The type of a CSS keyword a length type holds (`auto`, `none`, `normal`), by any segment of the key (Codex's
 * `max-width.base`, `size.content.fit`); undefined when none names a length.
 */
function keywordTypeByName(segments: readonly string[]): string | undefined {
  // A line height or letter spacing is named by any segment (Gestalt's `font.letterspacing.datepicker.date`).
  if (segments.some((segment) => /^lineheights?$/.test(segment))) return 'font.lineHeight';
  return segments.some((segment) => /^letterspacings?$/.test(segment) || SIZE_NAME.test(segment)) ? 'dimension' : undefined;
}

/** A value in the DTCG shape of `type` where text wrote it otherwise: `cubic-bezier()` as its numbers (CSS composites: `withCssComposites`). */
function inShapeOf(type: string, raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  if (type === 'cubicBezier') {
    const bezier = CUBIC_BEZIER.exec(raw.trim());
    return bezier === null ? raw : bezier.slice(1).map(Number);
  }
  return raw;
}

/** What the source called a type the import does not know: `type \`semantic\``, or `no \`type\``. */
const writtenAs = (token: SourceToken, field: string): string =>
  token.type === undefined ? `no \`${field}\`` : `type \`${token.type}\` is not a token type we know`;

/**
 * Tokens whose type is missing, not one we know (a category such as `semantic`), or chosen `auto` with `--type`, typed
 * from their values: a whole alias takes its target's type (DTCG 2025.10), through chains; a literal is a color, a
 * length, a duration, a number, a font stack, a cubic-bezier, or a CSS border, box shadow, transition or gradient. `--type <name>=<ours>` gives tokens of a
 * source type ours. Types other tools name otherwise (`cubic-bezier`, `font`, `percentage`) are read as DTCG's. A token
 * that cannot be typed keeps its type and is left out later, with {@link untypedReason}. Notes say what was done, per
 * source type.
 */
export function withTypesFromValues(
  tokens: readonly SourceToken[],
  choices: TypeChoices,
  field: '$type' | 'type',
): { tokens: SourceToken[]; notes: string[] } {
  const byKey = new Map(tokens.map((token) => [token.key, token]));
  const typed = new Map<string, { type: string; ourType?: TokenType | undefined } | null>();
  const counts = new Map<string, Map<string, number>>();
  const renamed = new Set<string>();
  const count = (group: string, type: string): void => {
    const byType = counts.get(group) ?? new Map<string, number>();
    byType.set(type, (byType.get(type) ?? 0) + 1);
    counts.set(group, byType);
  };

  /** A key's literal value, its alias chain followed (a list of lengths naming it is typed by it). */
  const literalOf = (key: string, depth = 0): unknown => {
    const value = byKey.get(key)?.value;
    const target = referenceOf(value);
    return target === undefined ? value : depth < 20 ? literalOf(target, depth + 1) : undefined;
  };

  /** The type `token` is read as, or null when it cannot be told. */
  const typeOf = (token: SourceToken, seen: Set<string>): { type: string; ourType?: TokenType | undefined } | null => {
    const known = typed.get(token.key);
    if (known !== undefined) return known;
    const choice = token.type === undefined ? undefined : choices[token.type];
    const renamedTo = token.type !== undefined && token.type in RENAMED_TYPES ? RENAMED_TYPES[token.type] : undefined;
    let result: { type: string; ourType?: TokenType | undefined } | null;
    if (choice !== undefined && choice !== 'auto') result = { type: DTCG_TYPES[choice], ourType: choice };
    else if (choice === undefined && token.type !== undefined && (KNOWN_TYPES.has(token.type) || token.ourType !== undefined))
      result = { type: token.type, ourType: token.ourType };
    else if (choice === undefined && token.type === 'float') {
      renamed.add('float');
      result = { type: 'float' };
    } else if (
      choice === undefined &&
      token.type === 'string' &&
      typeOfValue(token.value, token.key) === 'fontFamily' &&
      namesFontFamily(token.key)
    ) {
      renamed.add('string');
      result = { type: 'fontFamily' };
    } else if (choice === undefined && token.type !== undefined && CONTENT_TYPES.has(token.type)) result = null;
    else if (choice === undefined && token.type !== undefined && renamedTo !== undefined) {
      renamed.add(token.type);
      result = { type: renamedTo };
    } else if (choice === undefined && token.type === 'percentage') {
      renamed.add('percentage');
      result = { type: 'percentage' };
    } else {
      const target = referenceOf(token.value);
      const targetToken = target === undefined ? undefined : byKey.get(target);
      if (target !== undefined) {
        result = targetToken === undefined || seen.has(target) ? null : typeOf(targetToken, new Set([...seen, token.key]));
      } else if (isLengthListWithReferences(token.value, literalOf)) {
        result = { type: 'dimension', ourType: 'spacing' };
      } else {
        const type = typeOfValue(token.value, token.key);
        result = type === undefined ? null : { type };
      }
    }
    typed.set(token.key, result);
    return result;
  };

  /**
   * A token whose value, its aliases followed, is a CSS keyword its type cannot hold (a color's `currentColor`, any
   * type's `initial`) is a `keyword`, which CSS reads as written; not where `--type` chose its type.
   */
  const keywordColors = new Map<string, string>();
  const asKeyword = (token: SourceToken, found: { type: string; ourType?: TokenType | undefined } | null) => {
    if (found === null || found.type === 'keyword' || (token.type !== undefined && choices[token.type] !== undefined)) return found;
    const literal = literalOf(token.key);
    const color = found.type === 'color' && (found.ourType === undefined || found.ourType === 'color') && isKeywordColor(literal);
    if (!color && !isCssWideKeyword(literal)) return found;
    keywordColors.set(token.key, String(literal));
    return { type: 'keyword', ourType: 'keyword' as const };
  };

  const result = tokens.map((token) => {
    const found = asKeyword(token, typeOf(token, new Set([token.key])));
    if (found?.type === 'percentage') return percentageToken(token);
    if (found?.type === 'float') return figmaFloatToken(token);
    if (found === null || (found.type === token.type && found.ourType === token.ourType)) return token;
    const choice = token.type === undefined ? undefined : choices[token.type];
    const renamedType = token.type !== undefined && (token.type in RENAMED_TYPES || token.type === 'percentage' || renamed.has(token.type));
    // A color holding a keyword has its own note.
    if ((token.type === undefined || choice !== undefined || !renamedType) && !keywordColors.has(token.key)) {
      const group = choice !== undefined ? `\`--type ${token.type}=${choice}\`` : writtenAs(token, field);
      count(group, choice !== undefined && choice !== 'auto' ? '' : found.type);
    }
    const shaped = (raw: unknown): unknown => (referenceOf(raw) === undefined ? inShapeOf(found.type, raw) : raw);
    return {
      ...token,
      type: found.type,
      ourType: found.ourType,
      value: shaped(token.value),
      modes: Object.fromEntries(Object.entries(token.modes).map(([mode, raw]) => [mode, shaped(raw)])),
    };
  });

  const notes: string[] = [];
  if (renamed.size > 0) {
    const reads: Record<string, string> = {
      'cubic-bezier': '`cubic-bezier` is read as `cubicBezier`',
      font: '`font` as `fontFamily`',
      percentage: '`percentage` as a number (an opacity or line height by its name, `50%` is 0.5) or a length in `%`',
      float:
        '`float` (a Figma number variable) as a px length where its key names a size, spacing, radius, line height or letter spacing, else as a number',
      string: '`string` as a font family where its key names one',
    };
    notes.push(
      `type ${[...renamed]
        .sort()
        .map((name) => reads[name])
        .join(', ')}`,
    );
  }
  if (keywordColors.size > 0) {
    const written = [...new Set(keywordColors.values())].sort().map((keyword) => `\`${keyword}\``);
    notes.push(
      `${keywordColors.size} ${keywordColors.size === 1 ? 'token' : 'tokens'} whose value is a CSS keyword its type cannot hold (${written.join(', ')}) imported as \`keyword\` tokens, which CSS reads as written`,
    );
  }
  for (const [group, byType] of counts) {
    const choose = group.startsWith('type `') ? `; \`--type ${/`([^`]+)`/.exec(group)?.[1] ?? ''}=<our type>\` chooses instead` : '';
    notes.push(`${typedNote(group, byType)}${choose}`);
  }
  return { tokens: result, notes };
}

/**
 * A note on tokens typed from their values: the source type, how many, per type read (most first): `no \`type\`: 3
 * tokens typed from their values (color 2, dimension 1)`; a type chosen with `--type` (counted under `''`) just counts.
 */
export function typedNote(group: string, byType: ReadonlyMap<string, number>): string {
  const total = [...byType.values()].reduce((sum, each) => sum + each, 0);
  const tokensText = `${total} ${total === 1 ? 'token' : 'tokens'}`;
  if (byType.has('')) return `${group}: ${tokensText}`;
  const types = [...byType]
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1))
    .map(([type, each]) => `${type} ${each}`)
    .join(', ');
  return `${group}: ${tokensText} typed from their values (${types})`;
}

/** A `percentage` token: a number (`50%` is 0.5) when its name says opacity or line height, else a length in `%`. */
function percentageToken(token: SourceToken): SourceToken {
  const byName = /(^|\.)(opacity|alpha|line-?height)/i.test(token.key);
  const read = (raw: unknown): unknown => {
    if (referenceOf(raw) !== undefined) return raw;
    const number = typeof raw === 'number' ? raw : Number.parseFloat(String(raw));
    if (!Number.isFinite(number)) return raw;
    return byName ? Math.round((number / 100) * 1e6) / 1e6 : `${number}%`;
  };
  return {
    ...token,
    type: byName ? 'number' : 'dimension',
    value: read(token.value),
    modes: Object.fromEntries(Object.entries(token.modes).map(([mode, raw]) => [mode, read(raw)])),
  };
}

/** Segments (lowercase, without `-` and `_`) that name what Figma applies a number variable to in px. */
const FIGMA_PX_NAME =
  /margin|padding|gap|width|height|size|radius|inset|offset|space|spacing|indent|blur|spread|lineheight|letterspacing|leading|tracking/;
const FIGMA_NUMBER_NAME = /^(?:fontweights?|weight|opacity|alpha|zindex|z|elevation|layer)$/;

/**
 * A Figma number variable (`$type: float`, as Figma's variables exports write it): Figma has no unit for it and draws
 * it in px wherever it is a size, a spacing, a radius, a line height or a letter spacing, so a float whose key names one
 * of those (and no weight, opacity or z-index) is a px length (`18` is `18px`, an alias stays an alias); any other is
 * a number, typed by its name afterwards (`font.weight.400`). A unitless number is never a line height's multiplier here.
 */
function figmaFloatToken(token: SourceToken): SourceToken {
  const segments = token.key.split('.').map((segment) => segment.toLowerCase().replace(/[-_]/g, ''));
  const isLength = !segments.some((segment) => FIGMA_NUMBER_NAME.test(segment)) && segments.some((segment) => FIGMA_PX_NAME.test(segment));
  const read = (raw: unknown): unknown =>
    isLength && (typeof raw === 'number' || (typeof raw === 'string' && UNITLESS.test(raw.trim()))) ? `${Number(raw)}px` : raw;
  return {
    ...token,
    type: isLength ? 'dimension' : 'number',
    value: read(token.value),
    modes: Object.fromEntries(Object.entries(token.modes).map(([mode, raw]) => [mode, read(raw)])),
  };
}

/** Whether a key names a font family (a segment `fontFamily`, or its words in a row). */
const namesFontFamily = (key: string): boolean => {
  const segments = key.split('.').map((segment) => segment.toLowerCase().replace(/[-_]/g, ''));
  return segments.some((segment) => FAMILY_NAME.test(segment)) || /fontfamil(?:y|ies)/.test(segments.join(''));
};

/** Why a token with a type the import does not know (after {@link withTypesFromValues}) is left out. */
export function untypedReason(token: SourceToken, field: '$type' | 'type'): string {
  if (token.type !== undefined && CONTENT_TYPES.has(token.type)) return `type \`${token.type}\` has no counterpart`;
  const what = untypedValueReason(token.value);
  return token.type === undefined
    ? `${writtenAs(token, field)}, and ${what}`
    : `${writtenAs(token, field)}, and ${what}: pass \`--type ${token.type}=<our type>\``;
}

/** Why a value says no type (a reference to nothing typed, a CSS keyword, free text), in every format's report alike. */
export function untypedValueReason(value: unknown): string {
  const keyword = typeof value === 'string' && /^[a-z]+(?:-[a-z]+)*$/.test(value) ? value : undefined;
  return referenceOf(value) !== undefined
    ? `\`${String(value)}\` names no token we could type`
    : keyword !== undefined
      ? KEYWORDS_OF_LENGTHS.has(keyword)
        ? `\`"${keyword}"\` is a CSS keyword a length type holds only where the key names the length (\`max-inline-size\`, \`line-height\`, \`padding\`)`
        : `\`"${keyword}"\` is a CSS keyword no token type holds`
      : `\`${JSON.stringify(value)}\` is not a color, length, duration, number, font stack, cubic-bezier, border, shadow, transition or gradient`;
}

/** Whether the mapping reads `type` as written (a DTCG type or one of our exports' names). */
export const isKnownType = (type: string | undefined): boolean => type !== undefined && KNOWN_TYPES.has(type);
