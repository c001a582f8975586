import type { ImportInput, ModeLayer } from './read-sources.js';
import { modeNameOf } from './source-token.js';

/** Words of a folder or file name that make it a theme other than the base: `dark`, `dim`, `high-contrast`, `brand-dark`. */
const THEME_WORDS: ReadonlySet<string> = new Set([
  'dark',
  'darkest',
  'dim',
  'dimmed',
  'night',
  'contrast',
  'colorblind',
  'tritanopia',
  'protanopia',
  'deuteranopia',
  'monochrome',
]);
/** Folder and file names that name the base theme. */
const BASE_NAMES: ReadonlySet<string> = new Set(['light', 'default', 'day']);

/**
 * The mode a file's path names, by the last folder or file name (without `.json`, `.tokens.json`, `.json5`) that names a
 * theme: `tokens/dark/color.json` and `dark.tokens.json` name `dark`, `themes/high-contrast.json` `high-contrast`;
 * `light` and `default` name the base (`light`); undefined when no name does.
 */
export function modeOfPath(path: string): string | undefined {
  const segments = path.replace(/\\/g, '/').split('/');
  const stem = (segments.at(-1) ?? '').replace(/(?:\.tokens)?\.json5?$/, '');
  const names = [...segments.slice(0, -1), stem].map(modeNameOf);
  for (const name of names.reverse()) {
    if (BASE_NAMES.has(name)) return 'light';
    // From the first word that names a theme on (`sema-color-dark` and `base-elevation-dark` are both `dark`,
    // `theme-mode-dark-dimmed` is `dark-dimmed`), so files of one theme split by topic are one mode.
    const words = name.split('-');
    const at = words.findIndex((word, index) => THEME_WORDS.has(word) || (word === 'high' && words[index + 1] === 'contrast'));
    if (at !== -1) return words.slice(at).join('-');
  }
  return undefined;
}

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
