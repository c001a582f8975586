import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { afterEach, describe, expect, inject, it } from 'vitest';
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

/** A free loopback port (the OS picks it; redis-server needs a number). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

/** `redis-server` on loopback, without persistence; resolves once it accepts connections. */
async function startRedis(port: number): Promise<{ stop(): Promise<void> }> {
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then(() => reject(new Error(`redis-server exited: ${output}`)));
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  cleanups.push(stop);
  return { stop };
}

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
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        );
        if (fields['event'] === 'snapshot')
          events.push({ id: fields['id'], data: JSON.parse(fields['data'] ?? 'null') as StreamEvent['data'], at: performance.now() });
      }
    }
  })();
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

describe('--redis-url without --remote', () => {
  it('stops the server at startup with a plain message (the fan-out shares the commits of a followed repository)', async () => {
    const data = makeTempDir('dts-fanout-local-');
    cleanups.push(data.cleanup);
    const started = spawnServer(inject('cliPath'), ['--source', data.dir, '--redis-url', 'redis://127.0.0.1:1'], { cwd: data.dir });
    await expect(started).rejects.toThrow(/--redis-url shares the commits of a followed repository between replicas: it needs --remote/);
  });
});
