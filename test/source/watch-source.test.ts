import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openGitRepo } from '../../src/source/git-repo.js';
import { watchSource } from '../../src/source/watch-source.js';
import type { SourceWatcher, WatchSourceOptions } from '../../src/source/watch-source.js';
import type { SourceEvent } from '../../src/state/events.js';
import { defaultFiles, spacingYaml, useFixtures, waitFor } from './fixture-repo.js';
import type { FixtureRepo } from './fixture-repo.js';

const fixtures = useFixtures();
let watcher: SourceWatcher | undefined;

async function startWatching(
  options: Partial<WatchSourceOptions> = {},
  files = defaultFiles(),
): Promise<{ repo: FixtureRepo; batches: SourceEvent[][] }> {
  const repo = fixtures.repo(files);
  const batches: SourceEvent[][] = [];
  const started = await watchSource({
    sourceDir: repo.source,
    keysPath: repo.keys,
    git: await openGitRepo(repo.source),
    onBatch: (events) => batches.push(events),
    ...options,
  });
  fixtures.defer(() => started.close());
  watcher = started;
  return { repo, batches };
}

const summary = (events: readonly SourceEvent[]): string[] =>
  events.map((event) =>
    event.type === 'git/head-moved'
      ? `${event.type} ${event.dirtySlugs.join(',')}`
      : event.type === 'keys/changed'
        ? event.type
        : event.type === 'source/refused'
          ? `${event.type} ${Object.keys(event.refused).join(',')}`
          : `${event.type} ${event.path}`,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('watchSource', () => {
  it('deliver the whole source, the keys and the Git state as the first batch', async () => {
    const { repo, batches } = await startWatching();
    expect(batches.length).toBe(1);
    expect(summary(batches[0] ?? [])).toEqual([
      'file/changed alpha/system.yaml',
      'file/changed alpha/tokens/a.yaml',
      'file/changed alpha/tokens/b.yaml',
      'file/changed beta/system.yaml',
      'file/changed beta/tokens.yaml',
      'keys/changed',
      'git/head-moved ',
    ]);
    const git = batches[0]?.at(-1);
    expect(git?.type === 'git/head-moved' && git.commit).toBe(repo.git('rev-parse', 'HEAD').trim());
  });

  it('fold a burst of writes into one batch, read when it settles', async () => {
    // Writes 20 ms apart for 400 ms, each well within the quiet period of the one before: one batch. Written all at
    // once they would reach the watcher in one turn of the event loop and fold even with batching switched off.
    const { repo, batches } = await startWatching({ quietMs: 200, maxWaitMs: 5_000 });
    for (let index = 0; index < 20; index++) {
      repo.write(`design-systems/alpha/tokens/n${String(index).padStart(2, '0')}.yaml`, spacingYaml(`n${index}`, { v: index }));
      await sleep(20);
    }
    await waitFor(
      async () => batches.length,
      (count) => count >= 2,
    );
    await watcher?.idle();
    expect(batches.length).toBe(2);
    expect(summary(batches[1] ?? [])).toEqual([
      ...Array.from({ length: 20 }, (_, index) => `file/changed alpha/tokens/n${String(index).padStart(2, '0')}.yaml`),
      'git/head-moved alpha',
    ]);
  });

  it('hold the batch while Git holds index.lock', async () => {
    const { repo, batches } = await startWatching();
    const lock = join(repo.root, '.git', 'index.lock');
    writeFileSync(lock, '');
    repo.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 1 }));
    await sleep(300);
    expect(batches.length).toBe(1);
    rmSync(lock);
    await waitFor(
      async () => batches.length,
      (count) => count === 2,
    );
    expect(summary(batches[1] ?? [])).toEqual(['file/changed beta/tokens.yaml', 'git/head-moved beta']);
  });

  it('deliver nothing for a save with the same content, nor for ignored files', async () => {
    const { repo, batches } = await startWatching();
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 16 }));
    repo.write('design-systems/alpha/notes.md', '# notes\n');
    repo.write('design-systems/alpha/tokens/a.yaml.swp', 'x');
    mkdirSync(join(repo.source, 'alpha', 'node_modules'), { recursive: true });
    repo.write('design-systems/alpha/node_modules/x.yaml', 'tokens: {}\n');
    repo.write('design-systems/.hidden/x.yaml', 'tokens: {}\n');
    await sleep(300);
    await watcher?.idle();
    expect(batches.length).toBe(1);
    // Positive control: the watcher was listening all along, and the next batch holds only the real change.
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 17 }));
    await waitFor(
      async () => batches.length,
      (count) => count === 2,
    );
    expect(summary(batches[1] ?? []).filter((line) => !line.startsWith('git/'))).toEqual(['file/changed alpha/tokens/a.yaml']);
  });

  it('report a removed file once the batch settles, and a removed folder', async () => {
    const { repo, batches } = await startWatching();
    repo.remove('design-systems/alpha/tokens/b.yaml');
    await waitFor(
      async () => batches.length,
      (count) => count === 2,
    );
    expect(summary(batches[1] ?? [])).toEqual(['file/removed alpha/tokens/b.yaml', 'git/head-moved alpha']);
    repo.remove('design-systems/beta/');
    await waitFor(
      async () => batches.length,
      (count) => count === 3,
    );
    expect(summary(batches[2] ?? [])).toEqual([
      'file/removed beta/system.yaml',
      'file/removed beta/tokens.yaml',
      'git/head-moved alpha,beta',
    ]);
  });

  it('see changes by rescanning in poll mode', async () => {
    const { repo, batches } = await startWatching({ mode: 'poll', pollIntervalMs: 50 });
    expect(watcher?.mode).toBe('poll');
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 2 }));
    await waitFor(
      async () => batches.length,
      (count) => count === 2,
    );
    expect(summary(batches[1] ?? [])).toEqual(['file/changed alpha/tokens/a.yaml', 'git/head-moved alpha']);
  });

  it('read HEAD and the status again for the checked-out branch only, not for a change request branch moving', async () => {
    const warnings: string[] = [];
    const log = { info() {}, warn: (message: string) => void warnings.push(message), error() {} };
    const { repo, batches } = await startWatching({ log });
    // An index git cannot read: every `git status` the watcher runs from now on fails, and says so.
    // (Writing the index is itself a change the watcher reads: its one warning comes first.)
    writeFileSync(join(repo.root, '.git', 'index'), 'not an index');
    await waitFor(
      async () => warnings.length,
      (count) => count === 1,
    );
    warnings.length = 0;
    repo.git('update-ref', 'refs/heads/token-changes/alpha/20261202-0000abcd', 'HEAD');
    repo.git(
      'update-ref',
      'refs/heads/token-changes/alpha/20261202-0000abcd',
      repo.git('commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-m', 'cr').trim(),
    );
    await sleep(600);
    expect(warnings).toEqual([]);
    // The checked-out branch moving is read as before (its status fails here, so the previous one is kept).
    const moved = repo.git('commit-tree', 'HEAD^{tree}', '-p', 'HEAD', '-m', 'on main').trim();
    repo.git('update-ref', 'refs/heads/main', moved);
    await waitFor(
      async () => batches.length,
      (count) => count === 2,
    );
    expect(warnings.length).toBe(1);
    expect(warnings[0]).toMatch(
      /^git --literal-pathspecs failed: fatal: .*index file smaller than expected; keeping the previous Git state$/,
    );
    const git = batches[1]?.at(-1);
    expect(git?.type === 'git/head-moved' && git.commit).toBe(moved);
  });
});
