import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { createLogBudget } from './log-budget.js';
import type { WatchLogger } from './watch-logger.js';

/** A commit sha as Git writes it (SHA-1, or SHA-256 repositories). */
const COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** Reconnection: 100 ms, doubling, at most 5 s apart, for ever (Redis is an accelerator; Git stays the truth). */
const retryStrategy = (times: number): number => Math.min(100 * 2 ** Math.min(times - 1, 6), 5_000);
/** The shas other replicas announced, remembered so a repeated message costs nothing and is not announced back. */
const REMEMBERED_SHAS = 64;
/**
 * Lines the messages of the channel may write per {@link MESSAGE_LOG_WINDOW_MS} (announced commits and refused
 * messages together): the rest are counted in one warning at the window's end, so a flood cannot fill the log.
 */
export const MESSAGE_LINES_PER_WINDOW = 10;
export const MESSAGE_LOG_WINDOW_MS = 60_000;

/** What a replica does about a commit another one announced: fetch it, or nothing (it serves it already). */
export type AnnouncedCommit = 'fetching it' | 'already served';

export interface ReplicaFanoutOptions {
  /** `redis://` or `rediss://` URL (operator-set). */
  readonly url: string;
  /** The pub/sub channel: one per followed repository and branch. */
  readonly channel: string;
  /** Another replica announced `sha` (a commit sha, checked): fetch it before serving it. */
  readonly onCommit: (sha: string) => AnnouncedCommit;
  /** The connection came back after an outage: messages may have been missed, so fetch once. */
  readonly onReconnect: () => void;
  readonly log: WatchLogger;
  /** The window of {@link MESSAGE_LINES_PER_WINDOW} (tests shorten it). */
  readonly messageLogWindowMs?: number;
}

export interface ReplicaFanout {
  /**
   * Tells the other replicas that this one serves `sha` now, unless another replica announced it first (fire and
   * forget: dropped while Redis is away).
   */
  announce(sha: string): void;
  close(): Promise<void>;
}

/**
 * Shares new commits between replicas that follow the same repository, over Redis pub/sub: `announce` publishes the
 * sha on `channel`, and a sha another replica announced reaches `onCommit`. A message only says "fetch now": Git
 * stays the source of truth, so a lost message costs a replica one sync interval, never a wrong answer. Redis being
 * away is logged once when it goes and once when it comes back; the replica keeps serving and fetching meanwhile.
 */
export function connectReplicaFanout(options: ReplicaFanoutOptions): ReplicaFanout {
  const { log } = options;
  // Messages carry the sender, so a replica ignores its own.
  const self = randomBytes(8).toString('hex');
  // maxRetriesPerRequest 1: a command issued while Redis is away fails after one retry instead of waiting. The
  // subscription is this module's own (autoResubscribe off): ioredis renews only a subscription Redis once confirmed,
  // and a SUBSCRIBE queued while Redis was down at start fails with that retry and is never sent again.
  const common: RedisOptions = { retryStrategy, connectionName: `token-server-${self}`, maxRetriesPerRequest: 1 };
  // Publishing while Redis is away fails at once instead of queueing without bound.
  const publisher = new Redis(options.url, { ...common, enableOfflineQueue: false });
  const subscriber = new Redis(options.url, { ...common, enableOfflineQueue: false, autoResubscribe: false });
  const seen: string[] = [];
  // `subscribed` only once Redis confirmed the SUBSCRIBE on the connection of this `ready`.
  let state: 'connecting' | 'subscribed' | 'lost' | 'down' = 'connecting';
  let everSubscribed = false;
  // Each `ready` is one connection; a retry belonging to an older one stops.
  let connection = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
  subscriber.on('error', (error: unknown) => {
    if (state === 'down') return;
    state = 'down';
    log.warn(`redis: unavailable (${describe(error)}); each replica still fetches on its own every sync interval`);
  });
  // The publisher's errors are the same outage: told once, by the subscriber.
  publisher.on('error', () => undefined);
  subscriber.on('close', () => {
    // A connection that closes takes its subscription with it: the next `ready` subscribes again.
    if (state === 'subscribed') state = 'lost';
  });

  /** SUBSCRIBE on the connection that is up now, again after `attempt`'s delay until Redis confirms it. */
  const subscribe = (current: number, attempt: number): void => {
    retry = undefined;
    if (closed || current !== connection || subscriber.status !== 'ready') return;
    subscriber.subscribe(options.channel).then(
      () => {
        if (closed || current !== connection) return;
        const before = state;
        state = 'subscribed';
        if (!everSubscribed) {
          everSubscribed = true;
          log.info(`redis: connected, sharing new commits on channel ${options.channel}`);
          // Redis was away when this replica started: pushes announced meanwhile were missed.
          if (before === 'down') options.onReconnect();
        } else {
          log.info('redis: connected again; fetching to catch up');
          options.onReconnect();
        }
      },
      (error: unknown) => {
        if (closed || current !== connection) return;
        if (attempt === 0) log.warn(`redis: cannot subscribe (${describe(error)}); trying again`);
        retry = setTimeout(() => subscribe(current, attempt + 1), retryStrategy(attempt + 1));
        retry.unref();
      },
    );
  };
  subscriber.on('ready', () => {
    connection += 1;
    if (retry !== undefined) clearTimeout(retry);
    subscribe(connection, 0);
  });
  const windowMs = options.messageLogWindowMs ?? MESSAGE_LOG_WINDOW_MS;
  const messageLines = createLogBudget<'announced' | 'refused'>({
    perWindow: MESSAGE_LINES_PER_WINDOW,
    windowMs,
    summarize: ({ announced = 0, refused = 0 }) => {
      const counts = [
        ...(announced > 0 ? [`${announced} more announced ${announced === 1 ? 'commit' : 'commits'}`] : []),
        ...(refused > 0 ? [`${refused} more refused ${refused === 1 ? 'message' : 'messages'}`] : []),
      ];
      log.warn(
        `redis: ${counts.join(' and ')} on channel ${options.channel} in the last ${windowMs / 1000} s, not logged one by one ` +
          `(at most ${MESSAGE_LINES_PER_WINDOW} lines per ${windowMs / 1000} s)`,
      );
    },
  });
  const refuse = (): void => {
    if (messageLines.take('refused'))
      log.warn(`redis: refused a message on channel ${options.channel}: not {"sha","from"} with a commit sha`);
  };
  subscriber.on('message', (_channel: string, text: string) => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      refuse();
      return;
    }
    const { sha, from } = (typeof message === 'object' && message !== null ? message : {}) as { sha?: unknown; from?: unknown };
    if (typeof sha !== 'string' || !COMMIT_SHA.test(sha)) {
      refuse();
      return;
    }
    // Only a well-formed sha from another replica, once: it is compared with the tip, never passed to Git.
    if (from === self || seen.includes(sha)) return;
    seen.push(sha);
    if (seen.length > REMEMBERED_SHAS) seen.shift();
    const done = options.onCommit(sha);
    if (messageLines.take('announced')) log.info(`another replica announced ${sha.slice(0, 12)}: ${done}`);
  });
  return {
    announce(sha) {
      // A commit another replica announced is not announced again by each replica that fetched it.
      if (seen.includes(sha) || publisher.status !== 'ready') return;
      publisher.publish(options.channel, JSON.stringify({ sha, from: self })).catch(() => undefined);
    },
    async close() {
      closed = true;
      if (retry !== undefined) clearTimeout(retry);
      messageLines.close();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
