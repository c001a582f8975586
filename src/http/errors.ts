/**
 * Every error the API answers with, in one place. Each becomes `{ "error": { "code", "message" } }` with its status.
 *
 * | code                       | status | when |
 * |----------------------------|--------|------|
 * | invalid_parameter          | 400    | a query parameter is unknown, malformed or not one of the allowed values |
 * | unauthorized               | 401    | no `Authorization: Bearer` header, or the key is unknown or expired |
 * | forbidden                  | 403    | `?designSystem=` names a design system the key may not read |
 * | token_not_found            | 404    | `GET /tokens/<path>` names no token |
 * | ref_not_found              | 404    | `?ref=` names no commit, tag or branch |
 * | not_found                  | 404    | no such route |
 * | method_not_allowed         | 405    | a route exists but only answers GET and HEAD |
 * | design_system_unavailable  | 503    | the design system has never compiled without errors, or has no folder; the message says why |
 * | internal_error             | 500    | anything unexpected; details go to the log, never to the client |
 */
export const ERRORS = {
  invalid_parameter: 400,
  unauthorized: 401,
  forbidden: 403,
  token_not_found: 404,
  ref_not_found: 404,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  uri_too_long: 414,
  header_too_large: 431,
  rate_limited: 429,
  internal_error: 500,
  design_system_unavailable: 503,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** The code of an error the app did not raise itself (Fastify's, a plugin's), by its status: never a specific one such as `token_not_found`. */
const CODES_BY_STATUS: Readonly<Partial<Record<number, ErrorCode>>> = {
  400: 'invalid_parameter',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'header_too_large',
};

/** The generic code of a 4xx status (`invalid_parameter` for one without its own). */
export function codeOfStatus(status: number): ErrorCode {
  return CODES_BY_STATUS[status] ?? 'invalid_parameter';
}

/** An error meant for the client: its code, status and message are sent as they are. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.statusCode = ERRORS[code];
    this.headers = headers;
  }
}

/** The one JSON error body. */
export function errorBody(code: ErrorCode, message: string): { error: { code: ErrorCode; message: string } } {
  return { error: { code, message } };
}
