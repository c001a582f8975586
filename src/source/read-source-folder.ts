import { opendir, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { MAX_KEYS_FILE_BYTES } from '../compile/keys/parse-keys-file.js';
import { MAX_SOURCE_FILE_BYTES } from '../compile/yaml/parse-source-file.js';
import { mapValueAt } from '../compile/checked-access.js';
import { slugOfSystemPath } from '../compile/source-paths.js';
import type { SourceEvent } from '../state/events.js';
import { isGone, limitFileAccess, readRegularFile } from './read-regular-file.js';
import { errorMessage } from '../compile/narrow-unknown.js';

/** Told of each path below the source folder that is not read, and why (a symbolic link, a FIFO...). */
export type OnSkipped = (path: string, reason: string) => void;

/** Folders never read nor watched below the source folder (besides dot-folders). */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules']);

/** Most YAML files one design system may hold: past it, none of them is read and the design system is not loaded. */
export const MAX_FILES_PER_DESIGN_SYSTEM = 10_000;

/** Most YAML files of all design systems together: the design systems that would pass it (in name order) are not loaded. */
export const MAX_SOURCE_FILES = 50_000;

/** A source file's event: its text as read, or its removal. */
export type SourceFileEvent = Extract<SourceEvent, { readonly type: 'file/changed' | 'file/removed' }>;

/** Relative `/`-separated path of a file below the source folder. */
export function toSourcePath(sourceDir: string, absolutePath: string): string {
  return relative(sourceDir, absolutePath).split(sep).join('/');
}

/** Entries of a folder listing taken at a time: a 100,000-entry folder is listed in many short turns of the event loop. */
const LISTING_CHUNK = 256;

/**
 * Every source YAML path below `sourceDir` (or below its design system `slug` only), sorted; skips dot-folders and
 * `node_modules`. Symbolic links (to files or folders) and YAML names that are not regular files are never followed
 * nor read: each is told to `onSkipped`. A design system folder that does not exist has no paths. The design systems in
 * `unlisted` are left out.
 */
export async function listSourcePaths(
  sourceDir: string,
  onSkipped: OnSkipped = () => undefined,
  slug?: string,
  unlisted: ReadonlySet<string> = new Set(),
): Promise<string[]> {
  const paths: string[] = [];
  await walkSourceYaml(sourceDir, slug, unlisted, onSkipped, (sourcePath, isFile) => {
    if (isFile) paths.push(sourcePath);
    else onSkipped(sourcePath, 'not a regular file (a FIFO, socket, device or folder)');
  });
  return paths.sort();
}

/**
 * How many YAML files the design system `slug` holds when that is past the limit per design system (so it is refused
 * whatever the others hold), counted without making their paths; undefined when it is within the limit.
 */
export async function countPastLimit(sourceDir: string, slug: string): Promise<number | undefined> {
  const count = await countSourceFiles(sourceDir, slug);
  return count > MAX_FILES_PER_DESIGN_SYSTEM ? count : undefined;
}

/** How many YAML files the design system `slug` holds, as `listSourcePaths` would list them, without making their paths. */
export async function countSourceFiles(sourceDir: string, slug: string): Promise<number> {
  let count = 0;
  await walkSourceYaml(
    sourceDir,
    slug,
    new Set(),
    () => undefined,
    (_sourcePath, isFile) => {
      if (isFile) count += 1;
    },
  );
  return count;
}

/**
 * Calls `onYaml` with each YAML name below `sourceDir` (or its design system `slug`) as a source path, and whether it
 * is a regular file; dot-names, `node_modules` and the design systems in `unlisted` are skipped, symbolic links told
 * to `onSkipped`. Folders are read `LISTING_CHUNK` entries at a time, so a huge one never holds the event loop.
 */
async function walkSourceYaml(
  sourceDir: string,
  slug: string | undefined,
  unlisted: ReadonlySet<string>,
  onSkipped: OnSkipped,
  onYaml: (sourcePath: string, isFile: boolean) => void,
): Promise<void> {
  const walk = async (dir: string, sourcePath: string): Promise<void> => {
    const isRoot = sourcePath === '';
    const folders: [string, string][] = [];
    try {
      const handle = await limitFileAccess(() => opendir(dir, { bufferSize: LISTING_CHUNK }));
      for await (const entry of handle) {
        if (entry.name.startsWith('.')) continue;
        const entryPath = isRoot ? entry.name : `${sourcePath}/${entry.name}`;
        if (entry.isSymbolicLink()) onSkipped(entryPath, 'a symbolic link (never followed)');
        else if (entry.isDirectory()) {
          if (!SKIPPED_FOLDERS.has(entry.name) && !(isRoot && unlisted.has(entry.name))) folders.push([join(dir, entry.name), entryPath]);
        } else if (!isRoot && entry.name.endsWith('.yaml')) onYaml(entryPath, entry.isFile());
      }
    } catch (error) {
      // The root must exist; a sub-folder that vanished mid-walk (a checkout, a delete) is simply gone.
      if (isRoot) throw new Error(`cannot read the source folder ${sourceDir}: ${errorMessage(error)}`, { cause: error });
      if (!isGone(error)) throw error;
      return;
    }
    await Promise.all(folders.map(([folder, folderPath]) => walk(folder, folderPath)));
  };
  if (slug === undefined) await walk(sourceDir, '');
  else if (!slug.startsWith('.') && !SKIPPED_FOLDERS.has(slug)) await walk(join(sourceDir, slug), slug);
}

/** How many YAML files each design system of `paths` holds. */
export function countFilesPerSystem(paths: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const path of paths) {
    const slug = slugOfSystemPath(path);
    counts.set(slug, (counts.get(slug) ?? 0) + 1);
  }
  return counts;
}

/**
 * The design systems not loaded for their number of files, each with the reason: more than
 * `MAX_FILES_PER_DESIGN_SYSTEM`, or more than what `MAX_SOURCE_FILES` leaves once the design systems before it (in
 * name order) are counted.
 */
export function refuseOverLimit(counts: ReadonlyMap<string, number>): Map<string, string> {
  const refused = new Map<string, string>();
  let total = 0;
  for (const slug of [...counts.keys()].sort()) {
    const files = mapValueAt(counts, slug);
    if (files > MAX_FILES_PER_DESIGN_SYSTEM)
      refused.set(slug, `it has ${files} YAML files, more than ${MAX_FILES_PER_DESIGN_SYSTEM} (the limit per design system)`);
    else if (total + files > MAX_SOURCE_FILES)
      refused.set(
        slug,
        `its ${files} YAML files and the ${total} of the design systems before it would pass ${MAX_SOURCE_FILES} ` +
          '(the limit for the whole source folder)',
      );
    else total += files;
  }
  return refused;
}

/**
 * The event for one source path as it is on disk now: `file/changed` with its text (at most one byte over the size
 * limit, which the parser then refuses), or `file/removed` when it is gone or is not a regular file (told to
 * `onSkipped`).
 */
export async function readSourcePath(
  sourceDir: string,
  path: string,
  at: number,
  onSkipped: OnSkipped = () => undefined,
): Promise<SourceFileEvent> {
  let read;
  try {
    read = await readRegularFile(join(sourceDir, path), { maxBytes: MAX_SOURCE_FILE_BYTES, within: await realSourceDir(sourceDir) });
  } catch (error) {
    throw new Error(`cannot read ${path}: ${errorMessage(error)}`, { cause: error });
  }
  if (read.kind === 'text') return { type: 'file/changed', path, text: read.text, at };
  if (read.kind === 'skipped') onSkipped(path, read.reason);
  return { type: 'file/removed', path, at };
}

const realSourceDirs = new Map<string, Promise<string>>();

/** The source folder's real path (resolved once per folder): files read must really be inside it. */
function realSourceDir(sourceDir: string): Promise<string> {
  let real = realSourceDirs.get(sourceDir);
  if (real === undefined) {
    real = realpath(sourceDir).catch(() => sourceDir);
    realSourceDirs.set(sourceDir, real);
  }
  return real;
}

/**
 * Every YAML file below `sourceDir` (skipping dot-folders, `node_modules`, symbolic links and non-regular files), as
 * `file/changed` events; a design system with too many files (see `refuseOverLimit`) is told to `onSkipped` as its
 * folder and none of its files is read.
 */
export async function readSourceFolder(sourceDir: string, at: number, onSkipped: OnSkipped = () => undefined): Promise<SourceEvent[]> {
  const paths = await listSourcePaths(sourceDir, onSkipped);
  const refused = refuseOverLimit(countFilesPerSystem(paths));
  for (const [slug, reason] of refused) onSkipped(slug, reason);
  const events = await Promise.all(
    paths.filter((path) => !refused.has(slugOfSystemPath(path))).map((path) => readSourcePath(sourceDir, path, at, onSkipped)),
  );
  // A file deleted between the listing and the read is not part of the folder.
  return events.filter((event) => event.type === 'file/changed');
}

/**
 * The keys file as a `keys/changed` event (text null when it does not exist). It may be a symbolic link (Kubernetes
 * mounts secrets that way), but must end at a regular file; anything else, or a read past the deadline, throws.
 */
export async function readKeysFile(keysPath: string, at: number): Promise<SourceEvent> {
  let read;
  try {
    read = await readRegularFile(keysPath, { maxBytes: MAX_KEYS_FILE_BYTES, followSymlink: true });
  } catch (error) {
    throw new Error(`cannot read keys file ${keysPath}: ${errorMessage(error)}`, { cause: error });
  }
  if (read.kind === 'gone') return { type: 'keys/changed', path: keysPath, text: null, at };
  if (read.kind === 'skipped') throw new Error(`cannot read keys file ${keysPath}: it is ${read.reason}`);
  return { type: 'keys/changed', path: keysPath, text: read.text, at };
}
