import type { FastifyInstance } from 'fastify';
import { createApiRuntime } from './http/api-runtime.js';
import { browserOriginsOf } from './http/browser-cors.js';
import { createMetrics } from './http/metrics.js';
import type { Metrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { registerProtections } from './http/protections.js';
import { DEFAULT_RENDER_CACHE_BYTES, RenderCache } from './http/render-cache.js';
import { ExportRenderer } from './http/render-thread.js';
import { registerAuthentication } from './http/request-auth.js';
import { RequestHooks } from './http/request-hooks.js';
import { attachResponseSchemas } from './http/response-schemas.js';
import type { ChangeRequestService } from './state/change-requests.js';
import type { RevisionProvider } from './state/revisions.js';
import type { SnapshotStore } from './state/store.js';
import { createFastify } from './app/create-fastify.js';
import type { FastifySettings } from './app/create-fastify.js';
import { setErrorHandlers } from './app/error-handlers.js';
import { limitConnections } from './app/limit-connections.js';
import type { ConnectionLimits } from './app/limit-connections.js';
import { collectReadOnlyRoutes, refuseWrites } from './app/read-only-routes.js';
import { recordResponses } from './app/record-responses.js';
import { registerRoutes } from './app/register-routes.js';
import { collectRoutes } from './app/route-list.js';

/** What the app serves and how; the server settings and connection limits are in the interfaces it extends. */
export interface AppOptions extends FastifySettings, ConnectionLimits {
  readonly store: SnapshotStore;
  readonly renderCacheBytes?: number;
  /** Clock for key expiry; tests pin it. */
  readonly now?: () => number;
  /** Keys refused even when the keys file lists them (SHA-256 hex); `serve` refuses the published example keys unless it serves the examples. */
  readonly refusedKeySha256?: ReadonlySet<string> | undefined;
  /** Interval of the heartbeat comment on `GET /api/v1/events` (default 15 s). */
  readonly eventsHeartbeatMs?: number;
  /** Git access for `?ref=` and `/revisions`; absent when the source is a plain folder. */
  readonly revisions?: RevisionProvider | undefined;
  /** Change requests (`/api/v1/changes`); absent when the source is not a Git work tree. */
  readonly changes?: ChangeRequestService | undefined;
  /** `GET /readyz` answers 200 only while this is true (default: always); `serve` says when the source is followed. */
  readonly isReady?: () => boolean;
  /** Prometheus metrics (default: a fresh registry); `serve` passes its own to record reloads. */
  readonly metrics?: Metrics;
  /** When set, `GET /metrics` requires `Authorization: Bearer <metricsToken>`. */
  readonly metricsToken?: string | undefined;
  /** Browser origins allowed by CORS (`*` for any); default none: CORS off. */
  readonly corsOrigins?: readonly string[];
  /** Requests per minute per API key (default 600); 0 turns the limit off. */
  readonly rateLimitPerMinute?: number;
  /** Failed authentications per minute per client address before 429 (default 30); 0 turns it off. */
  readonly authFailureLimitPerMinute?: number;
}

/** Builds the Fastify app around a store. Never listens: `serve` does, tests use `inject` or `listen` themselves. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createFastify(options);
  collectRoutes(app);
  limitConnections(app.server, options);
  const cache = new RenderCache(options.renderCacheBytes ?? DEFAULT_RENDER_CACHE_BYTES);
  const exports = new ExportRenderer();
  app.addHook('onClose', () => exports.close());
  const metrics = options.metrics ?? createMetrics();
  metrics.trackState(() => options.store.current, cache);

  // One onRequest and one onResponse hook run every step below, in this order (a hook each cost every request).
  const hooks = new RequestHooks(app);
  // Guards (closing, URL length, failed-auth limit) and CORS run before the key is checked, the rate limit after.
  const rateLimit = await registerProtections(app, hooks, {
    corsOrigins: options.corsOrigins,
    browserOrigins: () => browserOriginsOf(options.store.current.keys),
    rateLimitPerMinute: options.rateLimitPerMinute,
    authFailureLimitPerMinute: options.authFailureLimitPerMinute,
    now: options.now,
  });
  attachResponseSchemas(app);
  await registerOpenApi(app);
  // The key is checked once, before anything else, so a caller without one learns nothing about the parameters.
  registerAuthentication(app, hooks, {
    currentSnapshot: () => options.store.current,
    now: options.now ?? Date.now,
    refusedKeySha256: options.refusedKeySha256,
  });
  if (rateLimit !== undefined) hooks.onRequest(rateLimit);
  recordResponses(hooks, metrics);
  setErrorHandlers(app);

  const readOnlyRoutes = collectReadOnlyRoutes(app);
  const { store, isReady, metricsToken, eventsHeartbeatMs, now } = options;
  registerRoutes(app, createApiRuntime({ cache, exports, revisions: options.revisions }), {
    store,
    metrics,
    isReady,
    metricsToken,
    eventsHeartbeatMs,
    now,
    corsOrigins: options.corsOrigins,
    changes: options.changes,
  });
  refuseWrites(app, readOnlyRoutes);
  return app;
}
