import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';

/**
 * The helper's whole program, run with `node -e` (so it needs no built file, from the sources or from `dist/`): it
 * takes `{ id, cwd, args, maxBuffer, input?, env?, timeoutMs? }` over its IPC channel, runs git with `execFile` (no
 * shell; the helper's environment, with `env` laid over it; `input` on stdin, else an empty stdin; killed past
 * `timeoutMs`) and answers `{ id, stdout }` or `{ id, error }` with what the caller's error needs. It exits when its
 * parent goes (a git it started runs to its end).
 */
const HELPER_PROGRAM = `
const { execFile } = require('node:child_process');
process.on('message', ({ id, cwd, args, maxBuffer, input, env, timeoutMs }) => {
  const options = { cwd, maxBuffer, encoding: 'utf8', env: env ? { ...process.env, ...env } : process.env, timeout: timeoutMs ?? 0, killSignal: 'SIGKILL' };
  const child = execFile('git', args, options, (error, stdout, stderr) => {
    if (!process.connected) return;
    if (error) process.send({ id, error: { message: error.message, code: error.code, signal: error.signal ?? null, killed: error.killed === true, stdout, stderr } });
    else process.send({ id, stdout });
  });
  child.stdin.on('error', () => {});
  child.stdin.end(input ?? '');
});
process.on('disconnect', () => process.exit(0));
`;

/** One git run as the helper takes it. */
export interface GitRunOptions {
  readonly maxBuffer: number;
  /** Written to git's stdin (an empty stdin without it). */
  readonly input?: string;
  /** Variables laid over the helper's environment for this run (`GIT_INDEX_FILE`, an author's name). */
  readonly env?: Readonly<Record<string, string>>;
  /** git is killed (`SIGKILL`) past this many milliseconds; the run then fails with `killed`. */
  readonly timeoutMs?: number;
}

/** What the helper answers for a git that failed (`execFile`'s error, as plain data). */
interface HelperError {
  readonly message: string;
  readonly code: unknown;
  readonly signal: string | null;
  readonly killed: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

type HelperAnswer = { readonly id: number; readonly stdout: string } | { readonly id: number; readonly error: HelperError };

/** The failure of one git run: `cause` is an Error carrying `code` (exit code, or `ENOENT` when git is missing). */
export class GitRunError extends Error {
  readonly code: unknown;
  readonly signal: string | null;
  readonly killed: boolean;
  readonly stdout: string;
  readonly stderr: string;
  constructor(error: HelperError) {
    super(error.message);
    this.code = error.code;
    this.signal = error.signal;
    this.killed = error.killed;
    this.stdout = error.stdout;
    this.stderr = error.stderr;
  }
}

interface Pending {
  readonly resolve: (stdout: string) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Runs git commands in a small helper process instead of this one. Starting a process from the server costs the
 * main thread in proportion to the server's memory (fork copies its page tables: 10-15 ms a process at 800 MiB RSS,
 * 100-230 ms on a loaded machine, and a commit starts one `git log` per design system, 8 in one turn), and the pages
 * fork marks copy-on-write fault again afterwards; from a helper of ~40 MiB a process costs the helper, not the
 * server. The helper is started on the first command (the server is small then: `serve` asks Git where its source
 * is before loading anything), kept while commands run, and unreferenced in between so it never keeps the server
 * alive; a helper that stops is started again on the next command, its commands failing with an error.
 */
export class GitHelper {
  #child: ChildProcess | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  readonly #env: NodeJS.ProcessEnv;

  /** `env`: the environment of every git the helper runs (its own). */
  constructor(env: NodeJS.ProcessEnv) {
    this.#env = env;
  }

  /** git `args` in `cwd`: resolves stdout, rejects with a GitRunError (or an Error when the helper stopped). */
  run(cwd: string, args: readonly string[], options: GitRunOptions): Promise<string> {
    const child = this.#child ?? this.#start();
    const id = this.#nextId++;
    return new Promise<string>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      if (this.#pending.size === 1) this.#hold(child, true);
      child.send({ id, cwd, args: [...args], ...options }, (error) => {
        if (error !== null) this.#settle(id, (pending) => pending.reject(new Error('the git helper process stopped', { cause: error })));
      });
    });
  }

  /** The helper's process id, once started (tests). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Ends the helper; commands still running fail. */
  close(): void {
    this.#child?.disconnect();
    this.#child = undefined;
  }

  #start(): ChildProcess {
    const env = { ...this.#env };
    // The server's own Node options (a heap size, --cpu-prof, an --import) are not the helper's.
    delete env['NODE_OPTIONS'];
    const child = spawn(process.execPath, ['-e', HELPER_PROGRAM], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env });
    this.#child = child;
    child.on('message', (answer: HelperAnswer) =>
      this.#settle(answer.id, (pending) =>
        'stdout' in answer ? pending.resolve(answer.stdout) : pending.reject(new GitRunError(answer.error)),
      ),
    );
    const stopped = (): void => {
      if (this.#child === child) this.#child = undefined;
      const failed = [...this.#pending.values()];
      this.#pending.clear();
      for (const pending of failed) pending.reject(new Error('the git helper process stopped'));
    };
    child.once('exit', stopped);
    child.once('error', stopped);
    this.#hold(child, false);
    return child;
  }

  #settle(id: number, settle: (pending: Pending) => void): void {
    const pending = this.#pending.get(id);
    if (pending === undefined) return;
    this.#pending.delete(id);
    if (this.#pending.size === 0 && this.#child !== undefined) this.#hold(this.#child, false);
    settle(pending);
  }

  /** Keeps the event loop alive for the helper while it runs commands, and not in between. */
  #hold(child: ChildProcess, held: boolean): void {
    const channel = child.channel as { ref(): void; unref(): void } | null | undefined;
    if (held) {
      child.ref();
      channel?.ref();
    } else {
      child.unref();
      channel?.unref();
    }
  }
}
