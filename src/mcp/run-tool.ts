import type { CompiledDesignSystem } from '../compile/types.js';
import { findTokenForValue } from './tools/find-token-for-value.js';
import type { SoughtValue } from './tools/find-token-for-value.js';
import { getToken } from './tools/get-token.js';
import { searchTokens } from './tools/search-tokens.js';
import type { SearchTokensInput } from './tools/search-tokens.js';

/** A tool call whose first answer about a design system derives whole-system indexes: what may run off the main thread. */
export type SystemToolJob =
  | { readonly tool: 'get_token'; readonly key: string }
  | { readonly tool: 'search_tokens'; readonly input: SearchTokensInput }
  | { readonly tool: 'find_token_for_value'; readonly query: SoughtValue; readonly limit: number };

/**
 * The answer of one such tool call (undefined: `get_token` found no such token), the same on any thread.
 * @example runSystemTool(acme, { tool: 'get_token', key: 'color.brand.primary' }) // { designSystem: 'acme', token: {...}, ... }
 */
export function runSystemTool(system: CompiledDesignSystem, job: SystemToolJob): unknown {
  switch (job.tool) {
    case 'get_token':
      return getToken(system, job.key);
    case 'search_tokens':
      return searchTokens(system, job.input);
    case 'find_token_for_value':
      return findTokenForValue(system, job.query, job.limit);
  }
}
