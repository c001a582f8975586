import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

/** A mistake in how a command was called (unknown flag, missing value, unreadable path): exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Exit status of a command that could not run as called. */
export const USAGE_EXIT_CODE = 2;

/** `parseArgs` (strict) whose failures become a UsageError with Node's plain message. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(args: readonly string[], options: T, allowPositionals: boolean) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}
