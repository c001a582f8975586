import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { readKeysFile, readSourceFolder } from '../../src/source/read-source-folder.js';
import { SnapshotStore } from '../../src/state/store.js';

const DEMO_KEY = 'dts_demo_key_change_me';

describe('example design systems', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const store = new SnapshotStore();
    store.apply([...(await readSourceFolder(resolve('design-systems'), 0)), await readKeysFile(resolve('keys.yaml'), 0)]);
    app = await buildApp({ store });
  });
  afterAll(() => app.close());

  it('serve every example design system without problems', async () => {
    const response = await app.inject({ url: '/api/v1/design-systems', headers: { authorization: `Bearer ${DEMO_KEY}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        designSystems: [
          { id: 'acme', name: 'Acme Product', slug: 'acme' },
          { id: 'acme-docs-site', name: 'Acme Docs', slug: 'acme-docs' },
        ],
      },
    });
  });
});
