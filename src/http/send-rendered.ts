import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Snapshot } from '../state/snapshot.js';
import type { Rendered } from '../views/rendered.js';
import { encodedVariant, etagOfEncoding, isCompressible, negotiateEncoding, stripEtagSuffix } from './compression.js';

/** Headers that say which snapshot a response came from. */
export const SNAPSHOT_HEADER = 'x-snapshot-seq';
export const COMMIT_HEADER = 'x-git-commit';
/**
 * On live reads of a design system whose current files have errors, so that its last good version is served:
 * `errors=<n>`, the number of errors. Absent when what is served is the current files.
 */
export const STALE_HEADER = 'x-design-system-stale';

/** Cache policy of live responses: store, but revalidate every time (cheap with the ETag). */
export const LIVE_CACHE_CONTROL = 'private, no-cache';
/** A response pinned by a full sha never changes. `Vary: Authorization` keeps shared caches per key. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A request pinned by `?ref=` to a commit. */
export interface Pin {
  readonly sha: string;
  /** True when the ref was the full sha itself: the answer can never change. */
  readonly immutable: boolean;
}

/** True when `If-None-Match` lists this ETag (or `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    // Any encoding's variant of the same body matches: `"abc-br"` revalidates `"abc"` and `"abc-gz"`.
    const tag = stripEtagSuffix(candidate.trim().replace(/^W\//, ''));
    return tag === stripEtagSuffix(etag) || tag === '*';
  });
}

/**
 * Sends stored bytes with their ETag (or a 304), the snapshot headers and the cache policy.
 * Live: `X-Snapshot-Seq` and `X-Git-Commit`, `no-cache`. Pinned: `X-Git-Commit` is the resolved sha; a full-sha pin
 * gets an immutable `Cache-Control` and an ETag that starts with the sha.
 */
export function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  rendered: Rendered,
  snapshot: Snapshot,
  pin?: Pin,
): FastifyReply {
  const identityEtag = pin?.immutable ? `"${pin.sha}.${rendered.etag.slice(1)}` : rendered.etag;
  // Compressed once per cached body (see compression.ts), negotiated per request.
  const compressible = isCompressible(rendered);
  const encoding = compressible ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
  const etag = etagOfEncoding(identityEtag, encoding);
  reply.header('etag', etag);
  if (compressible) appendVary(reply, 'Accept-Encoding');
  if (pin === undefined) {
    reply.header('cache-control', LIVE_CACHE_CONTROL);
    reply.header(SNAPSHOT_HEADER, String(snapshot.seq));
  } else {
    reply.header('cache-control', pin.immutable ? IMMUTABLE_CACHE_CONTROL : LIVE_CACHE_CONTROL);
    appendVary(reply, 'Authorization');
  }
  if (snapshot.git.commit !== null) reply.header(COMMIT_HEADER, snapshot.git.commit);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', rendered.contentType);
  if (encoding !== undefined) {
    const variant = encodedVariant(rendered, encoding);
    reply.header('content-encoding', variant.encoding);
    reply.header('content-digest', variant.digest);
    return reply.send(variant.body);
  }
  reply.header('content-digest', rendered.digest);
  return reply.send(rendered.body);
}

/** Adds a field to `Vary`, keeping what CORS or another part already put there. */
function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields =
    current === undefined
      ? []
      : String(current)
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '');
  if (!fields.some((existing) => existing.toLowerCase() === field.toLowerCase())) fields.push(field);
  reply.header('vary', fields.join(', '));
}
