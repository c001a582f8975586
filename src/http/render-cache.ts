import { LRUCache } from 'lru-cache';
import type { Rendered } from '../views/shared/rendered.js';
import { compressVariant, hasVariant, variantBytes } from './compression.js';
import type { ContentEncoding } from './compression.js';

export const DEFAULT_RENDER_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * What one cached body costs besides its bytes and its compressed variants: the entry, its key, the Rendered object
 * with its ETag and digest strings (measured: about 700 bytes; rounded up).
 */
const ENTRY_OVERHEAD_BYTES = 1024;

/** A cached body; replaced by a new entry when a compressed variant is added, so the cache counts its bytes again. */
interface Entry {
  readonly rendered: Rendered;
}

/**
 * Rendered bodies by a key that names the content they were made from (content hash, lastUpdated, view, parameters).
 * Old entries age out; nothing is ever invalidated by hand. The bound counts each body, its compressed variants and
 * the overhead of an entry.
 */
export class RenderCache {
  readonly #cache: LRUCache<string, Entry>;
  /** Renders under way off the main thread, so concurrent misses of one key share one render. */
  readonly #rendering = new Map<string, Promise<Rendered>>();
  hits = 0;
  misses = 0;

  constructor(maxBytes = DEFAULT_RENDER_CACHE_BYTES) {
    this.#cache = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      maxEntrySize: maxBytes,
      sizeCalculation: (entry) => entry.rendered.body.byteLength + variantBytes(entry.rendered) + ENTRY_OVERHEAD_BYTES,
    });
  }

  /**
   * The cached body for `key`, rendering (and storing) it on a miss. A render that answers a promise (one done off
   * the main thread) is shared by every request for the key until it is stored.
   */
  get(key: string, render: () => Rendered | Promise<Rendered>): Rendered | Promise<Rendered> {
    const cached = this.#cache.get(key);
    if (cached !== undefined) {
      this.hits += 1;
      return cached.rendered;
    }
    const running = this.#rendering.get(key);
    if (running !== undefined) {
      this.hits += 1;
      return running;
    }
    this.misses += 1;
    const rendered = render();
    if (!(rendered instanceof Promise)) {
      this.#cache.set(key, { rendered });
      return rendered;
    }
    const stored = rendered
      .then((body) => {
        this.#cache.set(key, { rendered: body });
        return body;
      })
      .finally(() => this.#rendering.delete(key));
    this.#rendering.set(key, stored);
    return stored;
  }

  /**
   * Undefined when the body's `encoding` variant is ready; else a promise of it, compressed off the main thread, after
   * which the cache counts its bytes with the body's.
   */
  encode(key: string, rendered: Rendered, encoding: ContentEncoding): Promise<void> | undefined {
    if (hasVariant(rendered, encoding)) return undefined;
    return compressVariant(rendered, encoding).then(() => {
      if (this.#cache.peek(key)?.rendered === rendered) this.#cache.set(key, { rendered });
    });
  }

  get size(): number {
    return this.#cache.size;
  }

  /** The bytes the cache counts now (bodies, compressed variants, overhead). */
  get bytes(): number {
    return this.#cache.calculatedSize;
  }
}
