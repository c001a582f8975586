import { dirname, resolve } from 'node:path';
import { watch } from 'chokidar';
import type { SourceEvent } from '../state/events.js';
import { readKeysFile } from './read-source-folder.js';

export interface KeysFileWatcher {
  close(): Promise<void>;
}

/**
 * Watches only the keys file (when the design systems come from a remote rather than a work tree) and emits a
 * `keys/changed` event after each burst of changes settles. Watches the folder, so editors' atomic saves are seen.
 */
export async function watchKeysFile(keysPath: string, onEvent: (event: SourceEvent) => void, quietMs = 30): Promise<KeysFileWatcher> {
  const file = resolve(keysPath);
  const folder = dirname(file);
  const watcher = watch(folder, { ignoreInitial: true, depth: 0, ignored: (path) => path !== folder && resolve(path) !== file });
  let timer: NodeJS.Timeout | undefined;
  watcher.on('all', () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      void readKeysFile(file, Date.now()).then(onEvent, () => undefined);
    }, quietMs);
  });
  await new Promise<void>((done) => watcher.once('ready', () => done()));
  return {
    async close() {
      if (timer !== undefined) clearTimeout(timer);
      await watcher.close();
    },
  };
}
