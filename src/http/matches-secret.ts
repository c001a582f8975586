import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a presented secret (a token, a signature) equals the expected one, in constant time: both are hashed first,
 * so the time taken shows neither where they differ nor how long the expected one is.
 */
export function matchesSecret(presented: string, expected: string): boolean {
  return timingSafeEqual(sha256(presented), sha256(expected));
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
