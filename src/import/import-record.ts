import { createHash } from 'node:crypto';
import { isRecord } from './source-token.js';
import type { Verdict } from './verdicts.js';

/**
 * The file in a written design-system folder that records the import it came from. A dot-file: the server, `validate`
 * and the watcher never read dot-names (nor anything but `*.yaml`), so the design system is the same with or without it.
 */
export const IMPORT_RECORD_FILE = '.token-server-import.json';

/** What `token-server import` records in the folder it writes, so `--update` can run it again. */
export interface ImportRecord {
  /** The folder the import ran in, relative to the written folder, `/`-separated (`../..` for `design-systems/acme`). */
  readonly ranIn: string;
  /**
   * The import's arguments that decide what is written, as paths from `ranIn`: the files and folders, then `--name`,
   * `--from`, each `--mode` and each `--type` as given. Never `--out` (the folder itself), `--force`, `--verify` or
   * `--format`.
   */
  readonly args: readonly string[];
  /** Every file the import wrote (path below the folder) -> the SHA-256 (hex) of its text, line ends as `\n`. */
  readonly files: Readonly<Record<string, string>>;
  /** Every token the sources held, as the report names them (`tokens/core.json:color.ink`), sorted. */
  readonly sources: readonly string[];
  /** The report's verdicts: every token (or file) not carried exactly. */
  readonly verdicts: readonly Verdict[];
}

const ABOUT =
  'Written by `token-server import`: `token-server import --update <this folder>` runs the same import again. ' +
  'It refuses to overwrite files edited since (their hashes are below) unless given --force.';

/** The SHA-256 (hex) of a written file's text, with `\r\n` read as `\n` (a checkout that converts line ends is no edit). */
export function hashWrittenFile(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}

/** The record of an import that wrote `files` (the folder's files, path -> text), as the text of {@link IMPORT_RECORD_FILE}. */
export function renderImportRecord(
  command: Pick<ImportRecord, 'ranIn' | 'args' | 'sources' | 'verdicts'>,
  files: ReadonlyMap<string, string>,
): string {
  const hashes = Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : 1)).map(([path, text]) => [path, hashWrittenFile(text)]));
  const record = {
    about: ABOUT,
    version: 1,
    ranIn: command.ranIn,
    args: command.args,
    files: hashes,
    sources: [...new Set(command.sources)].sort(),
    verdicts: command.verdicts,
  };
  return `${JSON.stringify(record, null, 2)}\n`;
}

const SHAPE = '`ranIn` must be a path, `args` a list of strings, `files` an object of SHA-256 hashes';

/** The record in a record file's text, or why it is not one this version reads. */
export function parseImportRecord(text: string): ImportRecord | { readonly problem: string } {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    return { problem: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  if (!isRecord(record)) return { problem: SHAPE };
  if (record['version'] !== 1) return { problem: `version ${JSON.stringify(record['version'] ?? null)}, this version reads 1` };
  const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
  const files = record['files'];
  if (typeof record['ranIn'] !== 'string' || !isStrings(record['args']) || !isHashes(files)) return { problem: SHAPE };
  const verdicts = Array.isArray(record['verdicts']) ? record['verdicts'].filter(isVerdict) : [];
  return {
    ranIn: record['ranIn'],
    args: record['args'],
    files,
    sources: isStrings(record['sources']) ? record['sources'] : [],
    verdicts,
  };
}

/** Whether a record's `files` is an object of SHA-256 hashes (lowercase hex) by path. */
const isHashes = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((hash) => typeof hash === 'string' && /^[0-9a-f]{64}$/.test(hash));

const isVerdict = (value: unknown): value is Verdict =>
  typeof value === 'object' &&
  value !== null &&
  'source' in value &&
  typeof value.source === 'string' &&
  'level' in value &&
  (value.level === 'lossy' || value.level === 'skipped') &&
  'reason' in value &&
  typeof value.reason === 'string';

/** What a folder holds now, by path below it: a file's text, or what else the path is. */
export type FoundEntry = { readonly text: string } | { readonly other: string };

/**
 * How the folder differs from what the import wrote, one phrase per path in path order (`tokens/color.yaml edited`,
 * `NOTES.md added`, `tokens/space.yaml removed`); empty when it is as written. The record file itself is not compared.
 */
export function folderEdits(record: ImportRecord, found: ReadonlyMap<string, FoundEntry>): string[] {
  const edits: [string, string][] = [];
  for (const [path, hash] of Object.entries(record.files)) {
    const entry = found.get(path);
    if (entry === undefined) edits.push([path, `${path} removed`]);
    else if (!('text' in entry)) edits.push([path, `${path} replaced by ${entry.other}`]);
    else if (hashWrittenFile(entry.text) !== hash) edits.push([path, `${path} edited`]);
  }
  for (const [path, entry] of found) {
    if (path === IMPORT_RECORD_FILE || Object.hasOwn(record.files, path)) continue;
    edits.push([path, 'text' in entry ? `${path} added` : `${path} added (${entry.other})`]);
  }
  return edits.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, phrase]) => phrase);
}
