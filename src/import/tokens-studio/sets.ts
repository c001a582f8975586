import { itemAt } from '../../compile/checked-access.js';
import { isRecord, modeNameOf } from '../source-token.js';
import type { SourceDocument } from '../source-token.js';
import { modesOfSetNames } from './set-layers.js';

/** One token as a Tokens Studio set writes it (`value`/`type` or the W3C option's `$value`/`$type`). */
export interface StudioToken {
  readonly key: string;
  readonly type: unknown;
  readonly value: unknown;
  readonly description: string | undefined;
  readonly extensions: Record<string, unknown> | undefined;
  /** `<file>:<key>` (`<file>#<set>:<key>` for a set of a single-file export). */
  readonly source: string;
}

/** A token set: its name, as `$themes` and `$metadata` name it, and its tokens by key, in document order. */
export interface TokenSet {
  readonly name: string;
  readonly tokens: ReadonlyMap<string, StudioToken>;
}

/** What the documents hold: the sets in merge order, the themes as written. */
export interface StudioSources {
  readonly sets: readonly TokenSet[];
  readonly themes: readonly unknown[];
  /** How the files were read where it is not plain: a lone set name that is not a key segment. */
  readonly notes?: readonly string[];
}

/**
 * Names Tokens Studio gives a file's only token set (`Tokens` in its single-file export, `global` by default), and any
 * name with a `/` (a set path): a file whose one top-level key is such a name, without `$themes` or `$metadata`, is a
 * single-file export of that set, and the name is not a key segment.
 */
const LONE_SET_NAME = /^(?:tokens|global)$|\//i;

/** A mode: its name, the theme(s) it is made of, and its sets in merge order (a later set's token wins). */
export interface StudioMode {
  readonly name: string;
  readonly sets: readonly TokenSet[];
}

const normalPath = (path: string): string => path.replace(/\\/g, '/');
const baseName = (path: string): string => normalPath(path).slice(normalPath(path).lastIndexOf('/') + 1);
const isThemesFile = (path: string): boolean => baseName(path) === '$themes.json';
const isMetadataFile = (path: string): boolean => baseName(path) === '$metadata.json';

/**
 * The token sets of Tokens Studio documents, in `$metadata.tokenSetOrder` order (the others after them, in file or key
 * order), and the `$themes`. A file is one set named by its path below the files' common folder, without `.json`; a
 * file with top-level `$themes` or `$metadata` is a single-file export whose other top-level keys are the sets.
 */
export function readStudioSources(documents: readonly SourceDocument[]): StudioSources {
  const folder = commonFolder(documents.map((document) => document.path));
  const sets: TokenSet[] = [];
  const notes: string[] = [];
  let themes: unknown[] = [];
  let order: unknown;
  for (const { path, document } of documents) {
    const lone = loneSet(document);
    if (isThemesFile(path)) themes = Array.isArray(document) ? document : [];
    else if (isMetadataFile(path)) order = isRecord(document) ? document['tokenSetOrder'] : undefined;
    else if (isRecord(document) && ('$themes' in document || '$metadata' in document)) {
      if (Array.isArray(document['$themes'])) themes = document['$themes'];
      if (isRecord(document['$metadata'])) order = document['$metadata']['tokenSetOrder'];
      for (const [name, set] of Object.entries(document))
        if (!name.startsWith('$') && isRecord(set)) sets.push({ name, tokens: tokensOf(set, `${path}#${name}`) });
    } else if (lone !== undefined) {
      sets.push({ name: lone.name, tokens: tokensOf(lone.set, `${path}#${lone.name}`) });
      notes.push(`\`${lone.name}\` in ${path} is read as the name of its only token set, not as a key segment`);
    } else if (isRecord(document)) {
      const relative = normalPath(path)
        .slice(folder.length)
        .replace(/\.json5?$/, '');
      sets.push({ name: relative, tokens: tokensOf(document, path) });
    }
  }
  return { sets: inSetOrder(sets, Array.isArray(order) ? order.filter((name) => typeof name === 'string') : []), themes, notes };
}

/** The one top-level key of a document, with its tokens, when it names a token set ({@link LONE_SET_NAME}) rather than a group. */
function loneSet(document: unknown): { name: string; set: Record<string, unknown> } | undefined {
  if (!isRecord(document)) return undefined;
  const keys = Object.keys(document).filter((key) => !key.startsWith('$'));
  const [only] = keys;
  if (keys.length !== 1 || only === undefined || Object.keys(document).length !== 1) return undefined;
  const set = document[only];
  return LONE_SET_NAME.test(only) && isRecord(set) && !('value' in set) && !('$value' in set) ? { name: only, set } : undefined;
}

/** The folder every path is in (with its trailing `/`), `''` when they share none. */
function commonFolder(paths: readonly string[]): string {
  const folders = paths.map((path) => normalPath(path).split('/').slice(0, -1));
  const first = folders[0] ?? [];
  let length = 0;
  while (length < first.length && folders.every((folder) => folder[length] === first[length])) length += 1;
  return length === 0 ? '' : `${first.slice(0, length).join('/')}/`;
}

/** The set a name from `$themes` or `$metadata` means: the one of that name, else one whose name ends with it (or the reverse). */
export function findSet<T extends { readonly name: string }>(sets: readonly T[], name: string): T | undefined {
  return (
    sets.find((set) => set.name === name) ??
    sets.find((set) => set.name.endsWith(`/${name}`)) ??
    sets.find((set) => name.endsWith(`/${set.name}`))
  );
}

function inSetOrder(sets: readonly TokenSet[], order: readonly string[]): TokenSet[] {
  const ordered: TokenSet[] = [];
  for (const name of order) {
    const set = findSet(sets, name);
    if (set !== undefined && !ordered.includes(set)) ordered.push(set);
  }
  return [...ordered, ...sets.filter((set) => !ordered.includes(set))];
}

/** The tokens of one set, by key in document order: a node with `$value` or `value` is a token; groups pass `type` down. */
function tokensOf(document: Record<string, unknown>, file: string): Map<string, StudioToken> {
  const tokens = new Map<string, StudioToken>();
  const walk = (node: Record<string, unknown>, path: readonly string[], inheritedType: unknown): void => {
    const dollar = '$value' in node;
    const typeField = dollar || '$type' in node ? '$type' : 'type';
    const type = typeof node[typeField] === 'string' ? node[typeField] : inheritedType;
    if (path.length > 0 && (dollar || ('value' in node && (typeof node['type'] === 'string' || !isRecord(node['value']))))) {
      const key = path.join('.');
      const description = node[dollar ? '$description' : 'description'] ?? node['$description'];
      tokens.set(key, {
        key,
        type,
        value: node[dollar ? '$value' : 'value'],
        description: typeof description === 'string' ? description : undefined,
        extensions: isRecord(node['$extensions']) ? node['$extensions'] : undefined,
        source: `${file}:${key}`,
      });
      return;
    }
    for (const [name, child] of Object.entries(node)) if (!name.startsWith('$') && isRecord(child)) walk(child, [...path, name], type);
  };
  walk(document, [], undefined);
  return tokens;
}

interface Theme {
  readonly name: string;
  readonly group: string;
  readonly selected: Readonly<Record<string, unknown>>;
}

/**
 * The modes of the themes: each theme is one mode, made of its `enabled` and `source` sets (`source` sets first, then
 * `enabled` ones, each in set order), the other groups at their base theme. The base mode `light` is the theme named
 * light (any case), in whichever group has one, else the first group's first theme; another group's base theme is its first one, and is part
 * of `light` rather than a mode of its own. A mode is named after its theme, `<group>-<theme>` when that name is taken.
 * Without themes, every set makes the one mode `light`, but sets named like a mode that write other sets' keys (see {@link modesOfSetNames}).
 */
export function modesOf(sources: StudioSources): { modes: StudioMode[]; notes: string[] } {
  const themes = sources.themes.flatMap(themeOf);
  if (themes.length === 0) {
    const layered = modesOfSetNames(sources.sets);
    if (layered !== undefined) return layered;
    return {
      modes: [{ name: 'light', sets: sources.sets }],
      notes: ['no `$themes`: every token set is read, in set order, as the one mode `light`'],
    };
  }
  const groups = groupThemes(themes);
  const isLight = (theme: Theme): boolean => theme.name.trim().toLowerCase() === 'light';
  // There is a theme, so there is a first group with a first theme.
  const groupList = [...groups.values()];
  const lightGroup = groupList.find((group) => group.some(isLight)) ?? itemAt(groupList, 0);
  const baseOfFirst: Theme = lightGroup.find(isLight) ?? itemAt(lightGroup, 0);
  const baseOf = (group: readonly Theme[]): Theme => (group === lightGroup ? baseOfFirst : itemAt(group, 0));
  const notes: string[] = [];
  const setsOf = (selection: readonly Theme[]): TokenSet[] => selectedSets(selection, sources.sets, notes);

  const modes: StudioMode[] = [{ name: 'light', sets: setsOf([...groups.values()].map(baseOf)) }];
  const many = groups.size > 1;
  const describe = (theme: Theme): string => (many ? `theme \`${theme.name}\` (group \`${theme.group}\`)` : `theme \`${theme.name}\``);
  notes.push(`${describe(baseOfFirst)} is the base mode \`light\``);
  for (const group of groups.values()) {
    for (const theme of group) {
      if (theme === baseOfFirst) continue;
      if (theme === baseOf(group)) {
        notes.push(`${describe(theme)} is part of the base mode \`light\`, with the other groups' base themes`);
        continue;
      }
      const name = uniqueModeName(theme, modes);
      const others = [...groups.values()].filter((other) => other !== group).map(baseOf);
      modes.push({ name, sets: setsOf([...others, theme]) });
      const rest = others.map((other) => `\`${other.group}\` at \`${other.name}\``).join(', ');
      notes.push(`${describe(theme)} is the mode \`${name}\`${many ? `, with ${rest}` : ''}`);
    }
  }
  const used = new Set(modes.flatMap((mode) => mode.sets));
  for (const set of sources.sets) if (!used.has(set)) notes.push(`set \`${set.name}\` is enabled in no theme: its tokens are not imported`);
  return { modes, notes: [...new Set(notes)] };
}

function themeOf(written: unknown): Theme[] {
  if (!isRecord(written) || typeof written['name'] !== 'string' || !isRecord(written['selectedTokenSets'])) return [];
  return [
    { name: written['name'], group: typeof written['group'] === 'string' ? written['group'] : '', selected: written['selectedTokenSets'] },
  ];
}

function groupThemes(themes: readonly Theme[]): Map<string, Theme[]> {
  const groups = new Map<string, Theme[]>();
  for (const theme of themes) groups.set(theme.group, [...(groups.get(theme.group) ?? []), theme]);
  return groups;
}

function uniqueModeName(theme: Theme, modes: readonly StudioMode[]): string {
  const taken = (name: string): boolean => modes.some((mode) => mode.name === name);
  const [byName, byGroup] = [modeNameOf(theme.name), modeNameOf(`${theme.group} ${theme.name}`)];
  const free = [byName, byGroup].find((name) => !taken(name));
  if (free !== undefined) return free;
  let number = 2;
  while (taken(`${byGroup}-${number}`)) number += 1;
  return `${byGroup}-${number}`;
}

/** The sets the themes select (`source` ones first, then `enabled` ones, each in set order); a name no set has is noted. */
function selectedSets(selection: readonly Theme[], sets: readonly TokenSet[], notes: string[]): TokenSet[] {
  const withStatus = (status: string): Set<TokenSet> => {
    const chosen = new Set<TokenSet>();
    for (const theme of selection) {
      for (const [name, written] of Object.entries(theme.selected)) {
        if (written !== status) continue;
        const set = findSet(sets, name);
        if (set === undefined) notes.push(`theme \`${theme.name}\` selects the set \`${name}\`, which no input holds`);
        else chosen.add(set);
      }
    }
    return chosen;
  };
  const source = withStatus('source');
  const enabled = withStatus('enabled');
  return [...sets.filter((set) => source.has(set) && !enabled.has(set)), ...sets.filter((set) => enabled.has(set))];
}
