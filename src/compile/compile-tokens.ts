import { deepFreeze } from './deep-freeze.js';
import { wordsOfKey } from './key-words.js';
import type { PrimitiveDefinition } from './merge-primitives.js';
import type { ScaleSteps } from './merge-scales.js';
import { isDefinedBefore } from './defined-once.js';
import { describePosition } from './message-text.js';
import type { Report } from './pending-diagnostic.js';
import { fieldsPerMode } from './mode-fields.js';
import { readTokenDraft } from './read-token-draft.js';
import type { TokenDraft, ValueFields } from './read-token-draft.js';
import { resolveColor } from './resolve-color.js';
import { resolveNonColor } from './resolve-non-color.js';
import { sortTokenKeys } from './sort-order.js';
import type { SourceFileEntries } from './source-entries.js';
import type { ModeDefinition, ModeValues, Rgba, SourcePosition, Token, TokenValue, TypedValue } from './types.js';

/**
 * The tokens of every file, in token key order, each checked and resolved against the scales and primitives; a
 * token with any problem is left out and reported.
 */
export function compileTokens(
  files: readonly SourceFileEntries[],
  scales: ScaleSteps,
  primitives: ReadonlyMap<string, PrimitiveDefinition>,
  modes: readonly ModeDefinition[],
  report: Report,
): Token[] {
  const drafts = readDrafts(files, firstGroupPositions(files), modes, report);
  const resolved = resolveDrafts(drafts, scales, primitives, modes, report);
  return listInKeyOrder(drafts, resolved, report);
}

/** A draft resolved: its fields in every mode and its value in every mode. */
interface Resolved {
  readonly fields: ReadonlyMap<string, ValueFields>;
  readonly values: ModeValues<TypedValue>;
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
  modes: readonly ModeDefinition[],
  report: Report,
): Map<string, TokenDraft> {
  const modeNames = modes.map((mode) => mode.name);
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
      const draft = readTokenDraft(entry, modeNames, report);
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
  modes: readonly ModeDefinition[],
  report: Report,
): Map<string, Resolved> {
  const colors = new Map<string, ModeValues<Rgba>>();
  const resolved = new Map<string, Resolved>();
  const modesByName = new Map(modes.map((mode) => [mode.name, mode]));
  // Tokens on the same scale step share one value object: 10,000 tokens hold a few hundred colors.
  const colorValues = new Map<Rgba, TypedValue>();
  const colorValue = (color: Rgba): TypedValue => {
    let value = colorValues.get(color);
    if (value === undefined) {
      value = { kind: 'color', color };
      colorValues.set(color, value);
    }
    return value;
  };
  for (const [key, draft] of drafts) {
    if (draft.type !== 'color') continue;
    const fields = fieldsPerMode(draft, modes, modesByName, report);
    const value = fields === undefined ? undefined : resolveColor(draft, fields, scales, report);
    if (fields === undefined || value === undefined) continue;
    colors.set(key, value);
    const values: Record<string, TypedValue> = {};
    for (const [mode, color] of Object.entries(value)) values[mode] = colorValue(color);
    resolved.set(key, { fields, values: values as ModeValues<TypedValue> });
  }
  const references = { primitives, drafts, colors, primitiveValues: new Map<string, TypedValue>() };
  for (const [key, draft] of drafts) {
    if (draft.type === 'color') continue;
    const fields = fieldsPerMode(draft, modes, modesByName, report);
    const values = fields === undefined ? undefined : resolveNonColor(draft, fields, references, report);
    if (fields !== undefined && values !== undefined) resolved.set(key, { fields, values });
  }
  return resolved;
}

/** The resolved tokens in token key order; two keys made of the same words (one CSS name) are a warning. */
function listInKeyOrder(drafts: ReadonlyMap<string, TokenDraft>, resolved: ReadonlyMap<string, Resolved>, report: Report): Token[] {
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
    const { fields, values } = resolved.get(key) as Resolved;
    const token: Token = {
      key,
      type: draft.type,
      value: apiValue(draft, fields),
      ...(draft.writtenModes === undefined ? {} : { modes: draft.writtenModes }),
      resolved: values,
    };
    tokens.push(deepFreeze(draft.description === undefined ? token : { ...token, description: draft.description }));
  }
  return tokens;
}

/**
 * A token's `value` as the API serves it: its light fields in the order of its type's fields; a color on a scale
 * also has `darkStep` when its dark color comes from the same scale (the spec's shape), whatever spelling gave it.
 */
function apiValue(draft: TokenDraft, fields: ReadonlyMap<string, ValueFields>): TokenValue {
  const light = fields.get('light') as ValueFields;
  if (light['primitive'] !== undefined) return { primitive: light['primitive'].value as string };
  const value: Record<string, string | number | boolean> = {};
  // The light fields are in their type's order already; `darkStep` goes after `step`.
  for (const name in light) {
    value[name] = (light[name] as ValueFields[string]).value as string | number | boolean;
    if (name === 'step' && draft.type === 'color') {
      const darkStep = darkStepOf(light, fields.get('dark') as ValueFields);
      if (darkStep !== undefined) value['darkStep'] = darkStep.value as number;
    }
  }
  return value;
}

function darkStepOf(light: ValueFields, dark: ValueFields): ValueFields[string] | undefined {
  if (light['scale'] === undefined || dark['color'] !== undefined || dark['scale']?.value !== light['scale'].value) return undefined;
  return dark['step'];
}
