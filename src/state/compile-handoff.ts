import { setImmediate as nextTurn } from 'node:timers/promises';
import { deserialize, serialize } from 'node:v8';
import type { CompileResult } from '../compile/compile-design-system.js';
import { itemAt } from '../compile/checked-access.js';
import { deepFreeze } from '../compile/deep-freeze.js';
import type { CompiledDesignSystem, Token } from '../compile/types.js';
import { sameToken } from './equality.js';
import { handoffSliceSize, joinScales, sliceScales } from './system-slices.js';
import type { ScaleRun } from './system-slices.js';

/**
 * A compile result as it crosses from the worker to the main thread. What the main thread already has is sent as a
 * reference: the whole system when its content did not change, else each unchanged token as its index in the
 * previous system's token list. The tokens and the scales' steps (a color per mode each) go as slices of bytes
 * (`v8.serialize`), which the message itself does not copy into objects: the main thread turns them into objects one
 * slice per turn (`unpackCompileResult`).
 */
export type PackedCompileResult =
  | { readonly kind: 'full'; readonly result: CompileResult }
  | { readonly kind: 'same'; readonly diagnostics: CompileResult['diagnostics'] }
  | {
      readonly kind: 'sliced';
      readonly system: Omit<CompiledDesignSystem, 'tokens' | 'scales'>;
      /** The tokens in order, a slice at a time: a number is the index of an equal token in the previous system's list. */
      readonly slices: readonly Uint8Array[];
      /** The scales in order, a slice of runs of steps at a time (`sliceScales`). */
      readonly scaleSlices: readonly Uint8Array[];
      readonly diagnostics: CompileResult['diagnostics'];
    };

/** The result to send, given the system the main thread holds now (`base`, when the worker knows it too). */
export function packCompileResult(result: CompileResult, base: CompiledDesignSystem | undefined): PackedCompileResult {
  const system = result.system;
  if (system === undefined) return { kind: 'full', result };
  if (system.contentHash === base?.contentHash) return { kind: 'same', diagnostics: result.diagnostics };
  const baseIndex = new Map(base?.tokens.map((token, index) => [token.key, index]));
  const tokens = system.tokens.map((token) => {
    const index = baseIndex.get(token.key);
    return index !== undefined && base !== undefined && sameToken(itemAt(base.tokens, index), token) ? index : token;
  });
  const perSlice = handoffSliceSize(system.modes.length);
  const slices: Uint8Array[] = [];
  for (let start = 0; start < tokens.length; start += perSlice) slices.push(serialize(tokens.slice(start, start + perSlice)));
  const scaleSlices = sliceScales(system.scales, perSlice).map((runs) => serialize(runs));
  const { tokens: _tokens, scales: _scales, ...rest } = system;
  return { kind: 'sliced', system: rest, slices, scaleSlices, diagnostics: result.diagnostics };
}

/**
 * The full result again, its tokens and scales frozen, reusing the (frozen) objects of `base`, the system the job was sent with.
 * Reads one slice of tokens per turn of the event loop, so requests are answered between slices.
 */
export async function unpackCompileResult(packed: PackedCompileResult, base: CompiledDesignSystem | undefined): Promise<CompileResult> {
  if (packed.kind === 'full') return packed.result;
  const missingBase = () => new Error('a compile result refers to a previous version the main thread does not have');
  if (packed.kind === 'same') {
    if (base === undefined) throw missingBase();
    return { system: base, diagnostics: packed.diagnostics };
  }
  const tokens: Token[] = [];
  for (const [index, slice] of packed.slices.entries()) {
    if (index > 0) await nextTurn();
    for (const token of deserialize(slice) as (number | Token)[]) {
      if (typeof token !== 'number') tokens.push(deepFreeze(token));
      else if (base === undefined) throw missingBase();
      else tokens.push(itemAt(base.tokens, token));
    }
  }
  const runs: ScaleRun[] = [];
  for (const slice of packed.scaleSlices) {
    await nextTurn();
    for (const run of deserialize(slice) as ScaleRun[]) runs.push({ key: run.key, steps: run.steps.map(deepFreeze) });
  }
  const scales = joinScales(runs).map((scale) => Object.freeze({ key: scale.key, steps: Object.freeze(scale.steps) }));
  return { system: { ...packed.system, tokens, scales: Object.freeze(scales) }, diagnostics: packed.diagnostics };
}
