import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

/** One route as it was registered: its methods, URL pattern, schema and config. */
export interface RegisteredRoute {
  readonly methods: readonly HTTPMethods[];
  readonly url: string;
  readonly schema: FastifySchema | undefined;
  readonly config: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (Fastify's `HEAD` twins of `GET` routes included), in registration order. */
    readonly registeredRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Keeps the list of the app's routes from now on (an `onRoute` hook): what a test walks to cover every route, a new
 * one included, without a list of its own.
 */
export function collectRoutes(app: FastifyInstance): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', { getter: () => routes });
  app.addHook('onRoute', (route) => {
    routes.push({ methods: [route.method].flat(), url: route.url, schema: route.schema, config: route.config });
  });
}
