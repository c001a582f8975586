import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SnapshotStore } from '../../src/state/store.js';
import { bearer, buildExampleApp, DEMO_KEY, DOCS_KEY, LOADED_AT } from '../helpers/app.js';
import { EXAMPLE_SOURCE } from '../helpers/fixtures.js';

describe('serving across snapshots', () => {
  let app: FastifyInstance;
  let store: SnapshotStore;
  let tokensText: string;
  beforeAll(async () => {
    ({ app, store } = await buildExampleApp());
    tokensText = await readFile(`${EXAMPLE_SOURCE}/acme-docs/tokens.yaml`, 'utf8');
  });
  afterAll(() => app.close());

  it('keeps serving the last good version while a file is broken, and the new one once it is fixed', async () => {
    const get = (url: string, key = DOCS_KEY) => app.inject({ url, headers: bearer(key) });
    const before = await get('/api/v1/export/css');
    expect(before.headers['x-snapshot-seq']).toBe('1');

    store.apply([
      { type: 'file/changed', path: 'acme-docs/tokens.yaml', text: `${tokensText}  broken: { type: colour }\n`, at: LOADED_AT + 1000 },
    ]);
    const during = await get('/api/v1/export/css');
    expect(during.statusCode).toBe(200);
    expect(during.headers['x-snapshot-seq']).toBe('2');
    expect(during.body).toBe(before.body);
    expect(during.headers['etag']).toBe(before.headers['etag']);
    expect((await get('/api/v1/design-system')).json()).toMatchObject({
      data: { tokenCount: 20, lastUpdated: '2026-07-01T12:00:00.000Z' },
    });
    expect((await get('/api/v1/tokens', DEMO_KEY)).statusCode).toBe(200);

    store.apply([
      { type: 'file/changed', path: 'acme-docs/tokens.yaml', text: tokensText.replace('value: 280', 'value: 300'), at: LOADED_AT + 2000 },
    ]);
    const after = await get('/api/v1/export/css');
    expect(after.headers['x-snapshot-seq']).toBe('3');
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
    expect(after.body).toBe(before.body.replace('--spacing-sidebar-width: 280px;', '--spacing-sidebar-width: 300px;'));
    expect((await get('/api/v1/design-system')).json()).toMatchObject({ data: { lastUpdated: '2026-07-01T12:00:02.000Z' } });
    expect((await get('/api/v1/export/css', DOCS_KEY)).statusCode).toBe(200);
  });
});
