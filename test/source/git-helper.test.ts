import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { GitHelper } from '../../src/source/git-helper.js';
import { GIT_ENV, runGit } from '../../src/source/run-git.js';
import { createFixtureRepo } from './fixture-repo.js';

/** The parent process id of `pid`, from /proc (the fourth field of its stat line, after the name in brackets). */
function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

// An alias run by a shell whose parent is the git process: it prints that git's parent's pid.
const PRINT_GITS_PARENT = ['-c', 'alias.gits-parent=!cat /proc/$PPID/stat', 'gits-parent'];

describe.runIf(process.platform === 'linux')('git from the main thread (git-helper.ts)', () => {
  const repo = createFixtureRepo({ 'design-systems/a/system.yaml': 'name: A\n' });
  const helper = new GitHelper(GIT_ENV);
  afterAll(() => {
    helper.close();
    repo.cleanup();
  });

  it('is started by the helper process, never by the server process', async () => {
    const stat = await runGit(repo.root, PRINT_GITS_PARENT);
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    expect(parent).not.toBe(process.pid);
    expect(parentOf(parent)).toBe(process.pid);
  });

  it('answers what git printed, and fails with git`s own error', async () => {
    expect((await helper.run(repo.root, ['rev-parse', '--is-inside-work-tree'], 1024)).trim()).toBe('true');
    expect(helper.pid).not.toBe(process.pid);
    await expect(runGit(repo.root, ['rev-parse', '--verify', 'no-such-branch'])).rejects.toThrow(
      'git rev-parse failed: fatal: Needed a single revision',
    );
    const error = (await runGit('/', ['-C', repo.root, 'rev-parse', '--verify', 'no-such-branch']).catch((caught: unknown) => caught)) as {
      exitCode?: unknown;
      cause?: { code?: unknown };
    };
    expect(error.exitCode).toBe(128);
    expect(error.cause?.code).toBe(128);
  });

  it('runs commands side by side and starts again after the helper stopped', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => helper.run(repo.root, ['rev-parse', 'HEAD'], 1024)));
    expect(new Set(answers).size).toBe(1);
    const first = helper.pid as number;
    process.kill(first, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await helper.run(repo.root, ['rev-parse', 'HEAD'], 1024)).trim()).toBe(answers[0]?.trim());
    expect(helper.pid).not.toBe(first);
  });
});
