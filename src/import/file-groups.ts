import { itemAt } from '../compile/checked-access.js';
/** At most this many files under `tokens/` when grouping by words (see {@link fileNamesOf}). */
export const MAX_TOKEN_FILES = 30;
/** A file of more tokens than this is split by the next word of its tokens' names. */
export const SPLIT_FILE_AT = 500;
/** A group of fewer tokens than this shares `misc.yaml` (when grouping by words). */
export const MIN_FILE_TOKENS = 10;
const MISC = 'misc';

/** A key's words: its segments split at `-`, `_` and a lowercase-to-uppercase step, lowercase (`color-bgPrimary` is color, bg, primary). */
const wordsOf = (key: string): string[] =>
  key
    .split(/[.\-_]|(?<=[a-z0-9])(?=[A-Z])/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase())
    .concat(/[A-Za-z0-9]/.test(key) ? [] : [MISC]);

/**
 * The file (below `tokens/`, without `.yaml`) each key is written in. One file per top-level group (the key's first
 * segment) while that gives at most {@link MAX_TOKEN_FILES} files of at most {@link SPLIT_FILE_AT} tokens. Otherwise
 * (flat names like `color-bg-primary`, or everything under one group) files follow the keys' words: each first word
 * is a file; a file of more than {@link SPLIT_FILE_AT} tokens is split by the next word, into `<word>-<next>` for each
 * next word with at least {@link MIN_FILE_TOKENS} tokens (the others stay), again as long as a file is that large; a
 * file of fewer than {@link MIN_FILE_TOKENS} tokens goes into `misc`, and while there are more than
 * {@link MAX_TOKEN_FILES} files the smallest joins `misc` too.
 * @example fileNamesOf(['color.ink', 'spacing.md']) // Map { 'color.ink' => 'color', 'spacing.md' => 'spacing' }
 */
export function fileNamesOf(keys: readonly string[]): Map<string, string> {
  const byGroup = new Map<string, string[]>();
  for (const key of keys) {
    const group = itemAt(key.split('.', 1), 0);
    const list = byGroup.get(group);
    if (list === undefined) byGroup.set(group, [key]);
    else list.push(key);
  }
  if (byGroup.size <= MAX_TOKEN_FILES && [...byGroup.values()].every((list) => list.length <= SPLIT_FILE_AT)) {
    return new Map([...byGroup].flatMap(([group, list]) => list.map((key) => [key, group] as const)));
  }
  return byWords(keys);
}

/** A file being formed: the words its keys start with, and the keys. */
interface WordFile {
  readonly prefix: readonly string[];
  readonly keys: { readonly key: string; readonly words: readonly string[] }[];
}

function byWords(keys: readonly string[]): Map<string, string> {
  const files = new Map<string, WordFile>();
  const fileOf = (prefix: readonly string[]): WordFile => {
    const name = prefix.join('-');
    let file = files.get(name);
    if (file === undefined) {
      file = { prefix, keys: [] };
      files.set(name, file);
    }
    return file;
  };
  for (const key of keys) {
    const words = wordsOf(key);
    fileOf(words.slice(0, 1)).keys.push({ key, words });
  }
  // Split what is too large by the next word; a new file is split in its turn.
  const pending = [...files.values()];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (file.keys.length <= SPLIT_FILE_AT) continue;
    const depth = file.prefix.length;
    const byNext = new Map<string, WordFile['keys']>();
    for (const entry of file.keys) {
      // The last word names the token itself: a key is never split off by it.
      const next = entry.words.length > depth + 1 ? entry.words[depth] : undefined;
      if (next === undefined) continue;
      const list = byNext.get(next);
      if (list === undefined) byNext.set(next, [entry]);
      else list.push(entry);
    }
    const moved = new Set<string>();
    for (const [next, list] of byNext) {
      if (list.length < MIN_FILE_TOKENS) continue;
      const child = fileOf([...file.prefix, next]);
      for (const entry of list) {
        child.keys.push(entry);
        moved.add(entry.key);
      }
      pending.push(child);
    }
    const stay = file.keys.filter((entry) => !moved.has(entry.key));
    file.keys.splice(0, file.keys.length, ...stay);
  }
  // Small files into `misc`, then the smallest while there are too many.
  const kept = [...files.entries()].filter(([, file]) => file.keys.length > 0);
  const misc: WordFile['keys'] = [];
  let named = kept.filter(([name, file]) => {
    const small = file.keys.length < MIN_FILE_TOKENS || name === MISC;
    if (small) misc.push(...file.keys);
    return !small;
  });
  named.sort(([nameA, a], [nameB, b]) => b.keys.length - a.keys.length || (nameA < nameB ? -1 : 1));
  const room = MAX_TOKEN_FILES - (misc.length > 0 || named.length > MAX_TOKEN_FILES ? 1 : 0);
  for (const [, file] of named.slice(room)) misc.push(...file.keys);
  named = named.slice(0, room);
  const names = new Map<string, string>();
  for (const [name, file] of named) for (const entry of file.keys) names.set(entry.key, name);
  for (const entry of misc) names.set(entry.key, MISC);
  return names;
}
