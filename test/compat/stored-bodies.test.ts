import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../src/views/formats/output-formats.js';
import { exampleUrlsOf, routeOf } from '../../src/views/formats/output-format.js';
import { bearer, buildExampleApp, buildLoadedApp, DEMO_KEY, DOCS_KEY, HARBOR_KEY } from '../helpers/app.js';
import { fixturePath } from '../helpers/fixtures.js';

/**
 * Every read route over the example design systems and the kitchen-sink fixture, answered exactly as stored in
 * `test/fixtures/stored-bodies/`: the promise that a source using only what the spec describes keeps answering
 * byte-identically while the value model changes underneath. After a deliberate change of output, rewrite the stored
 * bodies with `STORE_BODIES=1 npx vitest run test/compat` and review the diff of the stored files.
 */
const STORE = process.env['STORE_BODIES'] === '1';
const KITCHEN_KEY = 'dts_kitchen_sink_key';

/** Every example request of every output format, in the registry's order (a new format joins with its examples). */
const EXPORT_VARIANTS = OUTPUT_FORMAT_IDS.flatMap((id) => exampleUrlsOf(OUTPUT_FORMATS[id]));
/** The example requests of the formats of several files: their manifests, whose files are stored too. */
const FOLDER_VARIANTS = OUTPUT_FORMAT_IDS.filter((id) => OUTPUT_FORMATS[id].files !== undefined).flatMap((id) =>
  exampleUrlsOf(OUTPUT_FORMATS[id]),
);

const LISTINGS = [
  '/api/v1/design-system',
  '/api/v1/design-systems',
  '/api/v1/tokens',
  '/api/v1/tokens?format=nested',
  '/api/v1/tokens?type=color',
  '/api/v1/tokens?type=shadow&format=nested',
  '/api/v1/primitives',
  '/api/v1/primitives?type=font.size',
  '/api/v1/scales',
];

interface StoredAnswer {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly etag: string | undefined;
  readonly body: string;
}

/** Every listing and export, then every token by its path, as `key` sees them (with `?designSystem=` when given). */
async function answerEveryRoute(app: FastifyInstance, key: string, designSystem?: string): Promise<Record<string, StoredAnswer>> {
  const scoped = (url: string): string =>
    designSystem === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}designSystem=${designSystem}`;
  const answer = async (url: string): Promise<StoredAnswer> => {
    const response = await app.inject({ method: 'GET', url: scoped(url), headers: bearer(key) });
    const contentType = response.headers['content-type'];
    const etag = response.headers['etag'];
    return {
      status: response.statusCode,
      contentType: typeof contentType === 'string' ? contentType : undefined,
      etag: typeof etag === 'string' ? etag : undefined,
      body: response.body,
    };
  };
  const answers: Record<string, StoredAnswer> = {};
  for (const url of [...LISTINGS, ...EXPORT_VARIANTS]) answers[url] = await answer(url);
  // A format of several files: every file its manifest lists, at `<route>/<path>` with the same query.
  for (const url of FOLDER_VARIANTS) {
    const manifest = JSON.parse(answers[url]?.body ?? '{}') as { files?: { path: string }[] };
    const [route, query] = url.split('?');
    for (const { path } of manifest.files ?? []) {
      const fileUrl = `${route}/${path}${query === undefined ? '' : `?${query}`}`;
      answers[fileUrl] = await answer(fileUrl);
    }
  }
  const listed = JSON.parse(answers['/api/v1/tokens']?.body ?? '{}') as { data?: { tokens?: { key: string }[] } };
  for (const { key: tokenKey } of listed.data?.tokens ?? []) {
    const url = `/api/v1/tokens/${tokenKey.split('.').join('/')}`;
    answers[url] = await answer(url);
  }
  return answers;
}

function compareWithStored(name: string, answers: Record<string, StoredAnswer>): void {
  const file = fixturePath(`stored-bodies/${name}.json`);
  if (STORE) writeFileSync(file, `${JSON.stringify(answers, null, 1)}\n`);
  if (!existsSync(file)) throw new Error(`no stored bodies at ${file}: run STORE_BODIES=1 npx vitest run test/compat`);
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, StoredAnswer>;
  expect(Object.keys(answers)).toEqual(Object.keys(stored));
  for (const [url, answer] of Object.entries(answers)) expect({ url, ...answer }).toEqual({ url, ...stored[url] });
}

/** Every stored system's answers by URL, read from `test/fixtures/stored-bodies/`. */
const readStoredSystems = (): [string, Record<string, StoredAnswer>][] =>
  readdirSync(fixturePath('stored-bodies'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file, JSON.parse(readFileSync(fixturePath(`stored-bodies/${file}`), 'utf8')) as Record<string, StoredAnswer>]);

const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups) cleanup();
});

describe('stored bodies: every read route answers as before', () => {
  it.each([
    ['acme', DEMO_KEY, undefined],
    ['acme-docs-via-access', DEMO_KEY, 'acme-docs'],
    ['acme-docs', DOCS_KEY, undefined],
    ['harbor', HARBOR_KEY, undefined],
  ] as const)('the example design systems: %s', async (name, key, designSystem) => {
    const { app } = await buildExampleApp();
    compareWithStored(name, await answerEveryRoute(app, key, designSystem));
    await app.close();
  });

  it('the kitchen-sink fixture (every value kind)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dts-stored-bodies-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const keysPath = join(dir, 'keys.yaml');
    const sha256 = createHash('sha256').update(KITCHEN_KEY).digest('hex');
    writeFileSync(keysPath, `keys:\n  - name: kitchen\n    sha256: ${sha256}\n    designSystem: kitchen-sink\n`);
    const { app } = await buildLoadedApp(fixturePath('valid'), keysPath);
    compareWithStored('kitchen-sink', await answerEveryRoute(app, KITCHEN_KEY));
    await app.close();
  });
});

describe('stored bodies that can fail', () => {
  // A stored example that answers what the plain request answers on every system guards nothing of its parameters:
  // breaking `references=keep` would still pass. Each example must change the body on some stored system.
  it.each(
    OUTPUT_FORMAT_IDS.flatMap((id) =>
      exampleUrlsOf(OUTPUT_FORMATS[id])
        .slice(1)
        .map((url) => [id, url] as const),
    ),
  )('%s: %s answers a body other than the plain request’s on some stored system', (id, url) => {
    const plain = routeOf(OUTPUT_FORMATS[id]);
    const differing = readStoredSystems()
      .filter(([, stored]) => stored[url] !== undefined && stored[plain] !== undefined && stored[url].body !== stored[plain].body)
      .map(([file]) => file);
    expect(differing, `${url} answers the plain request's body on every stored system`).not.toEqual([]);
  });
});
