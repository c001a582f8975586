import type { CompileResult } from '../compile/compile-design-system.js';
import type { CompiledDesignSystem, Token } from '../compile/types.js';
import { sameToken } from './equality.js';

/**
 * A compile result as it crosses from the worker to the main thread. Structured clone copies everything it is given
 * (about 1.1 MB for 10,000 tokens, tens of ms to deserialise and freeze), so what the main thread already has is
 * sent as a reference: the whole system when its content did not change, else each unchanged token as its index
 * in the previous system's token list.
 */
export type PackedCompileResult =
  | { readonly kind: 'full'; readonly result: CompileResult }
  | { readonly kind: 'same'; readonly diagnostics: CompileResult['diagnostics'] }
  | {
      readonly kind: 'patch';
      readonly system: Omit<CompiledDesignSystem, 'tokens'>;
      /** The tokens in order: a number is the index of an equal token in the previous system's list. */
      readonly tokens: readonly (number | Token)[];
      readonly diagnostics: CompileResult['diagnostics'];
    };

/** The result to send, given the system the main thread holds now (`base`, when the worker knows it too). */
export function packCompileResult(result: CompileResult, base: CompiledDesignSystem | undefined): PackedCompileResult {
  const system = result.system;
  if (system === undefined || base === undefined) return { kind: 'full', result };
  if (system.contentHash === base.contentHash) return { kind: 'same', diagnostics: result.diagnostics };
  const baseIndex = new Map(base.tokens.map((token, index) => [token.key, index]));
  const tokens = system.tokens.map((token) => {
    const index = baseIndex.get(token.key);
    return index !== undefined && sameToken(base.tokens[index] as Token, token) ? index : token;
  });
  const { tokens: _tokens, ...rest } = system;
  return { kind: 'patch', system: rest, tokens, diagnostics: result.diagnostics };
}

/** The full result again, reusing the (frozen) objects of `base`, the system the job was sent with. */
export function unpackCompileResult(packed: PackedCompileResult, base: CompiledDesignSystem | undefined): CompileResult {
  if (packed.kind === 'full') return packed.result;
  if (base === undefined) throw new Error('a compile result refers to a previous version the main thread does not have');
  if (packed.kind === 'same') return { system: base, diagnostics: packed.diagnostics };
  const tokens = packed.tokens.map((token) => (typeof token === 'number' ? (base.tokens[token] as Token) : token));
  return { system: { ...packed.system, tokens }, diagnostics: packed.diagnostics };
}
