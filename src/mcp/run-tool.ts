import type { CompiledDesignSystem } from '../compile/types.js';
import { diffDesignSystems, renderDiff } from '../views/diff/diff-design-systems.js';
import type { DiffSide } from '../views/diff/diff-design-systems.js';
import { renderDiffMarkdown } from '../views/diff/diff-markdown.js';
import { findTokenForValue } from './tools/find-token-for-value.js';
import type { SoughtValue } from './tools/find-token-for-value.js';
import { getToken } from './tools/get-token.js';
import { searchTokens } from './tools/search-tokens.js';
import type { SearchTokensInput } from './tools/search-tokens.js';

/** A tool call whose first answer about a design system derives whole-system indexes: what may run off the main thread. */
export type SystemToolJob =
  | { readonly tool: 'get_token'; readonly key: string }
  | { readonly tool: 'search_tokens'; readonly input: SearchTokensInput }
  | { readonly tool: 'find_token_for_value'; readonly query: SoughtValue; readonly limit: number }
  /** The diff from `before` (the other system of the call) to the system. */
  | { readonly tool: 'diff_revisions'; readonly from: DiffSide; readonly to: DiffSide }
  /** `GET /api/v1/diff`'s body as text: the JSON (with its newline) or the Markdown. */
  | { readonly tool: 'diff_text'; readonly from: DiffSide; readonly to: DiffSide; readonly markdown: boolean };

/**
 * The answer of one such tool call (undefined: `get_token` found no such token), the same on any thread; `before` is
 * the older side of `diff_revisions`.
 * @example runSystemTool(acme, { tool: 'get_token', key: 'color.brand.primary' }) // { designSystem: 'acme', token: {...}, ... }
 */
export function runSystemTool(system: CompiledDesignSystem, job: SystemToolJob, before?: CompiledDesignSystem): unknown {
  switch (job.tool) {
    case 'get_token':
      return getToken(system, job.key);
    case 'search_tokens':
      return searchTokens(system, job.input);
    case 'find_token_for_value':
      return findTokenForValue(system, job.query, job.limit);
    case 'diff_revisions':
      if (before === undefined) throw new Error('diff_revisions needs the design system it diffs from');
      return renderDiff(job.from, job.to, diffDesignSystems(before, system));
    case 'diff_text': {
      if (before === undefined) throw new Error('a diff needs the design system it diffs from');
      const diff = diffDesignSystems(before, system);
      return job.markdown
        ? renderDiffMarkdown({ system: system.meta, from: job.from, to: job.to, diff })
        : `${JSON.stringify(renderDiff(job.from, job.to, diff))}\n`;
    }
  }
}
