import { createHash } from 'node:crypto';
import type { ApiKeyEntry } from '../compile/parse-keys-file.js';
import type { KeysState } from '../state/snapshot.js';
import { ApiError } from './errors.js';

/** Longest key accepted: far above a generated key (48 characters), far below the 16 KiB of headers. */
export const MAX_KEY_LENGTH = 512;
/**
 * `Bearer`, in any case, one space, then an RFC 6750 token68 (letters, digits, `-._~+/`, then `=` padding). One
 * spelling per key: the per-key rate limit counts the key, however the header is written.
 */
const BEARER = /^bearer ([A-Za-z0-9._~+/-]+=*)$/i;
const LOOSE_BEARER = /^bearer\s+\S+$/i;
const CHALLENGE = { 'www-authenticate': 'Bearer realm="design-tokens"' };
const INVALID_CHALLENGE = { 'www-authenticate': 'Bearer realm="design-tokens", error="invalid_token"' };
const MALFORMED = 'Malformed Authorization header: expected `Bearer <API_KEY>`.';
const MALFORMED_SPACING =
  'Malformed Authorization header: expected `Bearer <API_KEY>` with exactly one space, the key made of letters, digits and `-._~+/` (then `=`).';

/** The key an `Authorization` header carries; throws a 401 ApiError when it is missing or malformed. */
export function parseBearer(header: string | undefined): string {
  if (header === undefined || header === '') {
    throw new ApiError('unauthorized', 'Missing API key: send the header `Authorization: Bearer <API_KEY>`.', CHALLENGE);
  }
  const match = header.length <= MAX_KEY_LENGTH + 7 ? BEARER.exec(header) : null;
  if (match !== null) return match[1] as string;
  // Tabs, several spaces or odd characters: refused (and counted as a failed authentication), said plainly.
  if (LOOSE_BEARER.test(header) && header.length <= MAX_KEY_LENGTH + 7) {
    throw new ApiError('unauthorized', MALFORMED_SPACING, INVALID_CHALLENGE);
  }
  throw new ApiError('unauthorized', MALFORMED, INVALID_CHALLENGE);
}

/**
 * The key entry the `Authorization` header names; throws a 401 ApiError when it is missing, malformed, unknown,
 * expired, or one of `refused` (SHA-256 hex: the published example keys, when the examples are not what is served).
 */
export function authenticate(header: string | undefined, keys: KeysState, now: number, refused?: ReadonlySet<string>): ApiKeyEntry {
  const hash = createHash('sha256').update(parseBearer(header)).digest('hex');
  const entry = keys.bySha256.get(hash);
  if (entry === undefined) throw new ApiError('unauthorized', 'Invalid API key.', INVALID_CHALLENGE);
  if (refused?.has(hash) === true) {
    throw new ApiError(
      'unauthorized',
      'This is a published example key: it only opens the bundled example design systems. Use a key of your own.',
      INVALID_CHALLENGE,
    );
  }
  if (entry.expiresAt !== undefined && Date.parse(entry.expiresAt) <= now) {
    throw new ApiError('unauthorized', 'This API key has expired.', INVALID_CHALLENGE);
  }
  return entry;
}
