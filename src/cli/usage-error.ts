import { stat } from 'node:fs/promises';
import { parseCommandLine } from '../config/parse-command-line.js';
import type { CommandLine, CommandOptions } from '../config/parse-command-line.js';

/** A mistake in how a command was called (unknown flag, missing or bad value, a path that does not exist): exit status 2 (`EXIT_USAGE`). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The command line of `command` (`validate`, `keys create`), strictly; a mistake is a UsageError saying what to type. */
export function parseCommandArgs<Options extends CommandOptions>(
  args: readonly string[],
  options: Options,
  allowPositionals: boolean,
  command = 'this command',
): CommandLine<Options> {
  try {
    return parseCommandLine(command, args, options, allowPositionals);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Refuses to go on (a UsageError) unless `path` is a folder; `shown` is the path as the user wrote it. */
export async function requireFolder(path: string, shown: string, what: string): Promise<void> {
  const found = await stat(path).catch(() => undefined);
  if (!found?.isDirectory()) throw new UsageError(`${what} ${shown} does not exist or is not a folder`);
}
