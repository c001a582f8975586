import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Snapshot } from '../state/snapshot.js';
import type { Rendered } from '../views/shared/rendered.js';
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

/** What differs between the routes that send stored bytes; negotiation, revalidation and the body are the same for all. */
export interface SendOptions {
  /** The ETag of the uncompressed body (default: the body's own); each encoding's variant adds its suffix to it. */
  readonly etag?: string | undefined;
  /** Sent with the body and with a 304 alike: the cache policy, and the snapshot or security headers. */
  readonly headers: Readonly<Record<string, string>>;
  /** `Vary` fields besides `Accept-Encoding`, which every body large enough to be compressed varies by. */
  readonly vary?: readonly string[];
  /** Whether to send `Content-Digest` of the bytes sent: every API body has one, the token browser's files do not. */
  readonly contentDigest: boolean;
}

/** `X-Snapshot-Seq`, and `X-Git-Commit` when the source is in Git: the headers of a live read. */
export function liveSnapshotHeaders(snapshot: Snapshot): Record<string, string> {
  return { [SNAPSHOT_HEADER]: String(snapshot.seq), ...(snapshot.git.commit === null ? {} : { [COMMIT_HEADER]: snapshot.git.commit }) };
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
 * Sends stored bytes, compressed when the client accepts it (once per body, see compression.ts), with their ETag,
 * or a 304 when `If-None-Match` already holds them; `options` adds the route's headers.
 */
export function sendRendered(
  request: Pick<FastifyRequest, 'headers'>,
  reply: FastifyReply,
  rendered: Rendered,
  options: SendOptions,
): FastifyReply {
  const compressible = isCompressible(rendered);
  const encoding = compressible ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
  const etag = etagOfEncoding(options.etag ?? rendered.etag, encoding);
  reply.header('etag', etag);
  if (compressible) appendVary(reply, 'Accept-Encoding');
  if (options.vary !== undefined) for (const field of options.vary) appendVary(reply, field);
  reply.headers(options.headers);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.header('content-type', rendered.contentType);
  const sent = encoding === undefined ? rendered : encodedVariant(rendered, encoding);
  if (encoding !== undefined) reply.header('content-encoding', encoding);
  if (options.contentDigest) reply.header('content-digest', sent.digest);
  return reply.send(sent.body);
}

/** Adds a field to `Vary`, keeping what CORS or another part already put there. */
function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    // The usual case (no CORS): nothing to merge with.
    reply.header('vary', field);
    return;
  }
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
