import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isSourceYamlPath } from '../compile/source-paths.js';
import type { SourceEvent } from '../state/events.js';

/** Folders never read nor watched below the source folder (besides dot-folders). */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules']);

/** Relative `/`-separated path of a file below the source folder. */
export function toSourcePath(sourceDir: string, absolutePath: string): string {
  return relative(sourceDir, absolutePath).split(sep).join('/');
}

/** Every source YAML path below `sourceDir`, sorted; skips dot-folders, `node_modules` and symlinks. */
export async function listSourcePaths(sourceDir: string): Promise<string[]> {
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
        if (entry.isDirectory()) {
          if (!SKIPPED_FOLDERS.has(entry.name)) await walk(path, false);
        } else if (entry.isFile()) {
          const sourcePath = toSourcePath(sourceDir, path);
          if (isSourceYamlPath(sourcePath)) paths.push(sourcePath);
        }
      }),
    );
  };
  await walk(sourceDir, true);
  return paths.sort();
}

/** The event for one source path as it is on disk now: `file/changed` with its text, or `file/removed` when it is gone. */
export async function readSourcePath(sourceDir: string, path: string, at: number): Promise<SourceEvent> {
  try {
    return { type: 'file/changed', path, text: await readFile(join(sourceDir, path), 'utf8'), at };
  } catch (error) {
    if (isGone(error)) return { type: 'file/removed', path, at };
    throw new Error(`cannot read ${path}`, { cause: error });
  }
}

/** Every YAML file below `sourceDir` (skipping dot-folders, `node_modules` and symlinks), as `file/changed` events. */
export async function readSourceFolder(sourceDir: string, at: number): Promise<SourceEvent[]> {
  const events = await Promise.all((await listSourcePaths(sourceDir)).map((path) => readSourcePath(sourceDir, path, at)));
  // A file deleted between the listing and the read is not part of the folder.
  return events.filter((event) => event.type === 'file/changed');
}

/** The keys file as a `keys/changed` event (text null when it does not exist). */
export async function readKeysFile(keysPath: string, at: number): Promise<SourceEvent> {
  try {
    return { type: 'keys/changed', path: keysPath, text: await readFile(keysPath, 'utf8'), at };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { type: 'keys/changed', path: keysPath, text: null, at };
    throw new Error(`cannot read keys file ${keysPath}`, { cause: error });
  }
}

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
