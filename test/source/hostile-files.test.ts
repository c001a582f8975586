import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { spawnServer } from '../ops/spawn-server.js';
import { ALPHA_KEY, BETA_KEY, captureLogs, get, keysYaml, spacingOf, spacingYaml, useFixtures, waitFor } from './fixture-repo.js';
import type { FixtureRepo } from './fixture-repo.js';

const fixtures = useFixtures();

const SECRET = 'secret: { type: spacing, value: 999 }';
const ONLY_ALPHA = keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'alpha', access: ['beta', 'gamma'] }]);

/** A file outside the source folder (and outside the repository) that must never be served. */
function outsideFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dts-outside-'));
  fixtures.defer(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'secret.yaml');
  writeFileSync(path, `tokens:\n  leak:\n    ${SECRET}\n`);
  return path;
}

const servedKeys = async (server: Awaited<ReturnType<typeof fixtures.start>>): Promise<string[]> =>
  Object.keys(spacingOf((await get(server, '/api/v1/tokens')).body)).sort();

const skippedLines = (logs: ReturnType<typeof captureLogs>): string[] =>
  logs.lines.map((line) => line.msg).filter((msg) => msg.startsWith('skipped '));

describe('files that are not plain YAML files', () => {
  it('never open a FIFO named *.yaml: live updates and revocations keep applying, at startup and while running', async () => {
    const repo = fixtures.repo();
    execFileSync('mkfifo', [join(repo.source, 'alpha', 'tokens', 'startup.yaml')]);
    const logs = captureLogs();
    const server = await fixtures.start(repo, { logStream: logs.stream }, 'info');
    execFileSync('mkfifo', [join(repo.source, 'alpha', 'tokens', 'live.yaml')]);
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 20 }));
    await waitFor(
      async () => spacingOf((await get(server, '/api/v1/tokens')).body)['space.a'],
      (value) => value === 20,
    );
    repo.writeAtomic('keys.yaml', ONLY_ALPHA);
    await waitFor(
      async () => (await get(server, '/api/v1/tokens', BETA_KEY)).status,
      (status) => status === 401,
    );
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect(skippedLines(logs).sort()).toEqual([
      'skipped alpha/tokens/live.yaml: not a regular file (a FIFO, socket, device or folder)',
      'skipped alpha/tokens/startup.yaml: not a regular file (a FIFO, socket, device or folder)',
    ]);
  });

  it('exit within the shutdown timeout on SIGTERM with a FIFO in the source folder', async () => {
    const repo = fixtures.repo();
    execFileSync('mkfifo', [join(repo.source, 'alpha', 'tokens', 'pipe.yaml')]);
    const server = await spawnServer(inject('cliPath'), ['--source', repo.source, '--keys', repo.keys, '--shutdown-timeout', '3'], {
      cwd: repo.root,
    });
    fixtures.defer(() => server.child.exitCode === null && server.child.kill('SIGKILL'));
    execFileSync('mkfifo', [join(repo.source, 'beta', 'pipe.yaml')]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(performance.now() - stopping).toBeLessThan(3_000);
  });

  it('check the size before reading: a 700 MB sparse file is refused as too large without being read', async () => {
    const repo = fixtures.repo();
    const server = await fixtures.start(repo);
    const rssBefore = process.memoryUsage().rss;
    const huge = join(repo.source, 'alpha', 'tokens', 'huge.yaml');
    writeFileSync(huge, '');
    truncateSync(huge, 700 * 1024 * 1024);
    const problems = await waitFor(
      async () => server.store.current.systems.get('alpha')?.problems ?? [],
      (found) => found.length > 0,
    );
    expect(problems.map((problem) => `${problem.file}:${problem.line}:${problem.column} ${problem.rule}`)).toEqual([
      'alpha/tokens/huge.yaml:1:1 file-too-large',
    ]);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
    // Other saves keep applying; the last good version keeps serving until the file is gone.
    repo.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 6 }));
    await waitFor(
      async () => spacingOf((await get(server, '/api/v1/tokens?designSystem=beta')).body)['space.x'],
      (value) => value === 6,
    );
    rmSync(huge);
    await waitFor(
      async () => server.store.current.systems.get('alpha')?.problems.length,
      (count) => count === 0,
    );
  });
});

describe('symbolic links are never followed', () => {
  function linkAll(repo: FixtureRepo, secret: string): void {
    symlinkSync(secret, join(repo.source, 'alpha', 'tokens', 'out.yaml'));
    symlinkSync('/etc/passwd', join(repo.source, 'alpha', 'tokens', 'passwd.yaml'));
    symlinkSync(join(repo.source, 'alpha', 'tokens', 'b.yaml'), join(repo.source, 'alpha', 'tokens', 'in.yaml'));
  }
  const LINK_LINES = [
    'skipped alpha/tokens/in.yaml: a symbolic link (never followed)',
    'skipped alpha/tokens/out.yaml: a symbolic link (never followed)',
    'skipped alpha/tokens/passwd.yaml: a symbolic link (never followed)',
  ];

  it('at startup, and a symlinked design-system folder is skipped with a log line', async () => {
    const repo = fixtures.repo();
    linkAll(repo, outsideFile());
    const elsewhere = mkdtempSync(join(tmpdir(), 'dts-linked-system-'));
    fixtures.defer(() => rmSync(elsewhere, { recursive: true, force: true }));
    writeFileSync(join(elsewhere, 'system.yaml'), 'name: Linked\n');
    writeFileSync(join(elsewhere, 'tokens.yaml'), `tokens:\n  ${SECRET}\n`);
    symlinkSync(elsewhere, join(repo.source, 'linked'));
    const logs = captureLogs();
    const server = await fixtures.start(repo, { logStream: logs.stream }, 'info');
    expect(await servedKeys(server)).toEqual(['gap.b', 'space.a']);
    expect([...server.store.current.systems.keys()].sort()).toEqual(['alpha', 'beta']);
    expect(skippedLines(logs).sort()).toEqual([...LINK_LINES, 'skipped linked: a symbolic link (never followed)']);
  });

  it('while running, each logged once, and a file replaced by a symlink is removed, not followed', async () => {
    const repo = fixtures.repo();
    const logs = captureLogs();
    const server = await fixtures.start(repo, { logStream: logs.stream }, 'info');
    linkAll(repo, outsideFile());
    // b.yaml becomes a link to the outside file: its tokens go, the link's target never arrives.
    const secret = outsideFile();
    rmSync(join(repo.source, 'alpha', 'tokens', 'b.yaml'));
    symlinkSync(secret, join(repo.source, 'alpha', 'tokens', 'b.yaml'));
    await waitFor(
      async () => servedKeys(server),
      (keys) => !keys.includes('gap.b'),
    );
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 30 }));
    await waitFor(
      async () => spacingOf((await get(server, '/api/v1/tokens')).body)['space.a'],
      (value) => value === 30,
    );
    expect(await servedKeys(server)).toEqual(['space.a']);
    const lines = skippedLines(logs);
    expect(new Set(lines).size).toBe(lines.length);
    expect([...new Set(lines)].sort()).toEqual(
      expect.arrayContaining(['skipped alpha/tokens/b.yaml: a symbolic link (never followed)', ...LINK_LINES.slice(1)]),
    );
  });

  it('a folder swapped for a link to an outside folder: the files below it are not read through the link', async () => {
    const repo = fixtures.repo();
    const server = await fixtures.start(repo);
    const outside = mkdtempSync(join(tmpdir(), 'dts-outside-folder-'));
    fixtures.defer(() => rmSync(outside, { recursive: true, force: true }));
    writeFileSync(join(outside, 'a.yaml'), `tokens:\n  space:\n    a: { type: spacing, value: 999 }\n`);
    writeFileSync(join(outside, 'b.yaml'), `tokens:\n  leak:\n    ${SECRET}\n`);
    rmSync(join(repo.source, 'alpha', 'tokens'), { recursive: true });
    symlinkSync(outside, join(repo.source, 'alpha', 'tokens'));
    await waitFor(
      async () => servedKeys(server),
      (keys) => keys.length === 0 || !keys.includes('gap.b'),
      5_000,
    ).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const served = spacingOf((await get(server, '/api/v1/tokens')).body);
    expect(served['space.a']).not.toBe(999);
    expect(Object.keys(served)).not.toContain('leak.secret');
    // Positive control: the server still reads the real files of the same design system.
    repo.write('design-systems/alpha/more.yaml', spacingYaml('inside', { x: 7 }));
    const after = await waitFor(
      async () => spacingOf((await get(server, '/api/v1/tokens')).body),
      (values) => values['inside.x'] === 7,
    );
    expect(after['space.a']).not.toBe(999);
    expect(Object.keys(after)).not.toContain('leak.secret');
  });

  it('brought in by `git checkout <branch> -- <path>` (HEAD does not move) and read through ?ref=', async () => {
    const repo = fixtures.repo();
    const secret = outsideFile();
    repo.git('checkout', '-q', '-b', 'links');
    symlinkSync(secret, join(repo.source, 'alpha', 'tokens', 'out.yaml'));
    symlinkSync('/etc/passwd', join(repo.source, 'alpha', 'tokens', 'passwd.yaml'));
    const sha = repo.commit('links');
    repo.git('checkout', '-q', 'main');
    const server = await fixtures.start(repo);
    const pinned = await get(server, `/api/v1/tokens?ref=${sha}`);
    expect(pinned.status).toBe(200);
    expect(Object.keys(spacingOf(pinned.body)).sort()).toEqual(['gap.b', 'space.a']);
    repo.git('checkout', 'links', '--', 'design-systems/alpha/tokens');
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 44 }));
    await waitFor(
      async () => spacingOf((await get(server, '/api/v1/tokens')).body)['space.a'],
      (value) => value === 44,
    );
    expect(await servedKeys(server)).toEqual(['gap.b', 'space.a']);
  });
});

describe('the Git directory', () => {
  it('is watched again after it is removed and restored: a commit that changes no file is noticed', async () => {
    const repo = fixtures.repo();
    const server = await fixtures.start(repo);
    const before = (await get(server, '/api/v1/design-system')).headers.get('x-git-commit');
    const parked = mkdtempSync(join(tmpdir(), 'dts-parked-git-'));
    fixtures.defer(() => rmSync(parked, { recursive: true, force: true }));
    renameSync(join(repo.root, '.git'), join(parked, '.git'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    renameSync(join(parked, '.git'), join(repo.root, '.git'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    repo.git('commit', '-q', '--allow-empty', '-m', 'nothing changed');
    const after = repo.git('rev-parse', 'HEAD').trim();
    expect(after).not.toBe(before);
    await waitFor(
      async () => (await get(server, '/api/v1/design-system')).headers.get('x-git-commit'),
      (commit) => commit === after,
    );
  });
});
