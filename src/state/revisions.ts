import type { Snapshot } from './snapshot.js';

/**
 * What a full commit id looks like: 40 hex digits in a SHA-1 repository, 64 in a SHA-256 one (lower case, as git
 * prints them). As a string for JSON schemas; `isCommitId` for code.
 */
export const COMMIT_ID_PATTERN = '^[0-9a-f]{40}([0-9a-f]{24})?$';

const COMMIT_ID = new RegExp(COMMIT_ID_PATTERN);

/** Whether `text` is a full commit id (SHA-1 or SHA-256), as opposed to a branch, a tag or an abbreviated id. */
export function isCommitId(text: string): boolean {
  return COMMIT_ID.test(text);
}

/** Characters a ref may use: branch and tag names, full or short commit ids, `HEAD~2`, `main^` (a JSON schema pattern). */
export const REF_CHARACTERS_PATTERN = '^[A-Za-z0-9_][A-Za-z0-9._/@~^-]*$';
export const MAX_REF_LENGTH = 200;

const REF_CHARACTERS = new RegExp(REF_CHARACTERS_PATTERN);

/**
 * Why a user-supplied ref is refused before it gets near git, or undefined when it is well formed.
 * Refused: empty, longer than 200, a leading `-` (it would be an option) also after a `/` (`refs/tags/-x`), whitespace,
 * control characters, `:`, anything outside the allow-list, `..` (ranges), `@{` (reflog syntax) and a trailing `.lock`
 * or `/`.
 */
export function checkRef(ref: string): string | undefined {
  if (ref.length === 0) return 'is empty';
  if (ref.length > MAX_REF_LENGTH) return `is longer than ${MAX_REF_LENGTH} characters`;
  if (ref.startsWith('-') || ref.includes('/-')) return 'must not start with `-`, nor have a path segment that does';
  if (!REF_CHARACTERS.test(ref)) return 'may only contain letters, digits and `. _ / @ ~ ^ -`, starting with a letter, digit or `_`';
  if (ref.includes('..')) return 'must not contain `..`';
  if (ref.includes('@{')) return 'must not contain `@{`';
  if (ref.endsWith('/') || ref.endsWith('.lock') || ref.includes('//')) return 'is not a valid ref name';
  return undefined;
}

/** One commit of a design system's history, as `/revisions` lists it. */
export interface RevisionEntry {
  readonly sha: string;
  readonly date: string;
  readonly subject: string;
}

/**
 * What serving `?ref=` and `/revisions` needs of the source's history; absent when the source is not in Git. The
 * source implements it (source/git-revisions.ts), the HTTP layer uses it: neither imports the other.
 */
export interface RevisionProvider {
  /** The full commit id a well-formed ref names, or undefined (after one fetch of the remote, when following one). */
  resolve(ref: string): Promise<string | undefined>;
  /** The snapshot of the source at a full commit id (built once, then cached). */
  snapshotAt(sha: string): Promise<Snapshot>;
  /** The snapshot at a full commit id when it is built and cached already, without waiting; else undefined. */
  built?(sha: string): Snapshot | undefined;
  /** Commits at or before `sha` that changed `slug`, newest first. */
  commitsOf(slug: string, sha: string, page: { limit: number; skip: number }): Promise<{ entries: RevisionEntry[]; more: boolean }>;
}

/** Rejected by a provider when too much work already waits: the caller answers "busy, retry" at once. */
export class RevisionsBusyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RevisionsBusyError';
  }
}
