import type { CompiledDesignSystem } from '../../compile/types.js';
import { checkFilePaths } from './file-manifest.js';
import { fileAt, filesOf, OUTPUT_FORMATS, renderFormat } from './output-formats.js';
import type { ExportJob, FormatId } from './output-formats.js';
import { toRendered, toRenderedBytes, ZIP_TYPE } from '../shared/rendered.js';
import { ZipWriter } from './zip-archive.js';
import type { Rendered } from '../shared/rendered.js';
import type { OutputFile } from './output-format.js';

export type { ExportJob } from './output-formats.js';

/**
 * The body of one export of `system`: its bytes, content type, ETag and digest. `job` is plain data (a format id and
 * its options), so it renders the same here and in the render worker.
 * @example renderExport(system, { format: 'ts', options: {} }) // { body: <Buffer ...>, contentType: 'text/plain; charset=utf-8', etag: '"..."', digest: 'sha-256=:...:' }
 */
export function renderExport<Id extends FormatId>(system: CompiledDesignSystem, job: ExportJob<Id>): Rendered {
  const { part } = job;
  if (part === undefined) return toRendered(renderFormat(system, job), OUTPUT_FORMATS[job.format].contentType);
  if ('zip' in part) return toRenderedBytes(zipFiles(filesOf(system, job)), ZIP_TYPE);
  const file = fileAt(system, job, part.file);
  if (file === undefined) throw new MissingFileError(`format ${job.format} has no file ${part.file}`);
  return toRendered(file.render(), file.contentType);
}

/** A file part naming a path the format's manifest does not list (the API answers it `404 not_found`). */
export class MissingFileError extends Error {
  override readonly name = 'MissingFileError';
}

/** Every file zipped in its order, each rendered when it is written (never all of them held at once). */
function zipFiles(files: readonly OutputFile[]): Buffer {
  checkFilePaths(files);
  const writer = new ZipWriter();
  for (const file of files) writer.add(file.path, Buffer.from(file.render(), 'utf8'));
  return writer.finish();
}

/** How many values an export of `system` writes at most: each token in each mode. */
export function countTokenValues(system: CompiledDesignSystem): number {
  return system.tokens.length * system.modes.length;
}
