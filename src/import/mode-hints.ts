import type { ImportInput, ModeLayer } from './read-sources.js';
import { BASE_NAMES, modeOfPath } from './mode-names.js';
import { modeNameOf } from './source-token.js';

export { modeOfPath } from './mode-names.js';

/** The folder (ending in `/`) or file of `path` that names `mode`, as the report and `--mode` name it. */
function placeOf(path: string, mode: string): string {
  const segments = path.replace(/\\/g, '/').split('/');
  const at = segments.findLastIndex((segment, index) => {
    const name = modeNameOf(index === segments.length - 1 ? segment.replace(/(?:\.tokens)?\.json5?$/, '') : segment);
    return name === mode || name.endsWith(`-${mode}`) || (mode === 'light' && BASE_NAMES.has(name));
  });
  return at === -1 || at === segments.length - 1 ? path : `${segments.slice(0, at + 1).join('/')}/`;
}

/**
 * The layer rule: files whose path names a theme (a folder or file named `dark`, `high-contrast`, `brand-dark`, ...;
 * see {@link modeOfPath}) and that write again keys another file writes are that mode's values, whatever their order
 * (`tokens/dark/` before `tokens/default/`): they are taken out of the base files and given as a layer of that mode. A
 * file named so whose keys no other file writes stays a base file. `overlaps` is every file that writes a key another
 * file writes too. Notes say what each mode is read from.
 */
export function modeLayersOfPaths(
  inputs: readonly ImportInput[],
  overlaps: ReadonlySet<string>,
): { base: ImportInput[]; layers: ModeLayer[]; notes: string[] } {
  const base: ImportInput[] = [];
  const byMode = new Map<string, ImportInput[]>();
  for (const input of inputs) {
    const mode = modeOfPath(input.path);
    if (mode === undefined || mode === 'light' || !overlaps.has(input.path)) base.push(input);
    else byMode.set(mode, [...(byMode.get(mode) ?? []), input]);
  }
  const layers = [...byMode].map(([mode, files]) => ({ mode, inputs: files }));
  const notes = layers.map(({ mode, inputs: files }) => {
    const places = [...new Set(files.map((file) => placeOf(file.path, mode)))];
    return (
      `mode \`${mode}\` is read from ${places.map((place) => `\`${place}\``).join(', ')}: named like a mode, ${files.length === 1 ? 'it writes' : 'they write'} ` +
      `keys other files write (the layer rule; \`--mode ${mode}=${places.join(',')}\` says the same, and any \`--mode\` turns the rule off)`
    );
  });
  return { base, layers, notes };
}

const wordsOf = (mode: string): string[] => mode.split('-');

/** How many words `mode` and `other` begin with in common (`dark-dimmed-high-contrast` and `dark-dimmed`: 2). */
function commonStart(mode: string, other: string): number {
  const [a, b] = [wordsOf(mode), wordsOf(other)];
  let count = 0;
  while (count < a.length && a[count] === b[count]) count += 1;
  return count;
}

/**
 * The modes of `layers` that `mode` is made of: every other layer's mode whose words are all words of `mode`
 * (`dark` and `dark-high-contrast` for `dark-tritanopia-high-contrast`), the one it shares the most leading words with
 * last (so it wins: `dark-dimmed` over `dark-high-contrast` for `dark-dimmed-high-contrast`, as Primer's build lays
 * `dark.dimmed` over `dark.high-contrast`).
 */
function familyOf(mode: string, layers: readonly ModeLayer[]): ModeLayer[] {
  const words = new Set(wordsOf(mode));
  return layers
    .filter((layer) => layer.mode !== mode && wordsOf(layer.mode).every((word) => words.has(word)))
    .sort((a, b) => commonStart(mode, a.mode) - commonStart(mode, b.mode) || wordsOf(a.mode).length - wordsOf(b.mode).length);
}

/**
 * The layer rule's modes laid over the modes their names are made of: a mode `dark-dimmed` is read from `dark`'s
 * files, then its own (a theme file that writes only what differs from dark, as Primer's `dark.dimmed.json5`); a mode
 * that only tokens name (`dark-tritanopia`, in Primer's overrides: `known`) and no file gets the files of the modes its
 * name is made of, so a token without a value of its own there takes dark's, not light's. Each layer's note says so.
 */
export function withModeFamilies(layers: readonly ModeLayer[], known: readonly string[]): ModeLayer[] {
  const named = new Set(layers.map((layer) => layer.mode));
  const list = (family: readonly ModeLayer[]): string => family.map((each) => `\`${each.mode}\``).join(', then ');
  const extended: ModeLayer[] = layers.map((layer) => {
    const family = familyOf(layer.mode, layers);
    if (family.length === 0) return layer;
    const note = `${layer.note ?? `mode \`${layer.mode}\``}; laid over ${list(family)}, as its name is made of theirs`;
    return { mode: layer.mode, inputs: [...family.flatMap((each) => each.inputs), ...layer.inputs], note };
  });
  for (const mode of known) {
    if (mode === 'light' || named.has(mode)) continue;
    const family = familyOf(mode, layers);
    if (family.length === 0) continue;
    named.add(mode);
    const note = `mode \`${mode}\`, which tokens name and no file does, takes the files of ${list(family)} where its tokens write no value of their own, as its name is made of theirs`;
    extended.push({ mode, inputs: family.flatMap((each) => each.inputs), note });
  }
  return extended;
}
