import { sameRgba } from '../../compile/values/parse-color.js';
import { sameTypedValue, sameValueByStructure, typedValueOfPrimitive } from '../../compile/fields/typed-values.js';
import { isPrimitiveType } from '../../compile/types.js';
import { contrastRegressions, declaresContrast } from './contrast-regressions.js';
import { breaksConsumers, comparedBreakpoints, diffBreakpointDeclarations, valuesAtBreakpoint } from './breakpoint-changes.js';
import type { BreakpointDeclarationsDiff } from './breakpoint-changes.js';
import { BASE_BREAKPOINT } from '../shared/breakpoint-systems.js';
import type { ContrastRegression } from './contrast-regressions.js';
import type {
  BreakpointDefinition,
  CompiledDesignSystem,
  ModeValues,
  Primitive,
  Rgba,
  Scale,
  Token,
  TypedValue,
} from '../../compile/types.js';
import { compareKeys } from '../../compile/diagnostics/sort-order.js';
import { formatCssValue, formatHex } from '../shared/css-values.js';
import { perSystem } from '../shared/system-memo.js';
import { mapValueAt, valueAt } from '../../compile/checked-access.js';

/**
 * How much a change can break a consumer: `major` (a token, scale, scale step, primitive, mode or breakpoint removed, a
 * token retyped, a breakpoint moved between the viewport and a container), `minor` (something added, a mode or
 * breakpoint included, nothing removed or retyped), `patch` (only values changed, at a breakpoint too, or a
 * breakpoint's width), `none`.
 */
export type ChangeLevel = 'major' | 'minor' | 'patch' | 'none';

/**
 * A token's values in every mode as the diff shows them, as the CSS export writes them: `dark` is null when it equals
 * light; `modes` has the value in each further mode of that side's design system, when it has any.
 */
export interface DiffModeValues {
  readonly light: string;
  readonly dark: string | null;
  readonly modes?: Readonly<Record<string, string>>;
}

/**
 * A token's resolved values as the diff shows them: below the first breakpoint in every mode, and `breakpoints`, only
 * when that side's design system declares breakpoints and the token's value differs at one of them, its values at
 * each breakpoint that side declares (inheritance applied).
 */
export interface DiffValue extends DiffModeValues {
  readonly breakpoints?: Readonly<Record<string, DiffModeValues>>;
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
  /**
   * Only when either side declares breakpoints: where the value changed, `base` (below the first breakpoint) and each
   * breakpoint, `base` first, then narrowest first (a breakpoint only one side declares included).
   */
  readonly changedAt?: readonly string[];
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
  /** Only when either side declares breakpoints: the declarations added, removed, and changed (width, container). */
  readonly breakpoints?: BreakpointDeclarationsDiff;
}

/** The further modes of a design system (beyond light and dark), in declaration order. */
const furtherModeNames = (system: CompiledDesignSystem): readonly string[] => system.modes.slice(2).map((mode) => mode.name);

function diffModeValues(resolved: ModeValues<TypedValue>, further: readonly string[]): DiffModeValues {
  const light = formatCssValue(resolved.light);
  const dark = sameTypedValue(resolved.dark, resolved.light) ? null : formatCssValue(resolved.dark);
  if (further.length === 0) return { light, dark };
  return { light, dark, modes: Object.fromEntries(further.map((mode) => [mode, formatCssValue(valueAt(resolved, mode))])) };
}

function diffValue(token: Token, side: Side): DiffValue {
  const values = diffModeValues(token.resolved, side.further);
  const { responsive } = token;
  if (responsive === undefined || side.system.breakpoints === undefined) return values;
  const breakpoints: Record<string, DiffModeValues> = {};
  for (const { name } of side.system.breakpoints) breakpoints[name] = diffModeValues(valueAt(responsive, name), side.further);
  return { ...values, breakpoints };
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
  const sides: Sides = { from: { system: from, further: modes.from }, to: { system: to, further: modes.to } };
  const breakpoints = diffBreakpointDeclarations(from, to);
  const tokens = diffTokens(sides, breakpoints === undefined ? undefined : comparedBreakpoints(from, to));
  const scales = diffScales(from.scales, to.scales, modes);
  const primitives = diffPrimitives(from.primitives, to.primitives);
  // A mode taken away breaks whoever selects it (`[data-theme="<mode>"]`, `modes[<mode>]`, `ModeName`); one added does not.
  const modesRemoved = modes.from.filter((mode) => !modes.to.includes(mode)).length;
  const modesAdded = modes.to.filter((mode) => !modes.from.includes(mode)).length;
  const removed = tokens.removed.length + tokens.retyped.length + scales.removed.length + primitives.removed.length + modesRemoved;
  const breakpointsAdded = breakpoints?.added.length ?? 0;
  const breakpointsChanged = breakpoints?.changed.length ?? 0;
  const stepsRemoved = scales.changed.some((scale) => scale.stepsRemoved.length > 0);
  const added =
    tokens.added.length +
    scales.added.length +
    primitives.added.length +
    modesAdded +
    breakpointsAdded +
    scales.changed.filter((scale) => scale.stepsAdded.length > 0).length;
  const changed =
    tokens.changed.length +
    primitives.changed.length +
    breakpointsChanged +
    scales.changed.filter((scale) => scale.stepsChanged.length > 0).length;
  const regressions = declaresContrast(from, to) ? contrastRegressions(from, to) : undefined;
  const broken =
    removed > 0 || stepsRemoved || (regressions?.length ?? 0) > 0 || (breakpoints !== undefined && breaksConsumers(breakpoints));
  const level: ChangeLevel = broken ? 'major' : added > 0 ? 'minor' : changed > 0 ? 'patch' : 'none';
  return {
    level,
    tokens,
    scales,
    primitives,
    ...(regressions === undefined ? {} : { contrastRegressions: regressions }),
    ...(breakpoints === undefined ? {} : { breakpoints }),
  };
}

/** One side of a diff: its design system and its further modes. */
interface Side {
  readonly system: CompiledDesignSystem;
  readonly further: readonly string[];
}

/** The further modes of each side. */
interface SideModes {
  readonly from: readonly string[];
  readonly to: readonly string[];
}

interface Sides {
  readonly from: Side;
  readonly to: Side;
}

/** A change's place: below the first breakpoint (`base`) or at a breakpoint, and a mode. */
const placeOf = (breakpoint: string, mode: string): string => `${breakpoint}\u0000${mode}`;
const modeOfPlace = (place: string): string => place.slice(place.indexOf('\u0000') + 1);
const breakpointOfPlace = (place: string): string => place.slice(0, place.indexOf('\u0000'));

/**
 * Where a token's value differs between the two sides: each breakpoint (`base` first) and mode, a mode only one side
 * has included; at the breakpoints `compared` (none when neither side declares breakpoints).
 */
function changedPlaces(sides: Sides, old: Token, token: Token, compared: readonly BreakpointDefinition[] | undefined): string[] {
  const places: string[] = [];
  const compare = (name: string, before: ModeValues<TypedValue>, after: ModeValues<TypedValue>): void => {
    const modes = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const mode of modes) {
      const [x, y] = [before[mode], after[mode]];
      if (x === undefined || y === undefined || !sameValueByStructure(x, y)) places.push(placeOf(name, mode));
    }
  };
  compare(BASE_BREAKPOINT, old.resolved, token.resolved);
  if (old.responsive === undefined && token.responsive === undefined) return places;
  for (const breakpoint of compared ?? []) {
    const before = valuesAtBreakpoint(sides.from.system, old, breakpoint);
    const after = valuesAtBreakpoint(sides.to.system, token, breakpoint);
    if (before !== after) compare(breakpoint.name, before, after);
  }
  return places;
}

function diffTokens(sides: Sides, compared: readonly BreakpointDefinition[] | undefined): DesignSystemDiff['tokens'] {
  const [fromTokens, toTokens] = [sides.from.system.tokens, sides.to.system.tokens];
  const before = byKey(fromTokens);
  const after = byKey(toTokens);
  const was = (token: Token): DiffValue => diffValue(token, sides.from);
  const is = (token: Token): DiffValue => diffValue(token, sides.to);
  const places = new Map<string, readonly string[]>();
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
    } else {
      const where = changedPlaces(sides, old, token, compared);
      if (where.length === 0) continue;
      places.set(token.key, where);
      changedTokens.push(token);
    }
  }
  const affects = affectedByReferences(changedTokens, before, places);
  const breakpointsOf = (key: string): { changedAt?: readonly string[] } => {
    if (compared === undefined) return {};
    const names = new Set(mapValueAt(places, key).map(breakpointOfPlace));
    return { changedAt: [BASE_BREAKPOINT, ...compared.map((breakpoint) => breakpoint.name)].filter((name) => names.has(name)) };
  };
  const changed: TokenChange[] = [];
  for (const token of changedTokens) {
    const affected = affects.get(token.key);
    if (affected === null) continue;
    const change: TokenChange = { key: token.key, type: token.type, from: was(mapValueAt(before, token.key)), to: is(token) };
    const withAffects = affected === undefined || affected.size === 0 ? change : { ...change, affects: [...affected].sort(compareKeys) };
    changed.push({ ...withAffects, ...breakpointsOf(token.key) });
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

/**
 * Which changed tokens changed only through a reference: written the same on both sides, and naming a token that
 * changed. Each such token maps to null (it is not listed on its own); every other changed token maps to the tokens
 * that changed through it, directly or through other such tokens. `places`: where each changed token changed.
 */
function affectedByReferences(
  changed: readonly Token[],
  before: ReadonlyMap<string, Token>,
  places: ReadonlyMap<string, readonly string[]>,
): Map<string, Set<string> | null> {
  const changedByKey = byKey(changed);
  const result = new Map<string, Set<string> | null>();
  const writtenSame = (token: Token): boolean => {
    const old = mapValueAt(before, token.key);
    return (
      JSON.stringify(old.value) === JSON.stringify(token.value) &&
      JSON.stringify(old.modes) === JSON.stringify(token.modes) &&
      JSON.stringify(old.breakpoints) === JSON.stringify(token.breakpoints)
    );
  };
  const changedIn = new Map(changed.map((token) => [token.key, new Set(mapValueAt(places, token.key))]));
  // Through a reference only: at every breakpoint and mode where the value changed, it names a token that changed there.
  const onlyThroughReferences = (token: Token): boolean =>
    [...mapValueAt(changedIn, token.key)].every((place) =>
      referencedKeys(token, modeOfPlace(place)).some((key) => changedIn.get(key)?.has(place) === true),
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
