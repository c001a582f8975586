import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_FOLLOWED_FOLDERS, REFUSED_RECOUNT_MS, RefusedFolderWatch } from '../../src/source/watch-refused-folders.js';
import { waitFor } from './fixture-repo.js';

// Issue 22, finding 4 (files written into a running server): chokidar kept a watch per file of a refused design
// system and listed its 100,000-entry folder again on every change (/healthz p99 ~300 ms). A refused design system is
// now followed by one plain fs.watch per folder, whose events only ask for a recount.
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function sourceWithBig(): string {
  const source = realpathSync(mkdtempSync(join(tmpdir(), 'dts-refused-')));
  roots.push(source);
  mkdirSync(join(source, 'big', 'tokens'), { recursive: true });
  mkdirSync(join(source, 'big', '.hidden'), { recursive: true });
  writeFileSync(join(source, 'big', 'system.yaml'), 'name: Big\nid: big\n');
  return source;
}

function follow(source: string, slugs: string[]): { changes: string[]; warnings: string[]; watch: RefusedFolderWatch } {
  const changes: string[] = [];
  const warnings: string[] = [];
  const watch = new RefusedFolderWatch({
    sourceDir: source,
    onChange: (slug) => changes.push(slug),
    log: { info() {}, warn: (message) => warnings.push(message), error() {} },
  });
  watch.follow(new Set(slugs));
  return { changes, warnings, watch };
}

const settle = (ms = 300) => new Promise((resolve) => setTimeout(resolve, ms));

describe('following refused design systems', () => {
  it('tell of a change in any folder of the design system, including a folder made after it was followed', async () => {
    const source = sourceWithBig();
    const { changes, watch } = follow(source, ['big']);
    try {
      await settle();
      writeFileSync(join(source, 'big', 'tokens', 'a.yaml'), 'tokens: {}\n');
      await waitFor(
        async () => changes.length,
        (count) => count > 0,
      );

      mkdirSync(join(source, 'big', 'tokens', 'later'));
      await settle(600); // the folders are listed again after a change that is not a YAML file
      changes.length = 0;
      writeFileSync(join(source, 'big', 'tokens', 'later', 'b.yaml'), 'tokens: {}\n');
      await waitFor(
        async () => changes.length,
        (count) => count > 0,
      );
      expect(new Set(changes)).toEqual(new Set(['big']));

      // A folder removed and made again under the same name is a new folder: it gets a new watch.
      rmSync(join(source, 'big', 'tokens', 'later'), { recursive: true });
      mkdirSync(join(source, 'big', 'tokens', 'later'));
      await settle(600);
      changes.length = 0;
      writeFileSync(join(source, 'big', 'tokens', 'later', 'c.yaml'), 'tokens: {}\n');
      await waitFor(
        async () => changes.length,
        (count) => count > 0,
      );

      // Dot-folders are not followed, as they are not read.
      await settle();
      changes.length = 0;
      writeFileSync(join(source, 'big', '.hidden', 'c.yaml'), 'tokens: {}\n');
      await settle();
      expect(changes).toEqual([]);
      // Positive control: the followed folders still tell.
      writeFileSync(join(source, 'big', 'tokens', 'd.yaml'), 'tokens: {}\n');
      await waitFor(
        async () => changes.length,
        (count) => count > 0,
      );
    } finally {
      watch.close();
    }
  });

  it('tell when the whole folder goes, and stop telling once not followed', async () => {
    const source = sourceWithBig();
    const { changes, watch } = follow(source, ['big']);
    try {
      await settle();
      rmSync(join(source, 'big'), { recursive: true });
      await waitFor(
        async () => changes.length,
        (count) => count > 0,
      );

      // Gone, it is not followed any more (the reader counts it again: no files, so it is no longer refused).
      watch.follow(new Set());
      // A design system followed again tells of a change; once not followed, it does not.
      mkdirSync(join(source, 'big', 'tokens'), { recursive: true });
      watch.follow(new Set(['big']));
      await settle();
      changes.length = 0;
      writeFileSync(join(source, 'big', 'tokens', 'a.yaml'), 'tokens: {}\n');
      await waitFor(
        async () => changes.length,
        (count) => count > 0,
      );
      watch.follow(new Set());
      await settle();
      changes.length = 0;
      writeFileSync(join(source, 'big', 'tokens', 'b.yaml'), 'tokens: {}\n');
      await settle();
      expect(changes).toEqual([]);
    } finally {
      watch.close();
    }
  });

  it(`count on a timer, with one warning, a design system of more than ${MAX_FOLLOWED_FOLDERS} folders`, async () => {
    const source = sourceWithBig();
    for (let index = 0; index <= MAX_FOLLOWED_FOLDERS; index++) mkdirSync(join(source, 'big', 'tokens', `d${index}`));
    const { warnings, watch } = follow(source, ['big']);
    try {
      await waitFor(
        async () => warnings.length,
        (count) => count > 0,
      );
      expect(warnings).toEqual([
        `design system \`big\`: it has more than ${MAX_FOLLOWED_FOLDERS} folders: counting its files every ${REFUSED_RECOUNT_MS} ms`,
      ]);
    } finally {
      watch.close();
    }
  });
});
