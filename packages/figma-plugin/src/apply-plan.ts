import type { FigmaPlan } from '../../../src/views/formats/figma/figma-plan.js';
import { applyCollections } from './apply-collections.js';
import type { ApplyReport, Counts } from './apply-report.js';
import { applyStyles, writeEffectStyle, writeTextStyle } from './apply-styles.js';
import { applyVariables } from './apply-variables.js';
import type { FigmaHost } from './figma-host.js';
import { PLUGIN_DATA } from './plugin-data.js';
import type { AppliedRef } from './plugin-data.js';

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
