import { readdir, realpath } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { MAX_KEYS_FILE_BYTES } from '../compile/parse-keys-file.js';
import { MAX_SOURCE_FILE_BYTES } from '../compile/parse-source-file.js';
import { isSourceYamlPath } from '../compile/source-paths.js';
import type { SourceEvent } from '../state/events.js';
import { isGone, readRegularFile } from './read-regular-file.js';

/** Told of each path below the source folder that is not read, and why (a symbolic link, a FIFO...). */
export type OnSkipped = (path: string, reason: string) => void;

/** Folders never read nor watched below the source folder (besides dot-folders). */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules']);

/** Relative `/`-separated path of a file below the source folder. */
export function toSourcePath(sourceDir: string, absolutePath: string): string {
  return relative(sourceDir, absolutePath).split(sep).join('/');
}

/**
 * Every source YAML path below `sourceDir`, sorted; skips dot-folders and `node_modules`. Symbolic links (to files or
 * folders) and YAML names that are not regular files are never followed nor read: each is told to `onSkipped`.
 */
export async function listSourcePaths(sourceDir: string, onSkipped: OnSkipped = () => undefined): Promise<string[]> {
  const paths: string[] = [];
  const walk = async (dir: string, isRoot: boolean): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      // The root must exist; a sub-folder that vanished mid-walk (a checkout, a delete) is simply gone.
      if (isRoot) throw new Error(`cannot read the source folder ${sourceDir}: ${(error as Error).message}`, { cause: error });
      if (!isGone(error)) throw error;
      return;
    }
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.name.startsWith('.')) return;
        const path = join(dir, entry.name);
        const sourcePath = toSourcePath(sourceDir, path);
        if (entry.isSymbolicLink()) onSkipped(sourcePath, 'a symbolic link (never followed)');
        else if (entry.isDirectory()) {
          if (!SKIPPED_FOLDERS.has(entry.name)) await walk(path, false);
        } else if (isSourceYamlPath(sourcePath)) {
          if (entry.isFile()) paths.push(sourcePath);
          else onSkipped(sourcePath, 'not a regular file (a FIFO, socket, device or folder)');
        }
      }),
    );
  };
  await walk(sourceDir, true);
  return paths.sort();
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
): Promise<SourceEvent> {
  let read;
  try {
    read = await readRegularFile(join(sourceDir, path), { maxBytes: MAX_SOURCE_FILE_BYTES, within: await realSourceDir(sourceDir) });
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
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

/** Every YAML file below `sourceDir` (skipping dot-folders, `node_modules`, symbolic links and non-regular files), as `file/changed` events. */
export async function readSourceFolder(sourceDir: string, at: number, onSkipped: OnSkipped = () => undefined): Promise<SourceEvent[]> {
  const events = await Promise.all(
    (await listSourcePaths(sourceDir, onSkipped)).map((path) => readSourcePath(sourceDir, path, at, onSkipped)),
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
    throw new Error(`cannot read keys file ${keysPath}: ${(error as Error).message}`, { cause: error });
  }
  if (read.kind === 'gone') return { type: 'keys/changed', path: keysPath, text: null, at };
  if (read.kind === 'skipped') throw new Error(`cannot read keys file ${keysPath}: it is ${read.reason}`);
  return { type: 'keys/changed', path: keysPath, text: read.text, at };
}
