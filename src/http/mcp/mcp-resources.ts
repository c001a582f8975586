import { ProtocolError, ProtocolErrorCode, ResourceTemplate } from '@modelcontextprotocol/server';
import type { McpServer } from '@modelcontextprotocol/server';
import { renderTokenList } from '../../views/api/api-views.js';
import { hasFiles, jobOf } from '../../views/formats/export-jobs.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../views/formats/output-formats.js';
import type { FormatId } from '../../views/formats/output-formats.js';
import { toRenderedJson } from '../../views/shared/rendered.js';
import { parametersKey } from '../api-runtime.js';
import { ApiError, errorBody } from '../errors.js';
import { accessibleSystems, selectDesignSystem } from '../read-context.js';
import type { DesignSystemContext } from '../read-context.js';
import { textOf } from './mcp-context.js';
import type { McpServerContext } from './mcp-context.js';

/** The largest export body an MCP resource read answers with (2 MiB: the SDK writes the JSON-RPC answer on the main thread, about 15 ms a MiB); a larger one names its HTTP route instead. */
export const MAX_RESOURCE_BYTES = 2 * 1024 * 1024;

/** The exports served as resources: the formats of one file (a folder of files has no single body). */
const RESOURCE_FORMATS: readonly FormatId[] = OUTPUT_FORMAT_IDS.filter((id) => !hasFiles(id));

/** Every resource URI of design system `slug`: its tokens and each export of one file. */
export function resourceUrisOf(slug: string): string[] {
  return [`tokens://${slug}/tokens`, ...RESOURCE_FORMATS.map((id) => `tokens://${slug}/export/${id}`)];
}

/** A resource's text and media type. */
interface ResourceBody {
  readonly text: string;
  readonly mimeType: string;
}

/**
 * Registers the resources of one request's server: `tokens://<design system>/tokens` and
 * `tokens://<design system>/export/<format>`, listed for every design system the key may read.
 */
export function registerResources(server: McpServer, context: McpServerContext): void {
  const { auth } = context.request;
  const readable = (): string[] => accessibleSystems(auth.snapshot, auth.key).map((compiled) => compiled.meta.slug);

  server.registerResource(
    'tokens',
    new ResourceTemplate('tokens://{designSystem}/tokens', {
      list: () => ({
        resources: readable().map((slug) => ({ uri: `tokens://${slug}/tokens`, name: `${slug} tokens`, mimeType: 'application/json' })),
      }),
    }),
    { description: 'Every token of a design system, as GET /api/v1/tokens serves them.', mimeType: 'application/json' },
    (uri, { designSystem }) => readResource(context, uri, designSystem, (system) => tokensBody(context, system)),
  );

  server.registerResource(
    'export',
    new ResourceTemplate('tokens://{designSystem}/export/{format}', {
      list: () => ({
        resources: readable().flatMap((slug) =>
          RESOURCE_FORMATS.map((id) => ({
            uri: `tokens://${slug}/export/${id}`,
            name: `${slug} ${OUTPUT_FORMATS[id].title}`,
            mimeType: mediaTypeOf(OUTPUT_FORMATS[id].contentType),
          })),
        ),
      }),
    }),
    { description: 'A design system in one output format, as GET /api/v1/export/<format> serves it with its default options.' },
    (uri, { designSystem, format }) => readResource(context, uri, designSystem, (system) => exportBody(context, system, format)),
  );
}

/** A resource read of design system `slug`: refused as the API refuses it (its error body as the protocol error's data). */
async function readResource(
  context: McpServerContext,
  uri: URL,
  slug: unknown,
  load: (system: DesignSystemContext) => Promise<ResourceBody>,
): Promise<{ contents: { uri: string; mimeType: string; text: string }[] }> {
  const { auth } = context.request;
  let system: DesignSystemContext;
  try {
    system = selectDesignSystem(auth.snapshot, auth.key, String(slug));
  } catch (error) {
    if (error instanceof ApiError)
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, errorBody(error.code, error.message));
    throw error;
  }
  const { text, mimeType } = await load(system);
  return { contents: [{ uri: uri.href, mimeType, text }] };
}

/** The tokens of a design system, under the tokens route's cache key: one body for both. */
async function tokensBody(context: McpServerContext, { compiled }: DesignSystemContext): Promise<ResourceBody> {
  const rendered = await context.runtime.cache.get(`${compiled.contentHash}|tokens|${parametersKey({ format: 'flat' })}`, () =>
    toRenderedJson(renderTokenList(compiled, { format: 'flat' })),
  );
  return { text: textOf(rendered), mimeType: 'application/json' };
}

/** One export of a design system with its default options, under the export route's cache key: one body for both. */
async function exportBody(context: McpServerContext, { compiled }: DesignSystemContext, format: unknown): Promise<ResourceBody> {
  const id = RESOURCE_FORMATS.find((candidate) => candidate === String(format));
  if (id === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No export \`${String(format)}\` as a resource.`);
  const options = OUTPUT_FORMATS[id].readOptions({});
  const cacheKey = `${compiled.contentHash}|${id}|${parametersKey(options)}`;
  const rendered = await context.runtime.cache.get(cacheKey, () => context.runtime.exports.render(compiled, jobOf(id, options)));
  // Larger bodies cost the main thread ~6 ms a MB to hand over (as text, then JSON), and no agent's context takes them.
  if (rendered.body.length > MAX_RESOURCE_BYTES) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `tokens://${compiled.meta.slug}/export/${id} is ${rendered.body.length} bytes, more than an MCP resource holds (${MAX_RESOURCE_BYTES}): fetch GET /api/v1/export/${id}?designSystem=${compiled.meta.slug} instead.`,
    );
  }
  return { text: textOf(rendered), mimeType: mediaTypeOf(OUTPUT_FORMATS[id].contentType) };
}

function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0] ?? contentType;
}
