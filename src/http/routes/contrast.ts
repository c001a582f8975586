import type { FastifyInstance } from 'fastify';
import { renderContrastParts } from '../../views/api/contrast.js';
import { JSON_TYPE } from '../../views/shared/rendered.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import { querySchema } from '../query-schema.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';
import { selectDesignSystem } from '../read-context.js';
import { renderInTurns } from '../render-in-turns.js';

export const CONTRAST_URL = '/api/v1/design-systems/:id/contrast';

/** What a design system's slug or id may be written with in the path (as `?designSystem=`). */
const ID = /^[A-Za-z0-9_-]+$/;
const MAX_ID_LENGTH = 100;

/**
 * `GET /api/v1/design-systems/:id/contrast`: every contrast pair of the design system the path names (by slug or id,
 * one the key may read) checked in every mode, as of the live snapshot or `?ref=`. The checks are the compiled design
 * system's (made by the compiler, in the compile worker); the body is written once per content (the render cache), a
 * part of about 2,000 checks per turn of the event loop.
 */
export function registerContrastRoutes(app: FastifyInstance, runtime: ApiRuntime): void {
  const api = app.withTypeProvider<QuerySchemaTypeProvider>();
  const params = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', description: 'Slug or id of a design system the key may read.' } },
  } as const;
  api.get(CONTRAST_URL, { schema: { querystring: querySchema(), params } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!ID.test(id)) throw new ApiError('invalid_parameter', `\`id\` is malformed: it must match ${ID.source}.`);
    if (id.length > MAX_ID_LENGTH) throw new ApiError('invalid_parameter', `\`id\` is malformed: at most ${MAX_ID_LENGTH} characters.`);
    if (request.query.designSystem !== undefined)
      throw new ApiError('invalid_parameter', '`designSystem` is not supported on this route: the path names the design system.');
    const authorized = await runtime.authorizeAt(request);
    const read = { ...authorized, system: selectDesignSystem(authorized.snapshot, authorized.key, id) };
    const { compiled } = read.system;
    return runtime.send(request, reply, read, `${compiled.contentHash}|contrast`, () =>
      renderInTurns(renderContrastParts(compiled), JSON_TYPE),
    );
  });
}
