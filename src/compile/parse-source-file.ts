import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { Node, Pair, YAMLMap } from 'yaml';
import type { Diagnostic, SourcePosition } from './types.js';
import { describeYamlError } from './yaml-errors.js';

/** Source files above this size are refused rather than parsed. */
export const MAX_SOURCE_FILE_BYTES = 1024 * 1024;

export const KEY_SEGMENT = /^[A-Za-z0-9_-]+$/;

/** A YAML value with the place it was written. */
export interface Located {
  readonly value: unknown;
  readonly pos: SourcePosition;
}

export interface ScaleStepEntry {
  readonly step: number;
  readonly pos: SourcePosition;
  readonly light: Located | undefined;
  readonly dark: Located | undefined;
  readonly extra: readonly { readonly name: string; readonly pos: SourcePosition }[];
}

export interface ScaleEntry {
  readonly name: string;
  readonly pos: SourcePosition;
  readonly steps: readonly ScaleStepEntry[];
}

export interface PrimitiveEntry {
  readonly type: string;
  readonly key: string;
  readonly pos: SourcePosition;
  readonly value: Located;
}

export interface TokenEntry {
  readonly key: string;
  readonly pos: SourcePosition;
  readonly fields: Readonly<Record<string, Located>>;
}

/** A group key seen in a tokens tree, kept to detect token/group clashes. */
export interface GroupEntry {
  readonly key: string;
  readonly pos: SourcePosition;
}

export interface SystemEntry {
  readonly pos: SourcePosition;
  readonly fields: Readonly<Record<string, Located>>;
}

/** What one YAML file contributes to its design system, with positions, before cross-file checks. */
export interface ParsedSourceFile {
  readonly path: string;
  readonly diagnostics: readonly Diagnostic[];
  readonly system: SystemEntry | undefined;
  readonly scales: readonly ScaleEntry[];
  readonly primitives: readonly PrimitiveEntry[];
  readonly tokens: readonly TokenEntry[];
  readonly groups: readonly GroupEntry[];
}

const CONTENT_SECTIONS = ['primitives', 'scales', 'tokens'];

/**
 * Parses one source file (`system.yaml` when `isSystemFile`, otherwise a scales/primitives/tokens file).
 * Returns its entries with positions and the problems local to the file; never throws.
 */
export function parseSourceFile(path: string, text: string, isSystemFile: boolean): ParsedSourceFile {
  const diagnostics: Diagnostic[] = [];
  const result = {
    path,
    diagnostics,
    system: undefined as SystemEntry | undefined,
    scales: [] as ScaleEntry[],
    primitives: [] as PrimitiveEntry[],
    tokens: [] as TokenEntry[],
    groups: [] as GroupEntry[],
  };
  const at = (line: number, column: number): SourcePosition => ({ file: path, line, column });
  const error = (pos: SourcePosition, rule: string, message: string): void => {
    diagnostics.push({ ...pos, rule, message, severity: 'error' });
  };

  if (Buffer.byteLength(text) > MAX_SOURCE_FILE_BYTES) {
    error(at(1, 1), 'file-too-large', `file is larger than ${MAX_SOURCE_FILE_BYTES} bytes`);
    return result;
  }

  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const posOf = (node: Node | null | undefined): SourcePosition => {
    const offset = node?.range?.[0] ?? 0;
    const { line, col } = lineCounter.linePos(offset);
    return at(line, col);
  };
  const toValue = (node: unknown): unknown => {
    if (isScalar(node)) return node.value;
    if (node && typeof node === 'object' && 'toJSON' in node) return (node as { toJSON(): unknown }).toJSON();
    return node;
  };

  for (const problem of doc.errors) {
    const { rule, message, offset } = describeYamlError(problem, text);
    const { line, col } = lineCounter.linePos(offset);
    error(at(line, col), rule, message);
  }
  if (doc.errors.length > 0) return result;

  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) {
    if (isSystemFile) error(at(1, 1), 'system-missing-name', 'system.yaml must have a `name`');
    return result;
  }
  if (!isMap(root)) {
    error(posOf(root), 'file-not-a-map', 'the file must be a mapping of top-level sections');
    return result;
  }

  if (isSystemFile) {
    const fields: Record<string, Located> = Object.create(null) as Record<string, Located>;
    for (const pair of root.items) {
      const name = keyName(pair);
      fields[name] = { value: toValue(pair.value), pos: posOf((pair.value as Node | null) ?? (pair.key as Node)) };
      if (!['name', 'description', 'id'].includes(name)) {
        error(posOf(pair.key as Node), 'system-unknown-field', `unknown field \`${name}\` in system.yaml (allowed: name, description, id)`);
      }
    }
    result.system = { pos: posOf(root), fields };
    return result;
  }

  for (const pair of root.items) {
    const section = keyName(pair);
    const sectionPos = posOf(pair.key as Node);
    if (!CONTENT_SECTIONS.includes(section)) {
      error(sectionPos, 'unknown-section', `unknown top-level section \`${section}\` (allowed: ${CONTENT_SECTIONS.join(', ')})`);
      continue;
    }
    const body = pair.value as Node | null;
    if (body === null || (isScalar(body) && body.value === null)) continue;
    if (!isMap(body)) {
      error(posOf(body), 'section-not-a-map', `\`${section}\` must be a mapping`);
      continue;
    }
    if (section === 'scales') readScales(body);
    else if (section === 'primitives') readPrimitives(body);
    else readTokens(body, []);
  }
  return result;

  function readScales(body: YAMLMap): void {
    for (const pair of body.items) {
      const name = keyName(pair);
      const pos = posOf(pair.key as Node);
      if (!KEY_SEGMENT.test(name)) {
        error(pos, 'invalid-key', `scale name \`${name}\` may only contain letters, digits, \`-\` and \`_\``);
        continue;
      }
      const stepsNode = pair.value as Node | null;
      if (!isMap(stepsNode)) {
        error(posOf(stepsNode ?? (pair.key as Node)), 'scale-not-a-map', `scale \`${name}\` must map step numbers to { light, dark }`);
        continue;
      }
      const steps: ScaleStepEntry[] = [];
      for (const stepPair of stepsNode.items) {
        const stepName = keyName(stepPair);
        const stepPos = posOf(stepPair.key as Node);
        if (!/^[1-9][0-9]{0,5}$/.test(stepName)) {
          error(stepPos, 'invalid-step', `step \`${stepName}\` of scale \`${name}\` must be a positive integer`);
          continue;
        }
        const colors = stepPair.value as Node | null;
        if (!isMap(colors)) {
          error(posOf(colors ?? (stepPair.key as Node)), 'step-not-a-map', `step ${stepName} of scale \`${name}\` must be { light, dark }`);
          continue;
        }
        let light: Located | undefined;
        let dark: Located | undefined;
        const extra: { name: string; pos: SourcePosition }[] = [];
        for (const colorPair of colors.items) {
          const mode = keyName(colorPair);
          const located = { value: toValue(colorPair.value), pos: posOf((colorPair.value as Node | null) ?? (colorPair.key as Node)) };
          if (mode === 'light') light = located;
          else if (mode === 'dark') dark = located;
          else extra.push({ name: mode, pos: posOf(colorPair.key as Node) });
        }
        steps.push({ step: Number(stepName), pos: stepPos, light, dark, extra });
      }
      result.scales.push({ name, pos, steps });
    }
  }

  function readPrimitives(body: YAMLMap): void {
    for (const pair of body.items) {
      const type = keyName(pair);
      const typeNode = pair.value as Node | null;
      if (!isMap(typeNode)) {
        error(posOf(typeNode ?? (pair.key as Node)), 'primitive-group-not-a-map', `primitives of type \`${type}\` must be a mapping of key -> value`);
        continue;
      }
      for (const entry of typeNode.items) {
        const key = keyName(entry);
        const pos = posOf(entry.key as Node);
        if (!KEY_SEGMENT.test(key)) {
          error(pos, 'invalid-key', `primitive key \`${key}\` may only contain letters, digits, \`-\` and \`_\``);
          continue;
        }
        const valueNode = entry.value as Node | null;
        result.primitives.push({ type, key, pos, value: { value: toValue(valueNode), pos: posOf(valueNode ?? (entry.key as Node)) } });
      }
    }
  }

  function readTokens(body: YAMLMap, prefix: readonly string[]): void {
    for (const pair of body.items) {
      const name = keyName(pair);
      const pos = posOf(pair.key as Node);
      const segments = name.split('.');
      const bad = segments.find((segment) => !KEY_SEGMENT.test(segment));
      if (bad !== undefined) {
        error(pos, 'invalid-key', `key segment \`${bad}\` in \`${name}\` may only contain letters, digits, \`-\` and \`_\``);
        continue;
      }
      const path = [...prefix, ...segments];
      const key = path.join('.');
      const node = pair.value as Node | null;
      if (!isMap(node)) {
        error(posOf(node ?? (pair.key as Node)), 'token-not-a-map', `\`${key}\` must be a group or a token ({ type, ... })`);
        continue;
      }
      for (let depth = prefix.length + 1; depth < path.length; depth += 1) {
        result.groups.push({ key: path.slice(0, depth).join('.'), pos });
      }
      const typePair = node.items.find((item) => keyName(item) === 'type');
      if (typePair !== undefined && isScalar(typePair.value) && typeof typePair.value.value === 'string') {
        const fields: Record<string, Located> = Object.create(null) as Record<string, Located>;
        for (const field of node.items) {
          const fieldValue = field.value as Node | null;
          fields[keyName(field)] = { value: toValue(fieldValue), pos: posOf(fieldValue ?? (field.key as Node)) };
        }
        result.tokens.push({ key, pos, fields });
      } else if (typePair !== undefined) {
        error(posOf(typePair.value as Node), 'invalid-type', `\`type\` of \`${key}\` must be a string`);
      } else {
        result.groups.push({ key, pos });
        readTokens(node, path);
      }
    }
  }
}

/** A mapping key as written: `010` stays `010` and `1.50` stays `1.50` (the core schema would read numbers). */
function keyName(pair: Pair): string {
  const key = pair.key;
  if (isScalar(key)) return typeof key.source === 'string' ? key.source : String(key.value);
  return String(key);
}
