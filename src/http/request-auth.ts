import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyEntry } from '../compile/keys/parse-keys-file.js';
import type { Snapshot } from '../state/snapshot.js';
import { authenticate, KnownHeaders } from './auth.js';
import { ApiError } from './errors.js';
import type { RequestHooks, RouteConfig } from './request-hooks.js';

/** Who is asking, and the live snapshot the key was checked against: the one the request reads. */
export interface RequestAuth {
  readonly snapshot: Snapshot;
  readonly key: ApiKeyEntry;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication hook on every API read, once; null on every other request. */
    auth: RequestAuth | null;
  }
  interface FastifyContextConfig {
    /** No API key asked: the operations routes, the OpenAPI document, the token browser, the webhook. */
    public?: boolean;
    /** An API key asked whatever the method and path (`/mcp`, which takes POST), as on every API read. */
    apiKey?: boolean;
  }
}

/**
 * Authenticates every API read (GET or HEAD of a non-public `/api/v1/` route) once, a step of the app's request hook, and
 * keeps the result on `request.auth` for the rate limit, the routes and the request log. A missing, malformed,
 * unknown or expired key ends the request with 401 before anything else about it is looked at.
 */
export function registerAuthentication(
  app: FastifyInstance,
  hooks: RequestHooks,
  options: {
    readonly currentSnapshot: () => Snapshot;
    readonly now: () => number;
    readonly refusedKeySha256?: ReadonlySet<string> | undefined;
  },
): void {
  app.decorateRequest('auth', null);
  const knownHeaders = new KnownHeaders();
  hooks.onRequest((request, _reply, config) => {
    if (!needsKey(request, config)) return undefined;
    const snapshot = options.currentSnapshot();
    const { authorization, origin } = request.headers;
    const key = authenticate(authorization, snapshot.keys, options.now(), options.refusedKeySha256, origin, knownHeaders);
    // A page's credential reads with GET and HEAD; `/mcp` (a POST that runs tools) is for API keys.
    if (key.kind === 'browser' && config.apiKey === true)
      return new ApiError(
        'forbidden',
        `A browser credential reads the API with GET and HEAD only: \`${config.url ?? request.url}\` needs an API key.`,
      );
    if (key.kind === 'figma' && config.url === '/mcp')
      return new ApiError('forbidden', 'A Figma credential reads and opens change requests: `/mcp` needs an API key.');
    request.auth = { snapshot, key };
    return undefined;
  });
}

function needsKey(request: FastifyRequest, config: RouteConfig): boolean {
  if (config.apiKey === true) return true;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  return config.url !== undefined && config.url.startsWith('/api/v1/') && config.public !== true;
}

/** The authentication of an API read; a route outside the hook's reach asking for it is a programming error. */
export function authOf(request: Pick<FastifyRequest, 'auth' | 'method' | 'routeOptions' | 'url'>): RequestAuth {
  if (request.auth === null)
    throw new Error(`${request.method} ${request.routeOptions.url ?? request.url} is not an authenticated API read`);
  return request.auth;
}
