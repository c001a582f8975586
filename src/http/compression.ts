import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Rendered } from '../views/rendered.js';

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
const GZIP_LEVEL = 9;

const variants = new WeakMap<Rendered, Partial<Record<ContentEncoding, EncodedVariant>>>();

/**
 * The encoding to send for an `Accept-Encoding` header: `br` when acceptable, else `gzip`, else undefined (identity).
 * Honours q-values (`br;q=0` refuses brotli) and `*`.
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | undefined {
  if (header === undefined || header === '') return undefined;
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

/** The body compressed with `encoding`: computed on first use, then kept as long as the Rendered itself lives. */
export function encodedVariant(rendered: Rendered, encoding: ContentEncoding): EncodedVariant {
  let byEncoding = variants.get(rendered);
  if (byEncoding === undefined) {
    byEncoding = {};
    variants.set(rendered, byEncoding);
  }
  const cached = byEncoding[encoding];
  if (cached !== undefined) return cached;
  const body =
    encoding === 'br'
      ? brotliCompressSync(rendered.body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: rendered.body.byteLength,
          },
        })
      : gzipSync(rendered.body, { level: GZIP_LEVEL });
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
