import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Metrics } from '../http/metrics.js';
import { redactQuerySecrets } from '../http/redact-query.js';

/** Logs one line per answered request (the key's label, never the key) and counts it in the metrics. */
export function recordResponses(app: FastifyInstance, metrics: Metrics): void {
  // Callback style: it runs on every request, and an async hook costs a promise each time.
  app.addHook('onResponse', (request, reply, done) => {
    const elapsedMs = reply.elapsedTime;
    // The line is built only when it is written: below `info` (`--log-level warn`) a request costs no log object.
    if (isInfoEnabled(request.log)) {
      request.log.info(
        {
          method: request.method,
          url: redactQuerySecrets(request.url),
          status: reply.statusCode,
          ms: Math.round(elapsedMs * 100) / 100,
          key: request.auth?.key.name,
        },
        'request',
      );
    }
    metrics.observeRequest(request.method, request.routeOptions.url ?? '(unmatched)', reply.statusCode, elapsedMs / 1000);
    done();
  });
}

/** Whether `info` lines are written; Fastify's logger when logging is off (`logger: false`) has no levels to ask. */
function isInfoEnabled(log: FastifyBaseLogger): boolean {
  const { isLevelEnabled } = log as { isLevelEnabled?: (level: string) => boolean };
  return isLevelEnabled === undefined || isLevelEnabled.call(log, 'info');
}
