import type { FastifyInstance } from 'fastify';
import type { DiffSide } from '../../views/diff/diff-design-systems.js';
import { JSON_TYPE, MARKDOWN_TYPE, toRendered } from '../../views/shared/rendered.js';
import type { Rendered } from '../../views/shared/rendered.js';
import type { McpToolRunner } from '../mcp-tool-thread.js';
import type { ApiRuntime, AuthorizedRequest } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import { querySchema, REF_PARAMETER } from '../query-schema.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';
import { selectDesignSystem } from '../read-context.js';

/**
 * `GET /api/v1/diff?from=<ref>[&to=<ref>][&format=markdown]`: what changed in the design system between two revisions (`to` defaults to
 * the live snapshot), and whether the change is major, minor or a patch. Both sides resolved to commits never change,
 * so the body is cached by the two shas and the design system.
 */
export function registerDiffRoutes(app: FastifyInstance, runtime: ApiRuntime, tools: McpToolRunner): void {
  app.withTypeProvider<QuerySchemaTypeProvider>().get(
    '/api/v1/diff',
    {
      schema: {
        querystring: querySchema(
          {
            from: { ...REF_PARAMETER, description: 'The older revision: a commit sha, tag or branch.' },
            to: { ...REF_PARAMETER, description: 'The newer revision (default: the live snapshot).' },
            format: {
              type: 'string',
              enum: ['json', 'markdown'],
              default: 'json',
              description: '`json`, or `markdown` for a pull-request comment (`text/markdown`).',
            },
          },
          ['from'],
        ),
      },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.ref !== undefined)
        throw new ApiError('invalid_parameter', '`ref` is not supported on this route: name the revisions with `from` and `to`.');
      // The live keys decide what the key may diff; the live snapshot is read only when it is a side.
      const live = runtime.authorizeLive(request);
      const diff = await prepareDiff(runtime, tools, live, { ...query, markdown: query.format === 'markdown' });
      return runtime.send(request, reply, diff.served, diff.cacheKey, diff.render);
    },
  );
}

/** A diff ready to render: the body's cache key, how to render it, and the read its headers follow. */
interface PreparedDiff {
  readonly cacheKey: string;
  readonly render: () => Promise<Rendered>;
  readonly served: AuthorizedRequest;
}

/**
 * The body `GET /api/v1/diff` answers, rendered once per cache key (both sides' shas, their refs, the design system):
 * what the route sends, and what `GET /api/v1/changes/<id>` carries as its `diff` (base to head, two commits).
 */
export async function prepareDiff(
  runtime: ApiRuntime,
  tools: McpToolRunner,
  live: AuthorizedRequest,
  query: {
    readonly from: string;
    readonly to?: string | undefined;
    readonly designSystem?: string | undefined;
    readonly markdown: boolean;
  },
): Promise<PreparedDiff> {
  const from = await runtime.snapshotAtRef('from', query.from);
  const to = query.to === undefined ? undefined : await runtime.snapshotAtRef('to', query.to);
  const before = selectDesignSystem(from.snapshot, live.key, query.designSystem);
  const after = selectDesignSystem(to?.snapshot ?? live.snapshot, live.key, query.designSystem);
  const fromSide: DiffSide = { ref: query.from, sha: from.pin.sha };
  const toSide: DiffSide = to === undefined ? { ref: null, sha: live.snapshot.git.commit } : { ref: query.to ?? null, sha: to.pin.sha };
  // Refs are part of the body; the live side is named by its content.
  const toKey = to === undefined ? `live:${after.compiled.contentHash}:${toSide.sha ?? ''}` : to.pin.sha;
  const { markdown } = query;
  const cacheKey = `diff|${after.slug}|${from.pin.sha}|${toKey}|${query.from}|${query.to ?? ''}${markdown ? '|markdown' : ''}`;
  // A live `to` side says when it is served stale, as any live read of the design system does.
  const served = to === undefined ? { ...live, system: after } : live;
  // Comparing every token in every mode grows with the design systems: large ones are compared in the MCP tool worker.
  const render = async (): Promise<Rendered> => {
    const text = await tools.run(after.compiled, { tool: 'diff_text', from: fromSide, to: toSide, markdown }, before.compiled);
    return toRendered(text as string, markdown ? MARKDOWN_TYPE : JSON_TYPE);
  };
  return { cacheKey, render, served };
}
