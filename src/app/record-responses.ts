import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../http/metrics.js';
import { redactQuerySecrets } from '../http/redact-query.js';
import { routeUrlOf } from '../http/request-hooks.js';
import type { RequestHooks } from '../http/request-hooks.js';

/** Logs one line per answered request (the key's label, never the key) and counts it in the metrics. */
export function recordResponses(hooks: RequestHooks, metrics: Metrics): void {
  hooks.onResponse((request, reply) => {
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
    metrics.observeRequest(request.method, routeUrlOf(request) ?? '(unmatched)', reply.statusCode, elapsedMs / 1000);
  });
}

/** Whether `info` lines are written; Fastify's logger when logging is off (`logger: false`) has no levels to ask. */
function isInfoEnabled(log: FastifyBaseLogger): boolean {
  const { isLevelEnabled } = log as { isLevelEnabled?: (level: string) => boolean };
  return isLevelEnabled === undefined || isLevelEnabled.call(log, 'info');
}
