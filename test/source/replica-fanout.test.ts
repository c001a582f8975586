import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { connectReplicaFanout } from '../../src/source/replica-fanout.js';
import { readEventStream } from '../helpers/event-stream.js';
import { freePort, startRedisServer } from '../helpers/redis.js';
import { spawnServer } from '../ops/spawn-server.js';
import type { ServerProcess } from '../ops/spawn-server.js';
import { ALPHA_KEY, spacingYaml } from './fixture-repo.js';
import { createRemoteFixture, fetchRaw, makeTempDir, pollUntil, spawnRemoteServer, stopServer } from '../revisions/git-helpers.js';
import type { RemoteFixture } from '../revisions/git-helpers.js';

const REDIS_AVAILABLE = spawnSync('redis-server', ['--version']).status === 0;
const SECRET = 'fan-out-webhook-secret';
/** Long enough that, in the Redis part, only a message can make replica B fetch in time. */
const SYNC_INTERVAL_S = 3;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const startRedis = (port: number): Promise<{ stop(): Promise<void> }> => startRedisServer(port, cleanups);

interface StreamEvent {
  readonly id: string | undefined;
  readonly data: { commit: string | null };
  readonly at: number;
}

/** Reads `GET /api/v1/events` of a replica with fetch, collecting its `snapshot` events and when each arrived. */
async function openStream(base: string): Promise<{ events: StreamEvent[] }> {
  const controller = new AbortController();
  cleanups.push(() => controller.abort());
  const response = await fetch(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${ALPHA_KEY}` }, signal: controller.signal });
  expect(response.status).toBe(200);
  const events: StreamEvent[] = [];
  readEventStream(response, (fields) => {
    if (fields['event'] === 'snapshot')
      events.push({ id: fields['id'], data: JSON.parse(fields['data'] ?? 'null') as StreamEvent['data'], at: performance.now() });
  });
  return { events };
}

const webhook = async (server: ServerProcess): Promise<string | null> => {
  const response = await fetch(`${server.base}/api/v1/sync`, { method: 'POST', headers: { 'x-gitlab-token': SECRET }, body: '{}' });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { commit: string | null } }).data.commit;
};

const commitOf = async (server: ServerProcess): Promise<string | null> =>
  (await fetchRaw(server.base, '/api/v1/tokens', ALPHA_KEY)).headers.get('x-git-commit');

const logged = (server: ServerProcess, pattern: RegExp): string[] =>
  server.lines.map((line) => String(line['msg'])).filter((message) => pattern.test(message));

describe.skipIf(!REDIS_AVAILABLE)('every replica at once: fan-out over Redis pub/sub (--redis-url)', () => {
  it('a webhook to replica A makes a stream on B announce the commit within 1 s, served by B; without Redis both catch up by fetching', async () => {
    const remote: RemoteFixture = createRemoteFixture();
    cleanups.push(() => remote.cleanup());
    const port = await freePort();
    const redis = await startRedis(port);
    const replica = async (): Promise<ServerProcess> => {
      const data = makeTempDir('dts-fanout-');
      cleanups.push(data.cleanup);
      const server = await spawnRemoteServer(remote, {
        dataDir: data.dir,
        syncInterval: SYNC_INTERVAL_S,
        args: ['--redis-url', `redis://127.0.0.1:${port}`],
        env: { TOKENS_WEBHOOK_SECRET: SECRET },
      });
      cleanups.push(() => stopServer(server));
      return server;
    };
    const [a, b] = await Promise.all([replica(), replica()]);
    for (const server of [a, b])
      await pollUntil(
        async () => logged(server, /^redis: connected/).length,
        (count) => count > 0,
        5_000,
      );

    // Streams resume across replicas: both give the same content the same event id.
    const [fromA, fromB] = await Promise.all([openStream(a.base), openStream(b.base)]);
    await pollUntil(
      async () => fromA.events.length + fromB.events.length,
      (count) => count === 2,
      5_000,
    );
    expect(fromB.events[0]?.id).toMatch(/^[0-9a-f]{16}@\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(fromB.events[0]?.id).toBe(fromA.events[0]?.id);

    /** Pushes a commit, tells A by webhook; resolves with the sha and B's delay (ms) from A's answer to B's event. */
    const pushAndTellA = async (value: number): Promise<{ sha: string; ms: number }> => {
      remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: value }));
      const sha = remote.commitAndPush(`space.a = ${value}`);
      const seen = fromB.events.length;
      expect(await webhook(a)).toBe(sha);
      const answeredAt = performance.now();
      const [event] = (
        await pollUntil(
          async () => fromB.events.slice(seen),
          (events) => events.some((event) => event.data.commit === sha),
          5_000,
          2,
        )
      ).filter((event) => event.data.commit === sha);
      return { sha, ms: event!.at - answeredAt };
    };

    const delays: number[] = [];
    for (const value of [20, 24, 28]) {
      const { sha, ms } = await pushAndTellA(value);
      delays.push(ms);
      expect(ms).toBeLessThan(1_000);
      // B heard of it from A (it fetches it, unless its own fetch just found it), and announced it once it could serve it.
      expect(logged(b, new RegExp(`^another replica announced ${sha.slice(0, 12)}: (fetching it|already served)$`))).toHaveLength(1);
      const served = await fetchRaw(b.base, '/api/v1/tokens/space/a', ALPHA_KEY);
      expect({ status: served.status, commit: served.headers.get('x-git-commit') }).toEqual({ status: 200, commit: sha });
      expect(JSON.parse(served.text)).toMatchObject({ data: { value: { value } } });
      expect((await fetchRaw(b.base, `/api/v1/tokens?ref=${sha}`, ALPHA_KEY)).status).toBe(200);
      // The same content on both replicas: the same event id.
      expect(fromB.events.at(-1)?.id).toBe(fromA.events.at(-1)?.id);
    }
    console.info(`fan-out: webhook answered by A -> event on B's stream: ${delays.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);

    // Redis stopped: both keep serving, A serves the webhook's commit, B catches up by its own fetch.
    await redis.stop();
    remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 40 }));
    const offline = remote.commitAndPush('while Redis is down');
    expect(await webhook(a)).toBe(offline);
    expect(await commitOf(a)).toBe(offline);
    await pollUntil(
      () => commitOf(b),
      (commit) => commit === offline,
      (SYNC_INTERVAL_S + 3) * 1000,
    );
    await pollUntil(
      async () => fromB.events.at(-1)?.data.commit,
      (commit) => commit === offline,
      1_000,
    );
    for (const server of [a, b]) {
      expect(logged(server, /^redis: unavailable/)).toHaveLength(1);
      expect(server.child.exitCode).toBe(null);
    }

    // Redis back: both reconnect on their own, and a webhook to A reaches B through it again.
    await startRedis(port);
    for (const server of [a, b])
      await pollUntil(
        async () => logged(server, /^redis: connected again/).length,
        (count) => count > 0,
        10_000,
      );
    const { ms } = await pushAndTellA(44);
    expect(ms).toBeLessThan(1_000);
  }, 60_000);
});

/** A client of its own, to ask Redis who is subscribed. */
function redisClient(port: number): Redis {
  const client = new Redis({ host: '127.0.0.1', port, lazyConnect: true, maxRetriesPerRequest: 1 });
  client.on('error', () => undefined);
  cleanups.push(() => client.disconnect());
  return client;
}

/** `PUBSUB NUMSUB` of every fan-out channel Redis knows: `[channel, subscribers, ...]`; empty while Redis is down. */
async function subscribersOf(client: Redis): Promise<unknown[]> {
  try {
    if (client.status !== 'ready') await client.connect();
    const channels = (await client.pubsub('CHANNELS', 'token-server:commits:*')) as string[];
    return channels.length === 0 ? [] : await client.pubsub('NUMSUB', ...channels);
  } catch {
    return [];
  }
}

describe.skipIf(!REDIS_AVAILABLE)('replicas started while Redis is down (issue 36, finding 7)', () => {
  it('subscribe as soon as Redis comes up (PUBSUB NUMSUB says so) and again after Redis restarts; a push reaches B within 1 s each time', async () => {
    const remote: RemoteFixture = createRemoteFixture();
    cleanups.push(() => remote.cleanup());
    const port = await freePort();
    const replica = async (): Promise<ServerProcess> => {
      const data = makeTempDir('dts-fanout-late-');
      cleanups.push(data.cleanup);
      const server = await spawnRemoteServer(remote, {
        dataDir: data.dir,
        syncInterval: 600,
        args: ['--redis-url', `redis://127.0.0.1:${port}`],
        env: { TOKENS_WEBHOOK_SECRET: SECRET },
      });
      cleanups.push(() => stopServer(server));
      return server;
    };
    // The replicas first, Redis nowhere: each says so once and keeps serving.
    const [a, b] = await Promise.all([replica(), replica()]);
    for (const server of [a, b])
      await pollUntil(
        async () => logged(server, /^redis: unavailable/).length,
        (count) => count === 1,
        5_000,
      );
    // Past the one retry ioredis gives a queued command (100 + 200 ms): the SUBSCRIBE queued at start is dropped by now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await fetchRaw(b.base, '/api/v1/tokens', ALPHA_KEY)).status).toBe(200);

    const redis = await startRedis(port);
    const client = redisClient(port);
    const [channel] = (await pollUntil(
      () => subscribersOf(client),
      (numsub) => numsub[1] === 2,
      10_000,
      50,
    )) as [string, number];
    expect(channel).toMatch(/^token-server:commits:[0-9a-f]{16}$/);
    for (const server of [a, b]) {
      await pollUntil(
        async () => logged(server, /^redis: connected/),
        (lines) => lines.length > 0,
        2_000,
      );
      expect(logged(server, /^redis: connected/)).toEqual([`redis: connected, sharing new commits on channel ${channel}`]);
    }

    const fromB = await openStream(b.base);
    await pollUntil(
      async () => fromB.events.length,
      (count) => count === 1,
      5_000,
    );
    /** Pushes a commit and tells A: B's stream has it within a second (B fetches only every 600 s on its own). */
    const pushAndTellA = async (value: number): Promise<number> => {
      remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: value }));
      const sha = remote.commitAndPush(`space.a = ${value}`);
      expect(await webhook(a)).toBe(sha);
      const answeredAt = performance.now();
      const events = await pollUntil(
        async () => fromB.events.filter((event) => event.data.commit === sha),
        (found) => found.length > 0,
        5_000,
        2,
      );
      return events[0]!.at - answeredAt;
    };
    expect(await pushAndTellA(31)).toBeLessThan(1_000);

    // Redis restarts: both subscribe again on their own.
    await redis.stop();
    await startRedis(port);
    const again = await pollUntil(
      () => subscribersOf(client),
      (numsub) => numsub[1] === 2,
      10_000,
      50,
    );
    expect(again).toEqual([channel, 2]);
    for (const server of [a, b])
      await pollUntil(
        async () => logged(server, /^redis: connected again/),
        (lines) => lines.length === 1,
        2_000,
      );
    expect(await pushAndTellA(33)).toBeLessThan(1_000);
  }, 60_000);
});

describe.skipIf(!REDIS_AVAILABLE)('a flood of forged messages on the channel (issue 36, finding 9)', () => {
  it('writes at most 10 lines per window and one warning with the counts of the rest', async () => {
    const port = await freePort();
    await startRedis(port);
    const lines: string[] = [];
    const log = {
      info: (line: string) => lines.push(`info ${line}`),
      warn: (line: string) => lines.push(`warn ${line}`),
      error: (line: string) => lines.push(`error ${line}`),
    };
    const announced: string[] = [];
    const fanout = connectReplicaFanout({
      url: `redis://127.0.0.1:${port}`,
      channel: 'forged',
      onCommit: (sha) => {
        announced.push(sha);
        return 'fetching it';
      },
      onReconnect: () => undefined,
      log,
      messageLogWindowMs: 3_000,
    });
    cleanups.push(() => fanout.close());
    await pollUntil(
      async () => lines.length,
      (count) => count === 1,
      5_000,
    );
    const client = redisClient(port);
    await client.connect();
    // 3,000 messages: two forged announcements of distinct well-formed shas, then one that is not JSON, and so on.
    const sha = (index: number): string => createHash('sha1').update(String(index)).digest('hex');
    const pipeline = client.pipeline();
    for (let index = 0; index < 3_000; index++)
      pipeline.publish('forged', index % 3 === 2 ? `not json ${index}` : JSON.stringify({ sha: sha(index), from: 'forger' }));
    await pipeline.exec();
    await pollUntil(
      async () => lines.length,
      (count) => count === 12,
      6_000,
    );
    const refused = 'warn redis: refused a message on channel forged: not {"sha","from"} with a commit sha';
    const fetching = (index: number): string => `info another replica announced ${sha(index).slice(0, 12)}: fetching it`;
    expect(lines).toEqual([
      'info redis: connected, sharing new commits on channel forged',
      fetching(0),
      fetching(1),
      refused,
      fetching(3),
      fetching(4),
      refused,
      fetching(6),
      fetching(7),
      refused,
      fetching(9),
      'warn redis: 1993 more announced commits and 997 more refused messages on channel forged in the last 3 s, not ' +
        'logged one by one (at most 10 lines per 3 s)',
    ]);
    // Every forged announcement still only asks for a fetch (one at a time, and never of the sha itself).
    expect(announced).toHaveLength(2_000);
    // A new window logs again.
    await client.publish('forged', JSON.stringify({ sha: sha(5_000), from: 'forger' }));
    await pollUntil(
      async () => lines.length,
      (count) => count === 13,
      2_000,
    );
    expect(lines.at(-1)).toBe(fetching(5_000));
  }, 30_000);
});

describe('--redis-url without --remote', () => {
  it('stops the server at startup with a plain message (the fan-out shares the commits of a followed repository)', async () => {
    const data = makeTempDir('dts-fanout-local-');
    cleanups.push(data.cleanup);
    const started = spawnServer(inject('cliPath'), ['--source', data.dir, '--redis-url', 'redis://127.0.0.1:1'], { cwd: data.dir });
    await expect(started).rejects.toThrow(/--redis-url shares the commits of a followed repository between replicas: it needs --remote/);
  });
});
