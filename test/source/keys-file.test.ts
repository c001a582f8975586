import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src/serve.js';
import {
  ALPHA_KEY,
  BETA_KEY,
  captureLogs,
  defaultFiles,
  get,
  keysYaml,
  sha256,
  spacingYaml,
  useFixtures,
  waitFor,
} from './fixture-repo.js';

// Issue 12, finding 8: keys.yaml fails closed. Any YAML is applied (bad entries refused); only a file that is not YAML
// keeps the previous keys, and then /readyz and /metrics say so.
const fixtures = useFixtures();

const ALPHA = { name: 'alpha', key: ALPHA_KEY, designSystem: 'alpha' };
const BETA = { name: 'beta', key: BETA_KEY, designSystem: 'beta' };

async function readyz(server: RunningServer): Promise<unknown> {
  return (await fetch(`${server.url}/readyz`)).json();
}

async function staleGauge(server: RunningServer): Promise<string | undefined> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  return /^token_server_keys_stale (\d)$/m.exec(text)?.[1];
}

describe('live keys file: revocations always take effect', () => {
  it('refuse a key removed in the same save that adds a second entry of one name (both of which are refused)', async () => {
    const repo = fixtures.repo({ ...defaultFiles(), 'keys.yaml': keysYaml([ALPHA, BETA]) });
    const server = await fixtures.start(repo);
    expect((await get(server, '/api/v1/tokens', BETA_KEY)).status).toBe(200);

    // `beta` removed; a second `ci` pasted in by mistake.
    repo.write(
      'keys.yaml',
      keysYaml([ALPHA, { name: 'ci', key: 'dts_ci_one', designSystem: 'alpha' }, { name: 'ci', key: 'dts_ci_two', designSystem: 'beta' }]),
    );
    const revoked = await waitFor(
      () => get(server, '/api/v1/tokens', BETA_KEY),
      (response) => response.status === 401,
    );
    expect(revoked.body).toEqual({ error: { code: 'unauthorized', message: 'Invalid API key.' } });
    expect((await get(server, '/api/v1/tokens', ALPHA_KEY)).status).toBe(200);
    expect((await get(server, '/api/v1/tokens', 'dts_ci_one')).status).toBe(401);
    expect((await get(server, '/api/v1/tokens', 'dts_ci_two')).status).toBe(401);
    expect(server.store.current.keys.problems).toEqual([
      {
        file: repo.keys,
        line: 8,
        column: 11,
        rule: 'duplicate-key',
        message: 'a key named `ci` is already defined at line 5: every entry named `ci` is refused',
        severity: 'error',
      },
    ]);
    expect(await readyz(server)).toEqual({ status: 'ready', seq: server.store.current.seq });
    expect(await staleGauge(server)).toBe('0');
  });

  it('keep the previous keys while the file is not YAML, say so in /readyz and /metrics, and stop saying so once fixed', async () => {
    const repo = fixtures.repo({ ...defaultFiles(), 'keys.yaml': keysYaml([ALPHA, BETA]) });
    const logs = captureLogs();
    const server = await fixtures.start(repo, { logStream: logs.stream }, 'info');
    const savedAt = Date.now();
    repo.write('keys.yaml', `${keysYaml([ALPHA])}  - name: [oops\n`);
    await waitFor(
      async () => server.store.current.keys.staleSince,
      (since) => since !== null,
    );
    const { staleSince } = server.store.current.keys;
    expect(Date.parse(staleSince ?? '')).toBeGreaterThanOrEqual(savedAt - 1);
    // The save also removed `beta`, but nothing in a file that does not parse can be trusted: the keys read before stay.
    expect((await get(server, '/api/v1/tokens', BETA_KEY)).status).toBe(200);
    expect(await readyz(server)).toEqual({
      status: 'ready',
      seq: server.store.current.seq,
      keys: `stale: the keys file is not valid YAML since ${staleSince}; the 2 keys read before stay in force`,
    });
    expect(await staleGauge(server)).toBe('1');
    expect(logs.lines.filter((line) => line.msg.includes('keys file is not valid YAML'))).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'keys file is not valid YAML: the keys read before stay in force',
        keys: 2,
        since: staleSince,
      }),
    ]);
    expect(
      logs.lines.some((line) => line.level === 50 && line.msg.startsWith(`${repo.keys}:6:1 `) && line.msg.endsWith('(yaml-syntax)')),
    ).toBe(true);

    // A second broken save: still stale since the first.
    repo.write('keys.yaml', 'keys: [\n');
    await waitFor(
      async () => server.store.current.keys.problems[0]?.line,
      (line) => line === 2,
    );
    expect(server.store.current.keys.staleSince).toBe(staleSince);

    repo.write('keys.yaml', keysYaml([ALPHA]));
    await waitFor(
      () => get(server, '/api/v1/tokens', BETA_KEY),
      (response) => response.status === 401,
    );
    expect(await readyz(server)).toEqual({ status: 'ready', seq: server.store.current.seq });
    expect(await staleGauge(server)).toBe('0');
    expect(logs.lines.filter((line) => line.msg === 'keys file is valid YAML again: its keys are in force')).toHaveLength(1);
  });
});

describe('live keys file: refused for its size', () => {
  it('say in /readyz and the log that the keys file is too large, with the limit, not that it is not YAML', async () => {
    const repo = fixtures.repo({ ...defaultFiles(), 'keys.yaml': keysYaml([ALPHA, BETA]) });
    const logs = captureLogs();
    const server = await fixtures.start(repo, { logStream: logs.stream }, 'info');
    // Valid YAML, one byte past the limit: only its size is wrong.
    const keys = keysYaml([ALPHA]);
    repo.write('keys.yaml', `${keys}${'#'.repeat(1024 * 1024 - keys.length)}\n`);
    await waitFor(
      async () => server.store.current.keys.staleSince,
      (since) => since !== null,
    );
    const { staleSince } = server.store.current.keys;
    expect((await get(server, '/api/v1/tokens', BETA_KEY)).status).toBe(200);
    expect(await readyz(server)).toEqual({
      status: 'ready',
      seq: server.store.current.seq,
      keys: `stale: the keys file is larger than 1048576 bytes (the limit) since ${staleSince}; the 2 keys read before stay in force`,
    });
    expect(logs.lines.filter((line) => line.level === 50 && line.msg.includes('keys'))).toEqual([
      expect.objectContaining({ msg: 'keys file is larger than 1048576 bytes (the limit): the keys read before stay in force', keys: 2 }),
      expect.objectContaining({ msg: `${repo.keys}:1:1 the keys file is larger than 1048576 bytes (the limit) (file-too-large)` }),
    ]);
  });
});

describe('live keys file: load warnings', () => {
  it('warn once per change about expired keys and keys naming a design system that does not exist', async () => {
    const expired = `  - name: old\n    sha256: ${sha256('dts_old')}\n    designSystem: beta\n    expiresAt: 2020-01-31\n`;
    // `alpha` may also read `gamma`, which does not exist.
    const repo = fixtures.repo({ ...defaultFiles(), 'keys.yaml': `${keysYaml()}${expired}` });
    const logs = captureLogs();
    const server = await fixtures.start(repo, { logStream: logs.stream }, 'info');
    const warnings = (): string[] =>
      logs.lines.filter((line) => line.level === 40 && line.msg.startsWith(repo.keys)).map((line) => line.msg);
    const gamma = `${repo.keys}:2:5 key \`alpha\` gives access to design system \`gamma\`, which does not exist (key-unknown-design-system)`;
    const old = `${repo.keys}:9:5 key \`old\` expired on 2020-01-31: the server refuses it (remove it with \`token-server keys revoke old\`) (key-expired)`;
    expect(warnings()).toEqual([gamma, old]);

    // A token edit changes neither the keys nor the design systems: no new warning.
    const seq = server.store.current.seq;
    repo.write('design-systems/alpha/tokens/a.yaml', spacingYaml('space', { a: 20 }));
    await waitFor(
      async () => server.store.current.seq,
      (current) => current > seq,
    );
    expect(warnings()).toEqual([gamma, old]);

    // Removing `beta` makes `beta` and `old` point at nothing: warned once, with every other warning of that state.
    repo.remove('design-systems/beta/');
    await waitFor(
      async () => server.store.current.systems.has('beta'),
      (has) => !has,
    );
    await waitFor(
      async () => warnings().length,
      (count) => count >= 7,
    );
    expect(warnings().slice(2)).toEqual([
      `${repo.keys}:2:5 key \`alpha\` gives access to design system \`beta\`, which does not exist (key-unknown-design-system)`,
      gamma,
      `${repo.keys}:6:5 key \`beta\` is for design system \`beta\`, which does not exist (key-unknown-design-system)`,
      `${repo.keys}:9:5 key \`old\` is for design system \`beta\`, which does not exist (key-unknown-design-system)`,
      old,
    ]);
  });
});
