import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createMcpHandler,
  localhostAllowedHostnames,
  localhostAllowedOrigins,
  McpServer,
  ProtocolError,
  ProtocolErrorCode,
  ResourceTemplate,
  validateHostHeader,
  validateOriginHeader,
} from '@modelcontextprotocol/server';
import type { CallToolResult, McpHttpHandler } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { TOKEN_TYPES } from '../../compile/types.js';
import type { ApiKeyEntry } from '../../compile/keys/parse-keys-file.js';
import type { Snapshot } from '../../state/snapshot.js';
import type { SnapshotStore } from '../../state/store.js';
import { checkContrast, readContrastSide } from '../../mcp/tools/check-contrast.js';
import { readSoughtValue } from '../../mcp/tools/find-token-for-value.js';
import { listModes } from '../../mcp/tools/list-modes.js';
import { listProblems } from '../../mcp/tools/list-problems.js';
import { renderTokenList } from '../../views/api/api-views.js';
import type { DiffSide } from '../../views/diff/diff-design-systems.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../views/formats/output-formats.js';
import { hasFiles, jobOf } from '../../views/formats/export-jobs.js';
import type { FormatId } from '../../views/formats/output-formats.js';
import { toRenderedJson } from '../../views/shared/rendered.js';
import type { Rendered } from '../../views/shared/rendered.js';
import { parametersKey } from '../api-runtime.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError, errorBody } from '../errors.js';
import { McpToolRunner } from '../mcp-tool-thread.js';
import { querySchema } from '../query-schema.js';
import { MAX_OPERATIONS_PER_REQUEST } from '../../changes/operations.js';
import { ChangeRefusedError } from '../../state/change-requests.js';
import type { ChangeRequestService } from '../../state/change-requests.js';
import { actorOf, apiErrorOf, CHANGE_TEXT_LIMITS, checkedDescription, operationsOf, served } from './changes.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';
import { accessibleSystems, selectDesignSystem } from '../read-context.js';
import type { DesignSystemContext } from '../read-context.js';
import { authOf } from '../request-auth.js';
import type { RequestAuth } from '../request-auth.js';

export const MCP_URL = '/mcp';
/** Resources are named `tokens://<design system>/tokens` and `tokens://<design system>/export/<format>`. */
const RESOURCE_URI = /^tokens:\/\/([^/]+)\//;
const DEFAULT_LIMIT = 25;
/** Where `authInfo.extra` carries a request's context to the server factory. */
const CONTEXT = 'designTokenServer';
const MAX_LIMIT = 1000;

export interface McpRouteOptions {
  readonly store: SnapshotStore;
  /** The CORS origins (`*` for any): browsers on them, and on localhost, may call `/mcp`. */
  readonly corsOrigins?: readonly string[] | undefined;
  readonly now?: (() => number) | undefined;
  /** Design systems with more values answer the indexed tools in the MCP tool worker (default `MCP_OFF_THREAD_VALUES`). */
  readonly toolOffThreadValues?: number | undefined;
  /** The runner of whole-system tool work, shared with `/diff` (default: one of its own). */
  readonly tools?: McpToolRunner | undefined;
  /** Change requests: `propose_change` for keys with a write role (absent: no such tool). */
  readonly changes?: ChangeRequestService | undefined;
}

/** What one request to `/mcp` reads: who asks, against which live snapshot, and the defaults its URL gives every tool. */
interface McpRequestContext {
  readonly auth: RequestAuth;
  readonly designSystem: string | undefined;
  readonly ref: string | undefined;
}

/** A tool's read: the design system it answers about, in the snapshot of the live files or of a ref. */
interface ToolRead {
  readonly snapshot: Snapshot;
  readonly system: DesignSystemContext;
  /** The commit `ref` resolved to; undefined for the live files. */
  readonly sha: string | undefined;
}

const COMMON_ARGUMENTS = {
  designSystem: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('Slug or id of a design system the API key may read (default: the key’s own).'),
  ref: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .describe('Answer as of this Git commit, tag or branch (the same rules as `?ref=`); default: the live files.'),
};
// Tools' input schemas: built once (zod schemas are costly to build, and the SDK keeps what it derives from each).
const SEARCH_TOKENS_INPUT = z.object({
  query: z.string().max(200).optional().describe('Words to look for, e.g. "button background" or "danger text".'),
  type: z.enum(TOKEN_TYPES).optional().describe('Only tokens of this type.'),
  includePrimitives: z.boolean().optional().describe('Also list primitives and scale steps (use semantic tokens in code).'),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`At most this many tokens (default ${DEFAULT_LIMIT}).`),
  ...COMMON_ARGUMENTS,
});
const GET_TOKEN_INPUT = z.object({
  key: z.string().min(1).max(500).describe('The token key, e.g. "color.text.default".'),
  ...COMMON_ARGUMENTS,
});
const FIND_TOKEN_FOR_VALUE_INPUT = z.object({
  value: z.string().min(1).max(100).describe('A hex color such as "#2563EB", or a length such as "16px" or "1rem".'),
  limit: z.number().int().min(1).max(100).optional().describe('Nearest tokens per mode (default 5).'),
  ...COMMON_ARGUMENTS,
});
const CHECK_CONTRAST_INPUT = z.object({
  foreground: z.string().min(1).max(500).describe('A color token key (e.g. "color.text.default") or a hex color.'),
  background: z.string().min(1).max(500).describe('A color token key (e.g. "color.background.canvas") or a hex color.'),
  ...COMMON_ARGUMENTS,
});
const DIFF_REVISIONS_INPUT = z.object({
  from: z.string().min(1).max(256).describe('The older revision: a commit sha, tag or branch.'),
  to: z.string().min(1).max(256).optional().describe('The newer revision (default: `ref`, else the live files).'),
  ...COMMON_ARGUMENTS,
});
const DESIGN_SYSTEM_INPUT = z.object(COMMON_ARGUMENTS);
/** The largest export body an MCP resource read answers with (4 MiB); a larger one names its HTTP route instead. */
export const MAX_RESOURCE_BYTES = 4 * 1024 * 1024;
const PROPOSE_CHANGE_INPUT = z.object({
  title: z.string().min(1).max(CHANGE_TEXT_LIMITS.title).describe('What the change does, for its reviewers.'),
  description: z.string().max(CHANGE_TEXT_LIMITS.description).optional().describe('Why, in a few sentences.'),
  operations: z
    .array(z.record(z.string(), z.unknown()))
    .min(1)
    .max(MAX_OPERATIONS_PER_REQUEST)
    .describe(
      'Operations, each an object with `op`: set-value { token, mode, fields }, set-description { token, description }, ' +
        'set-deprecation { token, deprecated }, add-token { token, type, fields }, delete-token { token }, rename-token { token, to }, ' +
        'set-scale-step { scale, step, mode, color } (docs/change-requests.md).',
    ),
  designSystem: COMMON_ARGUMENTS.designSystem,
});
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP (SDK v2, stateless 2026-07-28 and the 2025 stateless
 * fallback), authenticated by the API's keys (the authentication hook, `config.apiKey`), with read-only tools over
 * the design systems the key may read, resources for each design system's tokens and exports, and change
 * notifications on `subscriptions/listen` streams fed by the store (the source of `GET /api/v1/events`).
 */
export function registerMcpRoutes(app: FastifyInstance, runtime: ApiRuntime, options: McpRouteOptions): void {
  const { store } = options;
  const now = options.now ?? Date.now;
  const origins = options.corsOrigins ?? [];
  const anyOrigin = origins.includes('*');
  const corsHostnames = origins.filter((origin) => origin !== '*').flatMap((origin) => hostnameOf(origin));
  const allowedOrigins = [...localhostAllowedOrigins(), ...corsHostnames];
  const allowedHosts = [...localhostAllowedHostnames(), ...corsHostnames];

  const tools =
    options.tools ?? new McpToolRunner(options.toolOffThreadValues === undefined ? {} : { offThreadValues: options.toolOffThreadValues });
  const handler: McpHttpHandler = createMcpHandler(({ authInfo }) => {
    // The route checked the key and hands its context through the SDK's pass-through `authInfo`.
    const context = authInfo?.extra?.[CONTEXT] as McpRequestContext | undefined;
    if (context === undefined) throw new Error('an MCP request reached the handler without its authentication');
    return buildServer(runtime, tools, context, options.changes);
  });

  // Streams of keys revoked (or expired) since they opened are ended, as `/api/v1/events` ends its streams, and so
  // are streams naming a design system their key may no longer read.
  const listening = new Map<() => void, { readonly key: ApiKeyEntry; readonly named: readonly string[] }>();
  const unsubscribe = store.subscribe((next, previous) => {
    for (const [end, { key, named }] of listening) {
      const entry = next.keys.bySha256.get(key.sha256);
      if (entry === undefined || (entry.expiresAt !== undefined && Date.parse(entry.expiresAt) <= now())) end();
      else if (named.some((name) => refusalOf(next, entry, name) !== undefined)) end();
    }
    publishChanges(handler, next, previous);
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    for (const end of [...listening.keys()]) end();
    await handler.close();
    await tools.close();
  });

  app.withTypeProvider<QuerySchemaTypeProvider>().route({
    method: ['GET', 'POST', 'DELETE'],
    url: MCP_URL,
    config: { apiKey: true },
    // Not in the OpenAPI document: MCP describes itself (`tools/list`); docs/mcp.md documents it.
    schema: { querystring: querySchema(), hide: true },
    onRequest: (request, _reply, done) => {
      done(refusedOrigin(request, anyOrigin ? undefined : allowedOrigins, allowedHosts));
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const { designSystem, ref } = request.query;
      // What the request names beyond what the key may read is refused here, as the API refuses it: 403.
      const named = [designSystem, ...designSystemsNamedBy(request.body)].filter((name) => name !== undefined);
      for (const name of named) {
        const refusal = refusalOf(auth.snapshot, auth.key, name);
        if (refusal !== undefined) throw refusal;
      }
      const abort = new AbortController();
      reply.raw.on('close', () => abort.abort());
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const web = new Request(`http://${request.headers.host ?? 'localhost'}${request.url}`, {
        method: request.method,
        headers: headersOf(request),
        signal: abort.signal,
        ...(body === undefined ? {} : { body }),
      });
      const context: McpRequestContext = { auth, designSystem, ref };
      // `token` would be the key: the SDK never needs it, so it is not handed on.
      const authInfo = { token: '', clientId: auth.key.name, scopes: [], extra: { [CONTEXT]: context } };
      if (isListen(request.body)) {
        const end = (): void => {
          listening.delete(end);
          reply.raw.destroy();
        };
        listening.set(end, { key: auth.key, named });
        reply.raw.on('close', () => listening.delete(end));
      }
      const response = await handler.fetch(web, request.body === undefined ? { authInfo } : { authInfo, parsedBody: request.body });
      return reply.send(response);
    },
  });
}

/** A 403 for a request whose `Origin` is neither localhost nor a CORS origin, or that reached a loopback address under another host name. */
function refusedOrigin(request: FastifyRequest, allowedOrigins: string[] | undefined, allowedHosts: string[]): ApiError | undefined {
  const origin = request.headers.origin;
  if (allowedOrigins !== undefined && origin !== undefined && !validateOriginHeader(origin, allowedOrigins).ok)
    return new ApiError('forbidden', `Origin ${origin} may not call ${MCP_URL}: only localhost and the CORS origins may.`);
  // DNS rebinding: a page whose name resolves to this machine reaches a loopback address under its own host name.
  const local = request.socket.localAddress;
  if (local !== undefined && isLoopback(local) && !validateHostHeader(request.headers.host, allowedHosts).ok) {
    const host = request.headers.host ?? '';
    if (isIP(host.replace(/^\[|\](:\d+)?$|:\d+$/g, '')) === 0)
      return new ApiError('forbidden', `Host ${host} may not call ${MCP_URL} on a loopback address: use localhost.`);
  }
  return undefined;
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

function hostnameOf(origin: string): string[] {
  try {
    return [new URL(origin).hostname];
  } catch {
    return [];
  }
}

/** The API's 403 when `key` may not read `named`; anything else about it is the tool's to answer. */
function refusalOf(snapshot: Snapshot, key: ApiKeyEntry, named: string): ApiError | undefined {
  try {
    selectDesignSystem(snapshot, key, named);
    return undefined;
  } catch (error) {
    return error instanceof ApiError && error.code === 'forbidden' ? error : undefined;
  }
}

/** The design systems a JSON-RPC message names: a tool's `designSystem`, a resource URI's, each URI a listen stream asks for. */
function designSystemsNamedBy(body: unknown): string[] {
  // A batch (the 2025 protocol's) names what each of its messages names.
  if (Array.isArray(body)) return body.flatMap(designSystemsNamedBy);
  if (typeof body !== 'object' || body === null) return [];
  const { method, params } = body as { method?: unknown; params?: Record<string, unknown> };
  if (params === undefined || typeof params !== 'object') return [];
  const slugOf = (uri: unknown): string[] => {
    const match = typeof uri === 'string' ? RESOURCE_URI.exec(uri) : null;
    return match?.[1] === undefined ? [] : [match[1]];
  };
  switch (method) {
    case 'tools/call': {
      const named = (params['arguments'] as Record<string, unknown> | undefined)?.['designSystem'];
      return typeof named === 'string' ? [named] : [];
    }
    case 'resources/read':
    case 'resources/subscribe':
      return slugOf(params['uri']);
    case 'subscriptions/listen':
      return listenedUris(params).flatMap(slugOf);
    default:
      return [];
  }
}

/**
 * The resource URIs a `subscriptions/listen` request asks updates of: `params.notifications.resourceSubscriptions`,
 * where the SDK reads them (its `SubscriptionsListenRequestParamsSchema`; `params.filter` is nothing to it).
 */
function listenedUris(params: Record<string, unknown>): unknown[] {
  const uris = (params['notifications'] as { resourceSubscriptions?: unknown } | undefined)?.resourceSubscriptions;
  return Array.isArray(uris) ? uris : [];
}

function isListen(body: unknown): boolean {
  if (Array.isArray(body)) return body.some(isListen);
  return typeof body === 'object' && body !== null && (body as { method?: unknown }).method === 'subscriptions/listen';
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // The body is passed parsed and sent again as JSON: the original length and encoding no longer describe it.
    if (value === undefined || name === 'content-length' || name === 'content-encoding' || name === 'transfer-encoding') continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/** Tells listening clients which resources changed: every resource of a design system whose served content changed. */
function publishChanges(handler: McpHttpHandler, next: Snapshot, previous: Snapshot): void {
  let listChanged = next.systems.size !== previous.systems.size;
  for (const [slug, state] of next.systems) {
    const before = previous.systems.get(slug);
    if (before === undefined) listChanged = true;
    if (state.compiled === before?.compiled) continue;
    for (const uri of resourceUrisOf(slug)) handler.notify.resourceUpdated(uri);
  }
  if (listChanged) handler.notify.resourcesChanged();
}

/** The exports served as resources: the formats of one file (a folder of files has no single body). */
const RESOURCE_FORMATS: readonly FormatId[] = OUTPUT_FORMAT_IDS.filter((id) => !hasFiles(id));

function resourceUrisOf(slug: string): string[] {
  return [`tokens://${slug}/tokens`, ...RESOURCE_FORMATS.map((id) => `tokens://${slug}/export/${id}`)];
}

/** Text of a cached body, decoded once per body. */
const texts = new WeakMap<Rendered, string>();
function textOf(rendered: Rendered): string {
  let text = texts.get(rendered);
  if (text === undefined) {
    text = rendered.body.toString('utf8');
    texts.set(rendered, text);
  }
  return text;
}

/** One request's MCP server: the tools and resources, bound to the request's key and snapshot. */
function buildServer(
  runtime: ApiRuntime,
  tools: McpToolRunner,
  context: McpRequestContext,
  changes: ChangeRequestService | undefined,
): McpServer {
  const { auth } = context;
  const server = new McpServer(
    { name: 'design-token-server', version: '1.0.0' },
    { capabilities: { resources: { subscribe: true } }, instructions: INSTRUCTIONS },
  );

  const readFor = async (args: { designSystem?: string | undefined; ref?: string | undefined }): Promise<ToolRead> => {
    const ref = args.ref ?? context.ref;
    const pinned = ref === undefined ? undefined : await runtime.snapshotAtRef('ref', ref);
    const snapshot = pinned?.snapshot ?? auth.snapshot;
    return { snapshot, system: selectDesignSystem(snapshot, auth.key, args.designSystem ?? context.designSystem), sha: pinned?.pin.sha };
  };
  /** Runs a tool: its answer cached under `key` (content hash first), or its error as the API's JSON error body. */
  const answer = async (
    args: { designSystem?: string | undefined; ref?: string | undefined },
    tool: string,
    parameters: Readonly<Record<string, string | undefined>>,
    compute: (read: ToolRead) => unknown,
    keyOf: (read: ToolRead) => string = (read) => read.system.compiled.contentHash,
  ): Promise<CallToolResult> => {
    try {
      const read = await readFor(args);
      const cacheKey = `${keyOf(read)}|mcp/${tool}|${read.system.slug}|${parametersKey(parameters)}`;
      const rendered = await runtime.cache.get(cacheKey, async () => toRenderedJson(await compute(read)));
      return { content: [{ type: 'text', text: textOf(rendered) }] };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { isError: true, content: [{ type: 'text', text: JSON.stringify(errorBody(error.code, error.message)) }] };
    }
  };

  server.registerTool(
    'search_tokens',
    {
      title: 'Search design tokens',
      description:
        'Find design tokens by words (in their key and description) and type. Semantic tokens only, best match first; ' +
        'primitives and color scale steps only with includePrimitives. Each token comes with its value in every mode.',
      inputSchema: SEARCH_TOKENS_INPUT,
      annotations: READ_ONLY,
    },
    (args) => {
      const limit = args.limit ?? DEFAULT_LIMIT;
      const parameters = { query: args.query, type: args.type, primitives: String(args.includePrimitives === true), limit: String(limit) };
      return answer(args, 'search_tokens', parameters, (read) =>
        tools.run(read.system.compiled, {
          tool: 'search_tokens',
          input: { query: args.query, type: args.type, includePrimitives: args.includePrimitives, limit },
        }),
      );
    },
  );

  server.registerTool(
    'get_token',
    {
      title: 'Get a design token',
      description:
        'One token by its dotted key: its value in every mode, what it references (the chain per mode), the tokens ' +
        'that reference it, its deprecation and replacement, and how to use it: CSS variable, Tailwind class, JS, SCSS, Less, ' +
        'and the iOS, Android, Compose, Flutter and React Native symbols (or why that format leaves the token out).',
      inputSchema: GET_TOKEN_INPUT,
      annotations: READ_ONLY,
    },
    (args) =>
      answer(args, 'get_token', { key: args.key }, async (read) => {
        const found = await tools.run(read.system.compiled, { tool: 'get_token', key: args.key });
        if (found === undefined)
          throw new ApiError('token_not_found', `No token \`${args.key}\` in design system \`${read.system.slug}\`.`);
        return found;
      }),
  );

  server.registerTool(
    'find_token_for_value',
    {
      title: 'Find the token for a value',
      description:
        'Which token has this value: a hex color (#RRGGBB, #RRGGBBAA) or a length (16px, 1rem). Exact matches with the ' +
        'modes where they match, and per mode the nearest tokens (colors by CIEDE2000 deltaE, lengths by px).',
      inputSchema: FIND_TOKEN_FOR_VALUE_INPUT,
      annotations: READ_ONLY,
    },
    (args) => {
      const limit = args.limit ?? 5;
      return answer(args, 'find_token_for_value', { value: args.value, limit: String(limit) }, (read) => {
        const sought = readSoughtValue(args.value);
        if (sought === undefined)
          throw new ApiError(
            'invalid_parameter',
            `\`value\` must be a hex color (\`#RGB\`, \`#RRGGBB\`, \`#RRGGBBAA\`) or a length (\`16px\`, \`1rem\`), got ${JSON.stringify(args.value)}.`,
          );
        return tools.run(read.system.compiled, { tool: 'find_token_for_value', query: sought, limit });
      });
    },
  );

  server.registerTool(
    'check_contrast',
    {
      title: 'Check contrast',
      description:
        'The WCAG 2.1 contrast ratio of a foreground over a background in every mode, each a color token key or a hex ' +
        'color, and whether it meets AA and AAA for normal and large text.',
      inputSchema: CHECK_CONTRAST_INPUT,
      annotations: READ_ONLY,
    },
    (args) =>
      answer(args, 'check_contrast', { foreground: args.foreground, background: args.background }, (read) => {
        const { compiled } = read.system;
        const foreground = readContrastSide(compiled, 'foreground', args.foreground);
        const background = readContrastSide(compiled, 'background', args.background);
        if (typeof foreground === 'string') throw new ApiError('invalid_parameter', foreground);
        if (typeof background === 'string') throw new ApiError('invalid_parameter', background);
        return checkContrast(compiled, foreground, background);
      }),
  );

  server.registerTool(
    'diff_revisions',
    {
      title: 'Diff two revisions',
      description:
        'What changed in the design system between two Git revisions, with the semver level (major, minor, patch, none): ' +
        'the answer of GET /api/v1/diff. `to` defaults to `ref`, else the live files.',
      inputSchema: DIFF_REVISIONS_INPUT,
      annotations: READ_ONLY,
    },
    async (args) => {
      const toRef = args.to ?? args.ref;
      try {
        const from = await runtime.snapshotAtRef('from', args.from);
        const to = toRef === undefined ? undefined : await runtime.snapshotAtRef(args.to === undefined ? 'ref' : 'to', toRef);
        const before = selectDesignSystem(from.snapshot, auth.key, args.designSystem ?? context.designSystem);
        const afterSnapshot = to?.snapshot ?? auth.snapshot;
        const fromSide: DiffSide = { ref: args.from, sha: from.pin.sha };
        const toSide: DiffSide = to === undefined ? { ref: null, sha: afterSnapshot.git.commit } : { ref: toRef ?? null, sha: to.pin.sha };
        return await answer(
          { designSystem: args.designSystem, ref: toRef },
          'diff_revisions',
          { from: args.from, fromSha: from.pin.sha, to: toRef },
          (read) => tools.run(read.system.compiled, { tool: 'diff_revisions', from: fromSide, to: toSide }, before.compiled),
          (read) => (to === undefined ? `live:${read.system.compiled.contentHash}:${toSide.sha ?? ''}` : to.pin.sha),
        );
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { isError: true, content: [{ type: 'text', text: JSON.stringify(errorBody(error.code, error.message)) }] };
      }
    },
  );

  server.registerTool(
    'list_modes',
    {
      title: 'List modes',
      description:
        'The design system’s modes (light, dark and its own, such as high contrast or brands): each with the mode it builds on and its media query.',
      inputSchema: DESIGN_SYSTEM_INPUT,
      annotations: READ_ONLY,
    },
    (args) => answer(args, 'list_modes', {}, (read) => listModes(read.system.compiled)),
  );

  server.registerTool(
    'figma_plan',
    {
      title: 'Figma plan',
      description:
        'The plan that brings the design system into Figma (GET /api/v1/export/figma): one variable collection with a mode per mode, ' +
        'a variable per token (type, scopes, code syntax, value per mode; references as aliases by the plan’s own ids), text and effect ' +
        'styles bound to variables, and what is not carried. Apply it with Figma’s plugin API (e.g. through Figma’s MCP server); keep each id in the node’s plugin data.',
      inputSchema: DESIGN_SYSTEM_INPUT,
      annotations: READ_ONLY,
    },
    // The export's own body, rendered and cached as `GET /api/v1/export/figma` renders it (off this thread): the plan
    // grows with tokens x modes, and a large one is refused as the export resources are.
    async (args): Promise<CallToolResult> => {
      try {
        const { compiled } = (await readFor(args)).system;
        const options = OUTPUT_FORMATS.figma.readOptions({});
        const cacheKey = `${compiled.contentHash}|figma|${parametersKey(options)}`;
        const rendered = await runtime.cache.get(cacheKey, () => runtime.exports.render(compiled, jobOf('figma', options)));
        if (rendered.body.length > MAX_RESOURCE_BYTES)
          throw new ApiError(
            'invalid_parameter',
            `the Figma plan of \`${compiled.meta.slug}\` is ${rendered.body.length} bytes, more than an MCP answer holds (${MAX_RESOURCE_BYTES}): fetch GET /api/v1/export/figma?designSystem=${compiled.meta.slug} instead`,
          );
        return { content: [{ type: 'text', text: textOf(rendered) }] };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return { isError: true, content: [{ type: 'text', text: JSON.stringify(errorBody(error.code, error.message)) }] };
      }
    },
  );

  server.registerTool(
    'list_problems',
    {
      title: 'List problems',
      description:
        'The problems of the design system’s files (errors and warnings with file, line and column), as `validate` reports ' +
        'them. With errors, the tools answer from the last version that compiled.',
      inputSchema: DESIGN_SYSTEM_INPUT,
      annotations: READ_ONLY,
    },
    (args) =>
      answer(
        args,
        'list_problems',
        {},
        (read) => listProblems(read.system.slug, read.system.state.problems),
        // The problems belong to the files, not to the compiled content: keyed by what they are.
        (read) => `problems:${problemsKey(read.system)}`,
      ),
  );

  const readResource = (uri: URL, slug: unknown, load: (system: DesignSystemContext) => Promise<{ text: string; mimeType: string }>) => {
    let system: DesignSystemContext;
    try {
      system = selectDesignSystem(auth.snapshot, auth.key, String(slug));
    } catch (error) {
      if (error instanceof ApiError)
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, error.message, errorBody(error.code, error.message));
      throw error;
    }
    return load(system).then(({ text, mimeType }) => ({ contents: [{ uri: uri.href, mimeType, text }] }));
  };
  const readable = (): string[] => accessibleSystems(auth.snapshot, auth.key).map((compiled) => compiled.meta.slug);

  server.registerResource(
    'tokens',
    new ResourceTemplate('tokens://{designSystem}/tokens', {
      list: () => ({
        resources: readable().map((slug) => ({ uri: `tokens://${slug}/tokens`, name: `${slug} tokens`, mimeType: 'application/json' })),
      }),
    }),
    { description: 'Every token of a design system, as GET /api/v1/tokens serves them.', mimeType: 'application/json' },
    (uri, { designSystem }) =>
      readResource(uri, designSystem, async ({ compiled }) => {
        // The tokens route's cache key: one body for both.
        const rendered = await runtime.cache.get(`${compiled.contentHash}|tokens|${parametersKey({ format: 'flat' })}`, () =>
          toRenderedJson(renderTokenList(compiled, { format: 'flat' })),
        );
        return { text: textOf(rendered), mimeType: 'application/json' };
      }),
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
    (uri, { designSystem, format }) =>
      readResource(uri, designSystem, async ({ compiled }) => {
        const id = RESOURCE_FORMATS.find((candidate) => candidate === String(format));
        if (id === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No export \`${String(format)}\` as a resource.`);
        const options = OUTPUT_FORMATS[id].readOptions({});
        // The export route's cache key: one body for both.
        const cacheKey = `${compiled.contentHash}|${id}|${parametersKey(options)}`;
        const rendered = await runtime.cache.get(cacheKey, () => runtime.exports.render(compiled, jobOf(id, options)));
        // Larger bodies cost the main thread ~6 ms a MB to hand over (as text, then JSON), and no agent's context takes them.
        if (rendered.body.length > MAX_RESOURCE_BYTES) {
          throw new ProtocolError(
            ProtocolErrorCode.InvalidParams,
            `tokens://${compiled.meta.slug}/export/${id} is ${rendered.body.length} bytes, more than an MCP resource holds (${MAX_RESOURCE_BYTES}): fetch GET /api/v1/export/${id}?designSystem=${compiled.meta.slug} instead.`,
          );
        }
        return { text: textOf(rendered), mimeType: mediaTypeOf(OUTPUT_FORMATS[id].contentType) };
      }),
  );
  // Only for keys that may write: an agent with a read key is never offered it. No tool approves or merges.
  if (changes !== undefined && auth.key.role !== undefined && auth.key.kind !== 'browser') {
    server.registerTool(
      'propose_change',
      {
        title: 'Propose a change',
        description:
          'Open a change request: the operations are applied to the YAML files, validated by the compiler and committed to a ' +
          'branch for a reviewer to approve and merge. Answers the change request (its id, branch and state), or the problems.',
        inputSchema: PROPOSE_CHANGE_INPUT,
        annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      },
      async (args) => {
        try {
          const actor = actorOf(auth.key, 'editor');
          const slug = selectDesignSystem(auth.snapshot, auth.key, args.designSystem ?? context.designSystem).slug;
          const operations = operationsOf(args.operations);
          const change = await changes
            .create({ designSystem: slug, title: args.title, description: checkedDescription(args.description ?? ''), operations }, actor)
            .catch((error: unknown) => {
              throw error instanceof ChangeRefusedError ? apiErrorOf(error.refusal) : error;
            });
          return { content: [{ type: 'text', text: JSON.stringify({ data: { change: served(change) } }) }] };
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          return { isError: true, content: [{ type: 'text', text: JSON.stringify(errorBody(error.code, error.message, error.details)) }] };
        }
      },
    );
  }

  return server;
}

const problemKeys = new WeakMap<DesignSystemContext['state'], string>();
let problemCount = 0;
/** A key per design system state (its problems never change): answers about the same files are the same body. */
function problemsKey(system: DesignSystemContext): string {
  let key = problemKeys.get(system.state);
  if (key === undefined) {
    problemCount += 1;
    key = String(problemCount);
    problemKeys.set(system.state, key);
  }
  return key;
}

function mediaTypeOf(contentType: string): string {
  return contentType.split(';')[0] ?? contentType;
}

const INSTRUCTIONS =
  'Design tokens of the design systems this API key may read, live or at any Git revision (`ref`). Use semantic ' +
  'tokens in code, never hard-coded colors or sizes: search_tokens to find one, get_token for how to write it ' +
  '(CSS variable, Tailwind class, JS name) and its value per mode, find_token_for_value for the token behind a hex or ' +
  'a length, check_contrast before pairing colors.';
