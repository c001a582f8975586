import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';
import { spawnServer } from '../ops/spawn-server.js';
import type { ServerProcess } from '../ops/spawn-server.js';
import { createFixtureRepo } from '../source/fixture-repo.js';
import type { FixtureRepo } from '../source/fixture-repo.js';

export const REAL_GIT = '/usr/bin/git';

/** A fresh temporary folder (its real path), removed by the returned cleanup. */
export function makeTempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs git with fixed arguments and no system config; returns trimmed stdout. */
export function gitIn(cwd: string, ...args: string[]): string {
  return execFileSync(REAL_GIT, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/**
 * A `git` that logs its argv and then runs the real one. Put `dir` first on a child's PATH; `calls()` reads every
 * call so far (argv without the program name). Arguments are logged raw, NUL-separated, each call one append.
 * `lookups()` reads every line the ref lookup process (`cat-file --batch-check`) was given on its stdin.
 */
export interface GitSpy {
  readonly dir: string;
  readonly env: { PATH: string };
  calls(): string[][];
  lookups(): string[];
  cleanup(): void;
}

export function createGitSpy(): GitSpy {
  const { dir, cleanup } = makeTempDir('dts-git-spy-');
  const log = join(dir, 'calls.log');
  const lookups = join(dir, 'lookups.log');
  writeFileSync(log, '');
  writeFileSync(lookups, '');
  // One printf per call: a single append, so concurrent git processes do not interleave their lines. `tee` copies
  // what the lookup process reads as it reads it (it does not buffer).
  writeFileSync(
    join(dir, 'git'),
    `#!/bin/sh\nprintf '%s\\0' CALL "$@" >> '${log}'\n` +
      `case "$1 $2" in\n  "cat-file --batch-check"*) tee -a '${lookups}' | ${REAL_GIT} "$@"; exit $? ;;\nesac\n` +
      `exec ${REAL_GIT} "$@"\n`,
  );
  chmodSync(join(dir, 'git'), 0o755);
  return {
    dir,
    env: { PATH: `${dir}:${process.env['PATH'] ?? ''}` },
    calls() {
      const calls: string[][] = [];
      // Every argument ends with a NUL: the text after the last one is empty.
      for (const part of readFileSync(log, 'utf8').split('\0').slice(0, -1)) {
        if (part === 'CALL') calls.push([]);
        else calls.at(-1)?.push(part);
      }
      return calls;
    },
    lookups: () =>
      readFileSync(lookups, 'utf8')
        .split('\n')
        .filter((line) => line !== ''),
    cleanup,
  };
}

/** A bare repository (the remote, reached by a `file://` URL) and a work clone that pushes to it. */
export interface RemoteFixture {
  readonly bare: string;
  readonly url: string;
  /** The clone commits are made in; its `keys.yaml` is the servers' keys file. */
  readonly work: FixtureRepo;
  /** Commits every change of the work clone and pushes `main`; returns the new sha. */
  commitAndPush(message: string, committerDate?: string): string;
  push(...args: string[]): void;
  cleanup(): void;
}

export function createRemoteFixture(files?: Record<string, string>): RemoteFixture {
  const work = createFixtureRepo(files);
  const { dir, cleanup } = makeTempDir('dts-remote-');
  const bare = join(dir, 'tokens.git');
  gitIn(dir, 'init', '-q', '--bare', '-b', 'main', bare);
  work.git('remote', 'add', 'origin', bare);
  work.git('push', '-q', 'origin', 'main');
  return {
    bare,
    url: pathToFileURL(bare).href,
    work,
    commitAndPush(message, committerDate) {
      const sha = work.commit(message, committerDate);
      work.git('push', '-q', 'origin', 'main');
      return sha;
    },
    push: (...args) => void work.git('push', '-q', ...args),
    cleanup() {
      work.cleanup();
      cleanup();
    },
  };
}

/** `token-server serve` as a child process following `url`, with its own data folder; killed by `stop`. */
export async function spawnRemoteServer(
  remote: RemoteFixture,
  options: { dataDir: string; syncInterval?: number; args?: string[]; env?: NodeJS.ProcessEnv },
): Promise<ServerProcess> {
  const args = [
    '--remote',
    remote.url,
    '--data-dir',
    options.dataDir,
    '--keys',
    remote.work.keys,
    '--rate-limit',
    '0',
    '--sync-interval',
    String(options.syncInterval ?? 600),
    ...(options.args ?? []),
  ];
  return spawnServer(inject('cliPath'), args, { cwd: options.dataDir, env: options.env ?? {} });
}

/** Ends a spawned server (if it still runs) and waits for it. */
export async function stopServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly bytes: Buffer;
  readonly text: string;
}

/** GET with a bearer key and no compression: the raw bytes the server stored. */
export async function fetchRaw(base: string, path: string, key: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const response = await fetch(`${base}${path}`, {
    headers: { authorization: `Bearer ${key}`, 'accept-encoding': 'identity', ...headers },
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
}

/** Polls until `done` holds (at most `timeoutMs`); returns the last value, or throws with it. */
export async function pollUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, intervalMs = 25): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const exists = existsSync;
