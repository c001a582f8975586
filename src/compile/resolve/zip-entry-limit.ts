import type { TokenDraft } from '../fields/read-token-draft.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';

/**
 * The most files one export of several files holds, and so its zip (`/export/<format>.zip`): the iOS asset catalog
 * has a color set per color token besides `Tokens.swift` and the catalog's `Contents.json`, so a design system may
 * have at most 9,998 color tokens. Five times Primer's ~2,000 colors; its zip renders in a worker in ~1 s.
 */
export const MAX_ZIP_ENTRIES = 10_000;
/** Files of the iOS export besides its color sets: `Tokens.swift` and `Tokens.xcassets/Contents.json`. */
const IOS_FIXED_FILES = 2;

/**
 * Whether the color tokens would make an iOS asset catalog of more than {@link MAX_ZIP_ENTRIES} files (reported at
 * the first color token past it, in reading order; nothing resolved).
 */
export function exceedsZipEntryLimit(drafts: ReadonlyMap<string, TokenDraft>, report: Report): boolean {
  let colors = 0;
  let first: TokenDraft | undefined;
  for (const draft of drafts.values()) {
    if (draft.type !== 'color') continue;
    colors += 1;
    if (colors === MAX_ZIP_ENTRIES - IOS_FIXED_FILES + 1) first = draft;
  }
  if (first === undefined) return false;
  const count = (n: number): string => n.toLocaleString('en-US');
  report(
    first.entry.pos,
    'zip-too-large',
    `${count(colors)} color tokens make an iOS asset catalog of ${count(colors + IOS_FIXED_FILES)} files (a color set each), more than ${count(MAX_ZIP_ENTRIES)} (the most a zip holds), from \`${first.entry.key}\` on; split the design system`,
  );
  return true;
}
