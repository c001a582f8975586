import type { CompiledDesignSystem } from '../../compile/types.js';
import { JSON_TYPE } from '../shared/rendered.js';
import { renderFileManifest } from './file-manifest.js';
import type { FormatOptions, OutputFile, OutputFormat } from './output-format.js';

/** The manifest of a format of several files, for the OpenAPI document. */
const FILE_MANIFEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'files'],
  properties: {
    format: { type: 'string' },
    files: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['path', 'contentType', 'bytes', 'sha256'],
        properties: {
          path: { type: 'string' },
          contentType: { type: 'string' },
          bytes: { type: 'integer' },
          sha256: { type: 'string', pattern: '^[0-9a-f]{64}$' },
        },
      },
    },
  },
};

/**
 * The part of a row that a format of several files has: its body at `/export/<id>` is the manifest of its files
 * (file-manifest.ts), each file served at `/export/<id>/<path>` and all of them at `/export/<id>.zip`.
 */
export const severalFiles = <Options extends FormatOptions>(
  id: string,
  files: (system: CompiledDesignSystem, options: Options) => readonly OutputFile[],
) =>
  ({
    contentType: JSON_TYPE,
    bodySchema: FILE_MANIFEST_SCHEMA,
    files,
    render: (system: CompiledDesignSystem, options: Options) => renderFileManifest(id, files(system, options)),
  }) satisfies Partial<OutputFormat<Options>>;
