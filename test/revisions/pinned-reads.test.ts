import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import { createApiRuntime } from '../../src/http/api-runtime.js';
import type { ApiRequest } from '../../src/http/api-runtime.js';
import { RenderCache } from '../../src/http/render-cache.js';
import { ExportRenderer } from '../../src/http/render-thread.js';
import { GitRevisions } from '../../src/source/git-revisions.js';
import { startServer } from '../../src/serve.js';
import { DEMO_KEY as PUBLISHED_DEMO_KEY, DOCS_KEY as PUBLISHED_DOCS_KEY } from '../helpers/app.js';
import { EXAMPLE_KEYS, EXAMPLE_SOURCE, loadSnapshot, readYamlFiles } from '../helpers/fixtures.js';
import { keysYaml, useFixtures } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { fetchRaw, gitIn, makeTempDir } from './git-helpers.js';
import type { RawResponse } from './git-helpers.js';

const fixtures = useFixtures();

// The published example keys open the bundled examples only, not this copy: it gets keys of its own, same access.
const DEMO_KEY = 'dts_pinned_reads_demo_key';
const DOCS_KEY = 'dts_pinned_reads_docs_key';
const sha256 = (key: string): string => createHash('sha256').update(key).digest('hex');

/** The example design systems under `design-systems/`, the example keys at the root. */
async function exampleFiles(prefix = 'design-systems/'): Promise<Record<string, string>> {
  const keys = readFileSync(EXAMPLE_KEYS, 'utf8')
    .replace(sha256(PUBLISHED_DEMO_KEY), sha256(DEMO_KEY))
    .replace(sha256(PUBLISHED_DOCS_KEY), sha256(DOCS_KEY));
  const files: Record<string, string> = { 'keys.yaml': keys };
  for (const [path, text] of await readYamlFiles(EXAMPLE_SOURCE)) files[`${prefix}${path}`] = text;
  return files;
}

/** Every read route, for the key's own design system and the one it may also read. */
const ROUTES = [
  '/api/v1/tokens',
  '/api/v1/tokens?format=nested',
  '/api/v1/tokens?type=color',
  '/api/v1/tokens/spacing/md',
  '/api/v1/tokens/spacing.gutter',
  '/api/v1/primitives',
  '/api/v1/primitives?type=spacing',
  '/api/v1/scales',
  '/api/v1/design-system',
  '/api/v1/project',
  '/api/v1/design-systems',
  '/api/v1/projects',
  '/api/v1/export/css',
  '/api/v1/export/css?prefix=--acme&naming=camelCase',
  '/api/v1/export/json',
  '/api/v1/export/ts',
  '/api/v1/revisions',
  '/api/v1/revisions?limit=1',
  '/api/v1/tokens?designSystem=acme-docs',
  '/api/v1/design-system?designSystem=acme-docs',
  '/api/v1/export/css?designSystem=acme-docs',
  '/api/v1/export/json?designSystem=acme-docs',
  '/api/v1/export/ts?designSystem=acme-docs',
  '/api/v1/revisions?designSystem=acme-docs',
];

const withRef = (route: string, ref: string): string => `${route}${route.includes('?') ? '&' : '?'}ref=${encodeURIComponent(ref)}`;

interface History {
  readonly repo: FixtureRepo;
  /** Commit shas by name, oldest first. */
  readonly c: { c1: string; c2: string; c3: string; c4: string; c5: string };
}

/**
 * Five commits on the example content: c2 changes a token (tagged `v1`, annotated), c3 adds a token file and
 * changes acme-docs, c4 deletes a token file, c5 touches only acme-docs. The work tree then gets an uncommitted edit.
 */
async function createHistory(): Promise<History> {
  const repo = fixtures.repo(await exampleFiles(), { commitDate: '2024-01-10T10:00:00Z' });
  const c1 = repo.git('rev-parse', 'HEAD').trim();
  const layout = 'design-systems/acme/tokens/layout.yaml';
  const layoutText = readFileSync(join(repo.root, layout), 'utf8');
  repo.write(
    layout,
    layoutText.replace('gutter: { type: spacing, value: 24, unit: px }', 'gutter: { type: spacing, value: 20, unit: px }'),
  );
  const c2 = repo.commit('Narrower gutter', '2024-02-10T10:00:00Z');
  repo.git('tag', '-a', 'v1', '-m', 'Release 1', c2);
  repo.write(
    'design-systems/acme/tokens/extra.yaml',
    'tokens:\n  extra:\n    inset: { type: spacing, value: 6 }\n    on: { type: boolean, value: true }\n',
  );
  const docs = 'design-systems/acme-docs/tokens.yaml';
  repo.write(docs, readFileSync(join(repo.root, docs), 'utf8').replace('step: 11 }', 'step: 10 }'));
  const c3 = repo.commit('Extra tokens; quieter docs text', '2024-03-10T10:00:00Z');
  repo.remove('design-systems/acme/tokens/features.yaml');
  const c4 = repo.commit('Drop feature flags', '2024-04-10T10:00:00Z');
  repo.write(docs, readFileSync(join(repo.root, docs), 'utf8').replace('step: 10 }', 'step: 9 }'));
  const c5 = repo.commit('Docs only', '2024-05-10T10:00:00Z');
  // Uncommitted: the live server serves it, no pinned revision does.
  repo.write(
    layout,
    layoutText.replace('gutter: { type: spacing, value: 24, unit: px }', 'gutter: { type: spacing, value: 99, unit: px }'),
  );
  return { repo, c: { c1, c2, c3, c4, c5 } };
}

/** A server over a separate work tree checked out at `sha` (`git worktree add`), with the live keys file. */
async function startCheckoutServer(repo: FixtureRepo, sha: string): Promise<RunningServer> {
  const { dir, cleanup } = makeTempDir('dts-checkout-');
  const tree = join(dir, 'tree');
  repo.git('worktree', 'add', '-q', '--detach', tree, sha);
  fixtures.defer(cleanup);
  fixtures.defer(() => repo.git('worktree', 'remove', '--force', tree));
  const server = await startServer({
    source: join(tree, 'design-systems'),
    keys: repo.keys,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent',
    rateLimit: 0,
  });
  fixtures.defer(() => server.close());
  return server;
}

function expectJsonError(response: RawResponse, status: number, code: string): void {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  const body = JSON.parse(response.text) as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
}

describe('?ref= answers exactly what a checkout of that commit answers', () => {
  it('byte for byte on every route, lastUpdated from history, for shas, an annotated tag and a branch', async () => {
    const { repo, c } = await createHistory();
    const live = await fixtures.start(repo);
    for (const [sha, ref] of [
      [c.c1, c.c1],
      [c.c2, 'v1'],
      [c.c4, c.c4],
      [c.c5, 'main'],
    ] as const) {
      const checkout = await startCheckoutServer(repo, sha);
      for (const route of ROUTES) {
        const expected = await fetchRaw(checkout.url, route, DEMO_KEY);
        const pinned = await fetchRaw(live.url, withRef(route, ref), DEMO_KEY);
        expect({ route, ref, status: pinned.status, body: pinned.text }).toEqual({ route, ref, status: 200, body: expected.text });
        expect(pinned.bytes.equals(expected.bytes)).toBe(true);
        expect(pinned.headers.get('content-type')).toBe(expected.headers.get('content-type'));
        expect(pinned.headers.get('content-digest')).toBe(expected.headers.get('content-digest'));
        expect(pinned.headers.get('x-git-commit')).toBe(sha);
        expect(expected.headers.get('x-git-commit')).toBe(sha);
      }
    }
    // lastUpdated: committer time of the newest commit at or before the revision that touched the folder.
    const lastUpdated = async (ref: string, designSystem = 'acme'): Promise<unknown> =>
      (
        JSON.parse((await fetchRaw(live.url, `/api/v1/design-system?designSystem=${designSystem}&ref=${ref}`, DEMO_KEY)).text) as {
          data: { lastUpdated: unknown };
        }
      ).data.lastUpdated;
    expect(await lastUpdated(c.c1)).toBe('2024-01-10T10:00:00.000Z');
    expect(await lastUpdated('v1')).toBe('2024-02-10T10:00:00.000Z');
    expect(await lastUpdated(c.c5)).toBe('2024-04-10T10:00:00.000Z');
    expect(await lastUpdated(c.c5, 'acme-docs')).toBe('2024-05-10T10:00:00.000Z');
    expect(await lastUpdated(c.c4, 'acme-docs')).toBe('2024-03-10T10:00:00.000Z');
    // The live server serves the uncommitted edit; no revision does.
    const gutter = async (path: string): Promise<unknown> =>
      (JSON.parse((await fetchRaw(live.url, path, DEMO_KEY)).text) as { data: { value: unknown } }).data.value;
    expect(await gutter('/api/v1/tokens/spacing/gutter')).toEqual({ value: 99, unit: 'px' });
    expect(await gutter(`/api/v1/tokens/spacing/gutter?ref=${c.c1}`)).toEqual({ value: 24, unit: 'px' });
    expect(await gutter(`/api/v1/tokens/spacing/gutter?ref=${c.c5}`)).toEqual({ value: 20, unit: 'px' });
    expect(await gutter(`/api/v1/tokens/spacing/gutter?ref=main`)).toEqual({ value: 20, unit: 'px' });
    expect(await gutter(`/api/v1/tokens/spacing/gutter?ref=main~3`)).toEqual({ value: 20, unit: 'px' });
    expect(await gutter(`/api/v1/tokens/spacing/gutter?ref=main~4`)).toEqual({ value: 24, unit: 'px' });
    // A token deleted at c4 exists at c3 only.
    expect((await fetchRaw(live.url, `/api/v1/tokens/feature/betaBadges?ref=${c.c3}`, DEMO_KEY)).status).toBe(200);
    expectJsonError(await fetchRaw(live.url, `/api/v1/tokens/feature/betaBadges?ref=${c.c4}`, DEMO_KEY), 404, 'token_not_found');
  });

  it('names the sha in x-git-commit; a full-sha pin is immutable with a sha-based ETag, a branch, tag or short sha is not', async () => {
    const { repo, c } = await createHistory();
    const live = await fixtures.start(repo);
    const plain = await fetchRaw(live.url, '/api/v1/export/css', DEMO_KEY);
    expect(plain.headers.get('cache-control')).toBe('private, no-cache');
    expect(plain.headers.get('x-snapshot-seq')).toMatch(/^\d+$/);
    expect(plain.headers.get('x-git-commit')).toBe(c.c5);

    const checkout = await startCheckoutServer(repo, c.c2);
    const bodyEtag = (await fetchRaw(checkout.url, '/api/v1/export/css', DEMO_KEY)).headers.get('etag') as string;
    const bySha = await fetchRaw(live.url, `/api/v1/export/css?ref=${c.c2}`, DEMO_KEY);
    expect(bySha.status).toBe(200);
    expect(bySha.headers.get('x-git-commit')).toBe(c.c2);
    expect(bySha.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bySha.headers.get('etag')).toBe(`"${c.c2}.${bodyEtag.slice(1)}`);
    expect(bySha.headers.get('vary')?.split(', ')).toContain('Authorization');
    expect(bySha.headers.get('x-snapshot-seq')).toBeNull();
    const revalidated = await fetchRaw(live.url, `/api/v1/export/css?ref=${c.c2}`, DEMO_KEY, {
      'if-none-match': bySha.headers.get('etag') as string,
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
    expect(revalidated.headers.get('x-git-commit')).toBe(c.c2);

    for (const ref of ['v1', c.c2.slice(0, 12), 'main~3', c.c2.toUpperCase()]) {
      const moving = await fetchRaw(live.url, `/api/v1/export/css?ref=${ref}`, DEMO_KEY);
      expect({
        ref,
        status: moving.status,
        commit: moving.headers.get('x-git-commit'),
        cacheControl: moving.headers.get('cache-control'),
        etag: moving.headers.get('etag'),
      }).toEqual({
        ref,
        status: 200,
        commit: c.c2,
        cacheControl: 'private, no-cache',
        etag: bodyEtag,
      });
      expect(moving.bytes.equals(bySha.bytes)).toBe(true);
    }
    // Errors on a pinned request are not cached as immutable.
    const missing = await fetchRaw(live.url, `/api/v1/tokens/nope?ref=${c.c2}`, DEMO_KEY);
    expectJsonError(missing, 404, 'token_not_found');
    expect(missing.headers.get('cache-control')).toBeNull();
  });

  it('answers 404 ref_not_found for well-formed refs that name nothing, and a non-commit object', async () => {
    const { repo, c } = await createHistory();
    const live = await fixtures.start(repo);
    const blob = repo.git('rev-parse', `${c.c1}:keys.yaml`).trim();
    const tree = repo.git('rev-parse', `${c.c1}^{tree}`).trim();
    for (const ref of [
      '0000000000000000000000000000000000000000',
      'deadbeef',
      'no-such-branch',
      'v9',
      'refs/heads/nope',
      `main~40`,
      blob,
      tree,
      'feature/x',
    ]) {
      const response = await fetchRaw(live.url, `/api/v1/tokens?ref=${ref}`, DEMO_KEY);
      expectJsonError(response, 404, 'ref_not_found');
      expect(JSON.parse(response.text)).toEqual({
        error: { code: 'ref_not_found', message: `No commit, tag or branch \`${ref}\` in the repository.` },
      });
    }
    // The annotated tag object itself peels to its commit.
    const tagObject = repo.git('rev-parse', 'v1').trim();
    expect(tagObject).not.toBe(c.c2);
    const byTagObject = await fetchRaw(live.url, `/api/v1/tokens?ref=${tagObject}`, DEMO_KEY);
    expect(byTagObject.status).toBe(200);
    expect(byTagObject.headers.get('x-git-commit')).toBe(c.c2);
    expect(byTagObject.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('checks keys against the live keys file, never the pinned revision’s', async () => {
    const { repo, c } = await createHistory();
    const live = await fixtures.start(repo);
    expect((await fetchRaw(live.url, `/api/v1/tokens?ref=${c.c1}`, DOCS_KEY)).status).toBe(200);
    // Revoke the docs key and add a new one in the live file only (uncommitted): revisions follow it at once.
    repo.writeAtomic('keys.yaml', keysYaml([{ name: 'fresh', key: 'dts_fresh_key_0001', designSystem: 'acme-docs' }]));
    const deadline = Date.now() + 5_000;
    while ((await fetchRaw(live.url, '/api/v1/tokens', 'dts_fresh_key_0001')).status !== 200 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expectJsonError(await fetchRaw(live.url, `/api/v1/tokens?ref=${c.c1}`, DOCS_KEY), 401, 'unauthorized');
    expectJsonError(await fetchRaw(live.url, `/api/v1/tokens?ref=${c.c1}`, DEMO_KEY), 401, 'unauthorized');
    const fresh = await fetchRaw(live.url, `/api/v1/design-system?ref=${c.c1}`, 'dts_fresh_key_0001');
    expect(fresh.status).toBe(200);
    expect((JSON.parse(fresh.text) as { data: { id: string } }).data.id).toBe('acme-docs-site');
    // A bad key is refused before the ref is even looked at.
    expectJsonError(await fetchRaw(live.url, '/api/v1/tokens?ref=no-such-branch', 'dts_wrong'), 401, 'unauthorized');
  });

  it('reads a source folder that lives deeper below the repository root', async () => {
    const files = await exampleFiles('packages/tokens/design-systems/');
    const repo = fixtures.repo(files, { commitDate: '2024-06-01T08:00:00Z' });
    const first = repo.git('rev-parse', 'HEAD').trim();
    // A sibling folder with YAML that must never be read as a design system.
    repo.write('packages/other/acme/tokens.yaml', 'tokens: [not, a, design, system]\n');
    repo.write('packages/tokens/design-systems/acme/tokens/extra.yaml', 'tokens:\n  deep:\n    one: { type: spacing, value: 1 }\n');
    const second = repo.commit('deeper change', '2024-07-01T08:00:00Z');
    const server = await startServer({
      source: join(repo.root, 'packages/tokens/design-systems'),
      keys: repo.keys,
      port: 0,
      host: '127.0.0.1',
      logLevel: 'silent',
      rateLimit: 0,
    });
    fixtures.defer(() => server.close());
    const live = await fetchRaw(server.url, '/api/v1/tokens', DEMO_KEY);
    const pinned = await fetchRaw(server.url, `/api/v1/tokens?ref=${second}`, DEMO_KEY);
    expect(pinned.text).toBe(live.text);
    const old = await fetchRaw(server.url, `/api/v1/tokens/deep/one?ref=${first}`, DEMO_KEY);
    expectJsonError(old, 404, 'token_not_found');
    const design = JSON.parse((await fetchRaw(server.url, `/api/v1/design-system?ref=${first}`, DEMO_KEY)).text) as {
      data: { lastUpdated: string };
    };
    expect(design.data.lastUpdated).toBe('2024-06-01T08:00:00.000Z');
    const revisions = JSON.parse((await fetchRaw(server.url, '/api/v1/revisions', DEMO_KEY)).text) as {
      data: { revisions: { sha: string }[] };
    };
    expect(revisions.data.revisions.map((entry) => entry.sha)).toEqual([second, first]);
  });

  it('on a plain folder (no Git) refuses ?ref= with 400 and lists no revisions', async () => {
    const repo = fixtures.repo(await exampleFiles(), { git: false });
    const server = await fixtures.start(repo);
    const refused = await fetchRaw(server.url, '/api/v1/tokens?ref=main', DEMO_KEY);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toEqual({
      error: { code: 'invalid_parameter', message: '`ref` needs a source in a Git repository; this server reads a plain folder.' },
    });
    const revisions = await fetchRaw(server.url, '/api/v1/revisions', DEMO_KEY);
    expect(revisions.status).toBe(200);
    expect(JSON.parse(revisions.text)).toEqual({ data: { revisions: [], nextCursor: null } });
    expect(revisions.headers.get('x-git-commit')).toBeNull();
  });
});

describe('GitRevisions', () => {
  it('builds a revision once however many requests ask for it at the same time, then serves it from the cache', async () => {
    const { repo, c } = await createHistory();
    const revisions = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' });
    fixtures.defer(() => revisions.close());
    const snapshots = await Promise.all(Array.from({ length: 50 }, () => revisions.snapshotAt(c.c3)));
    expect(revisions.builds).toBe(1);
    expect(new Set(snapshots).size).toBe(1);
    expect(await revisions.snapshotAt(c.c3)).toBe(snapshots[0]);
    expect(revisions.builds).toBe(1);
    const snapshot = snapshots[0];
    expect(snapshot?.git.commit).toBe(c.c3);
    expect([...(snapshot?.systems.keys() ?? [])].sort()).toEqual(['acme', 'acme-docs', 'harbor']);
    expect(snapshot?.systems.get('acme')?.problems).toEqual([]);
    // Same content as the work tree files of that commit, read from objects (no checkout).
    expect(gitIn(repo.root, 'status', '--porcelain')).toBe('M design-systems/acme/tokens/layout.yaml');
    expect(snapshot?.files.get('acme/tokens/extra.yaml')?.text).toBe(repo.git('show', `${c.c3}:design-systems/acme/tokens/extra.yaml`));
  });

  it('evicts built revisions beyond its memory bound and rebuilds them on demand', async () => {
    const { repo, c } = await createHistory();
    // Room for one snapshot of the example (estimated from its texts, tokens, values and references), not two.
    const revisions = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' }, { cacheBytes: 600_000 });
    fixtures.defer(() => revisions.close());
    await revisions.snapshotAt(c.c1);
    await revisions.snapshotAt(c.c2);
    await revisions.snapshotAt(c.c1);
    expect(revisions.builds).toBe(3);
    await revisions.snapshotAt(c.c1);
    expect(revisions.builds).toBe(3);
  });

  it('answers a read at a full sha already built at once (no promise), and any other ref once it is looked up', async () => {
    const { repo, c } = await createHistory();
    const revisions = new GitRevisions({ repoDir: repo.root, sourcePrefix: 'design-systems/' });
    fixtures.defer(() => revisions.close());
    const exports = new ExportRenderer();
    fixtures.defer(() => exports.close());
    const runtime = createApiRuntime({ cache: new RenderCache(), exports, revisions });
    const live = await loadSnapshot(EXAMPLE_SOURCE, readFileSync(EXAMPLE_KEYS, 'utf8'));
    const key = live.keys.entries.find((entry) => entry.designSystem === 'acme');
    if (key === undefined) throw new Error('the example keys have no acme key');
    // What the authentication hook leaves on a request to a read route, and the route's query.
    const requestAt = (ref: string | undefined): ApiRequest => ({
      auth: { snapshot: live, key },
      headers: {},
      method: 'GET',
      url: '/api/v1/tokens',
      routeOptions: { url: '/api/v1/tokens' } as ApiRequest['routeOptions'],
      query: { ref },
    });
    const liveRead = runtime.readAt(requestAt(undefined));
    expect(liveRead).not.toBeInstanceOf(Promise);
    expect(liveRead).toEqual({ snapshot: live, key, system: expect.objectContaining({ slug: 'acme' }) as unknown });
    const first = runtime.readAt(requestAt(c.c3));
    expect(first).toBeInstanceOf(Promise);
    const built = await first;
    const again = runtime.readAt(requestAt(c.c3));
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toEqual({ ...built, pin: { sha: c.c3, immutable: true } });
    expect(built.snapshot.git.commit).toBe(c.c3);
    // A short sha is looked up each time (it may name two commits once the history grows): never at once.
    const short = runtime.readAt(requestAt(c.c3.slice(0, 12)));
    expect(short).toBeInstanceOf(Promise);
    expect(await short).toMatchObject({ snapshot: built.snapshot, pin: { sha: c.c3, immutable: false } });
    expect(() => runtime.readAt(requestAt('-x'))).toThrow('`ref` must not start with `-`');
    await expect(runtime.snapshotAtRef('from', '-x')).rejects.toThrow('`from` must not start with `-`');
    expect(await runtime.snapshotAtRef('from', c.c3)).toEqual({ snapshot: built.snapshot, pin: { sha: c.c3, immutable: true } });
  });
});
