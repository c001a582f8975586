import type { SourcePosition } from '../types.js';

/** `file:line:column`, how a message points at another place (a first definition). */
export function describePosition(pos: SourcePosition): string {
  return `${pos.file}:${pos.line}:${pos.column}`;
}

/** A value as a message shows what was written: JSON, cut to 60 characters; `nothing` when it is missing. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? typeof value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
