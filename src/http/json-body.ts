import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';
import { LIMITS } from './protections.js';

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON text nests objects and arrays deeper than `limit`, counted in one pass without recursion (brackets
 * inside strings do not count). Malformed text is left to the parser: only the depth is judged here.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) inString = true;
    else if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) depth -= 1;
  }
  return false;
}

/**
 * Replaces Fastify's `application/json` parser with the same parser (prototype poisoning refused) behind a nesting
 * check: a body deeper than `LIMITS.maxBodyDepth` answers 400 `body_too_deep` before anything walks it (a 20,000-deep
 * body overflowed the stack of what walks parsed bodies, a 500).
 */
export function parseJsonBodiesWithDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, LIMITS.maxBodyDepth))
      return done(
        new ApiError('body_too_deep', `The JSON body nests objects and arrays deeper than ${LIMITS.maxBodyDepth} levels.`),
        undefined,
      );
    return parse(request, text, done);
  });
}
