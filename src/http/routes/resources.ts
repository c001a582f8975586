import type { FastifyInstance } from 'fastify';
import { PRIMITIVE_TYPES } from '../../compile/types.js';
import { renderDesignSystem, renderDesignSystemList, renderPrimitives, renderScales } from '../../views/api/api-views.js';
import { toRenderedJson } from '../../views/shared/rendered.js';
import type { ApiRuntime } from '../api-runtime.js';
import { querySchema } from '../query-schema.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';
import { accessibleSystems } from '../read-context.js';

export function registerResourceRoutes(app: FastifyInstance, runtime: ApiRuntime): void {
  const api = app.withTypeProvider<QuerySchemaTypeProvider>();
  api.get(
    '/api/v1/primitives',
    {
      schema: {
        querystring: querySchema({ type: { type: 'string', enum: [...PRIMITIVE_TYPES], description: 'Only primitives of this type.' } }),
      },
    },
    async (request, reply) => {
      const read = await runtime.readAt(request);
      const { system } = read;
      const { type } = request.query;
      const cacheKey = `${system.compiled.contentHash}|primitives|${type ?? ''}`;
      return runtime.send(request, reply, read, cacheKey, () => toRenderedJson(renderPrimitives(system.compiled, type)));
    },
  );

  api.get('/api/v1/scales', { schema: { querystring: querySchema() } }, async (request, reply) => {
    const read = await runtime.readAt(request);
    const { system } = read;
    return runtime.send(request, reply, read, `${system.compiled.contentHash}|scales`, () => toRenderedJson(renderScales(system.compiled)));
  });

  for (const url of ['/api/v1/design-system', '/api/v1/project']) {
    api.get(url, { schema: { querystring: querySchema() } }, async (request, reply) => {
      const read = await runtime.readAt(request);
      const { system } = read;
      const lastUpdated = system.state.lastUpdated ?? read.snapshot.createdAt;
      const cacheKey = `${system.compiled.contentHash}|design-system|${lastUpdated}`;
      return runtime.send(request, reply, read, cacheKey, () => toRenderedJson(renderDesignSystem(system.compiled, lastUpdated)));
    });
  }

  for (const [url, field] of [
    ['/api/v1/design-systems', 'designSystems'],
    ['/api/v1/projects', 'projects'],
  ] as const) {
    api.get(url, { schema: { querystring: querySchema() } }, async (request, reply) => {
      const read = await runtime.authorizeAt(request);
      const { snapshot, key } = read;
      const systems = accessibleSystems(snapshot, key);
      const cacheKey = `${field}|${systems.map((system) => system.contentHash).join(',')}`;
      return runtime.send(request, reply, read, cacheKey, () =>
        toRenderedJson(
          renderDesignSystemList(
            systems.map((system) => system.meta),
            field,
          ),
        ),
      );
    });
  }
}
