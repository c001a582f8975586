import { createHmac } from 'node:crypto';
import { readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerProcess } from '../ops/spawn-server.js';
import { ALPHA_KEY, BETA_KEY, defaultFiles, keysYaml, spacingYaml, systemYaml } from '../source/fixture-repo.js';
import { createGitSpy, createRemoteFixture, fetchRaw, makeTempDir, pollUntil, spawnRemoteServer, stopServer } from './git-helpers.js';
import type { RemoteFixture } from './git-helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function remoteFixture(files?: Record<string, string>): RemoteFixture {
  const remote = createRemoteFixture(files);
  cleanups.push(() => remote.cleanup());
  return remote;
}

function tempDir(prefix: string): string {
  const temp = makeTempDir(prefix);
  cleanups.push(temp.cleanup);
  return temp.dir;
}

async function follow(
  remote: RemoteFixture,
  options: { syncInterval?: number; args?: string[]; env?: NodeJS.ProcessEnv; dataDir?: string } = {},
): Promise<ServerProcess> {
  const server = await spawnRemoteServer(remote, {
    dataDir: options.dataDir ?? tempDir('dts-data-'),
    syncInterval: options.syncInterval,
    args: options.args,
    env: options.env,
  });
  cleanups.push(() => stopServer(server));
  return server;
}

const commitOf = async (server: ServerProcess, path = '/api/v1/tokens'): Promise<string | null> =>
  (await fetchRaw(server.base, path, ALPHA_KEY)).headers.get('x-git-commit');

/** Routes whose bodies two replicas must agree on byte for byte. */
const ROUTES = [
  '/api/v1/tokens',
  '/api/v1/tokens?format=nested',
  '/api/v1/tokens/space/a',
  '/api/v1/design-system',
  '/api/v1/design-systems',
  '/api/v1/export/css',
  '/api/v1/export/json',
  '/api/v1/export/ts',
  '/api/v1/revisions',
  '/api/v1/tokens?designSystem=beta',
];

const tokenValues = async (server: ServerProcess, query = ''): Promise<Record<string, unknown>> => {
  const body = JSON.parse((await fetchRaw(server.base, `/api/v1/tokens${query}`, ALPHA_KEY)).text) as {
    data: { tokens: { key: string; value: { value: unknown } }[] };
  };
  return Object.fromEntries(body.data.tokens.map((token) => [token.key, token.value.value]));
};

const errorLines = (server: ServerProcess): string[] =>
  server.lines.filter((line) => line['level'] === 50).map((line) => String(line['msg']));

describe('following a Git remote (--remote)', () => {
  it('clones a bare mirror on start; two servers converge on a push within one sync interval and serve identical bytes', async () => {
    const remote = remoteFixture();
    const first = remote.work.git('rev-parse', 'HEAD').trim();
    const dataA = tempDir('dts-data-a-');
    const [a, b] = await Promise.all([follow(remote, { syncInterval: 1, dataDir: dataA }), follow(remote, { syncInterval: 1 })]);
    expect(await commitOf(a)).toBe(first);
    expect(await commitOf(b)).toBe(first);
    // A mirror: a bare repository per remote URL, never a work tree.
    const mirrors = readdirSync(dataA);
    expect(mirrors).toHaveLength(1);
    expect(mirrors[0]).toMatch(/^[0-9a-f]{16}\.git$/);
    expect(readdirSync(join(dataA, mirrors[0] as string))).toEqual(expect.arrayContaining(['HEAD', 'objects', 'refs', 'config']));
    expect(readdirSync(join(dataA, mirrors[0] as string))).not.toContain('design-systems');

    remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 32 }));
    remote.work.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 5 }));
    const pushedAt = Date.now();
    const second = remote.commitAndPush('Wider alpha, beta too');
    await Promise.all(
      [a, b].map((server) =>
        pollUntil(
          () => commitOf(server),
          (commit) => commit === second,
          4_000,
        ),
      ),
    );
    // One sync interval (1 s) plus a fetch, a build and the polling; generous for a loaded 2-core machine.
    expect(Date.now() - pushedAt).toBeLessThan(4_000);
    expect(await tokenValues(a)).toEqual({ 'gap.b': 8, 'space.a': 32 });
    for (const route of ROUTES) {
      const [fromA, fromB] = await Promise.all([fetchRaw(a.base, route, ALPHA_KEY), fetchRaw(b.base, route, ALPHA_KEY)]);
      expect({ route, status: fromA.status, commit: fromA.headers.get('x-git-commit') }).toEqual({ route, status: 200, commit: second });
      expect({ route, body: fromB.text }).toEqual({ route, body: fromA.text });
      expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
      // The live tip and a pin of the same commit agree too.
      const pinned = await fetchRaw(b.base, `${route}${route.includes('?') ? '&' : '?'}ref=${second}`, ALPHA_KEY);
      expect({ route, body: pinned.text }).toEqual({ route, body: fromA.text });
    }
    // The older commit is still there to pin.
    expect(await tokenValues(a, `?ref=${first}`)).toEqual({ 'gap.b': 8, 'space.a': 16 });
    // Without TOKENS_WEBHOOK_SECRET there is no sync route.
    const sync = await fetch(`${a.base}/api/v1/sync`, { method: 'POST', body: '{}' });
    expect(sync.status).toBe(404);
    expect(((await sync.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });

  it('fetches once when a pinned sha or branch is not there yet, then answers; unknown refs stay 404 and fetch at most once per interval', async () => {
    const remote = remoteFixture();
    const spy = createGitSpy();
    cleanups.push(() => spy.cleanup());
    const server = await follow(remote, { syncInterval: 600, env: spy.env });
    const fetches = (): number => spy.calls().filter((argv) => argv.includes('fetch')).length;
    expect(fetches()).toBe(0);

    remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 48 }));
    const pushed = remote.commitAndPush('Just pushed');
    remote.work.git('checkout', '-q', '-b', 'feature');
    remote.work.write('design-systems/alpha/tokens/b.yaml', spacingYaml('gap', { b: 2 }));
    const feature = remote.work.commit('On a branch');
    remote.push('origin', 'feature');
    // The sync interval is 10 minutes: only the miss can make the server see these commits.
    const pinned = await fetchRaw(server.base, `/api/v1/tokens?ref=${pushed}`, ALPHA_KEY);
    expect(pinned.status).toBe(200);
    expect(pinned.headers.get('x-git-commit')).toBe(pushed);
    expect(fetches()).toBe(1);
    // That fetch also moved the live tip, and brought the new branch along.
    expect(await commitOf(server)).toBe(pushed);
    expect((await fetchRaw(server.base, '/api/v1/tokens?ref=feature', ALPHA_KEY)).headers.get('x-git-commit')).toBe(feature);
    expect(fetches()).toBe(1);

    // Unknown refs: 404, and no more fetches within the rate limit (10 s).
    for (const ref of ['1'.repeat(40), 'no-such-branch']) {
      const response = await fetchRaw(server.base, `/api/v1/tokens?ref=${ref}`, ALPHA_KEY);
      expect({ status: response.status, body: JSON.parse(response.text) as unknown }).toEqual({
        status: 404,
        body: { error: { code: 'ref_not_found', message: `No commit, tag or branch \`${ref}\` in the repository.` } },
      });
    }
    expect(fetches()).toBe(1);

    // A fresh replica: an unknown sha asked for twice, then ten times at once, costs one fetch in all.
    const fresh = await follow(remote, { syncInterval: 600, env: spy.env });
    const before = fetches();
    const unknown = '2'.repeat(40);
    expect((await fetchRaw(fresh.base, `/api/v1/tokens?ref=${unknown}`, ALPHA_KEY)).status).toBe(404);
    expect((await fetchRaw(fresh.base, `/api/v1/tokens?ref=${unknown}`, ALPHA_KEY)).status).toBe(404);
    const burst = await Promise.all(Array.from({ length: 10 }, () => fetchRaw(fresh.base, `/api/v1/export/css?ref=${unknown}`, ALPHA_KEY)));
    expect(burst.map((response) => response.status)).toEqual(Array.from({ length: 10 }, () => 404));
    expect(fetches() - before).toBe(1);
    // Every fetch the server ran is the fixed one: the ref the client sent never reaches its command line.
    expect(spy.calls().filter((argv) => argv.includes('fetch'))).toEqual(
      Array.from({ length: fetches() }, () => ['fetch', '--prune', '--prune-tags', '--force', 'origin']),
    );
  });

  it('follows a force push (history rewrite) to the new tip; the orphaned sha stays pinnable from the mirror', async () => {
    const remote = remoteFixture();
    const first = remote.work.git('rev-parse', 'HEAD').trim();
    const server = await follow(remote, { syncInterval: 1 });
    remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 20 }));
    const doomed = remote.commitAndPush('Soon rewritten');
    await pollUntil(
      () => commitOf(server),
      (commit) => commit === doomed,
      5_000,
    );

    remote.work.git('reset', '-q', '--hard', first);
    remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 24 }));
    remote.work.write('design-systems/alpha/tokens/c.yaml', spacingYaml('pad', { c: 2 }));
    const rewritten = remote.work.commit('Rewritten history');
    remote.push('--force', 'origin', 'main');
    await pollUntil(
      () => commitOf(server),
      (commit) => commit === rewritten,
      5_000,
    );
    expect(await tokenValues(server)).toEqual({ 'gap.b': 8, 'pad.c': 2, 'space.a': 24 });
    const revisions = JSON.parse((await fetchRaw(server.base, '/api/v1/revisions', ALPHA_KEY)).text) as {
      data: { revisions: { sha: string }[] };
    };
    expect(revisions.data.revisions.map((entry) => entry.sha)).toEqual([rewritten, first]);
    // The rewritten-away commit is no longer on any branch, but its objects are still in the mirror (no gc).
    const orphan = await fetchRaw(server.base, `/api/v1/tokens?ref=${doomed}`, ALPHA_KEY);
    expect(orphan.status).toBe(200);
    expect(orphan.headers.get('x-git-commit')).toBe(doomed);
    expect(errorLines(server)).toEqual([]);
  });

  it('keeps serving the last good snapshot while the remote is gone, logs the failed fetch, and converges once it is back', async () => {
    const remote = remoteFixture();
    const first = remote.work.git('rev-parse', 'HEAD').trim();
    const server = await follow(remote, { syncInterval: 1 });
    const before = await fetchRaw(server.base, '/api/v1/export/css', ALPHA_KEY);
    renameSync(remote.bare, `${remote.bare}.away`);
    await pollUntil(
      async () => errorLines(server),
      (lines) => lines.length > 0,
      5_000,
    );
    const error = errorLines(server)[0] as string;
    expect(error).toContain(`cannot fetch ${remote.url}:`);
    expect(error).toContain(`still serving ${first.slice(0, 12)}, retry in 2 s`);
    const during = await fetchRaw(server.base, '/api/v1/export/css', ALPHA_KEY);
    expect(during.status).toBe(200);
    expect(during.headers.get('x-git-commit')).toBe(first);
    expect(during.text).toBe(before.text);
    expect((await fetchRaw(server.base, `/api/v1/tokens?ref=${first}`, ALPHA_KEY)).status).toBe(200);

    renameSync(`${remote.bare}.away`, remote.bare);
    remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 64 }));
    const next = remote.commitAndPush('After the outage');
    // Backoff after one or two failures: 2 s, then 4 s.
    await pollUntil(
      () => commitOf(server),
      (commit) => commit === next,
      9_000,
      50,
    );
    expect(await tokenValues(server)).toEqual({ 'gap.b': 8, 'space.a': 64 });
    // The log comes through the child's stdout, which may trail the HTTP answers.
    await pollUntil(
      async () => server.lines.some((line) => /^fetch succeeded again after \d+ failures?$/.test(String(line['msg']))),
      (seen) => seen,
      2_000,
    );
  });

  it('POST /api/v1/sync fetches at once for a valid GitHub signature or GitLab token, and refuses anything else', async () => {
    const remote = remoteFixture();
    const secret = 'webhook-s3cret';
    const server = await follow(remote, { syncInterval: 600, env: { TOKENS_WEBHOOK_SECRET: secret } });
    remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 12 }));
    const pushed = remote.commitAndPush('Hooked');
    const body = JSON.stringify({ ref: 'refs/heads/main', after: pushed });
    const sign = (text: string, key = secret): string => `sha256=${createHmac('sha256', key).update(text).digest('hex')}`;
    const post = (headers: Record<string, string>, text = body): Promise<Response> =>
      fetch(`${server.base}/api/v1/sync`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: text });

    const refusals: [string, Record<string, string>, string?][] = [
      ['no signature', {}],
      ['wrong secret', { 'x-hub-signature-256': sign(body, 'guess') }],
      ['signature of another body', { 'x-hub-signature-256': sign('{}') }],
      ['sha1 scheme', { 'x-hub-signature-256': `sha1=${createHmac('sha1', secret).update(body).digest('hex')}` }],
      ['truncated signature', { 'x-hub-signature-256': sign(body).slice(0, 40) }],
      ['wrong GitLab token', { 'x-gitlab-token': 'webhook-s3cre' }],
      ['API key instead', { authorization: `Bearer ${ALPHA_KEY}` }],
    ];
    for (const [why, headers] of refusals) {
      const response = await post(headers);
      expect({ why, status: response.status, body: (await response.json()) as unknown }).toEqual({
        why,
        status: 401,
        body: { error: { code: 'unauthorized', message: 'Missing or wrong webhook signature (X-Hub-Signature-256 or X-Gitlab-Token).' } },
      });
    }
    // Refused requests did not fetch.
    expect(await commitOf(server)).not.toBe(pushed);

    const github = await post({ 'x-hub-signature-256': sign(body), 'x-github-event': 'push' });
    expect(github.status).toBe(200);
    expect(await github.json()).toEqual({ data: { commit: pushed } });
    expect(await commitOf(server)).toBe(pushed);
    expect(await tokenValues(server)).toEqual({ 'gap.b': 8, 'space.a': 12 });

    remote.work.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 7 }));
    const again = remote.commitAndPush('Hooked again');
    const gitlab = await post({ 'x-gitlab-token': secret, 'x-gitlab-event': 'Push Hook' }, 'not even json');
    expect(gitlab.status).toBe(200);
    expect(await gitlab.json()).toEqual({ data: { commit: again } });
    expect((await fetchRaw(server.base, '/api/v1/tokens', BETA_KEY)).headers.get('x-git-commit')).toBe(again);
    // The route does nothing else: no GET, and the secret never shows in the log.
    const get = await fetch(`${server.base}/api/v1/sync`);
    expect({ status: get.status, body: (await get.json()) as { error: { code: string } } }).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    expect(server.stdout()).not.toContain(secret);
  });

  // Committed content dates from the newest commit that touched its folder, also after the first load: a replica that
  // followed several commits in one fetch agrees with one that started after them, and with `?ref=<tip>`.
  it('dates a design system from its own newest commit when one fetch brings several (replicas agree on lastUpdated)', async () => {
    const remote = remoteFixture();
    const secret = 'hook';
    const following = await follow(remote, { env: { TOKENS_WEBHOOK_SECRET: secret } });
    remote.work.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 99 }));
    remote.work.commit('Alpha', '2024-05-01T00:00:00Z');
    remote.work.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 99 }));
    const tip = remote.work.commit('Beta only', '2024-06-01T00:00:00Z');
    remote.push('origin', 'main');
    const synced = await fetch(`${following.base}/api/v1/sync`, { method: 'POST', headers: { 'x-gitlab-token': secret }, body: '' });
    expect(await synced.json()).toEqual({ data: { commit: tip } });
    const fresh = await follow(remote);
    const lastUpdated = async (base: string, query = ''): Promise<unknown> =>
      (JSON.parse((await fetchRaw(base, `/api/v1/design-system${query}`, ALPHA_KEY)).text) as { data: { lastUpdated: unknown } }).data
        .lastUpdated;
    expect(await lastUpdated(fresh.base)).toBe('2024-05-01T00:00:00.000Z');
    expect(await lastUpdated(following.base, `?ref=${tip}`)).toBe('2024-05-01T00:00:00.000Z');
    expect(await lastUpdated(following.base)).toBe('2024-05-01T00:00:00.000Z');
  });

  it('serves --branch from --remote-path; a restart on an existing mirror fetches before serving, or serves the mirror when the remote is down', async () => {
    const files: Record<string, string> = {
      'keys.yaml': keysYaml(),
      'tokens/ds/alpha/system.yaml': systemYaml('Alpha', 'alpha'),
      'tokens/ds/alpha/tokens.yaml': spacingYaml('space', { a: 1 }),
      'tokens/ds/beta/system.yaml': systemYaml('Beta', 'beta'),
      'tokens/ds/beta/tokens.yaml': spacingYaml('space', { x: 1 }),
      // Outside --remote-path: never read.
      'design-systems/alpha/system.yaml': defaultFiles()['design-systems/alpha/system.yaml'] as string,
      'design-systems/alpha/tokens.yaml': spacingYaml('space', { wrong: 1 }),
    };
    const remote = remoteFixture(files);
    remote.work.git('checkout', '-q', '-b', 'release');
    remote.work.write('tokens/ds/alpha/tokens.yaml', spacingYaml('space', { a: 2 }));
    const release = remote.work.commit('Release candidate');
    remote.push('origin', 'release');
    const args = ['--branch', 'release', '--remote-path', 'tokens/ds'];
    const dataDir = tempDir('dts-data-');
    const server = await follow(remote, { syncInterval: 600, args, dataDir });
    expect(await commitOf(server)).toBe(release);
    expect(await tokenValues(server)).toEqual({ 'space.a': 2 });
    expect(await tokenValues(server, '?ref=main')).toEqual({ 'space.a': 1 });

    await stopServer(server);
    remote.work.write('tokens/ds/alpha/tokens.yaml', spacingYaml('space', { a: 3 }));
    const later = remote.work.commit('While the server was down');
    remote.push('origin', 'release');
    const restarted = await follow(remote, { syncInterval: 600, args, dataDir });
    expect(readdirSync(dataDir)).toHaveLength(1);
    expect(await commitOf(restarted)).toBe(later);
    expect(await tokenValues(restarted)).toEqual({ 'space.a': 3 });
    expect(errorLines(restarted)).toEqual([]);

    // A restart while the remote is down still starts, on the mirror as it is.
    await stopServer(restarted);
    renameSync(remote.bare, `${remote.bare}.away`);
    const offline = await follow(remote, { syncInterval: 600, args, dataDir });
    expect(await commitOf(offline)).toBe(later);
    expect(await tokenValues(offline)).toEqual({ 'space.a': 3 });
    expect(errorLines(offline)).toEqual([expect.stringMatching(/^cannot fetch file:\/\/.*; serving the mirror as it is, retry in 600 s$/)]);
  });
});
