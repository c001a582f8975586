import { sameTypedValue } from '../compile/fields/typed-values.js';
import type { CompiledDesignSystem, Token } from '../compile/types.js';
import { diffDesignSystems } from '../views/diff/diff-design-systems.js';
import type { DesignSystemDiff, DiffValue, TokenChange } from '../views/diff/diff-design-systems.js';
import type { Verdict } from './verdicts.js';

/** A token's state in one import: `exact`, `lossy`, `skipped` (left out), or null when the source did not have it. */
export type VerdictState = 'exact' | Verdict['level'] | null;

/** A token whose value changed, and the modes (both imports have) where it did, in the design system's order. */
export type ChangedToken = TokenChange & { readonly modes: readonly string[] };

/** A token whose verdict changed between two imports of the same sources. */
export interface VerdictChange {
  readonly source: string;
  readonly from: VerdictState;
  readonly to: VerdictState;
  /** The new verdict's reason, when it has one. */
  readonly reason?: string;
}

/** What an import changed from the previous one into the same folder. */
export interface ImportChanges {
  /** Whether the folder's files changed (else it is left as it was). */
  readonly rewritten: boolean;
  readonly modes: { readonly added: readonly string[]; readonly removed: readonly string[] };
  /**
   * Tokens added, removed, changed (with the modes whose value changed; a token that changed only through a reference is
   * in its target's `affects`), retyped.
   */
  readonly tokens: Omit<DesignSystemDiff['tokens'], 'deprecated' | 'changed'> & { readonly changed: readonly ChangedToken[] };
  /**
   * Tokens the source has both times whose verdict changed, and tokens new in the source that were left out (a new
   * token written is in `tokens.added`), in source order.
   */
  readonly verdicts: readonly VerdictChange[];
}

/** One import: its design system as compiled (undefined when it does not compile), every source token, its verdicts. */
export interface ImportSide {
  readonly system: CompiledDesignSystem | undefined;
  readonly sources: readonly string[];
  readonly verdicts: readonly Verdict[];
}

/**
 * What changed from `before` (the folder as it was, with its record) to `after` (the import just run): tokens by their
 * resolved values in every mode, as `/diff` compares them, and verdicts by source.
 * @example diffImports(before, after) // { rewritten: true, modes: { added: [], removed: [] }, tokens: { added: [...], removed: [], changed: [...], retyped: [] }, verdicts: [{ source: 'tokens/core.json:color.x', from: 'exact', to: 'lossy', reason: '...' }] }
 */
export function diffImports(before: ImportSide, after: ImportSide, rewritten: boolean): ImportChanges {
  const empty = { tokens: { added: [], removed: [], changed: [], retyped: [] } };
  const { added, removed, changed, retyped } = (
    before.system !== undefined && after.system !== undefined ? diffDesignSystems(before.system, after.system) : empty
  ).tokens;
  const modesOf = (system: CompiledDesignSystem | undefined): string[] => (system?.modes ?? []).map((mode) => mode.name);
  const [modesBefore, modesAfter] = [modesOf(before.system), modesOf(after.system)];
  // A mode added or removed is said once: a token counts as changed for its value in a mode both sides have.
  const inBoth = new Set(modesAfter.filter((mode) => modesBefore.includes(mode)));
  return {
    rewritten,
    modes: {
      added: modesAfter.filter((mode) => !modesBefore.includes(mode)),
      removed: modesBefore.filter((mode) => !modesAfter.includes(mode)),
    },
    tokens: { added, removed, changed: withModes(changed, before.system, after.system, inBoth), retyped },
    verdicts: verdictChanges(before, after),
  };
}

/** The changed tokens with the modes both sides have where their typed values differ; a token with none is left out. */
function withModes(
  changed: readonly TokenChange[],
  before: CompiledDesignSystem | undefined,
  after: CompiledDesignSystem | undefined,
  inBoth: ReadonlySet<string>,
): ChangedToken[] {
  const byKey = (system: CompiledDesignSystem | undefined) =>
    new Map<string, Token>((system?.tokens ?? []).map((token) => [token.key, token]));
  const [was, is] = [byKey(before), byKey(after)];
  const order = (after?.modes ?? []).map((mode) => mode.name).filter((mode) => inBoth.has(mode));
  return changed.flatMap((change) => {
    const [old, token] = [was.get(change.key), is.get(change.key)];
    const modes = order.filter((mode) => {
      const [x, y] = [old?.resolved[mode], token?.resolved[mode]];
      return x !== undefined && y !== undefined && !sameTypedValue(x, y);
    });
    return modes.length === 0 ? [] : [{ ...change, modes }];
  });
}

function verdictChanges(before: ImportSide, after: ImportSide): VerdictChange[] {
  const stateIn = (side: ImportSide) => {
    const sources = new Set(side.sources);
    const verdicts = new Map(side.verdicts.map((verdict) => [verdict.source, verdict]));
    return (source: string): { state: VerdictState; reason?: string } => {
      const verdict = verdicts.get(source);
      if (verdict !== undefined) return { state: verdict.level, reason: verdict.reason };
      return { state: sources.has(source) ? 'exact' : null };
    };
  };
  const [was, is] = [stateIn(before), stateIn(after)];
  const changes: VerdictChange[] = [];
  const seen = new Set<string>();
  for (const source of [...after.sources, ...after.verdicts.map((verdict) => verdict.source), ...before.verdicts.map((v) => v.source)]) {
    if (seen.has(source)) continue;
    seen.add(source);
    const [from, to] = [was(source), is(source)];
    const listed = from.state !== null ? to.state !== null : to.state === 'skipped';
    if (!listed || (from.state === to.state && from.reason === to.reason)) continue;
    changes.push({ source, from: from.state, to: to.state, ...(to.reason === undefined ? {} : { reason: to.reason }) });
  }
  return changes;
}

/** The text report's lines for the changes (after the import's own report). */
export function importChangeLines(changes: ImportChanges): string[] {
  const { tokens, modes, verdicts } = changes;
  const count = tokens.added.length + tokens.removed.length + tokens.changed.length + tokens.retyped.length;
  if (count + modes.added.length + modes.removed.length + verdicts.length === 0) {
    return [
      changes.rewritten
        ? 'no token, mode or verdict changed since the last import (the files were rewritten: this version writes them otherwise)'
        : 'no change since the last import: the folder is as it was (not rewritten)',
    ];
  }
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const lines = [
    `changes since the last import: ${plural(tokens.added.length, 'token')} added, ${tokens.removed.length} removed, ` +
      `${tokens.changed.length} changed` +
      (tokens.retyped.length === 0 ? '' : `, ${tokens.retyped.length} retyped`) +
      `, ${plural(verdicts.length, 'verdict')} changed`,
    ...modes.added.map((mode) => `  mode \`${mode}\` added`),
    ...modes.removed.map((mode) => `  mode \`${mode}\` removed`),
    ...tokens.added.map((token) => `  added    ${token.key}  ${valueText(token.value)}`),
    ...tokens.removed.map((token) => `  removed  ${token.key}  ${valueText(token.value)}`),
    ...tokens.changed.map((token) => {
      const affects = token.affects ?? [];
      const through =
        affects.length === 0
          ? ''
          : ` (and ${affects.length} that ${affects.length === 1 ? 'refers' : 'refer'} to it: ${affects.join(', ')})`;
      // Modes that changed alike are one group: `light, dark #111111 -> #222222`.
      const [from, to] = [valuesByMode(token.from), valuesByMode(token.to)];
      const groups = new Map<string, string[]>();
      for (const mode of token.modes) {
        const change = `${from.get(mode) ?? ''} -> ${to.get(mode) ?? ''}`;
        groups.set(change, [...(groups.get(change) ?? []), mode]);
      }
      const text = [...groups].map(([change, modes]) => `${modes.join(', ')} ${change}`).join('; ');
      return `  changed  ${token.key}  ${text}${through}`;
    }),
    ...tokens.retyped.map(
      (token) =>
        `  retyped  ${token.key}  ${token.from.type} ${valueText(token.from.value)} -> ${token.to.type} ${valueText(token.to.value)}`,
    ),
    ...verdicts.map(
      (change) =>
        `  verdict  ${change.source}  ${STATE_WORDS[String(change.from)]} -> ${STATE_WORDS[String(change.to)]}` +
        (change.reason === undefined ? '' : `: ${change.reason}`),
    ),
  ];
  return lines;
}

const STATE_WORDS: Record<string, string> = {
  exact: 'exactly',
  lossy: 'with loss',
  skipped: 'left out',
  null: 'new',
};

/** A token's value in each mode, by mode name: `light`, `dark` (light's when null), then any further modes. */
const valuesByMode = (value: DiffValue): Map<string, string> =>
  new Map([['light', value.light], ['dark', value.dark ?? value.light], ...Object.entries(value.modes ?? {})]);

/** The light value, then each mode whose value differs from it: `#FF0000, dark #00FF00`. */
function valueText(value: DiffValue): string {
  const modes = [...valuesByMode(value)].filter(([mode, text]) => mode !== 'light' && text !== value.light);
  return [value.light, ...modes.map(([mode, text]) => `${mode} ${text}`)].join(', ');
}
