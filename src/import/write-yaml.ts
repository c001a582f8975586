import type { WrittenValue } from '../compile/types.js';
import { compareKeys } from '../compile/sort-order.js';
import type { GroupedValues, ImportedPrimitive, ImportedScale } from './group-values.js';
import type { ImportedToken } from './map-token.js';

const PLAIN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
/** A number with a unit (`1px`, `-0.01em`, `50%`): YAML's core schema reads it as a string, as designers write it. */
const LENGTH = /^-?(?:\d+\.?\d*|\.\d+)(?:px|rem|em|%|ms|s)$/;
/** Words YAML's core schema would read as something other than a string. */
const RESERVED = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n', '~']);

/** A value in YAML flow style: plain words as they are, other strings double-quoted (JSON's escaping is YAML's), lists and maps inline. */
export function flowValue(value: WrittenValue): string {
  if (typeof value === 'string')
    return (PLAIN.test(value) && !RESERVED.has(value.toLowerCase())) || LENGTH.test(value) ? value : JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value)) return `[${(value as readonly WrittenValue[]).map(flowValue).join(', ')}]`;
  const entries = Object.entries(value as Record<string, WrittenValue>);
  return `{ ${entries.map(([name, field]) => `${flowKey(name)}: ${flowValue(field)}`).join(', ')} }`;
}

const flowKey = (name: string): string =>
  /^[A-Za-z0-9_.-]+$/.test(name) && !RESERVED.has(name.toLowerCase()) ? name : JSON.stringify(name);

const SCHEMA_LINE = '# yaml-language-server: $schema=../../../schemas/source.schema.json';
const ROOT_SCHEMA_LINE = '# yaml-language-server: $schema=../../schemas/source.schema.json';

/**
 * The files of a design-system folder for grouped tokens: `system.yaml` (its name, and the modes the tokens and scale
 * steps have values in besides light and dark, each on light), `scales.yaml` and `primitives.yaml` when there are any,
 * and one file per top-level group under `tokens/`, one token per line in key order, each with the schema line for
 * editors.
 */
export function writeDesignSystemFiles(values: GroupedValues, name: string): Map<string, string> {
  const files = new Map<string, string>();
  const modes = furtherModesOf(values);
  const system = [`# yaml-language-server: $schema=../../schemas/system.schema.json`, `name: ${flowValue(name)}`];
  if (modes.length > 0) system.push('modes:', ...modes.map((mode) => `  ${flowKey(mode)}: { base: light }`));
  files.set('system.yaml', `${system.join('\n')}\n`);
  if (values.scales.length > 0) files.set('scales.yaml', writeScales(values.scales));
  if (values.primitives.length > 0) files.set('primitives.yaml', writePrimitives(values.primitives));
  const groups = new Map<string, ImportedToken[]>();
  for (const token of [...values.tokens].sort((a, b) => compareKeys(a.key, b.key))) {
    const group = token.key.split('.', 1)[0] as string;
    const list = groups.get(group) ?? [];
    list.push(token);
    groups.set(group, list);
  }
  for (const [group, list] of [...groups].sort(([a], [b]) => compareKeys(a, b))) {
    const lines = [SCHEMA_LINE, 'tokens:'];
    for (const token of list) {
      const fields: Record<string, WrittenValue> = { ...token.fields };
      if (token.modes !== undefined) fields['modes'] = token.modes;
      lines.push(`  ${token.key}: ${flowValue(fields)}`);
    }
    files.set(`tokens/${group}.yaml`, `${lines.join('\n')}\n`);
  }
  return files;
}

/**
 * The modes besides light and dark, in the order the tokens first have a value in them: a token on a scale step has
 * its step's modes, where it had them before its colors moved to the scale.
 */
function furtherModesOf({ tokens, scales }: GroupedValues): string[] {
  const stepsByScale = new Map(scales.map((scale) => [scale.name, new Map(scale.steps.map((step) => [step.step, step.colors]))]));
  const modes = new Set<string>();
  for (const token of tokens) {
    const { scale, step } = token.fields;
    const colors = typeof scale === 'string' && typeof step === 'number' ? stepsByScale.get(scale)?.get(step) : undefined;
    for (const mode of [...Object.keys(colors ?? {}), ...Object.keys(token.modes ?? {})])
      if (mode !== 'light' && mode !== 'dark') modes.add(mode);
  }
  return [...modes];
}

/** `scales.yaml`: each scale, one step per line, ascending. */
function writeScales(scales: readonly ImportedScale[]): string {
  const lines = [ROOT_SCHEMA_LINE, 'scales:'];
  for (const scale of scales) {
    lines.push(`  ${flowKey(scale.name)}:`);
    for (const step of scale.steps) lines.push(`    ${step.step}: ${flowValue(step.colors)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** `primitives.yaml`: per type, one primitive per line. */
function writePrimitives(primitives: readonly ImportedPrimitive[]): string {
  const byType = new Map<string, ImportedPrimitive[]>();
  for (const primitive of primitives) {
    const ofType = byType.get(primitive.type);
    if (ofType === undefined) byType.set(primitive.type, [primitive]);
    else ofType.push(primitive);
  }
  const lines = [ROOT_SCHEMA_LINE, 'primitives:'];
  for (const [type, ofType] of byType) {
    lines.push(`  ${flowKey(type)}:`);
    for (const primitive of ofType) lines.push(`    ${flowKey(primitive.name)}: ${flowValue(primitive.value)}`);
  }
  return `${lines.join('\n')}\n`;
}
