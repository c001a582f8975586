import { execFile, execFileSync } from 'node:child_process';
import { chownSync, cpSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { once } from 'node:events';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { GitRemoteMirror } from '../../src/source/git-remote.js';
import { bearer, DEMO_KEY, DOCS_KEY } from '../helpers/app.js';
import { EXAMPLE_KEYS, EXAMPLE_SOURCE } from '../helpers/fixtures.js';
import { spawnServer } from './spawn-server.js';
import type { ServerProcess } from './spawn-server.js';

const run = promisify(execFile);
const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<ServerProcess> {
  const server = await spawnServer(inject('cliPath'), ['--log-level', 'info', ...args], options);
  cleanups.push(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  return server;
}

/** Runs `node dist/cli.js serve ...` expecting it to fail before listening; resolves its exit code and stderr. */
async function failToStart(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ code: number | undefined; stderr: string }> {
  const { TOKENS_KEYS: _keys, TOKENS_SOURCE: _source, ...inherited } = process.env;
  try {
    await run(process.execPath, [inject('cliPath'), 'serve', '--port', '0', '--host', '127.0.0.1', ...args], {
      cwd: options.cwd,
      env: { ...inherited, ...options.env },
      timeout: 20_000,
    });
    return { code: 0, stderr: '' };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string };
    return { code: failed.code, stderr: failed.stderr ?? '' };
  }
}

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@example.com',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@example.com',
};
const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** A Git work tree holding a copy of the example design systems under `design-systems/`, committed. */
function exampleRepo(): string {
  const root = tempDir('dts-runtime-repo-');
  cpSync(EXAMPLE_SOURCE, join(root, 'design-systems'), { recursive: true });
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'examples');
  return root;
}

/** The example keys plus a key of our own (`OWN_KEY`, same access as the demo key). */
const OWN_KEY = 'dts_own_key_0123456789';
function keysWithOwnKey(): string {
  const path = join(tempDir('dts-runtime-keys-'), 'keys.yaml');
  const sha = createHash('sha256').update(OWN_KEY).digest('hex');
  writeFileSync(
    path,
    `${readFileSync(EXAMPLE_KEYS, 'utf8')}  - name: own\n    sha256: ${sha}\n    designSystem: acme\n    access: [acme-docs]\n`,
  );
  return path;
}

/**
 * The image's `safe.directory` (read from the Dockerfile's own line) in a user config: a HOME for the server process.
 * The image writes it to /etc/gitconfig; a test cannot, and simple-git drops GIT_* variables such as GIT_CONFIG_SYSTEM.
 */
function homeWithImageGitConfig(): NodeJS.ProcessEnv {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8');
  const match = /git config --system --add safe\.directory '([^']+)'/.exec(dockerfile);
  if (match === null) throw new Error('the Dockerfile sets no safe.directory');
  const home = tempDir('dts-runtime-home-');
  execFileSync('git', ['config', '--file', join(home, '.gitconfig'), '--add', 'safe.directory', match[1] as string]);
  return { HOME: home, XDG_CONFIG_HOME: join(home, '.config') };
}

const gitLine = (server: ServerProcess): Record<string, unknown> | undefined =>
  server.lines.find((line) => 'gitError' in line || line['msg'] === 'source is in a Git work tree');
const isRoot = process.getuid?.() === 0;

describe('when Git is not used, the log says why in git’s own words', () => {
  it('a plain folder: info, with git’s "not a git repository"', async () => {
    const dir = tempDir('dts-runtime-plain-');
    cpSync(EXAMPLE_SOURCE, join(dir, 'design-systems'), { recursive: true });
    const server = await start(['--source', join(dir, 'design-systems'), '--keys', EXAMPLE_KEYS], {
      cwd: dir,
      env: { GIT_CEILING_DIRECTORIES: dir },
    });
    expect(gitLine(server)).toMatchObject({
      level: 30,
      msg: 'source is a plain folder (no Git)',
      git: null,
      gitError: expect.stringMatching(/^fatal: not a git repository/),
    });
  });

  it('a repository git refuses (an unknown repository extension): a warning carrying git’s error', async () => {
    const root = exampleRepo();
    git(root, 'config', 'core.repositoryformatversion', '1');
    git(root, 'config', 'extensions.fromTheFuture', 'true');
    const server = await start(['--source', join(root, 'design-systems'), '--keys', EXAMPLE_KEYS], { cwd: root });
    const line = gitLine(server);
    expect(line).toMatchObject({ level: 40, git: null, gitError: 'fatal: unknown repository extension found: fromthefuture' });
    expect(line?.['msg']).toBe(
      'source is read as a plain folder: git cannot use its repository (fatal: unknown repository extension found: fromthefuture)',
    );
  });

  it.skipIf(!isRoot)(
    'a work tree owned by another user (a mounted volume): git’s "dubious ownership" is logged, and the image’s safe.directory lets Git in',
    async () => {
      const root = exampleRepo();
      chownSync(root, 65534, 65534);
      const source = join(root, 'design-systems');
      const keys = keysWithOwnKey();
      const refused = await start(['--source', source, '--keys', keys], { cwd: root });
      const line = gitLine(refused);
      expect(line).toMatchObject({
        level: 40,
        git: null,
        gitError: expect.stringContaining(`fatal: detected dubious ownership in repository at '${root}'`),
      });
      expect(line?.['gitError']).toContain(`git config --global --add safe.directory ${root}`);
      expect((await fetch(`${refused.base}/api/v1/tokens?ref=HEAD`, { headers: bearer(OWN_KEY) })).status).toBe(400);

      const trusted = await start(['--source', source, '--keys', keys], { cwd: root, env: homeWithImageGitConfig() });
      expect(gitLine(trusted)).toMatchObject({ level: 30, msg: 'source is in a Git work tree', git: join(root, '.git') });
      expect((await fetch(`${trusted.base}/api/v1/tokens?ref=HEAD`, { headers: bearer(OWN_KEY) })).status).toBe(200);
    },
  );

  it.skipIf(!isRoot)(
    'a file:// remote owned by another user: the failed clone says why, and the image’s safe.directory lets it clone',
    async () => {
      const root = exampleRepo();
      execFileSync('chown', ['-R', '65534:65534', root]);
      const cwd = tempDir('dts-runtime-cwd-');
      const args = ['--remote', pathToFileURL(root).href, '--keys', EXAMPLE_KEYS, '--data-dir', join(cwd, 'mirror')];
      const failed = await failToStart(args, { cwd });
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(
        `token-server: cannot clone ${pathToFileURL(root).href}: fatal: detected dubious ownership in repository at '${root}/.git'`,
      );

      const server = await start(args, { cwd, env: homeWithImageGitConfig() });
      expect(server.lines.find((line) => line['msg'] === 'following a Git remote')).toBeDefined();
    },
  );
});

describe('a failed clone keeps git’s whole error, password redacted', () => {
  let http: Server | undefined;
  afterEach(async () => {
    if (http !== undefined) await new Promise((resolve) => http?.close(resolve));
    http = undefined;
  });

  it('names what went wrong, not just "Cloning into bare repository"', async () => {
    const dataDir = tempDir('dts-runtime-clone-');
    const missing = pathToFileURL(join(dataDir, 'missing.git')).href;
    const error = await GitRemoteMirror.open({ url: missing, dataDir }).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toBe(
      `cannot clone ${missing}: fatal: '${join(dataDir, 'missing.git')}' does not appear to be a git repository fatal: Could not read from remote repository. ` +
        'Please make sure you have the correct access rights and the repository exists.',
    );
  });

  it('never shows the password of the URL', async () => {
    http = createServer((_request, response) => response.writeHead(404).end('not here'));
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    const port = (http.address() as { port: number }).port;
    const error = await GitRemoteMirror.open({
      url: `http://alice:s3cret-pw@127.0.0.1:${port}/team/tokens.git`,
      dataDir: tempDir('dts-runtime-clone-'),
    }).then(
      () => undefined,
      (caught: unknown) => caught as Error,
    );
    expect(error?.message).toMatch(
      new RegExp(`^cannot clone http://\\*\\*\\*@127\\.0\\.0\\.1:${port}/team/tokens\\.git: .*fatal: repository '.*' not found$`),
    );
    expect(error?.message).not.toContain('s3cret-pw');
    expect(error?.cause).toBeUndefined();
  });
});

describe('the health check finds the port the server was started with', () => {
  let http: Server | undefined;
  afterEach(async () => {
    if (http !== undefined) await new Promise((resolve) => http?.close(resolve));
    http = undefined;
  });

  const healthcheck = (args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stderr: string }> =>
    run(process.execPath, [join(dirname(inject('cliPath')), 'healthcheck.js'), ...args], {
      env: { ...process.env, ...env },
      timeout: 10_000,
    }).then(
      (done) => ({ code: 0, stderr: done.stderr }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );

  it('takes the same --port flag as serve (the flag wins over PORT), else PORT', async () => {
    http = createServer((request, response) => response.writeHead(request.url === '/healthz' ? 200 : 404).end());
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    const port = String((http.address() as { port: number }).port);
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const closedPort = String((closed.address() as { port: number }).port);
    await new Promise((resolve) => closed.close(resolve));

    expect(await healthcheck(['--port', port], { PORT: closedPort })).toEqual({ code: 0, stderr: '' });
    expect(await healthcheck(['serve', '--port', port, '--source', '/nowhere'], { PORT: closedPort })).toEqual({ code: 0, stderr: '' });
    expect(await healthcheck([], { PORT: port })).toEqual({ code: 0, stderr: '' });
    expect(await healthcheck(['--port', closedPort], { PORT: port })).toMatchObject({ code: 1 });
    expect(await healthcheck(['--port', '0'], {})).toEqual({
      code: 1,
      stderr: 'healthcheck: --port 0 picks a free port: the health check cannot know it; give the server a fixed port\n',
    });
  });
});

describe('the published example keys open the bundled examples only', () => {
  const refusal = {
    error: {
      code: 'unauthorized',
      message: 'This is a published example key: it only opens the bundled example design systems. Use a key of your own.',
    },
  };

  it('serving the bundled design-systems folder: the demo key works', async () => {
    const server = await start(['--source', EXAMPLE_SOURCE, '--keys', keysWithOwnKey()], { cwd: tempDir('dts-runtime-cwd-') });
    expect((await fetch(`${server.base}/api/v1/design-system`, { headers: bearer(DEMO_KEY) })).status).toBe(200);
    expect((await fetch(`${server.base}/api/v1/design-system`, { headers: bearer(DOCS_KEY) })).status).toBe(200);
    expect(server.lines.filter((line) => line['level'] === 40)).toEqual([]);
  });

  it('another folder (even a copy of the examples): the demo and docs-site keys answer 401, the operator is warned', async () => {
    const dir = tempDir('dts-runtime-copy-');
    cpSync(EXAMPLE_SOURCE, join(dir, 'design-systems'), { recursive: true });
    const server = await start(['--source', join(dir, 'design-systems'), '--keys', keysWithOwnKey()], { cwd: dir });
    for (const key of [DEMO_KEY, DOCS_KEY]) {
      const response = await fetch(`${server.base}/api/v1/design-system`, { headers: bearer(key) });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject(refusal);
    }
    expect((await fetch(`${server.base}/api/v1/design-system`, { headers: bearer(OWN_KEY) })).status).toBe(200);
    expect(server.lines.filter((line) => line['level'] === 40)).toEqual([
      expect.objectContaining({
        keys: ['demo', 'docs-site', 'harbor-demo'],
        msg: 'published example keys are refused: they only open the bundled example design systems',
      }),
    ]);
  });

  it('a remote (the image with TOKENS_REMOTE and its default keys file): the demo key answers 401', async () => {
    const root = exampleRepo();
    const cwd = tempDir('dts-runtime-cwd-');
    const server = await start(['--keys', keysWithOwnKey()], {
      cwd,
      env: { TOKENS_REMOTE: pathToFileURL(root).href, TOKENS_DATA_DIR: join(cwd, 'mirror') },
    });
    const response = await fetch(`${server.base}/api/v1/design-system`, { headers: bearer(DEMO_KEY) });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject(refusal);
    expect((await fetch(`${server.base}/api/v1/design-system`, { headers: bearer(OWN_KEY) })).status).toBe(200);
  });
});
