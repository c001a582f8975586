import { isCommitId } from '../state/revisions.js';
import { GitCatFile } from './git-cat-file.js';
import type { CatFileProtocol } from './git-cat-file.js';

/** `git cat-file --batch`: `<oid> missing`, or `<oid> <type> <size>`, the content and a newline. */
const READ_OBJECTS: CatFileProtocol<Buffer | undefined> = {
  args: ['cat-file', '--batch'],
  readAnswer(output, oid) {
    const newline = output.indexOf(0x0a);
    if (newline < 0) return undefined;
    const header = output.subarray(0, newline).toString('utf8');
    if (header === `${oid} missing`) return { value: undefined, length: newline + 1 };
    const [answered, , sizeText] = header.split(' ');
    const size = Number(sizeText);
    if (answered !== oid || !Number.isInteger(size) || size < 0) throw new Error(`unexpected git cat-file header: ${header}`);
    const end = newline + 1 + size;
    if (output.length < end + 1) return undefined;
    return { value: Buffer.from(output.subarray(newline + 1, end)), length: end + 1 };
  },
};

/** `git cat-file --batch-check=%(objectname) %(objectsize)`: an object's size without its content, or `<oid> missing`. */
const READ_SIZES: CatFileProtocol<number | undefined> = {
  args: ['cat-file', '--batch-check=%(objectname) %(objectsize)'],
  readAnswer(output, oid) {
    const newline = output.indexOf(0x0a);
    if (newline < 0) return undefined;
    const line = output.subarray(0, newline).toString('utf8');
    if (line === `${oid} missing`) return { value: undefined, length: newline + 1 };
    const [answered, sizeText] = line.split(' ');
    const size = Number(sizeText);
    if (answered !== oid || !Number.isInteger(size) || size < 0) throw new Error(`unexpected git cat-file answer: ${line}`);
    return { value: size, length: newline + 1 };
  },
};

/**
 * One long-lived `git cat-file --batch` process: object ids go in on stdin (never on a command line), contents come
 * back in order. Reads are queued, so callers may ask for many objects at once.
 */
export class GitObjectReader {
  readonly #process: GitCatFile<Buffer | undefined>;
  /** Sizes are asked of a second process (`--batch-check`), started on the first size asked. */
  readonly #sizes: GitCatFile<number | undefined>;
  #closed = false;

  constructor(repoDir: string) {
    this.#process = new GitCatFile(repoDir, READ_OBJECTS);
    this.#sizes = new GitCatFile(repoDir, READ_SIZES);
  }

  /** The raw content of an object (a blob, or a commit), or undefined when it does not exist. */
  read(oid: string): Promise<Buffer | undefined> {
    if (!isCommitId(oid)) return Promise.reject(new Error(`not an object id: ${oid}`));
    if (this.#closed) return Promise.reject(new Error('git object reader is closed'));
    return this.#process.ask(oid);
  }

  /** An object's size in bytes, without reading it, or undefined when it does not exist. */
  size(oid: string): Promise<number | undefined> {
    if (!isCommitId(oid)) return Promise.reject(new Error(`not an object id: ${oid}`));
    if (this.#closed) return Promise.reject(new Error('git object reader is closed'));
    return this.#sizes.ask(oid);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([this.#process.close(), this.#sizes.close()]);
  }
}
