import { createHash } from 'node:crypto';

/** A response body rendered once and served as stored bytes. */
export interface Rendered {
  readonly body: Buffer;
  readonly contentType: string;
  /** Strong ETag derived from the bytes: it changes exactly when the body does. */
  readonly etag: string;
  /** `sha-256=:<base64>:` as the Content-Digest header wants it. */
  readonly digest: string;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
export const CSS_TYPE = 'text/css; charset=utf-8';
export const TEXT_TYPE = 'text/plain; charset=utf-8';
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';
export const ZIP_TYPE = 'application/zip';

/** Wraps text as a Rendered body with its ETag and digest. */
export function toRendered(text: string, contentType: string): Rendered {
  return toRenderedBytes(Buffer.from(text, 'utf8'), contentType);
}

/** Wraps bytes as a Rendered body with its ETag and digest. */
export function toRenderedBytes(body: Buffer, contentType: string): Rendered {
  return toRenderedHashed(body, createHash('sha256').update(body).digest(), contentType);
}

/** Wraps bytes whose sha-256 is already known (hashed as they were made) as a Rendered body. */
export function toRenderedHashed(body: Buffer, sha256: Buffer, contentType: string): Rendered {
  return { body, contentType, etag: `"${sha256.subarray(0, 18).toString('base64url')}"`, digest: `sha-256=:${sha256.toString('base64')}:` };
}

/** Serializes a JSON view (whose objects are built in sorted order) with a trailing newline. */
export function toRenderedJson(value: unknown): Rendered {
  return toRendered(`${JSON.stringify(value)}\n`, JSON_TYPE);
}
