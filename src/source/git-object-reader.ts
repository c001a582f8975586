import { spawn } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { isCommitId } from '../state/revisions.js';
import { GIT_ENV } from './run-git.js';

interface PendingRead {
  readonly oid: string;
  readonly resolve: (content: Buffer | undefined) => void;
  readonly reject: (error: Error) => void;
}

/**
 * One long-lived `git cat-file --batch` process: object ids go in on stdin (never on a command line), contents come
 * back in order. Reads are queued, so callers may ask for many objects at once.
 */
export class GitObjectReader {
  readonly #repoDir: string;
  #process: ChildProcessWithoutNullStreams | undefined;
  #pending: PendingRead[] = [];
  #buffer: Buffer = Buffer.alloc(0);
  #closed = false;

  constructor(repoDir: string) {
    this.#repoDir = repoDir;
  }

  /** The raw content of an object (a blob, or a commit), or undefined when it does not exist. */
  read(oid: string): Promise<Buffer | undefined> {
    if (!isCommitId(oid)) return Promise.reject(new Error(`not an object id: ${oid}`));
    if (this.#closed) return Promise.reject(new Error('git object reader is closed'));
    const child = this.#start();
    return new Promise((resolve, reject) => {
      this.#pending.push({ oid, resolve, reject });
      child.stdin.write(`${oid}\n`);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const child = this.#process;
    this.#process = undefined;
    if (child === undefined) return;
    await new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      child.stdin.end();
    });
  }

  #start(): ChildProcessWithoutNullStreams {
    if (this.#process !== undefined) return this.#process;
    const child = spawn('git', ['cat-file', '--batch'], {
      cwd: this.#repoDir,
      env: GIT_ENV,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => {
      this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
      this.#drain();
    });
    child.stderr.resume();
    // A write after the process died fails with EPIPE; the 'close' handler below rejects the pending reads.
    child.stdin.on('error', () => undefined);
    const fail = (error: Error): void => {
      if (this.#process === child) this.#process = undefined;
      this.#buffer = Buffer.alloc(0);
      const pending = this.#pending;
      this.#pending = [];
      for (const read of pending) read.reject(new Error('git cat-file stopped', { cause: error }));
    };
    child.on('error', fail);
    child.on('close', (code) => fail(new Error(`git cat-file exited with ${String(code)}`)));
    this.#process = child;
    return child;
  }

  #drain(): void {
    for (;;) {
      const read = this.#pending[0];
      if (read === undefined) return;
      const newline = this.#buffer.indexOf(0x0a);
      if (newline < 0) return;
      const header = this.#buffer.subarray(0, newline).toString('utf8');
      if (header.endsWith(' missing')) {
        this.#buffer = this.#buffer.subarray(newline + 1);
        this.#pending.shift();
        read.resolve(undefined);
        continue;
      }
      const size = Number(header.split(' ')[2]);
      if (!Number.isInteger(size)) {
        this.#pending.shift();
        read.reject(new Error(`unexpected git cat-file header: ${header}`));
        this.#buffer = this.#buffer.subarray(newline + 1);
        continue;
      }
      const end = newline + 1 + size;
      if (this.#buffer.length < end + 1) return;
      const content = Buffer.from(this.#buffer.subarray(newline + 1, end));
      this.#buffer = this.#buffer.subarray(end + 1);
      this.#pending.shift();
      read.resolve(content);
    }
  }
}
