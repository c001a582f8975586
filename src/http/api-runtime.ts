import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyEntry } from '../compile/parse-keys-file.js';
import type { Snapshot } from '../state/snapshot.js';
import type { Rendered } from '../views/rendered.js';
import { authenticate } from './auth.js';
import { selectDesignSystem } from './read-context.js';
import type { DesignSystemContext } from './read-context.js';
import type { RenderCache } from './render-cache.js';
import { sendRendered } from './send-rendered.js';

export interface AuthorizedRequest {
  readonly snapshot: Snapshot;
  readonly key: ApiKeyEntry;
}

export interface SystemRequest extends AuthorizedRequest {
  readonly system: DesignSystemContext;
}

/** What every route needs: who is asking, what they read, and the render cache. */
export interface ApiRuntime {
  /** Authenticates the request against the live keys; throws 401. */
  authorize(request: FastifyRequest): AuthorizedRequest;
  /** Authenticates and selects the design system (`?designSystem=`); throws 401/403/503. */
  read(request: FastifyRequest): SystemRequest;
  /** Serves the body cached under `cacheKey`, rendering it on a miss. */
  send(request: FastifyRequest, reply: FastifyReply, snapshot: Snapshot, cacheKey: string, render: () => Rendered): FastifyReply;
  readonly cache: RenderCache;
}

export interface ApiRuntimeOptions {
  readonly currentSnapshot: () => Snapshot;
  readonly cache: RenderCache;
  readonly now?: () => number;
}

export function createApiRuntime(options: ApiRuntimeOptions): ApiRuntime {
  const now = options.now ?? Date.now;
  const authorize = (request: FastifyRequest): AuthorizedRequest => {
    const snapshot = options.currentSnapshot();
    const key = authenticate(request.headers.authorization, snapshot.keys, now());
    (request as { keyLabel?: string }).keyLabel = key.name;
    return { snapshot, key };
  };
  return {
    cache: options.cache,
    authorize,
    read(request) {
      const authorized = authorize(request);
      const { designSystem } = request.query as { designSystem?: string };
      return { ...authorized, system: selectDesignSystem(authorized.snapshot, authorized.key, designSystem) };
    },
    send(request, reply, snapshot, cacheKey, render) {
      return sendRendered(request, reply, options.cache.get(cacheKey, render), snapshot);
    },
  };
}

/** A cache key part for query parameters: stable whatever their order in the URL. */
export function parametersKey(parameters: Readonly<Record<string, string | undefined>>): string {
  return Object.keys(parameters)
    .sort()
    .filter((name) => parameters[name] !== undefined)
    .map((name) => `${name}=${parameters[name] as string}`)
    .join('&');
}
