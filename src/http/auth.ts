import { hash } from 'node:crypto';
import type { ApiKeyEntry } from '../compile/keys/parse-keys-file.js';
import type { KeysState } from '../state/snapshot.js';
import { readAuthorization } from './bearer-token.js';
import { ApiError } from './errors.js';

const CHALLENGE = { 'www-authenticate': 'Bearer realm="design-tokens"' };
const INVALID_CHALLENGE = { 'www-authenticate': 'Bearer realm="design-tokens", error="invalid_token"' };
const MALFORMED = 'Malformed Authorization header: expected `Bearer <API_KEY>`.';
const MALFORMED_SPACING =
  'Malformed Authorization header: expected `Bearer <API_KEY>` with exactly one space, the key made of letters, digits and `-._~+/` (then `=`).';

/** The key an `Authorization` header carries; throws a 401 ApiError when it is missing or malformed. */
export function parseBearer(header: string | undefined): string {
  const read = readAuthorization(header);
  switch (read.kind) {
    case 'bearer':
      return read.token;
    case 'missing':
      throw new ApiError('unauthorized', 'Missing API key: send the header `Authorization: Bearer <API_KEY>`.', CHALLENGE);
    case 'loose':
      // Tabs, several spaces or odd characters: refused (and counted as a failed authentication), said plainly.
      throw new ApiError('unauthorized', MALFORMED_SPACING, INVALID_CHALLENGE);
    case 'malformed':
      throw new ApiError('unauthorized', MALFORMED, INVALID_CHALLENGE);
  }
}

/**
 * The key entry the `Authorization` header names; throws a 401 ApiError when it is missing, malformed, unknown,
 * expired, or one of `refused` (SHA-256 hex: the published example keys, when the examples are not what is served),
 * and a 403 when it is a browser credential and `origin` (the request's `Origin` header) is not one of its origins,
 * or when it is a Figma credential and `origin` is not `null`. With `knownHeaders`, a header that named a key of these
 * keys before is not hashed again.
 */
export function authenticate(
  header: string | undefined,
  keys: KeysState,
  now: number,
  refused?: ReadonlySet<string>,
  origin?: string,
  knownHeaders?: KnownHeaders,
): ApiKeyEntry {
  // A header that named a known key before is not read or hashed again: a client sends the same header on every
  // request, and the hash was the largest part of authenticating one.
  const known = header === undefined ? undefined : knownHeaders?.sha256Of(header, keys);
  // The one-shot hash: no Hash object per request (createHash costs about three times as much).
  const sha256 = known ?? hash('sha256', parseBearer(header), 'hex');
  const entry = keys.bySha256.get(sha256);
  if (entry === undefined) throw new ApiError('unauthorized', 'Invalid API key.', INVALID_CHALLENGE);
  if (known === undefined && header !== undefined) knownHeaders?.remember(header, sha256);
  if (refused?.has(sha256) === true) {
    throw new ApiError(
      'unauthorized',
      'This is a published example key: it only opens the bundled example design systems. Use a key of your own.',
      INVALID_CHALLENGE,
    );
  }
  if (entry.expiresAt !== undefined && Date.parse(entry.expiresAt) <= now) {
    throw new ApiError('unauthorized', 'This API key has expired.', INVALID_CHALLENGE);
  }
  if (entry.origins !== undefined) checkOrigin(entry.origins, origin);
  if (entry.kind === 'figma') checkFigmaOrigin(origin);
  return entry;
}

/** Distinct headers remembered at once (a few per API key in use); past this the memo starts again. */
const MAX_KNOWN_HEADERS = 1024;

/**
 * Headers that named a key of the keys in force, with the key's SHA-256: one memo per app, for one set of key entries
 * (a reloaded keys.yaml whose entries changed starts it again). Only those: a flood of made-up keys never enters it
 * (each such request is hashed and answered 401). The key is still looked up, and checked, on every request.
 */
export class KnownHeaders {
  #entries: KeysState['bySha256'] | undefined;
  readonly #sha256 = new Map<string, string>();

  /** The SHA-256 of the key `header` named before under these keys, or undefined (always, once the entries changed). */
  sha256Of(header: string, keys: KeysState): string | undefined {
    if (keys.bySha256 !== this.#entries) {
      this.#entries = keys.bySha256;
      this.#sha256.clear();
    }
    return this.#sha256.get(header);
  }

  /** Remembers that `header` named the key of `sha256` under the keys last asked about. */
  remember(header: string, sha256: string): void {
    if (this.#sha256.size >= MAX_KNOWN_HEADERS) this.#sha256.clear();
    this.#sha256.set(header, sha256);
  }

  /** How many headers are remembered. */
  get size(): number {
    return this.#sha256.size;
  }
}

/**
 * Refuses (403) a browser credential sent without `Origin` or from an origin it does not list. A browser always sends
 * `Origin` on a cross-origin request and a page cannot forge it: another site's page cannot use a stolen credential.
 * Any other client can write the header, so this binds the credential to pages, not to people (docs/security.md).
 */
function checkOrigin(origins: readonly string[], origin: string | undefined): void {
  if (origin === undefined)
    throw new ApiError(
      'forbidden',
      'This browser credential works only from a web page of its origins: the request has no `Origin` header.',
    );
  if (!origins.includes(origin))
    throw new ApiError('forbidden', `This browser credential may not be used from origin \`${origin}\`: it is not one of its origins.`);
}

/** The `Origin` a sandboxed frame sends, as the Figma plugin's UI does (and a `data:` or `file:` page, which is why only a Figma credential is taken from it). */
export const FIGMA_ORIGIN = 'null';

/**
 * Refuses (403) a Figma credential sent from anything but the plugin's frame (`Origin: null`). An API key stays served
 * whatever its `Origin` (the spec's clients send none or any), and a browser credential is bound to its own origins.
 */
function checkFigmaOrigin(origin: string | undefined): void {
  if (origin !== FIGMA_ORIGIN)
    throw new ApiError(
      'forbidden',
      `This Figma credential works only from the Figma plugin (requests with \`Origin: null\`): ${origin === undefined ? 'the request has no `Origin` header' : `not from origin \`${origin}\``}.`,
    );
}
