import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REF_LOOKUP_LIMITS } from '../../src/source/git-refs.js';
import { checkRef } from '../../src/state/revisions.js';
import { spawnServer } from '../ops/spawn-server.js';
import type { ServerProcess } from '../ops/spawn-server.js';
import { ALPHA_KEY, createFixtureRepo } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { createGitSpy, createRemoteFixture, makeTempDir, REAL_GIT, spawnRemoteServer, stopServer } from './git-helpers.js';
import type { GitSpy } from './git-helpers.js';

const scratch = makeTempDir('dts-hostile-');
/** Files the hostile refs would create if git ever ran them as options or a shell ran them as commands. */
const MARKER = join(scratch.dir, 'pwned');

/**
 * Refs a client could send, each trying to become a git option, a shell command, a path, a range, a reflog or
 * revision-syntax lookup, or to smuggle a separator. `raw` ones go into the URL as they are (already percent-encoded).
 */
const HOSTILE: { ref: string; raw?: boolean }[] = [
  { ref: `--upload-pack=touch ${MARKER}` },
  { ref: `--output=${MARKER}` },
  { ref: `--exec=touch ${MARKER}` },
  { ref: '-c' },
  { ref: `-ccore.pager=touch ${MARKER}` },
  { ref: `--git-dir=${scratch.dir}` },
  { ref: `%2d%2dupload-pack=touch%20${encodeURIComponent(MARKER)}`, raw: true },
  { ref: 'HEAD:keys.yaml' },
  { ref: ':/initial' },
  { ref: 'main..HEAD' },
  { ref: 'main...HEAD' },
  { ref: 'HEAD@{1}' },
  { ref: '@{-1}' },
  { ref: 'HEAD^{tree}' },
  { ref: ' main' },
  { ref: 'main ' },
  { ref: 'main\n' },
  { ref: 'main\t' },
  { ref: 'main\u0000' },
  { ref: 'main\u001b[31m' },
  { ref: `$(touch ${MARKER})` },
  { ref: `\`touch ${MARKER}\`` },
  { ref: `;touch ${MARKER}` },
  { ref: '|id' },
  { ref: 'main&&id' },
  { ref: 'refs/tags/-x' },
  { ref: 'refs/heads/--exec=id' },
  { ref: '../../etc/passwd' },
  { ref: '/etc/passwd' },
  { ref: `ext::sh -c touch% ${MARKER}` },
  { ref: 'main.lock' },
  { ref: 'main/' },
  { ref: 'x'.repeat(201) },
  { ref: '' },
  { ref: '*' },
  { ref: 'main?' },
  { ref: 'ma\\in' },
];

const ROUTES = ['/api/v1/tokens', '/api/v1/export/css', '/api/v1/revisions', '/api/v1/design-systems'];

let repo: FixtureRepo;
let spy: GitSpy;
let server: ServerProcess;

beforeAll(async () => {
  repo = createFixtureRepo();
  repo.git('tag', 'v1');
  spy = createGitSpy();
  server = await spawnServer(
    inject('cliPath'),
    ['--source', repo.source, '--keys', repo.keys, '--rate-limit', '0', '--auth-failure-limit', '0'],
    {
      cwd: scratch.dir,
      env: spy.env,
    },
  );
});

afterAll(async () => {
  if (server !== undefined) await stopServer(server);
  repo?.cleanup();
  spy?.cleanup();
  scratch.cleanup();
});

const urlOf = (route: string, entry: { ref: string; raw?: boolean }): string =>
  `${server.base}${route}?ref=${entry.raw === true ? entry.ref : encodeURIComponent(entry.ref)}`;

describe('hostile refs', () => {
  it(`answers 400 with the JSON error for each of ${HOSTILE.length} injection attempts, on every route, and runs no git with them`, async () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(15);
    // The server is up and has read its Git state; from now on only the requests below may make it run git.
    const before = spy.calls().length;
    expect(before).toBeGreaterThan(0);
    for (const entry of HOSTILE) {
      for (const route of ROUTES) {
        const response = await fetch(urlOf(route, entry), { headers: { authorization: `Bearer ${ALPHA_KEY}` } });
        const body = (await response.json()) as { error: { code: string; message: string } };
        expect({ ref: entry.ref, route, status: response.status, code: body.error.code }).toEqual({
          ref: entry.ref,
          route,
          status: 400,
          code: 'invalid_parameter',
        });
        expect(Object.keys(body)).toEqual(['error']);
        expect(body.error.message).toMatch(/^`ref` /);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      }
    }
    // Nothing was written, and git saw none of them: no process, no argument, no line on the lookup process's stdin.
    expect(existsSync(MARKER)).toBe(false);
    expect(
      readdirSync(scratch.dir)
        .filter((name) => name !== 'node_modules')
        .sort(),
    ).toEqual([]);
    const during = spy.calls().slice(before);
    expect(during).toEqual([]);
    expect(spy.lookups()).toEqual([]);
    const hostileArgs = during
      .flat()
      .filter(
        (arg) =>
          arg.includes('pwned') || arg.includes('upload-pack') || arg.includes('--exec') || arg.includes('passwd') || arg.includes('ext::'),
      );
    expect(hostileArgs).toEqual([]);
    for (const entry of HOSTILE) {
      if (entry.ref.length >= 3)
        expect(
          spy
            .calls()
            .flat()
            .filter((arg) => arg.includes(entry.ref.trim()) && entry.ref.trim() !== 'main'),
        ).toEqual([]);
    }
  });

  it('resolves a legitimate ref once per request on the stdin of the lookup process, never on a command line, then only uses the sha', async () => {
    const sha = repo.git('rev-parse', 'HEAD').trim();
    const before = spy.calls().length;
    const lookupsBefore = spy.lookups().length;
    for (const route of ROUTES) {
      const response = await fetch(`${server.base}${route}?ref=v1`, { headers: { authorization: `Bearer ${ALPHA_KEY}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-git-commit')).toBe(sha);
    }
    // One lookup per request (a tag may move), peeled to a commit, as a line of the one long-lived lookup process.
    expect(spy.lookups().slice(lookupsBefore)).toEqual(ROUTES.map(() => 'v1^{commit}'));
    expect(spy.calls().filter((argv) => argv[0] === 'cat-file' && argv[1] !== '--batch')).toEqual([
      ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
    ]);
    // Every git process the requests started names the commit by its sha, never by the ref the client sent.
    const during = spy.calls().slice(before);
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((argv) => argv[0] === 'rev-parse')).toEqual([]);
    expect(during.flat().filter((arg) => arg.includes('v1'))).toEqual([]);
    expect(during.some((argv) => argv.includes(sha))).toBe(true);
    // The long-lived object reader was started once and reads object ids from stdin.
    expect(spy.calls().filter((argv) => argv[0] === 'cat-file' && argv[1] === '--batch')).toEqual([['cat-file', '--batch']]);

    // A full sha known to be a commit needs no process at all: a pipeline hammering it costs one build, no spawns.
    const hammered = spy.calls().length;
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${server.base}/api/v1/export/css?ref=${sha}`, { headers: { authorization: `Bearer ${ALPHA_KEY}` } }),
      ),
    );
    expect(responses.map((response) => [response.status, response.headers.get('x-git-commit')])).toEqual(responses.map(() => [200, sha]));
    expect(spy.calls().slice(hammered)).toEqual([]);
    expect(spy.lookups().length).toBe(lookupsBefore + ROUTES.length);
  });

  it('refuses the same refs in checkRef itself, and accepts ordinary refs', () => {
    for (const entry of HOSTILE)
      if (entry.raw !== true)
        expect({ ref: entry.ref, problem: checkRef(entry.ref) === undefined }).toEqual({ ref: entry.ref, problem: false });
    expect(checkRef('--upload-pack=x')).toBe('must not start with `-`, nor have a path segment that does');
    for (const ref of [
      'main',
      'v1.2.3',
      'release/2024-06',
      'feature/a_b',
      'HEAD',
      'HEAD~2',
      'main^',
      'main^2',
      'a'.repeat(40),
      'refs/tags/v1',
      'user@host',
    ]) {
      expect({ ref, problem: checkRef(ref) }).toEqual({ ref, problem: undefined });
    }
  });
});

/**
 * A `git` whose ref lookup process (`cat-file --batch-check`) reads each line 20 ms late, so that lookups pile up,
 * and notes each line it reads. Every other command runs the real git as it is.
 */
function createLookupTracker(): { env: { PATH: string }; lookups(): number; starts(): number; cleanup(): void } {
  const { dir, cleanup } = makeTempDir('dts-git-lookups-');
  const log = join(dir, 'lookups.log');
  const starts = join(dir, 'starts.log');
  writeFileSync(log, '');
  writeFileSync(starts, '');
  writeFileSync(
    join(dir, 'git'),
    `#!/bin/sh\ncase "$1 $2" in\n  "cat-file --batch-check"*)\n    echo start >> '${starts}'\n` +
      `    while IFS= read -r line; do sleep 0.02; printf '%s\\n' "$line" >> '${log}'; printf '%s\\n' "$line"; done | ${REAL_GIT} "$@"\n` +
      `    exit $? ;;\nesac\nexec ${REAL_GIT} "$@"\n`,
  );
  chmodSync(join(dir, 'git'), 0o755);
  const count = (file: string): number =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '').length;
  return { env: { PATH: `${dir}:${process.env['PATH'] ?? ''}` }, lookups: () => count(log), starts: () => count(starts), cleanup };
}

describe('many unknown refs at once', () => {
  let lookupRepo: FixtureRepo;
  let tracker: ReturnType<typeof createLookupTracker>;
  let lookupServer: ServerProcess;
  const lookupScratch = makeTempDir('dts-lookups-');

  beforeAll(async () => {
    lookupRepo = createFixtureRepo();
    tracker = createLookupTracker();
    lookupServer = await spawnServer(
      inject('cliPath'),
      ['--source', lookupRepo.source, '--keys', lookupRepo.keys, '--rate-limit', '0', '--auth-failure-limit', '0'],
      {
        cwd: lookupScratch.dir,
        env: tracker.env,
      },
    );
  });

  afterAll(async () => {
    if (lookupServer !== undefined) await stopServer(lookupServer);
    lookupRepo?.cleanup();
    tracker?.cleanup();
    lookupScratch.cleanup();
  });

  it(`lets at most ${REF_LOOKUP_LIMITS.waiting} lookups wait for a slow lookup process with 200 distinct unknown shas, answers the overflow 503 at once, and keeps /healthz quick`, async () => {
    const auth = { authorization: `Bearer ${ALPHA_KEY}` };
    const shas = Array.from({ length: 200 }, (_, index) => createHash('sha1').update(`unknown ${index}`).digest('hex'));
    const healthz: number[] = [];
    let bursting = true;
    const probe = (async () => {
      while (bursting) {
        const started = performance.now();
        expect((await fetch(`${lookupServer.base}/healthz`)).status).toBe(200);
        healthz.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const answers = await Promise.all(
      shas.map(async (sha) => {
        const response = await fetch(`${lookupServer.base}/api/v1/tokens?ref=${sha}`, { headers: auth });
        const body = (await response.json()) as { error: { code: string; message: string } };
        return {
          status: response.status,
          code: body.error.code,
          message: body.error.message,
          retryAfter: response.headers.get('retry-after'),
        };
      }),
    );
    bursting = false;
    await probe;

    // One process looked them all up.
    expect(tracker.starts()).toBe(1);
    const notFound = answers.filter((answer) => answer.status === 404);
    const busy = answers.filter((answer) => answer.status === 503);
    expect(notFound.length + busy.length).toBe(200);
    expect(notFound.length).toBeGreaterThanOrEqual(REF_LOOKUP_LIMITS.waiting);
    expect(tracker.lookups()).toBe(notFound.length);
    expect(busy.length).toBeGreaterThan(0);
    expect(new Set(notFound.map((answer) => answer.code))).toEqual(new Set(['ref_not_found']));
    expect(new Set(busy.map(({ code, message, retryAfter }) => JSON.stringify({ code, message, retryAfter })))).toEqual(
      new Set([
        JSON.stringify({
          code: 'service_unavailable',
          message: 'Too many revisions are being looked up right now: retry in a second.',
          retryAfter: '1',
        }),
      ]),
    );
    expect(healthz.length).toBeGreaterThan(0);
    expect(Math.max(...healthz)).toBeLessThan(500);
  });

  it(`remembers an unknown ref for ${REF_LOOKUP_LIMITS.unknownForMs / 1000} s: asking again runs no git, a known ref is still resolved each time`, async () => {
    const auth = { authorization: `Bearer ${ALPHA_KEY}` };
    const before = tracker.lookups();
    for (let i = 0; i < 5; i += 1)
      expect((await fetch(`${lookupServer.base}/api/v1/tokens?ref=no-such-branch`, { headers: auth })).status).toBe(404);
    expect(tracker.lookups() - before).toBe(1);
    for (let i = 0; i < 2; i += 1) expect((await fetch(`${lookupServer.base}/api/v1/tokens?ref=main`, { headers: auth })).status).toBe(200);
    expect(tracker.lookups() - before).toBe(3);
  });
});

describe('unknown refs of a followed remote', () => {
  it('forgets unknown refs after every fetch: a ref pushed and synced just after it was asked for is found at once', async () => {
    const remote = createRemoteFixture();
    const data = makeTempDir('dts-lookups-data-');
    const tracker = createLookupTracker();
    const secret = 'webhook-s3cret';
    const following = await spawnRemoteServer(remote, { dataDir: data.dir, env: { ...tracker.env, TOKENS_WEBHOOK_SECRET: secret } });
    try {
      const auth = { authorization: `Bearer ${ALPHA_KEY}` };
      const ask = async (ref: string): Promise<number> =>
        (await fetch(`${following.base}/api/v1/tokens?ref=${ref}`, { headers: auth })).status;
      // Unknown: one fetch of the remote (fetch on miss), 404, and remembered (no git for the next ask).
      expect(await ask('v9')).toBe(404);
      const afterFirst = tracker.lookups();
      expect(await ask('v9')).toBe(404);
      expect(tracker.lookups()).toBe(afterFirst);
      // Pushed, and a webhook makes the server fetch: the ref is found at once, not after the 5 s.
      remote.work.git('tag', 'v9');
      remote.push('origin', 'v9');
      const synced = await fetch(`${following.base}/api/v1/sync`, { method: 'POST', headers: { 'x-gitlab-token': secret }, body: '' });
      expect(synced.status).toBe(200);
      expect(await ask('v9')).toBe(200);
    } finally {
      await stopServer(following);
      tracker.cleanup();
      data.cleanup();
      remote.cleanup();
    }
  });
});
