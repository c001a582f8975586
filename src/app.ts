import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { createApiRuntime } from './http/api-runtime.js';
import { ApiError, errorBody, ERRORS } from './http/errors.js';
import type { ErrorCode } from './http/errors.js';
import { formatValidationError } from './http/query-schema.js';
import { DEFAULT_RENDER_CACHE_BYTES, RenderCache } from './http/render-cache.js';
import { registerEventRoutes } from './http/routes/events.js';
import { registerExportRoutes } from './http/routes/exports.js';
import { registerResourceRoutes } from './http/routes/resources.js';
import { registerTokenRoutes } from './http/routes/tokens.js';
import type { SnapshotStore } from './state/store.js';

export interface AppOptions {
  readonly store: SnapshotStore;
  /** Pino logger options, or false for none (tests). */
  readonly logger?: FastifyServerOptions['logger'];
  readonly renderCacheBytes?: number;
  /** Clock for key expiry; tests pin it. */
  readonly now?: () => number;
  /** Interval of the heartbeat comment on `GET /api/v1/events` (default 15 s). */
  readonly eventsHeartbeatMs?: number;
}

const OTHER_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

/** Builds the Fastify app around a store. Never listens: `serve` does, tests use `inject` or `listen` themselves. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false } },
    schemaErrorFormatter: formatValidationError,
  });

  const cache = new RenderCache(options.renderCacheBytes ?? DEFAULT_RENDER_CACHE_BYTES);
  const runtime = createApiRuntime({ currentSnapshot: () => options.store.current, cache, now: options.now });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 100) / 100,
        key: (request as { keyLabel?: string }).keyLabel,
      },
      'request',
    );
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.code(error.statusCode).send(errorBody(error.code, error.message));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (Object.keys(ERRORS) as ErrorCode[]).find((candidate) => ERRORS[candidate] === status) ?? 'invalid_parameter';
      return reply.code(status).send(errorBody(code, (error as Error).message));
    }
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
  registerTokenRoutes(app, runtime);
  registerResourceRoutes(app, runtime);
  registerExportRoutes(app, runtime);
  registerEventRoutes(app, runtime, options.store, { heartbeatMs: options.eventsHeartbeatMs, now: options.now });

  for (const url of readOnlyRoutes) {
    const refuse = async (request: { method: string }): Promise<never> => {
      throw new ApiError('method_not_allowed', `${request.method} is not allowed here: the API is read-only (GET, HEAD).`, { allow: 'GET, HEAD' });
    };
    // Refused in onRequest, before any body is parsed: a POST with a malformed or unsupported body is a 405 too.
    app.route({ method: [...OTHER_METHODS], url, onRequest: refuse, handler: refuse });
  }
  return app;
}
