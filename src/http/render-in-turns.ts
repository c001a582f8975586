import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { toRendered, toRenderedHashed } from '../views/shared/rendered.js';
import type { Rendered } from '../views/shared/rendered.js';

/**
 * A body made of `parts` (a view's text, a bounded piece per function): at once when it has one part, else one part
 * per turn of the event loop, each hashed as it is made, so requests are answered between the parts of a large body.
 * The bytes are the parts joined.
 */
export function renderInTurns(parts: readonly (() => string)[], contentType: string): Rendered | Promise<Rendered> {
  if (parts.length <= 1) return toRendered(parts[0]?.() ?? '', contentType);
  return renderEachInATurn(parts, contentType);
}

async function renderEachInATurn(parts: readonly (() => string)[], contentType: string): Promise<Rendered> {
  const hash = createHash('sha256');
  const buffers: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    if (index > 0) await nextTurn();
    const bytes = Buffer.from(part(), 'utf8');
    hash.update(bytes);
    buffers.push(bytes);
  }
  return toRenderedHashed(Buffer.concat(buffers), hash.digest(), contentType);
}
