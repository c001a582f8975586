import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createFixtureRepo } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';
import { createGitSpy, makeTempDir, stopServer } from '../revisions/git-helpers.js';
import type { GitSpy } from '../revisions/git-helpers.js';
import type { ServerProcess } from '../ops/spawn-server.js';
import { spawnServer } from '../ops/spawn-server.js';
import { acmeFiles, call, EDITOR, REVIEWER, setColor } from './acme-change-fixture.js';

// What a write of a change request costs in git processes (each ~3 ms of CPU on top of the work itself), counted
// with a `git` on PATH that logs its argv and runs the real one.
describe('git processes per change-request write', () => {
  let repo: FixtureRepo;
  let spy: GitSpy;
  let server: ServerProcess;
  const scratch = makeTempDir('dts-change-processes-');

  beforeAll(async () => {
    repo = createFixtureRepo(acmeFiles());
    spy = createGitSpy();
    server = await spawnServer(inject('cliPath'), ['--source', repo.source, '--keys', repo.keys, '--rate-limit', '0'], {
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

  it('opens a change request with three: the target branch, its tip and the ref update; objects go through long-lived processes', async () => {
    const open = async (index: number): Promise<string> => {
      const opened = await call(server.base, 'POST', '/api/v1/changes', EDITOR, {
        title: `Change ${index}`,
        operations: [setColor('color.primary', `#00000${index}`)],
      });
      expect(opened.status).toBe(201);
      return opened.body.data.change.id;
    };
    // The first write starts the long-lived processes (and the worker reads the repository once).
    await open(1);
    const before = spy.calls().length;
    for (let index = 2; index <= 4; index++) await open(index);
    // The watcher sees the new branches too: give it time to start anything it would.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const perOpen = [
      ['symbolic-ref', '--quiet', 'HEAD'],
      ['for-each-ref', '--format=%(objectname)', 'refs/heads/main'],
      ['update-ref', '--stdin'],
    ];
    expect(spy.calls().slice(before)).toEqual([...perOpen, ...perOpen, ...perOpen]);
    // Every blob, tree and commit went through one process per type, started once.
    expect(spy.calls().filter((argv) => argv[0] === 'hash-object')).toEqual(
      ['blob', 'tree', 'commit'].map((type) => ['hash-object', '-w', '-t', type, '--no-filters', '--stdin-paths']),
    );
    // What was written reads back as before: one commit by the editor on the branch, one changed line.
    const id = await open(5);
    const approved = await call(server.base, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER);
    expect(approved.status).toBe(200);
    const head = approved.body.data.change.head;
    expect(repo.git('log', '--format=%an|%s', `${head}~2..${head}`).trim()).toBe('Rui Reviewer|Approve: Change 5\nDana Designer|Change 5');
    expect(repo.git('diff', '--stat', `${head}~2`, `${head}~1`).trim()).toBe(
      'design-systems/acme/tokens.yaml | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)',
    );
    expect(repo.git('fsck', '--no-dangling').trim()).toBe('');
  });
});
