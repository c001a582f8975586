import type { WrittenValue } from '../compile/types.js';
import { compareKeys } from '../compile/sort-order.js';
import type { ImportedToken } from './map-token.js';

const PLAIN = /^[A-Za-z][A-Za-z0-9_.-]*$/;
/** Words YAML's core schema would read as something other than a string. */
const RESERVED = new Set(['true', 'false', 'null', 'yes', 'no', 'on', 'off', 'y', 'n', '~']);

/** A value in YAML flow style: plain words as they are, other strings double-quoted (JSON's escaping is YAML's), lists and maps inline. */
export function flowValue(value: WrittenValue): string {
  if (typeof value === 'string') return PLAIN.test(value) && !RESERVED.has(value.toLowerCase()) ? value : JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return String(value);
  if (Array.isArray(value)) return `[${(value as readonly WrittenValue[]).map(flowValue).join(', ')}]`;
  const entries = Object.entries(value as Record<string, WrittenValue>);
  return `{ ${entries.map(([name, field]) => `${flowKey(name)}: ${flowValue(field)}`).join(', ')} }`;
}

const flowKey = (name: string): string =>
  /^[A-Za-z0-9_.-]+$/.test(name) && !RESERVED.has(name.toLowerCase()) ? name : JSON.stringify(name);

const SCHEMA_LINE = '# yaml-language-server: $schema=../../../schemas/source.schema.json';

/**
 * The files of a design-system folder for `tokens`: `system.yaml` (its name, and the modes the tokens have values in
 * besides light and dark, each on light) and one file per top-level group under `tokens/`, one token per line in key
 * order, with the schema line for editors.
 */
export function writeDesignSystemFiles(tokens: readonly ImportedToken[], name: string): Map<string, string> {
  const files = new Map<string, string>();
  const modes = new Set<string>();
  for (const token of tokens) for (const mode of Object.keys(token.modes ?? {})) if (mode !== 'dark') modes.add(mode);
  const system = [`# yaml-language-server: $schema=../../schemas/system.schema.json`, `name: ${flowValue(name)}`];
  if (modes.size > 0) system.push('modes:', ...[...modes].map((mode) => `  ${flowKey(mode)}: { base: light }`));
  files.set('system.yaml', `${system.join('\n')}\n`);
  const groups = new Map<string, ImportedToken[]>();
  for (const token of [...tokens].sort((a, b) => compareKeys(a.key, b.key))) {
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
