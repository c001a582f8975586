import { modeOfPath } from '../mode-names.js';

/** A token set as the layer rule needs it: its name and its tokens' keys (`TokenSet` of `sets.ts`). */
interface NamedSet {
  readonly name: string;
  readonly tokens: ReadonlyMap<string, unknown>;
}

/**
 * The layer rule for Tokens Studio sets when there are no `$themes`: a set whose name names a theme (a path segment
 * or the set's own name, `color-scheme-dark/common`, `dark`, `theme/high-contrast`; see {@link modeOfPath}) and that
 * writes keys another set writes is that mode's values, laid over the other sets, instead of replacing their values
 * in the one mode `light` (where the dark set, read in set order, would win silently). A set named so whose keys no
 * other set writes stays a base set. Undefined when no set is such a layer (every set is then the one mode `light`).
 */
export function modesOfSetNames<Named extends NamedSet>(
  sets: readonly Named[],
): { modes: { name: string; sets: Named[] }[]; notes: string[] } | undefined {
  const setsOfKey = new Map<string, Named[]>();
  for (const set of sets) for (const key of set.tokens.keys()) setsOfKey.set(key, [...(setsOfKey.get(key) ?? []), set]);
  const overlaps = (set: Named): boolean => [...set.tokens.keys()].some((key) => (setsOfKey.get(key)?.length ?? 0) > 1);
  const base: Named[] = [];
  const byMode = new Map<string, Named[]>();
  for (const set of sets) {
    const mode = modeOfPath(set.name);
    if (mode === undefined || mode === 'light' || !overlaps(set)) base.push(set);
    else byMode.set(mode, [...(byMode.get(mode) ?? []), set]);
  }
  if (byMode.size === 0) return undefined;
  const modes: { name: string; sets: Named[] }[] = [{ name: 'light', sets: base }];
  const notes = ['no `$themes`: every token set not named like a mode is read, in set order, as the base mode `light`'];
  for (const [mode, layers] of byMode) {
    modes.push({ name: mode, sets: [...base, ...layers] });
    const names = layers.map((set) => `\`${set.name}\``).join(', ');
    notes.push(
      `mode \`${mode}\` is read from the set${layers.length === 1 ? '' : 's'} ${names}: named like a mode, ` +
        `${layers.length === 1 ? 'it writes' : 'they write'} keys other sets write, and ${layers.length === 1 ? 'is' : 'are'} ` +
        'laid over them (the layer rule) rather than replacing their values in `light`',
    );
  }
  return { modes, notes };
}
