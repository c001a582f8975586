import {
  parseCount,
  parseList,
  parseMegabytesAsBytes,
  parseOneOf,
  parsePath,
  parsePort,
  parseRedisUrl,
  parseRemotePath,
  parseSecondsAsMs,
  parseSecret,
  parseTrimmed,
  parseTrustProxy,
} from './parse-option-values.js';
import { defineOption } from './serve-option.js';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * Every setting of `serve`, in the order `--help` and the README list them: the one place that says each option's
 * flag, environment variable, default, meaning and parsing. `parseServeConfig` reads them, `--help` and the README's
 * configuration table are rendered from them.
 */
export const SERVE_OPTIONS = {
  source: defineOption({
    flag: { name: 'source', value: 'dir' },
    env: 'TOKENS_SOURCE',
    default: './design-systems',
    description: 'Folder holding one sub-folder per design system.',
    parse: parsePath,
  }),
  keys: defineOption({
    flag: { name: 'keys', value: 'file' },
    env: 'TOKENS_KEYS',
    default: './keys.yaml',
    description: 'The API keys file (hashed keys).',
    parse: parsePath,
  }),
  port: defineOption({
    flag: { name: 'port', value: 'n' },
    env: 'PORT',
    default: '3000',
    description: 'TCP port (`0` picks a free one).',
    parse: parsePort,
  }),
  host: defineOption({
    flag: { name: 'host', value: 'address' },
    env: 'HOST',
    default: '127.0.0.1',
    description: 'Interface to listen on (`0.0.0.0` in a container).',
    parse: (text) => text,
  }),
  logLevel: defineOption({
    flag: { name: 'log-level', value: 'level' },
    env: 'LOG_LEVEL',
    default: 'info',
    description: `${LOG_LEVELS.slice(0, -1)
      .map((level) => `\`${level}\``)
      .join(', ')} or \`${LOG_LEVELS.at(-1)}\`.`,
    parse: parseOneOf(LOG_LEVELS),
  }),
  corsOrigins: defineOption({
    flag: { name: 'cors-origins', value: 'list' },
    env: 'TOKENS_CORS_ORIGINS',
    whenUnset: 'none (CORS off)',
    description: 'Comma-separated browser origins allowed to call the API (`https://app.example.com`), or `*`.',
    parse: parseList,
  }),
  rateLimit: defineOption({
    flag: { name: 'rate-limit', value: 'n' },
    env: 'TOKENS_RATE_LIMIT',
    default: '600',
    description:
      'Requests per minute per API key (per address without one); `429` with `RateLimit-*` and `Retry-After` beyond. `0` turns it off.',
    parse: parseCount(0),
  }),
  authFailureLimit: defineOption({
    flag: { name: 'auth-failure-limit', value: 'n' },
    env: 'TOKENS_AUTH_FAILURE_LIMIT',
    default: '30',
    description: 'Failed authentications (`401`) per minute per client address before it gets `429`. `0` turns it off.',
    parse: parseCount(0),
  }),
  // No flag: a flag would show the token to anyone who can list processes.
  metricsToken: defineOption({
    env: 'TOKENS_METRICS_TOKEN',
    whenUnset: 'none (open)',
    description:
      'Bearer token `GET /metrics` requires (letters, digits and `-._~+/`, then `=`; at most 512 characters). Environment only, so it never shows in a process list.',
    parse: parseSecret,
  }),
  trustProxy: defineOption({
    flag: { name: 'trust-proxy', value: 'value' },
    env: 'TOKENS_TRUST_PROXY',
    default: 'false',
    description:
      'Behind a load balancer: `true`, a number of proxy hops, or comma-separated proxy addresses/CIDRs whose `X-Forwarded-For` is trusted (the client address the limits use).',
    parse: parseTrustProxy,
  }),
  maxConnections: defineOption({
    flag: { name: 'max-connections', value: 'n' },
    env: 'TOKENS_MAX_CONNECTIONS',
    default: '10000',
    description:
      'Open connections at most (event streams hold one each); at most 256 of them from one client address (proxies named by `--trust-proxy` exempt).',
    parse: parseCount(1),
  }),
  shutdownTimeoutMs: defineOption({
    flag: { name: 'shutdown-timeout', value: 's' },
    env: 'TOKENS_SHUTDOWN_TIMEOUT',
    default: '10',
    description: 'Seconds SIGTERM/SIGINT may take to drain requests and close streams before the process exits 1 anyway.',
    parse: parseSecondsAsMs,
  }),
  remote: defineOption({
    flag: { name: 'remote', value: 'url' },
    env: 'TOKENS_REMOTE',
    whenUnset: 'none (watch `--source`)',
    description:
      'Follow this Git repository (https, ssh or `file://` URL) instead of a local work tree: the server keeps a mirror, fetches it and serves the branch tip.',
    parse: parseTrimmed,
  }),
  branch: defineOption({
    flag: { name: 'branch', value: 'name' },
    env: 'TOKENS_BRANCH',
    whenUnset: "the remote's default branch",
    description: 'Branch of `--remote` to serve.',
    parse: parseTrimmed,
  }),
  remotePath: defineOption({
    flag: { name: 'remote-path', value: 'dir' },
    env: 'TOKENS_REMOTE_PATH',
    default: 'design-systems',
    description: 'Folder of the design systems inside the remote repository (`.` for its root).',
    parse: parseRemotePath,
  }),
  syncIntervalMs: defineOption({
    flag: { name: 'sync-interval', value: 's' },
    env: 'TOKENS_SYNC_INTERVAL',
    default: '30',
    description: 'Seconds between fetches of `--remote`; a failing fetch is retried with backoff up to 5 minutes.',
    parse: parseSecondsAsMs,
  }),
  dataDir: defineOption({
    flag: { name: 'data-dir', value: 'dir' },
    env: 'TOKENS_DATA_DIR',
    default: './.token-server-data',
    description: 'Where the mirror of `--remote` is kept (reused across restarts).',
    parse: parsePath,
  }),
  // No flag, like the metrics token.
  webhookSecret: defineOption({
    env: 'TOKENS_WEBHOOK_SECRET',
    whenUnset: 'none (route off)',
    description: 'Shared secret of `POST /api/v1/sync` (GitHub `X-Hub-Signature-256` HMAC or GitLab `X-Gitlab-Token`). Environment only.',
    parse: parseTrimmed,
  }),
  revisionCacheBytes: defineOption({
    flag: { name: 'revision-cache-mb', value: 'n' },
    env: 'TOKENS_REVISION_CACHE_MB',
    default: '128',
    description: 'Memory bound of the cache of revisions built for `?ref=`.',
    parse: parseMegabytesAsBytes,
  }),
  redisUrl: defineOption({
    flag: { name: 'redis-url', value: 'url' },
    env: 'TOKENS_REDIS_URL',
    whenUnset: 'none (each replica fetches on its own)',
    description:
      'With `--remote`: replicas share each new commit over this Redis (pub/sub), so all of them serve a push within about a second. Put a URL with a password in the environment, not a flag.',
    parse: parseRedisUrl,
  }),
};
