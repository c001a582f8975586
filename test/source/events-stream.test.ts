import { request } from 'node:http';
import type { ClientRequest, IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import { ALPHA_KEY, BETA_KEY, get, keysYaml, spacingYaml, useFixtures, waitFor } from './fixture-repo.js';

interface StreamEvent {
  readonly event: string;
  readonly id?: string;
  readonly data: unknown;
}

interface EventStream {
  readonly response: IncomingMessage;
  readonly events: StreamEvent[];
  readonly comments: string[];
  readonly ended: Promise<void>;
  close(): void;
}

/** A real HTTP client reading the SSE stream and parsing its events as they arrive. */
function openEventStream(server: RunningServer, key: string, query = ''): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const client: ClientRequest = request(`${server.url}/api/v1/events${query}`, {
      headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
    });
    client.on('error', reject);
    client.on('response', (response) => {
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const fields: Record<string, string> = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else {
              const colon = line.indexOf(':');
              fields[line.slice(0, colon)] = line.slice(colon + 1).trimStart();
            }
          }
          if (fields['event'] !== undefined)
            events.push({ event: fields['event'], id: fields['id'], data: JSON.parse(fields['data'] ?? 'null') as unknown });
        }
      });
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
        response.on('error', () => done());
      });
      resolve({ response, events, comments, ended, close: () => client.destroy() });
    });
    client.end();
  });
}

const fixtures = useFixtures();

function snapshotData(live: RunningServer, slug: string): unknown {
  const snapshot = live.store.current;
  return { designSystem: slug, seq: snapshot.seq, commit: snapshot.git.commit, lastUpdated: snapshot.systems.get(slug)?.lastUpdated };
}

/** The id every replica gives the same content: its content hash (16 hex digits) and `lastUpdated`. */
function eventId(live: RunningServer, slug: string): string {
  const system = live.store.current.systems.get(slug);
  return `${system?.compiled?.contentHash.slice(0, 16) ?? ''}@${system?.lastUpdated ?? ''}`;
}

describe('GET /api/v1/events', () => {
  it('send the current state, then one event per change of the caller’s design system only', async () => {
    const repo = fixtures.repo();
    const live = await fixtures.start(repo);
    const listenersBefore = live.store.listenerCount;
    const alpha = await openEventStream(live, ALPHA_KEY);
    const beta = await openEventStream(live, BETA_KEY);
    expect(alpha.response.statusCode).toBe(200);
    expect(alpha.response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(alpha.response.headers['cache-control']).toBe('no-cache, no-transform');
    expect(alpha.response.headers['x-snapshot-seq']).toBe(String(live.store.current.seq));
    expect(alpha.response.headers['x-git-commit']).toBe(live.store.current.git.commit);
    await waitFor(
      async () => alpha.events.length + beta.events.length,
      (count) => count === 2,
    );
    expect(alpha.events).toEqual([{ event: 'snapshot', id: eventId(live, 'alpha'), data: snapshotData(live, 'alpha') }]);
    expect(beta.events).toEqual([{ event: 'snapshot', id: eventId(live, 'beta'), data: snapshotData(live, 'beta') }]);
    expect(live.store.listenerCount).toBe(listenersBefore + 2);

    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 24 }));
    await waitFor(
      async () => alpha.events.length,
      (count) => count === 2,
    );
    expect(alpha.events[1]).toEqual({ event: 'snapshot', id: eventId(live, 'alpha'), data: snapshotData(live, 'alpha') });
    // The app refetches on the event and gets the new value.
    expect((await get(live, '/api/v1/tokens/space/a')).status).toBe(200);

    repo.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 5 }));
    await waitFor(
      async () => beta.events.length,
      (count) => count === 2,
    );
    expect(beta.events[1]).toEqual({ event: 'snapshot', id: eventId(live, 'beta'), data: snapshotData(live, 'beta') });
    // A commit moves HEAD but changes no served content: nobody hears of it.
    const seq = live.store.current.seq;
    repo.commit('both');
    await waitFor(
      async () => live.store.current.seq,
      (current) => current > seq,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alpha.events.length).toBe(2);
    expect(beta.events.length).toBe(2);
    // Positive control: both streams still deliver, and the next change reaches its own design system only.
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 28 }));
    await waitFor(
      async () => alpha.events.length,
      (count) => count === 3,
    );
    expect(beta.events.length).toBe(2);

    alpha.close();
    beta.close();
    await waitFor(
      async () => live.store.listenerCount,
      (count) => count === listenersBefore,
    );
  });

  it('send heartbeats as comments', async () => {
    const server = await fixtures.start(fixtures.repo(), { eventsHeartbeatMs: 30 });
    const stream = await openEventStream(server, ALPHA_KEY);
    await waitFor(
      async () => stream.comments.length,
      (count) => count >= 2,
    );
    expect(stream.comments[0]).toMatch(/^heartbeat \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    stream.close();
  });

  it('refuse a missing key with the JSON error and no stream', async () => {
    const server = await fixtures.start(fixtures.repo());
    const listeners = server.store.listenerCount;
    const response = await fetch(`${server.url}/api/v1/events`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthorized', message: 'Missing API key: send the header `Authorization: Bearer <API_KEY>`.' },
    });
    expect(server.store.listenerCount).toBe(listeners);
  });

  it('end the stream with an error event when the key is revoked', async () => {
    const repo = fixtures.repo();
    const live = await fixtures.start(repo);
    const listeners = live.store.listenerCount;
    const stream = await openEventStream(live, BETA_KEY);
    repo.write('keys.yaml', keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'alpha' }]));
    await stream.ended;
    expect(stream.events.map((event) => event.event)).toEqual(['snapshot', 'error']);
    expect(stream.events[1]?.data).toEqual({ error: { code: 'unauthorized', message: 'This API key has been revoked.' } });
    await waitFor(
      async () => live.store.listenerCount,
      (count) => count === listeners,
    );
  });

  it('end open streams when the server closes, without waiting for the clients', async () => {
    const live = await fixtures.start(fixtures.repo());
    const streams = await Promise.all([openEventStream(live, ALPHA_KEY), openEventStream(live, BETA_KEY)]);
    const started = Date.now();
    await live.close();
    await Promise.all(streams.map((stream) => stream.ended));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(live.store.listenerCount).toBe(0);
  });
});
