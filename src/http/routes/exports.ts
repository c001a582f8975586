import type { FastifyInstance } from 'fastify';
import { MODE_NAME } from '../../compile/read-modes.js';
import { CSS_PREFIX_PATTERN, NAMINGS } from '../../views/css-names.js';
import { CSS_THEMES, DARK_SELECTOR_PATTERN } from '../../views/export-css.js';
import type { CssTheme } from '../../views/export-css.js';
import { DTCG_SPEC_VERSION } from '../../views/export-dtcg-strict.js';
import { parametersKey, serveRead } from '../api-runtime.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import { querySchema } from '../query-schema.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';

/** `theme` and `darkSelector`, shared by the CSS and Tailwind exports. */
const THEME_PARAMETERS = {
  theme: {
    type: 'string',
    enum: [...CSS_THEMES],
    default: 'data-attribute',
    description: 'How dark mode is switched on: `[data-theme="dark"]`, `prefers-color-scheme`, `light-dark()`, or `darkSelector`.',
  },
  darkSelector: {
    type: 'string',
    maxLength: 128,
    pattern: DARK_SELECTOR_PATTERN,
    description: 'The dark rule’s selector with `theme=selector`, e.g. `.dark` or `[data-mode="dark"]`.',
  },
} as const;

/** Checks that `darkSelector` comes exactly with `theme=selector`. */
function readTheme(query: { theme: CssTheme; darkSelector?: string }): { theme: CssTheme; darkSelector?: string } {
  if (query.theme === 'selector' && query.darkSelector === undefined)
    throw new ApiError('invalid_parameter', '`theme=selector` needs `darkSelector`, e.g. `.dark`.');
  if (query.theme !== 'selector' && query.darkSelector !== undefined)
    throw new ApiError('invalid_parameter', '`darkSelector` goes with `theme=selector` only.');
  return query.darkSelector === undefined ? { theme: query.theme } : { theme: query.theme, darkSelector: query.darkSelector };
}

/** `references`, shared by the CSS and strict JSON exports. */
const REFERENCES_PARAMETER = {
  references: {
    type: 'string',
    enum: ['resolve', 'keep'],
    default: 'resolve',
    description:
      '`resolve`: every value resolved (the default). `keep`: a value written as a reference to another token stays one: `var(--other)` in CSS, a `{other.token}` alias in the strict JSON export.',
  },
} as const;

export function registerExportRoutes(app: FastifyInstance, runtime: ApiRuntime): void {
  const api = app.withTypeProvider<QuerySchemaTypeProvider>();
  api.get(
    '/api/v1/export/css',
    {
      schema: {
        querystring: querySchema({
          prefix: {
            type: 'string',
            maxLength: 66,
            pattern: CSS_PREFIX_PATTERN,
            description: 'Prefix of every property, e.g. `--acme` or `acme`.',
          },
          naming: { type: 'string', enum: [...NAMINGS], default: 'kebab-case', description: 'How key segments are joined.' },
          ...THEME_PARAMETERS,
          ...REFERENCES_PARAMETER,
          mode: {
            type: 'string',
            maxLength: 64,
            pattern: MODE_NAME.source,
            description: 'One mode’s values only, in `:root` (e.g. `dark`); `theme` and `darkSelector` do not apply.',
          },
        }),
      },
    },
    (request, reply) =>
      serveRead(runtime, request, (read) => {
        const { query } = request;
        const { theme, darkSelector } = readTheme(query);
        const { system } = read;
        const { prefix, naming, mode, references } = query;
        if (mode !== undefined && !system.compiled.modes.some((known) => known.name === mode)) {
          const names = system.compiled.modes.map((known) => `\`${known.name}\``).join(', ');
          throw new ApiError('invalid_parameter', `Unknown mode \`${mode}\`; this design system has ${names}.`);
        }
        const cacheKey = `${system.compiled.contentHash}|css|${parametersKey({ prefix, naming, theme, darkSelector, mode, references })}`;
        return runtime.send(request, reply, read, cacheKey, () =>
          runtime.exports.render(system.compiled, { format: 'css', options: { prefix, naming, theme, darkSelector, mode, references } }),
        );
      }),
  );

  api.get(
    '/api/v1/export/json',
    {
      schema: {
        querystring: querySchema({
          spec: {
            type: 'string',
            enum: [DTCG_SPEC_VERSION],
            description: '`2025.10`: structured values valid under the DTCG 2025.10 format (default: the string-valued export).',
          },
          ...REFERENCES_PARAMETER,
        }),
      },
    },
    (request, reply) => {
      const { spec, references } = request.query;
      if (spec === undefined && references === 'keep') {
        throw new ApiError(
          'invalid_parameter',
          '`references=keep` goes with `spec=2025.10` (the string-valued export writes resolved values only).',
        );
      }
      return serveRead(runtime, request, (read) => {
        const { system } = read;
        if (spec === undefined) {
          return runtime.send(request, reply, read, `${system.compiled.contentHash}|json`, () =>
            runtime.exports.render(system.compiled, { format: 'json' }),
          );
        }
        return runtime.send(request, reply, read, `${system.compiled.contentHash}|json|${spec}|${references}`, () =>
          runtime.exports.render(system.compiled, { format: 'json-2025.10', references }),
        );
      });
    },
  );

  api.get('/api/v1/export/resolver', { schema: { querystring: querySchema() } }, (request, reply) =>
    serveRead(runtime, request, (read) => {
      const { system } = read;
      return runtime.send(request, reply, read, `${system.compiled.contentHash}|resolver`, () =>
        runtime.exports.render(system.compiled, { format: 'resolver' }),
      );
    }),
  );

  api.get('/api/v1/export/tailwind', { schema: { querystring: querySchema(THEME_PARAMETERS) } }, (request, reply) =>
    serveRead(runtime, request, (read) => {
      const { theme, darkSelector } = readTheme(request.query);
      const { system } = read;
      const cacheKey = `${system.compiled.contentHash}|tailwind|${parametersKey({ theme, darkSelector })}`;
      return runtime.send(request, reply, read, cacheKey, () =>
        runtime.exports.render(system.compiled, { format: 'tailwind', options: { theme, darkSelector } }),
      );
    }),
  );

  api.get('/api/v1/export/ts', { schema: { querystring: querySchema() } }, (request, reply) =>
    serveRead(runtime, request, (read) => {
      const { system } = read;
      return runtime.send(request, reply, read, `${system.compiled.contentHash}|ts`, () =>
        runtime.exports.render(system.compiled, { format: 'ts' }),
      );
    }),
  );
}
