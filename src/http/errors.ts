import type { FastifyReply } from 'fastify';

/** What one error code says: its status, and when the server answers with it (the `When` column of docs/api.md). */
interface ErrorDefinition {
  readonly status: number;
  readonly meaning: string;
  /** The code of every error with this status that the app did not raise itself (Fastify's, a plugin's). */
  readonly fallbackForStatus?: true;
}

/**
 * Every error the API answers with, in one place: each becomes `{ "error": { "code", "message" } }` with its status.
 * docs/api.md's error table restates it, and a test holds the two together. The order is the one the OpenAPI
 * document lists the codes in.
 */
export const ERRORS = {
  invalid_parameter: {
    status: 400,
    meaning:
      'a query parameter is unknown, repeated, missing, invalid or not taken by the route; a malformed URL, request or body; any other 4xx without a code of its own',
    fallbackForStatus: true,
  },
  unauthorized: {
    status: 401,
    meaning: 'a missing, malformed, unknown, expired or refused API key; a wrong metrics token or webhook signature',
    fallbackForStatus: true,
  },
  forbidden: {
    status: 403,
    meaning:
      '`?designSystem=` names a design system the key may not read; a browser credential without `Origin`, from an origin it does not list, or on `/mcp`',
    fallbackForStatus: true,
  },
  body_too_deep: {
    status: 400,
    meaning: 'a JSON body (`POST /mcp`) nests objects and arrays deeper than 64 levels',
  },
  token_not_found: {
    status: 404,
    meaning: '`/tokens/<path>` names no token (`/tokens/` with no path at all is `not_found`)',
  },
  ref_not_found: {
    status: 404,
    meaning: "`?ref=`, `from`, `to`, a revisions `cursor` or a change request's `base` names no commit, tag or branch",
  },
  not_found: {
    status: 404,
    meaning:
      'no such route, `/tokens/` without a token path, a file a format’s manifest does not list, the token browser when not built, any 404 the server did not raise itself',
    fallbackForStatus: true,
  },
  change_not_found: {
    status: 404,
    meaning: '`/changes/<id>` names no change request of the design system',
  },
  change_conflict: {
    status: 409,
    meaning:
      'a merge meets changes the target made to the same tokens since the base (`details` lists both values), uncommitted local changes in the work tree to a file it changes, or a change request whose state does not allow the action (merged, closed, not approved)',
  },
  invalid_change: {
    status: 422,
    meaning:
      'change-request operations that cannot be applied, or that leave errors in the design system (`details` lists them, with file:line:column)',
  },
  method_not_allowed: {
    status: 405,
    meaning: 'a method a route does not take: GET and HEAD only on the read routes (`Allow: GET, HEAD`)',
    fallbackForStatus: true,
  },
  request_timeout: {
    status: 408,
    meaning: 'the headers took longer than 10 s to arrive, or the whole request longer than 15 s',
    fallbackForStatus: true,
  },
  payload_too_large: {
    status: 413,
    meaning: 'a request body larger than 64 KiB (1 MiB on `POST /api/v1/sync`)',
    fallbackForStatus: true,
  },
  unsupported_media_type: {
    status: 415,
    meaning: 'a `Content-Type` that cannot be parsed, on a route that reads a body (`POST /api/v1/sync`)',
    fallbackForStatus: true,
  },
  uri_too_long: {
    status: 414,
    meaning: 'the URL is longer than 4 KiB, or a named path segment (`/ui/<version>/<file>`) longer than 500 characters',
    fallbackForStatus: true,
  },
  header_too_large: {
    status: 431,
    meaning: 'the request line and headers are larger than 16 KiB',
    fallbackForStatus: true,
  },
  rate_limited: {
    status: 429,
    meaning: 'over the per-key limit or the failed-authentication limit of the address (`Retry-After` says when to come back)',
    fallbackForStatus: true,
  },
  internal_error: {
    status: 500,
    meaning: 'an unexpected failure (the details go to the log only)',
  },
  remote_refused: {
    status: 502,
    meaning:
      "with `--remote`, the remote refused a change request's push for a reason other than a moved branch (a protected branch, credentials, a hook) or could not be reached; the message has Git's reason, and nothing was written",
  },
  design_system_unavailable: {
    status: 503,
    meaning: 'the design system has never compiled without errors, or has no folder; the message says which',
  },
  service_unavailable: {
    status: 503,
    meaning:
      '`/readyz` before the first snapshot is loaded or while shutting down; too many `?ref=` lookups waiting for Git, or 16 exports of one design system waiting for a render worker (`Retry-After: 1`)',
  },
} as const satisfies Readonly<Record<string, ErrorDefinition>>;

export type ErrorCode = keyof typeof ERRORS;

const CODES_BY_STATUS: ReadonlyMap<number, ErrorCode> = new Map(
  (Object.keys(ERRORS) as ErrorCode[]).filter((code) => 'fallbackForStatus' in ERRORS[code]).map((code) => [ERRORS[code].status, code]),
);

/** The code of a 4xx error the app did not raise itself, by its status (`invalid_parameter` for a status without one). */
export function codeOfStatus(status: number): ErrorCode {
  return CODES_BY_STATUS.get(status) ?? 'invalid_parameter';
}

/** An error meant for the client: its code, status and message are sent as they are. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;
  /** What the message summarises, item by item (the change-request errors' problems, diagnostics or conflicts). */
  readonly details: readonly unknown[] | undefined;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}, details?: readonly unknown[]) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = ERRORS[code].status;
    this.headers = headers;
    this.details = details;
  }
}

/** The one JSON error body (`details` only on the errors that list items). */
export function errorBody(
  code: ErrorCode,
  message: string,
  details?: readonly unknown[],
): { error: { code: ErrorCode; message: string; details?: readonly unknown[] } } {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Answers with the one JSON error body and the code's status, for routes that answer an error without throwing. */
export function sendError(reply: FastifyReply, code: ErrorCode, message: string, details?: readonly unknown[]): FastifyReply {
  return reply.code(ERRORS[code].status).send(errorBody(code, message, details));
}
