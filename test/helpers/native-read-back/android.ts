import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { wordsOfKey } from '../../../src/compile/values/key-words.js';
import type { CompiledDesignSystem, DimensionValue, Token, TypedValue } from '../../../src/compile/types.js';
import { lintAndroid } from '../../../src/views/formats/android/export-android.js';
import { AAPT, ANDROID_FRAMEWORK, run } from '../native-tools.js';

/**
 * The Android resources read back as an app build reads them: compiled by `aapt package` against the Android
 * framework, then `aapt dump --values resources` parsed, each value as a device picks it (default and night
 * configurations, references followed); and what each resource must hold worked out from the compiled values (the
 * oracle). Used by test/views/formats/android/export-android.test.ts and scripts/verify-native-outputs.mjs.
 */

/** Java's keywords and literals: aapt refuses them as resource names (`invalid symbol`). */
const JAVA_KEYWORDS = new Set(
  (
    'abstract assert boolean break byte case catch char class const continue default do double else enum extends final ' +
    'finally float for goto if implements import instanceof int interface long native new package private protected ' +
    'public return short static strictfp super switch synchronized this throw throws transient try void volatile while ' +
    'true false null'
  ).split(' '),
);

/** What the docs promise a token's resource is called (written here from the rules, not from the module). */
function resourceName(key: string): string {
  const name = wordsOfKey(key).replaceAll('-', '_');
  return /^[0-9]/.test(name) || JAVA_KEYWORDS.has(name) ? `_${name}` : name;
}

function styleName(key: string): string {
  const words = wordsOfKey(key).split('-');
  return `TextAppearance.Tokens.${words.map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`).join('')}`;
}

/** A number as aapt keeps it, compared at 5 significant digits (a dimension is a 24-bit mantissa, a float 32 bits). */
const num = (value: number): string => String(Number(value.toPrecision(5)));

const hex2 = (value: number): string => value.toString(16).padStart(2, '0');

/** A length in dp or sp as the docs' units table says: px 1:1, rem x 16; undefined for units with no Android size. */
function lengthOf(dimension: Pick<DimensionValue, 'value' | 'unit'>, unit: 'dp' | 'sp'): string | undefined {
  const factor = { px: 1, rem: 16 }[dimension.unit as 'px' | 'rem'] as number | undefined;
  return factor === undefined ? undefined : `${num(dimension.value * factor)}${unit}`;
}

/** The first family Android can be given: vendor keywords (`-apple-system`) skipped, CSS generics as Android's. */
function familyOf(families: readonly string[]): string {
  const first = families.find((family) => !family.startsWith('-')) ?? 'sans-serif';
  const generic = /^(?:ui-)?(sans-serif|serif|monospace)$/.exec(first)?.[1];
  return first === 'system-ui' ? 'sans-serif' : (generic ?? first);
}

/** Everything a token is in one mode as Android resources, written as the parsed dump writes it; undefined when left out. */
export function expectedResource(token: Token, value: TypedValue): [string, string] | undefined {
  const name = resourceName(token.key);
  switch (value.kind) {
    case 'color': {
      const { red, green, blue, alpha } = value.color;
      return [`color/${name}`, `#${[Math.round(alpha * 255), red, green, blue].map(hex2).join('')}`];
    }
    case 'dimension': {
      if (token.type === 'font.letterSpacing' && value.unit === 'em') return [`dimen/${name}`, `float ${num(value.value)}`];
      const text = lengthOf(value, token.type.startsWith('font.') ? 'sp' : 'dp');
      return text === undefined ? undefined : [`dimen/${name}`, text];
    }
    case 'number':
      return token.type === 'font.weight' || token.type === 'z-index'
        ? [`integer/${name}`, `int ${value.value}`]
        : [`dimen/${name}`, `float ${num(value.value)}`];
    case 'duration':
      return Number.isInteger(value.value) ? [`integer/${name}`, `int ${value.value}`] : [`dimen/${name}`, `float ${num(value.value)}`];
    case 'boolean':
      return [`bool/${name}`, `bool ${value.value}`];
    case 'fontFamily':
      return [`string/${name}`, `string ${JSON.stringify(familyOf(value.families))}`];
    case 'keywords':
      return [`string/${name}`, `string ${JSON.stringify(value.text)}`];
    case 'cubicBezier':
      return [`interpolator/${name}`, `interpolator ${value.points.map(num).join(' ')}`];
    case 'typography': {
      const size = value.fontSize.value * (value.fontSize.unit === 'rem' ? 16 : 1);
      const attributes: Record<string, string> = { textSize: `${num(size)}sp` };
      if (!value.omitted?.includes('fontFamily'))
        attributes['fontFamily'] = `string ${JSON.stringify(familyOf(value.fontFamily.families))}`;
      if (!value.omitted?.includes('fontWeight')) {
        attributes['textStyle'] = `int ${value.fontWeight.value >= 600 ? 1 : 0}`;
        attributes['textFontWeight'] = `int ${value.fontWeight.value}`;
      }
      const spacing = value.letterSpacing;
      attributes['letterSpacing'] =
        `float ${num(spacing.unit === 'em' ? spacing.value : (spacing.value * (spacing.unit === 'rem' ? 16 : 1)) / size)}`;
      const line = value.lineHeight;
      if (!value.omitted?.includes('lineHeight'))
        attributes['lineHeight'] =
          `${num(line.kind === 'number' ? line.value * size : line.unit === 'em' ? line.value * size : line.value * (line.unit === 'rem' ? 16 : 1))}sp`;
      return [`style/${styleName(token.key)}`, `style ${JSON.stringify(Object.fromEntries(Object.entries(attributes).sort()))}`];
    }
    default:
      // Shadows, borders, gradients, transitions, stroke styles, length keywords and lists of lengths: no Android resource.
      return undefined;
  }
}

/** Every resource the docs promise, by `type/name`, with its value in the default and the night configuration. */
export function expectedResources(
  system: CompiledDesignSystem,
  day: string,
  night: string,
): Record<string, { day: string; night: string }> {
  const resources: Record<string, { day: string; night: string }> = {};
  // Of two tokens on one resource name, the lint names the one left out.
  const clashes = new Set(
    lintAndroid(system)
      .filter(({ rule }) => rule === 'android-name-clash')
      .map(({ token }) => token),
  );
  for (const token of system.tokens) {
    if (clashes.has(token.key)) continue;
    const light = expectedResource(token, token.resolved[day] as TypedValue);
    const dark = expectedResource(token, token.resolved[night] as TypedValue);
    if (light === undefined || dark === undefined) continue;
    resources[light[0]] = { day: light[1], night: dark[1] };
  }
  return resources;
}

/** One configuration of a resource in aapt's dump: whether it is night, its platform version, its value. */
interface DumpedEntry {
  readonly night: boolean;
  readonly version: number;
  readonly value: string;
}

/** A dumped value before references are followed: `@<id>` for a reference. */
function dumpedValue(type: string, data: number, printed: string): string {
  switch (type) {
    case '0x1c':
    case '0x1d':
      return `#${(data >>> 0).toString(16).padStart(8, '0')}`;
    case '0x05': {
      // A complex: unit in bits 0-3, radix in 4-5, a signed 24-bit mantissa above (aapt prints negatives unsigned).
      const radix = [2 ** -8, 2 ** -15, 2 ** -23, 2 ** -31][(data >> 4) & 3] as number;
      const unit = ['px', 'dp', 'sp'][data & 15] ?? `unit${data & 15}`;
      return `${num((data & 0xffffff00) * radix)}${unit}`;
    }
    case '0x04': {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt32BE(data >>> 0);
      return `float ${num(bytes.readFloatBE())}`;
    }
    case '0x10':
    case '0x11':
      return `int ${data | 0}`;
    case '0x12':
      return `bool ${data !== 0}`;
    case '0x03':
      return `string ${printed.replace(/^\(string(8|16)\) /, '')}`;
    case '0x01':
      return `@${(data >>> 0).toString(16)}`;
    default:
      return `unknown ${type} ${printed}`;
  }
}

/** A value inside a style as aapt prints it (no type code): `(dimension) 16.000000sp`, `(color) #00000258` for an int. */
function bagValue(printed: string): string {
  const [, type, text] = /^\((\w+)\) (.*)$/.exec(printed) ?? [];
  if (type === 'dimension') return `${num(Number.parseFloat(text as string))}${(text as string).replace(/^[-0-9.]+/, '')}`;
  if (type === 'color') return `int ${Number.parseInt((text as string).slice(1), 16) | 0}`;
  if (type === 'float') return `float ${num(Number(text))}`;
  if (type === 'string8' || type === 'string16') return `string ${text as string}`;
  if (type === 'reference') return `@${Number.parseInt(text as string, 16).toString(16)}`;
  return `unknown ${printed}`;
}

/** The framework attributes a TextAppearance sets, by id (Android's public ids, stable across versions). */
const ATTRIBUTES: Readonly<Record<string, string>> = {
  '1010095': 'textSize',
  '1010097': 'textStyle',
  '10103ac': 'fontFamily',
  '10104b6': 'letterSpacing',
  '101057f': 'lineHeight',
  '1010585': 'textFontWeight',
};

/** `aapt dump --values resources` parsed: each resource by `type/name` with its entries, and names by id. */
function parseDump(text: string): { entries: Map<string, DumpedEntry[]>; names: Map<string, string> } {
  const entries = new Map<string, DumpedEntry[]>();
  const names = new Map<string, string>();
  let config = { night: false, version: 0 };
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const spec = /^\s+spec resource 0x([0-9a-f]+) [\w.]+:([^:]+):/.exec(line);
    if (spec !== null) names.set((spec[1] as string).replace(/^0+/, ''), spec[2] as string);
    const configLine = /^\s+config (.+):$/.exec(line);
    if (configLine !== null) {
      const qualifiers = configLine[1] === '(default)' ? [] : (configLine[1] as string).split('-');
      config = { night: qualifiers.includes('night'), version: Number(qualifiers.find((q) => /^v\d+$/.test(q))?.slice(1) ?? 0) };
    }
    const resource = /^\s+resource 0x[0-9a-f]+ [\w.]+:([^:]+): (?:t=(0x[0-9a-f]+) d=(0x[0-9a-f]+)|<bag>)/.exec(line);
    if (resource === null) continue;
    const name = resource[1] as string;
    let value: string;
    if (resource[2] === undefined) {
      const attributes: Record<string, string> = {};
      for (index += 2; /^\s+#\d+ /.test(lines[index] ?? ''); index++) {
        const [, id, printed] = /\(Key=0x0?([0-9a-f]+)\): (.*)$/.exec(lines[index] as string) ?? [];
        attributes[ATTRIBUTES[id as string] ?? `attr ${id}`] = bagValue(printed as string);
      }
      index--;
      value = `style ${JSON.stringify(attributes)}`;
    } else {
      value = dumpedValue(resource[2], Number(resource[3]), (lines[index + 1] ?? '').trim());
    }
    entries.set(name, [...(entries.get(name) ?? []), { ...config, value }]);
  }
  return { entries, names };
}

/** The entry a device on the newest platform picks: the highest version among the configurations that match. */
function pick(entries: readonly DumpedEntry[], night: boolean): DumpedEntry | undefined {
  const matching = entries.filter((entry) => !entry.night || night);
  const best = (list: readonly DumpedEntry[]) =>
    list.reduce<DumpedEntry | undefined>((a, b) => (a === undefined || b.version > a.version ? b : a), undefined);
  return night ? (best(matching.filter((entry) => entry.night)) ?? best(matching)) : best(matching);
}

/** What aapt built from files, read back through its dump: values per configuration, references kept or followed. */
export interface Built {
  /** `type/name` -> the value a day and a night device read, references followed to their values. */
  readonly values: Record<string, { day: string; night: string }>;
  /** `type/name` -> the value as written in the default configuration, references as `@type/name`. */
  readonly written: Record<string, string>;
  readonly stderr: string;
}

/** Writes the files in `dir` beside a manifest, runs `aapt package` against the framework, and reads the dump back. */
export async function buildWithAapt(dir: string, files: readonly { path: string; render(): string }[]): Promise<Built> {
  for (const file of files) {
    await mkdir(dirname(join(dir, file.path)), { recursive: true });
    await writeFile(join(dir, file.path), file.render());
  }
  await writeFile(
    join(dir, 'AndroidManifest.xml'),
    '<?xml version="1.0" encoding="utf-8"?>\n<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.example.tokens" />\n',
  );
  const apk = join(dir, 'out.apk');
  const { stderr } = await run(AAPT, [
    'package',
    '-M',
    join(dir, 'AndroidManifest.xml'),
    '-S',
    join(dir, 'res'),
    '-I',
    ANDROID_FRAMEWORK,
    '-F',
    apk,
  ]);
  const { stdout } = await run(AAPT, ['dump', '--values', 'resources', apk], { maxBuffer: 64 * 1024 * 1024 });
  const { entries, names } = parseDump(stdout);
  const named = (value: string): string => value.replace(/@([0-9a-f]+)/g, (_, id: string) => `@${names.get(id) ?? id}`);
  // An interpolator's value is its file: read each one's control points from its XML tree.
  const paths = [...entries.values()]
    .flatMap((list) => list.map((entry) => entry.value))
    .filter((value) => value.startsWith('string "res/interpolator'));
  const points = new Map<string, string>();
  if (paths.length > 0) {
    const files = paths.map((value) => JSON.parse(value.slice('string '.length)) as string);
    const { stdout: trees } = await run(AAPT, ['dump', 'xmltree', apk, ...files]);
    for (const [index, tree] of trees.split(/^N: /m).slice(1).entries()) {
      const controls = [...tree.matchAll(/android:control[XY][12]\(0x[0-9a-f]+\)=\(type 0x4\)0x([0-9a-f]+)/g)].map((match) => {
        const bytes = Buffer.alloc(4);
        bytes.writeUInt32BE(Number.parseInt(match[1] as string, 16));
        return num(bytes.readFloatBE());
      });
      points.set(paths[index] as string, `interpolator ${controls.join(' ')}`);
    }
  }
  const resolve = (name: string, night: boolean, depth = 0): string => {
    const value = pick(entries.get(name) ?? [], night)?.value ?? `missing ${name}`;
    const followed = points.get(value) ?? value;
    if (depth > 10) return followed;
    if (followed.startsWith('style ')) {
      const attributes = JSON.parse(followed.slice(6)) as Record<string, string>;
      for (const [key, attribute] of Object.entries(attributes))
        if (attribute.startsWith('@')) attributes[key] = resolve(names.get(attribute.slice(1)) ?? '', night, depth + 1);
      return `style ${JSON.stringify(Object.fromEntries(Object.entries(attributes).sort()))}`;
    }
    return followed.startsWith('@') ? resolve(names.get(followed.slice(1)) ?? '', night, depth + 1) : followed;
  };
  const values: Record<string, { day: string; night: string }> = {};
  const written: Record<string, string> = {};
  for (const name of [...entries.keys()].sort()) {
    values[name] = { day: resolve(name, false), night: resolve(name, true) };
    written[name] = named(
      points.get(pick(entries.get(name) ?? [], false)?.value ?? '') ?? pick(entries.get(name) ?? [], false)?.value ?? '',
    );
  }
  return { values, written, stderr };
}
