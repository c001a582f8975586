import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startRedisServer } from '../helpers/redis.js';
import { readEventStream } from '../helpers/event-stream.js';
import type { ServerProcess } from '../ops/spawn-server.js';
import { createRemoteFixture, gitIn, makeTempDir, pollUntil, spawnRemoteServer, stopServer } from '../revisions/git-helpers.js';
import type { RemoteFixture } from '../revisions/git-helpers.js';
import { acmeFiles, call, EDITOR, READ, REVIEWER, setColor, TOKENS, TOKENS_TEXT } from './acme-change-fixture.js';

const REDIS_AVAILABLE = spawnSync('redis-server', ['--version']).status === 0;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function remoteFixture(): RemoteFixture {
  const remote = createRemoteFixture(acmeFiles());
  cleanups.push(() => remote.cleanup());
  return remote;
}

async function replica(remote: RemoteFixture, args: string[] = [], dataDir?: string): Promise<ServerProcess> {
  let dir = dataDir;
  if (dir === undefined) {
    const data = makeTempDir('dts-change-remote-');
    cleanups.push(data.cleanup);
    dir = data.dir;
  }
  const server = await spawnRemoteServer(remote, { dataDir: dir, syncInterval: 600, args });
  cleanups.push(() => stopServer(server));
  return server;
}

const bareGit = (remote: RemoteFixture, ...args: string[]): string => gitIn(remote.bare, ...args);

/** The `change` events of a replica's stream, as they arrive. */
async function changeEvents(base: string): Promise<{ action: string; id: string }[]> {
  const controller = new AbortController();
  cleanups.push(() => controller.abort());
  const response = await fetch(`${base}/api/v1/events`, { headers: { authorization: `Bearer ${READ}` }, signal: controller.signal });
  expect(response.status).toBe(200);
  const events: { action: string; id: string }[] = [];
  readEventStream(response, (event) => {
    if (event['event'] === 'change') events.push(JSON.parse(event['data'] ?? 'null') as { action: string; id: string });
  });
  return events;
}

async function primaryOf(base: string): Promise<string | undefined> {
  const answer = await call(base, 'GET', '/api/v1/tokens/color/primary', READ);
  return answer.status === 200 ? answer.body.data.value.color : undefined;
}

describe('change requests on a followed remote (--remote): the remote is the lock between replicas', () => {
  it.skipIf(!REDIS_AVAILABLE)(
    'a change opened on one replica is listed on the other within 1 s and merged there; both serve it, the remote holds it',
    async () => {
      const remote = remoteFixture();
      const port = await freePort();
      await startRedisServer(port, cleanups);
      const [a, b] = await Promise.all([
        replica(remote, ['--redis-url', `redis://127.0.0.1:${port}`]),
        replica(remote, ['--redis-url', `redis://127.0.0.1:${port}`]),
      ]);
      for (const server of [a, b])
        await pollUntil(async () => server.lines.some((line) => String(line['msg']).startsWith('redis: connected')), Boolean, 5_000);
      const onB = await changeEvents(b.base);

      const opened = await call(a.base, 'POST', '/api/v1/changes', EDITOR, {
        title: 'Darker brand',
        operations: [setColor('color.primary', '#1D4ED8')],
      });
      expect(opened.status).toBe(201);
      const answeredAt = performance.now();
      const change = opened.body.data.change;
      // On the remote at once: its branch, one commit by the editor on the remote's main.
      expect(bareGit(remote, 'rev-parse', `refs/heads/token-changes/acme/${change.id}`).trim()).toBe(change.head);
      expect(bareGit(remote, 'log', '-1', '--format=%an <%ae>', change.head).trim()).toBe('Dana Designer <dana@example.com>');

      // Replica B heard of it over Redis (its own fetch is 600 s away): listed, and announced on its stream.
      const listed = await pollUntil(
        () => call(b.base, 'GET', '/api/v1/changes', READ),
        (answer) => answer.body.data.changes.some((item) => item.id === change.id),
        5_000,
        10,
      );
      const listedMs = performance.now() - answeredAt;
      expect(listed.status).toBe(200);
      expect(listedMs).toBeLessThan(1_000);
      await pollUntil(
        async () => onB.filter((event) => event.id === change.id && event.action === 'open').length,
        (count) => count === 1,
        2_000,
      );

      // Reviewed and merged on B: the remote's main moves, and both replicas serve the new value.
      expect((await call(b.base, 'POST', `/api/v1/changes/${change.id}/approve`, REVIEWER)).status).toBe(200);
      const merged = await call(b.base, 'POST', `/api/v1/changes/${change.id}/merge`, REVIEWER);
      expect(merged.status).toBe(200);
      expect(merged.body.data.change.state).toBe('merged');
      const main = bareGit(remote, 'rev-parse', 'refs/heads/main').trim();
      expect(merged.body.data.change.mergedAs).toBe(main);
      expect(bareGit(remote, 'log', '-1', '--format=%an', main).trim()).toBe('Dana Designer');
      const diff = bareGit(remote, 'diff', '--unified=0', `${main}~1`, main, '--', TOKENS);
      expect(diff.split('\n').filter((line) => /^[-+][^-+]/.test(line))).toEqual([
        '-    primary: { type: color, color: "#2563EB" }',
        '+    primary: { type: color, color: "#1D4ED8" }',
      ]);
      for (const server of [a, b])
        await pollUntil(
          () => primaryOf(server.base),
          (color) => color?.toUpperCase() === '#1D4ED8',
          2_000,
        );
      // A hears that B merged it.
      const onA = await call(a.base, 'GET', `/api/v1/changes/${change.id}`, READ);
      await pollUntil(
        () => call(a.base, 'GET', `/api/v1/changes/${change.id}`, READ),
        (answer) => answer.body.data.change.state === 'merged',
        2_000,
      );
      expect(onA.status).toBe(200);
      console.info(`change requests across replicas: opened on A -> listed on B in ${Math.round(listedMs)} ms`);
    },
  );

  it('a push to the remote main between validation and push is fetched, applied again and pushed; both edits are kept', async () => {
    const remote = remoteFixture();
    // Another person's commit to main, ready on a side branch; the remote's update hook moves main to it the first
    // time a push wants to move main, so the server's push loses the race after it validated the merge.
    remote.work.git('checkout', '-q', '-b', 'side');
    remote.work.write(TOKENS, TOKENS_TEXT.replace('"#111111"', '"#222222"'));
    const side = remote.work.commit('Softer text');
    remote.push('origin', 'side');
    remote.work.git('checkout', '-q', 'main');
    const hook = join(remote.bare, 'hooks', 'update');
    writeFileSync(
      hook,
      [
        '#!/bin/sh',
        'if [ "$1" = refs/heads/main ] && [ ! -e moved-once ]; then',
        '  touch moved-once',
        `  git update-ref refs/heads/main ${side}`,
        'fi',
        'exit 0',
        '',
      ].join('\n'),
    );
    chmodSync(hook, 0o755);
    const server = await replica(remote);
    const opened = await call(server.base, 'POST', '/api/v1/changes', EDITOR, {
      title: 'Darker brand',
      operations: [setColor('color.primary', '#1D4ED8')],
    });
    expect(opened.status).toBe(201);
    const id = opened.body.data.change.id;
    expect((await call(server.base, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER)).status).toBe(200);

    const merged = await call(server.base, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER);
    expect(merged.status).toBe(200);
    // The hook did move main under the first push; the merge that landed is on top of that commit.
    expect(bareGit(remote, 'rev-parse', '--verify', '-q', 'refs/heads/main~1').trim()).toBe(side);
    const text = bareGit(remote, 'show', `refs/heads/main:${TOKENS}`);
    expect(existsSync(join(remote.bare, 'moved-once'))).toBe(true);
    expect(text).toBe(TOKENS_TEXT.replace('"#111111"', '"#222222"').replace('"#2563EB"', '"#1D4ED8"').trimEnd());
    expect(merged.body.data.change.mergedAs).toBe(bareGit(remote, 'rev-parse', 'refs/heads/main').trim());
    await pollUntil(
      () => primaryOf(server.base),
      (color) => color?.toUpperCase() === '#1D4ED8',
      2_000,
    );
  });

  it('a push the remote refuses (a hook, a protected branch) answers 502 remote_refused with its reason, and nothing is written', async () => {
    const remote = remoteFixture();
    const hook = join(remote.bare, 'hooks', 'pre-receive');
    writeFileSync(hook, '#!/bin/sh\necho "branches are protected here" >&2\nexit 1\n');
    chmodSync(hook, 0o755);
    const server = await replica(remote);
    const opened = await call(server.base, 'POST', '/api/v1/changes', EDITOR, {
      title: 'Darker brand',
      operations: [setColor('color.primary', '#1D4ED8')],
    });
    expect(opened.status).toBe(502);
    expect(opened.body.error.code).toBe('remote_refused');
    expect(opened.body.error.message).toMatch(/pre-receive hook declined/);
    expect(opened.body.error.message).toMatch(/branches are protected here/);
    expect(bareGit(remote, 'for-each-ref', 'refs/heads/token-changes/')).toBe('');
    expect((await call(server.base, 'GET', '/api/v1/changes', READ)).body.data.changes).toEqual([]);
    expect(server.child.exitCode).toBe(null);
  });

  it('a push that lands while the mirror cannot record it (a ref lock) answers the write, which the next write catches up', async () => {
    const remote = remoteFixture();
    const data = makeTempDir('dts-change-lock-');
    cleanups.push(data.cleanup);
    const server = await replica(remote, [], data.dir);
    const opened = await call(server.base, 'POST', '/api/v1/changes', EDITOR, {
      title: 'Darker brand',
      operations: [setColor('color.primary', '#1D4ED8')],
    });
    expect(opened.status).toBe(201);
    const id = opened.body.data.change.id;
    // A lock on the change's branch in the mirror (what a crashed git leaves, or a fetch holding it): the remote
    // takes the push, the mirror cannot follow.
    const lock = join(mirrorDirIn(data.dir), 'refs', 'heads', 'token-changes', 'acme', `${id}.lock`);
    mkdirSync(dirname(lock), { recursive: true });
    writeFileSync(lock, '');
    const approved = await call(server.base, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER);
    expect({ status: approved.status, state: approved.body.data?.change.state }).toEqual({ status: 200, state: 'approved' });
    expect(approved.body.data.change.head).toBe(bareGit(remote, 'rev-parse', `refs/heads/token-changes/acme/${id}`).trim());
    await pollUntil(async () => server.lines.find((line) => String(line['msg']).includes('the mirror did not record')), Boolean, 2_000);
    // Until the mirror catches up, this server reads the tip it pushed: the change is approved here too.
    const read = await call(server.base, 'GET', `/api/v1/changes/${id}`, READ);
    expect(read.body.data.change.state).toBe('approved');
    const listed = await call(server.base, 'GET', '/api/v1/changes', READ);
    expect(listed.body.data.changes.map((change) => change.state)).toEqual(['approved']);
    rmSync(lock);
    // The merge goes on from the approval (nothing is applied twice), and the mirror follows it.
    const merged = await call(server.base, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER);
    expect(merged.status).toBe(200);
    const actions = bareGit(remote, 'log', '--format=%(trailers:key=Token-Change-Action,valueonly)', `refs/heads/token-changes/acme/${id}`)
      .split('\n')
      .filter(Boolean);
    expect(actions).toEqual(['merge', 'approve', 'open']);
    expect(gitIn(mirrorDirIn(data.dir), 'rev-parse', `refs/heads/token-changes/acme/${id}`).trim()).toBe(merged.body.data.change.head);
    await pollUntil(
      () => primaryOf(server.base),
      (color) => color?.toUpperCase() === '#1D4ED8',
      2_000,
    );
  });

  it.runIf(process.platform === 'linux')(
    'kill -9 at 50 random moments of opening, approving and merging leaves every change whole or absent on the remote',
    async () => {
      const remote = remoteFixture();
      const data = makeTempDir('dts-change-kill-');
      cleanups.push(data.cleanup);
      const KILLS = 50;
      const colors: string[] = [];
      for (let round = 0; round < KILLS; round++) {
        const server = await replica(remote, [], data.dir);
        const color = `#0000${(round + 16).toString(16).padStart(2, '0')}`.toUpperCase();
        colors.push(color);
        const steps = (async () => {
          const opened = await call(server.base, 'POST', '/api/v1/changes', EDITOR, {
            title: `Round ${round}`,
            operations: [setColor('color.primary', color)],
          });
          const id = opened.body.data.change.id;
          await call(server.base, 'POST', `/api/v1/changes/${id}/approve`, REVIEWER);
          await call(server.base, 'POST', `/api/v1/changes/${id}/merge`, REVIEWER);
        })().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 700));
        server.child.kill('SIGKILL');
        await server.exited;
        await steps;
        // A git the killed server started runs to its end (a push under way completes on the remote, or fails whole):
        // what is left is read once none runs, since a ref transaction renames its refs one by one.
        await untilNoProcessIn([data.dir, remote.bare]);
        checkRemote(remote);
      }
      // Where the kills landed, by the state each round's change request was left in (printed, random by design).
      const states = bareGit(
        remote,
        'for-each-ref',
        '--format=%(contents:trailers:key=Token-Change-Action,valueonly)',
        'refs/heads/token-changes/acme/',
      )
        .split('\n')
        .filter(Boolean);
      const counts = new Map<string, number>();
      for (const state of states) counts.set(state, (counts.get(state) ?? 0) + 1);
      const tally = [...counts].map(([state, count]) => `${count} ${state}`);
      console.info(
        `kill -9 rounds: ${KILLS - states.length} before anything reached the remote, ${tally.join(', ')} (last action of each branch)`,
      );
      // A last server reads the same change requests from the remote: every branch there, in the state it says.
      const server = await replica(remote, [], data.dir);
      const listed = (await call(server.base, 'GET', '/api/v1/changes', READ)).body.data.changes;
      const branches = bareGit(remote, 'for-each-ref', '--format=%(refname:lstrip=4)', 'refs/heads/token-changes/acme/')
        .split('\n')
        .filter(Boolean);
      expect(listed.map((change) => change.id).sort()).toEqual(branches.sort());
      // An approved change a kill cut before its merge still merges when main is still its base; one made before a
      // later merge of the same token is a conflict with both values, never an overwrite.
      for (const waiting of listed.filter((change) => change.state === 'approved')) {
        const main = bareGit(remote, 'rev-parse', 'refs/heads/main').trim();
        const merged = await call(server.base, 'POST', `/api/v1/changes/${waiting.id}/merge`, REVIEWER);
        if (waiting.base === main) expect(merged.status).toBe(200);
        else {
          expect({ status: merged.status, code: merged.body.error.code }).toEqual({ status: 409, code: 'change_conflict' });
          expect(bareGit(remote, 'rev-parse', 'refs/heads/main').trim()).toBe(main);
        }
      }
      checkRemote(remote);
    },
    600_000,
  );
});

/** Waits until no process (a git the killed server left running) has its working folder in one of `folders`. */
async function untilNoProcessIn(folders: readonly string[]): Promise<void> {
  const inside = (path: string): boolean => folders.some((folder) => path === folder || path.startsWith(`${folder}/`));
  const running = (): boolean =>
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .some((pid) => {
        try {
          return inside(readlinkSync(`/proc/${pid}/cwd`));
        } catch {
          return false;
        }
      });
  await pollUntil(
    async () => running(),
    (busy) => !busy,
    20_000,
  );
}

/**
 * What a crash may never leave on the remote: a merge on main whose change request does not say so (or says it
 * merged elsewhere), a change request that says merged without its commit on main, a branch that does not start with
 * its opening commit, a file that is not whole, or an object missing.
 */
function checkRemote(remote: RemoteFixture): void {
  const log = (ref: string): { commit: string; body: string }[] =>
    bareGit(remote, 'log', '--first-parent', '--format=%H%x1f%B%x1e', ref)
      .split('\x1e')
      .map((record) => record.replace(/^\n/, '').split('\x1f'))
      .filter(([commit]) => /^[0-9a-f]{40}$/.test(commit ?? ''))
      .map(([commit = '', body = '']) => ({ commit, body }));
  const trailer = (body: string, name: string): string | undefined => new RegExp(`^${name}: (.*)$`, 'm').exec(body)?.[1];
  const mergesOnMain = new Map<string, string>();
  for (const { commit, body } of log('refs/heads/main')) {
    const id = trailer(body, 'Token-Change');
    if (id === undefined) continue;
    expect(mergesOnMain.has(id), `change ${id} merged twice`).toBe(false);
    mergesOnMain.set(id, commit);
  }
  const branches = bareGit(remote, 'for-each-ref', '--format=%(refname)', 'refs/heads/token-changes/acme/').split('\n').filter(Boolean);
  for (const ref of branches) {
    const id = ref.split('/').at(-1)!;
    const commits = log(ref).filter(({ body }) => trailer(body, 'Token-Change') === id);
    expect(trailer(commits.at(-1)!.body, 'Token-Change-Action'), `${ref} starts with its opening`).toBe('open');
    const last = commits[0]!;
    const mergedAs = trailer(last.body, 'Token-Change-Merged-As');
    if (trailer(last.body, 'Token-Change-Action') === 'merge') expect(mergesOnMain.get(id), `${id} says merged`).toBe(mergedAs);
    else expect(mergesOnMain.has(id), `${id} on main but its branch says ${trailer(last.body, 'Token-Change-Action')}`).toBe(false);
  }
  for (const id of mergesOnMain.keys())
    expect(branches, `merge of ${id} without its branch`).toContain(`refs/heads/token-changes/acme/${id}`);
  expect(bareGit(remote, 'show', `refs/heads/main:${TOKENS}`)).toMatch(
    /^# Colors of Acme: keep this comment\ntokens:\n {2}color:\n {4}# The brand\n {4}primary: \{ type: color, color: "#[0-9A-F]{6}" \}\n/,
  );
  gitIn(remote.bare, 'fsck', '--no-progress', '--connectivity-only');
}

/** The bare mirror a replica keeps in its data folder (one sub-folder per remote URL). */
function mirrorDirIn(dataDir: string): string {
  const found: string[] = [];
  const walk = (dir: string, depth: number): void => {
    if (existsSync(join(dir, 'HEAD')) && existsSync(join(dir, 'refs'))) found.push(dir);
    else if (depth > 0)
      for (const entry of readdirSync(dir, { withFileTypes: true })) if (entry.isDirectory()) walk(join(dir, entry.name), depth - 1);
  };
  walk(dataDir, 3);
  if (found.length !== 1) throw new Error(`expected one mirror in ${dataDir}, found ${found.length}`);
  return found[0] as string;
}
