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
    },
    strict: true,
    allowPositionals: false,
  });
  const port = Number(values.port ?? env['PORT'] ?? '3000');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be an integer from 0 to 65535, got ${values.port ?? env['PORT']}`);
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
    shutdownTimeoutMs: Math.round(parseSeconds('--shutdown-timeout', values['shutdown-timeout'] ?? env['TOKENS_SHUTDOWN_TIMEOUT'] ?? '10') * 1000),
  };
}

function parseCount(flag: string, text: string, min = 0): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min) throw new Error(`${flag} must be an integer of at least ${min}, got ${text}`);
  return value;
}

function parseSeconds(flag: string, text: string): number {
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value <= 0 || value > 3600) throw new Error(`${flag} must be a number of seconds above 0 and at most 3600, got ${text}`);
  return value;
}

/** `true`, `false`, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges. */
function parseTrustProxy(text: string): boolean | number | string[] {
  const trimmed = text.trim();
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const addresses = trimmed.split(',').map((part) => part.trim()).filter((part) => part !== '');
  if (addresses.length === 0 || !addresses.every((address) => /^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(address))) {
    throw new Error(`--trust-proxy must be true, false, a number of hops or a comma-separated list of addresses/CIDR ranges, got ${text}`);
  }
  return addresses;
}
