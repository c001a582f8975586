import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Server settings: each from a flag, else an environment variable, else its default. */
export interface ServeConfig {
  readonly source: string;
  readonly keys: string;
  readonly port: number;
  readonly host: string;
  readonly logLevel: string;
  /** Browser origins CORS allows (`*`: any); empty: CORS off. Optional fields default as `parseServeConfig` says. */
  readonly corsOrigins?: readonly string[];
  /** Requests per minute per API key; 0: no limit. */
  readonly rateLimit?: number;
  /** Failed authentications per minute per client address; 0: no limit. */
  readonly authFailureLimit?: number;
  /** Bearer token `GET /metrics` requires; undefined: open (keep it on an internal port or network). */
  readonly metricsToken?: string | undefined;
  /** Fastify `trustProxy`: false, true, a number of hops, or addresses/CIDRs of the proxies. */
  readonly trustProxy?: boolean | number | string[];
  readonly maxConnections?: number;
  /** How long a shutdown may take before the process exits 1 anyway. */
  readonly shutdownTimeoutMs?: number;
  /** Follow this Git remote instead of watching a local work tree. */
  readonly remote?: string | undefined;
  /** Branch of the remote to serve; undefined: the remote's default branch. */
  readonly branch?: string | undefined;
  /** Folder of the design systems inside the remote repository ('' for its root). */
  readonly remotePath?: string;
  /** How often the remote is fetched. */
  readonly syncIntervalMs?: number;
  /** Where the mirror of the remote is kept. */
  readonly dataDir?: string;
  /** Shared secret of `POST /api/v1/sync` (webhooks); undefined: the route is off. */
  readonly webhookSecret?: string | undefined;
  /** Memory bound of the cache of built revisions (`?ref=`). */
  readonly revisionCacheBytes?: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Parses `serve` flags and the environment; throws an Error with a plain message on a bad value. */
export function parseServeConfig(args: readonly string[], env: NodeJS.ProcessEnv): ServeConfig {
  const { values } = parseArgs({
    args: [...args],
    options: {
      source: { type: 'string' },
      keys: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      'log-level': { type: 'string' },
      'cors-origins': { type: 'string' },
      'rate-limit': { type: 'string' },
      'auth-failure-limit': { type: 'string' },
      'trust-proxy': { type: 'string' },
      'max-connections': { type: 'string' },
      'shutdown-timeout': { type: 'string' },
      remote: { type: 'string' },
      branch: { type: 'string' },
      'remote-path': { type: 'string' },
      'sync-interval': { type: 'string' },
      'data-dir': { type: 'string' },
      'revision-cache-mb': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = Number(values.port ?? env['PORT'] ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be an integer from 0 to 65535, got ${values.port ?? env['PORT']}`);
  const logLevel = values['log-level'] ?? env['LOG_LEVEL'] ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`--log-level must be one of ${LOG_LEVELS.join(', ')}, got ${logLevel}`);
  return {
    source: resolve(values.source ?? env['TOKENS_SOURCE'] ?? 'design-systems'),
    keys: resolve(values.keys ?? env['TOKENS_KEYS'] ?? 'keys.yaml'),
    port,
    host: values.host ?? env['HOST'] ?? '127.0.0.1',
    logLevel,
    corsOrigins: (values['cors-origins'] ?? env['TOKENS_CORS_ORIGINS'] ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    rateLimit: parseCount('--rate-limit', values['rate-limit'] ?? env['TOKENS_RATE_LIMIT'] ?? '600'),
    authFailureLimit: parseCount('--auth-failure-limit', values['auth-failure-limit'] ?? env['TOKENS_AUTH_FAILURE_LIMIT'] ?? '30'),
    // Only from the environment: a flag would show the token to anyone who can list processes.
    metricsToken: env['TOKENS_METRICS_TOKEN'] === undefined || env['TOKENS_METRICS_TOKEN'] === '' ? undefined : env['TOKENS_METRICS_TOKEN'],
    trustProxy: parseTrustProxy(values['trust-proxy'] ?? env['TOKENS_TRUST_PROXY'] ?? 'false'),
    maxConnections: parseCount('--max-connections', values['max-connections'] ?? env['TOKENS_MAX_CONNECTIONS'] ?? '10000', 1),
    shutdownTimeoutMs: Math.round(
      parseSeconds('--shutdown-timeout', values['shutdown-timeout'] ?? env['TOKENS_SHUTDOWN_TIMEOUT'] ?? '10') * 1000,
    ),
    remote: nonEmpty(values.remote ?? env['TOKENS_REMOTE']),
    branch: nonEmpty(values.branch ?? env['TOKENS_BRANCH']),
    remotePath: parseRemotePath(values['remote-path'] ?? env['TOKENS_REMOTE_PATH'] ?? 'design-systems'),
    syncIntervalMs: Math.round(parseSeconds('--sync-interval', values['sync-interval'] ?? env['TOKENS_SYNC_INTERVAL'] ?? '30') * 1000),
    dataDir: resolve(values['data-dir'] ?? env['TOKENS_DATA_DIR'] ?? '.token-server-data'),
    // Only from the environment, like the metrics token.
    webhookSecret: nonEmpty(env['TOKENS_WEBHOOK_SECRET']),
    revisionCacheBytes:
      parseCount('--revision-cache-mb', values['revision-cache-mb'] ?? env['TOKENS_REVISION_CACHE_MB'] ?? '128', 1) * 1024 * 1024,
  };
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}

/** A folder inside the repository: `/`-separated, no `..`, no leading `/` or `-`; returned with a trailing `/` (or ''). */
function parseRemotePath(text: string): string {
  const trimmed = text
    .trim()
    .replace(/^\.\/?/, '')
    .replace(/\/+$/, '');
  if (trimmed === '') return '';
  if (!/^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(trimmed) || trimmed.split('/').some((segment) => segment === '..' || segment === '')) {
    throw new Error(`--remote-path must be a folder inside the repository such as design-systems, got ${text}`);
  }
  return `${trimmed}/`;
}

function parseCount(flag: string, text: string, min = 0): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min)
    throw new Error(`${flag} must be an integer of at least ${min}, got ${text}`);
  return value;
}

function parseSeconds(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 3600)
    throw new Error(`${flag} must be a number of seconds above 0 and at most 3600, got ${text}`);
  return value;
}

/** `true`, `false`, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges. */
function parseTrustProxy(text: string): boolean | number | string[] {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const addresses = trimmed
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (addresses.length === 0 || !addresses.every((address) => /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(address))) {
    throw new Error(`--trust-proxy must be true, false, a number of hops or a comma-separated list of addresses/CIDR ranges, got ${text}`);
  }
  return addresses;
}
