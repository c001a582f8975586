import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyEntry } from '../compile/keys/parse-keys-file.js';
import type { DesignSystemState, Snapshot } from '../state/snapshot.js';
import type { Rendered } from '../views/shared/rendered.js';
import { ApiError } from './errors.js';
import { selectDesignSystem } from './read-context.js';
import type { DesignSystemContext } from './read-context.js';
import { isCompressible, negotiateEncoding } from './compression.js';
import type { RenderCache } from './render-cache.js';
import type { ExportRenderer } from './render-thread.js';
import { authOf } from './request-auth.js';
import { checkRef, isCommitId, RevisionsBusyError } from '../state/revisions.js';
import type { RevisionProvider } from '../state/revisions.js';
import type { CommonQuery } from './query-schema.js';
import {
  COMMIT_HEADER,
  IMMUTABLE_CACHE_CONTROL,
  LIVE_CACHE_CONTROL,
  liveSnapshotHeaders,
  sendRendered,
  STALE_HEADER,
} from './send-rendered.js';
import type { Pin, SendOptions } from './send-rendered.js';

/** What the runtime reads of a request to an `/api/v1` route: its authentication, headers and common query parameters. */
export type ApiRequest = Pick<FastifyRequest, 'auth' | 'headers' | 'method' | 'routeOptions' | 'url'> & { readonly query: CommonQuery };

export interface AuthorizedRequest {
  /** The snapshot the request reads: the live one, or the pinned revision's. */
  readonly snapshot: Snapshot;
  readonly key: ApiKeyEntry;
  /** Set when `?ref=` pinned the request to a commit. */
  readonly pin?: Pin | undefined;
  /** Set when the request reads one design system: its response says when that one is served stale. */
  readonly system?: DesignSystemContext | undefined;
}

export interface SystemRequest extends AuthorizedRequest {
  readonly system: DesignSystemContext;
}

/** What every route needs: who is asking (checked once, by the authentication hook), what they read, and the render cache. */
export interface ApiRuntime {
  /** The request's key and the live snapshot; refuses `?ref=` (400). */
  authorizeLive(request: ApiRequest): AuthorizedRequest;
  /** As `authorizeLive`, and selects the design system (`?designSystem=`); throws 403/503. */
  read(request: ApiRequest): SystemRequest;
  /**
   * The request's key, and the snapshot: the live one, or the one `?ref=` names (400 malformed, 404 unknown, 503 busy).
   * At once for a live read and for a full sha whose revision is built already (a pipeline's pinned reads); else the
   * promise of it, once the ref is looked up and its revision built.
   */
  authorizeAt(request: ApiRequest): AuthorizedRequest | Promise<AuthorizedRequest>;
  /** The snapshot a ref names, with the rules of `?ref=` (400 malformed or no Git, 404 unknown, 503 busy); `parameter` names it in errors. */
  snapshotAtRef(parameter: string, ref: string): Promise<Pinned>;
  /** As `authorizeAt`, and selects the design system: at once when `authorizeAt` answers at once. */
  readAt(request: ApiRequest): SystemRequest | Promise<SystemRequest>;
  /**
   * Serves the body cached under `cacheKey`, rendering it on a miss, with the snapshot's headers. Answers at once when
   * the body (and the compressed form the client takes) is cached; else after rendering or compressing off the main thread.
   */
  send(
    request: ApiRequest,
    reply: FastifyReply,
    from: AuthorizedRequest,
    cacheKey: string,
    render: () => Rendered | Promise<Rendered>,
  ): FastifyReply | Promise<FastifyReply>;
  /** Renders exports: on this thread for small design systems, in the render worker for large ones. */
  readonly exports: ExportRenderer;
  /** `X-Design-System-Stale` when a live read of one design system is served from its last good version; else empty. */
  staleHeaders(from: AuthorizedRequest): Record<string, string>;
  readonly cache: RenderCache;
  readonly revisions: RevisionProvider | undefined;
}

export interface ApiRuntimeOptions {
  readonly cache: RenderCache;
  readonly exports: ExportRenderer;
  readonly revisions?: RevisionProvider | undefined;
}

export function createApiRuntime(options: ApiRuntimeOptions): ApiRuntime {
  const revisions = options.revisions === undefined ? undefined : answeringBusyWith503(options.revisions);

  const authorizeLive = (request: ApiRequest): AuthorizedRequest => {
    const live = authOf(request);
    if (request.query.ref !== undefined)
      throw new ApiError('invalid_parameter', '`ref` is not supported on this route: it always follows the live snapshot.');
    return live;
  };
  /**
   * The snapshot a ref names and its pin: at once when the ref is a full sha whose revision is built (the same answer
   * the lookup would give: a built sha is a known commit), else the promise of it. Throws the ref's 400 at once.
   */
  const pinnedAt = (parameter: string, ref: string): Pinned | Promise<Pinned> => {
    const problem = checkRef(ref);
    if (problem !== undefined) throw new ApiError('invalid_parameter', `\`${parameter}\` ${problem}.`);
    if (revisions === undefined)
      throw new ApiError('invalid_parameter', `\`${parameter}\` needs a source in a Git repository; this server reads a plain folder.`);
    const built = isCommitId(ref) ? revisions.built?.(ref) : undefined;
    if (built !== undefined) return { snapshot: built, pin: { sha: ref, immutable: true } };
    return lookUpPinned(revisions, ref);
  };
  const authorizeAt = (request: ApiRequest): AuthorizedRequest | Promise<AuthorizedRequest> => {
    const live = authOf(request);
    const { ref } = request.query;
    if (ref === undefined) return live;
    const pinned = pinnedAt('ref', ref);
    return pinned instanceof Promise ? pinned.then((at) => ({ ...at, key: live.key })) : { ...pinned, key: live.key };
  };
  /** Sends a body once the compressed form the client takes is ready (compressed off the main thread on first use). */
  const sendEncoded = (request: ApiRequest, reply: FastifyReply, from: AuthorizedRequest, cacheKey: string, rendered: Rendered) => {
    const encoding = isCompressible(rendered) ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
    const compressing = encoding === undefined ? undefined : options.cache.encode(cacheKey, rendered, encoding);
    if (compressing === undefined) return sendRendered(request, reply, rendered, sendOptionsOf(from, rendered));
    return compressing.then(() => sendRendered(request, reply, rendered, sendOptionsOf(from, rendered)));
  };
  return {
    cache: options.cache,
    exports: options.exports,
    revisions,
    authorizeLive,
    authorizeAt,
    snapshotAtRef: async (parameter, ref) => await pinnedAt(parameter, ref),
    staleHeaders,
    read: (request) => withSystem(request, authorizeLive(request)),
    readAt(request) {
      const authorized = authorizeAt(request);
      return authorized instanceof Promise ? authorized.then((at) => withSystem(request, at)) : withSystem(request, authorized);
    },
    send(request, reply, from, cacheKey, render) {
      const rendered = options.cache.get(cacheKey, render);
      if (rendered instanceof Promise) return rendered.then((body) => sendEncoded(request, reply, from, cacheKey, body));
      return sendEncoded(request, reply, from, cacheKey, rendered);
    },
  };
}

/** The snapshot a ref names, and how the response pins it. */
export interface Pinned {
  readonly snapshot: Snapshot;
  readonly pin: Pin;
}

/** Looks a well-formed ref up and builds (or takes the cached) revision at the sha it names: 404 when it names none. */
async function lookUpPinned(revisions: RevisionProvider, ref: string): Promise<Pinned> {
  const sha = await revisions.resolve(ref);
  if (sha === undefined) throw new ApiError('ref_not_found', `No commit, tag or branch \`${ref}\` in the repository.`);
  return { snapshot: await revisions.snapshotAt(sha), pin: { sha, immutable: isCommitId(ref) && ref === sha } };
}

/** The authorized request with the design system it reads (`?designSystem=`); throws 403/503. */
function withSystem(request: ApiRequest, authorized: AuthorizedRequest): SystemRequest {
  return { ...authorized, system: selectDesignSystem(authorized.snapshot, authorized.key, request.query.designSystem) };
}

/**
 * A live read: `X-Snapshot-Seq`, `X-Git-Commit` and `no-cache`. A pinned one: `X-Git-Commit` is the resolved sha, and
 * a full-sha pin gets an immutable `Cache-Control` and an ETag that starts with the sha.
 */
function sendOptionsOf(from: AuthorizedRequest, rendered: Rendered): SendOptions {
  const { snapshot, pin } = from;
  if (pin === undefined) {
    const stale = staleHeaders(from);
    if (stale[STALE_HEADER] === undefined) return liveSendOptionsOf(snapshot);
    return { headers: { ...stale, 'cache-control': LIVE_CACHE_CONTROL, ...liveSnapshotHeaders(snapshot) }, contentDigest: true };
  }
  return {
    etag: pin.immutable ? `"${pin.sha}.${rendered.etag.slice(1)}` : undefined,
    headers: {
      'cache-control': pin.immutable ? IMMUTABLE_CACHE_CONTROL : LIVE_CACHE_CONTROL,
      ...(snapshot.git.commit === null ? {} : { [COMMIT_HEADER]: snapshot.git.commit }),
    },
    vary: ['Authorization'],
    contentDigest: true,
  };
}

const liveSendOptions = new WeakMap<Snapshot, SendOptions>();

/** The send options of a live read that is not stale: the same for every request on a snapshot, so built once per snapshot. */
function liveSendOptionsOf(snapshot: Snapshot): SendOptions {
  let options = liveSendOptions.get(snapshot);
  if (options === undefined) {
    options = Object.freeze({
      headers: Object.freeze({ 'cache-control': LIVE_CACHE_CONTROL, ...liveSnapshotHeaders(snapshot) }),
      contentDigest: true,
    });
    liveSendOptions.set(snapshot, options);
  }
  return options;
}

/** `X-Design-System-Stale` when a live read of one design system is served from its last good version; else empty. */
function staleHeaders(from: AuthorizedRequest): Record<string, string> {
  // Only live reads: a pinned revision is built from that commit's files alone, so it is never an older fallback.
  const value = from.pin === undefined && from.system !== undefined ? staleValueOf(from.system.state) : undefined;
  return value === undefined ? {} : { [STALE_HEADER]: value };
}

const staleValues = new WeakMap<DesignSystemState, string | null>();

/**
 * `errors=<n>` when the design system's current files have n errors and an older version is what is served; undefined
 * when what is served is its current files. Counted once per state (a state never changes).
 */
function staleValueOf(state: DesignSystemState): string | undefined {
  let value = staleValues.get(state);
  if (value === undefined) {
    const errors = state.compiled === undefined ? 0 : state.problems.filter((problem) => problem.severity === 'error').length;
    value = errors === 0 ? null : `errors=${errors}`;
    staleValues.set(state, value);
  }
  return value ?? undefined;
}

/** The provider, with "too many ref lookups waiting" answered `503` and `Retry-After: 1` instead of queued without end. */
function answeringBusyWith503(provider: RevisionProvider): RevisionProvider {
  return {
    resolve: (ref) =>
      provider.resolve(ref).catch((error: unknown) => {
        if (!(error instanceof RevisionsBusyError)) throw error;
        throw new ApiError('service_unavailable', 'Too many revisions are being looked up right now: retry in a second.', {
          'retry-after': '1',
        });
      }),
    snapshotAt: (sha) => provider.snapshotAt(sha),
    built: (sha) => provider.built?.(sha),
    commitsOf: (slug, sha, page) => provider.commitsOf(slug, sha, page),
  };
}

/**
 * Runs `serve` with the request's read of one design system: at once for a live read (no promise, no turn of the event
 * loop: the common case, and a fixed cost of every request) and for `?ref=` at a full sha already built (a pinned
 * read's promise hops cost about a third of a small route's time), else once the revision is built. For a route
 * handler that is not `async`: undefined when the answer went out at once (Fastify must not send it again), else the
 * promise of it.
 */
export function serveRead(
  runtime: ApiRuntime,
  request: ApiRequest,
  serve: (read: SystemRequest) => FastifyReply | Promise<FastifyReply>,
): Promise<FastifyReply> | undefined {
  const read = runtime.readAt(request);
  if (read instanceof Promise) return read.then(serve);
  const sent = serve(read);
  return sent instanceof Promise ? sent : undefined;
}

/**
 * A cache key part for query parameters, in the order the route lists them (a literal in its code), so it is the same
 * whatever their order in the URL; parameters not given are left out.
 */
export function parametersKey(parameters: Readonly<Record<string, string | undefined>>): string {
  let key = '';
  for (const name in parameters) {
    const value = parameters[name];
    if (value !== undefined) key += key === '' ? `${name}=${value}` : `&${name}=${value}`;
  }
  return key;
}
