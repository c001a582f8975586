import type { WrittenValue } from './types.js';

/**
 * Narrowing helpers for values whose type the program does not know (a parsed body, a caught error), shared by every
 * layer like `checked-access.ts`: each checks at run time what a cast would only have claimed.
 */

/** Whether `value` is a plain object (not `null`, not an array), its fields still unknown. */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The string `code` of a caught error (`ENOENT`, `ENOSPC`), or `undefined` when it has none. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The message of a caught error: its `message` when it is an Error, else the thrown value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A caught value as an Error: the Error itself, or an Error whose message is the thrown value as text (and `cause` it). */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error), { cause: error });
}

/** Whether `value` is made of JSON values only (strings, numbers, booleans, null, lists and records of them). */
export function isWrittenValue(value: unknown): value is WrittenValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string') return true;
  if (Array.isArray(value)) return value.every(isWrittenValue);
  return isWrittenRecord(value);
}

/** Whether `value` is a record of JSON values (see `isWrittenValue`). */
export function isWrittenRecord(value: unknown): value is Readonly<Record<string, WrittenValue>> {
  return isRecord(value) && Object.values(value).every(isWrittenValue);
}

/** `Array.isArray` for a written value: narrows to its list (`Array.isArray` does not narrow a readonly array type). */
export function isWrittenList(value: WrittenValue | undefined): value is readonly WrittenValue[] {
  return Array.isArray(value);
}
