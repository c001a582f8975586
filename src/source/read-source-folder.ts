import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { isSourceYamlPath } from '../state/reduce.js';
import type { SourceEvent } from '../state/events.js';

/** Relative `/`-separated path of a file below the source folder. */
export function toSourcePath(sourceDir: string, absolutePath: string): string {
  return relative(sourceDir, absolutePath).split(sep).join('/');
}

/** Every YAML file below `sourceDir` (skipping dot-folders and symlinks), as `file/changed` events. */
export async function readSourceFolder(sourceDir: string, at: number): Promise<SourceEvent[]> {
  const entries = await readdir(sourceDir, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile())
    .map((entry) => toSourcePath(sourceDir, join(entry.parentPath, entry.name)))
    .filter(isSourceYamlPath)
    .sort();
  return Promise.all(paths.map(async (path) => ({ type: 'file/changed' as const, path, text: await readFile(join(sourceDir, path), 'utf8'), at })));
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
