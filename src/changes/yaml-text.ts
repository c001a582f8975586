import { isMap, isNode, isScalar, isSeq, parseDocument, Scalar } from 'yaml';
import type { Document, Pair, YAMLMap } from 'yaml';
import { itemAt } from '../compile/checked-access.js';
import { isWrittenList } from '../compile/narrow-unknown.js';
import type { WrittenValue } from '../compile/types.js';

/** A mapping entry of a parsed file, with the mapping that holds it. */
export interface LocatedEntry {
  readonly pair: Pair;
  readonly parent: YAMLMap;
}

/** A file parsed for editing: its text and its document (with every node's range in that text). */
export interface EditableFile {
  readonly text: string;
  readonly doc: Document;
}

/** Parses `text` for editing; undefined when it does not parse (such a file is never edited). */
export function readEditable(text: string): EditableFile | undefined {
  const doc = parseDocument(text, { keepSourceTokens: true, uniqueKeys: true });
  return doc.errors.length > 0 ? undefined : { text, doc };
}

/** A key as written (a plain `010` stays `010`). */
export function keyText(file: EditableFile, pair: Pair): string {
  const key = pair.key;
  if (isScalar(key) && key.range !== undefined && key.range !== null) {
    return key.type === Scalar.PLAIN ? file.text.slice(key.range[0], key.range[1]) : String(key.value);
  }
  return String(key);
}

/** The entry of `map` whose key is written `name`. */
export function entryOf(file: EditableFile, map: YAMLMap, name: string): Pair | undefined {
  return map.items.find((pair) => keyText(file, pair) === name);
}

/** The mapping under top-level key `section` (`tokens`, `scales`), when the file has one. */
export function sectionOf(file: EditableFile, section: string): LocatedEntry | undefined {
  const root = file.doc.contents;
  if (!isMap(root)) return undefined;
  const pair = entryOf(file, root, section);
  return pair === undefined ? undefined : { pair, parent: root };
}

/** `text` with `[start, end)` replaced. */
export function replaceRange(text: string, start: number, end: number, replacement: string): string {
  return text.slice(0, start) + replacement + text.slice(end);
}

function rangeOf(node: unknown): [number, number] {
  const range = isNode(node) ? node.range : undefined;
  if (range === undefined || range === null) throw new Error('a node without a source range');
  return [range[0], range[1]];
}

/** Where a node's text ends, without the line breaks and spaces a block collection takes up after its last line. */
function contentEnd(text: string, node: unknown): number {
  let end = rangeOf(node)[1];
  while (end > 0 && /\s/.test(text[end - 1] ?? '')) end--;
  return end;
}

/** Whether `node` is a node with a source range (an empty value, `key:`, has none). */
function hasRange(node: unknown): boolean {
  return isNode(node) && node.range !== undefined && node.range !== null;
}

function isBlockCollection(node: unknown): boolean {
  return (isMap(node) || isSeq(node)) && node.flow !== true;
}

/** Where an entry's text ends: its value's, or its key's when the value is empty. */
function entryEnd(file: EditableFile, pair: Pair): number {
  return hasRange(pair.value) ? contentEnd(file.text, pair.value) : contentEnd(file.text, pair.key);
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end === -1 ? text.length : end;
}

/**
 * `map`'s entry `name` set to `valueText` (YAML text of a scalar or a flow collection), changing only its own text:
 * a scalar or flow value is replaced where it stands; a block value becomes the flow text after its key; a new entry
 * goes after the last one, at its indentation (or before the `}` of a flow mapping).
 */
export function setEntry(file: EditableFile, map: YAMLMap, name: string, valueText: string): string {
  const text = file.text;
  const existing = entryOf(file, map, name);
  if (existing !== undefined) {
    const value = existing.value;
    if (!hasRange(value)) {
      const keyEnd = rangeOf(existing.key)[1];
      const colon = text.indexOf(':', keyEnd);
      return replaceRange(text, colon, colon + 1, `: ${valueText}`);
    }
    if (isBlockCollection(value)) return replaceRange(text, rangeOf(existing.key)[1], contentEnd(text, value), `: ${valueText}`);
    return replaceRange(text, rangeOf(value)[0], rangeOf(value)[1], valueText);
  }
  return insertEntry(file, map, `${formatKey(name)}: ${valueText}`);
}

/** `map` with one more entry (`key: value` text), after its last entry. */
export function insertEntry(file: EditableFile, map: YAMLMap, entryText: string): string {
  const text = file.text;
  const last = map.items.at(-1);
  if (map.flow === true) {
    if (last === undefined) {
      const open = text.indexOf('{', rangeOf(map)[0]);
      return replaceRange(text, open + 1, open + 1, ` ${entryText} `);
    }
    const end = entryEnd(file, last);
    return replaceRange(text, end, end, `, ${entryText}`);
  }
  if (last === undefined) throw new Error('an empty block mapping has no place for an entry');
  const keyStart = rangeOf(itemAt(map.items, 0).key)[0];
  const indent = text.slice(lineStart(text, keyStart), keyStart);
  const at = lineEnd(text, entryEnd(file, last));
  return replaceRange(text, at, at, `\n${/^\s*$/.test(indent) ? indent : ' '.repeat(indent.length)}${entryText}`);
}

/** `map` without its entry `name` (whole lines in a block mapping; the entry and one comma in a flow mapping). */
export function deleteEntry(file: EditableFile, map: YAMLMap, name: string): string {
  const text = file.text;
  const index = map.items.findIndex((pair) => keyText(file, pair) === name);
  const pair = map.items[index];
  if (pair === undefined) return text;
  const keyStart = rangeOf(pair.key)[0];
  const end = entryEnd(file, pair);
  if (map.flow === true) {
    const previous = map.items[index - 1];
    const next = map.items[index + 1];
    if (previous !== undefined) return replaceRange(text, entryEnd(file, previous), end, '');
    if (next !== undefined) return replaceRange(text, keyStart, rangeOf(next.key)[0], '');
    return replaceRange(text, keyStart, end, '');
  }
  const start = lineStart(text, keyStart);
  if (!/^\s*$/.test(text.slice(start, keyStart))) return replaceRange(text, keyStart, end, '');
  const finish = lineEnd(text, end);
  return replaceRange(text, start, Math.min(text.length, finish + 1), '');
}

/** A string scalar's range replaced by `value`, keeping its quoting where it can. */
export function replaceScalar(file: EditableFile, scalar: Scalar, value: string): string {
  const [start, end] = rangeOf(scalar);
  return replaceRange(file.text, start, end, formatString(value, scalar.type));
}

// eslint-disable-next-line no-control-regex -- control characters are what a single-quoted scalar cannot hold
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const RESERVED_PLAIN = /^(?:true|false|null|yes|no|on|off|y|n|~)$/i;
const SAFE_PLAIN = /^[A-Za-z_][A-Za-z0-9 _./()-]*$/;

/** A string as YAML text: plain when that reads back as the same string everywhere (flow mappings included), else double-quoted. */
export function formatString(value: string, style?: Scalar['type']): string {
  if (style === Scalar.QUOTE_SINGLE && !CONTROL.test(value)) return `'${value.replaceAll("'", "''")}'`;
  if (
    style !== Scalar.QUOTE_DOUBLE &&
    SAFE_PLAIN.test(value) &&
    !RESERVED_PLAIN.test(value) &&
    !value.endsWith(' ') &&
    !value.includes(' #')
  ) {
    return value;
  }
  return JSON.stringify(value);
}

/** A key as YAML text. */
export function formatKey(key: string): string {
  return /^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(key) && !RESERVED_PLAIN.test(key) ? key : JSON.stringify(key);
}

/** A written value as one line of YAML (scalars as `formatString`, collections in flow style). */
export function formatValue(value: WrittenValue): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return formatString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isWrittenList(value)) return `[${value.map((item) => formatValue(item)).join(', ')}]`;
  const entries = Object.entries(value);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([key, item]) => `${formatKey(key)}: ${formatValue(item)}`).join(', ')} }`;
}
