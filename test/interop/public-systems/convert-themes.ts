import { stringify } from 'yaml';
import { wordsOfKey } from '../../../src/compile/values/key-words.js';
import type { TokenType } from '../../../src/compile/types.js';
import { readShadow, readValue, splitTopLevel } from './css-value-oracle.js';
import type { Length, OracleValue, Rgba8 } from './css-value-oracle.js';

/** One theme of a package: the mode it becomes, its base, and its custom properties with `var()` resolved. */
export interface ThemeInput {
  readonly mode: string;
  /** `null` for `light`; `dark` and further modes name the mode unset values come from. */
  readonly base: string | null;
  readonly media?: string;
  readonly properties: ReadonlyMap<string, string>;
  /** The same properties as the package writes them (`var(--x)` kept): where they are, the tokens refer. */
  readonly written?: ReadonlyMap<string, string>;
}

export interface ConversionInput {
  readonly slug: string;
  readonly name: string;
  readonly description: string;
  /** light first, dark second, then the further modes (a base before the modes based on it). */
  readonly themes: readonly ThemeInput[];
  /** The token type a property's name (or the package's own metadata) calls for; undefined when nothing says. */
  readonly typeHint: (property: string) => TokenType | undefined;
  /** Properties of the package left out before conversion (declared only under a media query...), with why. */
  readonly skippedBefore?: readonly { readonly property: string; readonly reason: string }[];
  /** Properties the package marks deprecated (in its doc comments), with the message and the replacement property. */
  readonly deprecated?: ReadonlyMap<string, { readonly message: string; readonly replacement?: string }>;
  /** What the conversion leaves out besides whole properties (conditional variants...), for the report. */
  readonly notes?: readonly string[];
}

/** A token the conversion wrote, and the package property it stands for. */
export interface ConvertedToken {
  readonly key: string;
  /** The package's custom property (with `--`). */
  readonly property: string;
  readonly type: TokenType;
}

export interface ConversionReport {
  readonly designSystem: string;
  readonly modes: readonly string[];
  /** Custom properties a page with each theme sees (the theme's stylesheet with the shared ones), per mode. */
  readonly propertiesPerTheme: Readonly<Record<string, number>>;
  /** Distinct custom properties of the package's stylesheets read (every theme together). */
  readonly tokensInPackage: number;
  readonly converted: number;
  readonly convertedByType: Readonly<Record<string, number>>;
  readonly skipped: number;
  /** Reason -> the properties skipped for it. */
  readonly skippedByReason: Readonly<Record<string, readonly string[]>>;
  /** `modes.<mode>` overrides written (a value that differs from the mode's base). */
  readonly modeOverrides: number;
  /** Tokens written `deprecated` (with a `replacement` when the package names a converted token). */
  readonly deprecated: number;
  readonly deprecatedWithReplacement: number;
  /** Shadows written as `layers`. */
  readonly shadowLayers: number;
  /** Mode values written as `ref: <key>` (the whole value), and composite parts written as `{key}`. */
  readonly references: number;
  readonly partReferences: number;
  /** Properties with a `var()` that could not be kept in some mode (its target is no token of a type it may name). */
  readonly flattened: readonly string[];
  readonly notes: readonly string[];
}

export interface Conversion {
  /** Path inside the design system folder -> YAML text. */
  readonly files: Readonly<Record<string, string>>;
  readonly tokens: readonly ConvertedToken[];
  readonly report: ConversionReport;
}

type Fields = Readonly<Record<string, unknown>>;
/** A composite the package writes as a shorthand: its fields are read from the written text, part by part. */
type Shorthand = 'border' | 'typography' | 'transition';
interface Typed {
  readonly type: TokenType;
  readonly fields: readonly Fields[];
  readonly shorthand?: Shorthand;
}
type Decision = Typed | { readonly skip: string };

const KEY_SEGMENT = /^[A-Za-z0-9_-]+$/;
/** The units each length type takes (`''`: a unitless 0, written as px). */
const UNITS: Readonly<Partial<Record<TokenType, readonly string[]>>> = {
  spacing: ['', 'px', 'rem', 'em'],
  radius: ['', 'px', 'rem', 'em', '%'],
  'font.size': ['', 'px', 'rem', 'em', '%'],
  'font.letterSpacing': ['', 'px', 'rem', 'em'],
  'font.lineHeight': ['', 'px', 'rem', 'em', '%'],
  dimension: ['', 'px', 'rem', 'em', '%'],
};
const LENGTH_TYPES = Object.keys(UNITS) as TokenType[];
// eslint-disable-next-line no-control-regex -- control characters are what the server refuses
const UNSAFE = /[;{}<>\\\u0000-\u001f\u007f-\u009f\ud800-\udfff]|\p{Noncharacter_Code_Point}/u;
const CSS_SAFE = (text: string): boolean => text.trim().length > 0 && text.length <= 500 && !UNSAFE.test(text);

const hexByte = (byte: number): string => byte.toString(16).padStart(2, '0').toUpperCase();
/** A color as the literal every converted color token is written with: `#RRGGBBAA`. */
export const hex8 = (color: Rgba8): string => `#${[color.red, color.green, color.blue, color.alpha].map(hexByte).join('')}`;

const asLength = (value: OracleValue): Length | undefined =>
  value.kind === 'length' ? value.length : value.kind === 'number' && value.value === 0 ? { value: 0, unit: '' } : undefined;
const lengthFields = (length: Length): Fields => ({ value: length.value, unit: length.unit === '' ? 'px' : length.unit });
/** A length as a composite part or shadow layer writes it: a number of px, or text with its unit. */
const lengthLiteral = (length: Length): number | string =>
  length.unit === '' || length.unit === 'px' ? length.value : `${length.value}${length.unit}`;

const BORDER = /^(\S+)\s+(solid|dashed|dotted|double|groove|ridge|outset|inset)\s+(\S+)$/;
const FONT = /^(\S+)\s+(\S+)\s*\/\s*(\S+)\s+(.+)$/;
const EASING_KEYWORD = /^(ease|linear|ease-in|ease-out|ease-in-out)$/;

/** Which shorthand a (resolved) text is, if any. */
function shorthandOf(text: string): Shorthand | undefined {
  if (BORDER.test(text)) return 'border';
  if (FONT.test(text)) return 'typography';
  const words = splitTopLevel(text, ' ');
  const kinds = words.map((word) => readValue(word).kind);
  if (
    (words.length === 2 || (words.length === 3 && kinds[2] === 'duration')) &&
    kinds[0] === 'duration' &&
    (kinds[1] === 'cubicBezier' || EASING_KEYWORD.test(words[1] as string))
  )
    return 'transition';
  return undefined;
}

/** Why a value no token type holds is skipped, from its text. */
function describeUnsupported(text: string, hint: TokenType | undefined): string {
  if (/var\(/.test(text)) return 'references a custom property the package does not declare';
  if (/gradient\(/.test(text)) return 'a gradient in a syntax the gradient type does not take';
  if (/^(['"]).*\1$/.test(text)) return 'a quoted string (no token type)';
  if (/^[A-Za-z-]+$/.test(text)) return `a keyword${hint === undefined ? '' : ` where a ${hint} is expected`} (no token type)`;
  const shadow = readShadow(text);
  if (shadow?.some((layer) => layer.color === undefined) === true)
    return 'a shadow layer without a color (currentColor): a shadow layer needs a color';
  return 'a value syntax no token type takes';
}

/** A length token of `type`, or why the lengths cannot be one. */
function lengthDecision(type: TokenType, lengths: readonly Length[]): Decision {
  const units = UNITS[type] ?? [];
  if (lengths.some((length) => !units.includes(length.unit))) {
    const unit = lengths.find((length) => !units.includes(length.unit))?.unit ?? '';
    return { skip: `a ${unit} length where a ${type} is expected` };
  }
  if (type === 'radius' && lengths.some((length) => length.value < 0)) return { skip: 'a negative radius' };
  if (type === 'font.size' && lengths.some((length) => length.value <= 0)) return { skip: 'a font size ≤ 0' };
  return { type, fields: lengths.map(lengthFields) };
}

/** The token type and the value fields per mode of a property with `texts` (one per mode), or why it is skipped. */
function decide(texts: readonly string[], hint: TokenType | undefined): Decision {
  if (hint === 'font.family') {
    return texts.every(CSS_SAFE)
      ? { type: 'font.family', fields: texts.map((text) => ({ value: text })) }
      : { skip: 'a font stack with characters font.family refuses' };
  }
  const values = texts.map(readValue);
  const all = <Kind extends OracleValue['kind']>(
    kind: Kind,
    list: readonly OracleValue[],
  ): list is Extract<OracleValue, { kind: Kind }>[] => list.every((value) => value.kind === kind);
  if (all('color', values)) return { type: 'color', fields: values.map((value) => ({ color: hex8(value.color) })) };
  if (all('shadow', values)) {
    if (values.some((value) => value.layers.some((layer) => layer.color === undefined)))
      return { skip: 'a shadow layer without a color (currentColor): a shadow layer needs a color' };
    return {
      type: 'shadow',
      fields: values.map((value) => ({
        layers: value.layers.map((layer) => {
          const [x, y, blur, spread] = layer.lengths.map(lengthLiteral) as [number, number, number, number];
          return { x, y, blur, spread, color: hex8(layer.color as Rgba8), ...(layer.inset ? { inset: true } : {}) };
        }),
      })),
    };
  }
  // A line height: a multiplier or a length.
  if (hint === 'font.lineHeight' && values.every((value) => value.kind === 'number' || value.kind === 'length')) {
    if (values.some((value) => (value.kind === 'number' ? value.value : value.length.value) <= 0))
      return { skip: 'a line height of 0 (font.lineHeight takes a multiplier or a length > 0)' };
    return {
      type: hint,
      fields: values.map((value) => (value.kind === 'number' ? { value: value.value } : lengthFields(value.length))),
    };
  }
  const lengths = values.map(asLength);
  if (
    lengths.every((length) => length !== undefined) &&
    (values.some((value) => value.kind === 'length') || (hint !== undefined && LENGTH_TYPES.includes(hint)))
  ) {
    if (hint !== undefined && !LENGTH_TYPES.includes(hint)) return { skip: `a length where a ${hint} is expected` };
    const decision = lengthDecision(hint ?? 'spacing', lengths);
    return 'skip' in decision && hint === undefined ? lengthDecision('dimension', lengths) : decision;
  }
  if (all('number', values)) {
    const numbers = values.map((value) => value.value);
    const fields = numbers.map((value) => ({ value }));
    switch (hint) {
      case 'font.weight':
        return numbers.every((value) => value >= 1 && value <= 1000) ? { type: hint, fields } : { skip: 'a font weight outside 1-1000' };
      case 'z-index':
        return numbers.every(Number.isInteger) ? { type: hint, fields } : { skip: 'a z-index that is not an integer' };
      case 'opacity':
        return numbers.every((value) => value >= 0 && value <= 1) ? { type: hint, fields } : { skip: 'an opacity outside 0-1' };
      default:
        return { skip: 'a unitless number with no token type (not a weight, line height, z-index or opacity)' };
    }
  }
  if (all('duration', values)) {
    return values.every((value) => value.ms >= 0)
      ? { type: 'duration', fields: values.map((value) => ({ value: value.ms })) }
      : { skip: 'a negative duration' };
  }
  if (all('cubicBezier', values)) {
    return values.every((value) => [value.points[0], value.points[2]].every((x) => x !== undefined && x >= 0 && x <= 1))
      ? { type: 'easing', fields: texts.map((text) => ({ value: text })) }
      : { skip: 'a cubic-bezier with x outside 0-1' };
  }
  if (all('text', values) && texts.every((text) => EASING_KEYWORD.test(text)))
    return { type: 'easing', fields: texts.map((text) => ({ value: text })) };
  const shorthands = texts.map(shorthandOf);
  const shorthand = shorthands[0];
  if (shorthand !== undefined && shorthands.every((each) => each === shorthand)) {
    const types: Record<Shorthand, TokenType> = { border: 'border', typography: 'typography', transition: 'transition' };
    return { type: types[shorthand], fields: texts.map(() => ({})), shorthand };
  }
  if (new Set(values.map((value) => value.kind)).size > 1 && values.every((value) => value.kind !== 'text'))
    return { skip: 'a value of another kind in some themes' };
  const text = texts.find((_text, index) => values[index]?.kind === 'text') ?? texts[0] ?? '';
  return { skip: describeUnsupported(text, hint) };
}

/** The token types a composite part may refer to. */
const PART_TYPES: Readonly<Record<string, readonly TokenType[]>> = {
  fontFamily: ['font.family'],
  fontSize: ['font.size', 'dimension'],
  fontWeight: ['font.weight'],
  lineHeight: ['font.lineHeight'],
  width: ['dimension'],
  color: ['color'],
  duration: ['duration'],
  timingFunction: ['easing'],
};

const WHOLE_REFERENCE = /^var\(\s*--([A-Za-z0-9_-]+)\s*\)$/;

const sameFields = (a: Fields, b: Fields): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Light's fields and the `modes:` overrides that reproduce `perMode` (fields per mode, in `themes` order): a mode gets
 * an override only where its fields differ from what its base ends up with.
 */
function withOverrides(themes: readonly ThemeInput[], perMode: readonly Fields[]): { light: Fields; modes: Record<string, Fields> } {
  const effective = new Map<string, Fields>();
  const modes: Record<string, Fields> = {};
  themes.forEach((theme, index) => {
    const own = perMode[index] as Fields;
    const inherited = theme.base === null ? undefined : effective.get(theme.base);
    if (theme.base !== null && inherited === undefined) throw new Error(`mode ${theme.mode} comes before its base ${theme.base}`);
    if (inherited !== undefined && sameFields(own, inherited)) effective.set(theme.mode, inherited);
    else {
      if (inherited !== undefined) modes[theme.mode] = own;
      effective.set(theme.mode, own);
    }
  });
  return { light: perMode[0] as Fields, modes };
}

/**
 * Converts the themes of a package into one design system in our YAML format: `system.yaml` declaring every mode
 * beyond light and dark with its base, tokens with light's value and a `modes.<mode>` override wherever a theme
 * differs from its base, and the report of what was converted and what was skipped, why. A value the package writes
 * as `var(--x)` becomes `ref: x` in that mode when `--x` is a token of the same type; a shorthand's parts written as
 * `var(--x)` become `{x}`; anything else that refers is written resolved (and counted as flattened).
 */
export function convertThemes(input: ConversionInput): Conversion {
  const { themes } = input;
  if (themes[0]?.mode !== 'light' || themes[1]?.mode !== 'dark') throw new Error('themes must start with light and dark');
  const allProperties = [...new Set(themes.flatMap((theme) => [...theme.properties.keys()]))].sort();
  const skipped = new Map<string, string[]>();
  const skip = (property: string, reason: string): void => {
    skipped.set(reason, [...(skipped.get(reason) ?? []), property]);
  };
  for (const { property, reason } of input.skippedBefore ?? []) skip(property, reason);
  const servedNames = new Map<string, string>();
  const claimName = (key: string, property: string): string | undefined => {
    const words = wordsOfKey(key);
    const holder = servedNames.get(words);
    if (holder !== undefined) return holder;
    servedNames.set(words, property);
    return undefined;
  };

  // First every property's type (what a reference may point at), then the values.
  // Of two properties whose CSS names clash, the one written as `var()` of the other gives way (it is the alias).
  const isAlias = (property: string): boolean =>
    themes.every((theme) => {
      const target = WHOLE_REFERENCE.exec((theme.written?.get(property) ?? '').trim())?.[1];
      return target !== undefined && wordsOfKey(target) === wordsOfKey(property.slice(2));
    });
  const decided = new Map<string, Typed>();
  for (const property of [...allProperties].sort((a, b) => Number(isAlias(a)) - Number(isAlias(b)))) {
    const key = property.slice(2);
    const texts = themes.map((theme) => theme.properties.get(property));
    if (texts.some((text) => text === undefined)) {
      skip(property, 'not declared in every theme');
      continue;
    }
    if (!KEY_SEGMENT.test(key)) {
      skip(property, 'a name a token key cannot hold');
      continue;
    }
    const decision = decide(texts as string[], input.typeHint(property));
    if ('skip' in decision) {
      skip(property, decision.skip);
      continue;
    }
    const clash = claimName(key, property);
    if (clash !== undefined) {
      const alias = themes.every((theme) => theme.properties.get(clash) === theme.properties.get(property));
      skip(
        property,
        alias ? 'an alias with the CSS name and the values of another property (kept)' : `the CSS name of another property (${clash})`,
      );
      continue;
    }
    decided.set(property, decision);
  }

  let references = 0;
  let partReferences = 0;
  const flattened = new Set<string>();
  let shadowLayers = 0;
  /** `{key}` for a part written `var(--key)` naming a token of an allowed type, else the part resolved. */
  const part = (property: string, theme: ThemeInput, text: string, name: string): { reference: string } | { literal: string } => {
    const match = WHOLE_REFERENCE.exec(text.trim());
    if (match === null) return { literal: text.trim() };
    const target = decided.get(`--${match[1] as string}`);
    if (target !== undefined && (PART_TYPES[name] ?? []).includes(target.type)) return { reference: match[1] as string };
    const resolved = theme.properties.get(`--${match[1] as string}`);
    if (resolved === undefined) throw new Error(`${text}: unknown property`);
    flattened.add(property);
    return { literal: resolved };
  };
  const literal = (name: string, text: string): unknown => {
    const value = readValue(text);
    if (name === 'color' && value.kind === 'color') return hex8(value.color);
    if (value.kind === 'number') return value.value;
    if (name === 'duration' && value.kind === 'duration') return value.ms;
    if (value.kind === 'length' && value.length.unit === '') return 0;
    return text;
  };
  const shorthandFields = (property: string, theme: ThemeInput, shorthand: Shorthand, text: string): Fields => {
    const match =
      shorthand === 'border' ? BORDER.exec(text) : shorthand === 'typography' ? FONT.exec(text) : ['', ...splitTopLevel(text, ' ')];
    if (match === null) throw new Error(`${text}: not a ${shorthand}`);
    const names = {
      border: ['width', 'style', 'color'],
      typography: ['fontWeight', 'fontSize', 'lineHeight', 'fontFamily'],
      transition: ['duration', 'timingFunction', 'delay'],
    }[shorthand];
    const fields: Record<string, unknown> = {};
    names.forEach((name, index) => {
      const written = match[index + 1];
      if (written === undefined) return;
      if (name === 'style') {
        fields[name] = written;
        return;
      }
      const each = part(property, theme, written, name);
      if ('reference' in each) {
        partReferences += 1;
        fields[name] = `{${each.reference}}`;
      } else fields[name] = literal(name, each.literal);
    });
    return fields;
  };

  let deprecated = 0;
  let deprecatedWithReplacement = 0;
  const tokens: ConvertedToken[] = [];
  const documents = new Map<string, Record<string, unknown>>();
  let modeOverrides = 0;
  for (const [property, decision] of decided) {
    const key = property.slice(2);
    const perMode = themes.map((theme, index): Fields => {
      const resolved = theme.properties.get(property) ?? '';
      const written = theme.written?.get(property) ?? resolved;
      const whole = WHOLE_REFERENCE.exec(written.trim());
      if (whole !== null) {
        const target = decided.get(`--${whole[1] as string}`);
        if (target?.type === decision.type) return { ref: whole[1] };
      }
      if (decision.shorthand !== undefined) {
        // A shorthand the package writes through one alias (`var(--other-shorthand)`) is read from the resolved text.
        return shorthandFields(property, theme, decision.shorthand, whole === null ? written : resolved);
      }
      if (/var\(/.test(written)) flattened.add(property);
      return decision.fields[index] as Fields;
    });
    references += perMode.filter((fields) => 'ref' in fields).length;
    if (decision.type === 'shadow') shadowLayers += 1;
    const { light, modes } = withOverrides(themes, perMode);
    const token: Record<string, unknown> = { type: decision.type, ...light };
    if (Object.keys(modes).length > 0) token['modes'] = modes;
    const deprecation = input.deprecated?.get(property);
    if (deprecation !== undefined) {
      const replacement =
        deprecation.replacement !== undefined && decided.has(deprecation.replacement) ? deprecation.replacement : undefined;
      token['deprecated'] = { message: deprecation.message, ...(replacement === undefined ? {} : { replacement: replacement.slice(2) }) };
      deprecated += 1;
      if (replacement !== undefined) deprecatedWithReplacement += 1;
    }
    modeOverrides += Object.keys(modes).length;
    const file = `tokens/${(key.split('-')[0] as string).toLowerCase()}.yaml`;
    const document = documents.get(file) ?? {};
    document[key] = token;
    documents.set(file, document);
    tokens.push({ key, property, type: decision.type });
  }

  const modesDeclared: Record<string, Record<string, string>> = {};
  for (const theme of themes.slice(2)) {
    modesDeclared[theme.mode] = { base: theme.base as string, ...(theme.media === undefined ? {} : { media: theme.media }) };
  }
  const yaml = (value: unknown): string => stringify(value, { lineWidth: 0 });
  const files: Record<string, string> = {
    'system.yaml': yaml({ name: input.name, description: input.description, id: input.slug, modes: modesDeclared }),
  };
  for (const [file, document] of documents) files[file] = yaml({ tokens: document });
  for (const [file, text] of Object.entries(files)) {
    if (Buffer.byteLength(text) > 1024 * 1024) throw new Error(`${file} is over the 1 MiB file limit; split it`);
  }

  const convertedByType: Record<string, number> = {};
  for (const token of tokens) convertedByType[token.type] = (convertedByType[token.type] ?? 0) + 1;
  const skippedByReason = Object.fromEntries([...skipped].sort(([a], [b]) => (a < b ? -1 : 1)));
  const skippedCount = [...skipped.values()].reduce((sum, list) => sum + list.length, 0);
  return {
    files,
    tokens,
    report: {
      designSystem: input.name,
      modes: themes.map((theme) => theme.mode),
      propertiesPerTheme: Object.fromEntries(themes.map((theme) => [theme.mode, theme.properties.size])),
      tokensInPackage: allProperties.length + (input.skippedBefore?.length ?? 0),
      converted: tokens.length,
      convertedByType,
      skipped: skippedCount,
      skippedByReason,
      modeOverrides,
      deprecated,
      deprecatedWithReplacement,
      shadowLayers,
      references,
      partReferences,
      flattened: [...flattened],
      notes: input.notes ?? [],
    },
  };
}
