import { lstat, opendir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { compileDesignSystemFolder } from '../compile/compile-design-system.js';
import { parseSourceFile } from '../compile/yaml/parse-source-file.js';
import { folderEdits, IMPORT_RECORD_FILE, parseImportRecord } from '../import/import-record.js';
import type { FoundEntry, ImportRecord } from '../import/import-record.js';
import type { ImportSide } from '../import/import-changes.js';
import { MAX_IMPORT_FILE_BYTES } from '../import/import-limits.js';
import { readRegularFile } from '../source/read-regular-file.js';
import { UsageError } from './usage-error.js';
import { itemAt } from '../compile/checked-access.js';

/** A recorded import, ready to run again: where, with which arguments, and what the folder held before. */
export interface UpdateTarget {
  /** The folder the import ran in (absolute): its paths are relative to it. */
  readonly ranIn: string;
  /** The real path of the folder nothing is read outside of (the Git work tree holding the folder, or the cwd). */
  readonly boundary: string;
  readonly record: ImportRecord;
  /** The folder's design system as it is now, with the record's sources and verdicts. */
  readonly before: ImportSide;
  /** The folder's files as they are now (the record included), to tell whether the new import changes any. */
  readonly files: ReadonlyMap<string, string>;
}

/** A path as `/`-separated text. */
const slashed = (path: string): string => path.split(sep).join('/');

/**
 * Reads the folder `shown` (at `folder`) for `token-server import --update`: its record, and its files as they are now.
 * Refuses (a UsageError: nothing is changed) a folder that is missing or a link, one without a record or with one this
 * version cannot read, one whose recorded inputs are gone, and unless `force`, one edited since it was imported.
 */
export async function readUpdateTarget(folder: string, shown: string, force: boolean): Promise<UpdateTarget> {
  const found = await lstat(folder).catch(() => undefined);
  if (found === undefined) throw new UsageError(`${shown} does not exist`);
  if (found.isSymbolicLink())
    throw new UsageError(`${shown} is a symbolic link: the import never writes through one; give the folder itself`);
  if (!found.isDirectory()) throw new UsageError(`${shown} is not a folder`);
  const entries = await readFolder(folder);
  const recordEntry = entries.get(IMPORT_RECORD_FILE);
  if (recordEntry === undefined) {
    throw new UsageError(
      `${shown} has no import record (${IMPORT_RECORD_FILE}): --update re-runs the import that wrote a folder, and this one was ` +
        'not written by `token-server import`; import into it with --force instead',
    );
  }
  const recordPath = `${slashed(shown)}/${IMPORT_RECORD_FILE}`;
  const parsed = 'text' in recordEntry ? parseImportRecord(recordEntry.text) : { problem: `it is ${recordEntry.other}` };
  if ('problem' in parsed) {
    throw new UsageError(`${recordPath} is not an import record this version reads: ${parsed.problem}; import again with --force`);
  }
  const ranIn = resolve(folder, parsed.ranIn);
  // The record is committed beside the tokens: a hostile one must not make a teammate's --update read files elsewhere.
  const boundary = (await workTreeRoot(folder)) ?? process.cwd();
  const outside = [parsed.ranIn, ...recordedPaths(parsed.args)].filter(
    (path, index) => !isInside(boundary, index === 0 ? ranIn : resolve(ranIn, path)),
  );
  if (outside.length > 0) {
    throw new UsageError(
      `${recordPath} names ${outside.join(', ')}, outside ${boundary} (the Git work tree that holds ${shown}, or the ` +
        'folder you run this from when there is none): --update reads nothing outside it; import again with --force',
    );
  }
  // A committed link at a recorded path (or at a folder on the way to it) would lead the read outside just as well.
  const linked: string[] = [];
  for (const [path, absolute] of [
    [parsed.ranIn, ranIn] as const,
    ...recordedPaths(parsed.args).map((path) => [path, resolve(ranIn, path)] as const),
  ]) {
    const link = await firstLinkBelow(boundary, absolute);
    if (link === undefined) continue;
    const fromRanIn = slashed(relative(ranIn, link)) || '.';
    linked.push(link === absolute ? `${path} (a symbolic link)` : `${path} (through the symbolic link ${fromRanIn})`);
  }
  if (linked.length > 0) {
    throw new UsageError(
      `${recordPath} names ${linked.join(', ')}: --update follows no symbolic link in a recorded path, which could ` +
        `lead outside ${boundary}; import again with --force`,
    );
  }
  const gone: string[] = [];
  for (const path of recordedPaths(parsed.args)) {
    if ((await stat(resolve(ranIn, path)).catch(() => undefined)) === undefined) gone.push(path);
  }
  if (gone.length > 0) {
    throw new UsageError(
      `the import of ${shown} read ${gone.join(', ')} (in ${parsed.ranIn} from the folder), which ${gone.length === 1 ? 'does' : 'do'} not ` +
        'exist any more: import again with the files you have now, and --force',
    );
  }
  const edits = folderEdits(parsed, entries);
  if (edits.length > 0 && !force) {
    throw new UsageError(
      `${shown} was changed since it was imported (${edits.join(', ')}): --update would overwrite that; carry the change into ` +
        'the source, or pass --force to overwrite it',
    );
  }
  const files = new Map<string, string>();
  for (const [path, entry] of entries) if ('text' in entry) files.set(path, entry.text);
  const slug = basename(folder);
  const yaml = [...files].filter(([path]) => path.endsWith('.yaml') && !path.split('/').some((segment) => segment.startsWith('.')));
  const compiled = compileDesignSystemFolder(
    slug,
    yaml.map(([path, text]) => parseSourceFile(`${slug}/${path}`, text, path === 'system.yaml')),
  );
  return {
    ranIn,
    boundary: await realpath(boundary),
    record: parsed,
    before: { system: compiled.system, sources: parsed.sources, verdicts: parsed.verdicts },
    files,
  };
}

/** The top folder of the Git work tree holding `folder` (the nearest one with a `.git`), or undefined. */
async function workTreeRoot(folder: string): Promise<string | undefined> {
  for (let dir = folder; ; dir = dirname(dir)) {
    if ((await lstat(join(dir, '.git')).catch(() => undefined)) !== undefined) return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The first symbolic link among the folders from `root` (not included) down to `path` (included), or undefined; a
 * segment that does not exist ends the walk (what is missing is reported as gone).
 */
async function firstLinkBelow(root: string, path: string): Promise<string | undefined> {
  let at = root;
  for (const segment of relative(root, path)
    .split(sep)
    .filter((part) => part !== '')) {
    at = join(at, segment);
    const found = await lstat(at).catch(() => undefined);
    if (found === undefined) return undefined;
    if (found.isSymbolicLink()) return at;
  }
  return undefined;
}

/** Whether `path` is `root` or below it. */
function isInside(root: string, path: string): boolean {
  const fromRoot = relative(root, path);
  return fromRoot === '' || (!fromRoot.startsWith('..') && !isAbsolute(fromRoot));
}

/** The files and folders a recorded import reads: its arguments that are not options, and the paths of each `--mode`. */
function recordedPaths(args: readonly string[]): string[] {
  const paths: string[] = [];
  for (let index = 0; index < args.length; index += 1) {
    const arg = itemAt(args, index);
    if (arg === '--mode') {
      const [, list = ''] = (args[index + 1] ?? '').split(/=(.*)/s, 2);
      paths.push(...list.split(',').filter((path) => path !== ''));
      index += 1;
    } else if (arg.startsWith('--')) index += 1;
    else paths.push(arg);
  }
  return paths;
}

/**
 * The arguments to record for an import run in `cwd`: each path (files, folders, and those of each `--mode`) relative
 * to `cwd`, as the user wrote it when it was relative; then `--name`, `--from`, each `--mode`, each `--type`.
 */
export function recordArgs(
  cwd: string,
  options: {
    readonly inputs: readonly string[];
    readonly name: string | undefined;
    readonly from: string | undefined;
    readonly modes: readonly string[];
    readonly types: readonly string[];
    readonly breakpoints?: readonly string[];
  },
): string[] {
  const relativePath = (path: string): string => (isAbsolute(path) ? slashed(relative(cwd, path)) || '.' : path);
  const args = options.inputs.map(relativePath);
  if (options.name !== undefined) args.push('--name', options.name);
  if (options.from !== undefined) args.push('--from', options.from);
  for (const mode of options.modes) {
    const [name = '', paths = ''] = mode.split(/=(.*)/s, 2);
    args.push('--mode', `${name}=${paths.split(',').map(relativePath).join(',')}`);
  }
  for (const type of options.types) args.push('--type', type);
  for (const breakpoint of options.breakpoints ?? []) args.push('--breakpoint', breakpoint);
  return args;
}

/** Where the import ran, as the record keeps it: relative to the written folder, `/`-separated. */
export const recordedRanIn = (out: string, cwd: string): string => slashed(relative(out, cwd)) || '.';

/**
 * Every entry below `folder`, by `/`-separated path: a regular file's text (at most the import's file size, plus one
 * byte, is read), or what else the entry is; symbolic links are never followed and folders are walked.
 */
async function readFolder(folder: string): Promise<Map<string, FoundEntry>> {
  const entries = new Map<string, FoundEntry>();
  const pending = [''];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for await (const entry of await opendir(join(folder, next))) {
      const path = next === '' ? entry.name : `${next}/${entry.name}`;
      if (entry.isSymbolicLink()) entries.set(path, { other: 'a symbolic link' });
      else if (entry.isDirectory()) pending.push(path);
      else if (!entry.isFile()) entries.set(path, { other: 'not a regular file' });
      else {
        const read = await readRegularFile(join(folder, path), {
          maxBytes: MAX_IMPORT_FILE_BYTES,
          followSymlink: false,
          deadlineMs: 60_000,
        });
        entries.set(path, read.kind === 'text' ? { text: read.text } : { other: read.kind === 'gone' ? 'gone' : read.reason });
      }
    }
  }
  return entries;
}
