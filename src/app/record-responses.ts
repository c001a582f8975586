import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../http/metrics.js';
import { redactQuerySecrets } from '../http/redact-query.js';

/** Logs one line per answered request (the key's label, never the key) and counts it in the metrics. */
export function recordResponses(app: FastifyInstance, metrics: Metrics): void {
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
}
