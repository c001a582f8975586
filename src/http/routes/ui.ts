import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toRendered } from '../../views/rendered.js';
import type { Rendered } from '../../views/rendered.js';
import { encodedVariant, etagOfEncoding, isCompressible, negotiateEncoding } from '../compression.js';
import { errorBody } from '../errors.js';
import { IMMUTABLE_CACHE_CONTROL, matchesIfNoneMatch } from '../send-rendered.js';

/** The page's security headers: its own scripts and styles only, data calls to this origin only, no framing. */
export const UI_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** URL prefix of the page's assets; the version segment makes every asset URL immutable. */
export const UI_ASSET_PREFIX = '/ui';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** The built page held in memory: `index.html` with the asset URLs filled in, and the assets by file name. */
export interface UiAssets {
  readonly version: string;
  readonly index: Rendered;
  readonly files: ReadonlyMap<string, Rendered>;
}

/**
 * Where `scripts/build-web.mjs` put the page: `dist/web` beside the built server (`dist/http/routes/ui.js`), or
 * `<root>/dist/web` when the server runs from its TypeScript sources (tests).
 */
export function findUiDirectory(): string | undefined {
  const candidates = [new URL('../../web/', import.meta.url), new URL('../../../dist/web/', import.meta.url)].map((url) =>
    fileURLToPath(url),
  );
  return candidates.find((directory) => existsSync(join(directory, 'index.html')) && existsSync(join(directory, 'main.js')));
}

/** Reads the built page once: every asset becomes stored bytes with a strong ETag; `index.html` links them by version. */
export function loadUiAssets(directory: string): UiAssets {
  const names = readdirSync(directory)
    .filter((name) => CONTENT_TYPES[extname(name)] !== undefined)
    .sort();
  const contents = names.map((name) => [name, readFileSync(join(directory, name))] as const);
  const hash = createHash('sha256');
  for (const [name, body] of contents) hash.update(name).update('\0').update(body).update('\0');
  const version = hash.digest('base64url').slice(0, 12);
  const base = `${UI_ASSET_PREFIX}/${version}`;
  const files = new Map(contents.map(([name, body]) => [name, toRendered(body.toString('utf8'), CONTENT_TYPES[extname(name)] as string)]));
  // Every module is preloaded, so the browser fetches them in parallel instead of import by import.
  const preload = names
    .filter((name) => name.endsWith('.js') && name !== 'main.js')
    .map((name) => `<link rel="modulepreload" href="${base}/${name}">`)
    .join('\n');
  const html = readFileSync(join(directory, 'index.html'), 'utf8').replaceAll('__ASSETS__', base).replace('<!--__PRELOAD__-->', preload);
  return { version, index: toRendered(html, 'text/html; charset=utf-8'), files };
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, rendered: Rendered, cacheControl: string): FastifyReply {
  reply.headers(UI_SECURITY_HEADERS);
  reply.header('cache-control', cacheControl);
  const compressible = isCompressible(rendered);
  const encoding = compressible ? negotiateEncoding(request.headers['accept-encoding']) : undefined;
  const etag = etagOfEncoding(rendered.etag, encoding);
  reply.header('etag', etag);
  if (compressible) reply.header('vary', 'Accept-Encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.header('content-type', rendered.contentType);
  if (encoding === undefined) return reply.send(rendered.body);
  const variant = encodedVariant(rendered, encoding);
  reply.header('content-encoding', variant.encoding);
  return reply.send(variant.body);
}

/** Route config: no API key (the page asks for one and sends it to the API itself), no rate limit (bytes in memory). */
const UI_CONFIG = { public: true, rateLimit: false } as const;
/** The page is not part of the API: it stays out of the OpenAPI document. */
const UI_SCHEMA = { hide: true } as const;

/**
 * `GET /`: the token browser page (`no-cache`: always revalidated), and `GET /ui/<version>/<file>`: its scripts and
 * styles (immutable). Without a built page (`npm run build` not run) `GET /` answers 404 saying so.
 */
export function registerUiRoutes(
  app: FastifyInstance,
  options: { readonly directory: string | undefined } = { directory: findUiDirectory() },
): void {
  const assets = options.directory === undefined ? undefined : loadUiAssets(options.directory);

  app.get('/', { config: UI_CONFIG, schema: UI_SCHEMA }, async (request, reply) => {
    if (assets === undefined) {
      return reply.code(404).send(errorBody('not_found', 'The token browser is not built: run `npm run build`.'));
    }
    return sendAsset(request, reply, assets.index, 'no-cache');
  });

  app.get(`${UI_ASSET_PREFIX}/:version/:file`, { config: UI_CONFIG, schema: UI_SCHEMA }, async (request, reply) => {
    const { version, file } = request.params as { version: string; file: string };
    const rendered = version === assets?.version ? assets.files.get(file) : undefined;
    if (rendered === undefined)
      return reply.code(404).send(errorBody('not_found', `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`));
    return sendAsset(request, reply, rendered, IMMUTABLE_CACHE_CONTROL);
  });
}
