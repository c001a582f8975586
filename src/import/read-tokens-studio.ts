import { itemAt, valueAt } from '../compile/checked-access.js';
import type { TypeChoices } from './infer-types.js';
import type { ImportIssue, SourceDocument, SourceRead, SourceToken } from './source-token.js';
import { withStudioTypesFromValues } from './tokens-studio/infer.js';
import { modesOf, readStudioSources } from './tokens-studio/sets.js';
import type { StudioMode, StudioToken, TokenSet } from './tokens-studio/sets.js';
import { STUDIO_TYPES, unreadTypeReason } from './tokens-studio/types.js';
import { createValueConverter, Unreadable } from './tokens-studio/values.js';

/** One mode's tokens: the merge of its sets, and the converter of their values. */
interface MergedMode {
  readonly name: string;
  readonly tokens: ReadonlyMap<string, StudioToken>;
  readonly convert: ReturnType<typeof createValueConverter>['convertToken'];
}

/**
 * Tokens Studio JSON (files of token sets with `$themes.json` and `$metadata.json`, or one file holding them all):
 * every theme becomes a mode (see {@link modesOf}), each mode's value of a token the one of the last of its sets that
 * has it, converted as sd-transforms outputs it for CSS: Tokens Studio's types made DTCG's (and ours), unitless sizes in
 * px, percentages of line heights, letter spacings and opacities read, font weight names as numbers, math computed,
 * color modifiers applied. Whole aliases stay aliases. Tokens of `source` sets are read like the others. A token of
 * type `other`, without a type or of a type chosen with `--type` is typed from its value first.
 */
export function readTokensStudio(documents: readonly SourceDocument[], types: TypeChoices = {}): SourceRead {
  const typed = withStudioTypesFromValues(readStudioSources(documents), types);
  const sources = typed.sources;
  const { modes, notes: modeNotes } = modesOf(sources);
  const notes = [...(sources.notes ?? []), ...modeNotes, ...typed.notes];
  const merged = modes.map(mergeMode);
  const tokens: SourceToken[] = [];
  const issues: ImportIssue[] = [];
  for (const key of keysOf(sources.sets, merged)) {
    const read = readToken(key, merged);
    issues.push(...read.issues);
    if (read.token !== undefined) tokens.push(read.token);
  }
  return { tokens, issues, notes };
}

function mergeMode(mode: StudioMode): MergedMode {
  const tokens = new Map<string, StudioToken>();
  for (const set of mode.sets) for (const [key, token] of set.tokens) tokens.set(key, token);
  return { name: mode.name, tokens, convert: createValueConverter(tokens).convertToken };
}

/** Every key some mode has, in set order, then in document order. */
function keysOf(sets: readonly TokenSet[], modes: readonly MergedMode[]): string[] {
  const keys = new Set<string>();
  for (const set of sets) for (const key of set.tokens.keys()) if (modes.some((mode) => mode.tokens.has(key))) keys.add(key);
  return [...keys];
}

/** The token of `key` in every mode that has it (the base value from the first one when `light` has none), or why not. */
function readToken(key: string, modes: readonly MergedMode[]): { token: SourceToken | undefined; issues: ImportIssue[] } {
  const present = modes.flatMap((mode) => {
    const token = mode.tokens.get(key);
    return token === undefined ? [] : [{ mode, token }];
  });
  // keysOf gives only keys some mode has.
  const { mode: first, token: base } = itemAt(present, 0);
  const skipped = (reason: string) => ({ token: undefined, issues: [{ source: base.source, level: 'skipped' as const, reason }] });
  const unread = unreadTypeReason(base.type, base.value);
  if (unread !== undefined) return skipped(unread);
  // A type unreadTypeReason takes is one of STUDIO_TYPES.
  const studioType = valueAt(STUDIO_TYPES, String(base.type));

  const values = new Map<string, unknown>();
  const lossy = new Set<string>();
  for (const { mode, token } of present) {
    try {
      const converted = mode.convert(token);
      values.set(mode.name, converted.value);
      const inMode = mode === first ? '' : `in mode \`${mode.name}\` (${token.source}): `;
      for (const reason of converted.lossy) if (!lossy.has(reason)) lossy.add(`${inMode}${reason}`);
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      return skipped(mode === first ? error.message : `in mode \`${mode.name}\` (${token.source}): ${error.message}`);
    }
  }
  if (present.length < modes.length) {
    const missing = modes.filter((mode) => !present.some((each) => each.mode === mode)).map((mode) => `\`${mode.name}\``);
    lossy.add(`not in every theme (missing in ${missing.join(', ')}): those modes take its value in \`${first.name}\``);
  }

  const value = values.get(first.name);
  const otherModes: Record<string, unknown> = {};
  for (const [mode, modeValue] of values)
    if (mode !== 'light' && JSON.stringify(modeValue) !== JSON.stringify(value)) otherModes[mode] = modeValue;
  return {
    token: {
      key,
      type: studioType.kind === 'lineHeight' && typeof value === 'string' && !value.startsWith('{') ? 'dimension' : studioType.type,
      ourType: studioType.ourType,
      value,
      modes: otherModes,
      description: base.description,
      deprecated: undefined,
      extensions: base.extensions,
      source: base.source,
    },
    issues: [...lossy].map((reason) => ({ source: base.source, level: 'lossy' as const, reason })),
  };
}
