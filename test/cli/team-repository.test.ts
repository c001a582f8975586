import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const NPX = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** What `npm pack` builds from (the Dockerfile's build stage copies the same): everything else stays out of the copy. */
const PACKED_FROM = [
  'package.json',
  'README.md',
  'keys.yaml',
  'tsconfig.json',
  'tsconfig.build.json',
  'src',
  'web',
  'scripts/build-web.mjs',
  'schemas',
  'design-systems',
];

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end, never throwing for its exit status. */
async function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, { cwd, env, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/**
 * The documented way to run the importer where a team's tokens live: `npm pack` of this project (its `prepack`
 * builds dist/), the tarball installed in the team's own Git repository with `npm install --save-dev`, then
 * `npx token-server import` and `npm exec token-server -- import` there. Nothing of this checkout is in reach of the
 * team's repository: only the package and its runtime dependencies, installed by npm (from its cache when it can).
 */
describe('token-server from a team’s own repository', () => {
  const made: string[] = [];
  afterAll(() => Promise.all(made.map((folder) => rm(folder, { recursive: true, force: true }))));

  it(
    'installs from the packed tarball with its runtime dependencies only; npx and npm exec import there, --update re-imports',
    { timeout: 120_000 },
    async () => {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        // The npm and node of this test run, whatever the shell had.
        PATH: `${dirname(process.execPath)}${delimiter}${process.env['PATH'] ?? ''}`,
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        npm_config_update_notifier: 'false',
        npm_config_prefer_offline: 'true',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 't',
        GIT_AUTHOR_EMAIL: 't@example.com',
        GIT_COMMITTER_NAME: 't',
        GIT_COMMITTER_EMAIL: 't@example.com',
      };
      // Packed from a copy, so the build writes its own dist/ and never the checkout's (other tests serve it).
      const stage = await realpath(await mkdtemp(join(tmpdir(), 'token-server-pack-')));
      made.push(stage);
      for (const path of PACKED_FROM) await cp(join(ROOT, path), join(stage, path), { recursive: true });
      await symlink(join(ROOT, 'node_modules'), join(stage, 'node_modules'), 'dir');
      const packed = await run(NPM, ['pack', '--json', '--pack-destination', stage], stage, env);
      expect(packed.code, packed.stderr).toBe(0);
      const [manifest] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as [{ filename: string; files: { path: string }[] }];
      const files = manifest.files.map((file) => file.path);
      expect(files).toEqual(
        expect.arrayContaining(['dist/cli.js', 'dist/cli/import.js', 'dist/web/index.html', 'schemas/source.schema.json']),
      );
      expect(files.filter((path) => /^(src|test|web|scripts|node_modules)\//.test(path))).toEqual([]);

      // The team's repository: its tokens in DTCG, committed; no package.json of ours, no checkout of this project.
      const team = await realpath(await mkdtemp(join(tmpdir(), 'acme-tokens-')));
      made.push(team);
      await mkdir(join(team, 'tokens'));
      const tokens = { color: { $type: 'color', ink: { $value: '#111111' }, text: { $value: '{color.ink}' } } };
      await writeFile(join(team, 'tokens', 'tokens.json'), JSON.stringify(tokens, null, 2));
      await writeFile(join(team, 'package.json'), `${JSON.stringify({ name: 'acme-tokens', private: true }, null, 2)}\n`);
      expect((await run('git', ['init', '-q', '-b', 'main'], team, env)).code).toBe(0);
      expect((await run('git', ['add', '.'], team, env)).code).toBe(0);
      expect((await run('git', ['commit', '-q', '-m', 'tokens'], team, env)).code).toBe(0);

      const installed = await run(NPM, ['install', '--save-dev', join(stage, manifest.filename)], team, env);
      expect(installed.code, installed.stderr).toBe(0);
      // Runtime dependencies only: no compiler, no test runner.
      await expect(stat(join(team, 'node_modules', 'yaml', 'package.json'))).resolves.toBeTruthy();
      for (const dev of ['typescript', 'vitest', 'style-dictionary']) await expect(stat(join(team, 'node_modules', dev))).rejects.toThrow();

      const imported = await run(NPX, ['token-server', 'import', 'tokens/', '--out', 'design-systems/acme'], team, env);
      expect([imported.code, imported.stdout, imported.stderr]).toEqual([
        0,
        '2 tokens written to design-systems/acme (2 exactly, 0 with loss), 0 left out (read as dtcg)\n  color 2\n',
        '',
      ]);
      expect(await readFile(join(team, 'design-systems', 'acme', 'tokens', 'color.yaml'), 'utf8')).toContain(
        '  color.ink: { type: color, color: "#111111" }\n  color.text: { type: color, ref: color.ink }\n',
      );
      const validated = await run(NPX, ['token-server', 'validate', 'design-systems'], team, env);
      expect([validated.code, validated.stdout]).toEqual([0, '✔ 1 design system, 2 tokens, no problems\n']);

      // The source changes; `npm exec` runs the recorded import again.
      tokens.color.ink.$value = '#222222';
      await writeFile(join(team, 'tokens', 'tokens.json'), JSON.stringify(tokens, null, 2));
      const updated = await run(NPM, ['exec', 'token-server', '--', 'import', '--update', 'design-systems/acme'], team, env);
      expect([updated.code, updated.stdout, updated.stderr]).toEqual([
        0,
        '2 tokens written to design-systems/acme (2 exactly, 0 with loss), 0 left out (read as dtcg)\n' +
          '  color 2\n' +
          'changes since the last import: 0 tokens added, 0 removed, 1 changed, 0 verdicts changed\n' +
          '  changed  color.ink  light, dark #111111 -> #222222 (and 1 that refers to it: color.text)\n',
        '',
      ]);
    },
  );
});
