import type { FigmaPlan, FigmaPlanCollection } from '../../../src/views/formats/figma/figma-plan.js';
import type { ApplyReport, Counts } from './apply-report.js';
import type { FigmaHost } from './figma-host.js';
import { describeModeLimit, modeLimitOf } from './mode-limit.js';
import { PLUGIN_DATA, planIdOf, readJsonData } from './plugin-data.js';

/** A plan collection placed in the file. */
export interface PlacedCollection {
  readonly collection: VariableCollection;
  /** Figma mode id by plan mode id. */
  readonly modes: ReadonlyMap<string, string>;
}

/** Finds or makes each collection with its modes; undoes what it made when Figma refuses a mode over the plan's limit. */
export async function applyCollections(
  host: FigmaHost,
  plan: FigmaPlan,
  counts: Counts,
): Promise<
  { byId: ReadonlyMap<string, PlacedCollection>; stale: VariableCollection[] } | { modeLimit: NonNullable<ApplyReport['modeLimit']> }
> {
  const existing = (await host.variables.getLocalVariableCollectionsAsync()).filter((each) => !each.remote && planIdOf(each) !== '');
  const byId = new Map<string, PlacedCollection>();
  for (const want of plan.collections) {
    const found = existing.find((each) => planIdOf(each) === want.id);
    const placed = placeCollection(host, want, found, counts);
    if ('limit' in placed) return { modeLimit: placed };
    byId.set(want.id, placed);
  }
  const wanted = new Set(plan.collections.map((each) => each.id));
  return { byId, stale: existing.filter((each) => !wanted.has(planIdOf(each))) };
}

function placeCollection(
  host: FigmaHost,
  want: FigmaPlanCollection,
  found: VariableCollection | undefined,
  counts: Counts,
): PlacedCollection | { limit: number; modes: number; message: string } {
  const collection = found ?? host.variables.createVariableCollection(want.name);
  if (found === undefined) {
    collection.setPluginData(PLUGIN_DATA.planId, want.id);
    counts.created += 1;
  } else if (collection.name !== want.name) {
    collection.name = want.name;
    counts.updated += 1;
  }
  const known = readJsonData<Record<string, string>>(collection, PLUGIN_DATA.modes) ?? {};
  const present = new Set(collection.modes.map((mode) => mode.modeId));
  const modes = new Map<string, string>();
  const added: string[] = [];
  const unused = collection.modes.map((mode) => mode.modeId).filter((id) => !Object.values(known).includes(id));
  for (const mode of want.modes) {
    let modeId = known[mode.id];
    if (modeId === undefined || !present.has(modeId)) {
      // A new collection's first mode ("Mode 1") becomes the plan's first.
      modeId = found === undefined && modes.size === 0 ? unused.shift() : undefined;
      if (modeId === undefined) {
        try {
          modeId = collection.addMode(mode.name);
        } catch (error) {
          const limit = modeLimitOf(error);
          if (limit === undefined) throw error;
          for (const id of added) collection.removeMode(id);
          if (found === undefined) collection.remove();
          counts.created = 0;
          return { limit, modes: want.modes.length, message: describeModeLimit(limit, want.modes.length, want.name) };
        }
        added.push(modeId);
        counts.created += 1;
      }
    }
    const current = collection.modes.find((each) => each.modeId === modeId);
    if (current !== undefined && current.name !== mode.name) {
      collection.renameMode(modeId, mode.name);
      if (found !== undefined && !added.includes(modeId)) counts.updated += 1;
    }
    modes.set(mode.id, modeId);
  }
  for (const [planMode, modeId] of Object.entries(known)) {
    if (modes.has(planMode) || !present.has(modeId) || collection.modes.length <= 1) continue;
    collection.removeMode(modeId);
    counts.removed += 1;
  }
  const record = JSON.stringify(Object.fromEntries(modes));
  if (collection.getPluginData(PLUGIN_DATA.modes) !== record) collection.setPluginData(PLUGIN_DATA.modes, record);
  return { collection, modes };
}
