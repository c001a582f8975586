import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach } from 'vitest';
import { startServer } from '../../src/serve.js';
import type { RunningServer, ServeOptions } from '../../src/serve.js';

/** A real temporary Git repository: `design-systems/` below the root is the source folder, `keys.yaml` sits at the root. */
export interface FixtureRepo {
  readonly root: string;
  readonly source: string;
  readonly keys: string;
  /** Writes a file relative to the repository root, creating folders. */
  write(path: string, text: string): void;
  /** Writes a temporary file next to the target and renames it over the target (an editor's atomic save). */
  writeAtomic(path: string, text: string): void;
  remove(path: string): void;
  git(...args: string[]): string;
  /** `git add -A && git commit`; returns the new HEAD sha. */
  commit(message: string, committerDate?: string): string;
  cleanup(): void;
}

export const ALPHA_KEY = 'dts_test_alpha_key';
export const BETA_KEY = 'dts_test_beta_key';

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A keys file giving `alpha` access to `beta` and `gamma`, and `beta` its own design system. */
export function keysYaml(entries: { name: string; key: string; designSystem: string; access?: string[] }[] = DEFAULT_KEYS): string {
  return `keys:\n${entries
    .map(
      (entry) =>
        `  - name: ${entry.name}\n    sha256: ${sha256(entry.key)}\n    designSystem: ${entry.designSystem}\n` +
        (entry.access === undefined ? '' : `    access: [${entry.access.join(', ')}]\n`),
    )
    .join('')}`;
}

const DEFAULT_KEYS = [
  { name: 'alpha', key: ALPHA_KEY, designSystem: 'alpha', access: ['beta', 'gamma'] },
  { name: 'beta', key: BETA_KEY, designSystem: 'beta' },
];

export function systemYaml(name: string, id: string): string {
  return `name: ${name}\nid: ${id}\n`;
}

/** A token file with spacing tokens `<group>.<name>: value` (px). */
export function spacingYaml(group: string, values: Record<string, number>): string {
  return `tokens:\n  ${group}:\n${Object.entries(values)
    .map(([name, value]) => `    ${name}: { type: spacing, value: ${value} }\n`)
    .join('')}`;
}

/** The default content: `alpha` (two token files) and `beta` (one). */
export function defaultFiles(): Record<string, string> {
  return {
    'keys.yaml': keysYaml(),
    'design-systems/alpha/system.yaml': systemYaml('Alpha', 'alpha'),
    'design-systems/alpha/tokens/a.yaml': spacingYaml('space', { a: 16 }),
    'design-systems/alpha/tokens/b.yaml': spacingYaml('gap', { b: 8 }),
    'design-systems/beta/system.yaml': systemYaml('Beta', 'beta'),
    'design-systems/beta/tokens.yaml': spacingYaml('space', { x: 4 }),
  };
}

function runGit(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** A fresh repository with `files` committed on `main` (or a plain folder when `git` is false). */
export function createFixtureRepo(
  files: Record<string, string> = defaultFiles(),
  options: { git?: boolean; commitDate?: string; objectFormat?: 'sha1' | 'sha256' } = {},
): FixtureRepo {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'dts-live-')));
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  const repo: FixtureRepo = {
    root,
    source: join(root, 'design-systems'),
    keys: join(root, 'keys.yaml'),
    write,
    writeAtomic(path, text) {
      const target = join(root, path);
      const temporary = `${target}.tmp-${process.pid}`;
      writeFileSync(temporary, text);
      renameSync(temporary, target);
    },
    remove(path) {
      const target = join(root, path);
      if (path.endsWith('/')) rmSync(target, { recursive: true, force: true });
      else unlinkSync(target);
    },
    git: (...args) => runGit(root, args),
    commit(message, committerDate) {
      runGit(root, ['add', '-A']);
      const dates: Record<string, string> =
        committerDate === undefined ? {} : { GIT_COMMITTER_DATE: committerDate, GIT_AUTHOR_DATE: committerDate };
      runGit(root, ['commit', '-q', '-m', message], dates);
      return runGit(root, ['rev-parse', 'HEAD']).trim();
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
  for (const [path, text] of Object.entries(files)) write(path, text);
  if (options.git !== false) {
    runGit(root, ['init', '-q', '-b', 'main', `--object-format=${options.objectFormat ?? 'sha1'}`]);
    runGit(root, ['config', 'user.name', 'Test Designer']);
    runGit(root, ['config', 'user.email', 'designer@example.test']);
    runGit(root, ['config', 'commit.gpgsign', 'false']);
    repo.commit('initial content', options.commitDate);
  }
  return repo;
}

/** Log lines the server wrote, parsed. */
export interface LogCapture {
  readonly stream: Writable;
  readonly lines: { level: number; msg: string; [field: string]: unknown }[];
}

export function captureLogs(): LogCapture {
  const lines: LogCapture['lines'] = [];
  let rest = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) if (part.trim() !== '') lines.push(JSON.parse(part) as LogCapture['lines'][number]);
      done();
    },
  });
  return { stream, lines };
}

/** Starts the real server on the repository, on a free port. */
export function startFixtureServer(repo: FixtureRepo, options: ServeOptions = {}, logLevel = 'silent'): Promise<RunningServer> {
  // No rate limit: the tests request in tight loops while files change.
  return startServer({ source: repo.source, keys: repo.keys, port: 0, host: '127.0.0.1', logLevel, rateLimit: 0 }, options);
}

export interface ApiResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

export async function get(server: RunningServer, path: string, key = ALPHA_KEY): Promise<ApiResponse> {
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

/** Token key -> px value of a `/api/v1/tokens` body. */
export function spacingOf(body: unknown): Record<string, number> {
  const tokens = (body as { data: { tokens: { key: string; value: { value: number } }[] } }).data.tokens;
  return Object.fromEntries(tokens.map((token) => [token.key, token.value.value]));
}

/** Polls `read` until `done` holds (at most `timeoutMs`), and returns the last value. */
export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Requests `path` in a loop while `change` runs and until `done` holds for a response; returns every response seen.
 * Tests assert that each one is entirely the old state or entirely the new one.
 */
export async function observeWhile(
  server: RunningServer,
  path: string,
  change: () => Promise<void> | void,
  done: (response: ApiResponse) => boolean,
  key = ALPHA_KEY,
  timeoutMs = 5_000,
): Promise<ApiResponse[]> {
  const seen: ApiResponse[] = [];
  let stop = false;
  let reached = false;
  const loop = async (): Promise<void> => {
    while (!stop) {
      const response = await get(server, path, key);
      seen.push(response);
      if (done(response)) reached = true;
    }
  };
  const loops = [loop(), loop()];
  await new Promise((resolve) => setTimeout(resolve, 20));
  await change();
  const deadline = Date.now() + timeoutMs;
  while (!reached && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
  // A few more requests after the change landed: it must stay landed.
  await new Promise((resolve) => setTimeout(resolve, 50));
  stop = true;
  await Promise.all(loops);
  if (!reached) throw new Error(`the change was not served within ${timeoutMs} ms; last: ${JSON.stringify(seen.at(-1)?.body)}`);
  return seen;
}

/** What a test makes, cleaned up after it: servers closed, watchers stopped, repositories deleted (newest first). */
export interface FixtureScope {
  repo(files?: Record<string, string>, options?: Parameters<typeof createFixtureRepo>[1]): FixtureRepo;
  start(repo: FixtureRepo, options?: ServeOptions, logLevel?: string): Promise<RunningServer>;
  defer(cleanup: () => unknown): void;
}

/** Registers the `afterEach` that cleans up what each test of the file made through the returned scope. */
export function useFixtures(): FixtureScope {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return {
    repo(files, options) {
      const repo = createFixtureRepo(files, options);
      cleanups.push(() => repo.cleanup());
      return repo;
    },
    async start(repo, options, logLevel) {
      const server = await startFixtureServer(repo, options, logLevel);
      cleanups.push(() => server.close());
      return server;
    },
    defer: (cleanup) => void cleanups.push(cleanup),
  };
}
