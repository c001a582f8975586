import type { FastifyInstance } from 'fastify';
import { MissingFileError } from '../../views/formats/export-jobs.js';
import { FormatOptionError } from '../../views/formats/output-format.js';
import type { OutputFormat } from '../../views/formats/output-format.js';
import type { Rendered } from '../../views/shared/rendered.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../views/formats/output-formats.js';
import { hasFiles, jobOf } from '../../views/formats/export-jobs.js';
import { routeOf } from '../../views/formats/output-format.js';
import type { FormatId, OptionsOf } from '../../views/formats/output-formats.js';
import type { ExportJob, FilePart } from '../../views/formats/export-jobs.js';
import { parametersKey, serveRead } from '../api-runtime.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import { querySchema } from '../query-schema.js';
import type { QuerySchemaTypeProvider } from '../query-schema.js';

/**
 * One route per output format, all from the registry (views/formats/output-formats.ts); a format of several files also
 * answers each file at `<route>/<path>` and all of them at `<route>.zip` (docs/api.md "Formats of several files").
 */
export function registerExportRoutes(app: FastifyInstance, runtime: ApiRuntime): void {
  for (const id of OUTPUT_FORMAT_IDS) {
    registerFormatRoute(app, runtime, id, '', () => undefined);
    if (!hasFiles(id)) continue;
    registerFormatRoute(app, runtime, id, '.zip', () => ({ zip: true }));
    registerFormatRoute(app, runtime, id, '/*', (params) => ({ file: params['*'] ?? '' }));
  }
}

/**
 * `GET /api/v1/export/<format>`: the query is read into the format's options before anything is read (a request the
 * format refuses costs no design system lookup and no revision build), checked against the design system, and the
 * body cached under the content hash, the format id and the options.
 */
function registerFormatRoute<Id extends FormatId>(
  app: FastifyInstance,
  runtime: ApiRuntime,
  id: Id,
  suffix: '' | '.zip' | '/*',
  partOf: (params: Readonly<Record<string, string | undefined>>) => FilePart | undefined,
): void {
  const format: OutputFormat<OptionsOf<Id>> = OUTPUT_FORMATS[id];
  const api = app.withTypeProvider<QuerySchemaTypeProvider>();
  const queries = new QueryReads<OptionsOf<Id>>();
  api.get(`${routeOf(format)}${suffix}`, { schema: { querystring: querySchema(format.parameters) } }, (request, reply) => {
    const {
      options,
      job: wholeJob,
      keyPart,
    } = queries.read(request.raw.url, () => {
      const read = asInvalidParameter(() => format.readOptions(request.query));
      return { options: read, job: jobOf(id, read), keyPart: `|${id}|${parametersKey(read)}` };
    });
    const part = partOf(request.params as Readonly<Record<string, string | undefined>>);
    return serveRead(runtime, request, (read) => {
      const { compiled } = read.system;
      asInvalidParameter(() => format.checkOptions?.(options, compiled));
      const job = part === undefined ? wholeJob : { ...wholeJob, part };
      const cacheKey = `${compiled.contentHash}${keyPart}${partKey(part)}`;
      // Whether the file is listed is found by the render (in a worker for a large system: listing an asset
      // catalog of 10,000 colors takes longer than the main thread may).
      return runtime.send(request, reply, read, cacheKey, () =>
        missingFileAsNotFound(
          () => runtime.exports.render(compiled, job),
          `\`${routeOf(format)}\` has no file \`${part !== undefined && 'file' in part ? part.file : ''}\`; its manifest at \`${routeOf(format)}\` lists them.`,
        ),
      );
    });
  });
}

/** What a route reads of one query string: the format's options, its job, and their part of the cache key. */
interface QueryRead<Options> {
  readonly options: Options;
  readonly job: ExportJob;
  /** `|<format id>|<options key>`, what follows the content hash in the cache key. */
  readonly keyPart: string;
}

/** Distinct query strings remembered per route (clients send a handful); past this the memo starts again. */
const MAX_QUERY_READS = 256;

/**
 * The options read from each raw query string, so that a repeat of a request reads them once: what a format reads of
 * a query depends on the query alone (the validated `request.query` is made from it), never on the design system,
 * which `checkOptions` is asked about on every request. A query the format refuses is not remembered.
 */
class QueryReads<Options> {
  readonly #reads = new Map<string, QueryRead<Options>>();

  read(url: string | undefined, readQuery: () => QueryRead<Options>): QueryRead<Options> {
    const at = url === undefined ? -1 : url.indexOf('?');
    const query = at === -1 || url === undefined ? '' : url.slice(at + 1);
    let read = this.#reads.get(query);
    if (read === undefined) {
      read = readQuery();
      if (this.#reads.size >= MAX_QUERY_READS) this.#reads.clear();
      this.#reads.set(query, read);
    }
    return read;
  }
}

/** The cache key's ending for a part of a format of several files: the file's path or `zip`; nothing for the manifest. */
const partKey = (part: FilePart | undefined): string => (part === undefined ? '' : 'zip' in part ? '|zip' : `|file:${part.file}`);

/** Runs `render`, answering a file its format does not list (thrown here or in a render worker) as `404 not_found`. */
function missingFileAsNotFound(render: () => Rendered | Promise<Rendered>, message: string): Rendered | Promise<Rendered> {
  const notFound = (error: unknown): never => {
    if (error instanceof MissingFileError) throw new ApiError('not_found', message);
    throw error;
  };
  try {
    const rendered = render();
    return rendered instanceof Promise ? rendered.catch(notFound) : rendered;
  } catch (error) {
    return notFound(error);
  }
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
