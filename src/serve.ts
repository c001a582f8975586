import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServeConfig } from './config.js';
import { createMetrics } from './http/metrics.js';
import type { Metrics } from './http/metrics.js';
import type { Diagnostic } from './compile/types.js';
import { registerSyncRoute } from './http/routes/sync.js';
import type { RevisionProvider } from './http/revision-provider.js';
import { withFetchOnMiss } from './source/fetch-on-miss.js';
import { followRemote } from './source/follow-remote.js';
import type { RemoteFollower } from './source/follow-remote.js';
import { GitRemoteMirror, redactUrl } from './source/git-remote.js';
import { openGitRepo } from './source/git-repo.js';
import type { GitRepo } from './source/git-repo.js';
import { GitRevisions } from './source/git-revisions.js';
import { readKeysFile } from './source/read-source-folder.js';
import { watchKeysFile } from './source/watch-keys-file.js';
import { eventsToReplaceSource } from './state/replace-source.js';
import { watchSource } from './source/watch-source.js';
import type { SourceWatcher, WatchLogger, WatchMode } from './source/watch-source.js';
import type { SourceEvent } from './state/events.js';
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
}

/**
 * Builds the app, loads the source (design systems, keys, Git state) through the watcher's first batch, keeps
 * applying its batches to the store, and listens. The watcher stops when the app closes.
 */
export async function startServer(config: ServeConfig, options: ServeOptions = {}): Promise<RunningServer> {
  let log: FastifyBaseLogger | undefined;
  const store = new SnapshotStore({
    onListenerError: (errors) => {
      for (const error of errors) log?.error({ err: error }, 'snapshot listener failed');
    },
  });
  const metrics = createMetrics();
  const gitSource = await openGitSource(config);
  let follower: RemoteFollower | undefined;
  const revisions: RevisionProvider | undefined =
    gitSource === undefined ? undefined : gitSource.mirror === undefined ? gitSource.revisions : withFetchOnMiss(gitSource.revisions, async () => void (await follower?.sync()));
  // Ready once the first snapshot is loaded and the watcher runs; not ready again once closing starts.
  let ready = false;
  const app = await buildApp({
    store,
    eventsHeartbeatMs: options.eventsHeartbeatMs,
    revisions,
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
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
      ...(options.logStream === undefined ? {} : { stream: options.logStream }),
    },
  });
  log = app.log;
  app.addHook('onClose', async () => gitSource?.revisions.close());
  try {
    let watcher: SourceWatcher | undefined;
    if (gitSource?.mirror !== undefined) {
      const mirror = gitSource.mirror;
      app.log.info({ remote: redactUrl(mirror.url), mirror: mirror.dir, keys: config.keys }, 'following a Git remote');
      const keysWatcher = await watchKeysFile(config.keys, (event) => applyBatch(app.log, store, [event], metrics));
      app.addHook('onClose', async () => keysWatcher.close());
      applyBatch(app.log, store, [await readKeysFile(config.keys, Date.now())], metrics);
      follower = await followRemote({
        mirror,
        revisions: gitSource.revisions,
        intervalMs: config.syncIntervalMs,
        log: toWatchLogger(app.log),
        onTip: (_sha, events) => applyBatch(app.log, store, eventsToReplaceSource(store.current, events), metrics),
      });
      const running = follower;
      app.addHook('onClose', async () => running.close());
      if (config.webhookSecret !== undefined) await registerSyncRoute(app, { secret: config.webhookSecret, sync: () => running.sync() });
    } else {
      const git = gitSource?.repo ?? null;
      app.log.info({ source: config.source, keys: config.keys, git: git?.gitDir ?? null }, git === null ? 'source is a plain folder (no Git)' : 'source is in a Git work tree');
      const started = await watchSource({
        sourceDir: config.source,
        keysPath: config.keys,
        git,
        mode: options.watchMode,
        quietMs: options.quietMs,
        maxWaitMs: options.maxWaitMs,
        pollIntervalMs: options.pollIntervalMs,
        log: toWatchLogger(app.log),
        onBatch: (events) => applyBatch(app.log, store, events, metrics),
      });
      watcher = started;
      app.addHook('onClose', async () => started.close());
    }
    app.addHook('preClose', async () => {
      ready = false;
    });
    ready = true;
    const url = await app.listen({ port: config.port, host: config.host });
    return { app, store, watcher, follower, url, close: () => app.close() };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** Where `?ref=` reads Git from: the work tree's repository, or a mirror of the remote. Undefined for a plain folder. */
async function openGitSource(config: ServeConfig): Promise<{ revisions: GitRevisions; mirror?: GitRemoteMirror; repo?: GitRepo } | undefined> {
  const cacheBytes = config.revisionCacheBytes;
  if (config.remote !== undefined) {
    const mirror = await GitRemoteMirror.open({ url: config.remote, branch: config.branch, dataDir: config.dataDir ?? '.token-server-data' });
    return { revisions: new GitRevisions({ repoDir: mirror.dir, sourcePrefix: config.remotePath ?? 'design-systems/' }, { cacheBytes }), mirror };
  }
  const repo = await openGitRepo(config.source);
  return repo === null ? undefined : { revisions: new GitRevisions({ repoDir: repo.topLevel, sourcePrefix: repo.prefix }, { cacheBytes }), repo };
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * On SIGTERM or SIGINT: stop accepting, let in-flight requests finish, end event streams, stop the watcher, exit 0.
 * Exits 1 when that takes longer than `timeoutMs`, or at once on a second signal.
 */
export function closeOnSignals(server: RunningServer, timeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS): void {
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

/** Applies one batch and logs what it changed: problems with file:line:column, design systems updated or removed. */
function applyBatch(log: FastifyBaseLogger, store: SnapshotStore, events: readonly SourceEvent[], metrics: Metrics): void {
  const started = performance.now();
  const previous = store.current;
  const next = store.apply(events);
  metrics.observeReload((performance.now() - started) / 1000);
  if (next === previous) return;
  logChanges(log, previous, next, Math.round((performance.now() - started) * 10) / 10);
}

function logChanges(log: FastifyBaseLogger, previous: Snapshot, next: Snapshot, ms: number): void {
  for (const [slug, state] of next.systems) {
    const before = previous.systems.get(slug);
    if (before === state) continue;
    if (before?.problems !== state.problems) for (const problem of state.problems) logProblem(log, problem);
    if (before?.compiled !== state.compiled) {
      log.info({ designSystem: slug, seq: next.seq, tokens: state.compiled?.tokens.length ?? 0, lastUpdated: state.lastUpdated }, before === undefined ? 'design system loaded' : 'design system updated');
    } else if (state.problems.some((problem) => problem.severity === 'error')) {
      log.warn({ designSystem: slug, seq: next.seq, loaded: state.compiled !== undefined }, 'design system has errors: serving its last good version');
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
  log[problem.severity === 'error' ? 'error' : 'warn'](`${problem.file}:${problem.line}:${problem.column} ${problem.message} (${problem.rule})`);
}
