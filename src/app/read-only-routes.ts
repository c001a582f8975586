import type { FastifyInstance } from 'fastify';
import { ApiError } from '../http/errors.js';

const OTHER_METHODS = ['DELETE', 'PATCH', 'POST', 'PUT', 'OPTIONS'] as const;

/** The methods of each URL of the API's routes, filled in as routes are registered from now on. */
export function collectReadOnlyRoutes(app: FastifyInstance): ReadonlyMap<string, ReadonlySet<string>> {
  const routes = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = routes.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    routes.set(route.url, methods);
  });
  return routes;
}

/** Answers every other method on the URLs of GET routes with 405 and `Allow: GET, HEAD` (a URL that takes writes too keeps them). */
export function refuseWrites(app: FastifyInstance, routes: ReadonlyMap<string, ReadonlySet<string>>): void {
  for (const [url, methods] of routes) {
    if (!methods.has('GET') || OTHER_METHODS.some((method) => methods.has(method))) continue;
    const refuse = async (request: { method: string }): Promise<never> => {
      throw new ApiError('method_not_allowed', `${request.method} is not allowed here: the API is read-only (GET, HEAD).`, {
        allow: 'GET, HEAD',
      });
    };
    // Refused in onRequest, before any body is parsed: a POST with a malformed or unsupported body is a 405 too.
    app.route({ method: [...OTHER_METHODS], url, onRequest: refuse, handler: refuse });
  }
}
