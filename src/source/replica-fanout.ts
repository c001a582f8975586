import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import type { WatchLogger } from './watch-logger.js';

/** A commit sha as Git writes it (SHA-1, or SHA-256 repositories). */
const COMMIT_SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
/** Reconnection: 100 ms, doubling, at most 5 s apart, for ever (Redis is an accelerator; Git stays the truth). */
const retryStrategy = (times: number): number => Math.min(100 * 2 ** Math.min(times - 1, 6), 5_000);
/** The shas other replicas announced, remembered so a repeated message costs nothing and is not announced back. */
const REMEMBERED_SHAS = 64;

export interface ReplicaFanoutOptions {
  /** `redis://` or `rediss://` URL (operator-set). */
  readonly url: string;
  /** The pub/sub channel: one per followed repository and branch. */
  readonly channel: string;
  /** Another replica announced `sha` (a commit sha, checked): fetch it before serving it. */
  readonly onCommit: (sha: string) => void;
  /** The connection came back after an outage: messages may have been missed, so fetch once. */
  readonly onReconnect: () => void;
  readonly log: WatchLogger;
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
  const common: RedisOptions = { retryStrategy, connectionName: `token-server-${self}`, maxRetriesPerRequest: 1 };
  // Publishing while Redis is away fails at once instead of queueing without bound.
  const publisher = new Redis(options.url, { ...common, enableOfflineQueue: false });
  // The subscription is queued until connected and renewed by ioredis after each reconnection.
  const subscriber = new Redis(options.url, common);
  const seen: string[] = [];
  let state: 'connecting' | 'up' | 'down' = 'connecting';

  const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));
  subscriber.on('error', (error: unknown) => {
    if (state === 'down') return;
    state = 'down';
    log.warn(`redis: unavailable (${describe(error)}); each replica still fetches on its own every sync interval`);
  });
  // The publisher's errors are the same outage: told once, by the subscriber.
  publisher.on('error', () => undefined);
  subscriber.on('ready', () => {
    const before = state;
    state = 'up';
    if (before === 'connecting') {
      log.info(`redis: connected, sharing new commits on channel ${options.channel}`);
    } else if (before === 'down') {
      log.info('redis: connected again; fetching to catch up');
      options.onReconnect();
    }
  });
  subscriber.on('message', (_channel: string, text: string) => {
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    const { sha, from } = message as { sha?: unknown; from?: unknown };
    // Only a well-formed sha from another replica, once: it is compared with the tip, never passed to Git.
    if (from === self || typeof sha !== 'string' || !COMMIT_SHA.test(sha) || seen.includes(sha)) return;
    seen.push(sha);
    if (seen.length > REMEMBERED_SHAS) seen.shift();
    options.onCommit(sha);
  });
  void subscriber.subscribe(options.channel).catch((error: unknown) => log.warn(`redis: cannot subscribe (${describe(error)})`));

  return {
    announce(sha) {
      // A commit another replica announced is not announced again by each replica that fetched it.
      if (seen.includes(sha) || publisher.status !== 'ready') return;
      publisher.publish(options.channel, JSON.stringify({ sha, from: self })).catch(() => undefined);
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
