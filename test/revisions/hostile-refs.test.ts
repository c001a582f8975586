import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkRef } from '../../src/source/git-refs.js';
import { spawnServer } from '../ops/spawn-server.js';
import type { ServerProcess } from '../ops/spawn-server.js';
import { ALPHA_KEY, createFixtureRepo } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { createGitSpy, makeTempDir, stopServer } from './git-helpers.js';
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
  server = await spawnServer(inject('cliPath'), ['--source', repo.source, '--keys', repo.keys, '--rate-limit', '0', '--auth-failure-limit', '0'], {
    cwd: scratch.dir,
    env: spy.env,
  });
});

afterAll(async () => {
  if (server !== undefined) await stopServer(server);
  repo?.cleanup();
  spy?.cleanup();
  scratch.cleanup();
});

const urlOf = (route: string, entry: { ref: string; raw?: boolean }): string => `${server.base}${route}?ref=${entry.raw === true ? entry.ref : encodeURIComponent(entry.ref)}`;

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
        expect({ ref: entry.ref, route, status: response.status, code: body.error.code }).toEqual({ ref: entry.ref, route, status: 400, code: 'invalid_parameter' });
        expect(Object.keys(body)).toEqual(['error']);
        expect(body.error.message).toMatch(/^`ref` /);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      }
    }
    // Nothing was written, and no git process was started for any of them: not one `rev-parse`, not one argument.
    expect(existsSync(MARKER)).toBe(false);
    expect(readdirSync(scratch.dir).filter((name) => name !== 'node_modules').sort()).toEqual([]);
    const during = spy.calls().slice(before);
    expect(during.filter((argv) => argv.includes('--end-of-options'))).toEqual([]);
    const hostileArgs = during.flat().filter((arg) => arg.includes('pwned') || arg.includes('upload-pack') || arg.includes('--exec') || arg.includes('passwd') || arg.includes('ext::'));
    expect(hostileArgs).toEqual([]);
    for (const entry of HOSTILE) {
      if (entry.ref.length >= 3) expect(spy.calls().flat().filter((arg) => arg.includes(entry.ref.trim()) && entry.ref.trim() !== 'main')).toEqual([]);
    }
  });

  it('resolves a legitimate ref once, after --end-of-options, and then only uses the sha', async () => {
    const sha = repo.git('rev-parse', 'HEAD').trim();
    const before = spy.calls().length;
    for (const route of ROUTES) {
      const response = await fetch(`${server.base}${route}?ref=v1`, { headers: { authorization: `Bearer ${ALPHA_KEY}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-git-commit')).toBe(sha);
    }
    const during = spy.calls().slice(before);
    const resolves = during.filter((argv) => argv[0] === 'rev-parse');
    // One resolution per request (a tag may move), each with the ref after `--end-of-options`, peeled to a commit.
    expect(resolves).toEqual(ROUTES.map(() => ['rev-parse', '--verify', '--quiet', '--end-of-options', 'v1^{commit}']));
    // Every other git call names the commit by its sha, never by the ref the client sent.
    const others = during.filter((argv) => argv[0] !== 'rev-parse');
    expect(others.length).toBeGreaterThan(0);
    for (const argv of others) expect(argv).not.toContain('v1');
    expect(others.flat().filter((arg) => arg.includes('v1'))).toEqual([]);
    expect(others.some((argv) => argv.includes(sha))).toBe(true);
    // The long-lived object reader was started once and reads object ids from stdin.
    expect(spy.calls().filter((argv) => argv[0] === 'cat-file')).toEqual([['cat-file', '--batch']]);

    // A full sha known to be a commit needs no process at all: a pipeline hammering it costs one build, no spawns.
    const hammered = spy.calls().length;
    const responses = await Promise.all(Array.from({ length: 20 }, () => fetch(`${server.base}/api/v1/export/css?ref=${sha}`, { headers: { authorization: `Bearer ${ALPHA_KEY}` } })));
    expect(responses.map((response) => [response.status, response.headers.get('x-git-commit')])).toEqual(responses.map(() => [200, sha]));
    expect(spy.calls().slice(hammered)).toEqual([]);
  });

  it('refuses the same refs in checkRef itself, and accepts ordinary refs', () => {
    for (const entry of HOSTILE) if (entry.raw !== true) expect({ ref: entry.ref, problem: checkRef(entry.ref) === undefined }).toEqual({ ref: entry.ref, problem: false });
    expect(checkRef('--upload-pack=x')).toBe('must not start with `-`, nor have a path segment that does');
    for (const ref of ['main', 'v1.2.3', 'release/2024-06', 'feature/a_b', 'HEAD', 'HEAD~2', 'main^', 'main^2', 'a'.repeat(40), 'refs/tags/v1', 'user@host']) {
      expect({ ref, problem: checkRef(ref) }).toEqual({ ref, problem: undefined });
    }
  });
});
