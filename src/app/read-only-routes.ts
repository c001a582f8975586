import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.js';

const OTHER_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

/** The URLs of the API's GET routes, filled in as routes are registered from now on. */
export function collectReadOnlyRoutes(app: FastifyInstance): readonly string[] {
  const urls: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.includes('GET') && route.url.startsWith('/api/')) urls.push(route.url);
  });
  return urls;
}

/** Answers every other method on those URLs with 405 and `Allow: GET, HEAD`. */
export function refuseWrites(app: FastifyInstance, urls: readonly string[]): void {
  for (const url of urls) {
    const refuse = async (request: { method: string }): Promise<never> => {
      throw new ApiError('method_not_allowed', `${request.method} is not allowed here: the API is read-only (GET, HEAD).`, {
        allow: 'GET, HEAD',
      });
    };
    // Refused in onRequest, before any body is parsed: a POST with a malformed or unsupported body is a 405 too.
    app.route({ method: [...OTHER_METHODS], url, onRequest: refuse, handler: refuse });
  }
}
