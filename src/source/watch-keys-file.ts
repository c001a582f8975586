import { dirname, resolve } from 'node:path';
import { watch } from 'chokidar';
import type { SourceEvent } from '../state/events.js';
import { readKeysFile } from './read-source-folder.js';
import { SILENT_WATCH_LOGGER } from './watch-logger.js';
import type { WatchLogger } from './watch-logger.js';
import { errorCode, errorMessage } from '../compile/narrow-unknown.js';

export interface KeysFileWatcher {
  close(): Promise<void>;
}

export interface WatchKeysFileOptions {
  /** A burst of changes settles after this long without a new one. */
  readonly quietMs?: number;
  /** How often the file is read once watching failed. */
  readonly pollIntervalMs?: number;
  readonly log?: WatchLogger;
}

/**
 * Watches only the keys file (when the design systems come from a remote rather than a work tree) and emits a
 * `keys/changed` event after each burst of changes settles. Watches the folder, so editors' atomic saves are seen.
 * When watching fails (the inotify watch limit, no permission), says so once and reads the file every
 * `pollIntervalMs` instead, emitting only when its text changed.
 */
export async function watchKeysFile(
  keysPath: string,
  onEvent: (event: SourceEvent) => void,
  options: WatchKeysFileOptions = {},
): Promise<KeysFileWatcher> {
  const { quietMs = 30, pollIntervalMs = 1_000, log = SILENT_WATCH_LOGGER } = options;
  const file = resolve(keysPath);
  const folder = dirname(file);
  const watcher = watch(folder, { ignoreInitial: true, depth: 0, ignored: (path) => path !== folder && resolve(path) !== file });
  let timer: NodeJS.Timeout | undefined;
  let poller: NodeJS.Timeout | undefined;
  let closed = false;
  watcher.on('all', () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      void readKeysFile(file, Date.now()).then(onEvent, () => undefined);
    }, quietMs);
  });
  watcher.on('error', (error: unknown) => {
    if (poller !== undefined || closed) return;
    const code = errorCode(error) ?? 'unknown';
    log.error(`keys file watcher failed (${code}: ${errorMessage(error)}); re-reading ${file} every ${pollIntervalMs} ms`);
    void watcher.close().catch(() => undefined);
    let last: string | null | undefined;
    poller = setInterval(() => {
      void readKeysFile(file, Date.now()).then(
        (event) => {
          if (closed || event.type !== 'keys/changed' || event.text === last) return;
          last = event.text;
          onEvent(event);
        },
        () => undefined,
      );
    }, pollIntervalMs);
  });
  // A watch that fails before it is ready polls instead: do not wait for a `ready` that never comes.
  await new Promise<void>((done) => {
    watcher.once('ready', () => done());
    watcher.once('error', () => done());
  });
  return {
    async close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
      if (poller !== undefined) clearInterval(poller);
      await watcher.close();
    },
  };
}
