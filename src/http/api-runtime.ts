import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyEntry } from '../compile/parse-keys-file.js';
import { checkRef, FULL_SHA } from '../source/git-refs.js';
import type { Snapshot } from '../state/snapshot.js';
import type { Rendered } from '../views/rendered.js';
import { authenticate } from './auth.js';
import { ApiError } from './errors.js';
import { selectDesignSystem } from './read-context.js';
import type { DesignSystemContext } from './read-context.js';
import type { RenderCache } from './render-cache.js';
import type { RevisionProvider } from './revision-provider.js';
import { sendRendered } from './send-rendered.js';
import type { Pin } from './send-rendered.js';

export interface AuthorizedRequest {
  /** The snapshot the request reads: the live one, or the pinned revision's. */
  readonly snapshot: Snapshot;
  readonly key: ApiKeyEntry;
  /** Set when `?ref=` pinned the request to a commit. */
  readonly pin?: Pin | undefined;
}

export interface SystemRequest extends AuthorizedRequest {
  readonly system: DesignSystemContext;
}

/** What every route needs: who is asking, what they read, and the render cache. */
export interface ApiRuntime {
  /** Checks the key (throws 401) and remembers the live snapshot for the rest of the request. */
  authenticate(request: FastifyRequest): void;
  /** Authenticates against the live keys (throws 401) and reads the live snapshot; refuses `?ref=` (400). */
  authorizeLive(request: FastifyRequest): AuthorizedRequest;
  /** As `authorizeLive`, and selects the design system (`?designSystem=`); throws 401/403/503. */
  read(request: FastifyRequest): SystemRequest;
  /** Authenticates and picks the snapshot: the live one, or the one `?ref=` names (400 malformed, 404 unknown). */
  authorizeAt(request: FastifyRequest): Promise<AuthorizedRequest>;
  /** The snapshot a ref names, with the rules of `?ref=` (400 malformed or no Git, 404 unknown); `parameter` names it in errors. */
  snapshotAtRef(parameter: string, ref: string): Promise<{ snapshot: Snapshot; pin: Pin }>;
  /** As `authorizeAt`, and selects the design system. */
  readAt(request: FastifyRequest): Promise<SystemRequest>;
  /** Serves the body cached under `cacheKey`, rendering it on a miss, with the snapshot's headers. */
  send(request: FastifyRequest, reply: FastifyReply, from: AuthorizedRequest, cacheKey: string, render: () => Rendered): FastifyReply;
  readonly cache: RenderCache;
  readonly revisions: RevisionProvider | undefined;
}

export interface ApiRuntimeOptions {
  readonly currentSnapshot: () => Snapshot;
  readonly cache: RenderCache;
  readonly revisions?: RevisionProvider | undefined;
  readonly now?: () => number;
}

export function createApiRuntime(options: ApiRuntimeOptions): ApiRuntime {
  const now = options.now ?? Date.now;
  const revisions = options.revisions;
  const authenticated = new WeakMap<FastifyRequest, { snapshot: Snapshot; key: ApiKeyEntry }>();
  const authenticateLive = (request: FastifyRequest): { snapshot: Snapshot; key: ApiKeyEntry } => {
    let live = authenticated.get(request);
    if (live === undefined) {
      const snapshot = options.currentSnapshot();
      const key = authenticate(request.headers.authorization, snapshot.keys, now());
      (request as { keyLabel?: string }).keyLabel = key.name;
      live = { snapshot, key };
      authenticated.set(request, live);
    }
    return live;
  };
  const refOf = (request: FastifyRequest): string | undefined => (request.query as { ref?: string } | undefined)?.ref;
  const designSystemOf = (request: FastifyRequest): string | undefined => (request.query as { designSystem?: string }).designSystem;

  const authorizeLive = (request: FastifyRequest): AuthorizedRequest => {
    const live = authenticateLive(request);
    if (refOf(request) !== undefined) throw new ApiError('invalid_parameter', '`ref` is not supported on this route: it always follows the live snapshot.');
    return live;
  };
  const snapshotAtRef = async (parameter: string, ref: string): Promise<{ snapshot: Snapshot; pin: Pin }> => {
    const problem = checkRef(ref);
    if (problem !== undefined) throw new ApiError('invalid_parameter', `\`${parameter}\` ${problem}.`);
    if (revisions === undefined) throw new ApiError('invalid_parameter', `\`${parameter}\` needs a source in a Git repository; this server reads a plain folder.`);
    const sha = await revisions.resolve(ref);
    if (sha === undefined) throw new ApiError('ref_not_found', `No commit, tag or branch \`${ref}\` in the repository.`);
    return { snapshot: await revisions.snapshotAt(sha), pin: { sha, immutable: FULL_SHA.test(ref) && ref === sha } };
  };
  const authorizeAt = async (request: FastifyRequest): Promise<AuthorizedRequest> => {
    const live = authenticateLive(request);
    const ref = refOf(request);
    if (ref === undefined) return live;
    return { ...(await snapshotAtRef('ref', ref)), key: live.key };
  };
  return {
    cache: options.cache,
    revisions,
    authenticate: (request) => void authenticateLive(request),
    authorizeLive,
    authorizeAt,
    snapshotAtRef,
    read(request) {
      const authorized = authorizeLive(request);
      return { ...authorized, system: selectDesignSystem(authorized.snapshot, authorized.key, designSystemOf(request)) };
    },
    async readAt(request) {
      const authorized = await authorizeAt(request);
      return { ...authorized, system: selectDesignSystem(authorized.snapshot, authorized.key, designSystemOf(request)) };
    },
    send(request, reply, from, cacheKey, render) {
      return sendRendered(request, reply, options.cache.get(cacheKey, render), from.snapshot, from.pin);
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
