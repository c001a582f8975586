import { sameTypedValue } from '../compile/fields/typed-values.js';
import { requiredRatio } from '../compile/resolve/check-contrast.js';
import type {
  CompiledDesignSystem,
  ContrastKind,
  ContrastLevel,
  ContrastPair,
  ModeValues,
  TokenType,
  TypedValue,
} from '../compile/types.js';

/** At most this many tokens, and this many contrast pairs, are listed by one preview (the rest are counted). */
export const MAX_PREVIEWED = 500;

/** One token whose value the change makes different in some mode: its typed value per mode before and after (null: absent). */
export interface PreviewedToken {
  readonly key: string;
  readonly type: TokenType;
  readonly before: ModeValues<TypedValue> | null;
  readonly after: ModeValues<TypedValue> | null;
}

/** One pair's check in one mode. */
export interface PreviewedCheck {
  readonly ratio: number;
  readonly required: number;
  readonly pass: boolean;
}

/** One contrast pair the change touches (a changed token is its foreground or background, or a result moved), per mode. */
export interface PreviewedPair {
  readonly name: string;
  readonly foreground: string;
  readonly background: string;
  readonly kind: ContrastKind;
  readonly level: ContrastLevel;
  /** Null when the base has no such pair; a mode is left out where it is not checked. */
  readonly before: Readonly<Record<string, PreviewedCheck>> | null;
  readonly after: Readonly<Record<string, PreviewedCheck>>;
}

/** What a change does to the compiled design system: the values and contrast checks it moves, as the compiler computed them. */
export interface PreviewValues {
  /** The modes of the changed design system, in its order. */
  readonly modes: readonly string[];
  readonly tokens: readonly PreviewedToken[];
  readonly contrast: readonly PreviewedPair[];
  /** Tokens and pairs left out past {@link MAX_PREVIEWED}. */
  readonly omitted: { readonly tokens: number; readonly contrast: number };
}

/**
 * Compares the design system before and after a change: every token whose resolved value differs in some mode (or
 * that one side lacks), plus the tokens `named` (what the operations name, changed or not), and every contrast pair
 * whose foreground or background is among them or whose check moved, with the compiler's checks on both sides.
 * @example previewValuesOf(base, changed, ['color.brand.primary']).contrast[0] // { name: 'primary-fill', before: { light: { ratio: 4.97, required: 3, pass: true }, ... }, after: { ... } }
 */
export function previewValuesOf(before: CompiledDesignSystem, after: CompiledDesignSystem, named: readonly string[]): PreviewValues {
  const modes = after.modes.map((mode) => mode.name);
  const old = new Map(before.tokens.map((token) => [token.key, token]));
  const wanted = new Set(named);
  const tokens: PreviewedToken[] = [];
  for (const token of after.tokens) {
    const earlier = old.get(token.key);
    old.delete(token.key);
    const moved =
      earlier === undefined || earlier.type !== token.type || modes.some((mode) => !sameIn(earlier.resolved, token.resolved, mode));
    if (moved || wanted.has(token.key)) {
      tokens.push({ key: token.key, type: token.type, before: earlier?.resolved ?? null, after: token.resolved });
    }
  }
  for (const gone of old.values()) tokens.push({ key: gone.key, type: gone.type, before: gone.resolved, after: null });
  tokens.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const touched = new Set(tokens.map((token) => token.key));
  const beforePairs = new Map((before.contrast?.pairs ?? []).map((pair, index) => [pair.name, checksOf(before, index)]));
  const contrast: PreviewedPair[] = [];
  (after.contrast?.pairs ?? []).forEach((pair, index) => {
    const checks = checksOf(after, index);
    const earlier = beforePairs.get(pair.name) ?? null;
    const moved = earlier === null || modes.some((mode) => earlier[mode]?.ratio !== checks[mode]?.ratio);
    if (moved || touched.has(pair.foreground) || touched.has(pair.background)) contrast.push(previewedPair(pair, earlier, checks));
  });
  return {
    modes,
    tokens: tokens.slice(0, MAX_PREVIEWED),
    contrast: contrast.slice(0, MAX_PREVIEWED),
    omitted: { tokens: Math.max(0, tokens.length - MAX_PREVIEWED), contrast: Math.max(0, contrast.length - MAX_PREVIEWED) },
  };
}

function sameIn(a: ModeValues<TypedValue>, b: ModeValues<TypedValue>, mode: string): boolean {
  const left = a[mode];
  const right = b[mode];
  return left === undefined || right === undefined ? left === right : sameTypedValue(left, right);
}

function previewedPair(
  pair: ContrastPair,
  before: Record<string, PreviewedCheck> | null,
  after: Record<string, PreviewedCheck>,
): PreviewedPair {
  return { name: pair.name, foreground: pair.foreground, background: pair.background, kind: pair.kind, level: pair.level, before, after };
}

/** Pair `index`'s checks by mode, as the compiler made them (unchecked modes left out). */
function checksOf(system: CompiledDesignSystem, index: number): Record<string, PreviewedCheck> {
  const checks = system.contrastChecks;
  const pair = system.contrast?.pairs[index];
  const result: Record<string, PreviewedCheck> = {};
  if (checks === undefined || pair === undefined) return result;
  system.modes.forEach(({ name }, mode) => {
    const at = index * system.modes.length + mode;
    const ratio = checks.ratios[at];
    const kind = checks.kinds[at];
    if (ratio === undefined || Number.isNaN(ratio) || kind === undefined) return;
    const required = requiredRatio(kind, pair.level);
    result[name] = { ratio, required, pass: ratio >= required };
  });
  return result;
}
