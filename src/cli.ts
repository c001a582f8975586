#!/usr/bin/env node
import { parseServeConfig } from './config.js';
import { startServer } from './serve.js';

const USAGE = `Usage: token-server <command> [options]

Commands:
  serve      Serve the design systems over HTTP (what \`npm start\` runs)

Run \`token-server serve --help\` for the options of a command.`;

async function main(argv: readonly string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': {
      const config = parseServeConfig(rest, process.env);
      const server = await startServer(config);
      const stop = (signal: string): void => {
        server.app.log.info({ signal }, 'shutting down');
        void server.close().then(() => process.exit(0));
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      return -1;
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
    process.exitCode = 1;
  },
);
