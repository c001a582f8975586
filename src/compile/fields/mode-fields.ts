import type { Report } from '../diagnostics/pending-diagnostic.js';
import { standsAlone, withDefaults } from './read-token-draft.js';
import { ALTERNATIVE_FIELDS } from './value-rules.js';
import type { TokenDraft } from './read-token-draft.js';
import { readValueDraft } from './value-draft.js';
import type { ValueDraft } from './value-draft.js';
import { newFieldRecord } from '../yaml/field-record.js';
import type { ValueFields } from '../yaml/source-entries.js';
import type { BreakpointDefinition, ModeDefinition, TokenType } from '../types.js';
import { atBreakpoint, modeOf } from './breakpoint-modes.js';
import { valueAt } from '../checked-access.js';

/** A token's value draft in each of its design system's modes (undefined for a mode it does not have). */
export interface ModeDrafts {
  get(mode: string): ValueDraft | undefined;
}

/** The drafts of a token that sets nothing per mode: one draft for every mode, without a map per token (most tokens). */
class SameDraftInEveryMode implements ModeDrafts {
  constructor(
    private readonly draft: ValueDraft,
    private readonly modes: ReadonlyMap<string, ModeDefinition>,
  ) {}

  get(mode: string): ValueDraft | undefined {
    return this.modes.has(modeOf(mode)) ? this.draft : undefined;
  }
}

/** The drafts of a token that sets some modes itself, by mode name. */
class DraftByMode implements ModeDrafts {
  constructor(private readonly drafts: Readonly<Record<string, ValueDraft>>) {}

  get(mode: string): ValueDraft | undefined {
    return this.drafts[mode];
  }
}

/**
 * Each mode's value of a token read into its draft: its base mode's fields, with the mode's own override laid over
 * them (light has the token's fields). A mode with nothing of its own shares its base's draft object. Undefined,
 * reported, when a mode's fields are incomplete (an inline override over a `primitive` that leaves a field out).
 */
export function draftsPerMode(
  draft: TokenDraft,
  modes: readonly ModeDefinition[],
  byName: ReadonlyMap<string, ModeDefinition>,
  report: Report,
  breakpoints: readonly BreakpointDefinition[] = [],
): ModeDrafts | undefined {
  if (draft.overrides.size === 0 && draft.breakpoints === undefined) {
    return new SameDraftInEveryMode(readValueDraft(draft.type, draft.fields), byName);
  }
  // Records by mode name rather than maps: a fifth of the tokens (each color with a `darkStep`) come this way.
  const fieldsByMode = newFieldRecord<ValueFields>();
  const draftByMode = newFieldRecord<ValueDraft>();
  fieldsByMode['light'] = draft.fields;
  draftByMode['light'] = readValueDraft(draft.type, draft.fields);
  let failed: Set<string> | undefined;
  const fieldsOf = (name: string): ValueFields | undefined => {
    const known = fieldsByMode[name];
    if (known !== undefined || failed?.has(name) === true) return known;
    const baseName = byName.get(name)?.base ?? 'light';
    const base = fieldsOf(baseName);
    if (base === undefined) {
      (failed ??= new Set()).add(name);
      return undefined;
    }
    const override = draft.overrides.get(name);
    if (override === undefined) {
      fieldsByMode[name] = base;
      draftByMode[name] = valueAt(draftByMode, baseName);
      return base;
    }
    const pos = firstFieldOf(override)?.pos ?? draft.entry.pos;
    const fields = withDefaults(draft.entry, draft.type, overlay(draft.type, base, override), pos, report, ` in mode \`${name}\``);
    if (fields === undefined) {
      (failed ??= new Set()).add(name);
      return undefined;
    }
    fieldsByMode[name] = fields;
    draftByMode[name] = readValueDraft(draft.type, fields);
    return fields;
  };
  for (const mode of modes) fieldsOf(mode.name);
  if (failed !== undefined) return undefined;
  if (draft.breakpoints === undefined) {
    // A token without values of its own per breakpoint has its mode's draft at each.
    for (const mode of modes)
      for (const breakpoint of breakpoints) draftByMode[atBreakpoint(mode.name, breakpoint.name)] = valueAt(draftByMode, mode.name);
    return new DraftByMode(draftByMode);
  }
  for (const mode of modes) {
    if (!draftsPerBreakpoint(draft, mode.name, modeChainOf(mode.name, byName), breakpoints, fieldsByMode, draftByMode, report))
      return undefined;
  }
  return new DraftByMode(draftByMode);
}

/** The modes from the one nearest `light` to `mode`, along its bases (`light` apart): whose per-breakpoint fields apply in `mode`. */
function modeChainOf(mode: string, byName: ReadonlyMap<string, ModeDefinition>): string[] {
  const chain: string[] = [];
  let current: string | null | undefined = mode;
  while (current !== undefined && current !== null && current !== 'light' && chain.length <= byName.size) {
    chain.unshift(current);
    current = byName.get(current)?.base;
  }
  return chain;
}

/**
 * The drafts of a token in `mode` at each breakpoint, mobile first: the fields at the breakpoint before (at the first,
 * the mode's own), the breakpoint's fields for every mode laid over them, then its fields for each mode of `chain`.
 * False, reported, when the fields at a breakpoint are incomplete.
 */
function draftsPerBreakpoint(
  draft: TokenDraft,
  mode: string,
  chain: readonly string[],
  breakpoints: readonly BreakpointDefinition[],
  fieldsByMode: Record<string, ValueFields>,
  draftByMode: Record<string, ValueDraft>,
  report: Report,
): boolean {
  let fields = valueAt(fieldsByMode, mode);
  let value = valueAt(draftByMode, mode);
  for (const breakpoint of breakpoints) {
    const override = draft.breakpoints?.get(breakpoint.name);
    let laid = fields;
    if (override?.fields !== undefined) laid = overlay(draft.type, laid, override.fields);
    for (const name of chain) {
      const own = override?.modes.get(name);
      if (own !== undefined) laid = overlay(draft.type, laid, own);
    }
    if (laid !== fields) {
      const pos = firstFieldOf(override?.fields ?? {})?.pos ?? draft.entry.pos;
      const complete = withDefaults(
        draft.entry,
        draft.type,
        laid,
        pos,
        report,
        ` at breakpoint \`${breakpoint.name}\` in mode \`${mode}\``,
      );
      if (complete === undefined) return false;
      fields = complete;
      value = readValueDraft(draft.type, complete);
    }
    draftByMode[atBreakpoint(mode, breakpoint.name)] = value;
  }
  return true;
}

/** The first field of `fields`, without listing them all. */
function firstFieldOf(fields: ValueFields): ValueFields[string] | undefined {
  for (const name in fields) return fields[name];
  return undefined;
}

/**
 * `override` laid over `base`: a reference (`primitive`, `ref`) or `none` replaces everything (an `alpha` alone over a
 * color's `ref` replaces only its alpha), and a field that stands for others (a literal `color` with its alpha, a
 * shadow's `layers`) replaces what it stands for, and the other way round.
 */
function overlay(type: TokenType, base: ValueFields, override: ValueFields): ValueFields {
  if (standsAlone(type, override)) return override;
  if (standsAlone(type, base)) {
    const alphaOverRef = base['ref'] !== undefined && Object.keys(override).every((name) => name === 'alpha');
    return alphaOverRef ? { ...base, ...override } : override;
  }
  const merged: Record<string, ValueFields[string]> = { ...base };
  const alternative = ALTERNATIVE_FIELDS[type];
  if (alternative !== undefined) {
    if (override[alternative.field] !== undefined) {
      for (const name of alternative.replaces) delete merged[name];
      // A literal carries its own alpha: an inherited `alpha` does not apply to it.
      if (type === 'color') delete merged['alpha'];
    }
    if (alternative.replaces.some((name) => override[name] !== undefined)) delete merged[alternative.field];
  }
  // Into the copy rather than `{ ...merged, ...override }`, a second copy: the same fields in the same order.
  for (const name in override) merged[name] = valueAt(override, name);
  return merged;
}
