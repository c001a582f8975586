import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createApiRuntime } from './http/api-runtime.js';
import { ApiError, codeOfStatus, errorBody } from './http/errors.js';
import { createMetrics } from './http/metrics.js';
import type { Metrics } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { registerOpsRoutes } from './http/ops-routes.js';
import {
  DEFAULT_MAX_CONNECTIONS,
  LIMITS,
  limitConnectionsPerAddress,
  limitServerOptions,
  registerProtections,
} from './http/protections.js';
import { formatValidationError } from './http/query-schema.js';
import { redactQuerySecrets } from './http/redact-query.js';
import { registerAuthentication } from './http/request-auth.js';
import { attachResponseSchemas } from './http/response-schemas.js';
import { DEFAULT_RENDER_CACHE_BYTES, RenderCache } from './http/render-cache.js';
import { registerEventRoutes } from './http/routes/events.js';
import { registerDiffRoutes } from './http/routes/diff.js';
import { registerExportRoutes } from './http/routes/exports.js';
import { registerResourceRoutes } from './http/routes/resources.js';
import { registerRevisionRoutes } from './http/routes/revisions.js';
import type { RevisionProvider } from './state/revisions.js';
import { registerTokenRoutes } from './http/routes/tokens.js';
import { registerUiRoutes } from './http/routes/ui.js';
import type { SnapshotStore } from './state/store.js';

export interface AppOptions {
  readonly store: SnapshotStore;
  /** Pino logger options, or false for none (tests). */
  readonly logger?: FastifyServerOptions['logger'];
  readonly renderCacheBytes?: number;
  /** Clock for key expiry; tests pin it. */
  readonly now?: () => number;
  /** Keys refused even when the keys file lists them (SHA-256 hex); `serve` refuses the published example keys unless it serves the examples. */
  readonly refusedKeySha256?: ReadonlySet<string> | undefined;
  /** Interval of the heartbeat comment on `GET /api/v1/events` (default 15 s). */
  readonly eventsHeartbeatMs?: number;
  /** Git access for `?ref=` and `/revisions`; absent when the source is a plain folder. */
  readonly revisions?: RevisionProvider | undefined;
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
  /** Fastify's `trustProxy`: trust `X-Forwarded-For` from these proxies (the client address the limits key on). */
  readonly trustProxy?: boolean | number | string | readonly string[];
  /** Open connections at most (default 10,000). */
  readonly maxConnections?: number;
  /** Open connections per client address (default 256; trusted proxies exempt); 0 turns it off. */
  readonly maxConnectionsPerAddress?: number;
}

const OTHER_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

/** Builds the Fastify app around a store. Never listens: `serve` does, tests use `inject` or `listen` themselves. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...limitServerOptions(),
    // Fastify accepts a number of hops at run time; its types leave it out.
    trustProxy: (options.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // `verbose` puts the refused value in the error, for a "did you mean" (it costs nothing on valid requests).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false, verbose: true } },
    schemaErrorFormatter: formatValidationError,
  });

  const cache = new RenderCache(options.renderCacheBytes ?? DEFAULT_RENDER_CACHE_BYTES);
  const runtime = createApiRuntime({ cache, revisions: options.revisions });
  const metrics = options.metrics ?? createMetrics();
  metrics.trackState(() => options.store.current, cache);
  app.server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  limitConnectionsPerAddress(app.server, options.maxConnectionsPerAddress ?? LIMITS.maxConnectionsPerAddress, options.trustProxy ?? false);
  // Bodies are pre-rendered Buffers; the few objects sent (errors) need no schema-driven serializer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // Guards (closing, URL length, failed-auth limit), CORS and the rate limit run before the key is checked.
  await registerProtections(app, {
    corsOrigins: options.corsOrigins,
    rateLimitPerMinute: options.rateLimitPerMinute,
    authFailureLimitPerMinute: options.authFailureLimitPerMinute,
    now: options.now,
  });
  attachResponseSchemas(app);
  await registerOpenApi(app);

  // The key is checked once, before anything else, so a caller without one learns nothing about the parameters.
  registerAuthentication(app, {
    currentSnapshot: () => options.store.current,
    now: options.now ?? Date.now,
    refusedKeySha256: options.refusedKeySha256,
  });

  // Callback style: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactQuerySecrets(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        key: request.auth?.key.name,
      },
      'request',
    );
    metrics.observeRequest(request.method, request.routeOptions.url ?? '(unmatched)', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody(codeOfStatus(status), (error as Error).message));
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send(errorBody('internal_error', 'Internal server error.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`));
  });

  const readOnlyRoutes: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.includes('GET') && route.url.startsWith('/api/')) readOnlyRoutes.push(route.url);
  });
  registerOpsRoutes(app, {
    metrics,
    currentSnapshot: () => options.store.current,
    isReady: options.isReady ?? (() => true),
    metricsToken: options.metricsToken,
  });
  registerTokenRoutes(app, runtime);
  registerResourceRoutes(app, runtime);
  registerExportRoutes(app, runtime);
  registerRevisionRoutes(app, runtime);
  registerDiffRoutes(app, runtime);
  registerEventRoutes(app, runtime, options.store, { heartbeatMs: options.eventsHeartbeatMs, now: options.now });
  registerUiRoutes(app);

  for (const url of readOnlyRoutes) {
    const refuse = async (request: { method: string }): Promise<never> => {
      throw new ApiError('method_not_allowed', `${request.method} is not allowed here: the API is read-only (GET, HEAD).`, {
        allow: 'GET, HEAD',
      });
    };
    // Refused in onRequest, before any body is parsed: a POST with a malformed or unsupported body is a 405 too.
    app.route({ method: [...OTHER_METHODS], url, onRequest: refuse, handler: refuse });
  }
  return app;
}
