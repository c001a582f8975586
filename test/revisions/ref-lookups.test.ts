import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { forgetUnknownRefs, GitRefLookupError, GitRefReader, REF_LOOKUP_LIMITS } from '../../src/source/git-refs.js';
import { GitBusyError } from '../../src/source/run-git.js';
import { spawnServer } from '../ops/spawn-server.js';
import type { ServerProcess } from '../ops/spawn-server.js';
import { ALPHA_KEY, createFixtureRepo, get, useFixtures } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { createGitSpy, gitIn, makeTempDir, REAL_GIT, stopServer } from './git-helpers.js';
import type { GitSpy } from './git-helpers.js';

const fixtures = useFixtures();

/** What `git rev-parse --verify <ref>^{commit}` says (the way refs were resolved before), or undefined. */
function revParse(repo: FixtureRepo, ref: string): string | undefined {
  try {
    return gitIn(repo.root, 'rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`);
  } catch {
    return undefined;
  }
}

/** Ids of the `git cat-file --batch-check` processes whose parent is this process (Linux /proc). */
function lookupProcesses(): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const argv = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && argv[1] === 'cat-file' && argv[2]?.startsWith('--batch-check')) pids.push(Number(name));
    } catch {
      // The process ended while it was being read.
    }
  }
  return pids;
}

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A repository with a branch, a lightweight and an annotated tag, two commits, and 2,000 more commits on a side branch
 * made by one `git fast-import`: among so many, two share their first 4 hex digits (an ambiguous short id).
 */
function createRefsRepo(): { repo: FixtureRepo; ambiguous: string } {
  const repo = fixtures.repo();
  repo.git('tag', 'v1');
  repo.git('tag', '-a', 'v1-annotated', '-m', 'annotated');
  repo.write('design-systems/alpha/tokens/a.yaml', 'tokens:\n  space:\n    a: { type: spacing, value: 20 }\n');
  repo.commit('second');
  repo.git('branch', 'feature', 'HEAD~1');
  let stream = '';
  for (let index = 0; index < 2_000; index++)
    stream += `commit refs/heads/many\ncommitter T <t@example.test> ${1_700_000_000 + index} +0000\ndata ${String(index).length}\n${index}\n\n`;
  execFileSync(REAL_GIT, ['fast-import', '--quiet'], { cwd: repo.root, input: stream, stdio: ['pipe', 'ignore', 'pipe'] });
  const shas = repo.git('rev-list', 'many').trim().split('\n');
  const seen = new Map<string, string>();
  let ambiguous = '';
  for (const sha of shas) {
    if (seen.has(sha.slice(0, 4))) {
      ambiguous = sha.slice(0, 4);
      break;
    }
    seen.set(sha.slice(0, 4), sha);
  }
  return { repo, ambiguous };
}

describe('GitRefReader (one `git cat-file --batch-check`)', () => {
  it('answers like `git rev-parse --verify <ref>^{commit}` for every kind of ref, with one process for all of them', async () => {
    const { repo, ambiguous } = createRefsRepo();
    expect(ambiguous).toMatch(/^[0-9a-f]{4}$/);
    const head = repo.git('rev-parse', 'HEAD').trim();
    const first = repo.git('rev-parse', 'HEAD~1').trim();
    const tree = repo.git('rev-parse', 'HEAD^{tree}').trim();
    const blob = repo.git('rev-parse', 'HEAD:keys.yaml').trim();
    const refs: [string, string | undefined][] = [
      ['main', head],
      ['refs/heads/main', head],
      ['feature', first],
      ['v1', first],
      ['v1-annotated', first],
      ['refs/tags/v1-annotated', first],
      [head, head],
      [head.slice(0, 7), head],
      [first.slice(0, 12), first],
      ['HEAD', head],
      ['HEAD~1', first],
      ['main^', first],
      ['main~0', head],
      ['HEAD~2', undefined],
      ['main^2', undefined],
      [tree, undefined],
      [tree.slice(0, 10), undefined],
      [blob, undefined],
      [ambiguous, undefined],
      ['no-such-branch', undefined],
      ['refs/heads/nothing', undefined],
      ['f'.repeat(40), undefined],
      ['0', undefined],
      ['keys.yaml', undefined],
      ['design-systems', undefined],
      ['design-systems/alpha/system.yaml', undefined],
    ];
    const reader = new GitRefReader(repo.root);
    fixtures.defer(() => reader.close());
    const answers = await Promise.all(refs.map(async ([ref]) => [ref, await reader.resolve(ref)]));
    expect(answers).toEqual(refs);
    expect(refs.map(([ref]) => [ref, revParse(repo, ref)])).toEqual(refs);

    // One process answered all of them, and it is the one that answers the next 200 (known and unknown, at once).
    const pid = reader.pid;
    expect(pid).toBeGreaterThan(0);
    expect(lookupProcesses()).toEqual([pid]);
    const many = await Promise.all(Array.from({ length: 60 }, (_, index) => reader.resolve(index % 2 === 0 ? 'main' : `unknown-${index}`)));
    expect(many).toEqual(Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? head : undefined)));
    expect(reader.pid).toBe(pid);
    expect(lookupProcesses()).toEqual([pid]);

    // Closing ends it.
    await reader.close();
    expect(isRunning(pid as number)).toBe(false);
    expect(lookupProcesses()).toEqual([]);
    await expect(reader.resolve('main')).rejects.toThrow(GitRefLookupError);
  });

  it('sees refs created, moved, packed, deleted and fetched after it started, and commits made after it started', async () => {
    const repo = fixtures.repo();
    const reader = new GitRefReader(repo.root);
    fixtures.defer(() => reader.close());
    const first = repo.git('rev-parse', 'HEAD').trim();
    expect(await reader.resolve('later')).toBeUndefined();
    const pid = reader.pid;

    // Git's answers, not the server's memory of unknown refs (5 s, forgotten by every fetch of a followed remote).
    repo.git('branch', 'later');
    forgetUnknownRefs();
    expect(await reader.resolve('later')).toBe(first);
    repo.write('design-systems/alpha/tokens/a.yaml', 'tokens:\n  space:\n    a: { type: spacing, value: 24 }\n');
    const second = repo.commit('second');
    expect(await reader.resolve(second.slice(0, 9))).toBe(second);
    expect(await reader.resolve('main')).toBe(second);
    repo.git('branch', '-f', 'later', 'main');
    expect(await reader.resolve('later')).toBe(second);
    repo.git('pack-refs', '--all');
    repo.git('update-ref', 'refs/heads/later', first);
    repo.git('tag', 'packed-tag', first);
    repo.git('pack-refs', '--all');
    expect(await reader.resolve('later')).toBe(first);
    expect(await reader.resolve('packed-tag')).toBe(first);
    repo.git('branch', '-D', 'later');
    expect(await reader.resolve('later')).toBeUndefined();
    repo.git('repack', '-adq');
    expect(await reader.resolve(second.slice(0, 9))).toBe(second);

    // A fetch brings a commit in a new pack and a new ref.
    const other = fixtures.repo();
    other.write('design-systems/alpha/tokens/a.yaml', 'tokens:\n  space:\n    a: { type: spacing, value: 32 }\n');
    const fetched = other.commit('elsewhere');
    expect(await reader.resolve('fetched')).toBeUndefined();
    repo.git('fetch', '-q', other.root, 'main:refs/heads/fetched');
    forgetUnknownRefs();
    expect(await reader.resolve('fetched')).toBe(fetched);
    expect(await reader.resolve(fetched.slice(0, 10))).toBe(fetched);
    expect(reader.pid).toBe(pid);
  });

  it(`answers at most ${REF_LOOKUP_LIMITS.waiting} lookups waiting at once; past that GitBusyError at once`, async () => {
    const repo = fixtures.repo();
    const reader = new GitRefReader(repo.root);
    fixtures.defer(() => reader.close());
    const head = repo.git('rev-parse', 'HEAD').trim();
    const settled = await Promise.allSettled(
      Array.from({ length: REF_LOOKUP_LIMITS.waiting + 100 }, (_, index) => reader.resolve(index % 2 === 0 ? 'main' : `busy-${index}`)),
    );
    const answered = settled.filter((result) => result.status === 'fulfilled');
    const refused = settled.filter((result) => result.status === 'rejected');
    expect(answered.length).toBe(REF_LOOKUP_LIMITS.waiting);
    expect(new Set(answered.map((result) => result.value))).toEqual(new Set([head, undefined]));
    expect(new Set(refused.map((result) => result.reason instanceof GitBusyError && String(result.reason.message)))).toEqual(
      new Set(['too many ref lookups waiting for a git process']),
    );
    expect(await reader.resolve('main')).toBe(head);
  });

  it('starts a new process when the old one dies, after a backoff that doubles: never a tight loop', async () => {
    const repo = fixtures.repo();
    const reader = new GitRefReader(repo.root);
    fixtures.defer(() => reader.close());
    const head = repo.git('rev-parse', 'HEAD').trim();
    expect(await reader.resolve('main')).toBe(head);
    const pid = reader.pid as number;
    // Killed while a lookup waits (stopped first, so that it cannot answer): that lookup is refused as "busy" (503),
    // never remembered as unknown.
    process.kill(pid, 'SIGSTOP');
    const waiting = reader.resolve('dying-ref');
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.kill(pid, 'SIGKILL');
    await expect(waiting).rejects.toThrow(GitRefLookupError);
    expect(await reader.resolve('main')).toBe(head);
    expect(reader.pid).not.toBe(pid);
    expect(isRunning(pid)).toBe(false);
    expect(await reader.resolve('dying-ref')).toBeUndefined();

    // The repository disappears: every start fails. One lookup at a time for a second, each sent to a new process
    // that dies: starts come 30 ms, 60 ms, 120 ms... apart, so a handful of processes, not hundreds.
    rmSync(join(repo.root, '.git'), { recursive: true, force: true });
    process.kill(reader.pid as number, 'SIGKILL');
    const started = Date.now();
    let refused = 0;
    while (Date.now() - started < 1_000) {
      await reader.resolve(`gone-${refused}`).then(
        () => expect.unreachable('a lookup in a deleted repository was answered'),
        (error: unknown) => {
          expect(error).toBeInstanceOf(GitRefLookupError);
          refused += 1;
        },
      );
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    expect(refused).toBeGreaterThanOrEqual(3);
    expect(refused).toBeLessThanOrEqual(7);
  });

  it('replaces a process that stops answering: the lookups it held are refused as busy, the next ones answered', async () => {
    const repo = fixtures.repo();
    const reader = new GitRefReader(repo.root, { answerWithinMs: 300 });
    fixtures.defer(() => reader.close());
    const head = repo.git('rev-parse', 'HEAD').trim();
    expect(await reader.resolve('main')).toBe(head);
    const pid = reader.pid as number;
    // Stopped, as a git stuck on a lock or a hung file system would be: it neither answers nor exits.
    process.kill(pid, 'SIGSTOP');
    const started = Date.now();
    const held = await Promise.allSettled([reader.resolve('main'), reader.resolve('held-ref')]);
    expect(held.map((result) => result.status === 'rejected' && result.reason instanceof GitRefLookupError)).toEqual([true, true]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await reader.resolve('main')).toBe(head);
    expect(reader.pid).not.toBe(pid);
    expect(isRunning(pid)).toBe(false);
  });
});

describe('ref lookups in the server', () => {
  it("is stopped by the server's close", async () => {
    const local = fixtures.repo();
    const running = await fixtures.start(local);
    expect((await get(running, '/api/v1/tokens?ref=no-such-ref')).status).toBe(404);
    const pids = lookupProcesses();
    expect(pids.length).toBe(1);
    await running.close();
    expect(pids.filter(isRunning)).toEqual([]);
    expect(lookupProcesses()).toEqual([]);
  });

  let repo: FixtureRepo;
  let spy: GitSpy;
  let server: ServerProcess;
  const scratch = makeTempDir('dts-ref-lookups-');

  beforeAll(async () => {
    repo = createFixtureRepo();
    repo.git('tag', 'v1');
    spy = createGitSpy();
    server = await spawnServer(
      inject('cliPath'),
      ['--source', repo.source, '--keys', repo.keys, '--rate-limit', '0', '--auth-failure-limit', '0'],
      { cwd: scratch.dir, env: spy.env },
    );
  });

  afterAll(async () => {
    if (server !== undefined) await stopServer(server);
    repo?.cleanup();
    spy?.cleanup();
    scratch.cleanup();
  });

  it('starts no git process per lookup: 200 lookups of known and unknown refs after the first start none', async () => {
    const auth = { authorization: `Bearer ${ALPHA_KEY}` };
    const head = repo.git('rev-parse', 'HEAD').trim();
    // The first pinned read builds the revision (and starts the lookup process); nothing after it needs a process.
    expect((await fetch(`${server.base}/api/v1/tokens?ref=main`, { headers: auth })).status).toBe(200);
    const before = spy.calls().length;
    const known = ['main', 'v1', 'HEAD', head.slice(0, 8), 'main~0', 'refs/tags/v1'];
    const refs = Array.from({ length: 200 }, (_, index) =>
      index % 2 === 0 ? (known[(index / 2) % known.length] as string) : createHash('sha1').update(`unknown ${index}`).digest('hex'),
    );
    const statuses = await Promise.all(
      refs.map(async (ref) => {
        const response = await fetch(`${server.base}/api/v1/tokens?ref=${ref}`, { headers: auth });
        await response.arrayBuffer();
        return [ref, response.status, response.headers.get('x-git-commit')];
      }),
    );
    expect(statuses).toEqual(refs.map((ref, index) => (index % 2 === 0 ? [ref, 200, head] : [ref, 404, null])));
    expect(spy.calls().slice(before)).toEqual([]);
    // In all, one lookup process; no ref ever reached a command line.
    expect(spy.calls().filter((argv) => argv[0] === 'cat-file' && argv[1]?.startsWith('--batch-check'))).toEqual([
      ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
    ]);
    expect(spy.calls().filter((argv) => argv[0] === 'rev-parse' && argv.includes('--end-of-options'))).toEqual([]);
  });
});
