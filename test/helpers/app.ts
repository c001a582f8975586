import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { AppOptions } from '../../src/app.js';
import { SnapshotStore } from '../../src/state/store.js';
import { EXAMPLE_KEYS, EXAMPLE_SOURCE, fixturePath, folderEvents } from './fixtures.js';

/** The time every test source is loaded at. */
export const LOADED_AT = Date.UTC(2026, 6, 1, 12, 0, 0);

/** A store loaded from a source folder and a keys file in one batch, and an app around it. */
export async function buildLoadedApp(
  sourceDir: string,
  keysPath: string,
  options: Omit<AppOptions, 'store'> = {},
): Promise<{ app: FastifyInstance; store: SnapshotStore }> {
  const store = new SnapshotStore();
  store.apply([
    ...(await folderEvents(sourceDir, LOADED_AT)),
    { type: 'keys/changed', path: 'keys.yaml', text: await readFile(keysPath, 'utf8'), at: LOADED_AT },
  ]);
  return { app: await buildApp({ ...options, store }), store };
}

/** The app over the example content (`design-systems/`, `keys.yaml`). */
export function buildExampleApp(options: Omit<AppOptions, 'store'> = {}): Promise<{ app: FastifyInstance; store: SnapshotStore }> {
  return buildLoadedApp(EXAMPLE_SOURCE, EXAMPLE_KEYS, options);
}

/** The app over `test/fixtures/http` (design systems tiny, broken; keys tiny, broken, ghost, expired, future). */
export function buildFixtureApp(options: Omit<AppOptions, 'store'> = {}): Promise<{ app: FastifyInstance; store: SnapshotStore }> {
  return buildLoadedApp(fixturePath('http/source'), fixturePath('http/keys.yaml'), options);
}

export const DEMO_KEY = 'dts_demo_key_change_me';
export const DOCS_KEY = 'dts_docs_site_key';
/** The README's key for the modes example, `harbor` (the example that writes references). */
export const HARBOR_KEY = 'dts_harbor_demo_key';
export const bearer = (key: string): { authorization: string } => ({ authorization: `Bearer ${key}` });
