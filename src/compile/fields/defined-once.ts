import { describePosition } from '../diagnostics/message-text.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import type { SourcePosition } from '../types.js';

/**
 * Whether `key` was already defined (reported as `duplicate-key` at `pos`, naming the first definition); otherwise
 * records `pos` as its definition. `what` names the thing in the message (`token \`a.b\``).
 */
export function isDefinedBefore<Key>(
  definedAt: Map<Key, SourcePosition>,
  key: Key,
  pos: SourcePosition,
  what: string,
  report: Report,
): boolean {
  const first = definedAt.get(key);
  if (first === undefined) {
    definedAt.set(key, pos);
    return false;
  }
  report(pos, 'duplicate-key', `${what} is already defined at ${describePosition(first)}`);
  return true;
}
