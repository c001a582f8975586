import type { ChangeOperation, ValueFields } from '../../../src/changes/operations.js';
import type { FigmaPlanVariable } from '../../../src/views/formats/figma/figma-plan.js';
import type { FigmaHost } from './figma-host.js';
import { appliedRefOf, appliedVariableOf, PLUGIN_DATA, planIdOf, readJsonData } from './plugin-data.js';
import type { AppliedRef } from './plugin-data.js';
import { sameFigmaValue, toFigmaValue } from './plan-values.js';

/** What the designer changed in Figma since the last apply, as change-request operations on the ref applied. */
export interface ReadBack {
  readonly applied: AppliedRef;
  /** In the order they apply: values first, then renames. */
  readonly operations: readonly ChangeOperation[];
  /** Edits the plugin does not send, one plain sentence each (a part of a typography, a variable made in Figma). */
  readonly notSent: readonly string[];
}

const LENGTH_SCOPES: ReadonlySet<VariableScope> = new Set([
  'WIDTH_HEIGHT',
  'GAP',
  'CORNER_RADIUS',
  'STROKE_FLOAT',
  'FONT_SIZE',
  'LETTER_SPACING',
  'LINE_HEIGHT',
]);

/**
 * Compares the variables the plugin manages with the plan variables it last applied to them and answers the
 * differences as operations: a value changed in a mode is `set-value` (a literal in px, hex, ms, or `{ ref }` for an
 * alias of another managed token), a variable renamed in Figma is `rename-token`. Throws when nothing was applied.
 */
export async function readBack(host: FigmaHost): Promise<ReadBack> {
  const applied = appliedRefOf(host.root);
  if (applied === undefined) throw new Error('Nothing was applied to this file yet: apply a plan first.');
  const collections = (await host.variables.getLocalVariableCollectionsAsync()).filter((each) => planIdOf(each) !== '');
  const modesOf = new Map(collections.map((each) => [each.id, readJsonData<Record<string, string>>(each, PLUGIN_DATA.modes) ?? {}]));
  const variables = (await host.variables.getLocalVariablesAsync()).filter((each) => modesOf.has(each.variableCollectionId));
  const managed = variables.filter((each) => planIdOf(each) !== '');
  const byPlanId = new Map(managed.map((each) => [planIdOf(each), each]));
  const planIdByFigmaId = new Map(managed.map((each) => [each.id, planIdOf(each)]));
  const aliasOf = (planId: string): VariableAlias | undefined => {
    const target = byPlanId.get(planId);
    return target === undefined ? undefined : { type: 'VARIABLE_ALIAS', id: target.id };
  };
  const values: ChangeOperation[] = [];
  const renames: ChangeOperation[] = [];
  const notSent: string[] = [];
  for (const variable of variables) {
    const was = appliedVariableOf(variable);
    if (planIdOf(variable) === '' || was === undefined) {
      notSent.push(`${variable.name}: made in Figma, not by the plugin; add it as a token in the token browser.`);
      continue;
    }
    const modes = modesOf.get(variable.variableCollectionId) ?? {};
    for (const [mode, planValue] of Object.entries(was.valuesByMode)) {
      const modeId = modes[mode];
      const current = modeId === undefined ? undefined : variable.valuesByMode[modeId];
      const before = toFigmaValue(planValue, aliasOf);
      if (current === undefined || (before !== undefined && sameFigmaValue(current, before))) continue;
      if (was.part !== undefined) {
        notSent.push(`${variable.name} (${mode}): a part of ${was.token}; change the token itself in the token browser.`);
        continue;
      }
      const fields = fieldsOf(current, was, planIdByFigmaId);
      if (fields === undefined) notSent.push(`${variable.name} (${mode}): refers to a variable the plugin did not make.`);
      else values.push({ op: 'set-value', token: was.token, mode, fields });
    }
    if (variable.name !== was.name) {
      if (was.part !== undefined) notSent.push(`${variable.name}: a part of ${was.token} renamed; rename the token itself.`);
      else renames.push({ op: 'rename-token', token: was.token, to: variable.name.split('/').join('.') });
    }
  }
  return { applied, operations: [...values, ...renames], notSent };
}

/** A Figma value as the source format's value fields of the token's type (read from its variable type and scopes). */
function fieldsOf(value: VariableValue, was: FigmaPlanVariable, planIdByFigmaId: ReadonlyMap<string, string>): ValueFields | undefined {
  const tokenOf = (alias: VariableAlias): string | undefined => {
    const planId = planIdByFigmaId.get(alias.id);
    return planId === undefined || planId.includes('#') ? undefined : planId;
  };
  if (typeof value === 'object' && 'type' in value && value.type === 'VARIABLE_ALIAS') {
    const ref = tokenOf(value);
    return ref === undefined ? undefined : { ref };
  }
  if (typeof value === 'object' && 'opacity' in value && 'type' in value.color && typeof value.opacity === 'number') {
    const ref = tokenOf(value.color);
    return ref === undefined ? undefined : { ref, alpha: round(value.opacity / 100) };
  }
  switch (was.resolvedType) {
    case 'COLOR':
      return typeof value === 'object' && 'r' in value ? { color: hexOf(value) } : undefined;
    case 'FLOAT': {
      if (typeof value !== 'number') return undefined;
      if (was.scopes.includes('OPACITY')) return { value: round(value / 100) };
      if (was.scopes.includes('FONT_WEIGHT')) return { value: Math.round(value) };
      if (was.scopes.some((scope) => LENGTH_SCOPES.has(scope))) return { value: round(value), unit: 'px' };
      return { value: round(value) };
    }
    case 'TIMING':
      return typeof value === 'number' ? { value: round(value * 1000) } : undefined;
    case 'EASING': {
      const points = typeof value === 'object' && 'easingFunctionCubicBezier' in value ? value.easingFunctionCubicBezier : undefined;
      return points === undefined ? undefined : { value: [points.x1, points.y1, points.x2, points.y2].map(round) };
    }
    case 'BOOLEAN':
    case 'STRING':
      return typeof value === 'boolean' || typeof value === 'string' ? { value } : undefined;
  }
}

/** Figma keeps 32-bit floats: 4 decimals give back what was written (0.1 rather than 0.10000000149). */
const round = (number: number): number => Math.round(number * 1e4) / 1e4;

const byte = (channel: number): string =>
  Math.round(channel * 255)
    .toString(16)
    .padStart(2, '0')
    .toUpperCase();

/** `#RRGGBB`, or `#RRGGBBAA` when translucent: how the source format writes a literal color. */
function hexOf(color: RGB | RGBA): string {
  const alpha = 'a' in color ? color.a : 1;
  return `#${byte(color.r)}${byte(color.g)}${byte(color.b)}${alpha < 1 ? byte(alpha) : ''}`;
}
