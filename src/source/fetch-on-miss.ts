import type { RevisionProvider } from '../state/revisions.js';

export const DEFAULT_MISS_FETCH_INTERVAL_MS = 10_000;

/**
 * Wraps a provider so that a ref it cannot resolve triggers one fetch of the remote before the answer is "unknown":
 * a pipeline that pins a commit it has just pushed works against any replica. Concurrent misses share one fetch,
 * and fetches start at most once per `minIntervalMs`, so unknown refs cannot make the server hammer the remote.
 */
export function withFetchOnMiss(
  provider: RevisionProvider,
  fetch: () => Promise<void>,
  options: { minIntervalMs?: number; now?: () => number } = {},
): RevisionProvider {
  const minIntervalMs = options.minIntervalMs ?? DEFAULT_MISS_FETCH_INTERVAL_MS;
  const now = options.now ?? Date.now;
  let inFlight: Promise<void> | undefined;
  let lastStart = Number.NEGATIVE_INFINITY;
  const fetchOnce = (): Promise<void> => {
    if (inFlight !== undefined) return inFlight;
    if (now() - lastStart < minIntervalMs) return Promise.resolve();
    lastStart = now();
    inFlight = fetch()
      .catch(() => undefined)
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  return {
    async resolve(ref) {
      const sha = await provider.resolve(ref);
      if (sha !== undefined) return sha;
      await fetchOnce();
      return provider.resolve(ref);
    },
    snapshotAt: (sha) => provider.snapshotAt(sha),
    built: (sha) => provider.built?.(sha),
    commitsOf: (slug, sha, page) => provider.commitsOf(slug, sha, page),
  };
}
