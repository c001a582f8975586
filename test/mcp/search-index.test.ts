import { describe, expect, it } from 'vitest';
import { searchTokens } from '../../src/mcp/tools/search-tokens.js';
import type { SearchTokensInput } from '../../src/mcp/tools/search-tokens.js';
import { compileExample } from '../helpers/fixtures.js';
import { bruteForceSearchTokens } from './brute-force-search.js';

const QUERIES = [
  '',
  'text',
  'brand primary',
  'BrandPrimary',
  'bg',
  'a',
  'color',
  'e',
  'zz',
  'hover 7',
  'focus-ring',
  'deprecated',
  'xyzzy',
  'on primary',
];

describe('search_tokens over the trigram index', () => {
  it.each(['acme', 'acme-docs', 'harbor'])('answers %s exactly as the brute force did', async (slug) => {
    const system = await compileExample(slug);
    const words = new Set(system.tokens.flatMap((token) => [...token.key.split('.'), ...(token.description?.split(' ').slice(-2) ?? [])]));
    for (const query of [...QUERIES, ...words])
      for (const input of [
        { query, limit: 1 },
        { query, limit: 25 },
        { query, limit: 1000, includePrimitives: true },
        { query, limit: 5, type: 'color' },
      ] satisfies SearchTokensInput[])
        expect(searchTokens(system, input), JSON.stringify(input)).toEqual(bruteForceSearchTokens(system, input));
  });
});
