import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ChangeRequestService } from '../../state/change-requests.js';
import type { ApiKeyEntry } from '../../compile/keys/parse-keys-file.js';
import type { CompiledDesignSystem } from '../../compile/types.js';
import type { Snapshot } from '../../state/snapshot.js';
import type { SnapshotStore } from '../../state/store.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError, errorBody } from '../errors.js';
import { querySchema } from '../query-schema.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';
import { selectDesignSystem } from '../read-context.js';
import { liveSnapshotHeaders } from '../send-rendered.js';

export const DEFAULT_HEARTBEAT_MS = 15_000;
/** A client that lets this much pile up unread is dropped rather than buffered without bound. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface EventRouteOptions {
  readonly heartbeatMs?: number;
  readonly now?: () => number;
  /** Change requests, announced as `change` events of their design system's streams. */
  readonly changes?: ChangeRequestService | undefined;
}

/** What one `snapshot` event says about the caller's design system. */
export interface SnapshotEventData {
  readonly designSystem: string;
  readonly seq: number;
  readonly commit: string | null;
  readonly lastUpdated: string;
}

/**
 * `GET /api/v1/events`: a Server-Sent Events stream for the caller's design system (or `?designSystem=`).
 * Sends a `snapshot` event with the current state at once, then one each time the design system's served content
 * or `lastUpdated` changes, and a comment line as heartbeat. When the key is revoked or the design system goes
 * away, sends an `error` event with the API's error body and ends the stream.
 */
export function registerEventRoutes(
  app: FastifyInstance,
  runtime: ApiRuntime,
  store: SnapshotStore,
  options: EventRouteOptions = {},
): void {
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const now = options.now ?? Date.now;
  const open = new Set<() => void>();

  // Open streams would keep `app.close()` waiting for ever: end them before the server stops accepting.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.withTypeProvider<QuerySchemaTypeProvider>().get('/api/v1/events', { schema: { querystring: querySchema() } }, (request, reply) => {
    const read = runtime.read(request);
    const { snapshot, key, system } = read;
    const { designSystem: requested } = request.query;
    const headers = {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      ...liveSnapshotHeaders(snapshot),
      ...runtime.staleHeaders(read),
    };
    if (request.method === 'HEAD') {
      reply.headers(headers);
      return reply.code(200).send();
    }

    reply.hijack();
    const raw: ServerResponse = reply.raw;
    // The headers hooks already set on the reply (CORS for a page on another origin, the request id) go out too: a
    // hijacked reply skips Fastify's own sending of them.
    const set = Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined);
    raw.writeHead(200, { ...Object.fromEntries(set), ...headers, connection: 'keep-alive' });
    raw.flushHeaders();

    let last = dataOf(snapshot, system.slug);
    let lastCompiled: CompiledDesignSystem | undefined = system.compiled;
    write(raw, 'snapshot', last, eventIdOf(lastCompiled, last));

    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      unsubscribe();
      unsubscribeChanges();
      clearInterval(heartbeat);
      open.delete(end);
      if (!raw.writableEnded) raw.end();
    };
    const unsubscribe = store.subscribe((next) => {
      if (ended) return;
      let entry: ApiKeyEntry;
      let slug: string;
      try {
        entry = recheckKey(key, next, now());
        slug = selectDesignSystem(next, entry, requested).slug;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        write(raw, 'error', errorBody(error.code, error.message));
        end();
        return;
      }
      const data = dataOf(next, slug);
      const compiled = next.systems.get(slug)?.compiled;
      if (data.designSystem === last.designSystem && data.lastUpdated === last.lastUpdated && compiled === lastCompiled) return;
      last = data;
      lastCompiled = compiled;
      write(raw, 'snapshot', data, eventIdOf(compiled, data));
      if (raw.writableLength > MAX_BUFFERED_BYTES) end();
    });
    // Change requests of the stream's design system: opened, updated, approved, merged, closed (docs/change-requests.md).
    const unsubscribeChanges =
      options.changes?.subscribe((event) => {
        if (ended || event.designSystem !== last.designSystem) return;
        write(raw, 'change', event);
        if (raw.writableLength > MAX_BUFFERED_BYTES) end();
      }) ?? ((): void => undefined);
    const heartbeat = setInterval(() => {
      raw.write(`: heartbeat ${new Date(now()).toISOString()}\n\n`);
      if (raw.writableLength > MAX_BUFFERED_BYTES) end();
    }, heartbeatMs);
    heartbeat.unref();
    open.add(end);
    raw.on('close', end);
    raw.on('error', end);
    return reply;
  });
}

function dataOf(snapshot: Snapshot, slug: string): SnapshotEventData {
  return {
    designSystem: slug,
    seq: snapshot.seq,
    commit: snapshot.git.commit,
    lastUpdated: snapshot.systems.get(slug)?.lastUpdated ?? snapshot.createdAt,
  };
}

/** The stream's key as the new snapshot knows it: a key removed from the keys file (or expired) ends the stream. */
function recheckKey(key: ApiKeyEntry, snapshot: Snapshot, now: number): ApiKeyEntry {
  const entry = snapshot.keys.bySha256.get(key.sha256);
  if (entry === undefined) throw new ApiError('unauthorized', 'This API key has been revoked.');
  if (entry.expiresAt !== undefined && Date.parse(entry.expiresAt) <= now) throw new ApiError('unauthorized', 'This API key has expired.');
  return entry;
}

/**
 * The id of a `snapshot` event: the first 16 hex digits of the design system's content hash and its `lastUpdated`
 * (`3f2c9a1b7d4e5f60@2026-01-05T10:31:20.870Z`). Every replica serving the same commit gives the same id (a replica's
 * `seq` is its own count), so a client that reconnects to another replica can compare ids: the same id, nothing
 * changed while it was away.
 */
export function eventIdOf(compiled: CompiledDesignSystem | undefined, data: SnapshotEventData): string {
  return `${compiled?.contentHash.slice(0, 16) ?? 'none'}@${data.lastUpdated}`;
}

function write(raw: ServerResponse, event: string, data: unknown, id?: string): void {
  if (raw.writableEnded || raw.destroyed) return;
  raw.write(`event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`);
}
