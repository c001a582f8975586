import type { CompiledDesignSystem, Token } from '../../compile/types.js';
import { renderToken } from '../../views/api/api-views.js';
import { referencedBy, tokensByKey, valuesAtBreakpoints, valuesByMode } from '../token-index.js';
import { tokenUsage } from './token-usage.js';
import type { TokenUsage } from './token-usage.js';

/** What `get_token` answers. */
export interface GetTokenAnswer {
  readonly designSystem: string;
  /** Exactly `data` of `GET /api/v1/tokens/<path>`: key, type, value as written, per-mode fields, deprecation, references and their chains. */
  readonly token: ReturnType<typeof renderToken>['data'];
  readonly description?: string;
  /** The resolved value in every mode, as the JSON export writes it. */
  readonly values: Record<string, string>;
  /**
   * Only when the design system declares breakpoints and the value differs at one of them: per breakpoint, the value
   * in every mode there (`values` is the value below the first breakpoint).
   */
  readonly valuesAtBreakpoints?: Record<string, Record<string, string>>;
  /** The tokens whose value names this one, in any mode. */
  readonly referencedBy: readonly string[];
  readonly usage: TokenUsage;
}

/**
 * `get_token`: one token as the API serves it, its value in every mode, who references it and how to use it in
 * each output format; undefined when the design system has no such token.
 * @example getToken(acme, 'color.brand.primary') // { designSystem: 'acme', token: { key: 'color.brand.primary', type: 'color', value: { scale: 'blue', step: 600, darkStep: 400 } }, values: { light: '#2563EB', dark: '#60A5FA' }, referencedBy: [...], usage: {...} }
 */
export function getToken(system: CompiledDesignSystem, key: string): GetTokenAnswer | undefined {
  const index = tokensByKey(system);
  const token: Token | undefined = index.get(key);
  if (token === undefined) return undefined;
  return {
    designSystem: system.meta.slug,
    token: renderToken(token, index).data,
    ...(token.description === undefined ? {} : { description: token.description }),
    values: valuesByMode(system, token),
    ...valuesAtBreakpoints(system, token),
    referencedBy: referencedBy(system).get(key) ?? [],
    usage: tokenUsage(system, token),
  };
}
