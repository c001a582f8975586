/** Longest token accepted: far above a generated key (48 characters), far below the 16 KiB of headers. */
export const MAX_BEARER_TOKEN_LENGTH = 512;
/**
 * `Bearer`, in any case, one space, then an RFC 6750 token68 (letters, digits, `-._~+/`, then `=` padding). One
 * spelling per token: the per-key rate limit counts the key, however the header is written.
 */
const BEARER = /^bearer ([A-Za-z0-9._~+/-]+=*)$/i;
/** What a lenient reader would take for a Bearer header; told apart so the 401 can say what is wrong with it. */
const LOOSE_BEARER = /^bearer\s+\S+$/i;

/** An `Authorization` header, read the one strict way every route that asks for a token reads it. */
export type AuthorizationHeader =
  | { readonly kind: 'bearer'; readonly token: string }
  /** No header, or an empty one. */
  | { readonly kind: 'missing' }
  /** `Bearer` and a token, but with tabs or several spaces between them, or characters no token68 holds. */
  | { readonly kind: 'loose' }
  /** Anything else: another scheme, no token, a token longer than `MAX_BEARER_TOKEN_LENGTH`. */
  | { readonly kind: 'malformed' };

/** The token an `Authorization: Bearer <token>` header carries, or what is wrong with the header. */
export function readAuthorization(header: string | undefined): AuthorizationHeader {
  if (header === undefined || header === '') return { kind: 'missing' };
  if (header.length > 'Bearer '.length + MAX_BEARER_TOKEN_LENGTH) return { kind: 'malformed' };
  const token = BEARER.exec(header)?.[1];
  if (token !== undefined) return { kind: 'bearer', token };
  return LOOSE_BEARER.test(header) ? { kind: 'loose' } : { kind: 'malformed' };
}

/** Whether a configured secret can be sent as a Bearer token that `readAuthorization` accepts. */
export function isBearerToken(secret: string): boolean {
  return readAuthorization(`Bearer ${secret}`).kind === 'bearer';
}
