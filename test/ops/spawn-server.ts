import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** A `token-server serve` child process and what it printed. */
export interface ServerProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** `http://127.0.0.1:<port>`, from the log line "Server listening at ...". */
  readonly base: string;
  /** Every JSON log line so far. */
  readonly lines: Record<string, unknown>[];
  /** Raw stdout so far. */
  stdout(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  readonly exited: Promise<number | null>;
}

/** Starts `node <cli> serve --port 0 --host 127.0.0.1 ...args` in `cwd` and waits until it listens. */
export function spawnServer(
  cli: string,
  args: readonly string[],
  options: {
    cwd: string;
    env?: NodeJS.ProcessEnv;
    timeoutMs?: number;
    /** Node's own flags, before the script (e.g. `--import <preload>`). */
    nodeArgs?: readonly string[];
    /** Opens an IPC channel to the child (`child.send`, `child.on('message')`). */
    ipc?: boolean;
  },
): Promise<ServerProcess> {
  const { TOKENS_KEYS: _keys, TOKENS_SOURCE: _source, ...inherited } = process.env;
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), cli, 'serve', '--port', '0', '--host', '127.0.0.1', ...args], {
    cwd: options.cwd,
    env: { ...inherited, ...options.env },
    ...(options.ipc === true ? { stdio: ['pipe', 'pipe', 'pipe', 'ipc'] as const } : {}),
  }) as ChildProcessWithoutNullStreams;
  const lines: Record<string, unknown>[] = [];
  let stdout = '';
  let stderr = '';
  let rest = '';
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within ${options.timeoutMs ?? 15_000} ms\nstdout: ${stdout}\nstderr: ${stderr}`));
    }, options.timeoutMs ?? 15_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const part of parts) {
        if (part.trim() === '') continue;
        const line = JSON.parse(part) as Record<string, unknown>;
        lines.push(line);
        const match = /^Server listening at (http:\/\/127\.0\.0\.1:\d+)$/.exec(String(line['msg']));
        if (match) {
          clearTimeout(timer);
          resolve({ child, base: match[1] as string, lines, stdout: () => stdout, exited });
        }
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening\nstdout: ${stdout}\nstderr: ${stderr}`));
    });
  });
}
