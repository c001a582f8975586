import type { FastifyError, FastifyInstance } from 'fastify';
import { ApiError, codeOfStatus, errorBody, sendError } from '../http/errors.js';

/**
 * Answers every error with the one JSON error body: declared API errors and other 4xx as they are, anything else as a
 * logged 500 without its details; an unknown route as 404.
 */
export function setErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return sendError(reply, error.code, error.message, error.details);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return reply.code(status).send(errorBody(codeOfStatus(status), error.message));
    request.log.error({ err: error }, 'unexpected error');
    return sendError(reply, 'internal_error', 'Internal server error.');
  });

  app.setNotFoundHandler((request, reply) => {
    void sendError(reply, 'not_found', `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`);
  });
}
