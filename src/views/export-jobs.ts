import type { CompiledDesignSystem } from '../compile/types.js';
import { OUTPUT_FORMATS, renderFormat } from './output-formats.js';
import type { ExportJob, FormatId } from './output-formats.js';
import { toRendered } from './rendered.js';
import type { Rendered } from './rendered.js';

export type { ExportJob } from './output-formats.js';

/**
 * The body of one export of `system`: its bytes, content type, ETag and digest. `job` is plain data (a format id and
 * its options), so it renders the same here and in the render worker.
 * @example renderExport(system, { format: 'ts', options: {} }) // { body: <Buffer ...>, contentType: 'text/plain; charset=utf-8', etag: '"..."', digest: 'sha-256=:...:' }
 */
export function renderExport<Id extends FormatId>(system: CompiledDesignSystem, job: ExportJob<Id>): Rendered {
  return toRendered(renderFormat(system, job), OUTPUT_FORMATS[job.format].contentType);
}

/** How many values an export of `system` writes at most: each token in each mode. */
export function countTokenValues(system: CompiledDesignSystem): number {
  return system.tokens.length * system.modes.length;
}
