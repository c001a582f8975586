/// <reference types="@figma/plugin-typings/plugin-api.d.ts" />
import type { FigmaPlanVariable } from '../../../src/views/formats/figma/figma-plan.js';

/**
 * What the plugin keeps in Figma's plugin data (`setPluginData`, private to this plugin, saved in the file, never in
 * Git): on each variable, collection and style it made, the plan id it carries; on a variable also the plan variable
 * as last applied (what a read-back compares with); on a collection the Figma mode of each plan mode; on the document
 * the ref last applied.
 */
export const PLUGIN_DATA = {
  /** The plan id (`color.text.default`, `typography.body#fontSize`, the collection's design system id). */
  planId: 'planId',
  /** On a variable: the plan variable (JSON) as last applied. */
  applied: 'applied',
  /** On a collection: `{ "<plan mode id>": "<Figma mode id>" }` (JSON). */
  modes: 'modes',
  /** On the document: {@link AppliedRef} (JSON). */
  appliedRef: 'appliedRef',
} as const;

/** Which ref of which server is in the file, and when it was applied. */
export interface AppliedRef {
  readonly server: string;
  readonly designSystem: string;
  /** What the designer asked for (`main`, `v1.4.0`), `''` for the server's live revision. */
  readonly ref: string;
  /** The commit the plan was made from (`X-Git-Commit`): the base of a change request sent back. */
  readonly commit: string;
  readonly contentHash: string;
  /** ISO 8601. */
  readonly appliedAt: string;
}

/** Anything with plugin data. */
export type WithPluginData = Pick<PluginDataMixin, 'getPluginData' | 'setPluginData'>;

/** The plan id a node carries, `''` when the plugin did not make it. */
export const planIdOf = (node: WithPluginData): string => node.getPluginData(PLUGIN_DATA.planId);

/** Reads JSON plugin data; undefined when absent or not JSON (a file edited by another tool). */
export function readJsonData<T>(node: WithPluginData, key: string): T | undefined {
  const text = node.getPluginData(key);
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The plan variable last applied to a variable. */
export const appliedVariableOf = (node: WithPluginData): FigmaPlanVariable | undefined =>
  readJsonData<FigmaPlanVariable>(node, PLUGIN_DATA.applied);

/** The ref last applied to the file, undefined before the first apply. */
export const appliedRefOf = (root: WithPluginData): AppliedRef | undefined => readJsonData<AppliedRef>(root, PLUGIN_DATA.appliedRef);
