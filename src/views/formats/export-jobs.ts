import type { CompiledDesignSystem } from '../../compile/types.js';
import { toRendered, toRenderedBytes, ZIP_TYPE } from '../shared/rendered.js';
import type { Rendered } from '../shared/rendered.js';
import { perSystem } from '../shared/system-memo.js';
import { checkFilePaths } from './file-manifest.js';
import type { FormatOptions, FormatQuery, OutputFile, OutputFormat } from './output-format.js';
import { OUTPUT_FORMATS } from './output-formats.js';
import type { FormatId, OptionsOf } from './output-formats.js';
import { ZipWriter } from './zip-archive.js';

/** One export to render, as plain data (rendered on this thread or in the render worker with the same result). */
export type ExportJob<Id extends FormatId = FormatId> = {
  [Each in Id]: { readonly format: Each; readonly options: OptionsOf<Each>; readonly part?: FilePart };
}[Id];

/** Which part of a format of several files a job renders: one file by its path, or all of them zipped (absent: the manifest). */
export type FilePart = { readonly file: string } | { readonly zip: true };

/** The job for format `id` with the options `query` asks for; throws `FormatOptionError` as `readOptions` does. */
export function exportJobOf<Id extends FormatId>(id: Id, query: FormatQuery): ExportJob {
  const format: OutputFormat<OptionsOf<Id>> = OUTPUT_FORMATS[id];
  return jobOf(id, format.readOptions(query));
}

/** A job from a format id and options of that format. */
export function jobOf<Id extends FormatId>(format: Id, options: OptionsOf<Id>): ExportJob {
  // The checker cannot tie a generic `Id` to one member of the union; the signature does.
  return { format, options } as ExportJob;
}

/** The files of a format of several files (none for a format of one file), listed without rendering them. */
export function filesOf<Id extends FormatId>(system: CompiledDesignSystem, job: ExportJob<Id>): readonly OutputFile[] {
  return listedFiles(system, job).list;
}

/** The file of a format of several files at `path`, or undefined when its manifest does not list one there. */
export function fileAt<Id extends FormatId>(system: CompiledDesignSystem, job: ExportJob<Id>, path: string): OutputFile | undefined {
  return listedFiles(system, job).byPath.get(path);
}

/** Every compiled system's file lists by format and options. */
const fileLists = perSystem(() => new Map<string, { list: readonly OutputFile[]; byPath: ReadonlyMap<string, OutputFile> }>());

/**
 * A format's file list, once per compiled system and options: each request for one file looks its path up there, and
 * an asset catalog of 5,000 colours must not be listed again per file.
 */
function listedFiles(
  system: CompiledDesignSystem,
  job: { readonly format: FormatId; readonly options: FormatOptions },
): { list: readonly OutputFile[]; byPath: ReadonlyMap<string, OutputFile> } {
  const key = `${job.format}|${JSON.stringify(job.options)}`;
  const lists = fileLists(system);
  let listed = lists.get(key);
  if (listed === undefined) {
    const format = OUTPUT_FORMATS[job.format] as OutputFormat<FormatOptions>;
    const list = format.files?.(system, job.options) ?? [];
    listed = { list, byPath: new Map(list.map((file) => [file.path, file])) };
    lists.set(key, listed);
  }
  return listed;
}

/** Whether a format is a folder of several files. */
export function hasFiles(id: FormatId): boolean {
  return OUTPUT_FORMATS[id].files !== undefined;
}

/** The design system's body in format `Id`, as text (`renderExport` wraps it with its ETag and digest). */
export function renderFormat<Id extends FormatId>(system: CompiledDesignSystem, job: ExportJob<Id>): string {
  const format: OutputFormat<OptionsOf<Id>> = OUTPUT_FORMATS[job.format];
  return format.render(system, job.options);
}

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
