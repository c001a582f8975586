import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isCommitId } from '../state/revisions.js';
import { GitCatFile } from './git-cat-file.js';
import type { CatFileProtocol } from './git-cat-file.js';

/** The kinds of object a change request writes. */
export type GitObjectType = 'blob' | 'tree' | 'commit';

/**
 * `git hash-object -w -t <type> --no-filters --stdin-paths`: a path in, the id of the object it wrote out (one line).
 * `--no-filters`: the bytes are stored as given, never through a clean filter or an end-of-line conversion the path's
 * attributes would choose (as `--stdin` did); git checks a tree's and a commit's format before it writes them.
 */
function hashObjectProtocol(type: GitObjectType): CatFileProtocol<string> {
  return {
    args: ['hash-object', '-w', '-t', type, '--no-filters', '--stdin-paths'],
    readAnswer(output) {
      const newline = output.indexOf(0x0a);
      if (newline < 0) return undefined;
      const id = output.subarray(0, newline).toString('utf8');
      if (!isCommitId(id)) throw new Error(`unexpected git hash-object answer: ${id.slice(0, 100)}`);
      return { value: id, length: newline + 1 };
    },
  };
}

/**
 * Writes objects into a repository through one long-lived `git hash-object --stdin-paths` per type (started on the
 * first object of that type): a write of a change request used to start five git processes for its objects
 * (`read-tree`, `hash-object`, `update-index`, `write-tree`, `commit-tree`), about 3 ms of CPU each. Each object's
 * bytes go to a file of a private temporary folder whose path (never user text) goes on stdin; the file is removed
 * once git answered. An object no ref names is harmless (`git gc` removes it), so a crash at any moment leaves
 * nothing half-made that anything reads.
 */
export class GitObjectWriter {
  readonly #repoDir: string;
  readonly #processes = new Map<GitObjectType, GitCatFile<string>>();
  #folder: Promise<string> | undefined;
  #next = 0;
  #closed = false;

  constructor(repoDir: string) {
    this.#repoDir = repoDir;
  }

  /** Writes one object; resolves to its id. */
  async write(type: GitObjectType, content: string | Buffer): Promise<string> {
    if (this.#closed) throw new Error('git object writer is closed');
    this.#folder ??= mkdtemp(join(tmpdir(), 'token-server-objects-'));
    const path = join(await this.#folder, `${this.#next++}.${type}`);
    await writeFile(path, content);
    try {
      return await this.#process(type).ask(path);
    } finally {
      await rm(path, { force: true });
    }
  }

  /** Ends the processes and removes the temporary folder. */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#processes.values()].map((process) => process.close()));
    const folder = await this.#folder;
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
  }

  #process(type: GitObjectType): GitCatFile<string> {
    let process = this.#processes.get(type);
    if (process === undefined) {
      process = new GitCatFile(this.#repoDir, hashObjectProtocol(type));
      this.#processes.set(type, process);
    }
    return process;
  }
}
