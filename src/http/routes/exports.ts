import type { FastifyInstance } from 'fastify';
import { FormatOptionError } from '../../views/output-format.js';
import type { OutputFormat } from '../../views/output-format.js';
import { jobOf, OUTPUT_FORMAT_IDS, OUTPUT_FORMATS, routeOf } from '../../views/output-formats.js';
import type { FormatId, OptionsOf } from '../../views/output-formats.js';
import { parametersKey, serveRead } from '../api-runtime.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import { querySchema } from '../query-schema.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';

/** One route per output format, all from the registry (views/output-formats.ts). */
export function registerExportRoutes(app: FastifyInstance, runtime: ApiRuntime): void {
  for (const id of OUTPUT_FORMAT_IDS) registerFormatRoute(app, runtime, id);
}

/**
 * `GET /api/v1/export/<format>`: the query is read into the format's options before anything is read (a request the
 * format refuses costs no design system lookup and no revision build), checked against the design system, and the
 * body cached under the content hash, the format id and the options.
 */
function registerFormatRoute<Id extends FormatId>(app: FastifyInstance, runtime: ApiRuntime, id: Id): void {
  const format: OutputFormat<OptionsOf<Id>> = OUTPUT_FORMATS[id];
  const api = app.withTypeProvider<QuerySchemaTypeProvider>();
  api.get(routeOf(format), { schema: { querystring: querySchema(format.parameters) } }, (request, reply) => {
    const options = asInvalidParameter(() => format.readOptions(request.query));
    return serveRead(runtime, request, (read) => {
      const { compiled } = read.system;
      asInvalidParameter(() => format.checkOptions?.(options, compiled));
      const cacheKey = `${compiled.contentHash}|${id}|${parametersKey(options)}`;
      return runtime.send(request, reply, read, cacheKey, () => runtime.exports.render(compiled, jobOf(id, options)));
    });
  });
}

/** Runs `read`, answering a format's refusal as `400 invalid_parameter` with its message. */
function asInvalidParameter<Result>(read: () => Result): Result {
  try {
    return read();
  } catch (error) {
    if (error instanceof FormatOptionError) throw new ApiError('invalid_parameter', error.message);
    throw error;
  }
}
