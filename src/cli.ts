#!/usr/bin/env node
import { parseServeConfig } from './config.js';
import type { ServeConfig } from './config.js';
import { renderServeOptionsHelp } from './config/render-serve-options.js';
import { COMMANDS } from './cli/commands.js';
import { EXIT_FAILED, EXIT_OK, EXIT_STATUS_HELP, EXIT_USAGE } from './cli/exit-status.js';
import { requireFolder, UsageError } from './cli/usage-error.js';
import { didYouMean } from './compile/diagnostics/suggest.js';

const COMMAND_NAMES = COMMANDS.map((command) => command.name);

const USAGE = `Usage: token-server <command> [options]

Commands:
${COMMANDS.map(({ name, summary }) => `  ${name.padEnd(10)} ${summary}`).join('\n')}

Run \`token-server <command> --help\` for the options of a command.

${EXIT_STATUS_HELP}`;

const SERVE_USAGE = `Usage: token-server serve [options]

Serves the design systems over HTTP. Every option also reads an environment variable (in brackets); the flag wins.

${renderServeOptionsHelp()}

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
    case 'import': {
      const { runImport } = await import('./cli/import.js');
      return runImport(rest, process.cwd());
    }
    case 'build': {
      const { runBuild } = await import('./cli/build.js');
      return runBuild(rest, process.cwd());
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
      console.error(
        `token-server: unknown command \`${command}\`${didYouMean(command, COMMAND_NAMES)} (expected ${listed(COMMAND_NAMES)})\n\n${USAGE}`,
      );
      return EXIT_USAGE;
  }
}

/** `a, b or c`. */
function listed(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) as string}`;
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
