import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeliveredSource } from '../../src/source/delivered-source.js';
import { SourceBatchReader } from '../../src/source/read-source-batch.js';
import type { SourceBatch } from '../../src/source/source-batcher.js';

// Issue 36 (hardening round three, "refused"): a slow writer's batches each bring fewer than 500 new files, so no
// batch counted the folder; chokidar statted and watched every new file (100,000 of them), the count that refused the
// design system came 190 s late at 92,996 files, /healthz p99 2.8 s and RSS 1.5 GB. New files are now added up over
// consecutive batches: from 500, the design system is held (the watcher stops following its files one by one) and
// read only once its number of files stops changing.
describe('a design system filled by a slow writer', () => {
  const root = mkdtempSync(join(tmpdir(), 'dts-held-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const source = join(root, 'design-systems');
  const folder = join(source, 'slow', 'tokens');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(source, 'slow', 'system.yaml'), 'name: Slow\n');
  writeFileSync(join(root, 'keys.yaml'), 'keys: []\n');
  const write = (from: number, to: number): string[] => {
    const paths: string[] = [];
    for (let index = from; index < to; index++) {
      writeFileSync(join(folder, `f${index}.yaml`), `tokens:\n  g${index}:\n    t: { type: spacing, value: 4 }\n`);
      paths.push(`slow/tokens/f${index}.yaml`);
    }
    return paths;
  };
  const batch = (paths: string[]): SourceBatch => ({ paths: paths.sort(), keys: false, git: false, rescan: false });

  it('is held from the batch that brings its 500th new file until its count settles, then read whole', async () => {
    const delivered = new DeliveredSource();
    const held: string[][] = [];
    const infos: string[] = [];
    const reader = new SourceBatchReader({
      sourceDir: source,
      keysPath: join(root, 'keys.yaml'),
      git: null,
      now: () => 0,
      log: { info: (message) => infos.push(message), warn() {}, error() {} },
      delivered,
      onRefusedChange: (refused) => held.push([...refused]),
    });
    const first = await reader.read(batch(['slow/system.yaml', ...write(0, 300)]), false);
    expect(first.events.length).toBe(301);
    delivered.remember(first.events);
    expect(held).toEqual([]);

    // 300 more: 600 new files over two batches, none of which brought 500.
    const second = await reader.read(batch(write(300, 600)), false);
    // Held at once, released when two counts 200 ms apart agreed (nothing is being written any more).
    expect(held).toEqual([['slow'], []]);
    expect(infos).toEqual(['design system `slow` is being written in bulk: it is read once its number of files stops changing']);
    expect(second.events.map((event) => ('path' in event ? event.path : event.type)).sort()).toEqual(
      Array.from({ length: 300 }, (_, index) => `slow/tokens/f${300 + index}.yaml`).sort(),
    );
    expect(reader.refusedSlugs()).toEqual(new Set());
  });
});
