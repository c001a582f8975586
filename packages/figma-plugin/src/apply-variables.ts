import type { FigmaPlan, FigmaPlanVariable } from '../../../src/views/formats/figma/figma-plan.js';
import type { PlacedCollection } from './apply-collections.js';
import type { Counts } from './apply-report.js';
import type { FigmaHost } from './figma-host.js';
import { matchRenames } from './match-renames.js';
import { sameFigmaValue, toFigmaValue } from './plan-values.js';
import { appliedVariableOf, PLUGIN_DATA, planIdOf } from './plugin-data.js';

/** Makes, renames, updates and removes the plan's variables; answers the Figma variable of each plan id. */
export async function applyVariables(
  host: FigmaHost,
  plan: FigmaPlan,
  collections: ReadonlyMap<string, PlacedCollection>,
  counts: Counts,
  step: () => Promise<void>,
): Promise<ReadonlyMap<string, Variable>> {
  const managed = (await host.variables.getLocalVariablesAsync()).filter((each) => !each.remote && planIdOf(each) !== '');
  const byPlanId = new Map(managed.map((each) => [planIdOf(each), each]));
  const wanted = new Map(plan.variables.map((each) => [each.id, each]));
  const orphans = managed.filter((each) => !wanted.has(planIdOf(each)));
  const renames = matchRenames(
    orphans.map((each) => ({ id: planIdOf(each), applied: appliedVariableOf(each) })),
    plan.variables.filter((each) => !byPlanId.has(each.id)),
  );
  for (const orphan of orphans) {
    if (renames.has(planIdOf(orphan))) continue;
    byPlanId.delete(planIdOf(orphan));
    orphan.remove();
    counts.removed += 1;
  }
  for (const [from, to] of renames) {
    const variable = byPlanId.get(from) as Variable;
    byPlanId.delete(from);
    byPlanId.set(to, variable);
    variable.setPluginData(PLUGIN_DATA.planId, to);
    counts.renamed += 1;
  }
  // Names first, all of them, so a name another variable gives up in this plan is free when it is taken.
  const taken = new Map(
    managed.filter((each) => byPlanId.get(planIdOf(each)) === each).map((each) => [`${each.variableCollectionId}\n${each.name}`, each]),
  );
  const renamedTo = new Map<Variable, string>();
  for (const want of plan.variables) {
    const variable = byPlanId.get(want.id);
    if (variable === undefined || variable.name === want.name) continue;
    const holder = taken.get(`${variable.variableCollectionId}\n${want.name}`);
    if (holder !== undefined && holder !== variable) {
      // Free the name first: its holder gets its own plan name below (or a placeholder until then).
      holder.name = `${holder.name} (${holder.id})`;
    }
    renamedTo.set(variable, want.name);
  }
  for (const [variable, name] of renamedTo) variable.name = name;
  const fresh = new Set<Variable>();
  for (const want of plan.variables) {
    if (byPlanId.has(want.id)) continue;
    const placed = collections.get(want.collection);
    if (placed === undefined) throw new Error(`The plan's variable ${want.id} names a collection it does not have (${want.collection}).`);
    const variable = host.variables.createVariable(want.name, placed.collection, want.resolvedType);
    variable.setPluginData(PLUGIN_DATA.planId, want.id);
    byPlanId.set(want.id, variable);
    fresh.add(variable);
    counts.created += 1;
  }
  const aliasOf = (planId: string): VariableAlias | undefined => {
    const target = byPlanId.get(planId);
    return target === undefined ? undefined : host.variables.createVariableAlias(target);
  };
  for (const want of plan.variables) {
    const variable = byPlanId.get(want.id) as Variable;
    const placed = collections.get(want.collection) as PlacedCollection;
    const changed = writeVariable(variable, want, placed, aliasOf, counts) || renamedTo.has(variable);
    if (changed && !fresh.has(variable)) counts.updated += 1;
    const applied = JSON.stringify(want);
    if (variable.getPluginData(PLUGIN_DATA.applied) !== applied) variable.setPluginData(PLUGIN_DATA.applied, applied);
    await step();
  }
  return byPlanId;
}

/** Writes what differs of one variable; answers whether anything did. */
function writeVariable(
  variable: Variable,
  want: FigmaPlanVariable,
  placed: PlacedCollection,
  aliasOf: (planId: string) => VariableAlias | undefined,
  counts: Counts,
): boolean {
  let changed = false;
  if (variable.description !== want.description) {
    variable.description = want.description;
    changed = true;
  }
  const scopes = [...want.scopes].sort();
  if ([...variable.scopes].sort().join() !== scopes.join()) {
    variable.scopes = [...want.scopes];
    changed = true;
  }
  for (const platform of ['WEB', 'ANDROID', 'iOS'] as const) {
    const text = want.codeSyntax[platform];
    if (variable.codeSyntax[platform] === text) continue;
    if (text === undefined) variable.removeVariableCodeSyntax(platform);
    else variable.setVariableCodeSyntax(platform, text);
    changed = true;
  }
  for (const [planMode, value] of Object.entries(want.valuesByMode)) {
    const modeId = placed.modes.get(planMode);
    const figmaValue = toFigmaValue(value, aliasOf);
    if (modeId === undefined || figmaValue === undefined) {
      counts.problems.push(`${want.id}: its value in ${planMode} names a variable the plan does not have; left as it was.`);
      continue;
    }
    const current = variable.valuesByMode[modeId];
    if (current !== undefined && sameFigmaValue(current, figmaValue)) continue;
    variable.setValueForMode(modeId, figmaValue);
    changed = true;
  }
  return changed;
}
