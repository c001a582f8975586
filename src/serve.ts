import { createHash } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { PUBLISHED_KEY_SHA256, servesBundledExamples } from './bundled-examples.js';
import { completeServeConfig } from './config.js';
import type { ServeConfig } from './config.js';
import { createMetrics } from './http/metrics.js';
import type { Diagnostic } from './compile/types.js';
import { checkKeyEntries } from './compile/keys/check-key-references.js';
import { describeUntrustedKeysFile } from './compile/keys/parse-keys-file.js';
import { registerSyncRoute } from './http/routes/sync.js';
import type { RevisionProvider } from './state/revisions.js';
import { withFetchOnMiss } from './source/fetch-on-miss.js';
import { followRemote } from './source/follow-remote.js';
import type { RemoteFollower } from './source/follow-remote.js';
import { GitRemoteMirror, redactUrl } from './source/git-remote.js';
import { findGitRepo } from './source/git-repo.js';
import type { GitRepo, NoGitRepo } from './source/git-repo.js';
import { ChangeRequestThread } from './source/change-request-thread.js';
import { SERVER_COMMITTER } from './source/git-change-requests.js';
import type { ChangeRequestService } from './state/change-requests.js';
import { GitRevisions } from './source/git-revisions.js';
import { connectReplicaFanout } from './source/replica-fanout.js';
import type { ReplicaFanout } from './source/replica-fanout.js';
import { readKeysFile } from './source/read-source-folder.js';
import { watchKeysFile } from './source/watch-keys-file.js';
import { ApplyQueue } from './state/apply-queue.js';
import { COMPILE_ON_THIS_THREAD, compileBatch } from './state/compile-batch.js';
import { CompilerThread } from './state/compiler-thread.js';
import type { CompilerThreadOptions } from './state/compiler-thread.js';
import type { QueuedBatch } from './state/apply-queue.js';
import { eventsToReplaceSource } from './state/replace-source.js';
import { watchSource } from './source/watch-source.js';
import type { SourceWatcher, WatchMode } from './source/watch-source.js';
import type { WatchLogger } from './source/watch-logger.js';
import type { Snapshot } from './state/snapshot.js';
import { SnapshotStore } from './state/store.js';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly store: SnapshotStore;
  /** The work-tree watcher; undefined when following a remote. */
  readonly watcher: SourceWatcher | undefined;
  /** The remote follower when `--remote` is set. */
  readonly follower: RemoteFollower | undefined;
  readonly url: string;
  /** The worker thread that parses and compiles the live source. */
  readonly compiler: CompilerThread;
  /** Resolves when every batch delivered so far has been compiled and applied. */
  idle(): Promise<void>;
  /** Stops listening, ends open event streams and stops the watcher. */
  close(): Promise<void>;
}

/** Tuning a deployment rarely needs; tests and the benchmark use it. */
export interface ServeOptions {
  /** 'poll' rescans the source every `pollIntervalMs` instead of watching it (network file systems). */
  readonly watchMode?: WatchMode;
  readonly quietMs?: number;
  readonly maxWaitMs?: number;
  readonly pollIntervalMs?: number;
  readonly eventsHeartbeatMs?: number;
  /** Where log lines go (default stdout); tests read them. */
  readonly logStream?: NodeJS.WritableStream;
  /** Time limit for parsing and compiling one design system (default `DEFAULT_COMPILE_TIMEOUT_MS`). */
  readonly compileTimeoutMs?: number;
  /** Heap limit of each compile worker in MB (default `DEFAULT_COMPILE_MEMORY_MB`). */
  readonly compileMemoryMb?: number;
}

/**
 * Builds the app, loads the source (design systems, keys, Git state) through the watcher's first batch, keeps
 * applying its batches to the store, and listens. The watcher stops when the app closes. Settings left out take the
 * defaults `serve` has without flags or environment.
 */
export async function startServer(settings: Partial<ServeConfig>, options: ServeOptions = {}): Promise<RunningServer> {
  const config = completeServeConfig(settings);
  if (config.redisUrl !== undefined && config.remote === undefined)
    throw new Error('--redis-url shares the commits of a followed repository between replicas: it needs --remote');
  // Set once the app exists; the store's callbacks are created before it.
  // eslint-disable-next-line prefer-const -- typescript-eslint's scope analysis misses the assignment below
  let log: FastifyBaseLogger | undefined;
  const store = new SnapshotStore({
    onListenerError: (errors) => {
      for (const error of errors) log?.error({ err: error }, 'snapshot listener failed');
    },
  });
  const metrics = createMetrics();
  const compileLimits = { timeoutMs: options.compileTimeoutMs, memoryMb: options.compileMemoryMb };
  // Parsing and compiling run in a worker thread, so a slow or hostile file never keeps requests waiting.
  const compiler = new CompilerThread(compileLimits);
  let loaded = false;
  const queue = new ApplyQueue(store, {
    // The first load compiles on this thread: nothing is served before it (the server listens after it), and the
    // worker would only add the cost of carrying every design system across threads (startup 4.7 s -> 7.7 s).
    compile: (state, batch) => compileBatch(state, batch, loaded ? compiler : COMPILE_ON_THIS_THREAD),
    onApplied: (next, previous, ms) => {
      metrics.observeReload(ms / 1000);
      if (log !== undefined && next !== previous) logChanges(log, previous, next, Math.round(ms * 10) / 10);
    },
    onError: (error, events) => log?.error({ err: error }, `applying a batch of ${events} events failed`),
  });
  const applyBatch = (batch: QueuedBatch): Promise<void> => queue.push(batch);
  const source = await openSource(config, compileLimits);
  const revisions = revisionsOf(source);
  // Change requests run in a worker thread of their own (Git processes, YAML edits, the validating compile).
  const changes = changeRequestsOf(source, config, (message) => log?.warn({ kind: 'change-requests' }, message));
  // Ready once the first snapshot is loaded and the watcher runs; not ready again once closing starts.
  let ready = false;
  // The demo key is public: it opens the bundled examples only, never a deployment's own design systems.
  const refusedKeySha256 = servesBundledExamples(config) ? undefined : PUBLISHED_KEY_SHA256;
  const app = await buildApp({
    store,
    refusedKeySha256,
    eventsHeartbeatMs: options.eventsHeartbeatMs,
    revisions,
    changes,
    isReady: () => ready,
    metrics,
    metricsToken: config.metricsToken,
    corsOrigins: config.corsOrigins,
    rateLimitPerMinute: config.rateLimit,
    authFailureLimitPerMinute: config.authFailureLimit,
    trustProxy: config.trustProxy,
    maxConnections: config.maxConnections,
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'headers.authorization', 'err.headers.authorization'], censor: '[redacted]' },
      ...(options.logStream === undefined ? {} : { stream: options.logStream }),
    },
  });
  log = app.log;
  const stopKeyWarnings = store.subscribe((next, previous) => logKeyWarnings(app.log, config.keys, previous, next, Date.now()));
  app.addHook('onClose', async () => void stopKeyWarnings());
  // Before the watcher closes (it waits for the batch it delivered): drop queued batches and stop the compile at once.
  app.addHook('preClose', async () => {
    queue.close();
    await compiler.close();
  });
  if (source.kind !== 'folder') app.addHook('onClose', async () => source.revisions.close());
  if (changes !== undefined) app.addHook('onClose', async () => changes.stop());
  try {
    const context: FollowContext = { app, config, applyBatch };
    let watcher: SourceWatcher | undefined;
    let follower: RemoteFollower | undefined;
    if (source.kind === 'remote') follower = await followRemoteSource(context, source, changes);
    else watcher = await watchWorkTree(context, source, options, () => loaded);
    app.addHook('preClose', async () => {
      ready = false;
    });
    await queue.idle();
    loaded = true;
    const published = store.current.keys.entries.filter((entry) => refusedKeySha256?.has(entry.sha256) === true).map((entry) => entry.name);
    if (published.length > 0)
      app.log.warn({ keys: published }, 'published example keys are refused: they only open the bundled example design systems');
    ready = true;
    const url = await app.listen({ port: config.port, host: config.host });
    return { app, store, watcher, follower, url, compiler, idle: () => queue.idle(), close: () => app.close() };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * Where change requests are written: the work tree's repository (its checked-out branch is merged into), or the
 * mirror of a followed remote, whose every ref moves on the remote first (docs/change-requests.md). None for a plain
 * folder.
 */
function changeRequestsOf(source: Source, config: ServeConfig, warn: (message: string) => void): ChangeRequestThread | undefined {
  switch (source.kind) {
    case 'folder':
      return undefined;
    case 'work-tree':
      return new ChangeRequestThread({
        repo: { repoDir: source.repo.topLevel, sourcePrefix: source.repo.prefix, hasWorkTree: true },
        committer: SERVER_COMMITTER,
        warn,
      });
    case 'remote':
      return new ChangeRequestThread({
        repo: {
          repoDir: source.mirror.dir,
          sourcePrefix: config.remotePath,
          hasWorkTree: false,
          remote: 'origin',
          ...(config.branch === undefined ? {} : { targetBranch: config.branch }),
        },
        committer: SERVER_COMMITTER,
        warn,
      });
  }
}

/** Where the design systems come from: a remote followed through a mirror, a Git work tree, or a plain folder. */
type Source =
  | {
      readonly kind: 'remote';
      readonly mirror: GitRemoteMirror;
      readonly revisions: GitRevisions;
      /** Set once following starts: `?ref=` fetches through it when a ref is not in the mirror yet. */
      follower?: RemoteFollower;
    }
  | { readonly kind: 'work-tree'; readonly repo: GitRepo; readonly revisions: GitRevisions }
  | { readonly kind: 'folder'; readonly noGit: NoGitRepo };

/** What starting to follow a source needs of the server. */
interface FollowContext {
  readonly app: FastifyInstance;
  readonly config: ServeConfig;
  readonly applyBatch: (batch: QueuedBatch) => Promise<void>;
}

/** The source `config` names, with the Git history `?ref=` reads (none for a plain folder: git's reason instead). */
async function openSource(config: ServeConfig, compile: CompilerThreadOptions): Promise<Source> {
  const cacheBytes = config.revisionCacheBytes;
  if (config.remote !== undefined) {
    const mirror = await GitRemoteMirror.open({ url: config.remote, branch: config.branch, dataDir: config.dataDir });
    const revisions = new GitRevisions({ repoDir: mirror.dir, sourcePrefix: config.remotePath }, { cacheBytes, compile });
    return { kind: 'remote', mirror, revisions };
  }
  const repo = await findGitRepo(config.source);
  if (!('gitDir' in repo)) return { kind: 'folder', noGit: repo };
  const revisions = new GitRevisions({ repoDir: repo.topLevel, sourcePrefix: repo.prefix }, { cacheBytes, compile });
  return { kind: 'work-tree', repo, revisions };
}

/** What `?ref=` reads: the work tree's history, or the mirror's, fetching once when a ref is not there yet. */
function revisionsOf(source: Source): RevisionProvider | undefined {
  switch (source.kind) {
    case 'folder':
      return undefined;
    case 'work-tree':
      return source.revisions;
    case 'remote':
      return withFetchOnMiss(source.revisions, async () => void (await source.follower?.sync()));
  }
}

/** Follows a remote: the keys file watched, the mirror fetched every sync interval (and on the webhook), each new tip applied. */
async function followRemoteSource(
  { app, config, applyBatch }: FollowContext,
  source: Extract<Source, { kind: 'remote' }>,
  changes: ChangeRequestService | undefined,
): Promise<RemoteFollower> {
  const { mirror, revisions } = source;
  app.log.info({ remote: redactUrl(mirror.url), mirror: mirror.dir, keys: config.keys }, 'following a Git remote');
  const keysWatcher = await watchKeysFile(config.keys, (event) => void applyBatch([event]), { log: toWatchLogger(app.log) });
  app.addHook('onClose', async () => keysWatcher.close());
  await applyBatch([await readKeysFile(config.keys, Date.now())]);
  // Set once following has started (the first tip is loaded before): the other replicas hear of each new tip.
  let fanout: ReplicaFanout | undefined;
  const follower = await followRemote({
    mirror,
    revisions,
    intervalMs: config.syncIntervalMs,
    log: toWatchLogger(app.log),
    // The replacement is worked out when the batch's turn comes, against the snapshot it applies to. Announced once
    // applied: a replica that hears of it fetches it, so no stream anywhere hears of a commit before it is served.
    onTip: async (sha, events) => {
      await applyBatch((current) => eventsToReplaceSource(current, events));
      fanout?.announce(sha);
    },
    // A fetch may bring change requests another replica wrote: their events reach this replica's streams.
    onFetched: () => void changes?.refresh().catch((error: unknown) => app.log.warn({ err: error }, 'reading change requests failed')),
  });
  source.follower = follower;
  app.addHook('onClose', async () => follower.close());
  if (config.redisUrl !== undefined) {
    fanout = shareCommits(app, config, config.redisUrl, follower);
    const opened = fanout;
    app.addHook('onClose', async () => opened.close());
  }
  if (changes !== undefined) {
    // What this replica wrote is on the remote: the others fetch it when they hear of its commit, and a merge moved
    // the served branch, so this replica loads it now.
    const stop = changes.subscribe((event) => {
      fanout?.announce(event.head);
      if (event.action === 'merge') void follower.syncAfterNow();
    });
    app.addHook('onClose', async () => void stop());
  }
  if (config.webhookSecret !== undefined)
    await registerSyncRoute(app, { secret: config.webhookSecret, sync: () => follower.syncAfterNow() });
  return follower;
}

/**
 * Joins the replicas following the same repository and branch over Redis: a commit another replica announces is
 * fetched at once (after the fetch under way, if any: it may have started before the push); after Redis was away,
 * one fetch catches up on what was missed.
 */
function shareCommits(app: FastifyInstance, config: ServeConfig, url: string, follower: RemoteFollower): ReplicaFanout {
  const remote = redactUrl(config.remote ?? '');
  const channel = `token-server:commits:${createHash('sha256')
    .update(`${remote}\n${config.branch ?? ''}`)
    .digest('hex')
    .slice(0, 16)}`;
  return connectReplicaFanout({
    url,
    channel,
    log: toWatchLogger(app.log),
    onCommit: (sha) => {
      if (follower.tip === sha) return 'already served';
      void follower.syncAfterNow();
      return 'fetching it';
    },
    onReconnect: () => void follower.sync(),
  });
}

/**
 * Watches the source folder (and its Git repository, when it is in one). The watcher waits for the initial load only:
 * later batches queue up (joined while a compile runs), so the watcher keeps reading saves, and a keys change reaches
 * the store at once.
 */
async function watchWorkTree(
  { app, config, applyBatch }: FollowContext,
  source: Exclude<Source, { kind: 'remote' }>,
  options: ServeOptions,
  isLoaded: () => boolean,
): Promise<SourceWatcher> {
  const where = { source: config.source, keys: config.keys };
  if (source.kind === 'work-tree') app.log.info({ ...where, git: source.repo.gitDir }, 'source is in a Git work tree');
  else if (source.noGit.failed === true)
    app.log.warn(
      { ...where, git: null, gitError: source.noGit.reason },
      `source is read as a plain folder: git cannot use its repository (${source.noGit.reason})`,
    );
  else app.log.info({ ...where, git: null, gitError: source.noGit.reason }, 'source is a plain folder (no Git)');
  const watcher = await watchSource({
    sourceDir: config.source,
    keysPath: config.keys,
    git: source.kind === 'work-tree' ? source.repo : null,
    mode: options.watchMode,
    quietMs: options.quietMs,
    maxWaitMs: options.maxWaitMs,
    pollIntervalMs: options.pollIntervalMs,
    log: toWatchLogger(app.log),
    onBatch: (events) => {
      const applied = applyBatch(events);
      return isLoaded() ? undefined : applied;
    },
  });
  app.addHook('onClose', async () => watcher.close());
  return watcher;
}

/**
 * On SIGTERM or SIGINT: stop accepting, let in-flight requests finish, end event streams, stop the watcher, exit 0.
 * Exits 1 when that takes longer than `timeoutMs`, or at once on a second signal.
 */
export function closeOnSignals(server: RunningServer, timeoutMs: number): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      server.app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    stopping = true;
    server.app.log.info({ signal, timeoutMs }, 'shutting down');
    const timer = setTimeout(() => {
      server.app.log.error({ timeoutMs }, 'shutdown timed out: exiting with requests still open');
      process.exit(1);
    }, timeoutMs);
    server.close().then(
      () => {
        clearTimeout(timer);
        server.app.log.info('shut down');
        process.exit(0);
      },
      (error: unknown) => {
        server.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function toWatchLogger(log: FastifyBaseLogger): WatchLogger {
  return { info: (message) => log.info(message), warn: (message) => log.warn(message), error: (message) => log.error(message) };
}

/** Logs what a batch changed: problems with file:line:column, design systems updated or removed. */
function logChanges(log: FastifyBaseLogger, previous: Snapshot, next: Snapshot, ms: number): void {
  for (const [slug, state] of next.systems) {
    const before = previous.systems.get(slug);
    if (before === state) continue;
    if (before?.problems !== state.problems) for (const problem of state.problems) logProblem(log, problem);
    if (before?.compiled !== state.compiled) {
      log.info(
        { designSystem: slug, seq: next.seq, tokens: state.compiled?.tokens.length ?? 0, lastUpdated: state.lastUpdated },
        before === undefined ? 'design system loaded' : 'design system updated',
      );
    } else if (state.problems.some((problem) => problem.severity === 'error')) {
      const message =
        state.compiled === undefined
          ? 'design system has errors and has never loaded: answering 503'
          : 'design system has errors: serving its last good version';
      log.warn({ designSystem: slug, seq: next.seq, loaded: state.compiled !== undefined }, message);
    }
  }
  for (const slug of previous.systems.keys()) {
    if (!next.systems.has(slug)) log.info({ designSystem: slug, seq: next.seq }, 'design system removed');
  }
  if (previous.keys.problems !== next.keys.problems) for (const problem of next.keys.problems) logProblem(log, problem);
  if (previous.keys.entries !== next.keys.entries) log.info({ seq: next.seq, keys: next.keys.entries.length }, 'keys loaded');
  if (previous.seq === 0 && next.keys.entries.length === 0) log.warn('no API keys are loaded: every request will be refused');
  if (previous.git !== next.git) log.info({ seq: next.seq, commit: next.git.commit, dirty: next.git.dirtySlugs }, 'git state');
  log.debug({ seq: next.seq, ms }, 'snapshot applied');
}

function logProblem(log: FastifyBaseLogger, problem: Diagnostic): void {
  log[problem.severity === 'error' ? 'error' : 'warn'](
    `${problem.file}:${problem.line}:${problem.column} ${problem.message} (${problem.rule})`,
  );
}

/**
 * Warns about keys that expired or name a design system that does not exist, once per change of the keys or of the
 * set of design systems (not per request); says when the keys file turns unreadable and readable again. Nothing is
 * checked against design systems while none is loaded (a remote's keys are read before its first fetch).
 */
function logKeyWarnings(log: FastifyBaseLogger, keysPath: string, previous: Snapshot, next: Snapshot, now: number): void {
  const { keys } = next;
  if (keys.staleSince !== previous.keys.staleSince) {
    if (keys.staleSince !== null)
      log.error(
        { keys: keys.entries.length, since: keys.staleSince },
        `${describeUntrustedKeysFile(keys.problems)}: the keys read before stay in force`,
      );
    else log.info({ keys: keys.entries.length }, 'keys file is valid YAML again: its keys are in force');
  }
  const slugs = new Set(next.systems.keys());
  const slugsChanged = slugs.size !== previous.systems.size || [...previous.systems.keys()].some((slug) => !slugs.has(slug));
  if (slugs.size === 0 || (keys.entries === previous.keys.entries && !slugsChanged)) return;
  for (const problem of checkKeyEntries(keysPath, keys.entries, slugs, now))
    log.warn(`${problem.file}:${problem.line}:${problem.column} ${problem.message} (${problem.rule})`);
}
