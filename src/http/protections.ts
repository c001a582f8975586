import { STATUS_CODES } from 'node:http';
import type { Server } from 'node:http';
import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Socket } from 'node:net';
import cors from '@fastify/cors';
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS, CORS_MAX_AGE_SECONDS, registerBrowserCors } from './browser-cors.js';
import { ApiError, ERRORS, errorBody, sendError } from './errors.js';
import type { ErrorCode } from './errors.js';
import type { RequestHooks, RequestStep } from './request-hooks.js';
import { SERVE_DEFAULTS } from '../config.js';
import type { ApiKeyEntry } from '../compile/keys/parse-keys-file.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A health or readiness probe: answered even to an address blocked for failed authentications. */
    probe?: boolean;
    /** `false`: the per-key rate limit does not count this route's requests. */
    rateLimit?: boolean;
    /** Set by the rate limit on the routes it counts (every route registered after it, but those with `rateLimit: false`). */
    rateLimited?: boolean;
  }
}

/**
 * Bounds on what one request or connection can make the server do. Requests are GETs without a body: every limit is
 * far above what a real client sends, and far below what would let one client hold the server.
 */
export const LIMITS = {
  /** Request line plus headers (Node's parser refuses more with 431). */
  maxHeaderBytes: 16 * 1024,
  /** Path plus query string; longer answers 414. */
  maxUrlLength: 4 * 1024,
  /** One path parameter (`/tokens/<path>`). */
  maxParamLength: 500,
  /** Time to receive the request headers. */
  headersTimeoutMs: 10_000,
  /** Time to receive the whole request. */
  requestTimeoutMs: 15_000,
  /**
   * How often Node checks the two timeouts above (its default, 30 s, let a slow client hold a connection for up to
   * 40 s): a connection is closed at most this long after its timeout.
   */
  connectionsCheckingIntervalMs: 1_000,
  /** An idle keep-alive connection is closed after this; above the usual 60 s of load balancers. */
  keepAliveTimeoutMs: 65_000,
  /** A socket with no traffic at all for this long is closed (event streams send a heartbeat every 15 s). */
  connectionTimeoutMs: 120_000,
  /** Requests served on one connection before it is closed, so load balancers spread load over new replicas. */
  maxRequestsPerSocket: 1000,
  /** Open connections from one client address; more are closed as they open (trusted proxies are exempt). */
  maxConnectionsPerAddress: 256,
  /** Nesting of objects and arrays in a JSON body (`/mcp`); deeper answers 400 `body_too_deep`. */
  maxBodyDepth: 64,
} as const;

export const DEFAULT_MAX_CONNECTIONS = SERVE_DEFAULTS.maxConnections;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = SERVE_DEFAULTS.rateLimit;
export const DEFAULT_AUTH_FAILURE_LIMIT_PER_MINUTE = SERVE_DEFAULTS.authFailureLimit;
const WINDOW_MS = 60_000;
/** Addresses (or keys) remembered by the limiters at once: memory stays bounded whatever clients do. */
const MAX_TRACKED_CLIENTS = 10_000;

export interface ProtectionOptions {
  /** Origins allowed to call the API from a browser (`*` for any); empty: CORS is off. */
  readonly corsOrigins?: readonly string[];
  /** The origins of the browser credentials in force, each with when its last credential expires (read per request); undefined: none are ever answered. */
  readonly browserOrigins?: () => ReadonlyMap<string, number>;
  /** Requests per minute per API key (per address without one); 0 turns the limit off. */
  readonly rateLimitPerMinute?: number;
  /** Failed authentications per minute per client address before it gets 429; 0 turns the limit off. */
  readonly authFailureLimitPerMinute?: number;
  readonly now?: () => number;
}

/** Fastify constructor options that set the limits on requests and connections; `headersTimeoutMs` for tests. */
export function limitServerOptions(headersTimeoutMs: number = LIMITS.headersTimeoutMs): FastifyHttpOptions<Server> {
  return {
    http: {
      maxHeaderSize: LIMITS.maxHeaderBytes,
      headersTimeout: headersTimeoutMs,
      connectionsCheckingInterval: LIMITS.connectionsCheckingIntervalMs,
    },
    requestTimeout: LIMITS.requestTimeoutMs,
    keepAliveTimeout: LIMITS.keepAliveTimeoutMs,
    connectionTimeout: LIMITS.connectionTimeoutMs,
    maxRequestsPerSocket: LIMITS.maxRequestsPerSocket,
    // While closing, requests on open connections are still served, with `Connection: close` (hook below).
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  };
}

/** Answers a URL Fastify's router refuses: a path parameter over `maxParamLength` (414), a malformed one (400). */
function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') void sendError(reply, 'uri_too_long', 'A path segment is too long.');
  else void sendError(reply, 'invalid_parameter', 'Malformed URL.');
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request (headers too large, timeouts, garbage) with
 * the one JSON error shape, then closes the connection.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  const [code, message]: [ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? ['header_too_large', `The request line and headers exceed ${LIMITS.maxHeaderBytes} bytes.`]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT'
        ? ['request_timeout', 'The request took too long to arrive.']
        : ['invalid_parameter', 'Malformed HTTP request.'];
  const { status } = ERRORS[code];
  const body = `${JSON.stringify(errorBody(code, message))}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/**
 * Registers the request guards as steps of the app's request hook, in the order they must run before
 * authentication: close connections once shutting down, refuse over-long URLs, refuse addresses that failed
 * authentication too often; then CORS (so preflights are answered before any key is asked for). Answers the per-key
 * rate limit's step (undefined when it is off), which the caller adds after authentication, whose key it counts.
 * Call before the routes and the authentication.
 */
export async function registerProtections(
  app: FastifyInstance,
  hooks: RequestHooks,
  options: ProtectionOptions,
): Promise<RequestStep | undefined> {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  hooks.onRequest((request, reply) => {
    // A request that reached a closing server is still answered (a rolling deploy loses none), on a connection
    // that then closes, so the client's next request goes to another replica.
    if (closing) reply.header('connection', 'close');
    if ((request.raw.url ?? '').length > LIMITS.maxUrlLength)
      return new ApiError('uri_too_long', `The URL exceeds ${LIMITS.maxUrlLength} characters.`);
    return undefined;
  });

  const failureLimit = options.authFailureLimitPerMinute ?? DEFAULT_AUTH_FAILURE_LIMIT_PER_MINUTE;
  if (failureLimit > 0) registerAuthFailureLimit(hooks, failureLimit, options.now ?? Date.now);

  const origins = options.corsOrigins ?? [];
  if (options.browserOrigins !== undefined)
    registerBrowserCors(hooks, { browserOrigins: options.browserOrigins, staticOrigins: origins, now: options.now ?? Date.now });
  if (origins.length > 0) {
    // The plugin's own hook runs after the steps so far and before authentication.
    hooks.flush();
    await app.register(cors, {
      origin: origins.includes('*') ? '*' : [...origins],
      methods: ['GET', 'HEAD'],
      allowedHeaders: CORS_ALLOWED_HEADERS,
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: CORS_MAX_AGE_SECONDS,
    });
  }

  const perMinute = options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  return perMinute > 0 ? rateLimitStep(app, perMinute) : undefined;
}

/** One client's window: requests counted since it started. */
interface RateWindow {
  count: number;
  startedAt: number;
}

/**
 * At most `max` requests per minute per bucket (`rateLimitKeyOf`), in fixed windows that start at a bucket's first
 * request; every answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (seconds left), and
 * the one past the limit gets `429` with `Retry-After` as well. A route opts out with `config: { rateLimit: false }`.
 * The same rules, headers and bytes as `@fastify/rate-limit` (draft-spec headers, in-memory store), as one callback
 * step of the app's request hook, after authentication (the plugin's async hook costs several promises per request).
 */
function rateLimitStep(app: FastifyInstance, max: number): RequestStep {
  const windows = new LRUCache<string, RateWindow>({ max: MAX_TRACKED_CLIENTS });
  const count = (request: FastifyRequest, reply: FastifyReply): Error | undefined => {
    const bucket = rateLimitKeyOf(request);
    const now = Date.now();
    let window = windows.get(bucket);
    if (window === undefined || window.startedAt + WINDOW_MS <= now) {
      window = { count: 0, startedAt: now };
      windows.set(bucket, window);
    }
    window.count += 1;
    const seconds = Math.ceil((WINDOW_MS - (now - window.startedAt)) / 1000);
    reply.header('ratelimit-limit', max);
    if (window.count <= max) {
      reply.header('ratelimit-remaining', max - window.count);
      reply.header('ratelimit-reset', seconds);
      return undefined;
    }
    reply.header('ratelimit-remaining', 0);
    reply.header('ratelimit-reset', seconds);
    reply.header('retry-after', seconds);
    return new ApiError('rate_limited', `Too many requests: at most ${max} per minute for this API key. Retry in ${seconds} seconds.`);
  };
  const countInRouteHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void): void => {
    const refused = count(request, reply);
    if (refused === undefined) done();
    else done(refused);
  };
  // The routes registered from now on are counted (not the 404 handler), but those that opt out. A route with
  // `onRequest` hooks of its own (`/mcp`'s origin check, the 405 of writes) counts after them, in a route hook of its
  // own (a new array each time, so a route's automatic HEAD twin, which copies the GET route's options, gets it
  // once); any other is marked, and counted by the app's request hook.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit === false) return;
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    if (own.length > 0) route.onRequest = [...own, countInRouteHook];
    else route.config = { ...route.config, rateLimited: true };
  });
  return (request, reply, config) => (config.rateLimited === true ? count(request, reply) : undefined);
}

/**
 * The rate-limit bucket of a request: the API key it was authenticated with (by the key entry's hash: the same key
 * however its header is spelled), else its address. It runs after authentication: a request with a bad key never
 * reaches it (it gets 401, counted by the failed-authentication limit of its address).
 */
function rateLimitKeyOf(request: FastifyRequest): string {
  if (request.auth === null) return `ip:${request.ip}`;
  const { key } = request.auth;
  // Built once per key entry, not per request: the entry lives as long as its keys file.
  let bucket = keyBuckets.get(key);
  if (bucket === undefined) {
    bucket = `key:${key.sha256}`;
    keyBuckets.set(key, bucket);
  }
  return bucket;
}

const keyBuckets = new WeakMap<ApiKeyEntry, string>();

/**
 * Closes a new connection at once when its address already holds `max` open ones, so one client cannot take every
 * connection (slow headers, idle keep-alives). Counted on the socket's address, since no header has been read when a
 * connection opens: the addresses `trustProxy` trusts are exempt (every client behind a proxy shares its address),
 * and with `trustProxy` true or a number of hops every peer is a proxy, so the limit is the proxies' job.
 */
export function limitConnectionsPerAddress(server: Server, max: number, trustProxy: boolean | number | string | readonly string[]): void {
  const isProxy = trustedPeers(trustProxy);
  if (max <= 0 || isProxy === 'all') return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = plainAddress(socket.remoteAddress);
    if (address === undefined || isProxy(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** `::ffff:1.2.3.4` (an IPv4 client of a dual-stack socket) as `1.2.3.4`; other addresses as they are. */
function plainAddress(address: string | undefined): string | undefined {
  return address?.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

/** The names `proxy-addr` (Fastify's `trustProxy`) accepts for address ranges. */
const NAMED_RANGES: Readonly<Record<string, readonly string[]>> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Whether a peer address is a trusted proxy, or 'all' when `trustProxy` trusts every peer. */
function trustedPeers(trustProxy: boolean | number | string | readonly string[]): ((address: string) => boolean) | 'all' {
  if (trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0)) return 'all';
  const entries = (typeof trustProxy === 'string' ? trustProxy.split(',') : typeof trustProxy === 'object' ? [...trustProxy] : [])
    .map((entry) => entry.trim())
    .flatMap((entry) => NAMED_RANGES[entry] ?? [entry]);
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!isIPv4(address) && !isIPv6(address)) continue;
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => list.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

/** Counts `401` answers per client address; an address over the limit gets `429` until its window ends. */
function registerAuthFailureLimit(hooks: RequestHooks, limit: number, now: () => number): void {
  const failures = new LRUCache<string, { count: number; resetAt: number }>({ max: MAX_TRACKED_CLIENTS });
  hooks.onRequest((request, reply, config) => {
    // No address has failed lately (the usual case): nothing to look up for this request.
    if (failures.size === 0) return undefined;
    // Health and readiness probes stay reachable from a blocked address (the orchestrator may share it).
    const entry = config.probe === true ? undefined : failures.get(request.ip);
    if (entry === undefined || entry.count < limit) return undefined;
    const left = entry.resetAt - now();
    if (left <= 0) {
      failures.delete(request.ip);
      return undefined;
    }
    const seconds = Math.ceil(left / 1000);
    reply.header('retry-after', String(seconds));
    return new ApiError('rate_limited', `Too many failed authentication attempts from this address. Retry in ${seconds} seconds.`);
  });
  hooks.onResponse((request, reply) => {
    if (reply.statusCode !== 401) return;
    const at = now();
    const entry = failures.get(request.ip);
    if (entry === undefined || entry.resetAt <= at) failures.set(request.ip, { count: 1, resetAt: at + WINDOW_MS });
    else entry.count += 1;
  });
}
