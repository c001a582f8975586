import { LRUCache } from 'lru-cache';
import { isMap, isNode, isScalar, visit } from 'yaml';
import type { Scalar, YAMLMap } from 'yaml';
import { isWrittenRecord } from '../compile/narrow-unknown.js';
import { isSystemFilePath } from '../compile/source-paths.js';
import { locateTokens } from './locate-tokens.js';
import type { LocatedGroup, LocatedToken, TokenLayout } from './locate-tokens.js';
import { NOT_LIGHT_VALUE_FIELDS } from './operations.js';
import type { ChangeOperation, ValueFields } from './operations.js';
import {
  deleteEntry,
  entryOf,
  formatKey,
  formatString,
  formatValue,
  insertEntry,
  keyText,
  readEditable,
  replaceRange,
  replaceScalar,
  sectionOf,
  setEntry,
} from './yaml-text.js';
import type { EditableFile } from './yaml-text.js';
import type { WrittenValue } from '../compile/types.js';

/** Source files by path (`<slug>/tokens/color.yaml`, as the compiler names them) and their text. */
export type SourceTexts = ReadonlyMap<string, string>;

/** Why one operation could not be applied: its index in the list and a plain message. */
export interface OperationProblem {
  readonly operation: number;
  readonly message: string;
}

/** The files after the operations (every file, edited or not) and the paths edited, or why an operation failed. */
export type AppliedOperations =
  { readonly files: SourceTexts; readonly changed: readonly string[] } | { readonly problems: readonly OperationProblem[] };

/** Fields whose string value is a token key: rewritten when that token is renamed. */
const REFERENCE_FIELDS = new Set(['ref', 'replacement', 'colorToken', 'foreground', 'background', 'typography', 'surface']);
/** Where a token goes whose group is written nowhere yet, and no `file` is named (relative to the design system). */
export const DEFAULT_TOKENS_FILE = 'tokens.yaml';

class OperationFailed extends Error {}

/**
 * Applies change-request operations to the YAML texts of design system `slug` by source position: only the text of
 * what an operation changes moves (comments, key order, quoting and layout stay). Values are not checked here: the
 * caller compiles the result. Never throws; a problem names the operation.
 */
export function applyOperations(slug: string, sources: SourceTexts, operations: readonly ChangeOperation[]): AppliedOperations {
  const working = new WorkingFiles(slug, sources);
  const problems: OperationProblem[] = [];
  operations.forEach((operation, index) => {
    try {
      applyOne(working, operation);
    } catch (error) {
      if (!(error instanceof OperationFailed)) throw error;
      problems.push({ operation: index, message: error.message });
    }
  });
  return problems.length > 0 ? { problems } : { files: working.texts, changed: working.changedPaths() };
}

/** The characters of the file texts whose parse {@link parsedTexts} keeps. */
const PARSED_TEXT_CHARS = 16 * 1024 * 1024;

/**
 * Parses for editing kept by text, across calls: change requests edit the files of the same commits again and again,
 * and finding a token parses every file that has its last key segment (a document is only read, never changed).
 */
const parsedTexts = new LRUCache<string, { file: EditableFile | null; layout: TokenLayout | undefined }>({
  maxSize: PARSED_TEXT_CHARS,
  sizeCalculation: (_parsed, text) => Math.max(1, text.length),
});

/** The texts being edited, each parsed once per version. */
class WorkingFiles {
  readonly texts: Map<string, string>;
  private readonly parsed = new Map<string, { file: EditableFile; layout: TokenLayout | undefined }>();
  private readonly original: SourceTexts;

  constructor(
    readonly slug: string,
    sources: SourceTexts,
  ) {
    this.original = sources;
    this.texts = new Map([...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  file(path: string): EditableFile {
    const known = this.parsed.get(path);
    if (known !== undefined) return known.file;
    const text = this.texts.get(path);
    if (text === undefined) throw new OperationFailed(`\`${this.relative(path)}\` does not exist`);
    let kept = parsedTexts.get(text);
    if (kept === undefined) {
      kept = { file: readEditable(text) ?? null, layout: undefined };
      parsedTexts.set(text, kept);
    }
    const { file } = kept;
    if (file === null) throw new OperationFailed(`\`${this.relative(path)}\` is not valid YAML: fix it before editing it here`);
    this.parsed.set(path, { file, layout: kept.layout });
    return file;
  }

  layout(path: string): TokenLayout {
    const file = this.file(path);
    const entry = this.parsed.get(path);
    if (entry?.layout !== undefined) return entry.layout;
    const layout = locateTokens(file);
    this.parsed.set(path, { file, layout });
    const kept = parsedTexts.get(file.text);
    if (kept?.file === file) kept.layout = layout;
    return layout;
  }

  write(path: string, text: string): void {
    this.texts.set(path, text);
    this.parsed.delete(path);
  }

  tokenPaths(): string[] {
    return [...this.texts.keys()].filter((path) => !isSystemFilePath(path));
  }

  find(key: string): { path: string; token: LocatedToken } | undefined {
    // A key's last segment is written in its file as it is (`primary:`, `brand.primary:`): only such files are parsed.
    const last = key.slice(key.lastIndexOf('.') + 1);
    for (const path of this.tokenPaths()) {
      if (!(this.texts.get(path) ?? '').includes(last)) continue;
      const token = this.layout(path).tokens.get(key);
      if (token !== undefined) return { path, token };
    }
    return undefined;
  }

  token(key: string): { path: string; token: LocatedToken } {
    const found = this.find(key);
    if (found === undefined) throw new OperationFailed(`token \`${key}\` does not exist`);
    return found;
  }

  relative(path: string): string {
    return path.startsWith(`${this.slug}/`) ? path.slice(this.slug.length + 1) : path;
  }

  changedPaths(): string[] {
    return [...this.texts].filter(([path, text]) => this.original.get(path) !== text).map(([path]) => path);
  }
}

function applyOne(working: WorkingFiles, operation: ChangeOperation): void {
  switch (operation.op) {
    case 'set-value':
      return setValue(working, operation.token, operation.mode, operation.fields);
    case 'set-description':
      return setField(working, operation.token, 'description', operation.description);
    case 'set-deprecation':
      return setField(working, operation.token, 'deprecated', operation.deprecated === false ? null : operation.deprecated);
    case 'add-token':
      return addToken(
        working,
        operation.token,
        { type: operation.type, ...operation.fields, ...descriptionOf(operation.description) },
        operation.file,
      );
    case 'delete-token':
      return deleteToken(working, operation.token);
    case 'rename-token':
      return renameToken(working, operation.token, operation.to);
    case 'set-scale-step':
      return setScaleStep(working, operation.scale, operation.step, operation.mode, operation.color);
  }
}

function descriptionOf(description: string | undefined): ValueFields {
  return description === undefined ? {} : { description };
}

/** Sets (or, with `null`, removes) one field of a token that is not its value. */
function setField(working: WorkingFiles, key: string, field: string, value: WrittenValue): void {
  const { path, token } = working.token(key);
  const file = working.file(path);
  working.write(
    path,
    value === null
      ? deleteEntry(file, token.map, field)
      : setEntry(file, token.map, field, formatFieldValue(file, token.map, field, value)),
  );
}

/** A new value's text, keeping the quoting of the string it replaces. */
function formatFieldValue(file: EditableFile, map: YAMLMap, field: string, value: WrittenValue): string {
  const old = entryOf(file, map, field)?.value;
  return typeof value === 'string' && isScalar(old) && typeof old.value === 'string' ? formatString(value, old.type) : formatValue(value);
}

function setValue(working: WorkingFiles, key: string, mode: string, fields: ValueFields | null): void {
  if (mode === 'light') {
    if (fields === null) throw new OperationFailed('`light` takes no value from another mode: give its fields');
    return setLightValue(working, key, fields);
  }
  const { path } = working.token(key);
  const current = (): LocatedToken => working.token(key).token;
  const hasDarkStep = entryOf(working.file(path), current().map, 'darkStep') !== undefined;
  const step = fields?.['step'];
  const onlyStep = fields !== null && Object.keys(fields).length === 1 && typeof step === 'number';
  const hasLightStep = entryOf(working.file(path), current().map, 'step') !== undefined;
  if (mode === 'dark' && onlyStep && (hasDarkStep || (hasLightStep && modesEntry(working, path, current(), 'dark') === undefined))) {
    // The spec's own shape for a dark step: keep writing it that way.
    working.write(path, setEntry(working.file(path), current().map, 'darkStep', formatValue(step)));
    return;
  }
  if (mode === 'dark' && hasDarkStep) working.write(path, deleteEntry(working.file(path), current().map, 'darkStep'));
  const modes = entryOf(working.file(path), current().map, 'modes');
  if (fields === null) {
    if (modes === undefined || !isMap(modes.value)) return;
    const remaining = modes.value.items.length;
    const hasMode = entryOf(working.file(path), modes.value, mode) !== undefined;
    if (!hasMode) return;
    working.write(
      path,
      remaining === 1 ? deleteEntry(working.file(path), current().map, 'modes') : deleteEntry(working.file(path), modes.value, mode),
    );
    return;
  }
  if (modes === undefined || !isMap(modes.value)) {
    working.write(path, setEntry(working.file(path), current().map, 'modes', formatValue({ [mode]: fields })));
    return;
  }
  working.write(path, setEntry(working.file(path), modes.value, mode, formatValue(fields)));
}

function modesEntry(working: WorkingFiles, path: string, token: LocatedToken, mode: string): unknown {
  const modes = entryOf(working.file(path), token.map, 'modes')?.value;
  return isMap(modes) ? entryOf(working.file(path), modes, mode) : undefined;
}

/** The token's own value fields replaced by `fields`: fields kept in place, dropped ones removed, new ones appended. */
function setLightValue(working: WorkingFiles, key: string, fields: ValueFields): void {
  const { path } = working.token(key);
  const written = working
    .token(key)
    .token.map.items.map((pair) => keyText(working.file(path), pair))
    .filter((name) => !NOT_LIGHT_VALUE_FIELDS.has(name));
  for (const name of written) {
    if (!(name in fields)) working.write(path, deleteEntry(working.file(path), working.token(key).token.map, name));
  }
  for (const [name, value] of Object.entries(fields)) {
    const map = working.token(key).token.map;
    working.write(path, setEntry(working.file(path), map, name, formatFieldValue(working.file(path), map, name, value)));
  }
}

/**
 * The group mapping where a new token `key` goes: the deepest group of its key already written (the first file's, on
 * a tie), in `onlyPath` if given; a token none of whose groups is written anywhere goes to {@link DEFAULT_TOKENS_FILE}.
 */
function placeFor(working: WorkingFiles, key: string, onlyPath: string | undefined): { path: string; group: LocatedGroup } | undefined {
  let best: { path: string; group: LocatedGroup } | undefined;
  const first = key.slice(0, key.indexOf('.') === -1 ? key.length : key.indexOf('.'));
  for (const path of onlyPath === undefined ? working.tokenPaths() : [onlyPath]) {
    const text = working.texts.get(path);
    // A file none of whose groups can hold the key (its first segment is not written there) only counts when named.
    if (text === undefined || (onlyPath === undefined && !text.includes(first))) continue;
    for (const [groupKey, groups] of working.layout(path).groups) {
      if (groupKey === '' ? onlyPath === undefined : !key.startsWith(`${groupKey}.`)) continue;
      if (best !== undefined && best.group.key.length >= groupKey.length) continue;
      const group = groups[0];
      if (group !== undefined) best = { path, group };
    }
  }
  return best;
}

function addToken(working: WorkingFiles, key: string, fields: ValueFields, file: string | undefined): void {
  const existing = working.find(key);
  if (existing !== undefined) throw new OperationFailed(`token \`${key}\` already exists (in \`${working.relative(existing.path)}\`)`);
  const onlyPath = file === undefined ? undefined : `${working.slug}/${file}`;
  const place = placeFor(working, key, onlyPath);
  const entryText = (prefix: string): string => `${formatKey(prefix === '' ? key : key.slice(prefix.length + 1))}: ${formatValue(fields)}`;
  if (place !== undefined && (place.group.map.flow === true || place.group.map.items.length > 0)) {
    working.write(place.path, insertEntry(working.file(place.path), place.group.map, entryText(place.group.key)));
    return;
  }
  const path = onlyPath ?? place?.path ?? `${working.slug}/${DEFAULT_TOKENS_FILE}`;
  const text = working.texts.get(path);
  if (text === undefined || text.trim() === '') {
    working.write(path, `tokens:\n  ${entryText('')}\n`);
    return;
  }
  const edited = working.file(path);
  const section = sectionOf(edited, 'tokens');
  if (section !== undefined && isMap(section.pair.value) && section.pair.value.items.length > 0) {
    working.write(path, insertEntry(edited, section.pair.value, entryText('')));
    return;
  }
  if (section !== undefined) {
    working.write(path, setEntry(edited, section.parent, 'tokens', `{ ${entryText('')} }`));
    return;
  }
  working.write(path, `${text}${text.endsWith('\n') ? '' : '\n'}tokens:\n  ${entryText('')}\n`);
}

function deleteToken(working: WorkingFiles, key: string): void {
  const { path, token } = working.token(key);
  const file = working.file(path);
  // A group left empty goes too: an empty mapping would read as a group of nothing (or a null where a token was).
  let entry = { name: keyText(file, token.pair), parent: token.parent };
  let group: LocatedGroup | undefined = token.group;
  while (entry.parent.items.length === 1 && group?.owner !== undefined) {
    entry = { name: keyText(file, group.owner.pair), parent: group.owner.parent };
    group = findOwnerGroup(working.layout(path), group.owner.parent);
  }
  working.write(path, deleteEntry(file, entry.parent, entry.name));
}

function findOwnerGroup(layout: TokenLayout, map: YAMLMap): LocatedGroup | undefined {
  for (const groups of layout.groups.values()) {
    const found = groups.find((group) => group.map === map);
    if (found !== undefined) return found;
  }
  return undefined;
}

function renameToken(working: WorkingFiles, from: string, to: string): void {
  const target = working.find(to);
  if (target !== undefined)
    throw new OperationFailed(
      `cannot rename \`${from}\` to \`${to}\`: that token already exists (in \`${working.relative(target.path)}\`)`,
    );
  const { path, token } = working.token(from);
  const file = working.file(path);
  const groupKey = token.group.key;
  if (groupKey === '' || to.startsWith(`${groupKey}.`)) {
    // Same group: only the key's text changes, so the token keeps its place, its comments and its layout.
    const keyNode = token.pair.key;
    const range = isNode(keyNode) ? keyNode.range : undefined;
    if (range === null || range === undefined) throw new OperationFailed(`\`${from}\` has no key to rename`);
    working.write(path, replaceRange(file.text, range[0], range[1], formatKey(groupKey === '' ? to : to.slice(groupKey.length + 1))));
  } else {
    const fields: unknown = token.map.toJSON();
    if (!isWrittenRecord(fields)) throw new OperationFailed(`\`${from}\` does not hold JSON values`);
    deleteToken(working, from);
    addToken(working, to, fields, undefined);
  }
  rewriteReferences(working, from, to);
}

/** Every reference to token `from` (a reference field, a `{from}` in a composite part) now names `to`. */
function rewriteReferences(working: WorkingFiles, from: string, to: string): void {
  const braced = `{${from}}`;
  for (const path of working.tokenPaths()) {
    if (!(working.texts.get(path) ?? '').includes(from)) continue;
    const file = working.file(path);
    const edits: { scalar: Scalar; value: string }[] = [];
    visit(file.doc, {
      Pair(_, pair) {
        const value = pair.value;
        if (!isScalar(value) || typeof value.value !== 'string') return;
        const field = isScalar(pair.key) ? String(pair.key.value) : '';
        if (REFERENCE_FIELDS.has(field) && value.value === from) edits.push({ scalar: value, value: to });
        else if (value.value.includes(braced)) edits.push({ scalar: value, value: value.value.replaceAll(braced, `{${to}}`) });
      },
    });
    if (edits.length === 0) continue;
    // From the end, so earlier offsets stay valid.
    edits.sort((a, b) => (b.scalar.range?.[0] ?? 0) - (a.scalar.range?.[0] ?? 0));
    let text = file.text;
    for (const edit of edits) text = replaceScalar({ text, doc: file.doc }, edit.scalar, edit.value);
    working.write(path, text);
  }
}

function setScaleStep(working: WorkingFiles, scale: string, step: number, mode: string, color: string): void {
  for (const path of working.tokenPaths()) {
    if (!(working.texts.get(path) ?? '').includes('scales')) continue;
    const file = working.file(path);
    const scales = sectionOf(file, 'scales')?.pair.value;
    if (!isMap(scales)) continue;
    const scaleMap = entryOf(file, scales, scale)?.value;
    if (!isMap(scaleMap)) continue;
    const stepMap = entryOf(file, scaleMap, String(step))?.value;
    if (!isMap(stepMap)) throw new OperationFailed(`scale \`${scale}\` has no step ${step}`);
    const old = entryOf(file, stepMap, mode)?.value;
    const text = isScalar(old) && typeof old.value === 'string' ? formatString(color, old.type) : JSON.stringify(color);
    working.write(path, setEntry(file, stepMap, mode, text));
    return;
  }
  throw new OperationFailed(`scale \`${scale}\` does not exist`);
}
