import { readFileSync } from 'node:fs';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../views/formats/output-formats.js';
import { routeOf } from '../views/formats/output-format.js';

export const OPENAPI_URL = '/api/v1/openapi.json';

/**
 * Registers @fastify/swagger, which collects every route's querystring and response schemas (the ones that validate
 * the requests) into an OpenAPI 3.1 document, and serves it at `GET /api/v1/openapi.json` without a key. Call before
 * registering the routes it describes.
 */
export async function registerOpenApi(app: FastifyInstance, version = readPackageVersion()): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Design token server',
        version,
        description:
          'Read-only API over design systems kept as YAML in Git. Every `/api/v1` route but this document needs `Authorization: Bearer <API key>`. ' +
          'Errors are always `{ "error": { "code", "message" } }`.',
      },
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from keys.yaml.' } } },
      security: [{ apiKey: [] }],
      tags: [
        { name: 'tokens', description: 'Tokens, primitives, scales and metadata.' },
        { name: 'exports', description: describeExports() },
        { name: 'live', description: 'Revisions and the event stream.' },
        { name: 'operations', description: 'Health, readiness and metrics for orchestrators (no API key).' },
      ],
    },
    transform: ({ schema, url }) => {
      const tag = tagOf(url);
      const described = { ...schema, tags: [tag], ...(tag === 'operations' ? { security: [] } : {}) } as typeof schema;
      // Fastify's wildcard (`/tokens/*`) becomes a named path parameter.
      if (!url.endsWith('/*')) return { schema: described, url };
      const description = url.startsWith('/api/v1/export/')
        ? 'A file’s path inside the format’s folder, as its manifest lists it (`Tokens.xcassets/Contents.json`).'
        : 'The token key, one segment per path segment (`color/brand/primary`) or dotted.';
      const params = { type: 'object', required: ['path'], properties: { path: { type: 'string', description } } };
      return { schema: { ...described, params }, url: `${url.slice(0, -1)}{path}` };
    },
  });

  let document: string | undefined;
  app.get(OPENAPI_URL, { config: { public: true }, schema: { summary: 'This OpenAPI 3.1 document.' } }, async (_request, reply) => {
    // Routes cannot change after startup: build the text once.
    document ??= `${JSON.stringify(app.swagger())}\n`;
    reply.header('cache-control', 'public, max-age=300');
    return reply.type('application/json; charset=utf-8').send(document);
  });
}

/** The text of the `exports` tag: every output format of the registry, with its route. */
function describeExports(): string {
  const formats = OUTPUT_FORMAT_IDS.map((id) => `${OUTPUT_FORMATS[id].title} (\`GET ${routeOf(OUTPUT_FORMATS[id])}\`)`);
  return `Exports, one route per output format: ${formats.join('; ')}.`;
}

function tagOf(url: string): string {
  if (url === OPENAPI_URL) return 'operations';
  if (url.startsWith('/api/v1/export/')) return 'exports';
  if (url === '/api/v1/revisions' || url === '/api/v1/events') return 'live';
  if (url.startsWith('/api/v1/')) return 'tokens';
  return 'operations';
}

/** The package version (`package.json` sits one folder above both `src/` and `dist/`). */
function readPackageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return '0.0.0';
  }
}
