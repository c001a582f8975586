import { isSourceYamlPath, slugOfSystemPath } from '../compile/source-paths.js';
import type { BatchEvent } from './events.js';

/** What a batch does to the source files: the new text per path (null when removed), and the design systems touched. */
export interface FileChanges {
  readonly texts: ReadonlyMap<string, string | null>;
  readonly touched: ReadonlySet<string>;
}

/**
 * The source files a batch changes, given the files before it. Returns only real changes: a save with the same
 * text, a removal of an unknown file and anything that is not a design system's YAML file are left out.
 * The reducer and the compile stage in front of it both use this, so they agree on what a batch touches.
 */
export function listChangedFiles(files: ReadonlyMap<string, { readonly text: string }>, batch: readonly BatchEvent[]): FileChanges {
  const texts = new Map<string, string | null>();
  const touched = new Set<string>();
  const textOf = (path: string): string | undefined => (texts.has(path) ? (texts.get(path) ?? undefined) : files.get(path)?.text);
  for (const event of batch) {
    if (event.type === 'file/changed') {
      if (!isSourceYamlPath(event.path) || textOf(event.path) === event.text) continue;
      texts.set(event.path, event.text);
      touched.add(slugOfSystemPath(event.path));
    } else if (event.type === 'file/removed') {
      if (textOf(event.path) === undefined) continue;
      texts.set(event.path, null);
      touched.add(slugOfSystemPath(event.path));
    }
  }
  return { texts, touched };
}

/** One design system's files after the changes (`null` marks a removed file), sorted by path. */
export function listSystemFiles<T>(files: ReadonlyMap<string, T>, changes: ReadonlyMap<string, T | null>, slug: string): Map<string, T> {
  const prefix = `${slug}/`;
  const result = new Map<string, T>();
  for (const [path, file] of files) if (path.startsWith(prefix) && !changes.has(path)) result.set(path, file);
  for (const [path, file] of changes) if (file !== null && path.startsWith(prefix)) result.set(path, file);
  return new Map([...result].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
