import type {
  FigmaPlan,
  FigmaPlanCollection,
  FigmaPlanEffectStyle,
  FigmaPlanTextStyle,
  FigmaPlanVariable,
} from '../../../src/views/formats/figma/figma-plan.js';
import type { FigmaHost } from './figma-host.js';
import { describeModeLimit, modeLimitOf } from './mode-limit.js';
import { appliedVariableOf, PLUGIN_DATA, planIdOf, readJsonData } from './plugin-data.js';
import type { AppliedRef } from './plugin-data.js';
import { matchRenames } from './match-renames.js';
import { sameFigmaValue, sameNumber, toFigmaValue } from './plan-values.js';
import { fontStyleOf } from './font-style.js';

/** How an apply went: what it changed (0 of each on a second apply of the same plan), and what it could not do. */
export interface ApplyReport {
  readonly created: number;
  readonly updated: number;
  /** Variables and styles that kept their Figma node under a new plan id (a token renamed in Git). */
  readonly renamed: number;
  readonly removed: number;
  /** Plain sentences, one per problem (a font Figma cannot load, an alias whose target is missing). */
  readonly problems: readonly string[];
  /** Set when the file's Figma plan allows fewer modes than the design system has: nothing else was applied. */
  readonly modeLimit?: { readonly limit: number; readonly modes: number; readonly message: string };
}

/** What `applyPlan` needs besides the plan. */
export interface ApplyOptions {
  /** What is recorded in the file as applied (the time included). */
  readonly applied: AppliedRef;
  /** Variables and styles written per chunk before `yieldToHost` (Figma's UI stays responsive between chunks). */
  readonly chunkSize?: number;
  readonly onProgress?: (done: number, total: number) => void;
  readonly yieldToHost?: () => Promise<void>;
}

/** The plan formats this plugin applies. */
const KNOWN_VERSIONS = new Set([1]);
const DEFAULT_CHUNK = 200;

interface Counts {
  created: number;
  updated: number;
  renamed: number;
  removed: number;
  problems: string[];
}

/**
 * Applies a plan to the file: creates what is missing, updates what changed, removes what it made that the plan no
 * longer has (never a variable or style of anyone else), keeps a renamed token's variable. A second apply of the same
 * plan changes nothing. A mode limit is found from Figma's own error and reported; then nothing else is applied.
 */
export async function applyPlan(host: FigmaHost, plan: FigmaPlan, options: ApplyOptions): Promise<ApplyReport> {
  if (plan.format !== 'figma-plan' || !KNOWN_VERSIONS.has(plan.version))
    throw new Error(
      `This is not a Figma plan this plugin knows (format ${String(plan.format)}, version ${String(plan.version)}): update the plugin.`,
    );
  const counts: Counts = { created: 0, updated: 0, renamed: 0, removed: 0, problems: [] };
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK;
  const total = plan.variables.length + plan.textStyles.length + plan.effectStyles.length;
  let done = 0;
  let sinceYield = 0;
  const step = async (): Promise<void> => {
    done += 1;
    sinceYield += 1;
    if (sinceYield >= chunkSize) {
      sinceYield = 0;
      options.onProgress?.(done, total);
      await options.yieldToHost?.();
    }
  };

  const collections = await applyCollections(host, plan, counts);
  if ('modeLimit' in collections) return { ...counts, modeLimit: collections.modeLimit };

  const variables = await applyVariables(host, plan, collections.byId, counts, step);
  const textStyles = await host.getLocalTextStylesAsync();
  await applyStyles(
    textStyles,
    plan.textStyles,
    () => host.createTextStyle(),
    counts,
    step,
    (style, want) => writeTextStyle(host, style, want, variables, counts),
  );
  const effectStyles = await host.getLocalEffectStylesAsync();
  await applyStyles(
    effectStyles,
    plan.effectStyles,
    () => host.createEffectStyle(),
    counts,
    step,
    (style, want) => writeEffectStyle(host, style, want, variables),
  );
  for (const collection of collections.stale) {
    collection.remove();
    counts.removed += 1;
  }
  host.root.setPluginData(PLUGIN_DATA.appliedRef, JSON.stringify(options.applied));
  options.onProgress?.(total, total);
  return counts;
}

interface PlacedCollection {
  readonly collection: VariableCollection;
  /** Figma mode id by plan mode id. */
  readonly modes: ReadonlyMap<string, string>;
}

/** Finds or makes each collection with its modes; undoes what it made when Figma refuses a mode over the plan's limit. */
async function applyCollections(
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

/** Makes, renames, updates and removes the plan's variables; answers the Figma variable of each plan id. */
async function applyVariables(
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

type ManagedStyle = BaseStyleMixin;

/** Makes, updates and removes the plugin's styles of one kind. */
async function applyStyles<S extends ManagedStyle, W extends { readonly id: string; readonly name: string; readonly description: string }>(
  existing: readonly S[],
  wanted: readonly W[],
  create: () => S,
  counts: Counts,
  step: () => Promise<void>,
  write: (style: S, want: W) => Promise<boolean>,
): Promise<void> {
  const managed = new Map(existing.filter((each) => !each.remote && planIdOf(each) !== '').map((each) => [planIdOf(each), each]));
  const wantedIds = new Set(wanted.map((each) => each.id));
  const orphans = [...managed.values()].filter((each) => !wantedIds.has(planIdOf(each)));
  // A renamed token's style keeps its node: the one orphan whose name matches nothing else goes to the new id of the same kind.
  const newcomers = wanted.filter((each) => !managed.has(each.id));
  if (orphans.length === 1 && newcomers.length === 1) {
    const [orphan] = orphans as [S];
    const [newcomer] = newcomers as [W];
    managed.delete(planIdOf(orphan));
    managed.set(newcomer.id, orphan);
    orphan.setPluginData(PLUGIN_DATA.planId, newcomer.id);
    counts.renamed += 1;
  } else {
    for (const orphan of orphans) {
      managed.delete(planIdOf(orphan));
      orphan.remove();
      counts.removed += 1;
    }
  }
  for (const want of wanted) {
    let style = managed.get(want.id);
    const fresh = style === undefined;
    if (style === undefined) {
      style = create();
      style.setPluginData(PLUGIN_DATA.planId, want.id);
      counts.created += 1;
    }
    let changed = false;
    if (style.name !== want.name) {
      style.name = want.name;
      changed = true;
    }
    if (style.description !== want.description) {
      style.description = want.description;
      changed = true;
    }
    if ((await write(style, want)) || changed) {
      if (!fresh) counts.updated += 1;
    }
    await step();
  }
}

const TEXT_FIELDS = ['fontFamily', 'fontSize', 'fontWeight', 'lineHeight', 'letterSpacing'] as const;

/** Writes what differs of a text style (its font loaded first, as Figma requires); answers whether anything did. */
async function writeTextStyle(
  host: FigmaHost,
  style: TextStyle,
  want: FigmaPlanTextStyle,
  variables: ReadonlyMap<string, Variable>,
  counts: Counts,
): Promise<boolean> {
  const fontName = { family: want.fontFamily, style: fontStyleOf(want.fontWeight) };
  try {
    await host.loadFontAsync(style.fontName);
    await host.loadFontAsync(fontName);
  } catch {
    counts.problems.push(
      `${want.id}: Figma cannot load the font "${fontName.family} ${fontName.style}"; install it, then apply again (the style was left as it was).`,
    );
    return false;
  }
  let changed = false;
  if (style.fontName.family !== fontName.family || style.fontName.style !== fontName.style) {
    style.fontName = fontName;
    changed = true;
  }
  if (!sameNumber(style.fontSize, want.fontSize)) {
    style.fontSize = want.fontSize;
    changed = true;
  }
  if (!sameMeasure(style.lineHeight, want.lineHeight)) {
    style.lineHeight = { ...want.lineHeight };
    changed = true;
  }
  if (!sameMeasure(style.letterSpacing, want.letterSpacing)) {
    style.letterSpacing = { ...want.letterSpacing };
    changed = true;
  }
  for (const field of TEXT_FIELDS) {
    const planId = want.boundVariables[field];
    const variable = planId === undefined ? undefined : variables.get(planId);
    const current = style.boundVariables?.[field]?.id;
    if (current === variable?.id) continue;
    style.setBoundVariable(field, variable ?? null);
    changed = true;
  }
  return changed;
}

const sameMeasure = (a: LineHeight | LetterSpacing, b: FigmaPlanTextStyle['lineHeight']): boolean =>
  a.unit === b.unit && (a.unit === 'AUTO' || ('value' in a && 'value' in b && sameNumber(a.value, b.value)));

const EFFECT_FIELDS = ['color', 'offsetX', 'offsetY', 'radius', 'spread'] as const;

/** Writes an effect style's effects when they differ; answers whether they did. */
async function writeEffectStyle(
  host: FigmaHost,
  style: EffectStyle,
  want: FigmaPlanEffectStyle,
  variables: ReadonlyMap<string, Variable>,
): Promise<boolean> {
  const effects = want.effects.map((layer) => {
    let effect: Effect = {
      type: layer.type,
      color: { ...layer.color },
      offset: { ...layer.offset },
      radius: layer.radius,
      spread: layer.spread,
      visible: layer.visible,
      blendMode: layer.blendMode,
    };
    for (const field of EFFECT_FIELDS) {
      const planId = layer.boundVariables[field];
      const variable = planId === undefined ? undefined : variables.get(planId);
      if (variable !== undefined) effect = host.variables.setBoundVariableForEffect(effect, field, variable);
    }
    return effect;
  });
  if (sameEffects(style.effects, effects)) return false;
  style.effects = effects;
  return true;
}

function sameEffects(a: readonly Effect[], b: readonly Effect[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((effect, index) => {
    const other = b[index] as Effect;
    if ((effect.type !== 'DROP_SHADOW' && effect.type !== 'INNER_SHADOW') || effect.type !== other.type) return false;
    const shadow = other;
    const bound = (each: DropShadowEffect | InnerShadowEffect): string =>
      EFFECT_FIELDS.map((field) => each.boundVariables?.[field]?.id ?? '').join();
    return (
      sameFigmaValue(effect.color, shadow.color) &&
      sameNumber(effect.offset.x, shadow.offset.x) &&
      sameNumber(effect.offset.y, shadow.offset.y) &&
      sameNumber(effect.radius, shadow.radius) &&
      sameNumber(effect.spread ?? 0, shadow.spread ?? 0) &&
      effect.visible === shadow.visible &&
      effect.blendMode === shadow.blendMode &&
      bound(effect) === bound(shadow)
    );
  });
}
