import type {
  CompiledDesignSystem,
  Dimension,
  ModeDefinition,
  Rgba,
  ShadowLayer,
  Token,
  TokenType,
  TypedValue,
} from '../../../compile/types.js';
import { formatCssValue } from '../../shared/css-values.js';
import type { ReferenceHandling } from '../../shared/css-writer.js';
import { dtcgDeprecated, EXTENSION_KEY, modeExtension, valuesAtBreakpoints, withBreakpointDescriptions } from './export-dtcg-json.js';
import { furtherModes } from '../../shared/mode-values.js';
import { perSystem } from '../../shared/system-memo.js';
import { buildSystemTree } from '../../shared/token-tree.js';
import type { TokenTree } from '../../shared/token-tree.js';
import { itemAt } from '../../../compile/checked-access.js';

/** The version of the Design Tokens Community Group format the strict export follows. */
export const DTCG_SPEC_VERSION = '2025.10';

/** A DTCG 2025.10 color value in sRGB. */
export interface DtcgColor {
  readonly colorSpace: 'srgb';
  readonly components: readonly [number, number, number];
  readonly alpha: number;
  readonly hex?: string;
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
  /** The dark value in the same shape as `value` (every color; other tokens when it differs). */
  readonly dark?: unknown;
  /** Each further mode's value in the same shape, likewise. */
  readonly modes?: Readonly<Record<string, unknown>>;
  /** Extra fields under `$extensions["com.service"]` (e.g. `unit: "em"`). */
  readonly extension?: Readonly<Record<string, unknown>>;
}

const round = (value: number): number => Math.round(value * 10000) / 10000;
const hexPair = (byte: number): string => byte.toString(16).padStart(2, '0');

/**
 * A color as a DTCG sRGB color; components and alpha rounded to 4 decimals, `hex` the opaque `#RRGGBB`.
 * @example toDtcgColor({ red: 37, green: 99, blue: 235, alpha: 1 }) // { colorSpace: 'srgb', components: [0.1451, 0.3882, 0.9216], alpha: 1, hex: '#2563EB' }
 */
export function toDtcgColor(color: Rgba): DtcgColor {
  const { red, green, blue, alpha } = color;
  const hex = `#${hexPair(red)}${hexPair(green)}${hexPair(blue)}`.toUpperCase();
  return { colorSpace: 'srgb', components: [round(red / 255), round(green / 255), round(blue / 255)], alpha: round(alpha), hex };
}

const toDimension = (dimension: Dimension): Dimension => ({ value: dimension.value, unit: dimension.unit });

function toDtcgShadow(layers: readonly ShadowLayer[]): unknown {
  const written = layers.map((layer) => ({
    color: toDtcgColor(layer.color),
    offsetX: toDimension(layer.offsetX),
    offsetY: toDimension(layer.offsetY),
    blur: toDimension(layer.blur),
    spread: toDimension(layer.spread),
    ...(layer.inset ? { inset: true } : {}),
  }));
  return written.length === 1 ? written[0] : written;
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
 * Pointer references), with the shadow's alpha, so tools that swap the color (dark mode) swap it here too.
 */
function buildReferencedShadow(token: Token, layer: ShadowLayer): unknown {
  const colorKey = token.value['colorToken'] as string;
  return {
    color: {
      colorSpace: { $ref: pointerTo(colorKey, 'colorSpace') },
      components: { $ref: pointerTo(colorKey, 'components') },
      alpha: round(layer.color.alpha),
    },
    offsetX: toDimension(layer.offsetX),
    offsetY: toDimension(layer.offsetY),
    blur: toDimension(layer.blur),
    spread: toDimension(layer.spread),
  };
}

const isDtcgUnit = (dimension: Dimension): boolean => dimension.unit === 'px' || dimension.unit === 'rem';
const REM_PX = 16;

/** A length in `unit` (`px` or `rem`), converting between them at 16px per rem; `em` and `%` relative to `fontSize`. */
function lengthIn(length: Dimension, fontSize: Dimension): number | undefined {
  if (length.unit === fontSize.unit) return length.value;
  if (length.unit === 'em') return length.value * fontSize.value;
  if (length.unit === '%') return (length.value / 100) * fontSize.value;
  if (length.unit === 'px' && fontSize.unit === 'rem') return length.value / REM_PX;
  if (length.unit === 'rem' && fontSize.unit === 'px') return length.value * REM_PX;
  return undefined;
}

/**
 * A typography value as DTCG 2025.10 has it: `lineHeight` a multiplier of the font size (a length divided by it, `px`
 * and `rem` converted at 16px per rem), `letterSpacing` and `fontSize` in `px` or `rem` (`em` letter spacing times the
 * font size). Undefined when the font size is in `em` or `%`, which DTCG cannot hold.
 */
function toDtcgTypography(value: Extract<TypedValue, { kind: 'typography' }>): unknown {
  const fontSize = toDimension(value.fontSize);
  if (!isDtcgUnit(fontSize)) return undefined;
  const lineHeightLength = value.lineHeight.kind === 'number' ? undefined : lengthIn(toDimension(value.lineHeight), fontSize);
  const lineHeight =
    value.lineHeight.kind === 'number'
      ? value.lineHeight.value
      : lineHeightLength === undefined
        ? undefined
        : lineHeightLength / fontSize.value;
  const spacing = toDimension(value.letterSpacing);
  const letterSpacing = isDtcgUnit(spacing) ? spacing : { value: round(lengthIn(spacing, fontSize) ?? 0), unit: fontSize.unit };
  if (lineHeight === undefined) return undefined;
  return {
    fontFamily: value.fontFamily.families,
    fontSize,
    fontWeight: value.fontWeight.value,
    lineHeight: round(lineHeight),
    letterSpacing,
  };
}

type StrictValue = { type: string; value: unknown; extension?: Record<string, unknown> };

/** One typed value in the strict shape of `type`, or undefined when DTCG 2025.10 has no shape for it. */
function strictValueOf(type: TokenType, value: TypedValue): StrictValue | undefined {
  if (value.kind === 'keyword' && value.keyword === 'none') {
    const equivalent = NONE_EQUIVALENTS[type];
    if (equivalent !== undefined) return { type, value: equivalent };
  }
  switch (value.kind) {
    case 'color':
      return { type: 'color', value: toDtcgColor(value.color) };
    case 'dimension':
      return isDtcgUnit(value)
        ? { type: 'dimension', value: toDimension(value) }
        : { type: 'number', value: value.value, extension: { unit: value.unit } };
    case 'number':
      return { type: type === 'font.weight' ? 'fontWeight' : 'number', value: value.value };
    case 'duration':
      return { type: 'duration', value: { value: value.value, unit: value.unit } };
    case 'fontFamily':
      return { type: 'fontFamily', value: value.families };
    case 'cubicBezier':
      return { type: 'cubicBezier', value: value.points };
    case 'shadow':
      return value.layers === null || !value.layers.every(hasDtcgLengths)
        ? undefined
        : { type: 'shadow', value: toDtcgShadow(value.layers) };
    // DTCG 2025.10 has no boolean, no keyword and no list of lengths: such a token is kept under `$extensions`, as CSS text.
    case 'boolean':
    case 'keyword':
    case 'keywords':
    case 'lengths':
      return undefined;
    case 'strokeStyle':
      return { type: 'strokeStyle', value: value.style };
    case 'typography': {
      const typography = toDtcgTypography(value);
      return typography === undefined ? undefined : { type: 'typography', value: typography };
    }
    case 'border':
      return isDtcgUnit(value.width)
        ? { type: 'border', value: { color: toDtcgColor(value.color.color), width: toDimension(value.width), style: value.style.style } }
        : undefined;
    case 'transition':
      return {
        type: 'transition',
        value: {
          duration: { value: value.duration.value, unit: 'ms' },
          delay: { value: value.delay.value, unit: 'ms' },
          timingFunction: value.timingFunction.points,
        },
      };
    case 'gradient':
      return {
        type: 'gradient',
        value: value.stops.map((stop) => ({ color: toDtcgColor(stop.color), position: stop.position })),
        ...(value.angle === 180 ? {} : { extension: { angle: value.angle } }),
      };
  }
}

const TRANSPARENT = toDtcgColor({ red: 0, green: 0, blue: 0, alpha: 0 });
const ZERO = { value: 0, unit: 'px' };
/**
 * DTCG 2025.10 has no `none` for a shadow, border or gradient: what renders the same (a transparent shadow of no size, a
 * transparent border of no width, a gradient of transparent stops), with the modes that are `none` listed under
 * `$extensions["com.service"].none` so that an import writes `none` again.
 */
const NONE_EQUIVALENTS: Readonly<Partial<Record<TokenType, unknown>>> = {
  shadow: { color: TRANSPARENT, offsetX: ZERO, offsetY: ZERO, blur: ZERO, spread: ZERO },
  border: { color: TRANSPARENT, width: ZERO, style: 'solid' },
  gradient: [
    { color: TRANSPARENT, position: 0 },
    { color: TRANSPARENT, position: 1 },
  ],
};

/**
 * What `$extensions["com.service"]` notes of values DTCG cannot say: `none`, the modes where the value is `none`
 * (written as what renders the same); `omitted`, the parts a typography leaves out in light (written with DTCG's
 * defaults: `sans-serif`, 400, 1.2).
 */
function notesOf(token: Token, modes: readonly ModeDefinition[]): Record<string, unknown> | undefined {
  let notes: Record<string, unknown> | undefined;
  // Only a shadow, border or gradient has a `none` DTCG cannot say; the others skip the list (one per token otherwise).
  if (NONE_EQUIVALENTS[token.type] !== undefined) {
    const none = ['light', 'dark', ...modes.map((mode) => mode.name)].filter((mode) => {
      const value = token.resolved[mode];
      return value?.kind === 'keyword' && value.keyword === 'none';
    });
    if (none.length > 0) notes = { none };
  }
  const light = token.resolved.light;
  if (light.kind === 'typography' && light.omitted !== undefined) (notes ??= {})['omitted'] = light.omitted;
  return notes;
}

const hasDtcgLengths = (layer: ShadowLayer): boolean => [layer.offsetX, layer.offsetY, layer.blur, layer.spread].every(isDtcgUnit);

/**
 * How one token is written in the strict export, or undefined when DTCG 2025.10 has no type for it (booleans, and
 * shadow primitives our parser cannot read); those are kept under `$extensions`. A value in another mode is written
 * in the same shape (`dark`, `modes`); a letter spacing in `em` (a DTCG `number` with its unit aside) carries none.
 * @example buildStrictToken(durationFast, []) // { type: 'duration', value: { value: 200, unit: 'ms' } }
 */
export function buildStrictToken(
  token: Token,
  modes: readonly ModeDefinition[],
  shadowColors: ShadowColors = 'reference',
): StrictToken | undefined {
  const literal = buildLiteralStrictToken(token, modes);
  return literal === undefined || shadowColors === 'literal' ? literal : withShadowReference(token, literal);
}

/**
 * Each token of a compiled system as {@link buildStrictToken} writes it with literal shadow colors. Why: the strict
 * export and the resolver write the same strict form of every token (the strict export refers to a shadow's color
 * token where the resolver writes the color); built once per compiled system, read by both.
 */
export const literalStrictTokens: (system: CompiledDesignSystem) => readonly (StrictToken | undefined)[] = perSystem((system) => {
  const modes = furtherModes(system);
  const strictValue = rememberingStrictValues();
  // By token index (read by the tree builders, which know it) rather than in a map keyed by token: no hashing.
  return Array.from(system.tokens, (token) => buildLiteralStrictToken(token, modes, strictValue));
});

/**
 * {@link strictValueOf}, converting each typed value once. Why: the tokens on one scale step share their value object
 * (10,000 tokens hold a few thousand values, a few hundred colors), and the strict values are never changed, so the
 * tokens may share them too.
 */
function rememberingStrictValues(): typeof strictValueOf {
  const remembered = new Map<TypedValue, StrictValue | undefined>();
  return (type, value) => {
    // A number's or a keyword's strict form depends on the token's type as well; both are cheap to convert again.
    if (value.kind === 'number' || value.kind === 'keyword') return strictValueOf(type, value);
    let strict = remembered.get(value);
    if (strict === undefined && !remembered.has(value)) {
      strict = strictValueOf(type, value);
      remembered.set(value, strict);
    }
    return strict;
  };
}

/** A strict token whose light shadow refers to the color token it was written with (unchanged for any other token). */
function withShadowReference(token: Token, literal: StrictToken): StrictToken {
  if (typeof token.value['colorToken'] !== 'string' || token.resolved.light.kind !== 'shadow') return literal;
  return { ...literal, value: buildReferencedShadow(token, itemAt(token.resolved.light.layers as readonly ShadowLayer[], 0)) };
}

/** {@link buildStrictToken} with literal shadow colors. */
function buildLiteralStrictToken(
  token: Token,
  modes: readonly ModeDefinition[],
  strictValue: typeof strictValueOf = strictValueOf,
): StrictToken | undefined {
  const light = strictValue(token.type, token.resolved.light);
  if (light === undefined) return undefined;
  const value = light.value;
  let unreadable = false;
  const others = modeExtension(token, modes, (modeValue) => {
    const strict = strictValue(token.type, modeValue);
    if (strict === undefined || strict.type !== light.type) unreadable = true;
    return strict?.value;
  });
  if (unreadable) return undefined;
  const notes = notesOf(token, modes);
  // Members added one by one rather than spread in: this runs once per token.
  const strict: { -readonly [Field in keyof StrictToken]: StrictToken[Field] } = { type: light.type, value };
  if (others?.dark !== undefined) strict.dark = others.dark;
  if (others?.modes !== undefined) strict.modes = others.modes;
  const extension = notes === undefined ? light.extension : { ...light.extension, ...notes };
  if (extension !== undefined && Object.keys(extension).length > 0) strict.extension = extension;
  return strict;
}

/** A token's leaf in the strict tree, from its strict form with literal shadow colors (`literal`). */
function strictLeaf(
  token: Token,
  literal: StrictToken | undefined,
  modes: readonly ModeDefinition[],
  shadowColors: ShadowColors,
  references: ReferenceHandling,
): Record<string, unknown> {
  const built = literal === undefined || shadowColors === 'literal' ? literal : withShadowReference(token, literal);
  const strict = built === undefined || references === 'resolve' || token.references === undefined ? built : withAliases(token, built);
  if (strict === undefined) {
    // No DTCG type: a group without tokens that keeps the value where a tool can still find it.
    const leaf: Record<string, unknown> = {};
    if (token.description !== undefined) leaf['$description'] = token.description;
    if (token.deprecated !== undefined) leaf['$deprecated'] = dtcgDeprecated(token);
    leaf['$extensions'] = {
      [EXTENSION_KEY]: {
        type: token.type,
        value: token.type === 'boolean' ? token.value['value'] : formatCssValue(token.resolved.light),
        ...modeExtension(token, modes, formatCssValue),
      },
    };
    return leaf;
  }
  // In sorted order, as the members of a typed leaf are written: `$deprecated`, `$description`, `$extensions`, `$type`, `$value`.
  const sorted: Record<string, unknown> = {};
  if (token.deprecated !== undefined) sorted['$deprecated'] = dtcgDeprecated(token);
  if (token.description !== undefined) sorted['$description'] = token.description;
  const extension = strictExtension(strict);
  if (extension !== undefined) sorted['$extensions'] = { [EXTENSION_KEY]: extension };
  sorted['$type'] = strict.type;
  sorted['$value'] = strict.value;
  return sorted;
}

/** What a typed leaf's `$extensions["com.service"]` holds: the strict token's extension fields, `dark`, `modes`; undefined when nothing. */
function strictExtension(strict: StrictToken): Record<string, unknown> | undefined {
  if (strict.dark === undefined && strict.modes === undefined) {
    return strict.extension === undefined || Object.keys(strict.extension).length === 0 ? undefined : { ...strict.extension };
  }
  const extension: Record<string, unknown> = strict.extension === undefined ? {} : { ...strict.extension };
  if (strict.dark !== undefined) extension['dark'] = strict.dark;
  if (strict.modes !== undefined) extension['modes'] = strict.modes;
  return extension;
}

/**
 * The DTCG 2025.10 tree: structured values, dark values (same shape) under `$extensions["com.service"].dark`.
 * `shadowColors: 'literal'` writes shadow colors as values instead of references to their color token.
 * @example { color: { brand: { primary: { $type: 'color', $value: { colorSpace: 'srgb', components: [0.1451, 0.3882, 0.9216], alpha: 1, hex: '#2563EB' } } } } }
 */
export function buildStrictDtcgTree(
  system: CompiledDesignSystem,
  shadowColors: ShadowColors = 'reference',
  references: ReferenceHandling = 'resolve',
): TokenTree {
  const modes = furtherModes(system);
  return buildSystemTree(system, (token) => strictLeaf(token, buildLiteralStrictToken(token, modes), modes, shadowColors, references));
}

/**
 * Each token's leaf in the strict tree with literal shadow colors and resolved references, once per compiled system.
 * Why: the strict export and the resolver's set write the same leaves but for a shadow written with a color token
 * (and, with `references=keep`, a token written with references); built once, stringified by both. Never changed.
 */
const literalStrictLeaves = perSystem((system): readonly Record<string, unknown>[] => {
  const modes = furtherModes(system);
  const strictTokens = literalStrictTokens(system);
  return Array.from(system.tokens, (token, index) => strictLeaf(token, strictTokens[index], modes, 'literal', 'resolve'));
});

/** Whether a token's leaf with these `shadowColors` and `references` is its {@link literalStrictLeaves} one. */
function hasLiteralLeaf(token: Token, shadowColors: ShadowColors, references: ReferenceHandling): boolean {
  const refersToColor =
    shadowColors === 'reference' && typeof token.value['colorToken'] === 'string' && token.resolved.light.kind === 'shadow';
  return !refersToColor && (references === 'resolve' || token.references === undefined);
}

/**
 * `buildStrictDtcgTree(system, shadowColors, references)` for an export to stringify: the same tree, with the leaves
 * it shares with the other strict trees of the system built once ({@link literalStrictLeaves}).
 */
export function strictExportTree(system: CompiledDesignSystem, shadowColors: ShadowColors, references: ReferenceHandling): TokenTree {
  const modes = furtherModes(system);
  const strictTokens = literalStrictTokens(system);
  const literalLeaves = literalStrictLeaves(system);
  return buildSystemTree(system, (token, index) =>
    hasLiteralLeaf(token, shadowColors, references)
      ? literalLeaves[index]
      : strictLeaf(token, strictTokens[index], modes, shadowColors, references),
  );
}

/**
 * The strict export's tree: {@link strictExportTree} with shadow colors as references; with breakpoints, each token's
 * values at the breakpoints where it has its own under `$extensions["com.service"].breakpoints` (see
 * {@link strictAtBreakpoint}), and the breakpoints described in the root group's `$extensions`.
 */
export function strictJsonTree(system: CompiledDesignSystem, references: ReferenceHandling = 'resolve'): TokenTree {
  const tree = strictExportTree(system, 'reference', references);
  if ((system.breakpoints ?? []).length === 0) return tree;
  const modes = furtherModes(system);
  const strictTokens = literalStrictTokens(system);
  return withBreakpointDescriptions(
    system,
    buildSystemTree(system, (token, index) => {
      const leaf = leafAt(tree, token.key);
      const type = strictTokens[index]?.type;
      const breakpoints = valuesAtBreakpoints(system, token, index, (systemThere, there) =>
        strictAtBreakpoint(literalStrictTokens(systemThere)[index], type, there, modes),
      );
      return breakpoints === undefined ? leaf : withExtensionBreakpoints(leaf, breakpoints);
    }),
  );
}

/** The leaf of `key` in a tree of the system's tokens. */
function leafAt(tree: TokenTree, key: string): Record<string, unknown> {
  let node: unknown = tree;
  for (const segment of key.split('.')) node = (node as TokenTree)[segment];
  return node as Record<string, unknown>;
}

/** A copy of a strict leaf with `breakpoints` under `$extensions["com.service"]`, its members in sorted order as a leaf's are. */
function withExtensionBreakpoints(leaf: Record<string, unknown>, breakpoints: Record<string, unknown>): Record<string, unknown> {
  const extensions = (leaf['$extensions'] ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const merged = { ...extensions, [EXTENSION_KEY]: { ...extensions[EXTENSION_KEY], breakpoints } };
  return Object.fromEntries(Object.entries({ ...leaf, $extensions: merged }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * A token at one breakpoint in the strict export: in the shape of its `$type` (`value`, the extension fields, `dark`,
 * `modes`, as the leaf writes them), with `type` when its value there has another DTCG type than below the first
 * breakpoint; `css` (and `dark`, `modes` as CSS text) when the value there has no DTCG shape; `value` as CSS text
 * (as the leaf's own `$extensions`) for a token DTCG has no type for.
 */
function strictAtBreakpoint(
  strict: StrictToken | undefined,
  type: string | undefined,
  there: Token,
  modes: readonly ModeDefinition[],
): Record<string, unknown> {
  const light = there.resolved.light;
  const others = modeExtension(there, modes, formatCssValue);
  if (type === undefined) return { value: light.kind === 'boolean' ? light.value : formatCssValue(light), ...others };
  if (strict === undefined) return { css: formatCssValue(light), ...others };
  return {
    ...(strict.type === type ? {} : { type: strict.type }),
    value: strict.value,
    ...strict.extension,
    ...(strict.dark === undefined ? {} : { dark: strict.dark }),
    ...(strict.modes === undefined ? {} : { modes: strict.modes }),
  };
}

/** The strict export's text, indented like the default JSON export; `keep` writes references as DTCG aliases. */
export function renderStrictDtcgJson(system: CompiledDesignSystem, references: ReferenceHandling = 'resolve'): string {
  return `${JSON.stringify(strictJsonTree(system, references), null, 2)}\n`;
}

/**
 * A strict token with its references kept as DTCG aliases: a whole value written `ref` becomes `"{other.token}"`, and
 * each part written as a reference (`fontSize`, a layer's or stop's `color`) becomes one in its place; per mode too.
 */
function withAliases(token: Token, strict: StrictToken): StrictToken {
  const inMode = (mode: string, value: unknown): unknown => {
    const references = token.references?.[mode];
    // DTCG has no alias with an alpha of its own: such a value stays resolved.
    if (references?.ref !== undefined) return references.alpha === undefined ? `{${references.ref}}` : value;
    return references?.parts === undefined ? value : aliasParts(value, references.parts);
  };
  const modes =
    strict.modes === undefined
      ? undefined
      : Object.fromEntries(Object.entries(strict.modes).map(([mode, value]) => [mode, inMode(mode, value)]));
  return {
    ...strict,
    value: inMode('light', strict.value),
    ...(strict.dark === undefined ? {} : { dark: inMode('dark', strict.dark) }),
    ...(modes === undefined ? {} : { modes }),
  };
}

/** `value` (a structured DTCG value) with the part at each path replaced by an alias of the token it names. */
function aliasParts(value: unknown, parts: Readonly<Record<string, string>>): unknown {
  const copy = structuredClone(value) as Record<string, unknown> | Record<string, unknown>[];
  for (const [path, key] of Object.entries(parts)) {
    const [first, index, member] = path.split('.') as [string, string | undefined, string | undefined];
    if (index === undefined) (copy as Record<string, unknown>)[first] = `{${key}}`;
    else {
      // A one-layer shadow is written as an object, more layers (and gradient stops) as a list.
      const item = Array.isArray(copy) ? copy[Number(index)] : copy;
      if (item !== undefined) item[member as string] = `{${key}}`;
    }
  }
  return copy;
}
