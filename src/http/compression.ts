import { createHash } from 'node:crypto';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { BrotliOptions, ZlibOptions } from 'node:zlib';
import type { Rendered } from '../views/shared/rendered.js';

/** Bodies smaller than this are always sent as they are: compressing them saves less than the headers cost. */
export const MIN_COMPRESSED_BYTES = 1024;

export type ContentEncoding = 'br' | 'gzip';

/** One compressed form of a rendered body, with the headers that describe it. */
export interface EncodedVariant {
  readonly encoding: ContentEncoding;
  readonly body: Buffer;
  /** The identity ETag with `-br` or `-gz` inside the quotes. */
  readonly etag: string;
  /** Content-Digest of the bytes as sent (RFC 9530: the content after content coding). */
  readonly digest: string;
}

const ETAG_SUFFIX: Record<ContentEncoding, string> = { br: '-br', gzip: '-gz' };
/** Quality 9 compresses text nearly as well as 11 at a fraction of the CPU; it runs once per cached body anyway. */
const BROTLI_QUALITY = 9;
/** Past 4 MiB, quality 5: about four times faster, a few percent larger (a 25 MB export takes 0.4 s, not 2 s, of a core). */
const LARGE_BODY_BYTES = 4 * 1024 * 1024;
const LARGE_BODY_BROTLI_QUALITY = 5;
const GZIP_LEVEL = 9;

const variants = new WeakMap<Rendered, Partial<Record<ContentEncoding, EncodedVariant>>>();
/** Compressions under way off the main thread, so concurrent first requests share one. */
const compressing = new WeakMap<Rendered, Partial<Record<ContentEncoding, Promise<EncodedVariant>>>>();

function brotliOptions(bytes: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: bytes > LARGE_BODY_BYTES ? LARGE_BODY_BROTLI_QUALITY : BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}
const GZIP_OPTIONS: ZlibOptions = { level: GZIP_LEVEL };

/**
 * The encoding to send for an `Accept-Encoding` header: `br` when acceptable, else `gzip`, else undefined (identity).
 * Honours q-values (`br;q=0` refuses brotli) and `*`.
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | undefined {
  if (header === undefined || header === '') return undefined;
  // Clients send a handful of distinct headers: each is parsed once.
  const known = negotiated.get(header);
  if (known !== undefined) return known === 'identity' ? undefined : known;
  const chosen = parseAcceptEncoding(header);
  if (negotiated.size >= MAX_NEGOTIATED_HEADERS) negotiated.clear();
  negotiated.set(header, chosen ?? 'identity');
  return chosen;
}

const MAX_NEGOTIATED_HEADERS = 256;
const negotiated = new Map<string, ContentEncoding | 'identity'>();

function parseAcceptEncoding(header: string): ContentEncoding | undefined {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (name === '') continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q=([0-9.]+)\s*$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (Number.isFinite(q) && !weights.has(name.trim())) weights.set(name.trim(), q);
  }
  const weightOf = (name: string): number =>
    weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = weightOf('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return undefined;
}

/** Whether a body is large enough to be sent compressed (and so whether its responses vary by `Accept-Encoding`). */
export function isCompressible(rendered: Rendered): boolean {
  return rendered.body.byteLength >= MIN_COMPRESSED_BYTES;
}

/** The body compressed with `encoding`: the one `compressVariant` made, else compressed now on this thread and kept. */
export function encodedVariant(rendered: Rendered, encoding: ContentEncoding): EncodedVariant {
  const stored = variants.get(rendered)?.[encoding];
  if (stored !== undefined) return stored;
  const body =
    encoding === 'br' ? brotliCompressSync(rendered.body, brotliOptions(rendered.body.byteLength)) : gzipSync(rendered.body, GZIP_OPTIONS);
  return storeVariant(rendered, encoding, body);
}

/** Whether `encodedVariant` would answer at once (small bodies are never compressed). */
export function hasVariant(rendered: Rendered, encoding: ContentEncoding): boolean {
  return variants.get(rendered)?.[encoding] !== undefined;
}

/**
 * The body compressed with `encoding` in the thread pool, off the main thread (a large export takes a core for a
 * second): made once per body, shared by concurrent callers, then kept as long as the Rendered lives.
 */
export function compressVariant(rendered: Rendered, encoding: ContentEncoding): Promise<EncodedVariant> {
  const stored = variants.get(rendered)?.[encoding];
  if (stored !== undefined) return Promise.resolve(stored);
  let running = compressing.get(rendered);
  if (running === undefined) {
    running = {};
    compressing.set(rendered, running);
  }
  const byEncoding = running;
  let variant = byEncoding[encoding];
  if (variant === undefined) {
    variant = new Promise<Buffer>((resolve, reject) => {
      const done = (error: Error | null, body: Buffer): void => (error === null ? resolve(body) : reject(error));
      if (encoding === 'br') brotliCompress(rendered.body, brotliOptions(rendered.body.byteLength), done);
      else gzip(rendered.body, GZIP_OPTIONS, done);
    })
      .then((body) => storeVariant(rendered, encoding, body))
      .finally(() => delete byEncoding[encoding]);
    byEncoding[encoding] = variant;
  }
  return variant;
}

/** Bytes of the compressed variants a body has now (a render cache counts them with the body). */
export function variantBytes(rendered: Rendered): number {
  const byEncoding = variants.get(rendered);
  return (byEncoding?.br?.body.byteLength ?? 0) + (byEncoding?.gzip?.body.byteLength ?? 0);
}

function storeVariant(rendered: Rendered, encoding: ContentEncoding, body: Buffer): EncodedVariant {
  let byEncoding = variants.get(rendered);
  if (byEncoding === undefined) {
    byEncoding = {};
    variants.set(rendered, byEncoding);
  }
  const variant: EncodedVariant = {
    encoding,
    body,
    etag: etagOfEncoding(rendered.etag, encoding),
    digest: `sha-256=:${createHash('sha256').update(body).digest('base64')}:`,
  };
  byEncoding[encoding] = variant;
  return variant;
}

/** The ETag of a body's `encoding` variant: `"abc"` -> `"abc-br"` / `"abc-gz"`; the identity ETag itself when undefined. */
export function etagOfEncoding(identityEtag: string, encoding: ContentEncoding | undefined): string {
  if (encoding === undefined) return identityEtag;
  const suffix = ETAG_SUFFIX[encoding];
  return identityEtag.endsWith('"') ? `${identityEtag.slice(0, -1)}${suffix}"` : `${identityEtag}${suffix}`;
}

/** The identity ETag an entity tag of any variant stands for (`"abc-br"` -> `"abc"`). */
export function stripEtagSuffix(etag: string): string {
  return etag.replace(/-(?:br|gz)"$/, '"');
}
