import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { SKIPPED_FOLDERS } from './read-source-folder.js';
import type { WatchLogger } from './watch-logger.js';
import { errorCode, errorMessage } from '../compile/narrow-unknown.js';

/** Most folders of one refused design system followed with a watch each; past it, the design system is counted on a timer. */
export const MAX_FOLLOWED_FOLDERS = 1_000;

/** How often a refused design system with too many folders to follow is counted again. */
export const REFUSED_RECOUNT_MS = 5_000;

/** How long after a change in a refused design system its folders are listed again (new or removed sub-folders). */
const RELIST_FOLDERS_MS = 250;

export interface RefusedFolderWatchOptions {
  /** Absolute path of the source folder. */
  readonly sourceDir: string;
  /** Something changed in the design system `slug` (it is to be counted again). */
  readonly onChange: (slug: string) => void;
  readonly log: WatchLogger;
}

/**
 * Follows the folders of the design systems refused for their number of files. chokidar would keep a watch per file
 * and list a 100,000-entry folder again on every change in it (seconds of the main thread per burst); here each
 * folder has one plain `fs.watch`, whose events only say "count this design system again".
 */
export class RefusedFolderWatch {
  readonly #options: RefusedFolderWatchOptions;
  readonly #systems = new Map<string, FollowedSystem>();
  #closed = false;

  constructor(options: RefusedFolderWatchOptions) {
    this.#options = options;
  }

  /** Follows exactly these design systems from now on. */
  follow(slugs: ReadonlySet<string>): void {
    if (this.#closed) return;
    for (const [slug, system] of this.#systems) {
      if (slugs.has(slug)) continue;
      system.close();
      this.#systems.delete(slug);
    }
    for (const slug of slugs) {
      if (this.#systems.has(slug)) continue;
      const system = new FollowedSystem(
        join(this.#options.sourceDir, slug),
        () => this.#options.onChange(slug),
        (message) => this.#options.log.warn(`design system \`${slug}\`: ${message}`),
      );
      this.#systems.set(slug, system);
      void system.listFolders();
    }
  }

  close(): void {
    this.#closed = true;
    for (const system of this.#systems.values()) system.close();
    this.#systems.clear();
  }
}

/** One refused design system: a watch per folder (or a timer when it has too many), re-listed after changes. */
class FollowedSystem {
  readonly #root: string;
  readonly #onChange: () => void;
  readonly #warn: (message: string) => void;
  #watches = new Map<string, FSWatcher>();
  #relistTimer: NodeJS.Timeout | undefined;
  #recountTimer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(root: string, onChange: () => void, warn: (message: string) => void) {
    this.#root = root;
    this.#onChange = onChange;
    this.#warn = warn;
  }

  /**
   * Lists the design system's folders and watches each one anew, then closes the previous watches: a folder removed and
   * made again under the same name (even with the same inode number) needs a new watch, and no event falls between.
   */
  async listFolders(): Promise<void> {
    const folders = await listFolders(this.#root, MAX_FOLLOWED_FOLDERS + 1);
    if (this.#closed) return;
    if (folders.length > MAX_FOLLOWED_FOLDERS) {
      this.#countOnTimer(`it has more than ${MAX_FOLLOWED_FOLDERS} folders: counting its files every ${REFUSED_RECOUNT_MS} ms`);
      return;
    }
    const previous = this.#watches;
    this.#watches = new Map();
    for (const folder of folders) this.#watchFolder(folder);
    for (const watcher of previous.values()) watcher.close();
  }

  close(): void {
    this.#closed = true;
    clearTimeout(this.#relistTimer);
    clearInterval(this.#recountTimer);
    for (const watcher of this.#watches.values()) watcher.close();
    this.#watches.clear();
  }

  #watchFolder(folder: string): void {
    let watcher: FSWatcher;
    try {
      watcher = watch(folder, { persistent: false }, (_event, name) => {
        this.#onChange();
        // A name that is not a YAML file may be a folder that came or went.
        if (typeof name !== 'string' || !name.endsWith('.yaml')) this.#relistSoon();
      });
    } catch (error) {
      this.#onWatchFailed(error);
      return;
    }
    watcher.on('error', (error) => {
      watcher.close();
      if (this.#watches.get(folder) === watcher) this.#watches.delete(folder);
      this.#onWatchFailed(error);
    });
    this.#watches.set(folder, watcher);
  }

  #onWatchFailed(error: unknown): void {
    const code = errorCode(error);
    // A folder removed between the listing and the watch is a change like any other.
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      this.#onChange();
      this.#relistSoon();
      return;
    }
    this.#countOnTimer(`its folders cannot be watched (${code ?? errorMessage(error)}): counting its files every ${REFUSED_RECOUNT_MS} ms`);
  }

  #relistSoon(): void {
    if (this.#closed || this.#relistTimer !== undefined || this.#recountTimer !== undefined) return;
    this.#relistTimer = setTimeout(() => {
      this.#relistTimer = undefined;
      void this.listFolders();
    }, RELIST_FOLDERS_MS);
    this.#relistTimer.unref();
  }

  #countOnTimer(reason: string): void {
    if (this.#recountTimer !== undefined) return;
    this.#warn(reason);
    for (const watcher of this.#watches.values()) watcher.close();
    this.#watches.clear();
    this.#recountTimer = setInterval(this.#onChange, REFUSED_RECOUNT_MS);
    this.#recountTimer.unref();
  }
}

/**
 * `root` and the folders below it (at most `max`), skipping dot-folders, `node_modules` and symbolic links, as the
 * source listing does. A folder that cannot be read is left out (gone, or not a folder any more).
 */
async function listFolders(root: string, max: number): Promise<string[]> {
  const folders: string[] = [];
  const pending = [root];
  while (pending.length > 0 && folders.length < max) {
    const folder = pending.pop() as string;
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => undefined);
    if (entries === undefined) continue;
    folders.push(folder);
    for (const entry of entries)
      if (entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name)) pending.push(join(folder, entry.name));
  }
  return folders;
}
