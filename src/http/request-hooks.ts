import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A matched route's config: what it was registered with, and its `url` and `method`. */
export type RouteConfig = FastifyRequest['routeOptions']['config'];

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The matched route's config (its `url` and `method` included), read once by the request hook: Fastify's
     * `routeOptions` builds a new object on every read. Null before the hook ran (a request refused by the router).
     */
    routeConfig: RouteConfig | null;
  }
}

/** Returned by a request step that has answered the request itself (a CORS preflight): the later steps do not run. */
export const ANSWERED = Symbol('answered');

/**
 * One step of the app's request hook, with the route's config: an Error ends the request with it (through the error
 * handler), ANSWERED says the step sent the reply, undefined goes on to the next step.
 */
export type RequestStep = (request: FastifyRequest, reply: FastifyReply, config: RouteConfig) => Error | typeof ANSWERED | undefined;

/** One step of the app's response hook (after the answer was sent: logs, metrics, counters). */
export type ResponseStep = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * The app's request and response steps, run by one `onRequest` and one `onResponse` hook instead of a hook each:
 * Fastify's cost per hook is paid on every request (a closure, a call through its runner), and the steps are all
 * synchronous. The steps run in the order they were added, as their hooks did. A plugin whose own hook must run
 * between two steps (`@fastify/cors`) is registered after `flush()`: the steps added after it form a second hook.
 */
export class RequestHooks {
  readonly #app: FastifyInstance;
  /** The steps of the request hook installed last, which new steps join; undefined after `flush()`. */
  #steps: RequestStep[] | undefined;
  #responseSteps: ResponseStep[] | undefined;

  constructor(app: FastifyInstance) {
    this.#app = app;
    app.decorateRequest('routeConfig', null);
  }

  /** Adds a step; the first one (after a `flush()`) installs the hook, where the step's own hook would have been. */
  onRequest(step: RequestStep): void {
    if (this.#steps === undefined) {
      const steps: RequestStep[] = [];
      this.#steps = steps;
      // Callback style: an async hook costs a promise on every request.
      this.#app.addHook('onRequest', (request, reply, done) => {
        const config = request.routeConfig ?? (request.routeConfig = request.routeOptions.config);
        for (const run of steps) {
          let outcome: Error | typeof ANSWERED | undefined;
          try {
            outcome = run(request, reply, config);
          } catch (error) {
            outcome = error as Error;
          }
          if (outcome === undefined) continue;
          if (outcome !== ANSWERED) done(outcome);
          return;
        }
        done();
      });
    }
    this.#steps.push(step);
  }

  onResponse(step: ResponseStep): void {
    if (this.#responseSteps === undefined) {
      const steps: ResponseStep[] = [];
      this.#responseSteps = steps;
      this.#app.addHook('onResponse', (request, reply, done) => {
        for (const run of steps) run(request, reply);
        done();
      });
    }
    this.#responseSteps.push(step);
  }

  /** Steps added from now on go into a new request hook, after any hook registered meanwhile. */
  flush(): void {
    this.#steps = undefined;
  }
}

/** The route pattern of a request (`/api/v1/tokens/*`), or undefined when none matched; read once per request. */
export function routeUrlOf(request: FastifyRequest): string | undefined {
  return (request.routeConfig ?? request.routeOptions.config).url;
}
