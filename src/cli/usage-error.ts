import { stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

/** A mistake in how a command was called (unknown flag, missing or bad value, a path that does not exist): exit status 2 (`EXIT_USAGE`). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** `parseArgs` (strict) whose failures become a UsageError with Node's plain message. */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  args: readonly string[],
  options: T,
  allowPositionals: boolean,
) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Refuses to go on (a UsageError) unless `path` is a folder; `shown` is the path as the user wrote it. */
export async function requireFolder(path: string, shown: string, what: string): Promise<void> {
  const found = await stat(path).catch(() => undefined);
  if (!found?.isDirectory()) throw new UsageError(`${what} ${shown} does not exist or is not a folder`);
}
