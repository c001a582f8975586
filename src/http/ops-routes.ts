import type { FastifyInstance } from 'fastify';
import { describeUntrustedKeysFile } from '../compile/keys/parse-keys-file.js';
import type { Snapshot } from '../state/snapshot.js';
import { isBearerToken, MAX_BEARER_TOKEN_LENGTH, readAuthorization } from './bearer-token.js';
import { ApiError, sendError } from './errors.js';
import { matchesSecret } from './matches-secret.js';
import type { Metrics } from './metrics.js';

export interface OpsRouteOptions {
  readonly metrics: Metrics;
  readonly currentSnapshot: () => Snapshot;
  /** True once a first snapshot is loaded and the source is being followed. */
  readonly isReady: () => boolean;
  /** When set, `GET /metrics` requires `Authorization: Bearer <metricsToken>`, read as strictly as an API key. */
  readonly metricsToken?: string | undefined;
}

/** Route config of the operations routes: no API key, no rate limit; probes are exempt from the failed-auth block. */
const OPS_CONFIG = { public: true, rateLimit: false } as const;
const PROBE_CONFIG = { ...OPS_CONFIG, probe: true } as const;

/** `GET /healthz` (alive), `GET /readyz` (loaded and following the source) and `GET /metrics` (Prometheus). */
export function registerOpsRoutes(app: FastifyInstance, options: OpsRouteOptions): void {
  const { metricsToken } = options;
  // A token no scraper could send would refuse every scrape: refuse it once, at startup, instead.
  if (metricsToken !== undefined && !isBearerToken(metricsToken)) {
    throw new Error(
      `The metrics token must be usable as a Bearer token: at most ${MAX_BEARER_TOKEN_LENGTH} letters, digits and \`-._~+/\`, then \`=\` padding.`,
    );
  }
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });

  app.get(
    '/healthz',
    { config: PROBE_CONFIG, schema: { tags: ['operations'], summary: 'Liveness: the process answers.' } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.type('application/json; charset=utf-8').send('{"status":"ok"}\n');
    },
  );

  app.get(
    '/readyz',
    {
      config: PROBE_CONFIG,
      schema: { tags: ['operations'], summary: 'Readiness: a first snapshot is loaded and the source is followed.' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      if (closing) return sendError(reply, 'service_unavailable', 'Not ready: the server is shutting down.');
      if (!options.isReady()) return sendError(reply, 'service_unavailable', 'Not ready: the source has not been loaded yet.');
      const { seq, keys } = options.currentSnapshot();
      // Still ready while the keys file is not YAML or too large (every replica reads the same file: 503 would take them all out),
      // but say so: the keys in force are the last readable ones, so a key removed since is still accepted.
      const stale =
        keys.staleSince === null
          ? {}
          : {
              keys: `stale: the ${describeUntrustedKeysFile(keys.problems)} since ${keys.staleSince}; the ${keys.entries.length} keys read before stay in force`,
            };
      return reply.type('application/json; charset=utf-8').send(`${JSON.stringify({ status: 'ready', seq, ...stale })}\n`);
    },
  );

  app.get('/metrics', { config: OPS_CONFIG, schema: { tags: ['operations'], summary: 'Prometheus metrics.' } }, async (request, reply) => {
    if (metricsToken !== undefined) {
      const presented = readAuthorization(request.headers.authorization);
      if (presented.kind !== 'bearer' || !matchesSecret(presented.token, metricsToken)) {
        throw new ApiError('unauthorized', 'The metrics need `Authorization: Bearer <metrics token>`.', {
          'www-authenticate': 'Bearer realm="metrics"',
        });
      }
    }
    reply.header('cache-control', 'no-store');
    return reply.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics());
  });
}
