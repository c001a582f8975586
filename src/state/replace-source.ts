import type { SourceEvent } from './events.js';
import type { Snapshot } from './snapshot.js';

/**
 * The batch that turns `snapshot`'s files into exactly the files of `loaded` (a full load of another revision):
 * `loaded` itself plus a `file/removed` for every file the snapshot has that `loaded` lacks.
 * @example eventsToReplaceSource(snapshot, [changeOfA]) // [changeOfA, { type: 'file/removed', path: 'acme/old.yaml', at }]
 */
export function eventsToReplaceSource(snapshot: Snapshot, loaded: readonly SourceEvent[]): SourceEvent[] {
  const kept = new Set(loaded.flatMap((event) => (event.type === 'file/changed' ? [event.path] : [])));
  const at = loaded.reduce((latest, event) => Math.max(latest, event.at), 0);
  const removed: SourceEvent[] = [...snapshot.files.keys()]
    .filter((path) => !kept.has(path))
    .map((path) => ({ type: 'file/removed', path, at }));
  return [...loaded, ...removed];
}
