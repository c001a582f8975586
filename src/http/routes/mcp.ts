import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createMcpHandler,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import type { McpHttpHandler } from '@modelcontextprotocol/server';
import type { ApiKeyEntry } from '../../compile/keys/parse-keys-file.js';
import type { ChangeRequestService } from '../../state/change-requests.js';
import type { Snapshot } from '../../state/snapshot.js';
import type { SnapshotStore } from '../../state/store.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import type { McpRequestContext } from '../mcp/mcp-context.js';
import { resourceUrisOf } from '../mcp/mcp-resources.js';
import { createMcpServer } from '../mcp/mcp-server.js';
import { McpToolRunner } from '../mcp-tool-thread.js';
import { querySchema } from '../query-schema.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';
import { selectDesignSystem } from '../read-context.js';
import { authOf } from '../request-auth.js';

export const MCP_URL = '/mcp';
/** Resources are named `tokens://<design system>/tokens` and `tokens://<design system>/export/<format>`. */
const RESOURCE_URI = /^tokens:\/\/([^/]+)\//;
/** Where `authInfo.extra` carries a request's context to the server factory. */
const CONTEXT = 'designTokenServer';

export interface McpRouteOptions {
  readonly store: SnapshotStore;
  /** The CORS origins (`*` for any): browsers on them, and on localhost, may call `/mcp`. */
  readonly corsOrigins?: readonly string[] | undefined;
  readonly now?: (() => number) | undefined;
  /** Design systems with more values answer the indexed tools in the MCP tool worker (default `MCP_OFF_THREAD_VALUES`). */
  readonly toolOffThreadValues?: number | undefined;
  /** The runner of whole-system tool work, shared with `/diff` (default: one of its own). */
  readonly tools?: McpToolRunner | undefined;
  /** Change requests: `propose_change` for keys with a write role (absent: no such tool). */
  readonly changes?: ChangeRequestService | undefined;
}

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP (SDK v2, stateless 2026-07-28 and the 2025 stateless
 * fallback), authenticated by the API's keys (the authentication hook, `config.apiKey`), with read-only tools over
 * the design systems the key may read, resources for each design system's tokens and exports, and change
 * notifications on `subscriptions/listen` streams fed by the store (the source of `GET /api/v1/events`).
 */
export function registerMcpRoutes(app: FastifyInstance, runtime: ApiRuntime, options: McpRouteOptions): void {
  const { store } = options;
  const now = options.now ?? Date.now;
  const origins = options.corsOrigins ?? [];
  const anyOrigin = origins.includes('*');
  const corsHostnames = origins.filter((origin) => origin !== '*').flatMap((origin) => hostnameOf(origin));
  const allowedOrigins = [...localhostAllowedOrigins(), ...corsHostnames];
  const allowedHosts = [...localhostAllowedHostnames(), ...corsHostnames];

  const tools =
    options.tools ?? new McpToolRunner(options.toolOffThreadValues === undefined ? {} : { offThreadValues: options.toolOffThreadValues });
  const handler: McpHttpHandler = createMcpHandler(({ authInfo }) => {
    // The route checked the key and hands its context through the SDK's pass-through `authInfo`.
    const context = authInfo?.extra?.[CONTEXT] as McpRequestContext | undefined;
    if (context === undefined) throw new Error('an MCP request reached the handler without its authentication');
    return createMcpServer({ runtime, tools, request: context, changes: options.changes });
  });

  // The SDK builds its zod schemas of the 2026 protocol on the first message that carries its envelope: 100-160 ms of
  // main thread, once per process. Done before the server listens, so no caller's request pays for it.
  app.addHook('onReady', () => warmUp(handler));

  // Streams of keys revoked (or expired) since they opened are ended, as `/api/v1/events` ends its streams, and so
  // are streams naming a design system their key may no longer read.
  const listening = new Map<() => void, { readonly key: ApiKeyEntry; readonly named: readonly string[] }>();
  const unsubscribe = store.subscribe((next, previous) => {
    for (const [end, { key, named }] of listening) {
      const entry = next.keys.bySha256.get(key.sha256);
      if (entry === undefined || (entry.expiresAt !== undefined && Date.parse(entry.expiresAt) <= now())) end();
      else if (named.some((name) => refusalOf(next, entry, name) !== undefined)) end();
    }
    publishChanges(handler, next, previous);
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    for (const end of [...listening.keys()]) end();
    await handler.close();
    await tools.close();
  });

  app.withTypeProvider<QuerySchemaTypeProvider>().route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_URL,
    config: { apiKey: true },
    // Not in the OpenAPI document: MCP describes itself (`tools/list`); docs/mcp.md documents it.
    schema: { querystring: querySchema(), hide: true },
    onRequest: (request, _reply, done) => {
      done(refusedOrigin(request, anyOrigin ? undefined : allowedOrigins, allowedHosts));
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const { designSystem, ref } = request.query;
      // What the request names beyond what the key may read is refused here, as the API refuses it: 403.
      const named = [designSystem, ...designSystemsNamedBy(request.body)].filter((name) => name !== undefined);
      for (const name of named) {
        const refusal = refusalOf(auth.snapshot, auth.key, name);
        if (refusal !== undefined) throw refusal;
      }
      const abort = new AbortController();
      reply.raw.on('close', () => abort.abort());
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const web = new Request(`http://${request.headers.host ?? 'localhost'}${request.url}`, {
        method: request.method,
        headers: headersOf(request),
        signal: abort.signal,
        ...(body === undefined ? {} : { body }),
      });
      const context: McpRequestContext = { auth, designSystem, ref };
      // `token` would be the key: the SDK never needs it, so it is not handed on.
      const authInfo = { token: '', clientId: auth.key.name, scopes: [], extra: { [CONTEXT]: context } };
      if (isListen(request.body)) {
        const end = (): void => {
          listening.delete(end);
          reply.raw.destroy();
        };
        listening.set(end, { key: auth.key, named });
        reply.raw.on('close', () => listening.delete(end));
      }
      const response = await handler.fetch(web, request.body === undefined ? { authInfo } : { authInfo, parsedBody: request.body });
      return reply.send(response);
    },
  });
}

/**
 * Sends the handler one message with an incomplete 2026 envelope: the SDK refuses it (400) once it has built its
 * schemas, before any design token server is made for it.
 */
async function warmUp(handler: McpHttpHandler): Promise<void> {
  const message = { jsonrpc: '2.0', id: 0, method: 'ping', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } };
  const request = new Request(`http://localhost${MCP_URL}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify(message),
  });
  await (await handler.fetch(request, { parsedBody: message })).arrayBuffer();
}

/** A 403 for a request whose `Origin` is neither localhost nor a CORS origin, or that reached a loopback address under another host name. */
function refusedOrigin(request: FastifyRequest, allowedOrigins: string[] | undefined, allowedHosts: string[]): ApiError | undefined {
  const origin = request.headers.origin;
  if (allowedOrigins !== undefined && origin !== undefined && !validateOriginHeader(origin, allowedOrigins).ok)
    return new ApiError('forbidden', `Origin ${origin} may not call ${MCP_URL}: only localhost and the CORS origins may.`);
  // DNS rebinding: a page whose name resolves to this machine reaches a loopback address under its own host name.
  const local = request.socket.localAddress;
  if (local !== undefined && isLoopback(local) && !validateHostHeader(request.headers.host, allowedHosts).ok) {
    const host = request.headers.host ?? '';
    if (isIP(host.replace(/^\[|\](:\d+)?$|:\d+$/g, '')) === 0)
      return new ApiError('forbidden', `Host ${host} may not call ${MCP_URL} on a loopback address: use localhost.`);
  }
  return undefined;
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function hostnameOf(origin: string): string[] {
  try {
    return [new URL(origin).hostname];
  } catch {
    return [];
  }
}

/** The API's 403 when `key` may not read `named`; anything else about it is the tool's to answer. */
function refusalOf(snapshot: Snapshot, key: ApiKeyEntry, named: string): ApiError | undefined {
  try {
    selectDesignSystem(snapshot, key, named);
    return undefined;
  } catch (error) {
    return error instanceof ApiError && error.code === 'forbidden' ? error : undefined;
  }
}

/** The design systems a JSON-RPC message names: a tool's `designSystem`, a resource URI's, each URI a listen stream asks for. */
function designSystemsNamedBy(body: unknown): string[] {
  // A batch (the 2025 protocol's) names what each of its messages names.
  if (Array.isArray(body)) return body.flatMap(designSystemsNamedBy);
  if (typeof body !== 'object' || body === null) return [];
  const { method, params } = body as { method?: unknown; params?: Record<string, unknown> };
  if (params === undefined || typeof params !== 'object') return [];
  const slugOf = (uri: unknown): string[] => {
    const match = typeof uri === 'string' ? RESOURCE_URI.exec(uri) : null;
    return match?.[1] === undefined ? [] : [match[1]];
  };
  switch (method) {
    case 'tools/call': {
      const named = (params['arguments'] as Record<string, unknown> | undefined)?.['designSystem'];
      return typeof named === 'string' ? [named] : [];
    }
    case 'resources/read':
    case 'resources/subscribe':
      return slugOf(params['uri']);
    case 'subscriptions/listen':
      return listenedUris(params).flatMap(slugOf);
    default:
      return [];
  }
}

/**
 * The resource URIs a `subscriptions/listen` request asks updates of: `params.notifications.resourceSubscriptions`,
 * where the SDK reads them (its `SubscriptionsListenRequestParamsSchema`; `params.filter` is nothing to it).
 */
function listenedUris(params: Record<string, unknown>): unknown[] {
  const uris = (params['notifications'] as { resourceSubscriptions?: unknown } | undefined)?.resourceSubscriptions;
  return Array.isArray(uris) ? uris : [];
}

function isListen(body: unknown): boolean {
  if (Array.isArray(body)) return body.some(isListen);
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'subscriptions/listen';
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // The body is passed parsed and sent again as JSON: the original length and encoding no longer describe it.
    if (value === undefined || name === 'content-length' || name === 'content-encoding' || name === 'transfer-encoding') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** Tells listening clients which resources changed: every resource of a design system whose served content changed. */
function publishChanges(handler: McpHttpHandler, next: Snapshot, previous: Snapshot): void {
  let listChanged = next.systems.size !== previous.systems.size;
  for (const [slug, state] of next.systems) {
    const before = previous.systems.get(slug);
    if (before === undefined) listChanged = true;
    if (state.compiled === before?.compiled) continue;
    for (const uri of resourceUrisOf(slug)) handler.notify.resourceUpdated(uri);
  }
  if (listChanged) handler.notify.resourcesChanged();
}
