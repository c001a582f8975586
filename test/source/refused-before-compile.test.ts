import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeliveredSource } from '../../src/source/delivered-source.js';
import { SourceBatchReader } from '../../src/source/read-source-batch.js';
import { MAX_FILES_PER_DESIGN_SYSTEM } from '../../src/source/read-source-folder.js';

// Issue 36 (minor items): 100,000 files written into a running server's design system were compiled in batches (up
// to 6,000 files) before a batch's count passed the limit, and the compile worker's heap stayed as RSS (580-770 MiB).
// A batch that brings many new files to a design system now counts its folder on disk until the count settles: when
// it passes the limit meanwhile, none of the batch's files is read or handed on to compile.
describe('a design system past the file limit, its files still arriving', () => {
  const root = mkdtempSync(join(tmpdir(), 'dts-refused-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const source = join(root, 'design-systems');
  const folder = join(source, 'huge', 'tokens');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(source, 'huge', 'system.yaml'), 'name: Huge\n');
  const total = MAX_FILES_PER_DESIGN_SYSTEM + 1;
  const fileText = (index: number): string => `tokens:\n  g${index}:\n    t: { type: spacing, value: 4 }\n`;
  // 1,000 files on disk when the first batch settles; the rest still being written while it is read.
  for (let index = 0; index < 1_000; index++) writeFileSync(join(folder, `f${index}.yaml`), fileText(index));
  writeFileSync(join(root, 'keys.yaml'), 'keys: []\n');
  const writeTheRest = async (): Promise<void> => {
    for (let index = 1_000; index < total; index += 100)
      await Promise.all(
        Array.from({ length: Math.min(100, total - index) }, (_, offset) =>
          writeFile(join(folder, `f${index + offset}.yaml`), fileText(index + offset)),
        ),
      );
  };

  it('is refused from the first batch that reports a few hundred of them, none of them read', async () => {
    const errors: string[] = [];
    const reader = new SourceBatchReader({
      sourceDir: source,
      keysPath: join(root, 'keys.yaml'),
      git: null,
      now: () => 0,
      log: { info() {}, warn() {}, error: (message) => errors.push(message) },
      delivered: new DeliveredSource(),
    });
    // The watcher's first batch: the files it had seen so far (600), while more are written.
    const paths = ['huge/system.yaml', ...Array.from({ length: 600 }, (_, index) => `huge/tokens/f${index}.yaml`)].sort();
    const writing = writeTheRest();
    const { events } = await reader.read({ paths, keys: false, git: false, rescan: false }, false);
    await writing;
    // system.yaml is one of its YAML files.
    expect(events).toEqual([
      {
        type: 'source/refused',
        refused: { huge: `it has ${total + 1} YAML files, more than ${MAX_FILES_PER_DESIGN_SYSTEM} (the limit per design system)` },
        at: 0,
      },
    ]);
    expect(reader.refusedSlugs()).toEqual(new Set(['huge']));
    expect(errors).toEqual([expect.stringMatching(/^design system `huge` is not loaded: .*; nothing is served for it$/)]);
  });
});
