import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completeServeConfig, parseServeConfig } from '../src/config.js';
import { renderServeOptionsTable } from '../src/config/render-serve-options.js';
import { SERVE_OPTIONS } from '../src/config/serve-options.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const OPERATIONS = readFileSync(new URL('../docs/operations.md', import.meta.url), 'utf8');

/** The Markdown table that starts with `header`: that line and every `|` line right after it. */
function tableAfter(markdown: string, header: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(header);
  if (start === -1) throw new Error(`no table headed ${header}`);
  const end = lines.findIndex((line, index) => index > start && !line.startsWith('|'));
  return lines.slice(start, end === -1 ? undefined : end).join('\n');
}

describe('parseServeConfig', () => {
  it('gives every setting its default when no flag or environment variable is set', () => {
    expect(parseServeConfig([], {})).toStrictEqual({
      source: resolve('design-systems'),
      keys: resolve('keys.yaml'),
      port: 3000,
      host: '127.0.0.1',
      logLevel: 'info',
      corsOrigins: [],
      rateLimit: 600,
      authFailureLimit: 30,
      metricsToken: undefined,
      trustProxy: false,
      maxConnections: 10_000,
      shutdownTimeoutMs: 10_000,
      remote: undefined,
      branch: undefined,
      remotePath: 'design-systems/',
      syncIntervalMs: 30_000,
      dataDir: resolve('.token-server-data'),
      webhookSecret: undefined,
      revisionCacheBytes: 128 * 1024 * 1024,
      redisUrl: undefined,
    });
  });

  it('reads the environment when no flag is given, and the flag wins over it', () => {
    const env = { PORT: '8080', TOKENS_RATE_LIMIT: '5', TOKENS_CORS_ORIGINS: ' https://a.example , https://b.example ,' };
    expect(parseServeConfig([], env)).toMatchObject({ port: 8080, rateLimit: 5, corsOrigins: ['https://a.example', 'https://b.example'] });
    expect(parseServeConfig(['--port', '9090', '--rate-limit', '0'], env)).toMatchObject({ port: 9090, rateLimit: 0 });
  });

  it.each<[string, { args: string[]; env: NodeJS.ProcessEnv; want: Partial<Record<string, unknown>> }]>([
    [
      'seconds as milliseconds',
      { args: ['--shutdown-timeout', '0.5', '--sync-interval', '2'], env: {}, want: { shutdownTimeoutMs: 500, syncIntervalMs: 2000 } },
    ],
    ['megabytes as bytes', { args: ['--revision-cache-mb', '2'], env: {}, want: { revisionCacheBytes: 2 * 1024 * 1024 } }],
    ['a remote path with a trailing slash', { args: ['--remote-path', './tokens/ds/'], env: {}, want: { remotePath: 'tokens/ds/' } }],
    ['the repository root as remote path', { args: ['--remote-path', '.'], env: {}, want: { remotePath: '' } }],
    ['proxy hops', { args: ['--trust-proxy', '2'], env: {}, want: { trustProxy: 2 } }],
    ['proxy addresses', { args: ['--trust-proxy', '10.0.0.1, 10.1.0.0/16'], env: {}, want: { trustProxy: ['10.0.0.1', '10.1.0.0/16'] } }],
    [
      'a blank remote as none',
      { args: [], env: { TOKENS_REMOTE: '  ', TOKENS_BRANCH: ' main ' }, want: { remote: undefined, branch: 'main' } },
    ],
    [
      'secrets from the environment',
      { args: [], env: { TOKENS_METRICS_TOKEN: ' t ', TOKENS_WEBHOOK_SECRET: ' s ' }, want: { metricsToken: ' t ', webhookSecret: 's' } },
    ],
    ['an empty metrics token as none', { args: [], env: { TOKENS_METRICS_TOKEN: '' }, want: { metricsToken: undefined } }],
    ['a Redis URL', { args: ['--redis-url', ' redis://cache:6379/2 '], env: {}, want: { redisUrl: 'redis://cache:6379/2' } }],
    [
      'a TLS Redis URL from the environment',
      { args: [], env: { TOKENS_REDIS_URL: 'rediss://:pw@cache:6380' }, want: { redisUrl: 'rediss://:pw@cache:6380' } },
    ],
  ])('parses %s', (_name, { args, env, want }) => {
    expect(parseServeConfig(args, env)).toMatchObject(want);
  });

  it.each<[string, { args: string[]; env: NodeJS.ProcessEnv; want: string }]>([
    ['a port that is no number', { args: ['--port', 'http'], env: {}, want: '--port must be an integer from 0 to 65535, got http' }],
    ['a PORT out of range', { args: [], env: { PORT: '70000' }, want: '--port must be an integer from 0 to 65535, got 70000' }],
    [
      'an unknown log level',
      {
        args: ['--log-level', 'loud'],
        env: {},
        want: '--log-level must be one of fatal, error, warn, info, debug, trace, silent, got loud',
      },
    ],
    [
      'the port before the log level',
      { args: ['--log-level', 'loud', '--port', 'x'], env: {}, want: '--port must be an integer from 0 to 65535, got x' },
    ],
    ['a negative rate limit', { args: ['--rate-limit=-1'], env: {}, want: '--rate-limit must be an integer of at least 0, got -1' }],
    [
      'an auth failure limit from the environment',
      { args: [], env: { TOKENS_AUTH_FAILURE_LIMIT: 'many' }, want: '--auth-failure-limit must be an integer of at least 0, got many' },
    ],
    ['no connections', { args: ['--max-connections', '0'], env: {}, want: '--max-connections must be an integer of at least 1, got 0' }],
    [
      'a zero shutdown timeout',
      {
        args: ['--shutdown-timeout', '0'],
        env: {},
        want: '--shutdown-timeout must be a number of seconds above 0 and at most 3600, got 0',
      },
    ],
    [
      'a sync interval over an hour',
      {
        args: [],
        env: { TOKENS_SYNC_INTERVAL: '3601' },
        want: '--sync-interval must be a number of seconds above 0 and at most 3600, got 3601',
      },
    ],
    [
      'a proxy name',
      {
        args: ['--trust-proxy', 'proxy.example'],
        env: {},
        want: '--trust-proxy must be true, false, a number of hops or a comma-separated list of addresses/CIDR ranges, got proxy.example',
      },
    ],
    [
      'a remote path out of the repository',
      {
        args: ['--remote-path', '../x'],
        env: {},
        want: '--remote-path must be a folder inside the repository such as design-systems, got ../x',
      },
    ],
    [
      'an empty revision cache',
      { args: ['--revision-cache-mb', '0'], env: {}, want: '--revision-cache-mb must be an integer of at least 1, got 0' },
    ],
    [
      'a Redis URL of another scheme',
      {
        args: [],
        env: { TOKENS_REDIS_URL: 'http://cache:6379' },
        want: '--redis-url must be a redis:// or rediss:// URL such as redis://redis:6379, got http://cache:6379',
      },
    ],
  ])('refuses %s with the message the CLI prints', (_name, { args, env, want }) => {
    expect(() => parseServeConfig(args, env)).toThrow(new Error(want));
  });

  it('takes secrets from the environment only, never from a flag', () => {
    expect(() => parseServeConfig(['--metrics-token', 'x'], {})).toThrow(/^unknown option `--metrics-token` for serve/);
    expect(() => parseServeConfig(['--webhook-secret', 'x'], {})).toThrow(/^unknown option `--webhook-secret` for serve/);
  });
});

describe('completeServeConfig', () => {
  it('keeps the settings given and gives the others their defaults, whatever the environment says', () => {
    expect(completeServeConfig({ port: 0, rateLimit: 0 })).toStrictEqual({ ...parseServeConfig([], {}), port: 0, rateLimit: 0 });
  });
});

describe('the documented options', () => {
  it("the README's configuration table is the one rendered from SERVE_OPTIONS", () => {
    expect(tableAfter(README, '| Flag | Environment | Default | Meaning |')).toBe(renderServeOptionsTable());
  });

  it("docs/operations.md's protections table states the defaults of the options it names", () => {
    const rows = tableAfter(OPERATIONS, '| What | Default | Answer |')
      .split('\n')
      .map((row) => row.split(' | ')[1] ?? '')
      .flatMap((cell) => {
        const match = /^([\d,]+)[^(|]*\(`([A-Z_]+)`/.exec(cell);
        return match?.[1] === undefined || match[2] === undefined ? [] : [{ env: match[2], stated: match[1].replaceAll(',', '') }];
      });
    const defaults = Object.fromEntries(Object.values(SERVE_OPTIONS).map((option) => [option.env, option.default]));
    expect(rows.map((row) => row.env)).toEqual(['TOKENS_RATE_LIMIT', 'TOKENS_AUTH_FAILURE_LIMIT', 'TOKENS_MAX_CONNECTIONS']);
    expect(rows.map((row) => [row.env, row.stated])).toEqual(rows.map((row) => [row.env, defaults[row.env]]));
  });
});
