import { itemAt, valueAt } from '../compile/checked-access.js';
import { isRecord, modeNameOf } from './source-token.js';

/**
 * The fields of DTCG's structured values and composites (and the parts Style Dictionary and Tokens Studio write in
 * theirs): an object with one of them is a value, never values keyed by mode.
 */
const VALUE_FIELDS: ReadonlySet<string> = new Set([
  'colorSpace',
  'components',
  'alpha',
  'hex',
  'value',
  'unit',
  'offsetX',
  'offsetY',
  'x',
  'y',
  'blur',
  'spread',
  'color',
  'inset',
  'type',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'lineHeight',
  'letterSpacing',
  'paragraphSpacing',
  'paragraphIndent',
  'textCase',
  'textDecoration',
  'width',
  'style',
  'dashArray',
  'lineCap',
  'duration',
  'delay',
  'timingFunction',
  'position',
]);

/** How a token wrote its values per mode, as the report names it: `` `value` keyed by mode ``, `` `sets` ``, an extension. */
export type ModeLayout = string;

/**
 * Words a mode name is made of (`light`, `dark-dimmed`, `high-contrast`, `desktop`, `wireframe`): a key with one of
 * them looks like a mode. Others are modes only where another token's value keyed so names them beside such a key.
 */
const MODE_WORDS: ReadonlySet<string> = new Set([
  'light',
  'dark',
  'darkest',
  'dim',
  'dimmed',
  'night',
  'day',
  'contrast',
  'colorblind',
  'tritanopia',
  'protanopia',
  'deuteranopia',
  'monochrome',
  'wireframe',
  'desktop',
  'mobile',
  'tablet',
  'compact',
  'comfortable',
  'cozy',
  'spacious',
  'dense',
  'print',
]);

/** Whether a key looks like a mode name: one of its words (as {@link modeNameOf} splits it) is a mode word. */
export const looksLikeMode = (key: string): boolean =>
  modeNameOf(key)
    .split('-')
    .some((word) => MODE_WORDS.has(word));

/**
 * Whether an object's keys could name modes at all: some keys, none starting with `$`, none a field of a DTCG value
 * (`colorSpace`, `value`/`unit`, `offsetX`, `fontFamily`, `width`, ...; also written `font-family` or `font_family`),
 * none a digit (`{ "0": layer, "1": layer }` is a list).
 */
export function isKeyedObject(raw: unknown): raw is Record<string, unknown> {
  if (!isRecord(raw)) return false;
  const keys = Object.keys(raw);
  return (
    keys.length > 0 &&
    keys.every((key) => !key.startsWith('$') && !VALUE_FIELDS.has(key) && !VALUE_FIELDS.has(camelCased(key)) && !/^\d+$/.test(key))
  );
}

/**
 * Whether a token's value is values keyed by mode (`{ "light": "{a}", "dark": "{b}" }`): a {@link isKeyedObject} one
 * of whose keys looks like a mode (`light`, `dark-dimmed`, `desktop`: {@link looksLikeMode}), or whose keys are all
 * `declared` (names other tokens key their values by beside such a key: `{ light, dark, sepia }` makes `sepia` one).
 * Telekom's modular scale `{ base, ratio, pow }` and a shadow's layers `{ "0": {...} }` are not.
 */
export function isModeMap(raw: unknown, declared: ReadonlySet<string> = new Set()): raw is Record<string, unknown> {
  if (!isKeyedObject(raw)) return false;
  const keys = Object.keys(raw);
  return keys.some(looksLikeMode) || keys.every((key) => declared.has(key));
}

/**
 * The keys every value keyed by mode in `documents` declares as modes: the keys of each value (at `field`: `value` or
 * `$value`, nested axes too) with at least one key that looks like a mode.
 */
export function declaredModeKeys(documents: readonly { readonly document: unknown }[], field: 'value' | '$value'): Set<string> {
  const declared = new Set<string>();
  const declare = (raw: unknown): void => {
    if (!isKeyedObject(raw) || !Object.keys(raw).some(looksLikeMode)) return;
    for (const [key, inner] of Object.entries(raw)) {
      declared.add(key);
      declare(inner);
    }
  };
  const walk = (node: unknown, depth: number): void => {
    if (!isRecord(node) || depth > 200) return;
    if (field in node) declare(node[field]);
    else for (const child of Object.values(node)) walk(child, depth + 1);
  };
  for (const { document } of documents) walk(document, 0);
  return declared;
}

/**
 * A value that is a list written as an object keyed by index (`{ "0": layer, "1": layer }`: Gestalt's shadow layers),
 * as that list; any other value as it is.
 */
export function listOfIndexed(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const keys = Object.keys(raw);
  return keys.length > 0 && keys.every((key, index) => key === String(index)) ? keys.map((key) => raw[key]) : raw;
}

/**
 * Why a value object that is neither modes nor a value we read is left out, naming its keys (a value the source's own
 * build computes; Telekom's modular scale `{ base, ratio, pow, sub_step }` is computed by the Style Dictionary reader).
 */
export const notModesReason = (raw: Record<string, unknown>, field: string): string =>
  `\`${field}\` is an object keyed by ${Object.keys(raw)
    .map((key) => `\`${key}\``)
    .join(
      ', ',
    )}: not modes (no key names a mode such as \`light\` or \`dark\`, nor one other tokens key their values by beside one) and not a value of a type we read (a value the source’s own build computes)`;

/** `font-family` and `font_family` as `fontFamily`: Style Dictionary sources write a composite's fields so too. */
const camelCased = (key: string): string => key.replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** Values keyed by mode, nested once per axis (`{ light: { desktop: "8px", mobile: "6px" }, dark: ... }`), or a value. */
export type ModeTree = { readonly byMode: Readonly<Record<string, ModeTree>> } | { readonly leaf: unknown };

/** The tree of a value keyed by mode (`value: { light, dark }`), its entries keyed again for a second axis. */
export function treeOfModeMap(
  raw: Record<string, unknown>,
  leaf: (value: unknown) => unknown,
  declared: ReadonlySet<string> = new Set(),
): ModeTree {
  return {
    byMode: Object.fromEntries(
      Object.entries(raw).map(([name, value]) => [
        name,
        isModeMap(value, declared) ? treeOfModeMap(value, leaf, declared) : { leaf: leaf(value) },
      ]),
    ),
  };
}

/**
 * The tree of Style Dictionary `sets` (`sets: { light: { value }, dark: { value } }`, an entry with `sets` of its own
 * for a second axis), or undefined when `sets` is not that shape.
 */
export function treeOfSets(sets: unknown, leaf: (value: unknown) => unknown): ModeTree | undefined {
  if (!isRecord(sets) || Object.keys(sets).length === 0) return undefined;
  const byMode: Record<string, ModeTree> = {};
  for (const [name, entry] of Object.entries(sets)) {
    if (!isRecord(entry)) return undefined;
    const tree = 'value' in entry ? { leaf: leaf(entry['value']) } : treeOfSets(entry['sets'], leaf);
    if (tree === undefined) return undefined;
    byMode[name] = tree;
  }
  return { byMode };
}

/** A token's values by mode, read from a {@link ModeTree}. */
export interface ModeValues {
  /** The value in the base mode `light`. */
  readonly value: unknown;
  /** The value in every other mode named in the tree (the base axis's first key too, when it is not `light`). */
  readonly modes: Record<string, unknown>;
  /** The key the base value was taken from when no key is `light` (the first key of each axis), else undefined. */
  readonly baseFrom: string | undefined;
  /** Values of two or more axes' other keys at once (`dark` × `mobile`): not a mode of ours. */
  readonly dropped: readonly { readonly path: readonly string[]; readonly value: unknown }[];
}

/**
 * The values of a tree by our modes: each axis's key named `light` (else its first key) is its base; the base value is
 * the one at every axis's base; every other key of an axis is one mode, with the other axes at their base (a base key
 * that is not `light` is a mode too, equal to the base). Modes are not multiplied out: a value at two axes' other keys
 * at once is dropped (our modes are a list, as for resolver modifiers and Tokens Studio theme groups).
 */
export function valuesByMode(tree: ModeTree): ModeValues {
  const modes: Record<string, unknown> = {};
  const dropped: { path: string[]; value: unknown }[] = [];
  const baseKeys: string[] = [];
  const baseKey = (byMode: Readonly<Record<string, ModeTree>>): string =>
    Object.keys(byMode).find((name) => modeNameOf(name) === 'light') ?? itemAt(Object.keys(byMode), 0);
  /** The value at `node` with every axis below at its base. */
  const atBase = (node: ModeTree): unknown => ('leaf' in node ? node.leaf : atBase(valueAt(node.byMode, baseKey(node.byMode))));
  /** Walks the tree: `off` is the mode named by an axis above taken at another key than its base. */
  const walk = (node: ModeTree, path: string[], off: string | undefined, onBasePath: boolean): void => {
    if ('leaf' in node) return;
    const base = baseKey(node.byMode);
    if (onBasePath) baseKeys.push(base);
    for (const [name, child] of Object.entries(node.byMode)) {
      const mode = modeNameOf(name);
      const isBase = name === base;
      if (!isBase && off !== undefined) {
        collectLeaves(child, [...path, name], dropped);
        continue;
      }
      if (mode !== 'light' && off === undefined && !(mode in modes)) modes[mode] = atBase(child);
      walk(child, [...path, name], isBase ? off : mode, onBasePath && isBase);
    }
  };
  walk(tree, [], undefined, true);
  const hasLight = baseKeys.some((name) => modeNameOf(name) === 'light');
  return { value: atBase(tree), modes, baseFrom: hasLight ? undefined : baseKeys.join(' × '), dropped };
}

function collectLeaves(node: ModeTree, path: string[], into: { path: string[]; value: unknown }[]): void {
  if ('leaf' in node) into.push({ path, value: node.leaf });
  else for (const [name, child] of Object.entries(node.byMode)) collectLeaves(child, [...path, name], into);
}

/** How many tokens wrote values per mode, per mode and layout: the report's notes say where each mode came from. */
export class ModeOrigins {
  private readonly counts = new Map<string, Map<ModeLayout, number>>();
  private readonly withoutLight: string[] = [];

  /** Counts one token's modes, written in `layout`; `source` names it when it has no `light` value. */
  add(values: ModeValues, layout: ModeLayout, source: string): void {
    this.count(Object.keys(values.modes), layout);
    if (values.baseFrom !== undefined) this.withoutLight.push(`${source} takes \`${values.baseFrom}\``);
  }

  /** Counts one token's values in `modes` (our names), written in `layout`. */
  count(modes: readonly string[], layout: ModeLayout): void {
    // A `light` entry replaces the base value: it is not a mode of its own.
    for (const mode of modes.filter((name) => name !== 'light')) {
      const byLayout = this.counts.get(mode) ?? new Map<ModeLayout, number>();
      byLayout.set(layout, (byLayout.get(layout) ?? 0) + 1);
      this.counts.set(mode, byLayout);
    }
  }

  /** One note per mode (where it came from), and one for the tokens without a `light` value. */
  notes(): string[] {
    const notes = [...this.counts].map(([mode, byLayout]) => {
      const total = [...byLayout.values()].reduce((sum, count) => sum + count, 0);
      const parts = [...byLayout].map(([layout, count]) => `${layout}: ${count}`).join(', ');
      const tokens = total === 1 ? 'token that writes its' : 'tokens that write their';
      return `mode \`${mode}\` is read from ${total} ${tokens} own values per mode (${parts})`;
    });
    const count = this.withoutLight.length;
    if (count > 0) {
      const shown = this.withoutLight.slice(0, 3).join(', ') + (count > 3 ? `, and ${count - 3} more` : '');
      notes.push(
        `${count} ${count === 1 ? 'token has' : 'tokens have'} no value for \`light\`: the base mode takes its first mode’s value (${shown})`,
      );
    }
    return notes;
  }
}

/** The report's reason for values of two axes' other keys at once, which no mode of ours holds. */
export const droppedReason = (dropped: ModeValues['dropped'][number]): string =>
  `${dropped.path.map((name) => `\`${name}\``).join(' × ')} (\`${typeof dropped.value === 'string' ? dropped.value : JSON.stringify(dropped.value)}\`) is not imported: modes of two axes are not multiplied out (our modes are a list)`;
