import { request } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { once } from 'node:events';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DEMO_KEY } from '../helpers/app.js';
import { EXAMPLE_KEYS, EXAMPLE_SOURCE } from '../helpers/fixtures.js';
import { spawnServer } from './spawn-server.js';
import type { ServerProcess } from './spawn-server.js';

const servers: ServerProcess[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) if (server.child.exitCode === null) server.child.kill('SIGKILL');
});

async function start(args: string[] = []): Promise<ServerProcess> {
  const server = await spawnServer(inject('cliPath'), ['--source', EXAMPLE_SOURCE, '--keys', EXAMPLE_KEYS, ...args], {
    cwd: process.cwd(),
  });
  servers.push(server);
  return server;
}

/** Opens `GET /api/v1/events` and resolves once the first event arrived; `ended` resolves when the server ends it. */
async function openEventStream(base: string): Promise<{ ended: Promise<string> }> {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = request(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${DEMO_KEY}` } }, resolve);
    req.on('error', reject);
    req.end();
  });
  expect(response.statusCode).toBe(200);
  let text = '';
  response.setEncoding('utf8');
  const ended = new Promise<string>((resolve) => response.on('end', () => resolve(text)));
  await new Promise<void>((resolve) =>
    response.on('data', (chunk: string) => {
      text += chunk;
      if (text.includes('\n\n')) resolve();
    }),
  );
  return { ended };
}

/** Sends the request line and headers but holds back the blank line that ends them: a request in flight. */
async function startRequest(base: string, path: string): Promise<{ finish(): void; answer: Promise<string> }> {
  const { hostname, port } = new URL(base);
  const socket = connect({ host: hostname, port: Number(port) });
  await once(socket, 'connect');
  let answer = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${DEMO_KEY}\r\nAccept-Encoding: identity\r\n`);
  return {
    finish: () => socket.write('\r\n'),
    answer: new Promise((resolve, reject) => {
      socket.on('end', () => resolve(answer));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    }),
  };
}

describe('graceful shutdown of `token-server serve`', () => {
  it('on SIGTERM finishes the request in flight, ends event streams, refuses new connections and exits 0', async () => {
    const server = await start();
    const stream = await openEventStream(server.base);
    const inFlight = await startRequest(server.base, '/api/v1/export/json');
    await new Promise((resolve) => setTimeout(resolve, 100));

    server.child.kill('SIGTERM');
    // The stream ends at once; the request still completes once its headers arrive.
    expect(await stream.ended).toMatch(/^event: snapshot\nid: [0-9a-f]{16}@\d{4}-\d\d-\d\dT[\d:.]+Z\ndata: \{"designSystem":"acme",/);
    inFlight.finish();
    const answer = await inFlight.answer;
    const [head, body] = answer.split('\r\n\r\n') as [string, string];
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(head).toMatch(/\r\nconnection: close/i);
    const length = Number(/\r\ncontent-length: (\d+)/i.exec(head)?.[1]);
    expect(Buffer.byteLength(body)).toBe(length);
    expect(Object.keys((JSON.parse(body) as Record<string, unknown>)['color'] as object)).toContain('brand');

    expect(await server.exited).toBe(0);
    const messages = server.lines.map((line) => line['msg']);
    expect(messages).toContain('shutting down');
    // The in-flight request's own log line may land after 'shut down' (its onResponse hook and the close callback
    // race once the response is written); nothing else may.
    expect(messages.filter((message) => message !== 'request').at(-1)).toBe('shut down');
    await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();
  });

  it('exits 0 on SIGINT too', async () => {
    const server = await start();
    server.child.kill('SIGINT');
    expect(await server.exited).toBe(0);
    expect(server.lines.find((line) => line['msg'] === 'shutting down')?.['signal']).toBe('SIGINT');
  });

  it('gives up after --shutdown-timeout and exits 1 when a request never completes', async () => {
    const server = await start(['--shutdown-timeout', '0.5']);
    const stuck = await startRequest(server.base, '/api/v1/tokens');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(server.lines.at(-1)?.['msg']).toBe('shutdown timed out: exiting with requests still open');
    await stuck.answer;
  });
});
