import type { LRUCache } from 'lru-cache';

/**
 * The promise `cache` holds under `key`, else the one `start` makes, kept there so that every caller of the same key
 * shares one piece of work; a promise that rejects is forgotten (the next call starts again), one that resolves stays
 * until the cache lets it go.
 */
export function startOnce<Value>(cache: LRUCache<string, Promise<Value>>, key: string, start: () => Promise<Value>): Promise<Value> {
  let started = cache.get(key);
  if (started === undefined) {
    started = start();
    started.catch(() => cache.delete(key));
    cache.set(key, started);
  }
  return started;
}
