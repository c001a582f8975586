import type { FastifyInstance } from 'fastify';
import { PRIMITIVE_TYPES } from '../../compile/types.js';
import { renderDesignSystem, renderDesignSystemList, renderPrimitives, renderScales } from '../../views/api-views.js';
import { toRenderedJson } from '../../views/rendered.js';
import type { ApiRuntime } from '../api-runtime.js';
import { querySchema } from '../query-schema.js';
import { accessibleSystems } from '../read-context.js';

export function registerResourceRoutes(app: FastifyInstance, runtime: ApiRuntime): void {
  app.get(
    '/api/v1/primitives',
    { schema: { querystring: querySchema({ type: { type: 'string', enum: [...PRIMITIVE_TYPES], description: 'Only primitives of this type.' } }) } },
    (request, reply) => {
      const { snapshot, system } = runtime.read(request);
      const { type } = request.query as { type?: string };
      const cacheKey = `${system.compiled.contentHash}|primitives|${type ?? ''}`;
      return runtime.send(request, reply, snapshot, cacheKey, () => toRenderedJson(renderPrimitives(system.compiled, type)));
    },
  );

  app.get('/api/v1/scales', { schema: { querystring: querySchema() } }, (request, reply) => {
    const { snapshot, system } = runtime.read(request);
    return runtime.send(request, reply, snapshot, `${system.compiled.contentHash}|scales`, () => toRenderedJson(renderScales(system.compiled)));
  });

  for (const url of ['/api/v1/design-system', '/api/v1/project']) {
    app.get(url, { schema: { querystring: querySchema() } }, (request, reply) => {
      const { snapshot, system } = runtime.read(request);
      const lastUpdated = system.state.lastUpdated ?? snapshot.createdAt;
      const cacheKey = `${system.compiled.contentHash}|design-system|${lastUpdated}`;
      return runtime.send(request, reply, snapshot, cacheKey, () => toRenderedJson(renderDesignSystem(system.compiled, lastUpdated)));
    });
  }

  for (const [url, field] of [
    ['/api/v1/design-systems', 'designSystems'],
    ['/api/v1/projects', 'projects'],
  ] as const) {
    app.get(url, { schema: { querystring: querySchema() } }, (request, reply) => {
      const { snapshot, key } = runtime.authorize(request);
      const systems = accessibleSystems(snapshot, key);
      const cacheKey = `${field}|${systems.map((system) => system.contentHash).join(',')}`;
      return runtime.send(request, reply, snapshot, cacheKey, () => toRenderedJson(renderDesignSystemList(systems.map((system) => system.meta), field)));
    });
  }
}
