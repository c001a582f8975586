import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { ApiError, errorBody } from './errors.js';
import type { ErrorCode } from './errors.js';

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
  /** An idle keep-alive connection is closed after this; above the usual 60 s of load balancers. */
  keepAliveTimeoutMs: 65_000,
  /** A socket with no traffic at all for this long is closed (event streams send a heartbeat every 15 s). */
  connectionTimeoutMs: 120_000,
  /** Requests served on one connection before it is closed, so load balancers spread load over new replicas. */
  maxRequestsPerSocket: 1000,
} as const;

export const DEFAULT_MAX_CONNECTIONS = 10_000;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
export const DEFAULT_AUTH_FAILURE_LIMIT_PER_MINUTE = 30;
const WINDOW_MS = 60_000;
/** Addresses (or keys) remembered by the limiters at once: memory stays bounded whatever clients do. */
const MAX_TRACKED_CLIENTS = 10_000;

export interface ProtectionOptions {
  /** Origins allowed to call the API from a browser (`*` for any); empty: CORS is off. */
  readonly corsOrigins?: readonly string[];
  /** Requests per minute per API key (per address without one); 0 turns the limit off. */
  readonly rateLimitPerMinute?: number;
  /** Failed authentications per minute per client address before it gets 429; 0 turns the limit off. */
  readonly authFailureLimitPerMinute?: number;
  readonly now?: () => number;
}

/** Fastify constructor options that set the limits on requests and connections. */
export function limitServerOptions(): FastifyHttpOptions<Server> {
  return {
    http: { maxHeaderSize: LIMITS.maxHeaderBytes, headersTimeout: LIMITS.headersTimeoutMs },
    requestTimeout: LIMITS.requestTimeoutMs,
    keepAliveTimeout: LIMITS.keepAliveTimeoutMs,
    connectionTimeout: LIMITS.connectionTimeoutMs,
    maxRequestsPerSocket: LIMITS.maxRequestsPerSocket,
    // While closing, requests on open connections are still served, with `Connection: close` (hook below).
    return503OnClosing: false,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .code(tooLong ? 414 : 400)
        .send(errorBody(tooLong ? 'uri_too_long' : 'invalid_parameter', tooLong ? 'A path segment is too long.' : 'Malformed URL.'));
    },
  };
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
  const [status, code, message]: [number, ErrorCode, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'header_too_large', `The request line and headers exceed ${LIMITS.maxHeaderBytes} bytes.`]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_HEADERS_TIMEOUT'
        ? [408, 'request_timeout', 'The request took too long to arrive.']
        : [400, 'invalid_parameter', 'Malformed HTTP request.'];
  const body = `${JSON.stringify(errorBody(code, message))}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

const STATUS_TEXT: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Constant-time comparison of a presented secret with the configured one. */
export function matchesSecret(presented: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Registers the request guards, in the order they must run before authentication: close connections once shutting
 * down, refuse over-long URLs, refuse addresses that failed authentication too often; then CORS (so preflights are answered before
 * any key is asked for) and the per-key rate limit. Call before the routes and the authentication hook.
 */
export async function registerProtections(app: FastifyInstance, options: ProtectionOptions): Promise<void> {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', (request, reply, done) => {
    // A request that reached a closing server is still answered (a rolling deploy loses none), on a connection
    // that then closes, so the client's next request goes to another replica.
    if (closing) reply.header('connection', 'close');
    if ((request.raw.url ?? '').length > LIMITS.maxUrlLength) {
      done(new ApiError('uri_too_long', `The URL exceeds ${LIMITS.maxUrlLength} characters.`));
      return;
    }
    done();
  });

  const failureLimit = options.authFailureLimitPerMinute ?? DEFAULT_AUTH_FAILURE_LIMIT_PER_MINUTE;
  if (failureLimit > 0) registerAuthFailureLimit(app, failureLimit, options.now ?? Date.now);

  const origins = options.corsOrigins ?? [];
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins.includes('*') ? '*' : [...origins],
      methods: ['GET', 'HEAD'],
      allowedHeaders: ['Authorization', 'If-None-Match', 'Cache-Control'],
      exposedHeaders: ['ETag', 'X-Snapshot-Seq', 'X-Git-Commit', 'Content-Digest', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
      maxAge: 600,
    });
  }

  const perMinute = options.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
  if (perMinute > 0) {
    await app.register(rateLimit, {
      global: true,
      max: perMinute,
      timeWindow: WINDOW_MS,
      cache: MAX_TRACKED_CLIENTS,
      enableDraftSpec: true,
      keyGenerator: rateLimitKeyOf,
      errorResponseBuilder: (_request, context) =>
        new ApiError('rate_limited', `Too many requests: at most ${context.max} per minute for this API key. Retry in ${Math.ceil(context.ttl / 1000)} seconds.`),
    });
  }
}

/** The rate-limit bucket of a request: its API key (hashed, so no key sits in memory as text), else its address. */
function rateLimitKeyOf(request: FastifyRequest): string {
  const authorization = request.headers.authorization;
  if (authorization === undefined || authorization === '') return `ip:${request.ip}`;
  return `key:${createHash('sha256').update(authorization).digest('base64url')}`;
}

/** Counts `401` answers per client address; an address over the limit gets `429` until its window ends. */
function registerAuthFailureLimit(app: FastifyInstance, limit: number, now: () => number): void {
  const failures = new LRUCache<string, { count: number; resetAt: number }>({ max: MAX_TRACKED_CLIENTS });
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    // Health and readiness probes stay reachable from a blocked address (the orchestrator may share it).
    const entry = (request.routeOptions.config as { probe?: boolean }).probe === true ? undefined : failures.get(request.ip);
    if (entry === undefined || entry.count < limit) {
      done();
      return;
    }
    const left = entry.resetAt - now();
    if (left <= 0) {
      failures.delete(request.ip);
      done();
      return;
    }
    const seconds = Math.ceil(left / 1000);
    reply.header('retry-after', String(seconds));
    done(new ApiError('rate_limited', `Too many failed authentication attempts from this address. Retry in ${seconds} seconds.`));
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode === 401) {
      const at = now();
      const entry = failures.get(request.ip);
      if (entry === undefined || entry.resetAt <= at) failures.set(request.ip, { count: 1, resetAt: at + WINDOW_MS });
      else entry.count += 1;
    }
    done();
  });
}
