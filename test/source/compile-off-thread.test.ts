import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import { CompilerThread } from '../../src/state/compiler-thread.js';
import {
  ALPHA_KEY,
  BETA_KEY,
  captureLogs,
  defaultFiles,
  get,
  keysYaml,
  spacingOf,
  spacingYaml,
  useFixtures,
  waitFor,
} from './fixture-repo.js';

const fixtures = useFixtures();

/** `count` spacing tokens in one file; with `typo`, the last one's type is misspelt (one error, after all the work). */
function manyTokens(count: number, typo: boolean): string {
  const lines = ['tokens:', '  huge:'];
  for (let index = 0; index < count; index++)
    lines.push(`    t${index}: { type: ${typo && index === count - 1 ? 'spacin' : 'spacing'}, value: ${index % 97} }`);
  return `${lines.join('\n')}\n`;
}

const problemsOf = (server: RunningServer, slug: string) => server.store.current.systems.get(slug)?.problems ?? [];

/**
 * Requests `/healthz` and a cached `/api/v1/tokens` on a fixed schedule (one every `everyMs`) until `stop()` holds.
 * Returns each latency in ms counted from when the request was due (the client shares the server's thread, so a
 * blocked thread shows as requests sent late), and when each answer came.
 */
async function probeLatencies(
  server: RunningServer,
  stop: () => boolean,
  everyMs: number,
): Promise<{ latencies: number[]; answeredAt: number[] }> {
  const latencies: number[] = [];
  const answeredAt: number[] = [];
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let turn = 0; !stop(); turn++) {
    const due = start + turn * everyMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const path = turn % 2 === 0 ? '/healthz' : '/api/v1/tokens';
    pending.push(
      fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${ALPHA_KEY}` } }).then(async (response) => {
        await response.arrayBuffer();
        expect(response.status).toBe(200);
        answeredAt.push(performance.now());
        latencies.push(performance.now() - due);
      }),
    );
  }
  await Promise.all(pending);
  return { latencies, answeredAt };
}

/** The longest time in `[from, to]` without an answer. */
function longestSilence(answeredAt: readonly number[], from: number, to: number): number {
  const times = [from, ...answeredAt.filter((at) => at > from && at < to).sort((a, b) => a - b), to];
  return Math.max(...times.slice(1).map((at, index) => at - (times[index] as number)));
}

const p99 = (samples: readonly number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] as number;
};

describe('compiling off the main thread', () => {
  it('keep answering /healthz and a cached route while a slow file compiles', async () => {
    const repo = fixtures.repo();
    const server = await fixtures.start(repo);
    await get(server, '/api/v1/tokens'); // rendered once: cached from now on
    const started = performance.now();
    repo.write('design-systems/alpha/tokens/huge.yaml', manyTokens(20_000, true));
    const isCompiled = () => problemsOf(server, 'alpha').length > 0;
    let compiledAt = Number.POSITIVE_INFINITY;
    const { latencies, answeredAt } = await probeLatencies(
      server,
      () => (isCompiled() ? ((compiledAt = Math.min(compiledAt, performance.now())), true) : false),
      10,
    );
    const compileMs = compiledAt - started;
    expect(problemsOf(server, 'alpha').map((problem) => `${problem.file}:${problem.line} ${problem.rule}`)).toEqual([
      'alpha/tokens/huge.yaml:20002 unknown-token-type',
    ]);
    const worst = p99(latencies);
    const silence = longestSilence(answeredAt, started + 50, compiledAt);
    console.info(
      `save to served problem ${Math.round(compileMs)} ms; ${latencies.length} requests, p99 ${worst.toFixed(1)} ms, longest silence ${Math.round(silence)} ms`,
    );
    // Compiled in place, no request is answered until the compile ends (p99 and silence near the compile's length).
    // The target is a p99 under 50 ms; the bound is looser for a shared CI machine, and still far below a compile.
    // Under the parallel test files of a 2-core CI machine, the absolute figure varies; relative to the compile it does not.
    expect(compileMs).toBeGreaterThan(300);
    expect(worst).toBeLessThan(Math.max(250, compileMs / 2));
    expect(silence).toBeLessThan(Math.max(150, compileMs / 3));
    // The last good version kept serving throughout.
    expect(spacingOf((await get(server, '/api/v1/tokens')).body)).toEqual({ 'gap.b': 8, 'space.a': 16 });
  });

  it('keep answering while a ?ref= revision with a slow file is built', async () => {
    const repo = fixtures.repo();
    repo.git('checkout', '-q', '-b', 'slow');
    repo.write('design-systems/alpha/tokens/huge.yaml', manyTokens(20_000, true));
    const sha = repo.commit('a slow file');
    repo.git('checkout', '-q', 'main');
    const server = await fixtures.start(repo);
    await get(server, '/api/v1/tokens');
    let builtAt = Number.POSITIVE_INFINITY;
    const started = performance.now();
    const pinned = get(server, `/api/v1/tokens?ref=${sha}`).then((response) => ((builtAt = performance.now()), response));
    const { latencies, answeredAt } = await probeLatencies(server, () => builtAt !== Number.POSITIVE_INFINITY, 10);
    expect(((await pinned).body as { error: { code: string } }).error.code).toBe('design_system_unavailable');
    const silence = longestSilence(answeredAt, started + 50, builtAt);
    console.info(
      `?ref= build ${Math.round(builtAt - started)} ms; ${latencies.length} requests, p99 ${p99(latencies).toFixed(1)} ms, longest silence ${Math.round(silence)} ms`,
    );
    expect(builtAt - started).toBeGreaterThan(300);
    expect(p99(latencies)).toBeLessThan(250);
    expect(silence).toBeLessThan(Math.max(150, (builtAt - started) / 3));
  });

  it('report a design system past the time limit as a compile-budget error, keep serving it, and apply the next save', async () => {
    const repo = fixtures.repo();
    const logs = captureLogs();
    // 100,000 tokens in four files take seconds to compile on any machine; the limit is far below that, and far above
    // what the small save at the end takes in a fresh worker.
    const server = await fixtures.start(repo, { compileTimeoutMs: 150, logStream: logs.stream }, 'info');
    const workersBefore = server.compiler.started;
    const hugeFiles = [1, 2, 3, 4].map((part) => `design-systems/alpha/tokens/huge-${part}.yaml`);
    for (const [part, path] of hugeFiles.entries()) repo.write(path, manyTokens(25_000, false).replace('  huge:', `  huge${part}:`));
    await waitFor(
      async () => problemsOf(server, 'alpha'),
      (problems) => problems.some((problem) => problem.rule === 'compile-budget'),
      20_000,
    );
    const message =
      'reading and compiling design system `alpha` was stopped at the time limit of 150 ms; make its files smaller or simpler';
    // The error points at the first file its batch changed: which one depends on how the watcher grouped the saves.
    const [problem] = problemsOf(server, 'alpha');
    expect(problem?.file).toMatch(/^alpha\/tokens\/huge-[1-4]\.yaml$/);
    expect(problemsOf(server, 'alpha')).toEqual([
      { file: problem?.file, line: 1, column: 1, rule: 'compile-budget', message, severity: 'error' },
    ]);
    expect(logs.lines.map((line) => line.msg)).toContain(`${problem?.file}:1:1 ${message} (compile-budget)`);
    expect(spacingOf((await get(server, '/api/v1/tokens')).body)).toEqual({ 'gap.b': 8, 'space.a': 16 });
    expect((await get(server, '/api/v1/tokens', 'dts_test_beta_key')).status).toBe(200);

    // The next good save is applied, by a new worker.
    for (const path of hugeFiles) repo.remove(path);
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 40 }));
    await waitFor(
      async () => spacingOf((await get(server, '/api/v1/tokens')).body),
      (served) => served['space.a'] === 40,
      10_000,
    );
    expect(problemsOf(server, 'alpha')).toEqual([]);
    expect(server.compiler.started).toBeGreaterThan(workersBefore);
  });

  it('apply saves in order: a quick good save after a slow one is what stays served', async () => {
    const repo = fixtures.repo();
    const server = await fixtures.start(repo, { quietMs: 20 });
    repo.write('design-systems/alpha/tokens/huge.yaml', manyTokens(5_000, false));
    await new Promise((resolve) => setTimeout(resolve, 60)); // its own batch, compiling now
    repo.write('design-systems/alpha/tokens/huge.yaml', spacingYaml('late', { x: 3 }));
    await waitFor(
      async () => spacingOf((await get(server, '/api/v1/tokens')).body),
      (served) => served['late.x'] === 3,
      10_000,
    );
    await server.idle();
    expect(spacingOf((await get(server, '/api/v1/tokens')).body)).toEqual({ 'gap.b': 8, 'late.x': 3, 'space.a': 16 });
  });

  it('apply a key revocation at once, while a slow design system compiles', async () => {
    const repo = fixtures.repo();
    const server = await fixtures.start(repo, { quietMs: 20, compileTimeoutMs: 60_000 });
    expect((await get(server, '/api/v1/tokens', BETA_KEY)).status).toBe(200);
    // Several large files: a compile of seconds, whatever the machine.
    for (let file = 0; file < 8; file++)
      repo.write(`design-systems/alpha/tokens/huge-${file}.yaml`, manyTokens(20_000, file === 7).replaceAll('huge:', `huge${file}:`));
    await waitFor(
      async () => server.compiler.busy,
      (busy) => busy,
      10_000,
    );
    repo.writeAtomic('keys.yaml', keysYaml([{ name: 'alpha', key: ALPHA_KEY, designSystem: 'alpha', access: ['beta', 'gamma'] }]));
    const revokedAt = await waitFor(
      async () => (await get(server, '/api/v1/tokens', BETA_KEY)).status,
      (status) => status === 401,
      10_000,
    );
    expect(revokedAt).toBe(401);
    // The revocation took effect before the compile that was under way when it was saved.
    expect(server.compiler.busy).toBe(true);
    expect(problemsOf(server, 'alpha')).toEqual([]);
    await waitFor(
      async () => problemsOf(server, 'alpha'),
      (problems) => problems.length > 0,
      60_000,
    );
    expect((await get(server, '/api/v1/tokens', BETA_KEY)).status).toBe(401);
  }, 90_000);

  it('stop the worker on close, without waiting for the compile under way', async () => {
    const repo = fixtures.repo();
    const server = await fixtures.start(repo);
    repo.write('design-systems/alpha/tokens/huge.yaml', manyTokens(25_000, true));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the watcher delivered it: compiling
    expect(server.compiler.alive).toBe(true);
    const closing = performance.now();
    await server.close();
    expect(performance.now() - closing).toBeLessThan(2_000);
    expect(server.compiler.alive).toBe(false);
    expect(process.getActiveResourcesInfo().filter((resource) => resource === 'Worker' || resource === 'MessagePort')).toEqual([]);
  });

  it('stop an idle worker after `idleStopMs` (its heap given back), and start a fresh one for the next compile', async () => {
    const compiler = new CompilerThread({ idleStopMs: 100 });
    fixtures.defer(() => compiler.close());
    const files = [
      { path: 'alpha/system.yaml', text: 'name: Alpha\nid: alpha\n' },
      { path: 'alpha/tokens.yaml', text: manyTokens(10, false) },
    ];
    const first = await compiler.compile('alpha', files);
    expect('result' in first && first.result.system?.tokens).toHaveLength(10);
    expect(compiler.alive).toBe(true);
    await waitFor(
      async () => compiler.alive,
      (alive) => !alive,
    );
    expect([compiler.started, compiler.stoppedIdle]).toEqual([1, 1]);
    const second = await compiler.compile('alpha', files);
    expect('result' in second && second.result.system?.tokens).toHaveLength(10);
    expect(compiler.started).toBe(2);
  });

  it('log a design system that has errors and never loaded as answering 503, not as serving a last good version', async () => {
    const files = {
      ...defaultFiles(),
      'design-systems/gamma/system.yaml': 'name: Gamma\nid: gamma\n',
      'design-systems/gamma/tokens.yaml': 'tokens:\n  a: { type: spacin, value: 1 }\n',
    };
    const repo = fixtures.repo(files);
    const logs = captureLogs();
    const server = await fixtures.start(repo, { logStream: logs.stream }, 'info');
    // gamma never compiled (logged at the first load); alpha breaks after loading.
    repo.write('design-systems/alpha/tokens/a.yaml', 'tokens:\n  space:\n    a: { type: spacin, value: 2 }\n');
    const warnings = (): string[] =>
      logs.lines
        .filter((line) => line.level === 40 && typeof line.designSystem === 'string')
        .map((line) => `${line.designSystem as string}: ${line.msg}`);
    await waitFor(
      async () => warnings(),
      (seen) => seen.some((line) => line.startsWith('alpha')),
    );
    expect(warnings()).toEqual([
      'gamma: design system has errors and has never loaded: answering 503',
      'alpha: design system has errors: serving its last good version',
    ]);
    expect((await get(server, '/api/v1/tokens?designSystem=gamma')).status).toBe(503);
  });
});
