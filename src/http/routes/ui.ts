import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { toRendered } from '../../views/shared/rendered.js';
import type { Rendered } from '../../views/shared/rendered.js';
import { sendError } from '../errors.js';
import { IMMUTABLE_CACHE_CONTROL, sendRendered } from '../send-rendered.js';
import type { SendOptions } from '../send-rendered.js';

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

/** How the page's files go out: with its security headers and `cacheControl`; without `Content-Digest`, an API header. */
function pageFileOptions(cacheControl: string): SendOptions {
  return { headers: { ...UI_SECURITY_HEADERS, 'cache-control': cacheControl }, contentDigest: false };
}

/** Route config: no API key (the page asks for one and sends it to the API itself), no rate limit (bytes in memory). */
const UI_CONFIG = { public: true, rateLimit: false } as const;
/** The page is not part of the API: it stays out of the OpenAPI document. */
const UI_SCHEMA = { hide: true } as const;

/** `/ui/<version>/<file>`: path parameters the route checks itself (an unknown pair is a 404). */
interface UiFileRoute {
  Params: { version: string; file: string };
}

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
      return sendError(reply, 'not_found', 'The token browser is not built: run `npm run build`.');
    }
    return sendRendered(request, reply, assets.index, pageFileOptions('no-cache'));
  });

  app.get<UiFileRoute>(`${UI_ASSET_PREFIX}/:version/:file`, { config: UI_CONFIG, schema: UI_SCHEMA }, async (request, reply) => {
    const { version, file } = request.params;
    const rendered = version === assets?.version ? assets.files.get(file) : undefined;
    if (rendered === undefined) return sendError(reply, 'not_found', `No route ${request.method} ${request.url.split('?')[0] ?? ''}.`);
    return sendRendered(request, reply, rendered, pageFileOptions(IMMUTABLE_CACHE_CONTROL));
  });
}
