import type { FastifyInstance } from 'fastify';
import { KEY_SEGMENT } from '../../compile/values/name-rules.js';
import { TOKEN_TYPES } from '../../compile/types.js';
import { parseIsoDate } from '../../compile/values/iso-date.js';
import type { CompiledDesignSystem, Deprecation, Token } from '../../compile/types.js';
import { renderToken, renderTokenList } from '../../views/api/api-views.js';
import { toRenderedJson } from '../../views/shared/rendered.js';
import { parametersKey, serveRead } from '../api-runtime.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import { querySchema } from '../query-schema.js';
import type { CommonQuery, QuerySchemaTypeProvider } from '../query-schema.js';

const EMPTY_TOKEN_PATH =
  'A token path is needed: `/api/v1/tokens/<group>/<name>` (e.g. `/api/v1/tokens/color/bg`); `/api/v1/tokens` lists them all.';

/** `/tokens/<path>`: the path is Fastify's wildcard parameter, which no schema describes. */
interface TokenPathRoute {
  Params: { '*': string };
  Querystring: CommonQuery;
}

const tokenIndexes = new WeakMap<CompiledDesignSystem, ReadonlyMap<string, Token>>();

/** Tokens by key, built once per compiled design system. */
function tokenIndex(system: CompiledDesignSystem): ReadonlyMap<string, Token> {
  let index = tokenIndexes.get(system);
  if (index === undefined) {
    index = new Map(system.tokens.map((token) => [token.key, token]));
    tokenIndexes.set(system, index);
  }
  return index;
}

/** Segments of {@link KEY_SEGMENT} separated by `/` or `.`: one test per request instead of one per segment. */
const KEY_PATH = new RegExp(`^${KEY_SEGMENT.source.slice(1, -1)}(?:[./]${KEY_SEGMENT.source.slice(1, -1)})*$`);

/** The token key a `/tokens/<a>/<b>/<c>` path names (`a.b.c`); a single dotted segment works too. */
export function tokenKeyOfPath(path: string): string | undefined {
  return KEY_PATH.test(path) ? path.replaceAll('/', '.') : undefined;
}

export function registerTokenRoutes(app: FastifyInstance, runtime: ApiRuntime): void {
  const api = app.withTypeProvider<QuerySchemaTypeProvider>();
  api.get(
    '/api/v1/tokens',
    {
      schema: {
        querystring: querySchema({
          type: { type: 'string', enum: [...TOKEN_TYPES], description: 'Only tokens of this type.' },
          format: { type: 'string', enum: ['flat', 'nested'], default: 'flat', description: '`flat` array or `nested` tree.' },
        }),
      },
    },
    (request, reply) =>
      serveRead(runtime, request, (read) => {
        const { system } = read;
        const { type, format } = request.query;
        const cacheKey = `${system.compiled.contentHash}|tokens|${parametersKey({ type, format })}`;
        return runtime.send(request, reply, read, cacheKey, () => toRenderedJson(renderTokenList(system.compiled, { type, format })));
      }),
  );

  api.get<TokenPathRoute>('/api/v1/tokens/*', { schema: { querystring: querySchema() } }, (request, reply) => {
    const path = request.params['*'];
    // `/tokens/` names no token at all: say what the route wants (before any `?ref=` reaches Git).
    if (path === '') throw new ApiError('not_found', EMPTY_TOKEN_PATH);
    return serveRead(runtime, request, (read) => {
      const { system } = read;
      const key = tokenKeyOfPath(path);
      const token = key === undefined ? undefined : tokenIndex(system.compiled).get(key);
      if (token === undefined || key === undefined) {
        throw new ApiError(
          'token_not_found',
          `No token \`${key ?? path}\` in design system \`${system.slug}\`.`,
          runtime.staleHeaders(read),
        );
      }
      if (token.deprecated !== undefined) void reply.headers(deprecationHeaders(token.deprecated));
      return runtime.send(request, reply, read, `${system.compiled.contentHash}|token|${key}`, () =>
        toRenderedJson(renderToken(token, tokenIndex(system.compiled))),
      );
    });
  });
}

/**
 * RFC 9745 `Deprecation` (the `since` date as `@<seconds>`; `@0`, "deprecated, date not given", without one) and a
 * `Link` to the replacement (`rel="successor-version"`) when the token names one.
 */
export function deprecationHeaders(deprecated: Deprecation): Record<string, string> {
  const since = deprecated.since === null ? 0 : Math.floor((parseIsoDate(deprecated.since) as number) / 1000);
  const headers: Record<string, string> = { deprecation: `@${since}` };
  if (deprecated.replacement !== null) {
    headers['link'] = `</api/v1/tokens/${deprecated.replacement.split('.').join('/')}>; rel="successor-version"`;
  }
  return headers;
}
