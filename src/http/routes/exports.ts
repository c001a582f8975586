import type { FastifyInstance } from 'fastify';
import { CSS_PREFIX_PATTERN, NAMINGS } from '../../views/css-names.js';
import type { Naming } from '../../views/css-names.js';
import { renderCss } from '../../views/export-css.js';
import { renderDtcgJson } from '../../views/export-dtcg-json.js';
import { renderTypeScript } from '../../views/export-typescript.js';
import { CSS_TYPE, JSON_TYPE, TEXT_TYPE, toRendered } from '../../views/rendered.js';
import { parametersKey } from '../api-runtime.js';
import type { ApiRuntime } from '../api-runtime.js';
import { querySchema } from '../query-schema.js';

export function registerExportRoutes(app: FastifyInstance, runtime: ApiRuntime): void {
  app.get(
    '/api/v1/export/css',
    {
      schema: {
        querystring: querySchema({
          prefix: { type: 'string', maxLength: 66, pattern: CSS_PREFIX_PATTERN, description: 'Prefix of every property, e.g. `--acme` or `acme`.' },
          naming: { type: 'string', enum: [...NAMINGS], default: 'kebab-case', description: 'How key segments are joined.' },
        }),
      },
    },
    async (request, reply) => {
      const read = await runtime.readAt(request);
      const { system } = read;
      const { prefix, naming } = request.query as { prefix?: string; naming: Naming };
      const cacheKey = `${system.compiled.contentHash}|css|${parametersKey({ prefix, naming })}`;
      return runtime.send(request, reply, read, cacheKey, () => toRendered(renderCss(system.compiled, { prefix, naming }), CSS_TYPE));
    },
  );

  app.get('/api/v1/export/json', { schema: { querystring: querySchema() } }, async (request, reply) => {
    const read = await runtime.readAt(request);
      const { system } = read;
    return runtime.send(request, reply, read, `${system.compiled.contentHash}|json`, () => toRendered(renderDtcgJson(system.compiled), JSON_TYPE));
  });

  app.get('/api/v1/export/ts', { schema: { querystring: querySchema() } }, async (request, reply) => {
    const read = await runtime.readAt(request);
      const { system } = read;
    return runtime.send(request, reply, read, `${system.compiled.contentHash}|ts`, () => toRendered(renderTypeScript(system.compiled), TEXT_TYPE));
  });
}
