import type { Report } from '../diagnostics/pending-diagnostic.js';
import { standsAlone, withDefaults } from './read-token-draft.js';
import { ALTERNATIVE_FIELDS } from './value-rules.js';
import type { TokenDraft } from './read-token-draft.js';
import { readValueDraft } from './value-draft.js';
import type { ValueDraft } from './value-draft.js';
import type { ValueFields } from '../yaml/source-entries.js';
import type { ModeDefinition, TokenType } from '../types.js';

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
    return this.modes.has(mode) ? this.draft : undefined;
  }
}

/**
 * Each mode's value of a token read into its draft (see {@link fieldsPerMode}): modes that share their fields share one
 * draft object. Undefined, reported, when a mode's fields are incomplete.
 */
export function draftsPerMode(
  draft: TokenDraft,
  modes: readonly ModeDefinition[],
  byName: ReadonlyMap<string, ModeDefinition>,
  report: Report,
): ModeDrafts | undefined {
  if (draft.overrides.size === 0) return new SameDraftInEveryMode(readValueDraft(draft.type, draft.fields), byName);
  const perMode = fieldsPerMode(draft, modes, byName, report);
  if (perMode === undefined) return undefined;
  const read = new Map<ValueFields, ValueDraft>();
  const drafts = new Map<string, ValueDraft>();
  for (const [mode, fields] of perMode) {
    let value = read.get(fields);
    if (value === undefined) {
      value = readValueDraft(draft.type, fields);
      read.set(fields, value);
    }
    drafts.set(mode, value);
  }
  return drafts;
}

/**
 * Each mode's value fields of a token: its base mode's, with the mode's own override laid over them (light has the
 * token's fields). A mode with nothing of its own shares its base's object. Undefined, reported, when a mode's
 * fields are incomplete (an inline override over a `primitive` that leaves a field out).
 */
function fieldsPerMode(
  draft: TokenDraft,
  modes: readonly ModeDefinition[],
  byName: ReadonlyMap<string, ModeDefinition>,
  report: Report,
): Map<string, ValueFields> | undefined {
  const perMode = new Map<string, ValueFields>([['light', draft.fields]]);
  let failed: Set<string> | undefined;
  const fieldsOf = (name: string): ValueFields | undefined => {
    const known = perMode.get(name);
    if (known !== undefined || failed?.has(name) === true) return known;
    const base = fieldsOf(byName.get(name)?.base ?? 'light');
    if (base === undefined) {
      (failed ??= new Set()).add(name);
      return undefined;
    }
    const override = draft.overrides.get(name);
    let fields = base;
    if (override !== undefined) {
      const pos = firstFieldOf(override)?.pos ?? draft.entry.pos;
      const complete = withDefaults(draft.entry, draft.type, overlay(draft.type, base, override), pos, report, ` in mode \`${name}\``);
      if (complete === undefined) {
        (failed ??= new Set()).add(name);
        return undefined;
      }
      fields = complete;
    }
    perMode.set(name, fields);
    return fields;
  };
  for (const mode of modes) fieldsOf(mode.name);
  return failed === undefined ? perMode : undefined;
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
  return { ...merged, ...override };
}
