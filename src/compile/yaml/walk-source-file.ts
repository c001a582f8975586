import { KEY_SEGMENT } from '../values/name-rules.js';
import { newFieldRecord } from './field-record.js';
import type { RuleId } from '../diagnostics/rules.js';
import type {
  BreakpointEntry,
  ContrastEntry,
  GroupEntry,
  Located,
  NamedFields,
  PrimitiveEntry,
  ScaleEntry,
  ScaleStepEntry,
  SourceFileEntries,
  SystemEntry,
  TokenEntry,
} from './source-entries.js';
import type { SourceEntry, SourceNode } from './source-node.js';
import type { Diagnostic, SourcePosition } from '../types.js';

const CONTENT_SECTIONS = ['contrast', 'primitives', 'scales', 'tokens'];
const SYSTEM_FIELDS = ['name', 'description', 'id', 'modes', 'breakpoints', 'review'];
const STEP_NAME = /^(0|[1-9][0-9]{0,5})$/;

/** The entries and problems of one file as the walk collects them. */
interface Walk {
  readonly path: string;
  readonly diagnostics: Diagnostic[];
  system: SystemEntry | undefined;
  readonly scales: ScaleEntry[];
  readonly primitives: PrimitiveEntry[];
  readonly tokens: TokenEntry[];
  readonly groups: GroupEntry[];
  contrast?: ContrastEntry;
}

/** The one walker of both readers: returns a file's entries and its local problems, from its root node (null when empty). */
export function walkSourceFile(path: string, root: SourceNode | null, isSystemFile: boolean): SourceFileEntries {
  const walk: Walk = { path, diagnostics: [], system: undefined, scales: [], primitives: [], tokens: [], groups: [] };
  if (root === null) {
    if (isSystemFile) reportError(walk, { file: path, line: 1, column: 1 }, 'system-missing-name', 'system.yaml must have a `name`');
  } else if (!root.isMap) {
    reportError(walk, root.pos, 'file-not-a-map', 'the file must be a mapping of top-level sections');
  } else if (isSystemFile) {
    walk.system = readSystemFields(walk, root);
  } else {
    readSections(walk, root);
  }
  return walk;
}

function reportError(walk: Walk, pos: SourcePosition, rule: RuleId, message: string): void {
  walk.diagnostics.push({ ...pos, rule, message, severity: 'error' });
}

/** A node's value and position; an empty value sits at `fallback` (its key). */
function locate(node: SourceNode | null, fallback: SourcePosition): Located {
  return { value: node === null ? null : node.value, pos: node?.pos ?? fallback };
}

/** Every field of a mapping by name, located; a record in which any key is a plain field. */
function locateFields(node: SourceNode): Record<string, Located> {
  const fields = newFieldRecord<Located>();
  for (const entry of node.entries) fields[entry.key] = locate(entry.value, entry.keyPos);
  return fields;
}

/** The entries of field `name` of a mapping when it is itself a mapping, each with its fields when it is one too. */
function namedFieldsOf(node: SourceNode, name: string): NamedFields[] | undefined {
  const field = entryOf(node, name)?.value;
  if (field === null || field === undefined || !field.isMap) return undefined;
  return field.entries.map(namedFieldOf);
}

/** One entry of such a field: its name, places, and its fields when it is a mapping. */
function namedFieldOf(entry: SourceEntry): NamedFields {
  return {
    name: entry.key,
    pos: entry.keyPos,
    valuePos: entry.value?.pos ?? entry.keyPos,
    fields: entry.value?.isMap === true ? locateFields(entry.value) : undefined,
  };
}

function readSystemFields(walk: Walk, root: SourceNode): SystemEntry {
  for (const entry of root.entries) {
    if (!SYSTEM_FIELDS.includes(entry.key)) {
      reportError(
        walk,
        entry.keyPos,
        'system-unknown-field',
        `unknown field \`${entry.key}\` in system.yaml (allowed: ${SYSTEM_FIELDS.join(', ')})`,
      );
    }
  }
  const breakpoints = namedFieldsOf(root, 'breakpoints');
  const system: SystemEntry = { pos: root.pos, fields: locateFields(root), modes: namedFieldsOf(root, 'modes') };
  return breakpoints === undefined ? system : { ...system, breakpoints };
}

function readSections(walk: Walk, root: SourceNode): void {
  for (const { key: section, keyPos, value: body } of root.entries) {
    if (!CONTENT_SECTIONS.includes(section)) {
      reportError(walk, keyPos, 'unknown-section', `unknown top-level section \`${section}\` (allowed: ${CONTENT_SECTIONS.join(', ')})`);
      continue;
    }
    if (section === 'contrast' && (body === null || body.value === null)) {
      walk.contrast = { pos: keyPos, fields: newFieldRecord<Located>(), pairs: undefined };
      continue;
    }
    if (body === null || (!body.isMap && body.value === null)) continue;
    if (!body.isMap) {
      reportError(walk, body.pos, 'section-not-a-map', `\`${section}\` must be a mapping`);
      continue;
    }
    if (section === 'contrast') walk.contrast = { pos: keyPos, fields: locateFields(body), pairs: namedFieldsOf(body, 'pairs') };
    else if (section === 'scales') readScales(walk, body);
    else if (section === 'primitives') readPrimitives(walk, body);
    else readTokens(walk, body, '');
  }
}

function readScales(walk: Walk, body: SourceNode): void {
  for (const { key: name, keyPos: pos, value: stepsNode } of body.entries) {
    if (!KEY_SEGMENT.test(name)) {
      reportError(walk, pos, 'invalid-key', `scale name \`${name}\` may only contain letters, digits, \`-\` and \`_\``);
      continue;
    }
    if (stepsNode === null || !stepsNode.isMap) {
      reportError(walk, stepsNode?.pos ?? pos, 'scale-not-a-map', `scale \`${name}\` must map step numbers to { light, dark }`);
      continue;
    }
    walk.scales.push({ name, pos, steps: readScaleSteps(walk, name, stepsNode) });
  }
}

function readScaleSteps(walk: Walk, scale: string, stepsNode: SourceNode): ScaleStepEntry[] {
  const steps: ScaleStepEntry[] = [];
  for (const { key: stepName, keyPos: stepPos, value: colors } of stepsNode.entries) {
    if (!STEP_NAME.test(stepName)) {
      // A named step (`subtle`, `80Hover`) maps onto a number, and its name onto a token: scales stay numbered.
      const mapping =
        KEY_SEGMENT.test(stepName) && /[A-Za-z_]/.test(stepName)
          ? `: a scale has numbered steps; give \`${stepName}\` a number (e.g. \`100\`) and name it with a token, \`color.${scale}.${stepName}: { type: color, scale: ${scale}, step: 100 }\``
          : '';
      reportError(walk, stepPos, 'invalid-step', `step \`${stepName}\` of scale \`${scale}\` must be an integer ≥ 0${mapping}`);
      continue;
    }
    if (colors === null || !colors.isMap) {
      reportError(walk, colors?.pos ?? stepPos, 'step-not-a-map', `step ${stepName} of scale \`${scale}\` must be { light, dark }`);
      continue;
    }
    steps.push(readStepColors(Number(stepName), stepPos, colors));
  }
  return steps;
}

/** A step's `light` and `dark` as written, and its other fields (further modes, or problems the compiler reports). */
function readStepColors(step: number, pos: SourcePosition, colors: SourceNode): ScaleStepEntry {
  let light: Located | undefined;
  let dark: Located | undefined;
  const others: { name: string; pos: SourcePosition; value: Located }[] = [];
  for (const { key: mode, keyPos: modePos, value } of colors.entries) {
    if (mode === 'light') light = locate(value, modePos);
    else if (mode === 'dark') dark = locate(value, modePos);
    else others.push({ name: mode, pos: modePos, value: locate(value, modePos) });
  }
  return { step, pos, light, dark, others };
}

function readPrimitives(walk: Walk, body: SourceNode): void {
  for (const { key: type, keyPos, value: typeNode } of body.entries) {
    if (typeNode === null || !typeNode.isMap) {
      reportError(
        walk,
        typeNode?.pos ?? keyPos,
        'primitive-group-not-a-map',
        `primitives of type \`${type}\` must be a mapping of key -> value`,
      );
      continue;
    }
    for (const { key, keyPos: pos, value } of typeNode.entries) {
      if (!KEY_SEGMENT.test(key)) {
        reportError(walk, pos, 'invalid-key', `primitive key \`${key}\` may only contain letters, digits, \`-\` and \`_\``);
        continue;
      }
      walk.primitives.push({ type, key, pos, value: locate(value, pos) });
    }
  }
}

/** The tokens and groups of a tokens tree, below the group whose key is `prefix` ('' at the top). */
function readTokens(walk: Walk, body: SourceNode, prefix: string): void {
  for (const { key: name, keyPos: pos, value: node } of body.entries) {
    // Most names are one segment: only a dotted one is split.
    const segments = KEY_SEGMENT.test(name) ? undefined : name.split('.');
    const bad = segments?.find((segment) => !KEY_SEGMENT.test(segment));
    if (bad !== undefined) {
      reportError(walk, pos, 'invalid-key', `key segment \`${bad}\` in \`${name}\` may only contain letters, digits, \`-\` and \`_\``);
      continue;
    }
    // Joined rather than `+`: a concatenation is a rope that each later read of the key (hashing, scanning, printing,
    // in the compiler and in every export) walks again; `join` makes one flat string.
    const key = prefix === '' ? name : [prefix, name].join('.');
    if (node === null || !node.isMap) {
      reportError(walk, node?.pos ?? pos, 'token-not-a-map', `\`${key}\` must be a group or a token ({ type, ... })`);
      continue;
    }
    // A dotted name (`a.b.c`) opens the groups between the prefix and its last segment.
    let group = prefix;
    for (const segment of segments?.slice(0, -1) ?? []) {
      group = group === '' ? segment : `${group}.${segment}`;
      walk.groups.push({ key: group, pos });
    }
    // A `type` that is itself a mapping is a group named `type` (`font.type.body`), as the dotted spelling is.
    const typeEntry = typeEntryOf(node);
    if (typeEntry !== undefined && typeEntry.value !== null && typeof typeEntry.value.value === 'string') {
      const token: TokenEntry = { key, pos, fields: locateFields(node), modes: namedFieldsOf(node, 'modes') };
      const breakpoints = breakpointEntriesOf(node);
      walk.tokens.push(breakpoints === undefined ? token : { ...token, breakpoints });
    } else if (typeEntry !== undefined) {
      reportError(walk, typeEntry.value?.pos ?? typeEntry.keyPos, 'invalid-type', `\`type\` of \`${key}\` must be a string`);
    } else {
      walk.groups.push({ key, pos });
      readTokens(walk, node, key);
    }
  }
}

/** The entries of a token's `breakpoints` when it is a mapping, each with the entries of its own `modes`. */
function breakpointEntriesOf(node: SourceNode): BreakpointEntry[] | undefined {
  const field = entryOf(node, 'breakpoints')?.value;
  if (field === null || field === undefined || !field.isMap) return undefined;
  return field.entries.map((entry) => ({
    ...namedFieldOf(entry),
    modes: entry.value?.isMap === true ? namedFieldsOf(entry.value, 'modes') : undefined,
  }));
}

/** The first entry of a mapping with key `key`. */
function entryOf(node: SourceNode, key: string): SourceEntry | undefined {
  for (const entry of node.entries) if (entry.key === key) return entry;
  return undefined;
}

/** The `type` entry of a mapping, unless it is itself a mapping. */
function typeEntryOf(node: SourceNode): SourceEntry | undefined {
  for (const entry of node.entries) if (entry.key === 'type' && entry.value?.isMap !== true) return entry;
  return undefined;
}
