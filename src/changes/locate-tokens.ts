import { isMap, isScalar } from 'yaml';
import type { Pair, YAMLMap } from 'yaml';
import { keyText, sectionOf } from './yaml-text.js';
import type { EditableFile, LocatedEntry } from './yaml-text.js';

/** A mapping of a `tokens` tree: the group key it stands for and the entry that holds it (undefined for the section itself). */
export interface LocatedGroup {
  readonly key: string;
  readonly map: YAMLMap;
  readonly owner: LocatedEntry | undefined;
}

/** A token as written: its entry, its mapping of fields, and the group mapping it sits in. */
export interface LocatedToken extends LocatedEntry {
  readonly key: string;
  readonly map: YAMLMap;
  readonly group: LocatedGroup;
}

/** The tokens and group mappings of one file's `tokens` section, by key. */
export interface TokenLayout {
  readonly tokens: ReadonlyMap<string, LocatedToken>;
  /** Every mapping that stands for a group, by its key (`''` for the section); a group written in two places has two. */
  readonly groups: ReadonlyMap<string, readonly LocatedGroup[]>;
}

/** Where each token and group of `file` is written (a key with dots is the same as nesting, as the compiler reads it). */
export function locateTokens(file: EditableFile): TokenLayout {
  const tokens = new Map<string, LocatedToken>();
  const groups = new Map<string, LocatedGroup[]>();
  const section = sectionOf(file, 'tokens');
  if (section === undefined || !isMap(section.pair.value)) return { tokens, groups };
  const walk = (group: LocatedGroup): void => {
    const list = groups.get(group.key);
    if (list === undefined) groups.set(group.key, [group]);
    else list.push(group);
    for (const pair of group.map.items) {
      const key = group.key === '' ? keyText(file, pair) : `${group.key}.${keyText(file, pair)}`;
      const value = pair.value;
      if (!isMap(value)) continue;
      if (isTokenMapping(file, value)) tokens.set(key, { key, pair, parent: group.map, map: value, group });
      else walk({ key, map: value, owner: { pair, parent: group.map } });
    }
  };
  walk({ key: '', map: section.pair.value, owner: undefined });
  return { tokens, groups };
}

/** A mapping is a token when it has a string `type` (a mapping under `type` makes it a group). */
function isTokenMapping(file: EditableFile, map: YAMLMap): boolean {
  const type = map.items.find((pair: Pair) => keyText(file, pair) === 'type')?.value;
  return isScalar(type) && typeof type.value === 'string';
}
