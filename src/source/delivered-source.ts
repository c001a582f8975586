import type { SourceEvent } from '../state/events.js';
import { sameGitState } from '../state/git-state.js';
import type { GitState } from '../state/git-state.js';

/** What the watcher has delivered so far (each file's text, the keys file's text, the Git state), so it sends only news. */
export class DeliveredSource {
  readonly #files = new Map<string, string>();
  #keys: string | null | undefined;
  #git: GitState | undefined;
  #refused: Readonly<Record<string, string>> = {};

  /** The Git state last delivered; undefined before the first. */
  get git(): GitState | undefined {
    return this.#git;
  }

  /** The source paths delivered and not removed since. */
  paths(): IterableIterator<string> {
    return this.#files.keys();
  }

  /** Whether `path` was delivered and not removed since. */
  has(path: string): boolean {
    return this.#files.has(path);
  }

  /** True when `event` tells something not delivered yet: other text, a delivered file gone, another Git state. */
  changes(event: SourceEvent): boolean {
    switch (event.type) {
      case 'file/changed':
        return this.#files.get(event.path) !== event.text;
      case 'file/removed':
        return this.#files.has(event.path);
      case 'keys/changed':
        return event.text !== this.#keys;
      case 'git/head-moved':
        return this.#git === undefined || !sameGitState(this.#git, event);
      case 'source/refused':
        return !sameReasons(this.#refused, event.refused);
    }
  }

  /** Records a batch as delivered. */
  remember(events: readonly SourceEvent[]): void {
    for (const event of events) {
      switch (event.type) {
        case 'file/changed':
          this.#files.set(event.path, event.text);
          break;
        case 'file/removed':
          this.#files.delete(event.path);
          break;
        case 'keys/changed':
          this.#keys = event.text;
          break;
        case 'git/head-moved':
          this.#git = { commit: event.commit, dirtySlugs: event.dirtySlugs, commitTimes: event.commitTimes };
          break;
        case 'source/refused':
          this.#refused = event.refused;
          break;
      }
    }
  }
}

function sameReasons(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
