import type { KeysState } from '../state/snapshot.js';
import { FIGMA_ORIGIN } from './auth.js';
import { ANSWERED } from './request-hooks.js';
import type { RequestHooks } from './request-hooks.js';

/** The request headers a page may send cross-origin: the credential, and revalidation. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'If-None-Match', 'Cache-Control'];
/** The response headers scripts may read. */
export const CORS_EXPOSED_HEADERS = [
  'ETag',
  'X-Snapshot-Seq',
  'X-Git-Commit',
  'X-Design-System-Stale',
  'Content-Digest',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Retry-After',
];
/** What the Figma plugin's frame (`Origin: null`) may also send: its change requests are JSON, retried by `Idempotency-Key`. */
const FIGMA_ALLOWED_HEADERS = [...CORS_ALLOWED_HEADERS, 'Content-Type', 'Idempotency-Key'];
/** Seconds a browser may reuse a preflight's answer. */
export const CORS_MAX_AGE_SECONDS = 600;

const originsByEntries = new WeakMap<KeysState['entries'], ReadonlyMap<string, number>>();

/**
 * Every origin a browser credential of the keys file lists, and `null` when it has a Figma credential (`kind: figma`),
 * with the time (ms) the last of its credentials there expires (`Infinity` when one never does): worked out once per
 * keys file read, compared with the clock per request.
 */
export function browserOriginsOf(keys: KeysState): ReadonlyMap<string, number> {
  let origins = originsByEntries.get(keys.entries);
  if (origins === undefined) {
    const expiries = new Map<string, number>();
    for (const entry of keys.entries) {
      const expires = entry.expiresAt === undefined ? Number.POSITIVE_INFINITY : Date.parse(entry.expiresAt);
      const origins = entry.kind === 'figma' ? [FIGMA_ORIGIN] : (entry.origins ?? []);
      for (const origin of origins) expiries.set(origin, Math.max(expiries.get(origin) ?? expires, expires));
    }
    origins = expiries;
    originsByEntries.set(keys.entries, origins);
  }
  return origins;
}

/**
 * CORS for the origins of browser credentials, read from the keys in force on every request (so a credential added
 * or removed in `keys.yaml` opens or closes its origins with the next snapshot, and one that expires closes them
 * then, unless another credential of the origin is still valid). A preflight from such an origin is
 * answered before any key is asked for, as `--cors-origins` does; other requests from it get the CORS headers, and
 * the authentication then refuses a browser credential used from an origin it does not list. Origins that
 * `staticOrigins` (`--cors-origins`) covers are left to that configuration. A step of the app's request hook,
 * registered before `@fastify/cors`.
 */
export function registerBrowserCors(
  hooks: RequestHooks,
  options: {
    readonly browserOrigins: () => ReadonlyMap<string, number>;
    readonly staticOrigins: readonly string[];
    readonly now: () => number;
  },
): void {
  if (options.staticOrigins.includes('*')) return;
  const staticOrigins = new Set(options.staticOrigins);
  const allowHeaders = CORS_ALLOWED_HEADERS.join(', ');
  const figmaAllowHeaders = FIGMA_ALLOWED_HEADERS.join(', ');
  const exposeHeaders = CORS_EXPOSED_HEADERS.join(', ');
  hooks.onRequest((request, reply) => {
    const { origin } = request.headers;
    if (origin === undefined || staticOrigins.has(origin) || !((options.browserOrigins().get(origin) ?? 0) > options.now()))
      return undefined;
    reply.header('access-control-allow-origin', origin);
    reply.header('vary', 'Origin');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      // The Figma plugin also opens change requests; a page's browser credential only reads.
      const figma = origin === FIGMA_ORIGIN;
      reply.header('access-control-allow-methods', figma ? 'GET, HEAD, POST, PATCH' : 'GET, HEAD');
      reply.header('access-control-allow-headers', figma ? figmaAllowHeaders : allowHeaders);
      reply.header('access-control-max-age', String(CORS_MAX_AGE_SECONDS));
      reply.header('content-length', '0');
      void reply.code(204).send();
      return ANSWERED;
    }
    reply.header('access-control-expose-headers', exposeHeaders);
    return undefined;
  });
}
