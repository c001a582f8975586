#!/usr/bin/env node
import { parseServeConfig } from './config.js';
import type { ServeConfig } from './config.js';
import { EXIT_FAILED, EXIT_OK, EXIT_STATUS_HELP, EXIT_USAGE } from './cli/exit-status.js';
import { requireFolder, UsageError } from './cli/usage-error.js';

const USAGE = `Usage: token-server <command> [options]

Commands:
  serve      Serve the design systems over HTTP (what \`npm start\` runs)
  validate   Check the design systems (and keys) and print every problem
  keys       Create, list and revoke API keys in keys.yaml

Run \`token-server <command> --help\` for the options of a command.

${EXIT_STATUS_HELP}`;

const SERVE_USAGE = `Usage: token-server serve [options]

Serves the design systems over HTTP. Every option also reads an environment variable (in brackets); the flag wins.

  --source <dir>              Design systems folder [TOKENS_SOURCE] (default ./design-systems)
  --keys <file>               API keys file [TOKENS_KEYS] (default ./keys.yaml)
  --port <n>                  TCP port [PORT] (default 3000)
  --host <address>            Interface [HOST] (default 127.0.0.1)
  --log-level <level>         fatal|error|warn|info|debug|trace|silent [LOG_LEVEL] (default info)
  --cors-origins <list>       Allowed browser origins, comma-separated, or * [TOKENS_CORS_ORIGINS] (default none)
  --rate-limit <n>            Requests per minute per key, 0 = off [TOKENS_RATE_LIMIT] (default 600)
  --auth-failure-limit <n>    Failed authentications per minute per address [TOKENS_AUTH_FAILURE_LIMIT] (default 30)
  --trust-proxy <value>       true|false|hops|addresses [TOKENS_TRUST_PROXY] (default false)
  --max-connections <n>       Open connections at most [TOKENS_MAX_CONNECTIONS] (default 10000)
  --shutdown-timeout <s>      Seconds to drain on SIGTERM [TOKENS_SHUTDOWN_TIMEOUT] (default 10)
  --remote <url>              Follow this Git repository instead of a work tree [TOKENS_REMOTE]
  --branch <name>             Branch of --remote [TOKENS_BRANCH] (default: the remote's default)
  --remote-path <dir>         Design systems folder inside --remote [TOKENS_REMOTE_PATH] (default design-systems)
  --sync-interval <s>         Seconds between fetches of --remote [TOKENS_SYNC_INTERVAL] (default 30)
  --data-dir <dir>            Where the mirror of --remote is kept [TOKENS_DATA_DIR] (default ./.token-server-data)
  --revision-cache-mb <n>     Memory for revisions built for ?ref= [TOKENS_REVISION_CACHE_MB] (default 128)

Environment only: TOKENS_METRICS_TOKEN (bearer token of /metrics), TOKENS_WEBHOOK_SECRET (POST /api/v1/sync).

${EXIT_STATUS_HELP}`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      if (rest.includes('--help') || rest.includes('-h')) {
        console.log(SERVE_USAGE);
        return EXIT_OK;
      }
      const config = await readServeConfig(rest);
      // Loaded on demand so `validate` and `keys` start without Fastify.
      const { closeOnSignals, startServer } = await import('./serve.js');
      closeOnSignals(await startServer(config), config.shutdownTimeoutMs);
      return -1;
    }
    case 'validate': {
      const { runValidate } = await import('./cli/validate.js');
      return runValidate(rest, process.cwd(), Date.now());
    }
    case 'keys': {
      const { runKeys } = await import('./cli/keys.js');
      return runKeys(rest, process.cwd(), process.env, Date.now());
    }
    case undefined:
      console.error(USAGE);
      return EXIT_USAGE;
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return EXIT_OK;
    default:
      console.error(`token-server: unknown command \`${command}\` (expected serve, validate or keys)\n\n${USAGE}`);
      return EXIT_USAGE;
  }
}

/** The settings of `serve`; a bad flag or environment value, or a source folder that is not there, is a usage error. */
async function readServeConfig(args: readonly string[]): Promise<ServeConfig> {
  let config: ServeConfig;
  try {
    config = parseServeConfig(args, process.env);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  if (config.remote === undefined) await requireFolder(config.source, config.source, 'source folder');
  return config;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`token-server: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = error instanceof UsageError ? EXIT_USAGE : EXIT_FAILED;
  },
);
