import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openGitRepo, readCommitTimes, readDirtySlugs, readHeadCommit } from '../../src/source/git-repo.js';
import { defaultFiles, spacingYaml, useFixtures } from './fixture-repo.js';

const fixtures = useFixtures();

describe('git facts', () => {
  it('find the repository around a source folder below its root', async () => {
    const repo = fixtures.repo();
    expect(await openGitRepo(repo.source)).toEqual({
      gitDir: join(repo.root, '.git'),
      topLevel: repo.root,
      prefix: 'design-systems/',
      cwd: repo.source,
    });
    expect(await openGitRepo(repo.root)).toEqual({ gitDir: join(repo.root, '.git'), topLevel: repo.root, prefix: '', cwd: repo.root });
  });

  it('return null for a plain folder', async () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'dts-plain-')));
    fixtures.defer(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, 'design-systems'));
    expect(await openGitRepo(join(dir, 'design-systems'))).toBe(null);
  });

  it('read HEAD, and null before the first commit', async () => {
    const repo = fixtures.repo();
    const git = await openGitRepo(repo.source);
    if (git === null) throw new Error('not a repository');
    expect(await readHeadCommit(git)).toBe(repo.git('rev-parse', 'HEAD').trim());

    const empty = fixtures.repo({ 'design-systems/alpha/system.yaml': 'name: A\nid: a\n' }, { git: false });
    empty.git('init', '-q', '-b', 'main');
    const emptyGit = await openGitRepo(empty.source);
    if (emptyGit === null) throw new Error('not a repository');
    expect(await readHeadCommit(emptyGit)).toBe(null);
    expect(await readDirtySlugs(emptyGit)).toEqual(['alpha']);
    expect(await readCommitTimes(emptyGit, ['alpha'])).toEqual({});
  });

  it('list the design systems whose YAML differs from HEAD: modified, untracked, staged renames; not other files', async () => {
    const repo = fixtures.repo({ ...defaultFiles(), 'design-systems/delta/system.yaml': 'name: D\nid: d\n' });
    const git = await openGitRepo(repo.source);
    if (git === null) throw new Error('not a repository');
    expect(await readDirtySlugs(git)).toEqual([]);
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 1 }));
    repo.write('design-systems/gamma/system.yaml', 'name: G\nid: g\n');
    repo.git('mv', 'design-systems/beta/tokens.yaml', 'design-systems/beta/renamed.yaml');
    repo.write('design-systems/delta/README.md', 'not a source file\n');
    repo.write('keys.yaml', 'keys: []\n');
    expect(await readDirtySlugs(git)).toEqual(['alpha', 'beta', 'gamma']);
    // A design system not loaded for its number of files is left out of Git's answer (its untracked files are not listed).
    expect(await readDirtySlugs(git, ['alpha', 'gamma'])).toEqual(['beta']);
  });

  it('give each design system the committer time of its newest commit, in UTC', async () => {
    const repo = fixtures.repo(defaultFiles(), { commitDate: '2024-05-06T07:08:09+02:00' });
    repo.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 9 }));
    repo.commit('beta', '2024-06-07T08:09:10-01:00');
    const git = await openGitRepo(repo.source);
    if (git === null) throw new Error('not a repository');
    expect(await readCommitTimes(git, ['beta', 'alpha', 'missing'])).toEqual({
      alpha: '2024-05-06T05:08:09.000Z',
      beta: '2024-06-07T09:09:10.000Z',
    });
  });
});
