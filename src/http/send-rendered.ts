import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Snapshot } from '../state/snapshot.js';
import type { Rendered } from '../views/rendered.js';

/** Headers that say which snapshot a response came from. */
export const SNAPSHOT_HEADER = 'x-snapshot-seq';
export const COMMIT_HEADER = 'x-git-commit';

/** True when `If-None-Match` lists this ETag (or `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/** Sends stored bytes with their ETag (or a 304), the snapshot headers and the cache policy. */
export function sendRendered(
  request: FastifyRequest,
  reply: FastifyReply,
  rendered: Rendered,
  snapshot: Snapshot,
  extraHeaders: Record<string, string> = {},
): FastifyReply {
  reply.header('etag', rendered.etag);
  reply.header('cache-control', 'private, no-cache');
  reply.header(SNAPSHOT_HEADER, String(snapshot.seq));
  if (snapshot.git.commit !== null) reply.header(COMMIT_HEADER, snapshot.git.commit);
  for (const [name, value] of Object.entries(extraHeaders)) reply.header(name, value);
  if (matchesIfNoneMatch(request.headers['if-none-match'], rendered.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', rendered.contentType);
  reply.header('content-digest', rendered.digest);
  return reply.send(rendered.body);
}
