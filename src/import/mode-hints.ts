import { modeNameOf } from './source-token.js';

/** Folder and file names that name a theme other than the base: `dark`, `dim`, `night`, `high-contrast`, `brand-dark`. */
const MODE_LIKE = /^(?:dark|dim|dimmed|night|high-contrast|[a-z0-9-]+-dark|dark-[a-z0-9-]+)$/;

/**
 * Notes for files read as base tokens that look like one mode's values (a folder or file named `dark`, ...) and whose
 * tokens replace other files' tokens of the same keys: what to pass to read them as that mode. `replacing` counts, per
 * file, the tokens that replaced another file's.
 */
export function modeFileHints(replacing: ReadonlyMap<string, number>): string[] {
  const byPlace = new Map<string, { mode: string; count: number }>();
  for (const [file, count] of replacing) {
    const segments = file.replace(/\\/g, '/').split('/');
    const stem = (segments.at(-1) ?? '').replace(/(?:\.tokens)?\.json5?$/, '');
    const names = [...segments.slice(0, -1), stem];
    const at = names.findLastIndex((name) => MODE_LIKE.test(modeNameOf(name)));
    if (at === -1) continue;
    const place = at === names.length - 1 ? file : `${segments.slice(0, at + 1).join('/')}/`;
    const found = byPlace.get(place) ?? { mode: modeNameOf(names[at] as string), count: 0 };
    byPlace.set(place, { ...found, count: found.count + count });
  }
  return [...byPlace].map(
    ([place, { mode, count }]) =>
      `\`${place}\` looks like the values of a mode \`${mode}\`, but was read as base tokens (${count} replace the same keys of other files): to read it as that mode, pass \`--mode ${mode}=${place}\` and leave it out of the files`,
  );
}
