import { deepFreeze } from '../deep-freeze.js';
import type { PrimitiveDefinition } from './merge-primitives.js';
import type { ScaleSteps } from './merge-scales.js';
import { reportDuplicate } from '../fields/defined-once.js';
import { describePosition } from '../diagnostics/message-text.js';
import type { Report } from '../diagnostics/pending-diagnostic.js';
import { readTokenDraft } from '../fields/read-token-draft.js';
import type { TokenDraft } from '../fields/read-token-draft.js';
import { resolveTokens } from './resolve-tokens.js';
import { exceedsZipEntryLimit } from './zip-entry-limit.js';
import type { ResolvedToken, TokenTrace } from './resolve-tokens.js';
import { didYouMean } from '../diagnostics/suggest.js';
import { tokenKeyOrder } from '../diagnostics/sort-order.js';
import { writtenValueOf } from '../yaml/source-entries.js';
import type { SourceFileEntries } from '../yaml/source-entries.js';
import type { BreakpointDefinition, ModeDefinition, SourcePosition, Token, TokenValue, WrittenValue } from '../types.js';
import type { ValueDraft } from '../fields/value-draft.js';
import type { ModeDrafts } from '../fields/mode-fields.js';
import { itemAt, valueAt } from '../checked-access.js';

/** What an incremental compile learns of a full one's tokens: besides {@link TokenTrace}, the drafts and what resolved. */
export interface TokensTrace extends TokenTrace {
  drafted(drafts: ReadonlyMap<string, TokenDraft>): void;
  resolved(resolved: readonly ResolvedToken[]): void;
}

/**
 * The tokens of every file, in token key order, each checked and resolved against the scales and primitives; a
 * token with any problem is left out and reported. `trace` (an incremental compile's) is told what each token did.
 */
export function compileTokens(
  files: readonly SourceFileEntries[],
  scales: ScaleSteps,
  primitives: ReadonlyMap<string, PrimitiveDefinition>,
  modes: readonly ModeDefinition[],
  report: Report,
  breakpoints: readonly BreakpointDefinition[] = [],
  trace?: TokensTrace,
): Token[] {
  const drafts = readDrafts(files, firstGroupPositions(files), modes, report, breakpoints, trace);
  trace?.drafted(drafts);
  if (exceedsValueLimit(drafts, modes, report, breakpoints.length) || exceedsZipEntryLimit(drafts, report)) return [];
  const resolved = resolveTokens(drafts, scales, primitives, modes, report, trace === undefined ? { breakpoints } : { breakpoints, trace });
  trace?.resolved(resolved);
  checkReplacements(drafts, report);
  return listInKeyOrder(resolved);
}

/** Every group key of the files, at its first place. */
function firstGroupPositions(files: readonly SourceFileEntries[]): Map<string, SourcePosition> {
  const groups = new Map<string, SourcePosition>();
  for (const file of files) {
    for (const group of file.groups) if (!groups.has(group.key)) groups.set(group.key, group.pos);
  }
  return groups;
}

const describeToken = (key: string): string => `token \`${key}\``;

/** The drafts of every token defined once and not also a group. */
function readDrafts(
  files: readonly SourceFileEntries[],
  groups: ReadonlyMap<string, SourcePosition>,
  modes: readonly ModeDefinition[],
  report: Report,
  breakpoints: readonly BreakpointDefinition[],
  trace: TokenTrace | undefined,
): Map<string, TokenDraft> {
  const modeNames = modes.map((mode) => mode.name);
  const breakpointNames = breakpoints.map((breakpoint) => breakpoint.name);
  const drafts = new Map<string, TokenDraft>();
  // Where each key without a draft was first defined; a draft's entry has the place of its own: one map of 10,000 keys
  // to fill rather than two.
  const undraftedAt = new Map<string, SourcePosition>();
  for (const file of files) {
    for (const entry of file.tokens) {
      const first = drafts.get(entry.key)?.entry.pos ?? undraftedAt.get(entry.key);
      if (first !== undefined) {
        reportDuplicate(entry.key, entry.pos, first, describeToken, report);
        continue;
      }
      const group = groups.get(entry.key);
      if (group !== undefined) {
        undraftedAt.set(entry.key, entry.pos);
        report(
          entry.pos,
          'token-group-clash',
          `\`${entry.key}\` is a token here and a group at ${describePosition(group)}; a key cannot be both`,
        );
        continue;
      }
      trace?.owner(entry.key);
      const draft = readTokenDraft(entry, modeNames, report, breakpointNames);
      trace?.owner(undefined);
      if (draft === undefined) undraftedAt.set(entry.key, entry.pos);
      else drafts.set(entry.key, draft);
    }
  }
  return drafts;
}

/**
 * The most values the tokens of one design system may have in all (tokens × modes): each export writes every value,
 * so this bounds every body (about 25 MB for the largest export, the DTCG 2025.10 JSON of colors) and every render.
 */
export const MAX_TOKEN_VALUES = 100_000;

/**
 * The most values the tokens of a design system with breakpoints may have at all its breakpoints (tokens × modes ×
 * breakpoints, the one below the first counted): each is resolved once per compile, though only those that differ are written.
 */
export const MAX_RESPONSIVE_VALUES = 400_000;

/** Whether the drafts have more values than `MAX_TOKEN_VALUES` (reported at the first token past it, nothing resolved). */
function exceedsValueLimit(
  drafts: ReadonlyMap<string, TokenDraft>,
  modes: readonly ModeDefinition[],
  report: Report,
  breakpoints: number,
): boolean {
  const values = drafts.size * modes.length;
  const count = (n: number): string => n.toLocaleString('en-US');
  if (values > MAX_TOKEN_VALUES) {
    const first = [...drafts.values()][Math.floor(MAX_TOKEN_VALUES / modes.length)];
    if (first === undefined) return false;
    report(
      first.entry.pos,
      'design-system-too-large',
      `${count(drafts.size)} tokens in ${modes.length} modes have ${count(values)} values, more than ${count(MAX_TOKEN_VALUES)} (the limit), from \`${first.entry.key}\` on: every export writes each of them; split the design system or use fewer modes`,
    );
    return true;
  }
  const responsive = values * (breakpoints + 1);
  if (breakpoints === 0 || responsive <= MAX_RESPONSIVE_VALUES) return false;
  const first = [...drafts.values()][Math.floor(MAX_RESPONSIVE_VALUES / (modes.length * (breakpoints + 1)))];
  if (first === undefined) return false;
  report(
    first.entry.pos,
    'design-system-too-large',
    `${count(drafts.size)} tokens in ${modes.length} modes at ${breakpoints + 1} breakpoints have ${count(responsive)} values, more than ${count(MAX_RESPONSIVE_VALUES)} (the limit), from \`${first.entry.key}\` on; split the design system or use fewer breakpoints`,
  );
  return true;
}

/** The `replacement` a deprecated token names is a token. */
function checkReplacements(drafts: ReadonlyMap<string, TokenDraft>, report: Report): void {
  // `forEach` rather than `for...of`: no iterator step object per token.
  drafts.forEach((draft) => {
    const replacement = draft.deprecated?.replacement;
    const field = draft.entry.fields['deprecated'];
    if (replacement === undefined || replacement === null || field === undefined || drafts.has(replacement)) return;
    reportUnknownReplacement(draft.entry.key, replacement, field.pos, drafts, report);
  });
}

// Apart from the loop above, whose every turn would otherwise make a scope for the message's variables.
function reportUnknownReplacement(
  key: string,
  replacement: string,
  pos: SourcePosition,
  drafts: ReadonlyMap<string, TokenDraft>,
  report: Report,
): void {
  report(
    pos,
    'unknown-reference',
    () =>
      `\`${key}\` is deprecated in favour of unknown token \`${replacement}\`${didYouMean(
        replacement,
        [...drafts.keys()].filter((candidate) => candidate !== key),
      )}`,
  );
}

/** The resolved tokens in token key order (an output's name clashes are its format's lint, in views/formats/). */
function listInKeyOrder(resolved: readonly ResolvedToken[]): Token[] {
  // Made in the order they were read, the order of their drafts and values in memory, and only then put in key order:
  // going through 10,000 tokens' drafts and values in key order, scattered in memory, takes longer.
  const made = resolved.map(frozenToken);
  return tokenKeyOrder(made.map((token) => token.key)).map((index) => itemAt(made, index));
}

/** A resolved token as the API serves it, frozen. */
export const frozenToken = (resolved: ResolvedToken): Token => deepFreeze(tokenOf(resolved.draft.entry.key, resolved));

/** A token as the API serves it, its fields in the API's order; an optional field it does not have is absent, not undefined. */
function tokenOf(key: string, { draft, drafts: perMode, values, references, responsive }: ResolvedToken): Token {
  // Assigned one by one rather than spreading `{}` or `{ field }` per optional field, which makes and copies an
  // object per field of each of 10,000 tokens.
  const token: { -readonly [Field in keyof Token]?: Token[Field] } = { key, type: draft.type, value: apiValue(draft, perMode) };
  if (draft.writtenModes !== undefined) token.modes = draft.writtenModes;
  if (draft.description !== undefined) token.description = draft.description;
  if (draft.deprecated !== undefined) token.deprecated = draft.deprecated;
  token.resolved = values;
  if (references !== undefined) token.references = references;
  if (draft.writtenBreakpoints !== undefined) token.breakpoints = draft.writtenBreakpoints;
  if (responsive !== undefined) token.responsive = responsive;
  return token as Token;
}

/**
 * A token's `value` as the API serves it: its light fields in the order of its type's fields; a color on a scale
 * also has `darkStep` when its dark color comes from the same scale (the spec's shape), whatever spelling gave it.
 */
function apiValue(draft: TokenDraft, perMode: ModeDrafts): TokenValue {
  const light = perMode.get('light');
  if (light?.kind === 'primitive') return { primitive: light.name };
  if (light?.kind === 'ref') return light.alpha === undefined ? { ref: light.key } : { ref: light.key, alpha: light.alpha };
  const value: Record<string, WrittenValue> = {};
  const darkStep = light?.kind === 'scaleColor' ? darkStepOf(light.scale.value, perMode.get('dark')) : undefined;
  // The light fields are in their type's order already; `darkStep` goes after `step`.
  // `for...in` rather than `Object.entries`: no pair array per field of 10,000 tokens.
  for (const name in draft.fields) {
    value[name] = writtenValueOf(valueAt(draft.fields, name));
    if (name === 'step' && darkStep !== undefined) value['darkStep'] = darkStep;
  }
  return value;
}

/** The dark step of a color on scale `scale` when its dark color is on the same scale. */
function darkStepOf(scale: string, dark: ValueDraft | undefined): number | undefined {
  return dark?.kind === 'scaleColor' && dark.scale.value === scale ? dark.step.value : undefined;
}
