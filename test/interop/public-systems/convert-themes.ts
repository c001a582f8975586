import { stringify } from 'yaml';
import { wordsOfKey } from '../../../src/compile/key-words.js';
import type { TokenType } from '../../../src/compile/types.js';
import { readShadow, readValue } from './css-value-oracle.js';
import type { Length, OracleShadowLayer, OracleValue, Rgba8 } from './css-value-oracle.js';

/** One theme of a package: the mode it becomes, its base, and its custom properties with `var()` resolved. */
export interface ThemeInput {
  readonly mode: string;
  /** `null` for `light`; `dark` and further modes name the mode unset values come from. */
  readonly base: string | null;
  readonly media?: string;
  readonly properties: ReadonlyMap<string, string>;
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
  /** Shadows written inline (one layer: x, y, blur, spread + a helper color token) and as primitives (the text). */
  readonly shadowsInline: number;
  readonly shadowsAsPrimitives: number;
  /** Color tokens added for inline shadows (`interop-shadow-color.<key>`): served, not compared on their own. */
  readonly helperColorTokens: number;
  readonly notes: readonly string[];
}

export interface Conversion {
  /** Path inside the design system folder -> YAML text. */
  readonly files: Readonly<Record<string, string>>;
  readonly tokens: readonly ConvertedToken[];
  readonly helperKeys: readonly string[];
  readonly report: ConversionReport;
}

/** The group of the color tokens behind inline shadows. */
export const HELPER_GROUP = 'interop-shadow-color';

type Fields = Readonly<Record<string, string | number>>;
type Decision =
  | {
      readonly type: TokenType;
      readonly fields: readonly Fields[];
      readonly helperColors?: readonly Fields[];
      readonly shadow?: 'inline' | 'primitive';
    }
  | { readonly skip: string };

const KEY_SEGMENT = /^[A-Za-z0-9_-]+$/;
const LENGTH_TYPES: readonly TokenType[] = ['spacing', 'radius', 'font.size', 'font.letterSpacing'];
const CSS_SAFE = (text: string): boolean =>
  // eslint-disable-next-line no-control-regex -- control characters are what the server refuses
  text.trim().length > 0 && text.length <= 500 && !/[;{}<>\\\u0000-\u001f\u007f]/.test(text);

const hexByte = (byte: number): string => byte.toString(16).padStart(2, '0').toUpperCase();
/** A color as the literal every converted color token is written with: `#RRGGBBAA`. */
export const hex8 = (color: Rgba8): string => `#${[color.red, color.green, color.blue, color.alpha].map(hexByte).join('')}`;

const asLength = (value: OracleValue): Length | undefined =>
  value.kind === 'length' ? value.length : value.kind === 'number' && value.value === 0 ? { value: 0, unit: '' } : undefined;
const lengthFields = (length: Length): Fields => ({ value: length.value, unit: length.unit === '' ? 'px' : length.unit });

/** Why a value no token type holds is skipped, from its text. */
function describeUnsupported(text: string, hint: TokenType | undefined): string {
  if (/var\(/.test(text)) return 'references a custom property the package does not declare';
  if (/^[+-]?[\d.]+%$/.test(text)) return 'a percentage (no token type takes %)';
  if (/gradient\(/.test(text)) return 'a gradient (no token type)';
  if (/^\S+\s+(solid|dashed|dotted|double)\s+\S+$/.test(text)) return 'a border shorthand: width style color (no token type)';
  if (/\d(m?s)\s+cubic-bezier\(/.test(text)) return 'a transition shorthand: duration easing (no token type)';
  if (/\s\/\s/.test(text) || (hint === undefined && /^\d{3}\s/.test(text)))
    return 'a font shorthand: weight size/line-height family (no token type)';
  if (/^(['"]).*\1$/.test(text)) return 'a quoted string (no token type)';
  if (/^[A-Za-z-]+$/.test(text)) return `a keyword${hint === undefined ? '' : ` where a ${hint} is expected`} (no token type)`;
  const shadow = readShadow(text);
  if (shadow?.some((layer) => layer.color === undefined) === true)
    return 'a shadow layer without a color (currentColor): not a typed shadow';
  return 'a value syntax no token type takes';
}

/** One layer, not inset, px (or unitless 0) lengths and a color: a shadow the inline fields can write. */
const isInlineLayer = (layers: readonly OracleShadowLayer[]): boolean =>
  layers.length === 1 &&
  !(layers[0] as OracleShadowLayer).inset &&
  (layers[0] as OracleShadowLayer).lengths.every((length) => length.unit === 'px' || length.unit === '') &&
  (layers[0] as OracleShadowLayer).color !== undefined;

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
      return { skip: 'a shadow layer without a color (currentColor): not a typed shadow' };
    if (!texts.every(CSS_SAFE)) return { skip: 'a shadow text a shadow primitive refuses' };
    if (values.every((value) => isInlineLayer(value.layers))) {
      const layers = values.map((value) => value.layers[0] as OracleShadowLayer);
      return {
        type: 'shadow',
        shadow: 'inline',
        fields: layers.map((layer) => {
          const [x, y, blur, spread] = layer.lengths.map((length) => length.value) as [number, number, number, number];
          return { x, y, blur, spread };
        }),
        helperColors: layers.map((layer) => ({ color: hex8(layer.color as Rgba8) })),
      };
    }
    return { type: 'shadow', shadow: 'primitive', fields: texts.map((text) => ({ text })) };
  }
  const lengths = values.map(asLength);
  if (
    lengths.every((length) => length !== undefined) &&
    (values.some((value) => value.kind === 'length') || (hint !== undefined && LENGTH_TYPES.includes(hint)))
  ) {
    if (hint === 'font.lineHeight') return { skip: 'a line height as a length (font.lineHeight takes a unitless multiplier)' };
    if (hint !== undefined && !LENGTH_TYPES.includes(hint)) return { skip: `a length where a ${hint} is expected` };
    const type = hint ?? 'spacing';
    if (type !== 'font.letterSpacing' && lengths.some((length) => length.unit === 'em'))
      return { skip: 'an em length (only font.letterSpacing takes em)' };
    if (type === 'radius' && lengths.some((length) => length.value < 0)) return { skip: 'a negative radius' };
    if (type === 'font.size' && lengths.some((length) => length.value <= 0)) return { skip: 'a font size ≤ 0' };
    return { type, fields: lengths.map(lengthFields) };
  }
  if (all('number', values)) {
    const numbers = values.map((value) => value.value);
    const fields = numbers.map((value) => ({ value }));
    switch (hint) {
      case 'font.weight':
        return numbers.every((value) => value >= 1 && value <= 1000) ? { type: hint, fields } : { skip: 'a font weight outside 1-1000' };
      case 'font.lineHeight':
        return numbers.every((value) => value > 0)
          ? { type: hint, fields }
          : { skip: 'a line height ≤ 0 (font.lineHeight takes a multiplier > 0)' };
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
  if (new Set(values.map((value) => value.kind)).size > 1 && values.every((value) => value.kind !== 'text'))
    return { skip: 'a value of another kind in some themes' };
  const text = texts.find((_text, index) => values[index]?.kind === 'text') ?? texts[0] ?? '';
  return { skip: describeUnsupported(text, hint) };
}

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
 * differs from its base, shadow primitives, and the report of what was converted and what was skipped, why.
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
  const tokens: ConvertedToken[] = [];
  const documents = new Map<string, Record<string, unknown>>();
  const primitives: Record<string, string> = {};
  const helperKeys: string[] = [];
  const servedNames = new Map<string, string>();
  let modeOverrides = 0;
  let shadowsInline = 0;
  let shadowsAsPrimitives = 0;
  const add = (file: string, key: string, token: Record<string, unknown>): void => {
    const document = documents.get(file) ?? {};
    document[key] = token;
    documents.set(file, document);
  };
  const claimName = (key: string, property: string): string | undefined => {
    const words = wordsOfKey(key);
    const holder = servedNames.get(words);
    if (holder !== undefined) return holder;
    servedNames.set(words, property);
    return undefined;
  };
  for (const property of allProperties) {
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
    const hint = input.typeHint(property);
    const decision = decide(texts as string[], hint);
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
    const file = `tokens/${(key.split('-')[0] as string).toLowerCase()}.yaml`;
    let fieldsPerMode = decision.fields;
    if (decision.shadow === 'primitive') {
      // One primitive per mode whose text differs from its base's: `<key>` for light, `<key>__<mode>` for the others.
      fieldsPerMode = decision.fields.map((fields, index) => {
        const primitive = index === 0 ? key : `${key}__${(themes[index] as ThemeInput).mode}`;
        return { primitive: `shadow.${primitive}`, text: fields['text'] as string };
      });
      shadowsAsPrimitives += 1;
    }
    const { light, modes } = withOverrides(
      themes,
      fieldsPerMode.map((fields) => (decision.shadow === 'primitive' ? { text: fields['text'] as string } : fields)),
    );
    const primitiveOf = (mode: string): Fields => {
      const fields = fieldsPerMode[themes.findIndex((theme) => theme.mode === mode)] as Fields;
      primitives[(fields['primitive'] as string).slice('shadow.'.length)] = fields['text'] as string;
      return { primitive: fields['primitive'] as string };
    };
    const token: Record<string, unknown> = { type: decision.type };
    if (decision.shadow === 'primitive') Object.assign(token, primitiveOf('light'));
    else Object.assign(token, light);
    const overrides: Record<string, Fields> = {};
    for (const [mode, fields] of Object.entries(modes)) overrides[mode] = decision.shadow === 'primitive' ? primitiveOf(mode) : fields;
    if (decision.shadow === 'inline') {
      const helperKey = `${HELPER_GROUP}.${key}`;
      const helperClash = claimName(helperKey, helperKey);
      if (helperClash !== undefined) throw new Error(`helper ${helperKey} has the CSS name of ${helperClash}`);
      const helper = withOverrides(themes, decision.helperColors ?? []);
      const helperToken: Record<string, unknown> = { type: 'color', ...helper.light };
      if (Object.keys(helper.modes).length > 0) helperToken['modes'] = helper.modes;
      modeOverrides += Object.keys(helper.modes).length;
      add(`tokens/${HELPER_GROUP}.yaml`, helperKey, helperToken);
      helperKeys.push(helperKey);
      Object.assign(token, { colorToken: helperKey, opacity: 1 });
      shadowsInline += 1;
    }
    if (Object.keys(overrides).length > 0) token['modes'] = overrides;
    modeOverrides += Object.keys(overrides).length;
    add(file, key, token);
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
  if (Object.keys(primitives).length > 0) files['primitives.yaml'] = yaml({ primitives: { shadow: primitives } });
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
    helperKeys,
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
      shadowsInline,
      shadowsAsPrimitives,
      helperColorTokens: helperKeys.length,
      notes: input.notes ?? [],
    },
  };
}
