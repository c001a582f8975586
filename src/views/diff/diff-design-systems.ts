import { sameRgba } from '../../compile/values/parse-color.js';
import { sameTypedValue, sameValueByStructure, typedValueOfPrimitive } from '../../compile/fields/typed-values.js';
import { isPrimitiveType } from '../../compile/types.js';
import { contrastRegressions, declaresContrast } from './contrast-regressions.js';
import type { ContrastRegression } from './contrast-regressions.js';
import type { CompiledDesignSystem, ModeValues, Primitive, Rgba, Scale, Token, TypedValue } from '../../compile/types.js';
import { compareKeys } from '../../compile/diagnostics/sort-order.js';
import { formatCssValue, formatHex } from '../shared/css-values.js';
import { perSystem } from '../shared/system-memo.js';
import { mapValueAt, valueAt } from '../../compile/checked-access.js';

/**
 * How much a change can break a consumer: `major` (a token, scale, scale step, primitive or mode removed, or a token
 * retyped), `minor` (something added, a mode included, nothing removed or retyped), `patch` (only values changed), `none`.
 */
export type ChangeLevel = 'major' | 'minor' | 'patch' | 'none';

/**
 * A token's resolved values as the diff shows them, as the CSS export writes them: `dark` is null when it equals
 * light; `modes` has the value in each further mode of that side's design system, when it has any.
 */
export interface DiffValue {
  readonly light: string;
  readonly dark: string | null;
  readonly modes?: Readonly<Record<string, string>>;
}

/** A scale step's colors as the diff shows them; `modes` has the color in each further mode of that side's design system, when it has any. */
export interface DiffStepColors {
  readonly light: string;
  readonly dark: string;
  readonly modes?: Readonly<Record<string, string>>;
}

export interface TokenEntry {
  readonly key: string;
  readonly type: string;
  readonly value: DiffValue;
}

export interface TokenChange {
  readonly key: string;
  readonly type: string;
  readonly from: DiffValue;
  readonly to: DiffValue;
  /** The tokens whose value changed only because they refer to this one (directly or through others); absent when none. */
  readonly affects?: readonly string[];
}

/** A token that became deprecated (or whose deprecation changed), with its deprecation. */
export interface TokenDeprecation {
  readonly key: string;
  readonly deprecated: NonNullable<Token['deprecated']>;
}

export interface TokenRetype {
  readonly key: string;
  readonly from: { readonly type: string; readonly value: DiffValue };
  readonly to: { readonly type: string; readonly value: DiffValue };
}

export interface ScaleStepChange {
  readonly step: number;
  readonly from: DiffStepColors;
  readonly to: DiffStepColors;
}

export interface ScaleChange {
  readonly key: string;
  readonly stepsAdded: readonly number[];
  readonly stepsRemoved: readonly number[];
  readonly stepsChanged: readonly ScaleStepChange[];
}

export interface PrimitiveEntry {
  readonly type: string;
  readonly key: string;
  readonly value: number | string;
  readonly unit: string | null;
}

export interface PrimitiveChange {
  readonly type: string;
  readonly key: string;
  readonly from: { readonly value: number | string; readonly unit: string | null };
  readonly to: { readonly value: number | string; readonly unit: string | null };
}

/** Everything that differs between two versions of one design system; every list sorted by key. */
export interface DesignSystemDiff {
  readonly level: ChangeLevel;
  readonly tokens: {
    readonly added: readonly TokenEntry[];
    readonly removed: readonly TokenEntry[];
    readonly changed: readonly TokenChange[];
    readonly retyped: readonly TokenRetype[];
    /** Tokens deprecated in `to` that were not (or not so) in `from`; absent when none is. */
    readonly deprecated?: readonly TokenDeprecation[];
  };
  readonly scales: {
    readonly added: readonly string[];
    readonly removed: readonly string[];
    readonly changed: readonly ScaleChange[];
  };
  readonly primitives: {
    readonly added: readonly PrimitiveEntry[];
    readonly removed: readonly PrimitiveEntry[];
    readonly changed: readonly PrimitiveChange[];
  };
  /**
   * Declared contrast pairs that pass in `from` and fail in `to`, per mode; only when either side has a `contrast`
   * section. Any regression makes the level `major`: it breaks a promise the design system wrote down.
   */
  readonly contrastRegressions?: readonly ContrastRegression[];
}

/** The further modes of a design system (beyond light and dark), in declaration order. */
const furtherModeNames = (system: CompiledDesignSystem): readonly string[] => system.modes.slice(2).map((mode) => mode.name);

function diffValue(resolved: ModeValues<TypedValue>, further: readonly string[]): DiffValue {
  const light = formatCssValue(resolved.light);
  const dark = sameTypedValue(resolved.dark, resolved.light) ? null : formatCssValue(resolved.dark);
  if (further.length === 0) return { light, dark };
  return { light, dark, modes: Object.fromEntries(further.map((mode) => [mode, formatCssValue(valueAt(resolved, mode))])) };
}

function stepColors(colors: ModeValues<Rgba>, further: readonly string[]): DiffStepColors {
  const shown = { light: formatHex(colors.light), dark: formatHex(colors.dark) };
  if (further.length === 0) return shown;
  return { ...shown, modes: Object.fromEntries(further.map((mode) => [mode, formatHex(valueAt(colors, mode))])) };
}

/** Whether two values per mode are the same in every mode either has (a mode only one side has is a change). */
function sameInEveryMode<Value>(a: ModeValues<Value>, b: ModeValues<Value>, same: (x: Value, y: Value) => boolean): boolean {
  const modes = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const mode of modes) {
    const [x, y] = [a[mode], b[mode]];
    if (x === undefined || y === undefined || !same(x, y)) return false;
  }
  return true;
}
const byKey = <T extends { key: string }>(items: readonly T[]): Map<string, T> => new Map(items.map((item) => [item.key, item]));

/**
 * What changed from `from` to `to`, compared on resolved values (a token moved from an inline value to an equal
 * primitive has not changed), descriptions ignored, and the change level.
 * @example diffDesignSystems(before, after) // { level: 'minor', tokens: { added: [{ key: 'color.brand.tertiary', type: 'color', value: { light: '#7C3AED', dark: '#A78BFA' } }], removed: [], changed: [], retyped: [] }, scales: {...}, primitives: {...} }
 */
export function diffDesignSystems(from: CompiledDesignSystem, to: CompiledDesignSystem): DesignSystemDiff {
  const remembered = diffsFrom(from);
  let diff = remembered.get(to);
  if (diff === undefined) {
    diff = compareSystems(from, to);
    remembered.set(to, diff);
  }
  return diff;
}

/** The diff of each `to` against a `from`, kept while both live: `/diff`'s JSON and Markdown of two sides ask alike. */
const diffsFrom = perSystem(() => new WeakMap<CompiledDesignSystem, DesignSystemDiff>());

function compareSystems(from: CompiledDesignSystem, to: CompiledDesignSystem): DesignSystemDiff {
  const modes = { from: furtherModeNames(from), to: furtherModeNames(to) };
  const tokens = diffTokens(from.tokens, to.tokens, modes);
  const scales = diffScales(from.scales, to.scales, modes);
  const primitives = diffPrimitives(from.primitives, to.primitives);
  // A mode taken away breaks whoever selects it (`[data-theme="<mode>"]`, `modes[<mode>]`, `ModeName`); one added does not.
  const modesRemoved = modes.from.filter((mode) => !modes.to.includes(mode)).length;
  const modesAdded = modes.to.filter((mode) => !modes.from.includes(mode)).length;
  const removed = tokens.removed.length + tokens.retyped.length + scales.removed.length + primitives.removed.length + modesRemoved;
  const stepsRemoved = scales.changed.some((scale) => scale.stepsRemoved.length > 0);
  const added =
    tokens.added.length +
    scales.added.length +
    primitives.added.length +
    modesAdded +
    scales.changed.filter((scale) => scale.stepsAdded.length > 0).length;
  const changed =
    tokens.changed.length + primitives.changed.length + scales.changed.filter((scale) => scale.stepsChanged.length > 0).length;
  const regressions = declaresContrast(from, to) ? contrastRegressions(from, to) : undefined;
  const broken = removed > 0 || stepsRemoved || (regressions?.length ?? 0) > 0;
  const level: ChangeLevel = broken ? 'major' : added > 0 ? 'minor' : changed > 0 ? 'patch' : 'none';
  return regressions === undefined
    ? { level, tokens, scales, primitives }
    : { level, tokens, scales, primitives, contrastRegressions: regressions };
}

/** The further modes of each side. */
interface SideModes {
  readonly from: readonly string[];
  readonly to: readonly string[];
}

function diffTokens(fromTokens: readonly Token[], toTokens: readonly Token[], modes: SideModes): DesignSystemDiff['tokens'] {
  const before = byKey(fromTokens);
  const after = byKey(toTokens);
  const was = (token: Token): DiffValue => diffValue(token.resolved, modes.from);
  const is = (token: Token): DiffValue => diffValue(token.resolved, modes.to);
  const changedTokens: Token[] = [];
  const retyped: TokenRetype[] = [];
  const deprecated: TokenDeprecation[] = [];
  for (const token of toTokens) {
    const old = before.get(token.key);
    if (token.deprecated !== undefined && JSON.stringify(token.deprecated) !== JSON.stringify(old?.deprecated)) {
      deprecated.push({ key: token.key, deprecated: token.deprecated });
    }
    if (old === undefined) continue;
    if (old.type !== token.type) {
      retyped.push({ key: token.key, from: { type: old.type, value: was(old) }, to: { type: token.type, value: is(token) } });
    } else if (!sameInEveryMode(old.resolved, token.resolved, sameValueByStructure)) changedTokens.push(token);
  }
  const affects = affectedByReferences(changedTokens, before);
  const changed: TokenChange[] = [];
  for (const token of changedTokens) {
    const affected = affects.get(token.key);
    if (affected === null) continue;
    const change: TokenChange = { key: token.key, type: token.type, from: was(mapValueAt(before, token.key)), to: is(token) };
    changed.push(affected === undefined || affected.size === 0 ? change : { ...change, affects: [...affected].sort(compareKeys) });
  }
  return {
    added: toTokens.filter((token) => !before.has(token.key)).map((token) => ({ key: token.key, type: token.type, value: is(token) })),
    removed: fromTokens.filter((token) => !after.has(token.key)).map((token) => ({ key: token.key, type: token.type, value: was(token) })),
    changed,
    retyped,
    ...(deprecated.length === 0 ? {} : { deprecated }),
  };
}

/** The keys of the tokens a token's value names in `mode` (every mode when undefined): its `ref`'s target, and every part's. */
function referencedKeys(token: Token, mode?: string): string[] {
  const keys: string[] = [];
  const all = token.references ?? {};
  for (const references of mode === undefined ? Object.values(all) : [all[mode] ?? {}]) {
    if (references.ref !== undefined) keys.push(references.ref);
    keys.push(...Object.values(references.parts ?? {}), ...Object.values(references.adjusted ?? {}));
  }
  return keys;
}

/** The modes in which a token's value differs between the two sides (a mode only one side has included). */
function changedModes(old: Token, token: Token): string[] {
  const modes = new Set([...Object.keys(old.resolved), ...Object.keys(token.resolved)]);
  return [...modes].filter((mode) => {
    const [before, after] = [old.resolved[mode], token.resolved[mode]];
    return before === undefined || after === undefined || !sameValueByStructure(before, after);
  });
}

/**
 * Which changed tokens changed only through a reference: written the same on both sides, and naming a token that
 * changed. Each such token maps to null (it is not listed on its own); every other changed token maps to the tokens
 * that changed through it, directly or through other such tokens.
 */
function affectedByReferences(changed: readonly Token[], before: ReadonlyMap<string, Token>): Map<string, Set<string> | null> {
  const changedByKey = byKey(changed);
  const result = new Map<string, Set<string> | null>();
  const writtenSame = (token: Token): boolean => {
    const old = mapValueAt(before, token.key);
    return JSON.stringify(old.value) === JSON.stringify(token.value) && JSON.stringify(old.modes) === JSON.stringify(token.modes);
  };
  const changedIn = new Map(changed.map((token) => [token.key, new Set(changedModes(mapValueAt(before, token.key), token))]));
  // Through a reference only: in every mode where the value changed, it names a token that changed in that mode.
  const onlyThroughReferences = (token: Token): boolean =>
    [...mapValueAt(changedIn, token.key)].every((mode) =>
      referencedKeys(token, mode).some((key) => changedIn.get(key)?.has(mode) === true),
    );
  const throughReference = new Set(changed.filter((token) => writtenSame(token) && onlyThroughReferences(token)).map((token) => token.key));
  for (const token of changed) result.set(token.key, throughReference.has(token.key) ? null : new Set());
  for (const key of throughReference) {
    // Walk up the references to the tokens that changed in their own right.
    const seen = new Set<string>([key]);
    const pending = [key];
    while (pending.length > 0) {
      const current = mapValueAt(changedByKey, pending.pop() as string);
      for (const target of referencedKeys(current)) {
        if (seen.has(target) || !changedByKey.has(target)) continue;
        seen.add(target);
        const roots = result.get(target);
        if (roots === null) pending.push(target);
        else roots?.add(key);
      }
    }
  }
  return result;
}

function diffScales(fromScales: readonly Scale[], toScales: readonly Scale[], modes: SideModes): DesignSystemDiff['scales'] {
  const before = byKey(fromScales);
  const after = byKey(toScales);
  const changed: ScaleChange[] = [];
  for (const scale of toScales) {
    const old = before.get(scale.key);
    if (old === undefined) continue;
    const oldSteps = new Map(old.steps.map((step) => [step.step, step]));
    const newSteps = new Map(scale.steps.map((step) => [step.step, step]));
    const stepsChanged: ScaleStepChange[] = [];
    for (const step of scale.steps) {
      const was = oldSteps.get(step.step);
      if (was !== undefined && !sameInEveryMode(was.colors, step.colors, sameRgba)) {
        stepsChanged.push({ step: step.step, from: stepColors(was.colors, modes.from), to: stepColors(step.colors, modes.to) });
      }
    }
    const stepsAdded = scale.steps.filter((step) => !oldSteps.has(step.step)).map((step) => step.step);
    const stepsRemoved = old.steps.filter((step) => !newSteps.has(step.step)).map((step) => step.step);
    if (stepsAdded.length + stepsRemoved.length + stepsChanged.length > 0)
      changed.push({ key: scale.key, stepsAdded, stepsRemoved, stepsChanged });
  }
  return {
    added: toScales.filter((scale) => !before.has(scale.key)).map((scale) => scale.key),
    removed: fromScales.filter((scale) => !after.has(scale.key)).map((scale) => scale.key),
    changed,
  };
}

type PrimitiveTable = Readonly<Record<string, readonly Primitive[]>>;

function flattenPrimitives(table: PrimitiveTable): Map<string, PrimitiveEntry> {
  const entries = new Map<string, PrimitiveEntry>();
  for (const type of Object.keys(table).sort()) {
    for (const primitive of table[type] ?? [])
      entries.set(`${type}.${primitive.key}`, { type, key: primitive.key, value: primitive.value, unit: primitive.unit });
  }
  return entries;
}

/** Whether two primitives of one type and key hold the same value by structure (`ease` and its four numbers, `16` and `16px`). */
function samePrimitive(a: PrimitiveEntry, b: PrimitiveEntry): boolean {
  if (a.value === b.value && a.unit === b.unit) return true;
  return isPrimitiveType(a.type) && sameValueByStructure(typedValueOfPrimitive(a.type, a), typedValueOfPrimitive(a.type, b));
}

function diffPrimitives(fromTable: PrimitiveTable, toTable: PrimitiveTable): DesignSystemDiff['primitives'] {
  const before = flattenPrimitives(fromTable);
  const after = flattenPrimitives(toTable);
  const changed: PrimitiveChange[] = [];
  for (const [id, primitive] of after) {
    const old = before.get(id);
    if (old !== undefined && !samePrimitive(old, primitive)) {
      changed.push({
        type: primitive.type,
        key: primitive.key,
        from: { value: old.value, unit: old.unit },
        to: { value: primitive.value, unit: primitive.unit },
      });
    }
  }
  return {
    added: [...after].filter(([id]) => !before.has(id)).map(([, primitive]) => primitive),
    removed: [...before].filter(([id]) => !after.has(id)).map(([, primitive]) => primitive),
    changed,
  };
}

/** Where the two sides of a diff came from. `ref` is null for the live snapshot; `sha` null when it has no commit. */
export interface DiffSide {
  readonly ref: string | null;
  readonly sha: string | null;
}

/**
 * `GET /diff`: the diff in the API envelope, with both sides named.
 * @example { data: { from: { ref: 'v1.0.0', sha: '3f2c...' }, to: { ref: null, sha: '9a1b...' }, level: 'patch', tokens: {...}, scales: {...}, primitives: {...} } }
 */
export function renderDiff(from: DiffSide, to: DiffSide, diff: DesignSystemDiff) {
  return { data: { from, to, ...diff } };
}
