import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** Server settings: each from a flag, else an environment variable, else its default. */
export interface ServeConfig {
  readonly source: string;
  readonly keys: string;
  readonly port: number;
  readonly host: string;
  readonly logLevel: string;
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
  };
}
