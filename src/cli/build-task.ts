import { createHash } from 'node:crypto';
import type { CompiledDesignSystem } from '../compile/types.js';
import { manifestText, renderFiles } from '../views/formats/file-manifest.js';
import { OUTPUT_FORMATS } from '../views/formats/output-formats.js';
import { filesOf, renderFormat } from '../views/formats/export-jobs.js';
import type { ExportJob } from '../views/formats/export-jobs.js';
import { JSON_TYPE } from '../views/shared/rendered.js';

/** One file a build writes for one format of one design system. */
export interface BuildPiece {
  /** What follows `<slug>/<fileName>` in the folder: `` for a single file; `.manifest.json`, `/<path>` for a folder's. */
  readonly suffix: string;
  /** What follows the format's route in the API request answering these bytes: `` or `/<path>`. */
  readonly routePath: string;
  readonly contentType: string;
  readonly body: Uint8Array;
}

/** A piece with the digests its manifest entry lists. */
export interface DigestedPiece extends BuildPiece {
  /** Lowercase hex SHA-256. */
  readonly sha256: string;
  /** Subresource Integrity value, `sha384-<base64>`. */
  readonly integrity: string;
}

/**
 * The files one format writes for one design system, with the bytes its routes answer: a single-file format's body
 * (`renderFormat`, as `GET /export/<format>` renders it); a format of several files' manifest (`GET /export/<format>`)
 * and each of its files (`GET /export/<format>/<path>`), every file rendered once.
 */
export function renderBuildTask(system: CompiledDesignSystem, job: ExportJob): BuildPiece[] {
  const folder = renderFiles(filesOf(system, job));
  if (folder.length === 0)
    return [
      {
        suffix: '',
        routePath: '',
        contentType: OUTPUT_FORMATS[job.format].contentType,
        body: Buffer.from(renderFormat(system, job), 'utf8'),
      },
    ];
  return [
    { suffix: '.manifest.json', routePath: '', contentType: JSON_TYPE, body: Buffer.from(manifestText(job.format, folder), 'utf8') },
    ...folder.map((file) => ({ suffix: `/${file.path}`, routePath: `/${file.path}`, contentType: file.contentType, body: file.body })),
  ];
}

/** The piece with the digests its manifest entry lists. */
export function digest(piece: BuildPiece): DigestedPiece {
  return {
    ...piece,
    sha256: createHash('sha256').update(piece.body).digest('hex'),
    integrity: `sha384-${createHash('sha384').update(piece.body).digest('base64')}`,
  };
}
