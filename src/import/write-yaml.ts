import { mapValueAt } from '../compile/checked-access.js';
import type { WrittenValue } from '../compile/types.js';
import { MAX_SOURCE_FILE_BYTES } from '../compile/yaml/parse-source-file.js';
import { compareKeys } from '../compile/diagnostics/sort-order.js';
import { fileNamesOf } from './file-groups.js';
import type { GroupedValues, ImportedPrimitive, ImportedScale } from './group-values.js';
import type { ImportedToken } from './map-token.js';
import { isWrittenList } from '../compile/narrow-unknown.js';

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
  if (isWrittenList(value)) return `[${value.map(flowValue).join(', ')}]`;
  const entries = Object.entries(value);
  return `{ ${entries.map(([name, field]) => `${flowKey(name)}: ${flowValue(field)}`).join(', ')} }`;
}

const flowKey = (name: string): string =>
  /^[A-Za-z0-9_.-]+$/.test(name) && !RESERVED.has(name.toLowerCase()) ? name : JSON.stringify(name);

const SCHEMA_LINE = '# yaml-language-server: $schema=../../../schemas/source.schema.json';
const ROOT_SCHEMA_LINE = '# yaml-language-server: $schema=../../schemas/source.schema.json';

/** A token's line as `tokens:` holds it: its key and its fields (its modes last) in flow style. */
export const tokenLine = (token: ImportedToken): string => {
  const fields: Record<string, WrittenValue> = { ...token.fields };
  if (token.modes !== undefined) fields['modes'] = token.modes;
  return `  ${token.key}: ${flowValue(fields)}`;
};

/**
 * The files of a design-system folder for grouped tokens: `system.yaml` (its name, and the modes the tokens and scale
 * steps have values in besides light and dark, each on light), `scales.yaml` and `primitives.yaml` when there are any,
 * and the token files under `tokens/` ({@link fileNamesOf}: one per top-level group, or by the keys' words for flat
 * names), one token per line in key order, each with the schema line for editors. A file that would pass the server's
 * {@link MAX_SOURCE_FILE_BYTES} goes on in `<name>.2.yaml`, `<name>.3.yaml`, ... (no file name holds a dot otherwise).
 */
export function writeDesignSystemFiles(values: GroupedValues, name: string): Map<string, string> {
  const files = new Map<string, string>();
  const modes = furtherModesOf(values);
  const system = [`# yaml-language-server: $schema=../../schemas/system.schema.json`, `name: ${flowValue(name)}`];
  if (modes.length > 0) system.push('modes:', ...modes.map((mode) => `  ${flowKey(mode)}: { base: light }`));
  files.set('system.yaml', `${system.join('\n')}\n`);
  if (values.scales.length > 0) writeSplit(files, 'scales', `${ROOT_SCHEMA_LINE}\nscales:`, scaleBlocks(values.scales));
  if (values.primitives.length > 0) writeSplit(files, 'primitives', `${ROOT_SCHEMA_LINE}\nprimitives:`, primitiveLines(values.primitives));
  const groups = new Map<string, ImportedToken[]>();
  const fileNames = fileNamesOf(values.tokens.map((token) => token.key));
  for (const token of [...values.tokens].sort((a, b) => compareKeys(a.key, b.key))) {
    const group = mapValueAt(fileNames, token.key);
    const list = groups.get(group) ?? [];
    list.push(token);
    groups.set(group, list);
  }
  for (const [group, list] of [...groups].sort(([a], [b]) => compareKeys(a, b))) {
    writeSplit(
      files,
      `tokens/${group}`,
      `${SCHEMA_LINE}\ntokens:`,
      list.map((token) => ({ under: '', text: tokenLine(token) })),
    );
  }
  return files;
}

/** One piece of a file: its text (one line or more), and the line it sits under (`  spacing:`), repeated in each file. */
interface Piece {
  readonly under: string;
  readonly text: string;
}

/**
 * `<name>.yaml` holding `header` and the pieces in order, going on in `<name>.2.yaml`, ... before a file would pass
 * {@link MAX_SOURCE_FILE_BYTES}. A piece too large for any file has one of its own (the import refuses such tokens before).
 */
function writeSplit(files: Map<string, string>, name: string, header: string, pieces: readonly Piece[]): void {
  let lines = [header];
  let bytes = Buffer.byteLength(header) + 1;
  let under = '';
  let part = 1;
  const flush = (): void => {
    files.set(part === 1 ? `${name}.yaml` : `${name}.${part}.yaml`, `${lines.join('\n')}\n`);
    part += 1;
  };
  const linesOf = (piece: Piece): string[] => (piece.under !== '' && piece.under !== under ? [piece.under, piece.text] : [piece.text]);
  const sizeOf = (added: readonly string[]): number => added.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
  for (const piece of pieces) {
    let added = linesOf(piece);
    if (lines.length > 1 && bytes + sizeOf(added) > MAX_SOURCE_FILE_BYTES) {
      flush();
      lines = [header];
      bytes = Buffer.byteLength(header) + 1;
      under = '';
      added = linesOf(piece);
    }
    lines.push(...added);
    bytes += sizeOf(added);
    under = piece.under;
  }
  flush();
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

/** `scales:` pieces: each scale with its steps, one step per line, ascending (a scale is never split across files). */
function scaleBlocks(scales: readonly ImportedScale[]): Piece[] {
  return scales.map((scale) => ({
    under: '',
    text: [`  ${flowKey(scale.name)}:`, ...scale.steps.map((step) => `    ${step.step}: ${flowValue(step.colors)}`)].join('\n'),
  }));
}

/** `primitives:` pieces: per type, one primitive per line under its type. */
function primitiveLines(primitives: readonly ImportedPrimitive[]): Piece[] {
  const byType = new Map<string, ImportedPrimitive[]>();
  for (const primitive of primitives) {
    const ofType = byType.get(primitive.type);
    if (ofType === undefined) byType.set(primitive.type, [primitive]);
    else ofType.push(primitive);
  }
  const pieces: Piece[] = [];
  for (const [type, ofType] of byType) {
    for (const primitive of ofType)
      pieces.push({ under: `  ${flowKey(type)}:`, text: `    ${flowKey(primitive.name)}: ${flowValue(primitive.value)}` });
  }
  return pieces;
}
