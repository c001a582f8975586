import { LRUCache } from 'lru-cache';
import { checkRef, isCommitId, RevisionsBusyError } from '../state/revisions.js';
import { GitCatFile } from './git-cat-file.js';
import type { CatFileProtocol } from './git-cat-file.js';
import { GitBusyError } from './run-git.js';

/**
 * Bounds on resolving refs, whatever clients send: lookups waiting for the repository's one lookup process (past
 * that, GitBusyError at once), and how long a ref found to name nothing is answered "unknown" without git.
 */
export const REF_LOOKUP_LIMITS = { waiting: 128, unknownForMs: 5_000, unknownRemembered: 10_000 } as const;

/** Refs that named nothing, by generation, repository and ref. */
const unknownRefs = new LRUCache<string, true>({ max: REF_LOOKUP_LIMITS.unknownRemembered, ttl: REF_LOOKUP_LIMITS.unknownForMs });
/** Bumped by every fetch: a ref unknown before it may exist after it. */
let generation = 0;

/** Forgets every ref remembered as unknown; call after anything that can add refs or commits (a fetch). */
export function forgetUnknownRefs(): void {
  generation += 1;
}

/**
 * `git cat-file --batch-check` asked `<ref>^{commit}`: `<sha> commit` when the ref names a commit (a tag peeled to
 * it), `<question> missing` when it names nothing or no commit (a tree, a blob, a path), `<question> ambiguous` for
 * a short id several commits start with. The same answers as `git rev-parse --verify <ref>^{commit}` (tested).
 */
const RESOLVE_COMMITS: CatFileProtocol<string | undefined> = {
  args: ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
  readAnswer(output, question) {
    const newline = output.indexOf(0x0a);
    if (newline < 0) return undefined;
    const line = output.subarray(0, newline).toString('utf8');
    const length = newline + 1;
    if (line === `${question} missing` || line === `${question} ambiguous`) return { value: undefined, length };
    const [sha = '', type, ...rest] = line.split(' ');
    if (type !== 'commit' || rest.length > 0 || !isCommitId(sha)) throw new Error(`unexpected git cat-file answer: ${line}`);
    return { value: sha, length };
  },
};

/** Thrown when the lookup process stopped before answering: the caller answers "busy, retry", never "unknown". */
export class GitRefLookupError extends RevisionsBusyError {
  constructor(cause: unknown) {
    super('the git ref lookup process stopped');
    this.cause = cause;
    this.name = 'GitRefLookupError';
  }
}

/**
 * Resolves refs of one repository through one long-lived `git cat-file --batch-check` process: refs go in on its
 * stdin, one line each (never on a command line), so a lookup starts no process. Git reads refs afresh for each
 * line, so refs created, moved, packed or fetched after the process started are seen (tested).
 */
export class GitRefReader {
  readonly #repoDir: string;
  readonly #process: GitCatFile<string | undefined>;

  /** `answerWithinMs`: how long a lookup may wait for git before the process is replaced (CAT_FILE_LIMITS by default). */
  constructor(repoDir: string, options: { answerWithinMs?: number } = {}) {
    this.#repoDir = repoDir;
    this.#process = new GitCatFile(repoDir, RESOLVE_COMMITS, options);
  }

  /** The lookup process's id, undefined before the first lookup (for tests: it stays the same across lookups). */
  get pid(): number | undefined {
    return this.#process.pid;
  }

  /**
   * The full commit sha a well-formed ref names, or undefined when it names nothing (remembered for a while).
   * Rejects with GitBusyError when `REF_LOOKUP_LIMITS.waiting` lookups already wait, and with GitRefLookupError when
   * the process stopped before answering.
   */
  async resolve(ref: string): Promise<string | undefined> {
    // checkRef refuses whitespace and control characters; a space would also end the name git reads.
    if (checkRef(ref) !== undefined || /\s/.test(ref)) return undefined;
    const asked = generation;
    const unknownKey = `${asked}\0${this.#repoDir}\0${ref}`;
    if (unknownRefs.has(unknownKey)) return undefined;
    if (this.#process.waiting >= REF_LOOKUP_LIMITS.waiting) throw new GitBusyError('ref lookups');
    let sha: string | undefined;
    try {
      sha = await this.#process.ask(`${ref}^{commit}`);
    } catch (error) {
      throw new GitRefLookupError(error);
    }
    // An answer from before a fetch finished is not remembered: the fetch may have brought the ref.
    if (sha === undefined && asked === generation) unknownRefs.set(unknownKey, true);
    return sha;
  }

  async close(): Promise<void> {
    await this.#process.close();
  }
}
