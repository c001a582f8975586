import { LRUCache } from 'lru-cache';
import type { Rendered } from '../views/rendered.js';

export const DEFAULT_RENDER_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Rendered bodies by a key that names the content they were made from (content hash, lastUpdated, view, parameters).
 * Old entries age out; nothing is ever invalidated by hand.
 */
export class RenderCache {
  readonly #cache: LRUCache<string, Rendered>;
  hits = 0;
  misses = 0;

  constructor(maxBytes = DEFAULT_RENDER_CACHE_BYTES) {
    this.#cache = new LRUCache<string, Rendered>({
      maxSize: maxBytes,
      maxEntrySize: maxBytes,
      sizeCalculation: (rendered) => rendered.body.byteLength + 256,
    });
  }

  /** The cached body for `key`, rendering (and storing) it on a miss. */
  get(key: string, render: () => Rendered): Rendered {
    const cached = this.#cache.get(key);
    if (cached !== undefined) {
      this.hits += 1;
      return cached;
    }
    this.misses += 1;
    const rendered = render();
    this.#cache.set(key, rendered);
    return rendered;
  }

  get size(): number {
    return this.#cache.size;
  }
}
