import type { CompiledDesignSystem, Rgba, ShadowLayer, Token, TokenType, TypedValue } from '../../../compile/types.js';
import { isGenericFamily } from '../../../compile/values/generic-families.js';
import { joinWords, keyWordsOf, PART_WORDS, wordsIn } from '../../shared/css-names.js';
import { formatCssValue } from '../../shared/css-values.js';
import { roundForPlatform, toDensityIndependent } from '../../shared/native-appearance.js';
import { perSystem } from '../../shared/system-memo.js';
import { itemAt, mapValueAt } from '../../../compile/checked-access.js';
import { androidSymbolOf } from '../android/export-android.js';
import { iosSymbolOf } from '../ios/export-ios.js';
import { figmaModes, figmaVariableName } from './figma-names.js';
import type {
  FigmaPlan,
  FigmaPlanEffectStyle,
  FigmaPlanNotCarried,
  FigmaPlanResolvedType,
  FigmaPlanRgba,
  FigmaPlanScope,
  FigmaPlanShadowEffect,
  FigmaPlanTextField,
  FigmaPlanTextStyle,
  FigmaPlanValue,
  FigmaPlanVariable,
} from './figma-plan.js';

/** A value Figma holds, or why it cannot hold it. */
type Carried = { readonly value: FigmaPlanValue } | { readonly reason: string };

/** How a kind of variable is made: its Figma type, its scopes, and each mode's value from the typed value. */
interface Carrier {
  readonly resolvedType: FigmaPlanResolvedType;
  readonly scopes: readonly FigmaPlanScope[];
  carry(value: TypedValue): Carried;
}

/** A variable on its way into the plan: its literal value per mode (aliases are chosen once every variable is known). */
interface Draft {
  readonly id: string;
  readonly token: Token;
  readonly part: string | undefined;
  readonly name: string;
  readonly resolvedType: FigmaPlanResolvedType;
  readonly scopes: readonly FigmaPlanScope[];
  readonly codeSyntax: FigmaPlanVariable['codeSyntax'];
  /** By mode name, in the order of `system.modes`. */
  readonly literals: ReadonlyMap<string, FigmaPlanValue>;
  /** The token each mode's value refers to as a whole (`ref`, or the part's reference), with a color's `alpha`. */
  readonly references: ReadonlyMap<string, { readonly key: string; readonly alpha: number | undefined; readonly adjusted: boolean }>;
}

/** What the report collects of one token: why it is left out, what it lost. */
interface Losses {
  readonly skipped: string[];
  readonly lossy: string[];
}

const KEEP = (value: FigmaPlanValue): Carried => ({ value });
const refuse = (reason: string): Carried => ({ reason });

/**
 * A color as Figma's RGBA, each channel 0-1.
 * @example figmaRgba({ red: 255, green: 0, blue: 0, alpha: 0.5 }) // { r: 1, g: 0, b: 0, a: 0.5 }
 */
export function figmaRgba(color: Rgba): FigmaPlanRgba {
  return { r: color.red / 255, g: color.green / 255, b: color.blue / 255, a: color.alpha };
}

/** A length in px (rem x 16), or why not: a unit with no fixed size in px. */
function lengthOf(value: TypedValue): Carried {
  if (value.kind === 'lengths') {
    if (value.values.length !== 1)
      return refuse(`\`${formatCssValue(value)}\` is ${value.values.length} lengths: a Figma number holds one`);
    return lengthOf(itemAt(value.values, 0));
  }
  if (value.kind === 'keyword') return refuse(`\`${value.keyword}\` is a keyword, not a number`);
  if (value.kind !== 'dimension') return refuse(`a ${value.kind} value is not a length`);
  const px = toDensityIndependent(value);
  return px === undefined ? refuse(`\`${formatCssValue(value)}\`: ${value.unit} has no fixed size in px`) : KEEP(px);
}

const numberOf = (value: TypedValue): Carried =>
  value.kind === 'number' ? KEEP(value.value) : refuse(`a ${value.kind} value is not a number`);

/** The carriers of the token types a variable holds whole; the others are styles (typography, shadow) or left out. */
const CARRIERS: Readonly<Partial<Record<TokenType, Carrier>>> = {
  color: {
    resolvedType: 'COLOR',
    scopes: ['ALL_FILLS', 'STROKE_COLOR', 'EFFECT_COLOR'],
    carry: (value) => (value.kind === 'color' ? KEEP(figmaRgba(value.color)) : refuse(`a ${value.kind} value is not a color`)),
  },
  dimension: { resolvedType: 'FLOAT', scopes: ['WIDTH_HEIGHT', 'GAP', 'CORNER_RADIUS', 'STROKE_FLOAT'], carry: lengthOf },
  spacing: { resolvedType: 'FLOAT', scopes: ['GAP'], carry: lengthOf },
  radius: { resolvedType: 'FLOAT', scopes: ['CORNER_RADIUS'], carry: lengthOf },
  'font.size': { resolvedType: 'FLOAT', scopes: ['FONT_SIZE'], carry: lengthOf },
  'font.letterSpacing': {
    resolvedType: 'FLOAT',
    scopes: ['LETTER_SPACING'],
    carry: (value) =>
      value.kind === 'dimension' && value.unit === 'em'
        ? refuse(
            `\`${formatCssValue(value)}\` is relative to a font size: only a typography's letter spacing is carried (its text style's percentage)`,
          )
        : lengthOf(value),
  },
  'font.lineHeight': {
    resolvedType: 'FLOAT',
    // A multiplier is no line height in Figma (which takes px): offered nowhere; typographies carry it in px.
    scopes: [],
    carry: (value) => (value.kind === 'number' ? KEEP(value.value) : lengthOf(value)),
  },
  'font.weight': { resolvedType: 'FLOAT', scopes: ['FONT_WEIGHT'], carry: numberOf },
  'font.family': {
    resolvedType: 'STRING',
    scopes: ['FONT_FAMILY'],
    carry: (value) => (value.kind === 'fontFamily' ? KEEP(value.families[0] ?? '') : refuse(`a ${value.kind} value is not a font family`)),
  },
  // Figma's opacities are percentages.
  opacity: {
    resolvedType: 'FLOAT',
    scopes: ['OPACITY', 'COLOR_OPACITY'],
    carry: (value) => (value.kind === 'number' ? KEEP(roundForPlatform(value.value * 100)) : numberOf(value)),
  },
  'z-index': { resolvedType: 'FLOAT', scopes: [], carry: numberOf },
  boolean: {
    resolvedType: 'BOOLEAN',
    scopes: ['ALL_SCOPES'],
    carry: (value) => (value.kind === 'boolean' ? KEEP(value.value) : refuse(`a ${value.kind} value is not a boolean`)),
  },
  // Figma's timing variables are seconds.
  duration: {
    resolvedType: 'TIMING',
    scopes: ['ALL_SCOPES'],
    carry: (value) =>
      value.kind === 'duration' ? KEEP(roundForPlatform(value.value / 1000)) : refuse(`a ${value.kind} value is not a duration`),
  },
  easing: {
    resolvedType: 'EASING',
    scopes: ['ALL_SCOPES'],
    carry: (value) => {
      if (value.kind !== 'cubicBezier') return refuse(`a ${value.kind} value is not an easing`);
      const [x1, y1, x2, y2] = value.points;
      return KEEP({ type: 'CUSTOM_CUBIC_BEZIER', easingFunctionCubicBezier: { x1, y1, x2, y2 } });
    },
  },
  strokeStyle: {
    resolvedType: 'STRING',
    scopes: [],
    carry: (value) => (value.kind === 'strokeStyle' ? KEEP(value.style) : refuse(`a ${value.kind} value is not a stroke style`)),
  },
  keyword: {
    resolvedType: 'STRING',
    scopes: [],
    carry: (value) => (value.kind === 'keywords' ? KEEP(value.text) : refuse(`a ${value.kind} value is not a CSS keyword`)),
  },
};

/** Why a type has no variable and no style. */
const LEFT_OUT: Readonly<Partial<Record<TokenType, string>>> = {
  border: 'Figma has no border variable or style (its width, style and color tokens are variables of their own)',
  transition: 'Figma has no transition variable or style (its duration and easing tokens are variables of their own)',
  gradient: 'Figma variables hold no gradient, and the plan makes no paint styles',
};

type Typography = Extract<TypedValue, { kind: 'typography' }>;

/** The parts of a typography a text style binds, each with its scope. */
const TEXT_PARTS: readonly (readonly [FigmaPlanTextField, FigmaPlanResolvedType, FigmaPlanScope])[] = [
  ['fontFamily', 'STRING', 'FONT_FAMILY'],
  ['fontSize', 'FLOAT', 'FONT_SIZE'],
  ['fontWeight', 'FLOAT', 'FONT_WEIGHT'],
  ['lineHeight', 'FLOAT', 'LINE_HEIGHT'],
  ['letterSpacing', 'FLOAT', 'LETTER_SPACING'],
];

/** One typography part in one mode as its text style field takes it: lengths in px, a multiplier or em times the font size. */
function typographyPart(value: Typography, part: FigmaPlanTextField): Carried {
  const size = lengthOf(value.fontSize);
  if (!('value' in size)) return refuse(`its font size ${size.reason}`);
  const fontSize = carriedNumber(size);
  switch (part) {
    case 'fontFamily':
      return KEEP(value.fontFamily.families[0] ?? '');
    case 'fontSize':
      return size;
    case 'fontWeight':
      return KEEP(value.fontWeight.value);
    case 'lineHeight':
    case 'letterSpacing': {
      const length = value[part];
      if (length.kind === 'number') return KEEP(roundForPlatform(length.value * fontSize));
      if (length.unit === 'em') return KEEP(roundForPlatform(length.value * fontSize));
      if (length.unit === '%' && part === 'lineHeight') return KEEP(roundForPlatform((length.value / 100) * fontSize));
      const carried = lengthOf(length);
      return 'value' in carried ? carried : refuse(`its ${part === 'lineHeight' ? 'line height' : 'letter spacing'} ${carried.reason}`);
    }
  }
}

/** The shadow layer fields a part variable carries, each with its effect field. */
const LAYER_PARTS: readonly (readonly ['color' | 'offsetX' | 'offsetY' | 'blur' | 'spread', FigmaPlanResolvedType, FigmaPlanScope])[] = [
  ['color', 'COLOR', 'EFFECT_COLOR'],
  ['offsetX', 'FLOAT', 'EFFECT_FLOAT'],
  ['offsetY', 'FLOAT', 'EFFECT_FLOAT'],
  ['blur', 'FLOAT', 'EFFECT_FLOAT'],
  ['spread', 'FLOAT', 'EFFECT_FLOAT'],
];

const layerPart = (layer: ShadowLayer, field: (typeof LAYER_PARTS)[number][0]): Carried =>
  field === 'color' ? KEEP(figmaRgba(layer.color)) : lengthOf({ kind: 'dimension', ...layer[field] });

/** Whether two carried values are the same (plain data: numbers, strings, colors, easings). */
const sameValue = (a: FigmaPlanValue, b: FigmaPlanValue): boolean => JSON.stringify(a) === JSON.stringify(b);

/** The deprecation as a sentence, for the description. */
function deprecationText(token: Token): string {
  const { deprecated } = token;
  if (deprecated === undefined) return '';
  const since = deprecated.since === null ? '' : ` since ${deprecated.since}`;
  const message = deprecated.message === null ? '' : `: ${deprecated.message}`;
  const replacement = deprecated.replacement === null ? '' : ` Use ${deprecated.replacement}.`;
  return `Deprecated${since}${message}${replacement}`;
}

const descriptionOf = (token: Token): string =>
  [token.description ?? '', deprecationText(token)].filter((text) => text !== '').join('\n\n');

/** Sorts by id, as every list of the plan is. */
const byId = <Entry extends { readonly id: string }>(a: Entry, b: Entry): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The Figma plan of a design system: one collection with a mode per mode, a variable per token a Figma variable
 * holds (references as aliases, a color `ref` with `alpha` as a composed color), a text style per typography and an
 * effect style per shadow bound to part variables, and per token what is not carried (docs/figma.md).
 * @example buildFigmaPlan(harbor).variables[0] // { id: 'button.accent-bg', name: 'button/accent-bg', resolvedType: 'COLOR', valuesByMode: { light: { type: 'VARIABLE_ALIAS', variable: 'color.accent.emphasis' }, ... }, ... }
 */
export const buildFigmaPlan: (system: CompiledDesignSystem) => FigmaPlan = perSystem((system) => planOf(system));

/** The state of one plan, shared by its steps: the system, its modes and CSS words, what is drafted and lost so far. */
interface Planning {
  readonly system: CompiledDesignSystem;
  readonly modes: readonly string[];
  readonly words: ReturnType<typeof keyWordsOf>;
  readonly losses: Map<string, Losses>;
  readonly drafts: Draft[];
  readonly textStyles: FigmaPlanTextStyle[];
  readonly effectStyles: FigmaPlanEffectStyle[];
  /** The variable names taken so far, with the id that holds each (filled once the token variables are drafted). */
  readonly names: Map<string, string>;
}

function planOf(system: CompiledDesignSystem): FigmaPlan {
  const planning: Planning = {
    system,
    modes: system.modes.map((mode) => mode.name),
    words: keyWordsOf(system),
    losses: new Map(),
    drafts: [],
    textStyles: [],
    effectStyles: [],
    names: new Map(),
  };
  for (const token of system.tokens) addVariable(planning, token);
  // The styles' part variables come second: a part named like a token's variable (`typography.body.fontSize` beside
  // the typography `typography.body`) gives way to it.
  for (const draft of planning.drafts) planning.names.set(draft.name, draft.id);
  for (const token of system.tokens) {
    if (token.type === 'typography') addTypography(planning, token);
    if (token.type === 'shadow') addShadow(planning, token);
  }
  const byVariable = new Map(planning.drafts.map((draft) => [draft.id, draft]));
  const variables = planning.drafts.map((draft) => variableOf(planning, byVariable, draft));
  const collection = system.meta.id;
  return {
    format: 'figma-plan',
    version: 1,
    designSystem: { id: system.meta.id, slug: system.meta.slug, name: system.meta.name },
    contentHash: system.contentHash,
    collections: [{ id: collection, name: system.meta.name, modes: figmaModes(system.modes) }],
    variables: variables.sort(byId),
    textStyles: planning.textStyles.sort(byId),
    effectStyles: planning.effectStyles.sort(byId),
    notCarried: notCarriedOf(planning.losses),
  };
}

function lossesOf(planning: Planning, key: string): Losses {
  let entry = planning.losses.get(key);
  if (entry === undefined) {
    entry = { skipped: [], lossy: [] };
    planning.losses.set(key, entry);
  }
  return entry;
}

/** A reason per mode, said once when every mode has it. */
function perModeReason(modes: readonly string[], reasons: ReadonlyMap<string, string>): string {
  const distinct = new Set(reasons.values());
  const [only] = distinct;
  if (distinct.size === 1 && reasons.size === modes.length && only !== undefined) return only;
  return [...reasons].map(([mode, reason]) => `in mode ${mode}, ${reason}`).join('; ');
}

/** Every mode's value of `read`, or the reasons (by mode) it has none. */
function literalsOf(
  modes: readonly string[],
  read: (mode: string) => Carried,
): { literals: Map<string, FigmaPlanValue> } | { reasons: Map<string, string> } {
  const literals = new Map<string, FigmaPlanValue>();
  const reasons = new Map<string, string>();
  for (const mode of modes) {
    const carried = read(mode);
    if ('value' in carried) literals.set(mode, carried.value);
    else reasons.set(mode, carried.reason);
  }
  return reasons.size > 0 ? { reasons } : { literals };
}

const valueIn = (token: Token, mode: string): TypedValue => token.resolved[mode] ?? token.resolved.light;

/** A typography token's value in `mode` (the compiler gives a typography token typography values only). */
function typographyIn(token: Token, mode: string): Typography {
  const value = valueIn(token, mode);
  if (value.kind !== 'typography') throw new TypeError(`\`${token.key}\` has a ${value.kind} value in mode ${mode}`);
  return value;
}

/** A number carried: a length or number the caller has checked carries. */
function carriedNumber(carried: Carried): number {
  if ('value' in carried && typeof carried.value === 'number') return carried.value;
  throw new TypeError(`no number carried: ${'reason' in carried ? carried.reason : JSON.stringify(carried.value)}`);
}

function codeSyntaxOf(planning: Planning, token: Token): FigmaPlanVariable['codeSyntax'] {
  const android = androidSymbolOf(planning.system, token.key);
  const ios = iosSymbolOf(planning.system, token.key);
  return {
    WEB: `var(--${wordsIn(planning.words, token.key)})`,
    ...(android === undefined ? {} : { ANDROID: android.code }),
    ...(ios === undefined ? {} : { iOS: ios }),
  };
}

function wholeReferences(modes: readonly string[], token: Token): Draft['references'] {
  const references = new Map<string, { key: string; alpha: number | undefined; adjusted: boolean }>();
  for (const mode of modes) {
    const ref = token.references?.[mode]?.ref;
    if (ref !== undefined) references.set(mode, { key: ref, alpha: token.references?.[mode]?.alpha, adjusted: false });
  }
  return references;
}

function partReferences(modes: readonly string[], token: Token, path: string): Draft['references'] {
  const references = new Map<string, { key: string; alpha: number | undefined; adjusted: boolean }>();
  for (const mode of modes) {
    const refs = token.references?.[mode];
    const adjusted = refs?.adjusted?.[path];
    const ref = refs?.parts?.[path];
    if (adjusted !== undefined) references.set(mode, { key: adjusted, alpha: undefined, adjusted: true });
    else if (ref !== undefined) references.set(mode, { key: ref, alpha: undefined, adjusted: false });
  }
  return references;
}

/** Drafts the variable of a token a variable holds whole, or notes why it has none (typographies and shadows come later). */
function addVariable(planning: Planning, token: Token): void {
  const carrier = CARRIERS[token.type];
  if (carrier === undefined) {
    if (token.type !== 'typography' && token.type !== 'shadow')
      lossesOf(planning, token.key).skipped.push(LEFT_OUT[token.type] ?? `Figma has no variable for a \`${token.type}\` token`);
    return;
  }
  const carried = literalsOf(planning.modes, (mode) => carrier.carry(valueIn(token, mode)));
  if ('reasons' in carried) {
    lossesOf(planning, token.key).skipped.push(perModeReason(planning.modes, carried.reasons));
    return;
  }
  const light = token.resolved.light;
  if (token.type === 'font.family' && light.kind === 'fontFamily' && light.families.length > 1)
    lossesOf(planning, token.key).lossy.push(
      `its fallbacks (${light.families.slice(1).join(', ')}) are not carried: a Figma font is one family`,
    );
  if (token.type === 'font.lineHeight' && light.kind === 'number')
    lossesOf(planning, token.key).lossy.push(
      'a multiplier: no Figma picker offers it (Figma line heights are px; typographies carry theirs in px)',
    );
  planning.drafts.push({
    id: token.key,
    token,
    part: undefined,
    name: figmaVariableName(token.key),
    resolvedType: carrier.resolvedType,
    // A line height in px is one; a multiplier is offered nowhere.
    scopes: token.type === 'font.lineHeight' && light.kind === 'dimension' ? ['LINE_HEIGHT'] : carrier.scopes,
    codeSyntax: codeSyntaxOf(planning, token),
    literals: carried.literals,
    references: wholeReferences(planning.modes, token),
  });
}

/** Whether a part variable may take its name; when not, the report says so and its field is bound to nothing. */
function isFree(planning: Planning, draft: Draft): boolean {
  const holder = planning.names.get(draft.name);
  if (holder === undefined) {
    planning.names.set(draft.name, draft.id);
    return true;
  }
  lossesOf(planning, draft.token.key).lossy.push(
    `its ${draft.part ?? ''} is bound to no variable: the name \`${draft.name}\` is \`${holder}\`’s`,
  );
  return false;
}

/** The part variables of a typography, or undefined when some part is carried in no mode (noted as skipped). */
function typographyParts(planning: Planning, token: Token, light: Typography): Draft[] | undefined {
  const { modes, words } = planning;
  const typographies = new Map(modes.map((mode) => [mode, typographyIn(token, mode)]));
  const parts: Draft[] = [];
  for (const [part, resolvedType, scope] of TEXT_PARTS) {
    const omittedSomewhere = part === 'lineHeight' && [...typographies.values()].some((value) => value.omitted?.includes(part) === true);
    if (omittedSomewhere) {
      if (light.omitted?.includes('lineHeight') !== true)
        lossesOf(planning, token.key).lossy.push(
          'its line height is left out in some modes: the text style keeps light’s, bound to no variable',
        );
      continue;
    }
    const carried = literalsOf(modes, (mode) => typographyPart(typographyIn(token, mode), part));
    if ('reasons' in carried) {
      lossesOf(planning, token.key).skipped.push(perModeReason(modes, carried.reasons));
      return undefined;
    }
    const cssPart = joinWords(wordsIn(words, token.key), PART_WORDS[part]);
    parts.push({
      id: `${token.key}#${part}`,
      token,
      part,
      name: figmaVariableName(token.key, part),
      resolvedType,
      scopes: [scope],
      codeSyntax: { WEB: `var(--${cssPart})` },
      literals: carried.literals,
      references: partReferences(modes, token, part),
    });
  }
  return parts;
}

/** Drafts a typography's text style and its part variables. */
function addTypography(planning: Planning, token: Token): void {
  const light = typographyIn(token, 'light');
  const parts = typographyParts(planning, token, light);
  if (parts === undefined) return;
  const family = light.fontFamily.families[0] ?? '';
  if (isGenericFamily(family))
    lossesOf(planning, token.key).lossy.push(`its family \`${family}\` is generic: Figma needs a font it can load`);
  if (light.fontFamily.families.length > 1)
    lossesOf(planning, token.key).lossy.push(
      `its fallback families (${light.fontFamily.families.slice(1).join(', ')}) are not carried: a Figma font is one family`,
    );
  const lineHeight: FigmaPlanTextStyle['lineHeight'] =
    light.omitted?.includes('lineHeight') === true
      ? { unit: 'AUTO' }
      : light.lineHeight.kind === 'number'
        ? { unit: 'PERCENT', value: roundForPlatform(light.lineHeight.value * 100) }
        : { unit: 'PIXELS', value: carriedNumber(typographyPart(light, 'lineHeight')) };
  const letterSpacing: FigmaPlanTextStyle['letterSpacing'] =
    light.letterSpacing.unit === 'em'
      ? { unit: 'PERCENT', value: roundForPlatform(light.letterSpacing.value * 100) }
      : { unit: 'PIXELS', value: carriedNumber(typographyPart(light, 'letterSpacing')) };
  const free = parts.filter((draft) => isFree(planning, draft));
  planning.drafts.push(...free);
  planning.textStyles.push({
    id: token.key,
    token: token.key,
    name: figmaVariableName(token.key),
    description: descriptionOf(token),
    fontFamily: family,
    fontWeight: light.fontWeight.value,
    fontSize: carriedNumber(lengthOf(light.fontSize)),
    lineHeight,
    letterSpacing,
    boundVariables: Object.fromEntries(free.flatMap((draft) => (draft.part === undefined ? [] : [[draft.part, draft.id]]))),
  });
}

/** The shape of a shadow's layers in each mode (`drop, inset`; `unreadable` for a value written as text). */
function shadowShapes(modes: readonly string[], token: Token): Map<string, string> {
  const shapes = new Map<string, string>();
  for (const mode of modes) {
    const value = valueIn(token, mode);
    const layers = value.kind === 'shadow' ? value.layers : null;
    shapes.set(mode, layers === null ? 'unreadable' : layers.map((layer) => (layer.inset ? 'inset' : 'drop')).join(', '));
  }
  return shapes;
}

/** A shadow token's layer at `index` in `mode`, for a shadow whose layers have light's shape in every mode. */
function layerIn(token: Token, mode: string, index: number): ShadowLayer {
  const value = valueIn(token, mode);
  if (value.kind !== 'shadow' || value.layers === null) throw new TypeError(`\`${token.key}\` has no layers in mode ${mode}`);
  return itemAt(value.layers, index);
}

/** Drafts a shadow's effect style and, when its layers have one shape in every mode, their part variables. */
function addShadow(planning: Planning, token: Token): void {
  const light = token.resolved.light;
  if (light.kind !== 'shadow' || light.layers === null) {
    lossesOf(planning, token.key).skipped.push(
      `its light value \`${light.kind === 'shadow' ? light.text : light.kind}\` is no shadow the plan can read`,
    );
    return;
  }
  const shapes = shadowShapes(planning.modes, token);
  const lightShape = shapes.get('light');
  const differing = [...shapes].filter(([, shape]) => shape !== lightShape).map(([mode]) => mode);
  const effects: FigmaPlanShadowEffect[] = [];
  const parts: Draft[] = [];
  for (const [index, layer] of light.layers.entries()) {
    const lengths = {
      x: layerPart(layer, 'offsetX'),
      y: layerPart(layer, 'offsetY'),
      radius: layerPart(layer, 'blur'),
      spread: layerPart(layer, 'spread'),
    };
    const refused = Object.values(lengths).find((each): each is { reason: string } => 'reason' in each);
    if (refused !== undefined) {
      lossesOf(planning, token.key).skipped.push(`its layer ${index + 1}: ${refused.reason}`);
      return;
    }
    const bound = differing.length === 0 ? layerParts(planning, token, index, parts) : {};
    if (bound === undefined) return;
    effects.push({
      type: layer.inset ? 'INNER_SHADOW' : 'DROP_SHADOW',
      color: figmaRgba(layer.color),
      offset: { x: carriedNumber(lengths.x), y: carriedNumber(lengths.y) },
      radius: carriedNumber(lengths.radius),
      spread: carriedNumber(lengths.spread),
      visible: true,
      blendMode: 'NORMAL',
      boundVariables: bound,
    });
  }
  if (differing.length > 0)
    lossesOf(planning, token.key).lossy.push(
      `its layers differ from light’s in mode${differing.length === 1 ? '' : 's'} ${differing.join(', ')} (${differing.map((mode) => shapes.get(mode)).join('; ')} against ${lightShape}): an effect style has one set of layers, so it holds light’s, bound to no variable`,
    );
  planning.drafts.push(...parts);
  planning.effectStyles.push({
    id: token.key,
    token: token.key,
    name: figmaVariableName(token.key),
    description: descriptionOf(token),
    effects,
  });
}

/**
 * The part variables of a shadow's layer at `index` (pushed onto `parts`), by the effect field each binds; undefined
 * when some part is carried in no mode (noted as skipped).
 */
function layerParts(
  planning: Planning,
  token: Token,
  index: number,
  parts: Draft[],
): Partial<Record<'color' | 'offsetX' | 'offsetY' | 'radius' | 'spread', string>> | undefined {
  const bound: Partial<Record<'color' | 'offsetX' | 'offsetY' | 'radius' | 'spread', string>> = {};
  for (const [field, resolvedType, scope] of LAYER_PARTS) {
    const path = `layers.${index}.${field}`;
    const carried = literalsOf(planning.modes, (mode) => layerPart(layerIn(token, mode, index), field));
    if ('reasons' in carried) {
      lossesOf(planning, token.key).skipped.push(perModeReason(planning.modes, carried.reasons));
      return undefined;
    }
    const id = `${token.key}#${path}`;
    const draft: Draft = {
      id,
      token,
      part: path,
      name: figmaVariableName(token.key, path),
      resolvedType,
      scopes: [scope],
      codeSyntax: {},
      literals: carried.literals,
      references: partReferences(planning.modes, token, path),
    };
    if (!isFree(planning, draft)) continue;
    parts.push(draft);
    bound[field === 'blur' ? 'radius' : field] = id;
  }
  return bound;
}

/** A drafted variable as the plan writes it, each mode's reference made an alias where Figma's gives the same value. */
function variableOf(planning: Planning, byVariable: ReadonlyMap<string, Draft>, draft: Draft): FigmaPlanVariable {
  const valuesByMode: Record<string, FigmaPlanValue> = {};
  for (const mode of planning.modes) {
    const literal = mapValueAt(draft.literals, mode);
    valuesByMode[mode] = aliasOrLiteral(planning, byVariable, draft, mode, literal);
  }
  return {
    id: draft.id,
    token: draft.token.key,
    ...(draft.part === undefined ? {} : { part: draft.part }),
    collection: planning.system.meta.id,
    name: draft.name,
    resolvedType: draft.resolvedType,
    description: descriptionOf(draft.token),
    scopes: draft.scopes,
    codeSyntax: draft.codeSyntax,
    valuesByMode,
  };
}

/** The alias (or composed color) a mode's reference becomes, or the literal when Figma's alias would not give the same value. */
function aliasOrLiteral(
  planning: Planning,
  byVariable: ReadonlyMap<string, Draft>,
  draft: Draft,
  mode: string,
  literal: FigmaPlanValue,
): FigmaPlanValue {
  const reference = draft.references.get(mode);
  if (reference === undefined) return literal;
  const what = draft.part === undefined ? 'its reference' : `its ${draft.part}’s reference`;
  const lose = (why: string): FigmaPlanValue => {
    lossesOf(planning, draft.token.key).lossy.push(`in mode ${mode}, ${what} to \`${reference.key}\` is carried as its value: ${why}`);
    return literal;
  };
  if (reference.adjusted) return lose('the part changes the value it takes (an opacity over the color)');
  const target = byVariable.get(reference.key);
  if (target === undefined) return lose(`\`${reference.key}\` is no Figma variable`);
  if (target.resolvedType !== draft.resolvedType) return lose(`\`${reference.key}\` is a ${target.resolvedType} variable`);
  const targetValue = mapValueAt(target.literals, mode);
  const alias = { type: 'VARIABLE_ALIAS', variable: target.id } as const;
  if (reference.alpha === undefined)
    return sameValue(targetValue, literal) ? alias : lose(`\`${reference.key}\`’s variable has another value there`);
  // A `ref` with `alpha` is a color token's: both values are Figma colors.
  if (!isFigmaRgba(targetValue) || !isFigmaRgba(literal)) return lose(`\`${reference.key}\` is no color there`);
  if (targetValue.a !== 1)
    return lose(`\`${reference.key}\` is translucent there, and a composed color’s opacity would not replace its alpha`);
  if (targetValue.r !== literal.r || targetValue.g !== literal.g || targetValue.b !== literal.b)
    return lose(`\`${reference.key}\`’s variable has another color there`);
  return { color: alias, opacity: roundForPlatform(reference.alpha * 100) };
}

const isFigmaRgba = (value: FigmaPlanValue): value is FigmaPlanRgba =>
  typeof value === 'object' && 'r' in value && 'g' in value && 'b' in value && 'a' in value;

/** Per token, why it is left out or what it lost, sorted by token. */
function notCarriedOf(losses: ReadonlyMap<string, Losses>): FigmaPlanNotCarried[] {
  const unique = (reasons: readonly string[]): string[] => [...new Set(reasons)];
  return [...losses]
    .map(([token, { skipped, lossy }]): FigmaPlanNotCarried => {
      if (skipped.length === 0) return { token, level: 'lossy', reason: unique(lossy).join('; ') };
      return { token, level: 'skipped', reason: unique(skipped).join('; ') };
    })
    .sort((a, b) => (a.token < b.token ? -1 : a.token > b.token ? 1 : 0));
}

/** `JSON.stringify` with every object's keys sorted: the same plan, the same bytes. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries);
}

/**
 * The Figma plan as JSON: two-space indents, every object's keys sorted, lists sorted by id.
 * @example renderFigmaPlan(acme) // '{\n  "collections": [\n    {\n      "id": "acme", ...'
 */
export function renderFigmaPlan(system: CompiledDesignSystem): string {
  return `${JSON.stringify(buildFigmaPlan(system), sortedKeys, 2)}\n`;
}
