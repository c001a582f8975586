import type { FigmaPlanVariable } from '../../../src/views/formats/figma/figma-plan.js';

/** A variable the plugin made whose plan id the new plan no longer has. */
export interface OrphanVariable {
  readonly id: string;
  /** The plan variable as last applied to it. */
  readonly applied: FigmaPlanVariable | undefined;
}

/**
 * The renamed tokens among the orphans: old plan id -> new plan id. A token renamed in Git has a new key, so a new plan
 * id; it is the orphan and the newcomer that match one to one on what the rename keeps (the type, the part, the
 * description, the scopes, the value in every mode, aliases by the id of their target after the renames found so
 * far). An orphan or newcomer that matches several is not paired: it is removed or created, never guessed.
 */
export function matchRenames(orphans: readonly OrphanVariable[], newcomers: readonly FigmaPlanVariable[]): Map<string, string> {
  const renames = new Map<string, string>();
  // Aliases of a renamed variable name its new id: repeat until no more pairs are found (a chain of renamed aliases).
  for (;;) {
    const before = renames.size;
    const keyOf = (variable: FigmaPlanVariable): string => fingerprint(variable, renames);
    const orphansByKey = groupBy(
      orphans.filter((each) => each.applied !== undefined && !renames.has(each.id)),
      (each) => keyOf(each.applied as FigmaPlanVariable),
    );
    const paired = new Set(renames.values());
    const newcomersByKey = groupBy(
      newcomers.filter((each) => !paired.has(each.id)),
      keyOf,
    );
    for (const [key, found] of orphansByKey) {
      const matches = newcomersByKey.get(key);
      if (found.length === 1 && matches?.length === 1) renames.set((found[0] as OrphanVariable).id, (matches[0] as FigmaPlanVariable).id);
    }
    if (renames.size === before) return renames;
  }
}

function fingerprint(variable: FigmaPlanVariable, renames: ReadonlyMap<string, string>): string {
  const values = Object.entries(variable.valuesByMode)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([mode, value]) => [mode, renamedAlias(value, renames)]);
  return JSON.stringify([
    variable.collection,
    variable.resolvedType,
    variable.part ?? '',
    variable.description,
    [...variable.scopes].sort(),
    values,
  ]);
}

function renamedAlias(value: FigmaPlanVariable['valuesByMode'][string], renames: ReadonlyMap<string, string>): unknown {
  if (typeof value !== 'object') return value;
  if ('type' in value && value.type === 'VARIABLE_ALIAS') return { alias: renames.get(value.variable) ?? value.variable };
  if ('opacity' in value) return { alias: renames.get(value.color.variable) ?? value.color.variable, opacity: value.opacity };
  return value;
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}
