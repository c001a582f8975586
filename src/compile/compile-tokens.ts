import { wordsOfKey } from './key-words.js';
import type { PrimitiveDefinition } from './merge-primitives.js';
import type { ScaleSteps } from './merge-scales.js';
import { isDefinedBefore } from './defined-once.js';
import { describePosition } from './message-text.js';
import type { Report } from './pending-diagnostic.js';
import { readTokenDraft } from './read-token-draft.js';
import type { TokenDraft } from './read-token-draft.js';
import { resolveColor } from './resolve-color.js';
import { resolveNonColor } from './resolve-non-color.js';
import { sortTokenKeys } from './sort-order.js';
import type { SourceFileEntries } from './source-entries.js';
import type { ResolvedValue, SourcePosition, Token } from './types.js';

/**
 * The tokens of every file, in token key order, each checked and resolved against the scales and primitives; a
 * token with any problem is left out and reported.
 */
export function compileTokens(
  files: readonly SourceFileEntries[],
  scales: ScaleSteps,
  primitives: ReadonlyMap<string, PrimitiveDefinition>,
  report: Report,
): Token[] {
  const drafts = readDrafts(files, firstGroupPositions(files), report);
  const resolved = resolveDrafts(drafts, scales, primitives, report);
  return listInKeyOrder(drafts, resolved, report);
}

/** Every group key of the files, at its first place. */
function firstGroupPositions(files: readonly SourceFileEntries[]): Map<string, SourcePosition> {
  const groups = new Map<string, SourcePosition>();
  for (const file of files) {
    for (const group of file.groups) if (!groups.has(group.key)) groups.set(group.key, group.pos);
  }
  return groups;
}

/** The drafts of every token defined once and not also a group. */
function readDrafts(
  files: readonly SourceFileEntries[],
  groups: ReadonlyMap<string, SourcePosition>,
  report: Report,
): Map<string, TokenDraft> {
  const drafts = new Map<string, TokenDraft>();
  const definedAt = new Map<string, SourcePosition>();
  for (const file of files) {
    for (const entry of file.tokens) {
      if (isDefinedBefore(definedAt, entry.key, entry.pos, `token \`${entry.key}\``, report)) continue;
      const group = groups.get(entry.key);
      if (group !== undefined) {
        report(
          entry.pos,
          'token-group-clash',
          `\`${entry.key}\` is a token here and a group at ${describePosition(group)}; a key cannot be both`,
        );
        continue;
      }
      const draft = readTokenDraft(entry, report);
      if (draft !== undefined) drafts.set(entry.key, draft);
    }
  }
  return drafts;
}

/** The resolved value of every draft that resolves: colors first, since shadows take theirs. */
function resolveDrafts(
  drafts: ReadonlyMap<string, TokenDraft>,
  scales: ScaleSteps,
  primitives: ReadonlyMap<string, PrimitiveDefinition>,
  report: Report,
): Map<string, ResolvedValue> {
  const colors = new Map<string, ResolvedValue>();
  const resolved = new Map<string, ResolvedValue>();
  for (const [key, draft] of drafts) {
    if (draft.type !== 'color') continue;
    const value = resolveColor(draft, scales, report);
    if (value !== undefined) {
      colors.set(key, value);
      resolved.set(key, value);
    }
  }
  for (const [key, draft] of drafts) {
    if (draft.type === 'color') continue;
    const value = resolveNonColor(draft, { primitives, drafts, colors }, report);
    if (value !== undefined) resolved.set(key, value);
  }
  return resolved;
}

/** The resolved tokens in token key order; two keys made of the same words (one CSS name) are a warning. */
function listInKeyOrder(drafts: ReadonlyMap<string, TokenDraft>, resolved: ReadonlyMap<string, ResolvedValue>, report: Report): Token[] {
  const tokens: Token[] = [];
  const namedBy = new Map<string, string>();
  for (const key of sortTokenKeys([...resolved.keys()])) {
    const draft = drafts.get(key) as TokenDraft;
    const words = wordsOfKey(key);
    const clash = namedBy.get(words);
    if (clash === undefined) namedBy.set(words, key);
    else {
      report(
        draft.entry.pos,
        'css-name-clash',
        `\`${key}\` and \`${clash}\` get the same CSS name \`--${words}\`: the CSS export would declare it twice`,
        'warning',
      );
    }
    const token: Token = { key, type: draft.type, value: draft.value, resolved: resolved.get(key) as ResolvedValue };
    tokens.push(draft.description === undefined ? token : { ...token, description: draft.description });
  }
  return tokens;
}
