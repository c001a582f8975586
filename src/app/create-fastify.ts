import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { parseJsonBodiesWithDepthLimit } from '../http/json-body.js';
import { limitServerOptions } from '../http/protections.js';
import { formatValidationError } from '../http/query-schema.js';

/** Fastify's `trustProxy`: false, true, a number of hops, or addresses/CIDRs of the proxies. */
export type TrustProxy = boolean | number | string | readonly string[];

export interface FastifySettings {
  /** Pino logger options, or false for none (tests). */
  readonly logger?: FastifyServerOptions['logger'];
  /** Fastify's `trustProxy`: trust `X-Forwarded-For` from these proxies (the client address the limits key on). */
  readonly trustProxy?: TrustProxy;
  /** Time to receive a request's headers (default `LIMITS.headersTimeoutMs`, 10 s); tests shorten it. */
  readonly headersTimeoutMs?: number;
}

/** A Fastify instance with the request limits, the logger, query-string validation, serialization and the JSON body parser set; no routes. */
export function createFastify(settings: FastifySettings): FastifyInstance {
  const app = Fastify({
    ...limitServerOptions(settings.headersTimeoutMs),
    // Fastify accepts a number of hops at run time; its types leave it out.
    trustProxy: (settings.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    logger: settings.logger ?? false,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 500 },
    // `verbose` puts the refused value in the error, for a "did you mean" (it costs nothing on valid requests).
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true, allErrors: false, verbose: true } },
    schemaErrorFormatter: formatValidationError,
  });
  // Bodies are pre-rendered Buffers; the few objects sent (errors) need no schema-driven serializer.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  parseJsonBodiesWithDepthLimit(app);
  return app;
}
