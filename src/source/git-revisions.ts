import { spawn } from 'node:child_process';
import { LRUCache } from 'lru-cache';
import type { SourceEvent } from '../state/events.js';
import { MAX_SOURCE_FILE_BYTES } from '../compile/yaml/parse-source-file.js';
import { isSourceYamlPath } from '../compile/source-paths.js';
import { compileBatch } from '../state/compile-batch.js';
import { CompilerThread } from '../state/compiler-thread.js';
import type { CompilerThreadOptions } from '../state/compiler-thread.js';
import { reduce } from '../state/reduce.js';
import { createEmptySnapshot } from '../state/snapshot.js';
import { estimateSnapshotBytes } from '../state/snapshot-size.js';
import type { Snapshot } from '../state/snapshot.js';
import { GitObjectReader } from './git-object-reader.js';
import { GitRefReader } from './git-refs.js';
import { GIT_ENV, readFolderCommitTimes, runGitOnPaths as runGit } from './run-git.js';
import { startOnce } from './start-once.js';
import { isCommitId } from '../state/revisions.js';
import type { RevisionEntry, RevisionProvider } from '../state/revisions.js';
import { SERVE_DEFAULTS } from '../config.js';

/** Where the design systems live inside a Git repository. */
export interface GitSourceLocation {
  /** A directory git can run in: the work tree, or a bare repository. */
  readonly repoDir: string;
  /** The source folder's path from the repository root, `''` or ending in `/` (e.g. `tokens/design-systems/`). */
  readonly sourcePrefix: string;
}

/**
 * The revisions' compile worker stops after this long without a build: pinned reads come in bursts, and a stopped
 * worker gives back the heap its compiles left behind (hundreds of MB after a burst of large revisions).
 */
export const REVISION_COMPILER_IDLE_STOP_MS = 5_000;

/**
 * Young generation of the revisions' compile worker, in MB. With V8's default it grew past 100 MB under a burst of
 * pinned reads, and on Node 24 the pages a worker's heap once took stay with the process even after the worker stops
 * (V8 keeps them for reuse): under `--revision-cache-mb 128` RSS rose to 690-720 MiB over 80 pinned revisions of a
 * 3,000-token chain system while the cache itself held about 75 MiB of heap (`SCENARIOS=pinned bench/hardening.mjs`).
 * 16 MB built them as fast (within this machine's noise) and ended at 523-628 MiB.
 */
export const REVISION_COMPILER_YOUNG_GENERATION_MB = 16;

/** One commit that changed a design system. */
export const DEFAULT_REVISION_CACHE_BYTES = SERVE_DEFAULTS.revisionCacheBytes;

/**
 * Builds snapshots of past commits straight from Git objects (one `ls-tree`, one long-lived `cat-file --batch`),
 * with the same reducer as the live source, and keeps them in a memory-bounded LRU cache keyed by commit sha.
 */
export class GitRevisions implements RevisionProvider {
  readonly location: GitSourceLocation;
  readonly #reader: GitObjectReader;
  /** Refs are resolved by one long-lived `git cat-file --batch-check`: no process per lookup. */
  readonly #refs: GitRefReader;
  /** Revisions are compiled off the main thread too, in a worker of their own (started on the first build). */
  readonly #compiler: CompilerThread;
  readonly #snapshots: LRUCache<string, Snapshot>;
  readonly #building = new Map<string, Promise<Snapshot>>();
  /** Full shas `resolve` found to be commits: a commit stays one, so they need no lookup again. */
  readonly #knownCommits = new LRUCache<string, true>({ max: 10_000 });
  /** Resolutions running now: concurrent requests for the same ref share one lookup. */
  readonly #resolving = new Map<string, Promise<string | undefined>>();
  /** Commit listings start from a full sha, so they never change: cache them. */
  readonly #commitPages = new LRUCache<string, Promise<{ entries: RevisionEntry[]; more: boolean }>>({ max: 500 });
  builds = 0;

  constructor(location: GitSourceLocation, options: { cacheBytes?: number; compile?: CompilerThreadOptions } = {}) {
    this.location = location;
    this.#compiler = new CompilerThread({
      youngGenerationMb: REVISION_COMPILER_YOUNG_GENERATION_MB,
      ...options.compile,
      idleStopMs: options.compile?.idleStopMs ?? REVISION_COMPILER_IDLE_STOP_MS,
    });
    this.#reader = new GitObjectReader(location.repoDir);
    this.#refs = new GitRefReader(location.repoDir);
    const maxSize = options.cacheBytes ?? DEFAULT_REVISION_CACHE_BYTES;
    this.#snapshots = new LRUCache<string, Snapshot>({ maxSize, maxEntrySize: maxSize, sizeCalculation: estimateSnapshotBytes });
  }

  /**
   * The full sha a ref names, or undefined. The ref must have passed `checkRef`. A full sha already known to be a
   * commit answers without git; any other ref is looked up anew (branches and tags move), once per moment, by the
   * long-lived lookup process (no process per lookup).
   */
  resolve(ref: string): Promise<string | undefined> {
    if (isCommitId(ref) && (this.#knownCommits.has(ref) || this.#snapshots.has(ref))) return Promise.resolve(ref);
    let resolving = this.#resolving.get(ref);
    if (resolving === undefined) {
      resolving = this.#refs
        .resolve(ref)
        .then((sha) => {
          if (sha !== undefined) this.#knownCommits.set(sha, true);
          return sha;
        })
        .finally(() => this.#resolving.delete(ref));
      this.#resolving.set(ref, resolving);
    }
    return resolving;
  }

  built(sha: string): Snapshot | undefined {
    return this.#snapshots.get(sha);
  }

  /** The snapshot of the source folder at `sha` (a full commit sha from `resolve`); built once, then cached. */
  snapshotAt(sha: string): Promise<Snapshot> {
    const cached = this.#snapshots.get(sha);
    if (cached !== undefined) return Promise.resolve(cached);
    let building = this.#building.get(sha);
    if (building === undefined) {
      building = this.#build(sha).finally(() => this.#building.delete(sha));
      this.#building.set(sha, building);
    }
    return building;
  }

  /** The events that load the source folder as it is at `sha`. */
  async eventsAt(sha: string): Promise<SourceEvent[]> {
    const { repoDir, sourcePrefix } = this.location;
    // The commit object (through the long-lived reader) gives the committer time; the listing runs meanwhile.
    const [commit, listing] = await Promise.all([
      this.#reader.read(sha),
      runGit(repoDir, ['ls-tree', '-r', '-z', '-l', '--full-tree', sha, '--', ...(sourcePrefix === '' ? [] : [sourcePrefix])]),
    ]);
    const at = committerTime(commit, sha);
    const files: { path: string; oid: string; size: number }[] = [];
    for (const entry of listing.split('\0')) {
      // Only blobs of regular files: symbolic links (120000) are never followed, submodules (commits) never read.
      const match = /^(100644|100755) blob ([0-9a-f]+) +(\d+)\t(.*)$/s.exec(entry);
      if (!match) continue;
      const path = (match[4] as string).slice(sourcePrefix.length);
      if ((match[4] as string).startsWith(sourcePrefix) && isSourceYamlPath(path))
        files.push({ path, oid: match[2] as string, size: Number(match[3]) });
    }
    // A blob over the size limit is not read whole: its first bytes past the limit are enough for the parser to refuse it.
    const texts = await Promise.all(
      files.map((file) =>
        file.size > MAX_SOURCE_FILE_BYTES ? readBlobPrefix(repoDir, file.oid, MAX_SOURCE_FILE_BYTES + 1) : this.#reader.read(file.oid),
      ),
    );
    const events: SourceEvent[] = files.map((file, index) => ({
      type: 'file/changed',
      path: file.path,
      text: (texts[index] ?? Buffer.alloc(0)).toString('utf8'),
      at,
    }));
    const slugs = [...new Set(files.map((file) => file.path.slice(0, file.path.indexOf('/'))))].sort();
    const commitTimes = await readFolderCommitTimes(
      repoDir,
      sha,
      Object.fromEntries(slugs.map((slug) => [slug, `${sourcePrefix}${slug}/`])),
    );
    events.push({ type: 'git/head-moved', commit: sha, dirtySlugs: [], commitTimes, at });
    return events;
  }

  /**
   * Commits at or before `sha` that changed the design system `slug`, newest first.
   * `skip` pages through them; one more than `limit` is read to tell whether there is a next page.
   */
  commitsOf(slug: string, sha: string, options: { limit: number; skip: number }): Promise<{ entries: RevisionEntry[]; more: boolean }> {
    return startOnce(this.#commitPages, `${slug}|${sha}|${options.skip}|${options.limit}`, () => this.#listCommits(slug, sha, options));
  }

  async #listCommits(
    slug: string,
    sha: string,
    options: { limit: number; skip: number },
  ): Promise<{ entries: RevisionEntry[]; more: boolean }> {
    const { repoDir, sourcePrefix } = this.location;
    const out = await runGit(repoDir, [
      'log',
      '-z',
      '--format=%H%x1f%cI%x1f%s',
      `--max-count=${options.limit + 1}`,
      `--skip=${options.skip}`,
      sha,
      '--',
      `${sourcePrefix}${slug}/`,
    ]);
    const entries = out
      .split('\0')
      .filter((record) => record.length > 0)
      .map((record) => {
        const [commit = '', date = '', subject = ''] = record.split('\x1f');
        return { sha: commit.trim(), date: new Date(date).toISOString(), subject };
      });
    return { entries: entries.slice(0, options.limit), more: entries.length > options.limit };
  }

  async close(): Promise<void> {
    await Promise.all([this.#compiler.close(), this.#reader.close(), this.#refs.close()]);
  }

  async #build(sha: string): Promise<Snapshot> {
    const empty = createEmptySnapshot();
    const snapshot = reduce(empty, await compileBatch(empty, await this.eventsAt(sha), this.#compiler));
    this.builds += 1;
    this.#snapshots.set(sha, snapshot);
    return snapshot;
  }
}

/** The committer time (ms since epoch) in a raw commit object: its `committer <name> <email> <seconds> <zone>` line. */
function committerTime(commit: Buffer | undefined, sha: string): number {
  const header = commit?.toString('utf8', 0, Math.min(commit.length, 64 * 1024)).split('\n\n', 1)[0] ?? '';
  const match = /^committer .* (\d+) [+-]\d{4}$/m.exec(header);
  if (match === null) throw new Error(`commit ${sha} has no committer line`);
  return Number(match[1]) * 1000;
}

/** The first `bytes` bytes of a blob (`oid` comes from `ls-tree`, never from a request), without reading the rest. */
function readBlobPrefix(repoDir: string, oid: string, bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['cat-file', 'blob', oid], { cwd: repoDir, env: GIT_ENV, stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let length = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      if (length >= bytes) return;
      chunks.push(chunk);
      length += chunk.length;
      if (length >= bytes) child.kill();
    });
    child.once('error', reject);
    child.once('close', () => resolve(Buffer.concat(chunks).subarray(0, bytes)));
  });
}
