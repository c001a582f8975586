import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { GIT_ENV } from './run-git.js';
import { toError } from '../compile/narrow-unknown.js';

/**
 * Bounds on a long-lived `git cat-file` process: how long its oldest question may wait for an answer before the
 * process is killed, and how soon it is started again after it stopped (doubling from `restartMinMs` up to
 * `restartMaxMs`, back to the minimum once a new process has answered).
 */
export const CAT_FILE_LIMITS = { answerWithinMs: 10_000, restartMinMs: 30, restartMaxMs: 5_000, closeWithinMs: 2_000 } as const;

/** How one kind of `git cat-file` is spoken: its fixed arguments, and how one answer is read off its output. */
export interface CatFileProtocol<T> {
  /** Arguments after `git`; fixed, never user text. */
  readonly args: readonly string[];
  /**
   * Reads the answer to `question` at the start of `output`: undefined while it is incomplete, else its value and how
   * many bytes it took. Throws when the output is not an answer to it (the process is then replaced).
   */
  readAnswer(output: Buffer, question: string): { value: T; length: number } | undefined;
}

interface Question<T> {
  readonly line: string;
  sent: boolean;
  readonly resolve: (value: T) => void;
  readonly reject: (error: Error) => void;
}

/**
 * One long-lived `git cat-file` process: questions go in on stdin, one line each (never on a command line), answers
 * come back in the same order. Started on the first question; when it stops, the questions it had are rejected and
 * it is started again on the next one, no sooner than a backoff (never a tight loop); one that stops answering is
 * killed. `close` ends it.
 */
export class GitCatFile<T> {
  readonly #repoDir: string;
  readonly #protocol: CatFileProtocol<T>;
  readonly #answerWithinMs: number;
  #child: ChildProcessWithoutNullStreams | undefined;
  #questions: Question<T>[] = [];
  #output: Buffer = Buffer.alloc(0);
  #closed = false;
  /** The next start waits until then (after a process stopped); 0 when the last process answered. */
  #restartAt = 0;
  #restartDelayMs = 0;
  #restartTimer: NodeJS.Timeout | undefined;
  #answerTimer: NodeJS.Timeout | undefined;

  constructor(repoDir: string, protocol: CatFileProtocol<T>, options: { answerWithinMs?: number } = {}) {
    this.#repoDir = repoDir;
    this.#protocol = protocol;
    this.#answerWithinMs = options.answerWithinMs ?? CAT_FILE_LIMITS.answerWithinMs;
  }

  /** The running process's id (undefined before the first question and while it is being restarted). */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** Questions asked and not answered yet. */
  get waiting(): number {
    return this.#questions.length;
  }

  /** Asks one question (a line without its newline; the caller has checked it), answered in order. */
  ask(line: string): Promise<T> {
    if (this.#closed) return Promise.reject(new Error(`git ${this.#protocol.args.join(' ')} is closed`));
    // One question is one line: a newline would shift every later answer onto the wrong question.
    if (/[\n\r\0]/.test(line)) return Promise.reject(new Error('a git cat-file question must be one line'));
    return new Promise<T>((resolve, reject) => {
      const question: Question<T> = { line, sent: false, resolve, reject };
      this.#questions.push(question);
      if (this.#child !== undefined) this.#send(this.#child, question);
      else this.#scheduleStart();
    });
  }

  /** Ends the process after it has answered what it was asked; questions still waiting for a restart are rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#restartTimer);
    this.#restartTimer = undefined;
    const unsent = this.#questions.filter((question) => !question.sent);
    this.#questions = this.#questions.filter((question) => question.sent);
    for (const question of unsent) question.reject(new Error(`git ${this.#protocol.args.join(' ')} is closed`));
    const child = this.#child;
    if (child === undefined) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => child.kill('SIGKILL'), CAT_FILE_LIMITS.closeWithinMs);
      child.once('close', () => {
        clearTimeout(kill);
        resolve();
      });
      child.stdin.end();
    });
  }

  #scheduleStart(): void {
    if (this.#restartTimer !== undefined) return;
    const delay = this.#restartAt - Date.now();
    if (delay <= 0) {
      this.#start();
      return;
    }
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = undefined;
      if (!this.#closed && this.#child === undefined && this.#questions.length > 0) this.#start();
    }, delay);
  }

  #start(): void {
    const child = spawn('git', [...this.#protocol.args], { cwd: this.#repoDir, env: GIT_ENV, stdio: ['pipe', 'pipe', 'pipe'] });
    this.#child = child;
    this.#output = Buffer.alloc(0);
    child.stdout.on('data', (chunk: Buffer) => {
      if (this.#child !== child) return;
      this.#output = this.#output.length === 0 ? chunk : Buffer.concat([this.#output, chunk]);
      this.#readAnswers(child);
    });
    // Read and dropped: git's warnings (an ambiguous name, a tree asked as a commit) must never fill the pipe.
    child.stderr.resume();
    // A write after the process died fails with EPIPE; the 'close' handler below rejects the questions.
    child.stdin.on('error', () => undefined);
    let stopped = false;
    const stop = (error: Error): void => {
      if (stopped) return;
      stopped = true;
      this.#stopped(child, error);
    };
    child.on('error', stop);
    child.on('close', (code, signal) => stop(new Error(`git ${this.#protocol.args[0] ?? ''} exited with ${String(signal ?? code)}`)));
    for (const question of this.#questions) this.#send(child, question);
  }

  #send(child: ChildProcessWithoutNullStreams, question: Question<T>): void {
    question.sent = true;
    child.stdin.write(`${question.line}\n`);
    if (this.#answerTimer === undefined)
      this.#answerTimer = setTimeout(() => {
        // No answer for that long: the process hangs (a lock, a stuck file system). Replace it.
        this.#answerTimer = undefined;
        if (this.#child === child) child.kill('SIGKILL');
      }, this.#answerWithinMs);
  }

  #readAnswers(child: ChildProcessWithoutNullStreams): void {
    for (;;) {
      const question = this.#questions[0];
      if (question === undefined || this.#output.length === 0) break;
      let answer: { value: T; length: number } | undefined;
      try {
        answer = this.#protocol.readAnswer(this.#output, question.line);
      } catch (error) {
        // Out of step with the questions: no later answer can be trusted either.
        child.kill('SIGKILL');
        this.#stopped(child, toError(error));
        return;
      }
      if (answer === undefined) break;
      this.#output = this.#output.subarray(answer.length);
      this.#questions.shift();
      this.#restartAt = 0;
      this.#restartDelayMs = 0;
      this.#answerTimer?.refresh();
      question.resolve(answer.value);
    }
    if (this.#questions.length === 0) {
      clearTimeout(this.#answerTimer);
      this.#answerTimer = undefined;
    }
  }

  #stopped(child: ChildProcessWithoutNullStreams, error: Error): void {
    if (this.#child !== child) return;
    this.#child = undefined;
    this.#output = Buffer.alloc(0);
    clearTimeout(this.#answerTimer);
    this.#answerTimer = undefined;
    const asked = this.#questions.filter((question) => question.sent);
    this.#questions = this.#questions.filter((question) => !question.sent);
    const stoppedError = new Error(`git ${this.#protocol.args.join(' ')} stopped`, { cause: error });
    for (const question of asked) question.reject(stoppedError);
    if (this.#closed) return;
    this.#restartDelayMs = Math.min(Math.max(this.#restartDelayMs * 2, CAT_FILE_LIMITS.restartMinMs), CAT_FILE_LIMITS.restartMaxMs);
    this.#restartAt = Date.now() + this.#restartDelayMs;
    if (this.#questions.length > 0) this.#scheduleStart();
  }
}
