import type { FastifyInstance } from 'fastify';
import { isCommitId } from '../../state/revisions.js';
import { toRenderedJson } from '../../views/shared/rendered.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import { querySchema } from '../query-schema.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';

export const DEFAULT_REVISION_LIMIT = 20;
export const MAX_REVISION_LIMIT = 100;

/** A page cursor: the commit the listing started from and how many commits came before this page. */
export function encodeCursor(sha: string, skip: number): string {
  return Buffer.from(`${sha}:${skip}`, 'utf8').toString('base64url');
}

export function decodeCursor(cursor: string): { sha: string; skip: number } | undefined {
  const match = /^([0-9a-f]+):(\d{1,7})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return match?.[1] !== undefined && isCommitId(match[1]) ? { sha: match[1], skip: Number(match[2]) } : undefined;
}

/**
 * `GET /api/v1/revisions`: the commits that changed the design system, newest first, `limit` per page;
 * `nextCursor` pages on from the same starting commit, so new commits do not shift the pages.
 */
export function registerRevisionRoutes(app: FastifyInstance, runtime: ApiRuntime): void {
  app.withTypeProvider<QuerySchemaTypeProvider>().get(
    '/api/v1/revisions',
    {
      schema: {
        querystring: querySchema({
          limit: {
            type: 'integer',
            minimum: 1,
            maximum: MAX_REVISION_LIMIT,
            default: DEFAULT_REVISION_LIMIT,
            description: 'Commits per page.',
          },
          cursor: {
            type: 'string',
            minLength: 1,
            maxLength: 200,
            pattern: '^[A-Za-z0-9_-]+$',
            description: '`nextCursor` of the previous page.',
          },
        }),
      },
    },
    async (request, reply) => {
      const read = await runtime.readAt(request);
      const { limit, cursor } = request.query;
      const revisions = runtime.revisions;
      const start = read.pin?.sha ?? read.snapshot.git.commit;
      if (revisions === undefined || start === null) {
        return runtime.send(request, reply, read, 'revisions|none', () => toRenderedJson({ data: { revisions: [], nextCursor: null } }));
      }
      const page = cursor === undefined ? { sha: start, skip: 0 } : decodeCursor(cursor);
      if (page === undefined) throw new ApiError('invalid_parameter', '`cursor` is malformed: pass the `nextCursor` of a previous page.');
      // A cursor's commit comes from the client: make sure it is one (a replica that lacks it fetches first).
      if (cursor !== undefined && (await revisions.resolve(page.sha)) !== page.sha) {
        throw new ApiError('ref_not_found', `The cursor starts at commit \`${page.sha}\`, which is not in the repository.`);
      }
      const cacheKey = `revisions|${read.system.slug}|${page.sha}|${page.skip}|${limit}`;
      const { entries, more } = await revisions.commitsOf(read.system.slug, page.sha, { limit, skip: page.skip });
      const nextCursor = more ? encodeCursor(page.sha, page.skip + entries.length) : null;
      return runtime.send(request, reply, read, cacheKey, () => toRenderedJson({ data: { revisions: entries, nextCursor } }));
    },
  );
}
