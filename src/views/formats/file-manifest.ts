import { createHash } from 'node:crypto';
import type { OutputFile } from './output-format.js';

/** One file of a format of several files as its manifest lists it. */
export interface ManifestEntry {
  readonly path: string;
  readonly contentType: string;
  readonly bytes: number;
  /** Lowercase hex SHA-256 of the file's bytes. */
  readonly sha256: string;
}

/** A rendered file of a format of several files: its path, media type and bytes. */
export interface RenderedFile {
  readonly path: string;
  readonly contentType: string;
  readonly body: Buffer;
}

/** A path inside a format's folder: `/`-separated segments of letters, digits, `.`, `-`, `_`, `+`, `@` and spaces. */
const SEGMENT = /^(?!\.{1,2}$)[\w.+@ -]+$/u;

/**
 * Every file of a format rendered, checked as docs/api.md "Formats of several files" promises (see {@link checkFilePaths}).
 */
export function renderFiles(files: readonly OutputFile[]): RenderedFile[] {
  checkFilePaths(files);
  return files.map((file) => ({ path: file.path, contentType: file.contentType, body: Buffer.from(file.render(), 'utf8') }));
}

/**
 * Throws unless the paths are as docs/api.md "Formats of several files" promises: sorted, unique, relative, without
 * empty or `..` segments. A format breaking that is a bug of ours.
 */
export function checkFilePaths(files: readonly { readonly path: string }[]): void {
  for (const [index, file] of files.entries()) {
    if (!file.path.split('/').every((segment) => SEGMENT.test(segment))) throw new Error(`A format wrote the file path \`${file.path}\``);
    const previous = files[index - 1];
    if (previous !== undefined && previous.path >= file.path)
      throw new Error(`A format's files are not sorted and unique at \`${file.path}\``);
  }
}

/** The manifest of a format's rendered files. */
export function manifestEntries(files: readonly RenderedFile[]): ManifestEntry[] {
  return files.map((file) => ({
    path: file.path,
    contentType: file.contentType,
    bytes: file.body.byteLength,
    sha256: createHash('sha256').update(file.body).digest('hex'),
  }));
}

/**
 * The body of `GET /export/<format>` for a format of several files: `{ format, files }` with each file's path, media
 * type, size and SHA-256, sorted by path; it changes exactly when a file does.
 */
export function renderFileManifest(format: string, files: readonly OutputFile[]): string {
  return manifestText(format, renderFiles(files));
}

/** The manifest's text from files already rendered (an offline build renders each file once). */
export function manifestText(format: string, files: readonly RenderedFile[]): string {
  return `${JSON.stringify({ format, files: manifestEntries(files) }, null, 2)}\n`;
}
