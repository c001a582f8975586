import { describePosition } from '../diagnostics/message-text.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import type { SourcePosition } from '../types.js';

/**
 * Whether `key` was already defined (reported as `duplicate-key` at `pos`, naming the first definition); otherwise
 * records `pos` as its definition. `describe` names the thing in the message (`token \`a.b\``): a function, so that
 * the name is written only for a duplicate, not for each of 10,000 keys defined once.
 */
export function isDefinedBefore<Key>(
  definedAt: Map<Key, SourcePosition>,
  key: Key,
  pos: SourcePosition,
  describe: (key: Key) => string,
  report: Report,
): boolean {
  const first = definedAt.get(key);
  if (first === undefined) {
    definedAt.set(key, pos);
    return false;
  }
  reportDuplicate(key, pos, first, describe, report);
  return true;
}

/**
 * Reports `key`, defined again at `pos`, as `duplicate-key`, naming its first definition at `first`. Apart from
 * {@link isDefinedBefore}, so that the scope its message keeps is made only for a duplicate.
 */
export function reportDuplicate<Key>(
  key: Key,
  pos: SourcePosition,
  first: SourcePosition,
  describe: (key: Key) => string,
  report: Report,
): void {
  report(pos, 'duplicate-key', () => `${describe(key)} is already defined at ${describePosition(first)}`);
}
