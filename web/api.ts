/** The API as the page uses it: every call carries the pasted key in `Authorization`, never in a URL. */

/** Which design system and which commit a call reads (both optional: the key's own, live). */
export interface Scope {
  readonly designSystem?: string | undefined;
  readonly ref?: string | undefined;
}

/** An error answer of the API: its status, code, message and, where the error lists items, its `details`. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: readonly Readonly<Record<string, unknown>>[];

  constructor(status: number, code: string, message: string, details: readonly Readonly<Record<string, unknown>>[] = []) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface ApiClient {
  json<T>(path: string, scope: Scope, params?: Record<string, string>): Promise<{ body: T; headers: Headers }>;
  text(path: string, scope: Scope, params?: Record<string, string>): Promise<string>;
  /** A write: `POST`/`PATCH` with a JSON body (or none), the key in `Authorization` as for every call. */
  send<T>(method: 'POST' | 'PATCH', path: string, scope: Scope, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** The raw response of `GET /api/v1/events`, to read as a stream. */
  events(scope: Scope, signal: AbortSignal): Promise<Response>;
}

export function urlOf(path: string, scope: Scope, params: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (scope.designSystem !== undefined) query.set('designSystem', scope.designSystem);
  if (scope.ref !== undefined) query.set('ref', scope.ref);
  for (const [name, value] of Object.entries(params)) query.set(name, value);
  const search = query.toString();
  return `/api/v1/${path}${search === '' ? '' : `?${search}`}`;
}

async function failureOf(response: Response): Promise<ApiFailure> {
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string; details?: Record<string, unknown>[] } };
    return new ApiFailure(
      response.status,
      body.error?.code ?? 'unknown',
      body.error?.message ?? `HTTP ${response.status}`,
      Array.isArray(body.error?.details) ? body.error.details : [],
    );
  } catch {
    return new ApiFailure(response.status, 'unknown', `HTTP ${response.status}`);
  }
}

export function createApiClient(key: string): ApiClient {
  const request = async (url: string, signal?: AbortSignal): Promise<Response> => {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${key}` },
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      ...(signal === undefined ? {} : { signal }),
    });
    if (!response.ok) throw await failureOf(response);
    return response;
  };
  return {
    async json<T>(path: string, scope: Scope, params: Record<string, string> = {}) {
      const response = await request(urlOf(path, scope, params));
      return { body: (await response.json()) as T, headers: response.headers };
    },
    async text(path, scope, params = {}) {
      return (await request(urlOf(path, scope, params))).text();
    },
    async send<T>(method: 'POST' | 'PATCH', path: string, scope: Scope, body?: unknown, headers: Record<string, string> = {}) {
      const response = await fetch(urlOf(path, scope), {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        credentials: 'omit',
        referrerPolicy: 'no-referrer',
      });
      if (!response.ok) throw await failureOf(response);
      return (await response.json()) as T;
    },
    events: (scope, signal) => request(urlOf('events', { designSystem: scope.designSystem }), signal),
  };
}
