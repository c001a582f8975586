import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { ServeConfig } from './config.js';
import { readKeysFile, readSourceFolder } from './source/read-source-folder.js';
import { SnapshotStore } from './state/store.js';

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly store: SnapshotStore;
  readonly url: string;
  close(): Promise<void>;
}

/** Loads the source, builds the app and listens. */
export async function startServer(config: ServeConfig): Promise<RunningServer> {
  const store = new SnapshotStore();
  const at = Date.now();
  store.apply([...(await readSourceFolder(config.source, at)), await readKeysFile(config.keys, at)]);
  const app = await buildApp({
    store,
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[redacted]' },
    },
  });
  logProblems(app, store);
  const url = await app.listen({ port: config.port, host: config.host });
  return { app, store, url, close: () => app.close() };
}

function logProblems(app: FastifyInstance, store: SnapshotStore): void {
  const snapshot = store.current;
  for (const system of snapshot.systems.values()) {
    for (const problem of system.problems) {
      app.log[problem.severity === 'error' ? 'error' : 'warn'](`${problem.file}:${problem.line}:${problem.column} ${problem.message} (${problem.rule})`);
    }
    app.log.info({ designSystem: system.slug, tokens: system.compiled?.tokens.length ?? 0, loaded: system.compiled !== undefined }, 'design system');
  }
  for (const problem of snapshot.keys.problems) app.log.error(`${problem.file}:${problem.line}:${problem.column} ${problem.message} (${problem.rule})`);
}
