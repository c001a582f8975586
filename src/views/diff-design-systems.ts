import type { CompiledDesignSystem, Primitive, ResolvedValue, Scale, Token } from '../compile/types.js';

/**
 * How much a change can break a consumer: `major` (a token, scale, scale step or primitive removed, or a token
 * retyped), `minor` (something added, nothing removed or retyped), `patch` (only values changed), `none`.
 */
export type ChangeLevel = 'major' | 'minor' | 'patch' | 'none';

/** A token's resolved values as the diff shows them: `dark` is null when it equals light. */
export interface DiffValue {
  readonly light: string;
  readonly dark: string | null;
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
}

export interface TokenRetype {
  readonly key: string;
  readonly from: { readonly type: string; readonly value: DiffValue };
  readonly to: { readonly type: string; readonly value: DiffValue };
}

export interface ScaleStepChange {
  readonly step: number;
  readonly from: { readonly light: string; readonly dark: string };
  readonly to: { readonly light: string; readonly dark: string };
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
}

const diffValue = (resolved: ResolvedValue): DiffValue => ({ light: resolved.light, dark: resolved.dark ?? null });
const sameValue = (a: DiffValue, b: DiffValue): boolean => a.light === b.light && a.dark === b.dark;
const byKey = <T extends { key: string }>(items: readonly T[]): Map<string, T> => new Map(items.map((item) => [item.key, item]));

/**
 * What changed from `from` to `to`, compared on resolved values (a token moved from an inline value to an equal
 * primitive has not changed), descriptions ignored, and the change level.
 * @example diffDesignSystems(before, after) // { level: 'minor', tokens: { added: [{ key: 'color.brand.tertiary', type: 'color', value: { light: '#7C3AED', dark: '#A78BFA' } }], removed: [], changed: [], retyped: [] }, scales: {...}, primitives: {...} }
 */
export function diffDesignSystems(from: CompiledDesignSystem, to: CompiledDesignSystem): DesignSystemDiff {
  const tokens = diffTokens(from.tokens, to.tokens);
  const scales = diffScales(from.scales, to.scales);
  const primitives = diffPrimitives(from.primitives, to.primitives);
  const removed = tokens.removed.length + tokens.retyped.length + scales.removed.length + primitives.removed.length;
  const stepsRemoved = scales.changed.some((scale) => scale.stepsRemoved.length > 0);
  const added =
    tokens.added.length +
    scales.added.length +
    primitives.added.length +
    scales.changed.filter((scale) => scale.stepsAdded.length > 0).length;
  const changed =
    tokens.changed.length + primitives.changed.length + scales.changed.filter((scale) => scale.stepsChanged.length > 0).length;
  const level: ChangeLevel = removed > 0 || stepsRemoved ? 'major' : added > 0 ? 'minor' : changed > 0 ? 'patch' : 'none';
  return { level, tokens, scales, primitives };
}

function diffTokens(fromTokens: readonly Token[], toTokens: readonly Token[]): DesignSystemDiff['tokens'] {
  const before = byKey(fromTokens);
  const after = byKey(toTokens);
  const entry = (token: Token): TokenEntry => ({ key: token.key, type: token.type, value: diffValue(token.resolved) });
  const changed: TokenChange[] = [];
  const retyped: TokenRetype[] = [];
  for (const token of toTokens) {
    const old = before.get(token.key);
    if (old === undefined) continue;
    const [was, is] = [diffValue(old.resolved), diffValue(token.resolved)];
    if (old.type !== token.type)
      retyped.push({ key: token.key, from: { type: old.type, value: was }, to: { type: token.type, value: is } });
    else if (!sameValue(was, is)) changed.push({ key: token.key, type: token.type, from: was, to: is });
  }
  return {
    added: toTokens.filter((token) => !before.has(token.key)).map(entry),
    removed: fromTokens.filter((token) => !after.has(token.key)).map(entry),
    changed,
    retyped,
  };
}

function diffScales(fromScales: readonly Scale[], toScales: readonly Scale[]): DesignSystemDiff['scales'] {
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
      if (was !== undefined && (was.light !== step.light || was.dark !== step.dark)) {
        stepsChanged.push({ step: step.step, from: { light: was.light, dark: was.dark }, to: { light: step.light, dark: step.dark } });
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

function diffPrimitives(fromTable: PrimitiveTable, toTable: PrimitiveTable): DesignSystemDiff['primitives'] {
  const before = flattenPrimitives(fromTable);
  const after = flattenPrimitives(toTable);
  const changed: PrimitiveChange[] = [];
  for (const [id, primitive] of after) {
    const old = before.get(id);
    if (old !== undefined && (old.value !== primitive.value || old.unit !== primitive.unit)) {
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
