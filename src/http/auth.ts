import { createHash } from 'node:crypto';
import type { ApiKeyEntry } from '../compile/parse-keys-file.js';
import type { KeysState } from '../state/snapshot.js';
import { ApiError } from './errors.js';

const BEARER = /^Bearer[ ]+([\x21-\x7e]{1,512})$/i;
const CHALLENGE = { 'www-authenticate': 'Bearer realm="design-tokens"' };
const INVALID_CHALLENGE = { 'www-authenticate': 'Bearer realm="design-tokens", error="invalid_token"' };

/** The key entry the `Authorization` header names; throws a 401 ApiError when it is missing, unknown or expired. */
export function authenticate(header: string | undefined, keys: KeysState, now: number): ApiKeyEntry {
  if (header === undefined || header === '') {
    throw new ApiError('unauthorized', 'Missing API key: send the header `Authorization: Bearer <API_KEY>`.', CHALLENGE);
  }
  const match = BEARER.exec(header);
  if (!match) {
    throw new ApiError('unauthorized', 'Malformed Authorization header: expected `Bearer <API_KEY>`.', INVALID_CHALLENGE);
  }
  const hash = createHash('sha256').update(match[1] as string).digest('hex');
  const entry = keys.bySha256.get(hash);
  if (entry === undefined) throw new ApiError('unauthorized', 'Invalid API key.', INVALID_CHALLENGE);
  if (entry.expiresAt !== undefined && Date.parse(entry.expiresAt) <= now) {
    throw new ApiError('unauthorized', 'This API key has expired.', INVALID_CHALLENGE);
  }
  return entry;
}
