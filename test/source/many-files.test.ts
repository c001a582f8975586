import { spawn } from 'node:child_process';
import { mkdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { MAX_FILES_PER_DESIGN_SYSTEM } from '../../src/source/read-source-folder.js';
import { ALPHA_KEY, captureLogs, defaultFiles, get, sha256, spacingOf, spacingYaml, useFixtures, waitFor } from './fixture-repo.js';
import type { FixtureRepo } from './fixture-repo.js';

// Issue 22, finding 4: 100,000 small files in a design system crashed the server (every file opened at once: EMFILE,
// then `listen EMFILE`). Files are now read 64 at a time, and a design system past 10,000 YAML files is not loaded,
// with one line saying why. The tests use just past the limit; bench/many-files.mjs measures 100,000.
const fixtures = useFixtures();

/** Writes `count` one-token files into `folder` (relative to the source folder). */
function writeTokenFiles(repo: FixtureRepo, folder: string, count: number): void {
  mkdirSync(join(repo.source, folder), { recursive: true });
  for (let index = 0; index < count; index++) {
    writeFileSync(join(repo.source, folder, `f${index}.yaml`), `tokens:\n  g${index}:\n    t: { type: spacing, value: 4 }\n`);
  }
}

/** `token-server serve` under `ulimit -n <fds>`; resolves once it listens, with the log lines so far (and later ones). */
function spawnLimited(repo: FixtureRepo, fds: number): Promise<{ base: string; lines: { msg: string }[]; exited: () => boolean }> {
  const command = `ulimit -n ${fds} && exec "${process.execPath}" "${inject('cliPath')}" serve --port 0 --host 127.0.0.1 --source "${repo.source}" --keys "${repo.keys}"`;
  const child = spawn('sh', ['-c', command], { cwd: repo.root });
  fixtures.defer(() => child.exitCode === null && child.kill('SIGKILL'));
  const lines: { msg: string }[] = [];
  let stderr = '';
  let rest = '';
  return new Promise((resolve, reject) => {
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) {
        const line = JSON.parse(part) as { msg: string };
        lines.push(line);
        const match = /^Server listening at (http:\/\/[^ ]+)$/.exec(line.msg);
        if (match) resolve({ base: match[1] as string, lines, exited: () => child.exitCode !== null });
      }
    });
    child.on('close', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)));
  });
}

describe('many files', () => {
  it('read 64 files at a time under a low descriptor limit, and refuse a design system past 10,000 files with one line', async () => {
    expect(MAX_FILES_PER_DESIGN_SYSTEM).toBe(10_000);
    const repo = fixtures.repo(
      {
        ...defaultFiles(),
        'design-systems/big/system.yaml': 'name: Big\nid: big\n',
        'design-systems/wide/system.yaml': 'name: Wide\nid: wide\n',
      },
      { git: false },
    );
    writeTokenFiles(repo, 'big/tokens', MAX_FILES_PER_DESIGN_SYSTEM);
    writeTokenFiles(repo, 'wide/tokens', 1_000);
    repo.write('keys.yaml', `keys:\n  - name: alpha\n    sha256: ${sha256(ALPHA_KEY)}\n    designSystem: alpha\n    access: [big, wide]\n`);
    const server = await spawnLimited(repo, 200);
    const healthz = await fetch(`${server.base}/healthz`);
    expect(healthz.status).toBe(200);
    const tokens = (designSystem: string): Promise<Response> =>
      fetch(`${server.base}/api/v1/tokens?designSystem=${designSystem}`, { headers: { authorization: `Bearer ${ALPHA_KEY}` } });
    // Every file of the design system within the limit is read, none is lost to EMFILE.
    const wide = (await (await tokens('wide')).json()) as { data: { tokens: unknown[] } };
    expect(wide.data.tokens).toHaveLength(1_000);
    expect(server.lines.filter((line) => /EMFILE|cannot read/.test(line.msg))).toEqual([]);
    // The API says why, as the log line does.
    const big = await tokens('big');
    expect([big.status, await big.json()]).toEqual([
      503,
      {
        error: {
          code: 'design_system_unavailable',
          message:
            'Design system `big` is not available: the source does not load it: it has 10001 YAML files, more than 10000 (the limit per design system).',
        },
      },
    ]);
    expect(server.lines.filter((line) => line.msg.startsWith('design system `big`'))).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'design system `big` is not loaded: it has 10001 YAML files, more than 10000 (the limit per design system); nothing is served for it',
      }),
    ]);
    expect(server.exited()).toBe(false);
  });

  it('keep serving the last good version of a design system that grows past the limit while running, and load it once back within', async () => {
    const repo = fixtures.repo(defaultFiles(), { git: false });
    const logs = captureLogs();
    const server = await fixtures.start(repo, { logStream: logs.stream }, 'info');
    const refusal =
      'design system `alpha` is not loaded: it has 10003 YAML files, more than 10000 (the limit per design system); its last good version stays served';
    writeTokenFiles(repo, 'alpha/tokens/many', MAX_FILES_PER_DESIGN_SYSTEM);
    await waitFor(
      async () => logs.lines.map((line) => line.msg),
      (messages) => messages.includes(refusal),
      20_000,
    );
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 99 }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await server.idle();
    expect(spacingOf((await get(server, '/api/v1/tokens')).body)).toEqual({ 'gap.b': 8, 'space.a': 16 });
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    // Three files fewer: 10,000, within the limit. Its files are not watched, its folders are.
    for (const index of [0, 1, 2]) unlinkSync(join(repo.source, 'alpha', 'tokens', 'many', `f${index}.yaml`));
    const back = await waitFor(
      async () => (await get(server, '/api/v1/tokens')).body,
      (body) => spacingOf(body)['space.a'] === 99,
      20_000,
    );
    expect(Object.keys(spacingOf(back))).toHaveLength(2 + MAX_FILES_PER_DESIGN_SYSTEM - 3);
    // Written in bulk, the design system may first be held (when chokidar delivers the files in several batches): at
    // most one such line, before the refusal.
    const told = logs.lines.filter((line) => line.msg.includes('design system `alpha`')).map((line) => line.msg);
    const held = 'design system `alpha` is being written in bulk: it is read once its number of files stops changing';
    expect(told.filter((message) => message !== held)).toEqual([
      refusal,
      'design system `alpha` is within the file limits again: loading it',
    ]);
    expect(told.filter((message) => message === held).length).toBeLessThanOrEqual(1);
    if (told.includes(held)) expect(told.indexOf(held)).toBeLessThan(told.indexOf(refusal));
  });
});
