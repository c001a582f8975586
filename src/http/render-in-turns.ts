import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { toRendered, toRenderedHashed } from '../views/rendered.js';
import type { Rendered } from '../views/rendered.js';

/**
 * A body made of `parts` (a view that yields its text a bounded piece at a time): at once when it has one part, else
 * one part per turn of the event loop, each hashed as it comes, so requests are answered between the parts of a
 * large body. The bytes are the parts joined.
 */
export function renderInTurns(parts: Iterable<string>, contentType: string): Rendered | Promise<Rendered> {
  const iterator = parts[Symbol.iterator]();
  const first = iterator.next();
  if (first.done === true) return toRendered('', contentType);
  const second = iterator.next();
  if (second.done === true) return toRendered(first.value, contentType);
  return renderRest(iterator, [first.value, second.value], contentType);
}

async function renderRest(iterator: Iterator<string>, made: readonly string[], contentType: string): Promise<Rendered> {
  const hash = createHash('sha256');
  const buffers: Buffer[] = [];
  const add = (text: string): void => {
    const bytes = Buffer.from(text, 'utf8');
    hash.update(bytes);
    buffers.push(bytes);
  };
  for (const text of made) add(text);
  for (;;) {
    await nextTurn();
    const next = iterator.next();
    if (next.done === true) break;
    add(next.value);
  }
  return toRenderedHashed(Buffer.concat(buffers), hash.digest(), contentType);
}
