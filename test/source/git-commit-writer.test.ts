import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RefMovedError, readRef, writeCommitObject } from '../../src/source/git-commit-writer.js';
import type { CommitObject } from '../../src/source/git-commit-writer.js';
import { GitObjectReader } from '../../src/source/git-object-reader.js';
import { GitObjectWriter } from '../../src/source/git-object-writer.js';
import { updateLocalRefs } from '../../src/source/git-ref-updates.js';
import type { GitObjects } from '../../src/source/git-tree.js';
import { gitIn, makeTempDir, REAL_GIT } from '../revisions/git-helpers.js';

const EDITOR = { name: 'Dana Designer', email: 'dana@example.com' };
const SERVER = { name: 'token-server', email: 'token-server@localhost' };
const TOKENS = 'design-systems/acme/tokens.yaml';
const ORIGINAL = '# Colors\ntokens:\n  a: { type: color, color: "#111111" }\n  b: { type: color, color: "#222222" }\n';

let repo: string;
let cleanup: () => void;
let base: string;
let objects: GitObjects & { close(): Promise<void> };

beforeEach(() => {
  ({ dir: repo, cleanup } = makeTempDir('dts-commit-writer-'));
  gitIn(repo, 'init', '-q', '-b', 'main');
  gitIn(repo, 'config', 'user.name', 'Someone');
  gitIn(repo, 'config', 'user.email', 'someone@example.com');
  mkdirSync(join(repo, 'design-systems/acme'), { recursive: true });
  writeFileSync(join(repo, 'design-systems/acme/system.yaml'), 'name: Acme\n');
  writeFileSync(join(repo, TOKENS), ORIGINAL);
  gitIn(repo, 'add', '-A');
  gitIn(repo, 'commit', '-q', '-m', 'start');
  base = gitIn(repo, 'rev-parse', 'HEAD');
  objects = openObjects(repo);
});
afterEach(async () => {
  await objects.close();
  cleanup();
});

/** The change worker's objects: one long-lived `cat-file --batch` reads, one `hash-object` per type writes. */
function openObjects(dir: string): GitObjects & { close(): Promise<void> } {
  const reader = new GitObjectReader(dir);
  const writer = new GitObjectWriter(dir);
  return {
    read: (oid) => reader.read(oid),
    write: (type, content) => writer.write(type, content),
    close: async () => {
      await Promise.all([reader.close(), writer.close()]);
    },
  };
}

/** A commit and the ref that names it, as every write of a change request makes them: objects first, then the ref. */
interface CommitToWrite extends CommitObject {
  readonly ref: string;
  /** What the ref must hold (`null`: it must not exist yet). */
  readonly expected: string | null;
}

async function writeCommit(dir: string, commit: CommitToWrite): Promise<string> {
  const created = await writeCommitObject(objects, commit);
  await updateLocalRefs(dir, [[commit.ref, created, commit.expected]]);
  return created;
}

const edit = (overrides: Partial<CommitToWrite> = {}): CommitToWrite => ({
  parent: base,
  files: new Map([[TOKENS, ORIGINAL.replace('#111111', '#333333')]]),
  message: 'Darker a\n\nToken-Change: cr-1\n',
  author: EDITOR,
  committer: SERVER,
  ref: 'refs/heads/token-changes/cr-1',
  expected: null,
  ...overrides,
});

describe('writing a commit with plumbing', () => {
  it('commits to a new branch by the editor, committed by the server, without touching the work tree, the index or HEAD', async () => {
    // A designer's uncommitted edit of the same file, and one staged: both are still there afterwards.
    writeFileSync(join(repo, TOKENS), `${ORIGINAL}  c: { type: color, color: "#444444" }\n`);
    writeFileSync(join(repo, 'design-systems/acme/system.yaml'), 'name: Acme (local)\n');
    gitIn(repo, 'add', 'design-systems/acme/system.yaml');
    const statusBefore = gitIn(repo, 'status', '--porcelain');
    const commit = await writeCommit(repo, edit());
    expect(await readRef(repo, 'refs/heads/token-changes/cr-1')).toBe(commit);
    expect(gitIn(repo, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%P|%B', commit)).toBe(
      `Dana Designer <dana@example.com>|token-server <token-server@localhost>|${base}|Darker a\n\nToken-Change: cr-1`,
    );
    expect(
      gitIn(repo, 'diff', '--unified=0', base, commit)
        .split('\n')
        .filter((line) => /^[-+] /.test(line)),
    ).toEqual(['-  a: { type: color, color: "#111111" }', '+  a: { type: color, color: "#333333" }']);
    expect(gitIn(repo, 'status', '--porcelain')).toBe(statusBefore);
    expect(readFileSync(join(repo, TOKENS), 'utf8')).toBe(`${ORIGINAL}  c: { type: color, color: "#444444" }\n`);
    expect(gitIn(repo, 'rev-parse', 'HEAD')).toBe(base);
    expect(gitIn(repo, 'symbolic-ref', 'HEAD')).toBe('refs/heads/main');
  });

  it('adds and deletes files', async () => {
    const commit = await writeCommit(
      repo,
      edit({
        files: new Map<string, string | null>([
          [TOKENS, null],
          ['design-systems/acme/more/new.yaml', 'tokens: {}\n'],
        ]),
      }),
    );
    expect(gitIn(repo, 'diff', '--name-status', base, commit)).toBe(
      'A\tdesign-systems/acme/more/new.yaml\nD\tdesign-systems/acme/tokens.yaml',
    );
  });

  it('fails without moving the ref when it moved since it was read (compare and swap)', async () => {
    const first = await writeCommit(repo, edit());
    await expect(writeCommit(repo, edit({ expected: null }))).rejects.toBeInstanceOf(RefMovedError);
    await expect(writeCommit(repo, edit({ parent: first, expected: base }))).rejects.toThrow(
      'refs/heads/token-changes/cr-1 moved while the change was being written',
    );
    expect(await readRef(repo, 'refs/heads/token-changes/cr-1')).toBe(first);
    const second = await writeCommit(repo, edit({ parent: first, expected: first, files: new Map([[TOKENS, ORIGINAL]]) }));
    expect(gitIn(repo, 'rev-parse', `${second}^`)).toBe(first);
  });

  it.each<[string, Partial<CommitToWrite>, string]>([
    ['a path out of the repository', { files: new Map([['../outside.yaml', 'x']]) }, 'not a path inside the repository: "../outside.yaml"'],
    ['a path into .git', { files: new Map([['.git/config', 'x']]) }, 'not a path inside the repository: ".git/config"'],
    ['an option as a path', { files: new Map([['--help', 'x']]) }, 'not a path inside the repository: "--help"'],
    ['a ref outside refs/heads', { ref: 'refs/remotes/x' }, 'not a ref this server writes: refs/remotes/x'],
    ['a ref with ..', { ref: 'refs/heads/a..b' }, 'not a ref this server writes: refs/heads/a..b'],
    ['a parent that is not an id', { parent: '--all' }, 'not a commit id: --all'],
    [
      'a name with a line break',
      { author: { name: 'a\nb', email: 'x@y' } },
      'an identity must be a name and an e-mail without <, > or line breaks',
    ],
  ])('refuses %s before running git', async (_, overrides, message) => {
    await expect(writeCommit(repo, edit(overrides))).rejects.toThrow(message);
    expect(gitIn(repo, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
  });

  it('writes the commit `git commit-tree` wrote on a temporary index, byte for byte, keeping every other entry as it was', async () => {
    // An executable, a link, a folder a deletion empties, a new nested folder, attributes that would convert on add.
    writeFileSync(join(repo, '.gitattributes'), '*.yaml text eol=crlf\n');
    writeFileSync(join(repo, 'run.sh'), '#!/bin/sh\n');
    gitIn(repo, 'update-index', '--add', '--chmod=+x', 'run.sh');
    symlinkSync('design-systems/acme/tokens.yaml', join(repo, 'link.yaml'));
    mkdirSync(join(repo, 'design-systems/acme/only'));
    writeFileSync(join(repo, 'design-systems/acme/only/one.yaml'), 'tokens: {}\n');
    gitIn(repo, 'add', '-A');
    gitIn(repo, 'commit', '-q', '-m', 'more');
    const parent = gitIn(repo, 'rev-parse', 'HEAD');
    const files = new Map<string, string | null>([
      [TOKENS, ORIGINAL.replace('#111111', '#333333')],
      ['design-systems/acme/only/one.yaml', null],
      ['design-systems/acme/deep/new/a.yaml', 'tokens:\n  x: { type: color, color: "#000000" }\n'],
      ['design-systems/acme/a-b.yaml', 'tokens: {}\n'],
    ]);
    const commit = { ...edit({ parent, files }), author: { name: ' "Dana Designer," ', email: 'dana@example.com.' } };
    const now = new Date(1_796_198_606_000);
    const written = await writeCommitObject(objects, commit, now);
    expect(written).toBe(commitTreeOnTemporaryIndex(repo, commit, now));
    expect(gitIn(repo, 'ls-tree', '-r', '--name-only', written)).toBe(
      [
        '.gitattributes',
        'design-systems/acme/a-b.yaml',
        'design-systems/acme/deep/new/a.yaml',
        'design-systems/acme/system.yaml',
        TOKENS,
        'link.yaml',
        'run.sh',
      ].join('\n'),
    );
    expect(gitIn(repo, 'log', '-1', '--format=%an <%ae>', written)).toBe('Dana Designer <dana@example.com>');
  });

  it('writes into a SHA-256 repository', async () => {
    const { dir, cleanup: cleanupSha256 } = makeTempDir('dts-commit-writer-256-');
    try {
      gitIn(dir, 'init', '-q', '-b', 'main', '--object-format=sha256');
      mkdirSync(join(dir, 'design-systems/acme'), { recursive: true });
      writeFileSync(join(dir, TOKENS), ORIGINAL);
      gitIn(dir, 'add', '-A');
      gitIn(dir, '-c', 'user.name=x', '-c', 'user.email=y', 'commit', '-q', '-m', 'start');
      const parent = gitIn(dir, 'rev-parse', 'HEAD');
      const sha256Objects = openObjects(dir);
      try {
        const commit = { ...edit({ parent }), files: new Map([[TOKENS, ORIGINAL.replace('#111111', '#333333')]]) };
        const now = new Date(1_796_198_606_000);
        const written = await writeCommitObject(sha256Objects, commit, now);
        expect(written).toMatch(/^[0-9a-f]{64}$/);
        expect(written).toBe(commitTreeOnTemporaryIndex(dir, commit, now));
      } finally {
        await sha256Objects.close();
      }
    } finally {
      cleanupSha256();
    }
  });
});

/** What the writer did before (and what it must still give): a temporary index, `update-index` and `commit-tree`. */
function commitTreeOnTemporaryIndex(dir: string, commit: CommitObject, at: Date): string {
  const { dir: indexDir, cleanup: cleanupIndex } = makeTempDir('dts-index-');
  try {
    const offset = -at.getTimezoneOffset();
    const zone = `${offset < 0 ? '-' : '+'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`;
    const env = {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_INDEX_FILE: join(indexDir, 'index'),
      GIT_AUTHOR_NAME: commit.author.name,
      GIT_AUTHOR_EMAIL: commit.author.email,
      GIT_COMMITTER_NAME: commit.committer.name,
      GIT_COMMITTER_EMAIL: commit.committer.email,
      GIT_AUTHOR_DATE: `${at.getTime() / 1000} ${zone}`,
      GIT_COMMITTER_DATE: `${at.getTime() / 1000} ${zone}`,
    };
    const git = (args: string[], input = ''): string => execFileSync(REAL_GIT, args, { cwd: dir, env, input, encoding: 'utf8' }).trim();
    git(['read-tree', commit.parent]);
    const zero = '0'.repeat(commit.parent.length);
    const lines = [...commit.files].map(([path, text]) =>
      text === null ? `0 ${zero}\t${path}` : `100644 ${git(['hash-object', '-w', '--stdin'], text)}\t${path}`,
    );
    git(['update-index', '--index-info'], `${lines.join('\n')}\n`);
    return git(['commit-tree', git(['write-tree']), '-p', commit.parent, '-F', '-'], commit.message);
  } finally {
    cleanupIndex();
  }
}
