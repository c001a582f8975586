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
 * Every file of a format rendered, checked as docs/api.md "Formats of several files" promises: paths sorted, unique,
 * relative, without empty or `..` segments. A format breaking that is a bug of ours, so it throws.
 */
export function renderFiles(files: readonly OutputFile[]): RenderedFile[] {
  const rendered = files.map((file) => ({ path: file.path, contentType: file.contentType, body: Buffer.from(file.render(), 'utf8') }));
  for (const [index, file] of rendered.entries()) {
    if (!file.path.split('/').every((segment) => SEGMENT.test(segment))) throw new Error(`A format wrote the file path \`${file.path}\``);
    const previous = rendered[index - 1];
    if (previous !== undefined && previous.path >= file.path)
      throw new Error(`A format's files are not sorted and unique at \`${file.path}\``);
  }
  return rendered;
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
