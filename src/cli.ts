#!/usr/bin/env node
import { parseServeConfig } from './config.js';
import { USAGE_EXIT_CODE, UsageError } from './cli/usage-error.js';

const USAGE = `Usage: token-server <command> [options]

Commands:
  serve      Serve the design systems over HTTP (what \`npm start\` runs)
  validate   Check the design systems (and keys) and print every problem
  keys       Create, list and revoke API keys in keys.yaml

Run \`token-server serve --help\` for the options of a command.`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      const config = parseServeConfig(rest, process.env);
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
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    default:
      console.error(`Unknown command \`${command}\`.\n\n${USAGE}`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`token-server: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = error instanceof UsageError ? USAGE_EXIT_CODE : 1;
  },
);
