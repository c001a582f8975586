import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../src/serve.js';
import type { RunningServer } from '../../src/serve.js';
import {
  ALPHA_KEY,
  BETA_KEY,
  captureLogs,
  defaultFiles,
  get,
  keysYaml,
  observeWhile,
  spacingOf,
  spacingYaml,
  systemYaml,
  useFixtures,
  waitFor,
} from './fixture-repo.js';
import type { ApiResponse, FixtureRepo } from './fixture-repo.js';

const OLD_ALPHA = { 'gap.b': 8, 'space.a': 16 };

const fixtures = useFixtures();

async function start(
  files = defaultFiles(),
  options: { git?: boolean; commitDate?: string } = {},
): Promise<{ repo: FixtureRepo; server: RunningServer }> {
  const repo = fixtures.repo(files, options);
  return { repo, server: await fixtures.start(repo) };
}

/** Every response is exactly one of the allowed token maps (never a mix of old and new files). */
function expectOnlyStates(responses: readonly ApiResponse[], states: readonly Record<string, number>[]): void {
  expect(responses.length).toBeGreaterThan(2);
  for (const response of responses) {
    expect(response.status).toBe(200);
    expect(states).toContainEqual(spacingOf(response.body));
  }
}

const isAlpha = (want: Record<string, number>) => (response: ApiResponse) =>
  response.status === 200 && JSON.stringify(spacingOf(response.body)) === JSON.stringify(want);

describe('live source: file changes', () => {
  it('serve an edited file, with a new ETag, sequence number and lastUpdated', async () => {
    const { repo, server } = await start();
    const before = await get(server, '/api/v1/tokens');
    const meta = await get(server, '/api/v1/design-system');
    const betaMeta = await get(server, '/api/v1/design-system', BETA_KEY);
    const editedAt = Date.now();
    const seen = await observeWhile(
      server,
      '/api/v1/tokens',
      () => repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 24 })),
      isAlpha({ 'gap.b': 8, 'space.a': 24 }),
    );
    expectOnlyStates(seen, [OLD_ALPHA, { 'gap.b': 8, 'space.a': 24 }]);

    const after = await get(server, '/api/v1/tokens');
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(Number(after.headers.get('x-snapshot-seq'))).toBeGreaterThan(Number(before.headers.get('x-snapshot-seq')));
    expect(after.headers.get('x-git-commit')).toBe(repo.git('rev-parse', 'HEAD').trim());
    const lastUpdated = Date.parse(
      ((await get(server, '/api/v1/design-system')).body as { data: { lastUpdated: string } }).data.lastUpdated,
    );
    expect(lastUpdated).toBeGreaterThanOrEqual(editedAt - 1);
    expect(lastUpdated).toBeGreaterThan(Date.parse((meta.body as { data: { lastUpdated: string } }).data.lastUpdated));
    // The other design system keeps its very same state: same body, same ETag.
    const betaAfter = await get(server, '/api/v1/design-system', BETA_KEY);
    expect(betaAfter.body).toEqual(betaMeta.body);
    expect(betaAfter.headers.get('etag')).toBe(betaMeta.headers.get('etag'));
    expect(server.store.current.git.dirtySlugs).toEqual(['alpha']);
  });

  it('serve an atomic save (temporary file renamed over the original)', async () => {
    const { repo, server } = await start();
    const want = { 'gap.b': 8, 'space.a': 32 };
    const seen = await observeWhile(
      server,
      '/api/v1/tokens',
      () => repo.writeAtomic('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 32 })),
      isAlpha(want),
    );
    expectOnlyStates(seen, [OLD_ALPHA, want]);
  });

  it('treat an unlink followed by an add as a change, never serving the file as gone', async () => {
    const { repo, server } = await start();
    const want = { 'gap.b': 8, 'space.a': 40 };
    const seen = await observeWhile(
      server,
      '/api/v1/tokens',
      async () => {
        repo.remove('design-systems/alpha/tokens/a.yaml');
        await new Promise((resolve) => setTimeout(resolve, 20));
        repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 40 }));
      },
      isAlpha(want),
    );
    expectOnlyStates(seen, [OLD_ALPHA, want]);
  });

  it('never answer 404 for the tokens of a file renamed again and again (an unlink is provisional until its batch settles)', async () => {
    const { repo, server } = await start();
    const statuses = new Map<number, number>();
    let renaming = true;
    const read = async (): Promise<void> => {
      while (renaming) {
        const response = await get(server, '/api/v1/tokens/space.a');
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    };
    const readers = [read(), read()];
    // Renames 200 ms apart: chokidar reports an unlink after its 100 ms `atomic` window, but an add only when it reads
    // the folder again, at most once a second; a batch in between must not drop the tokens.
    const names = ['a.yaml', 'renamed.yaml'];
    for (let index = 0; index < 16; index++) {
      const [from, to] = index % 2 === 0 ? names : [...names].reverse();
      renameSync(join(repo.source, 'alpha', 'tokens', from as string), join(repo.source, 'alpha', 'tokens', to as string));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await server.idle();
    renaming = false;
    await Promise.all(readers);
    expect([...statuses.keys()]).toEqual([200]);
    expect(spacingOf((await get(server, '/api/v1/tokens')).body)).toEqual(OLD_ALPHA);
  });

  it('stop serving the tokens of a deleted file', async () => {
    const { repo, server } = await start();
    const want = { 'space.a': 16 };
    const seen = await observeWhile(server, '/api/v1/tokens', () => repo.remove('design-systems/alpha/tokens/b.yaml'), isAlpha(want));
    expectOnlyStates(seen, [OLD_ALPHA, want]);
  });

  it('keep lastUpdated and the ETag when a save changes only whitespace', async () => {
    const { repo, server } = await start();
    const tokens = await get(server, '/api/v1/tokens');
    const meta = await get(server, '/api/v1/design-system');
    const seq = server.store.current.seq;
    repo.write('design-systems/alpha/tokens/a.yaml', `\n\n${spacingYaml('space', { a: 16 })}\n# a comment\n`);
    await waitFor(
      async () => server.store.current.seq,
      (current) => current > seq,
    );
    expect((await get(server, '/api/v1/design-system')).body).toEqual(meta.body);
    const after = await get(server, '/api/v1/tokens');
    expect(after.headers.get('etag')).toBe(tokens.headers.get('etag'));
    expect(after.body).toEqual(tokens.body);
  });

  it('keep serving the last good version after a broken save, log the problem with file:line:column, and heal on the next save', async () => {
    const repo = fixtures.repo();
    const logs = captureLogs();
    const live = await fixtures.start(repo, { logStream: logs.stream }, 'info');
    const broken = 'tokens:\n  space:\n    a: { type: spacing, value: 16\n';
    const seq = live.store.current.seq;
    const during = await observeWhile(
      live,
      '/api/v1/tokens',
      () => repo.write('design-systems/alpha/tokens/a.yaml', broken),
      () => live.store.current.seq > seq,
    );
    expectOnlyStates(during, [OLD_ALPHA]);

    const state = live.store.current.systems.get('alpha');
    const errors = state?.problems.filter((problem) => problem.severity === 'error') ?? [];
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]?.file).toBe('alpha/tokens/a.yaml');
    const logged = logs.lines.filter((line) => line.level === 50).map((line) => line.msg);
    for (const problem of errors)
      expect(logged).toContain(`${problem.file}:${problem.line}:${problem.column} ${problem.message} (${problem.rule})`);
    // The other design system is untouched.
    expect(spacingOf((await get(live, '/api/v1/tokens', BETA_KEY)).body)).toEqual({ 'space.x': 4 });

    const want = { 'gap.b': 8, 'space.a': 20 };
    const healing = await observeWhile(
      live,
      '/api/v1/tokens',
      () => repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 20 })),
      isAlpha(want),
    );
    expectOnlyStates(healing, [OLD_ALPHA, want]);
    expect(live.store.current.systems.get('alpha')?.problems).toEqual([]);
  });

  it('serve a design system folder that is added, and stop serving one that is removed', async () => {
    const { repo, server } = await start();
    const list = (body: unknown) => (body as { data: { designSystems: { slug: string }[] } }).data.designSystems.map((entry) => entry.slug);
    expect(list((await get(server, '/api/v1/design-systems')).body)).toEqual(['alpha', 'beta']);

    const addedAt = Date.now();
    repo.write('design-systems/gamma/system.yaml', systemYaml('Gamma', 'gamma'));
    repo.write('design-systems/gamma/tokens.yaml', spacingYaml('space', { g: 2 }));
    const gamma = await waitFor(
      () => get(server, '/api/v1/tokens?designSystem=gamma'),
      (response) => response.status === 200,
    );
    expect(spacingOf(gamma.body)).toEqual({ 'space.g': 2 });
    expect(list((await get(server, '/api/v1/design-systems')).body)).toEqual(['alpha', 'beta', 'gamma']);
    const gammaMeta = (await get(server, '/api/v1/design-system?designSystem=gamma')).body as { data: { lastUpdated: string } };
    expect(Date.parse(gammaMeta.data.lastUpdated)).toBeGreaterThanOrEqual(addedAt - 1);
    expect(server.store.current.git.dirtySlugs).toEqual(['gamma']);

    repo.remove('design-systems/beta/');
    await waitFor(
      async () => list((await get(server, '/api/v1/design-systems')).body),
      (slugs) => slugs.join() === 'alpha,gamma',
    );
    expect(server.store.current.systems.has('beta')).toBe(false);
    const beta = await get(server, '/api/v1/tokens', BETA_KEY);
    expect([404, 503]).toContain(beta.status);
    // Alpha was never disturbed.
    expect(spacingOf((await get(server, '/api/v1/tokens')).body)).toEqual(OLD_ALPHA);
  });
});

describe('live source: Git', () => {
  it('date each design system by the committer time of its newest commit at start', async () => {
    const files = defaultFiles();
    const repo = fixtures.repo(files, { commitDate: '2024-01-02T03:04:05+02:00' });
    repo.write('design-systems/beta/tokens.yaml', spacingYaml('space', { x: 6 }));
    repo.commit('beta: x is 6', '2024-03-04T05:06:07Z');
    const server = await fixtures.start(repo);
    expect(((await get(server, '/api/v1/design-system')).body as { data: { lastUpdated: string } }).data.lastUpdated).toBe(
      '2024-01-02T01:04:05.000Z',
    );
    expect(((await get(server, '/api/v1/design-system', BETA_KEY)).body as { data: { lastUpdated: string } }).data.lastUpdated).toBe(
      '2024-03-04T05:06:07.000Z',
    );
    expect(server.store.current.git.commitTimes).toEqual({ alpha: '2024-01-02T01:04:05.000Z', beta: '2024-03-04T05:06:07.000Z' });
  });

  it('report a commit in x-git-commit without moving lastUpdated', async () => {
    const { repo, server } = await start();
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 12 }));
    await waitFor(() => get(server, '/api/v1/tokens'), isAlpha({ 'gap.b': 8, 'space.a': 12 }));
    const meta = await get(server, '/api/v1/design-system');
    expect(server.store.current.git.dirtySlugs).toEqual(['alpha']);

    const sha = repo.commit('alpha: a is 12');
    const after = await waitFor(
      () => get(server, '/api/v1/design-system'),
      (response) => response.headers.get('x-git-commit') === sha,
    );
    expect(after.body).toEqual(meta.body);
    expect(after.headers.get('etag')).toBe(meta.headers.get('etag'));
    expect(server.store.current.git).toEqual({ commit: sha, dirtySlugs: [], commitTimes: server.store.current.git.commitTimes });
    expect(Object.keys(server.store.current.git.commitTimes)).toEqual(['alpha', 'beta']);
  });

  it('switch a checkout of many files in one snapshot: every response is all old or all new', async () => {
    const count = 50;
    const files: Record<string, string> = { 'keys.yaml': keysYaml(), 'design-systems/alpha/system.yaml': systemYaml('Alpha', 'alpha') };
    const consistent = (value: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`t${String(index).padStart(2, '0')}.v`, value]));
    for (let index = 0; index < count; index++) {
      const name = `t${String(index).padStart(2, '0')}`;
      files[`design-systems/alpha/tokens/${name}.yaml`] = spacingYaml(name, { v: 1 });
    }
    const fixture = fixtures.repo(files);
    const mainSha = fixture.git('rev-parse', 'HEAD').trim();
    fixture.git('checkout', '-q', '-b', 'other');
    for (let index = 0; index < count; index++) {
      const name = `t${String(index).padStart(2, '0')}`;
      fixture.write(`design-systems/alpha/tokens/${name}.yaml`, spacingYaml(name, { v: 2 }));
    }
    const otherSha = fixture.commit('every token is 2');
    fixture.git('checkout', '-q', 'main');
    const live = await fixtures.start(fixture);
    expect(spacingOf((await get(live, '/api/v1/tokens')).body)).toEqual(consistent(1));

    const toOther = await observeWhile(live, '/api/v1/tokens', () => void fixture.git('checkout', '-q', 'other'), isAlpha(consistent(2)));
    expectOnlyStates(toOther, [consistent(1), consistent(2)]);
    for (const response of toOther) {
      const value = Object.values(spacingOf(response.body))[0];
      expect(response.headers.get('x-git-commit')).toBe(value === 1 ? mainSha : otherSha);
    }

    const back = await observeWhile(live, '/api/v1/tokens', () => void fixture.git('checkout', '-q', 'main'), isAlpha(consistent(1)));
    expectOnlyStates(back, [consistent(1), consistent(2)]);
    expect((await get(live, '/api/v1/tokens')).headers.get('x-git-commit')).toBe(mainSha);
    expect(live.store.current.git.dirtySlugs).toEqual([]);
  });

  it('serve a plain folder that is not a Git repository', async () => {
    const { repo, server } = await start(defaultFiles(), { git: false });
    const before = await get(server, '/api/v1/tokens');
    expect(before.headers.get('x-git-commit')).toBe(null);
    repo.write('design-systems/alpha/tokens/b.yaml', spacingYaml('gap', { b: 10 }));
    await waitFor(() => get(server, '/api/v1/tokens'), isAlpha({ 'gap.b': 10, 'space.a': 16 }));
    expect(server.store.current.git).toEqual({ commit: null, dirtySlugs: [], commitTimes: {} });
  });
});

describe('live source: start-up', () => {
  it('refuse to start on a missing source folder, saying which', async () => {
    const repo = fixtures.repo();
    const source = `${repo.root}/missing`;
    await expect(startServer({ source, keys: repo.keys, port: 0, host: '127.0.0.1', logLevel: 'silent' })).rejects.toThrow(
      `cannot read the source folder ${source}: ENOENT: no such file or directory, opendir '${source}'`,
    );
  });
});

describe('live source: keys', () => {
  it('refuse a key removed from keys.yaml at the next snapshot, and keep the previous keys when the file does not parse', async () => {
    const { repo, server } = await start();
    expect((await get(server, '/api/v1/tokens', BETA_KEY)).status).toBe(200);

    repo.write('keys.yaml', keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'alpha', access: ['beta'] }]));
    const revoked = await waitFor(
      () => get(server, '/api/v1/tokens', BETA_KEY),
      (response) => response.status === 401,
    );
    expect(revoked.body).toEqual({ error: { code: 'unauthorized', message: 'Invalid API key.' } });
    expect((await get(server, '/api/v1/tokens')).status).toBe(200);

    const seq = server.store.current.seq;
    repo.write('keys.yaml', 'keys:\n  - name: [oops\n');
    await waitFor(
      async () => server.store.current.seq,
      (current) => current > seq,
    );
    expect(server.store.current.keys.problems.length).toBeGreaterThan(0);
    expect((await get(server, '/api/v1/tokens')).status).toBe(200);
    expect((await get(server, '/api/v1/tokens', BETA_KEY)).status).toBe(401);
  });
});
