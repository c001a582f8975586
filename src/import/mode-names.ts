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
export const BASE_NAMES: ReadonlySet<string> = new Set(['light', 'default', 'day']);

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
    // `light` right before a theme other than dark stays in the name: `light.high-contrast` is Primer's
    // `light-high-contrast`, the key its overrides use for the same theme.
    if (at > 0 && words[at - 1] === 'light' && words[at] !== 'dark') return words.slice(at - 1).join('-');
    if (at !== -1) return words.slice(at).join('-');
  }
  return undefined;
}
