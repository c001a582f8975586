import type { SourceEvent } from '../state/events.js';
import type { GitRemoteMirror } from './git-remote.js';
import type { GitRevisions } from './git-revisions.js';
import { SERVE_DEFAULTS } from '../config.js';

export const DEFAULT_SYNC_INTERVAL_MS = SERVE_DEFAULTS.syncIntervalMs;
export const MAX_BACKOFF_MS = 5 * 60_000;

export interface FollowRemoteOptions {
  readonly mirror: GitRemoteMirror;
  readonly revisions: GitRevisions;
  /** Receives the events that load the new tip (the caller turns them into a full replacement of the source). */
  /** Applies the new tip's events; a sync resolves once the returned promise has (the webhook answers after it). */
  readonly onTip: (sha: string, events: SourceEvent[]) => unknown;
  /** Called after every fetch that succeeded, and once the first tip is served (what else the fetch brought is news). */
  readonly onFetched?: () => void;
  readonly intervalMs?: number;
  readonly log: { info(message: string): void; warn(message: string): void; error(message: string): void };
}

export interface RemoteFollower {
  /** The tip currently served. */
  readonly tip: string | undefined;
  /** Fetches now (fetch-on-miss); concurrent calls share one fetch. Resolves to the tip after it. */
  sync(): Promise<string | undefined>;
  /**
   * Fetches with a fetch that starts after this call (the webhook, another replica's announcement): when one is under
   * way, it may have started before the push, so another follows it, shared by every caller meanwhile.
   */
  syncAfterNow(): Promise<string | undefined>;
  close(): void;
}

/**
 * Serves the branch tip of a mirrored remote: loads it at once, then fetches every `intervalMs`. A new tip becomes one
 * batch for the same reducer, read from Git objects. A failing fetch is logged and retried with exponential backoff
 * (up to 5 minutes) while the last good snapshot keeps serving; a force push is simply a new tip.
 */
export async function followRemote(options: FollowRemoteOptions): Promise<RemoteFollower> {
  const intervalMs = options.intervalMs ?? DEFAULT_SYNC_INTERVAL_MS;
  let tip: string | undefined;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let inFlight: Promise<string | undefined> | undefined;

  const load = async (): Promise<void> => {
    const next = await options.mirror.tip();
    if (next === tip) return;
    const events = await options.revisions.eventsAt(next);
    options.log.info(
      `serving ${next.slice(0, 12)} of ${options.mirror.url.replace(/\/\/[^@/]*@/, '//***@')}${tip === undefined ? '' : ` (was ${tip.slice(0, 12)})`}`,
    );
    tip = next;
    await options.onTip(next, events);
  };

  const sync = (): Promise<string | undefined> => {
    inFlight ??= (async () => {
      try {
        await options.mirror.fetch();
        await load();
        options.onFetched?.();
        if (failures > 0) options.log.info(`fetch succeeded again after ${failures} failure${failures === 1 ? '' : 's'}`);
        failures = 0;
      } catch (error) {
        failures += 1;
        options.log.error(
          `${error instanceof Error ? error.message : String(error)}; still serving ${tip?.slice(0, 12) ?? 'nothing'}, retry in ${Math.round(nextDelay() / 1000)} s`,
        );
      } finally {
        inFlight = undefined;
      }
      return tip;
    })();
    return inFlight;
  };

  let queued: Promise<string | undefined> | undefined;
  const syncAfterNow = (): Promise<string | undefined> => {
    if (inFlight === undefined) return sync();
    queued ??= inFlight.then(() => {
      queued = undefined;
      return sync();
    });
    return queued;
  };

  // Backoff doubles per failure up to 5 minutes, but never retries sooner than the normal interval.
  const nextDelay = (): number =>
    failures === 0 ? intervalMs : Math.max(intervalMs, Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** Math.min(failures, 10)));
  const schedule = (): void => {
    if (closed) return;
    timer = setTimeout(() => {
      void sync().finally(schedule);
    }, nextDelay());
    timer.unref();
  };

  if (options.mirror.reused) {
    // A restart: catch up with the remote before serving, but serve the mirror as it is when the remote is down.
    try {
      await options.mirror.fetch();
    } catch (error) {
      failures += 1;
      options.log.error(
        `${error instanceof Error ? error.message : String(error)}; serving the mirror as it is, retry in ${Math.round(nextDelay() / 1000)} s`,
      );
    }
  }
  await load();
  options.onFetched?.();
  schedule();
  return {
    get tip() {
      return tip;
    },
    sync,
    syncAfterNow,
    close() {
      closed = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
