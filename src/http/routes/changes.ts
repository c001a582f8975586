import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readOperations } from '../../changes/operations.js';
import type { ChangeOperation } from '../../changes/operations.js';
import type { ApiKeyEntry } from '../../compile/keys/parse-keys-file.js';
import { ChangeRefusedError } from '../../state/change-requests.js';
import type { ChangeActor, ChangeRefusal, ChangeRequest, ChangeRequestService } from '../../state/change-requests.js';
import { COMMIT_ID_PATTERN } from '../../state/revisions.js';
import { previewValuesAnswer } from '../../views/api/preview-answer.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import type { McpToolRunner } from '../mcp-tool-thread.js';
import { CHANGE_RESPONSE, PREVIEW_RESPONSE } from '../response-schemas.js';
import { authOf } from '../request-auth.js';
import { prepareDiff } from './diff.js';

/** At most this many characters in a change request's title, and in its description. */
export const CHANGE_TEXT_LIMITS = { title: 200, description: 5000 } as const;
const CHANGES_URL = '/api/v1/changes';
const ID_PATTERN = '^[0-9]{8}-[0-9a-f]{8}$';
const DESIGN_SYSTEM = {
  type: 'string',
  pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
  maxLength: 64,
  description: 'The design system (default: the key’s own).',
};
const QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { designSystem: DESIGN_SYSTEM },
} as const;
const ID_PARAMS = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: ID_PATTERN } },
} as const;
const OPERATIONS = {
  type: 'array',
  minItems: 1,
  maxItems: 200,
  items: { type: 'object' },
  description: 'Operations (docs/change-requests.md).',
};
const TITLE = { type: 'string', minLength: 1, maxLength: CHANGE_TEXT_LIMITS.title, pattern: '\\S' };
const ONE_CHANGE = CHANGE_RESPONSE as { 200: unknown };

interface ChangeRoutesOptions {
  readonly changes: ChangeRequestService | undefined;
  /** What `GET /api/v1/changes/<id>` reads its `diff` with: the `/diff` route's own body, cached by base and head. */
  readonly runtime: ApiRuntime;
  readonly tools: McpToolRunner;
  /** Whether a merge needs an approval by a reviewer other than the author, per design system (`review` in system.yaml). */
  readonly requireApproval: (designSystem: string) => boolean;
}

/**
 * The change-request routes (docs/change-requests.md): `GET/POST /api/v1/changes`, `POST /api/v1/changes/preview`,
 * `GET/PATCH /api/v1/changes/:id` and `POST /api/v1/changes/:id/{approve,merge,close}`. Reading takes any key of the
 * design system; writing an `editor` or `reviewer` key; approving and merging a `reviewer` key.
 */
export function registerChangeRoutes(app: FastifyInstance, options: ChangeRoutesOptions): void {
  const context: ChangeRoutesContext = {
    service: () => {
      if (options.changes === undefined) {
        throw new ApiError(
          'service_unavailable',
          'Change requests need a Git repository with a branch checked out as the source; this server has none.',
        );
      }
      return options.changes;
    },
    requireApproval: options.requireApproval,
    runtime: options.runtime,
    tools: options.tools,
  };
  registerListRoute(app, context);
  registerRoleRoute(app, context);
  registerPreviewRoute(app, context);
  registerCreateRoute(app, context);
  registerGetRoute(app, context);
  registerUpdateRoute(app, context);
  registerActionRoutes(app, context);
}

/** What the change-request routes share: the service (a 503 without one) and the review rule per design system. */
interface ChangeRoutesContext {
  readonly service: () => ChangeRequestService;
  readonly requireApproval: (designSystem: string) => boolean;
  readonly runtime: ApiRuntime;
  readonly tools: McpToolRunner;
}

/** `GET /api/v1/changes`: the change requests of a design system. */
function registerListRoute(app: FastifyInstance, context: ChangeRoutesContext): void {
  app.get<{ Querystring: { designSystem?: string } }>(
    CHANGES_URL,
    {
      config: { apiKey: true },
      schema: { querystring: QUERY },
    },
    async (request, reply) => {
      const slug = readable(request, request.query.designSystem);
      const changes = await run(() => context.service().list(slug));
      return sendJson(reply, 200, { data: { changes: changes.map(served) } });
    },
  );
}

/** `GET /api/v1/changes/role`: what the key may do with change requests, for the page. */
function registerRoleRoute(app: FastifyInstance, context: ChangeRoutesContext): void {
  app.get<{ Querystring: { designSystem?: string } }>(
    `${CHANGES_URL}/role`,
    // Browser credentials too (they read with GET): their answer is `read`, so a page shows them no write control.
    { schema: { querystring: QUERY } },
    async (request, reply) => {
      const slug = readable(request, request.query.designSystem);
      const { key } = authOf(request);
      // What the page offers: browser credentials and keys without a role only read.
      const role = key.kind === 'browser' || key.author === undefined ? 'read' : (key.role ?? 'read');
      return sendJson(reply, 200, {
        data: {
          designSystem: slug,
          role,
          author: role === 'read' || key.author === undefined ? null : { name: key.author.name, email: key.author.email },
          mergeNeedsApproval: context.requireApproval(slug),
        },
      });
    },
  );
}

/** `POST /api/v1/changes/preview`: what operations would change, and their problems, without a commit. */
function registerPreviewRoute(app: FastifyInstance, context: ChangeRoutesContext): void {
  app.post<{ Querystring: { designSystem?: string }; Body: { operations: unknown; base?: string; values?: boolean } }>(
    `${CHANGES_URL}/preview`,
    {
      config: { apiKey: true },
      schema: {
        querystring: QUERY,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['operations'],
          properties: {
            operations: OPERATIONS,
            base: { type: 'string', pattern: COMMIT_ID_PATTERN },
            values: { type: 'boolean', description: 'Also answer `values`: the values and contrast checks the change moves.' },
          },
        },
        response: PREVIEW_RESPONSE,
      },
    },
    async (request, reply) => {
      const slug = readable(request, request.query.designSystem);
      writer(request, 'editor');
      const operations = operationsOf(request.body.operations);
      const values = request.body.values === true;
      const preview = await run(() => context.service().preview(slug, operations, request.body.base, values ? { values } : undefined));
      return sendJson(reply, 200, {
        data: {
          changedFiles: preview.changedFiles,
          diagnostics: preview.diagnostics,
          valid: !preview.diagnostics.some((item) => item.severity === 'error'),
          ...(values
            ? { values: preview.values === undefined || preview.values === null ? null : previewValuesAnswer(preview.values) }
            : {}),
        },
      });
    },
  );
}

/** `POST /api/v1/changes`: opens a change request. */
function registerCreateRoute(app: FastifyInstance, context: ChangeRoutesContext): void {
  app.post<{ Querystring: { designSystem?: string }; Body: { title: string; description?: string; operations: unknown; base?: string } }>(
    CHANGES_URL,
    {
      config: { apiKey: true },
      schema: {
        querystring: QUERY,
        headers: {
          type: 'object',
          properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$' } },
        },
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['title', 'operations'],
          properties: {
            title: TITLE,
            description: { type: 'string', maxLength: CHANGE_TEXT_LIMITS.description },
            operations: OPERATIONS,
            base: { type: 'string', pattern: COMMIT_ID_PATTERN },
          },
        },
        response: { ...ONE_CHANGE, 201: ONE_CHANGE[200] },
      },
    },
    async (request, reply) => {
      const slug = readable(request, request.query.designSystem);
      const by = writer(request, 'editor');
      const operations = operationsOf(request.body.operations);
      const idempotencyKey = request.headers['idempotency-key'];
      const change = await run(() =>
        context.service().create(
          {
            designSystem: slug,
            title: request.body.title,
            description: checkedDescription(request.body.description ?? ''),
            operations,
            ...(request.body.base === undefined ? {} : { base: request.body.base }),
            ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
          },
          by,
        ),
      );
      request.log.info({ change: change.id, key: by.key }, 'change request opened');
      return sendJson(reply.header('location', `${CHANGES_URL}/${change.id}`), 201, { data: { change: served(change) } });
    },
  );
}

/**
 * `GET /api/v1/changes/:id`: one change request, with the validation of its head (the worker's, kept per head) and
 * what its head changes against its base (the `/diff` route's body, kept in the render cache by both shas).
 */
function registerGetRoute(app: FastifyInstance, context: ChangeRoutesContext): void {
  app.get<{ Querystring: { designSystem?: string }; Params: { id: string } }>(
    `${CHANGES_URL}/:id`,
    { config: { apiKey: true }, schema: { querystring: QUERY, params: ID_PARAMS } },
    async (request, reply) => {
      const slug = readable(request, request.query.designSystem);
      const service = context.service();
      const change = await run(() => service.get(slug, request.params.id));
      const [validation, diff] = await Promise.all([
        run(() => service.validation(slug, change.head)),
        diffText(context, request, slug, change),
      ]);
      const text = JSON.stringify({ data: { change: served(change), validation } });
      // The diff goes in as the text the diff view rendered (`}}` closes `data` and the body): never parsed again here.
      return sendText(reply, 200, `${text.slice(0, -2)},"diff":${diff ?? 'null'}}}`);
    },
  );
}

/** The `data` of `GET /api/v1/diff?from=<base>&to=<head>` as JSON text; null when a side has no design system to diff. */
async function diffText(
  context: ChangeRoutesContext,
  request: FastifyRequest,
  slug: string,
  change: ChangeRequest,
): Promise<string | null> {
  const { runtime, tools } = context;
  try {
    const diff = await prepareDiff(runtime, tools, authOf(request), {
      from: change.base,
      to: change.head,
      designSystem: slug,
      markdown: false,
    });
    const body = (await runtime.cache.get(diff.cacheKey, diff.render)).body.toString('utf8');
    // The body is `{"data":<the diff>}` and a newline.
    return body.slice(DATA_PREFIX.length, body.trimEnd().length - 1);
  } catch (error) {
    // A base or head whose design system does not build (or is not there): the change request is still read.
    if (error instanceof ApiError && error.statusCode < 500) return null;
    throw error;
  }
}

const DATA_PREFIX = '{"data":';

/** `PATCH /api/v1/changes/:id`: a new title or new operations. */
function registerUpdateRoute(app: FastifyInstance, context: ChangeRoutesContext): void {
  app.patch<{ Querystring: { designSystem?: string }; Params: { id: string }; Body: { title?: string; operations?: unknown } }>(
    `${CHANGES_URL}/:id`,
    {
      config: { apiKey: true },
      schema: {
        querystring: QUERY,
        params: ID_PARAMS,
        body: { type: 'object', additionalProperties: false, minProperties: 1, properties: { title: TITLE, operations: OPERATIONS } },
        response: ONE_CHANGE,
      },
    },
    async (request, reply) => {
      const slug = readable(request, request.query.designSystem);
      const by = writer(request, 'editor');
      const operations = request.body.operations === undefined ? undefined : operationsOf(request.body.operations);
      const change = await run(() =>
        context.service().update(
          slug,
          request.params.id,
          {
            ...(request.body.title === undefined ? {} : { title: request.body.title }),
            ...(operations === undefined ? {} : { operations }),
          },
          by,
        ),
      );
      request.log.info({ change: change.id, key: by.key }, 'change request updated');
      return sendJson(reply, 200, { data: { change: served(change) } });
    },
  );
}

/** `POST /api/v1/changes/:id/{approve,merge,close}`. */
function registerActionRoutes(app: FastifyInstance, context: ChangeRoutesContext): void {
  for (const action of ['approve', 'merge', 'close'] as const) {
    app.post<{ Querystring: { designSystem?: string }; Params: { id: string } }>(
      `${CHANGES_URL}/:id/${action}`,
      { config: { apiKey: true }, schema: { querystring: QUERY, params: ID_PARAMS, response: ONE_CHANGE } },
      async (request, reply) => {
        const slug = readable(request, request.query.designSystem);
        const by = writer(request, action === 'close' ? 'editor' : 'reviewer');
        const id = request.params.id;
        const change = await run(() =>
          action === 'approve'
            ? context.service().approve(slug, id, by)
            : action === 'merge'
              ? context.service().merge(slug, id, by, { requireApproval: context.requireApproval(slug) })
              : context.service().close(slug, id, by),
        );
        request.log.info(
          { change: change.id, key: by.key },
          `change request ${action === 'merge' ? 'merged' : action === 'close' ? 'closed' : 'approved'}`,
        );
        return sendJson(reply, 200, { data: { change: served(change) } });
      },
    );
  }
}

/** Sends a JSON body as text (never through a response serializer), uncached: a change request changes under the same URL. */
function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return sendText(reply, status, JSON.stringify(body));
}

function sendText(reply: FastifyReply, status: number, json: string): FastifyReply {
  return reply.code(status).header('cache-control', 'private, no-store').type('application/json; charset=utf-8').send(json);
}

/** The design system the request names (or the key's own), refused with 403 when the key may not read it. */
function readable(request: FastifyRequest, designSystem: string | undefined): string {
  const { key } = authOf(request);
  const slug = designSystem ?? key.designSystem;
  if (!key.access.includes(slug)) throw new ApiError('forbidden', `This key may not read design system \`${slug}\`.`);
  return slug;
}

/** The actor of a write: refused with 403 unless the key has the role (a reviewer may do what an editor may). */
function writer(request: FastifyRequest, needed: 'editor' | 'reviewer'): ChangeActor {
  return actorOf(authOf(request).key, needed);
}

/** The actor a key writes as: refused with 403 unless it has the role (a reviewer may do what an editor may). */
export function actorOf(key: ApiKeyEntry, needed: 'editor' | 'reviewer'): ChangeActor {
  const allowed = key.role === 'reviewer' || (needed === 'editor' && key.role === 'editor');
  if (!allowed || key.author === undefined) throw new ApiError('forbidden', roleMessage(key, needed));
  return { key: key.name, name: key.author.name, email: key.author.email };
}

function roleMessage(key: ApiKeyEntry, needed: 'editor' | 'reviewer'): string {
  if (key.kind === 'browser') return 'A browser credential is read-only: change requests need an API key with a write role.';
  return key.role === undefined
    ? `This key is read-only: ${needed === 'editor' ? 'changing tokens needs `role: editor` or `role: reviewer`' : 'approving and merging need `role: reviewer`'} in keys.yaml.`
    : 'Approving and merging need a key with `role: reviewer`.';
}

export function operationsOf(body: unknown): readonly ChangeOperation[] {
  const read = readOperations(body);
  if ('problems' in read)
    throw new ApiError(
      'invalid_change',
      read.problems.join('; '),
      {},
      read.problems.map((message) => ({ message })),
    );
  return read.operations;
}

export function checkedDescription(description: string): string {
  if (/^Token-Change/m.test(description) || /^[A-Za-z-]+: /m.test(description.split(/\n\s*\n/).at(-1) ?? '')) {
    // Its last paragraph would read as the commit's trailers.
    return `${description}\n\u200b`;
  }
  return description;
}

/** A change request as the API serves it. */
export function served(change: ChangeRequest): Omit<ChangeRequest, 'idempotencyKey'> {
  const { idempotencyKey: _omitted, ...rest } = change;
  return rest;
}

const STATUS_OF: Record<ChangeRefusal['kind'], ConstructorParameters<typeof ApiError>[0]> = {
  'not-found': 'change_not_found',
  'unknown-commit': 'ref_not_found',
  'invalid-operations': 'invalid_change',
  'invalid-design-system': 'invalid_change',
  conflict: 'change_conflict',
  state: 'change_conflict',
  forbidden: 'forbidden',
  'local-changes': 'change_conflict',
  busy: 'service_unavailable',
  remote: 'remote_refused',
};

/** Runs a service call, turning its refusals into the API's errors (with `details` where they list items). */
async function run<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof ChangeRefusedError ? apiErrorOf(error.refusal) : error;
  }
}

/** The API error a change-request refusal answers with (`details` where it lists items): the routes' and the MCP tool's. */
export function apiErrorOf(refusal: ChangeRefusal): ApiError {
  {
    const details =
      refusal.kind === 'invalid-operations'
        ? refusal.problems
        : refusal.kind === 'invalid-design-system'
          ? refusal.diagnostics
          : refusal.kind === 'conflict'
            ? refusal.conflicts
            : refusal.kind === 'local-changes'
              ? refusal.files.map((file) => ({ file }))
              : undefined;
    return new ApiError(STATUS_OF[refusal.kind], refusal.message, refusal.kind === 'busy' ? { 'retry-after': '1' } : {}, details);
  }
}
