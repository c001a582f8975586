import { CORE_SCHEMA, load } from 'js-yaml';
import { isAlias, isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { Node, Pair } from 'yaml';
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
  /**
   * False when the file was read by the fast path: its entries carry no real positions (line and column 0), and
   * `source` keeps the text so the compiler can re-read it precisely the moment it has a problem to report.
   */
  readonly precise: boolean;
  readonly source?: string;
}

const CONTENT_SECTIONS = ['primitives', 'scales', 'tokens'];

/** A YAML node as the walker sees it, whichever parser read it. */
interface SourceNode {
  readonly isMap: boolean;
  /** The node's JavaScript value (a scalar, or the whole structure below it). */
  readonly value: unknown;
  readonly pos: SourcePosition;
  /** A mapping's entries, keys as written; empty for anything else. */
  readonly entries: readonly SourceEntry[];
}

interface SourceEntry {
  readonly key: string;
  readonly keyPos: SourcePosition;
  readonly value: SourceNode | null;
}

/** Thrown by the fast reader when the file needs the precise one (anything unusual, or any problem to report). */
class NeedsPreciseRead extends Error {}

/** Text the fast reader leaves to the precise one: anchors, aliases, tags, merge keys, `~`, exotic numbers, `__proto__`. */
const UNUSUAL_YAML = /[&*!%~]|<<|__proto__|\b0[bBoOxX]|\d_\d/;

/**
 * Parses one source file (`system.yaml` when `isSystemFile`, otherwise a scales/primitives/tokens file).
 * Returns its entries and the problems local to the file; never throws.
 *
 * Two readers, one walker: a well-formed file takes the fast path (js-yaml, about ten times faster than building a
 * positioned YAML document), which records no positions; any file with something to report, or anything unusual,
 * is read by the precise path (the `yaml` package with a line counter). `precise: true` forces the precise path.
 */
export function parseSourceFile(path: string, text: string, isSystemFile: boolean, options: { precise?: boolean } = {}): ParsedSourceFile {
  if (options.precise !== true && Buffer.byteLength(text) <= MAX_SOURCE_FILE_BYTES && !UNUSUAL_YAML.test(text)) {
    try {
      const root = load(text, { schema: CORE_SCHEMA, filename: path });
      const result = walkSourceFile(path, fastNode(path, text, root), isSystemFile, true);
      return { ...result, precise: false, source: text };
    } catch {
      // A YAML error, or something only the precise reader can report well (NeedsPreciseRead): read it again.
    }
  }
  return parsePrecisely(path, text, isSystemFile);
}

function parsePrecisely(path: string, text: string, isSystemFile: boolean): ParsedSourceFile {
  const at = (line: number, column: number): SourcePosition => ({ file: path, line, column });
  const empty = { path, system: undefined, scales: [], primitives: [], tokens: [], groups: [], precise: true } as const;
  if (Buffer.byteLength(text) > MAX_SOURCE_FILE_BYTES) {
    return { ...empty, diagnostics: [{ ...at(1, 1), rule: 'file-too-large', message: `file is larger than ${MAX_SOURCE_FILE_BYTES} bytes`, severity: 'error' }] };
  }
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  if (doc.errors.length > 0) {
    const diagnostics = doc.errors.map((problem): Diagnostic => {
      const { rule, message, offset } = describeYamlError(problem, text);
      const { line, col } = lineCounter.linePos(offset);
      return { ...at(line, col), rule, message, severity: 'error' };
    });
    return { ...empty, diagnostics };
  }
  const posOf = (node: Node | null | undefined): SourcePosition => {
    const { line, col } = lineCounter.linePos(node?.range?.[0] ?? 0);
    return at(line, col);
  };
  const open = new Set<Node>();
  const toNode = (node: Node | null, fallback: Node | null, at: Node | null = node): SourceNode | null => {
    if (node === null) return null;
    const pos = posOf(at ?? fallback);
    // An alias reads as the node it names (as js-yaml reads it); one that names a mapping it sits in cannot be a value.
    if (isAlias(node)) {
      const target = node.resolve(doc) as Node | undefined;
      return target === undefined || open.has(target) ? { isMap: false, value: null, pos, entries: [] } : toNode(target, fallback, node);
    }
    if (isScalar(node)) return { isMap: false, value: node.value, pos, entries: [] };
    let value: unknown;
    try {
      value = node.toJS(doc);
    } catch {
      // yaml refuses documents with too many aliases (maxAliasCount): such a value is simply not a valid one.
      value = undefined;
    }
    if (!isMap(node)) return { isMap: false, value, pos, entries: [] };
    open.add(node);
    const entries = node.items.map((pair) => ({ key: keyName(pair), keyPos: posOf(pair.key as Node), value: toNode(pair.value as Node | null, pair.key as Node) }));
    open.delete(node);
    return { isMap: true, value, pos, entries };
  };
  const root = doc.contents as Node | null;
  const rootNode = root === null || (isScalar(root) && root.value === null) ? null : toNode(root, null);
  return { ...walkSourceFile(path, rootNode, isSystemFile, false), precise: true };
}

/** The fast reader's nodes: the same shape, with no positions (line and column 0). */
function fastNode(path: string, text: string, value: unknown): SourceNode | null {
  const pos: SourcePosition = { file: path, line: 0, column: 0 };
  const toNode = (node: unknown): SourceNode | null => {
    if (node === null || node === undefined) return null;
    if (typeof node !== 'object' || Array.isArray(node)) return { isMap: false, value: node, pos, entries: [] };
    const entries = Object.keys(node).map((key) => {
      // js-yaml gives keys as values (`010` → "10", `1.50` → "1.5"); the precise reader keeps them as written.
      if (/^[-+.\d]/.test(key) && !new RegExp(`(^|[\\s{,])${key.replace(/[.+]/g, '\\$&')}\\s*:`, 'm').test(text)) throw new NeedsPreciseRead();
      return { key, keyPos: pos, value: toNode((node as Record<string, unknown>)[key]) };
    });
    return { isMap: true, value: node, pos, entries };
  };
  return toNode(value);
}

/**
 * The one walker of both readers: turns a file's nodes into entries and local problems. With `strict` (the fast
 * reader, which has no positions to report), the first problem aborts so the precise reader can report it.
 */
function walkSourceFile(path: string, root: SourceNode | null, isSystemFile: boolean, strict: boolean): Omit<ParsedSourceFile, 'precise' | 'source'> {
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
  const error = (pos: SourcePosition, rule: string, message: string): void => {
    if (strict) throw new NeedsPreciseRead();
    diagnostics.push({ ...pos, rule, message, severity: 'error' });
  };
  const located = (node: SourceNode | null, fallback: SourcePosition): Located => ({ value: node === null ? null : node.value, pos: node?.pos ?? fallback });

  if (root === null) {
    if (isSystemFile) error({ file: path, line: 1, column: 1 }, 'system-missing-name', 'system.yaml must have a `name`');
    return result;
  }
  if (!root.isMap) {
    error(root.pos, 'file-not-a-map', 'the file must be a mapping of top-level sections');
    return result;
  }

  if (isSystemFile) {
    const fields: Record<string, Located> = Object.create(null) as Record<string, Located>;
    for (const entry of root.entries) {
      fields[entry.key] = located(entry.value, entry.keyPos);
      if (!['name', 'description', 'id'].includes(entry.key)) {
        error(entry.keyPos, 'system-unknown-field', `unknown field \`${entry.key}\` in system.yaml (allowed: name, description, id)`);
      }
    }
    result.system = { pos: root.pos, fields };
    return result;
  }

  for (const { key: section, keyPos, value: body } of root.entries) {
    if (!CONTENT_SECTIONS.includes(section)) {
      error(keyPos, 'unknown-section', `unknown top-level section \`${section}\` (allowed: ${CONTENT_SECTIONS.join(', ')})`);
      continue;
    }
    if (body === null || (!body.isMap && body.value === null)) continue;
    if (!body.isMap) {
      error(body.pos, 'section-not-a-map', `\`${section}\` must be a mapping`);
      continue;
    }
    if (section === 'scales') readScales(body);
    else if (section === 'primitives') readPrimitives(body);
    else readTokens(body, []);
  }
  return result;

  function readScales(body: SourceNode): void {
    for (const { key: name, keyPos: pos, value: stepsNode } of body.entries) {
      if (!KEY_SEGMENT.test(name)) {
        error(pos, 'invalid-key', `scale name \`${name}\` may only contain letters, digits, \`-\` and \`_\``);
        continue;
      }
      if (stepsNode === null || !stepsNode.isMap) {
        error(stepsNode?.pos ?? pos, 'scale-not-a-map', `scale \`${name}\` must map step numbers to { light, dark }`);
        continue;
      }
      const steps: ScaleStepEntry[] = [];
      for (const { key: stepName, keyPos: stepPos, value: colors } of stepsNode.entries) {
        if (!/^[1-9][0-9]{0,5}$/.test(stepName)) {
          error(stepPos, 'invalid-step', `step \`${stepName}\` of scale \`${name}\` must be a positive integer`);
          continue;
        }
        if (colors === null || !colors.isMap) {
          error(colors?.pos ?? stepPos, 'step-not-a-map', `step ${stepName} of scale \`${name}\` must be { light, dark }`);
          continue;
        }
        let light: Located | undefined;
        let dark: Located | undefined;
        const extra: { name: string; pos: SourcePosition }[] = [];
        for (const { key: mode, keyPos: modePos, value } of colors.entries) {
          if (mode === 'light') light = located(value, modePos);
          else if (mode === 'dark') dark = located(value, modePos);
          else extra.push({ name: mode, pos: modePos });
        }
        steps.push({ step: Number(stepName), pos: stepPos, light, dark, extra });
      }
      result.scales.push({ name, pos, steps });
    }
  }

  function readPrimitives(body: SourceNode): void {
    for (const { key: type, keyPos, value: typeNode } of body.entries) {
      if (typeNode === null || !typeNode.isMap) {
        error(typeNode?.pos ?? keyPos, 'primitive-group-not-a-map', `primitives of type \`${type}\` must be a mapping of key -> value`);
        continue;
      }
      for (const { key, keyPos: pos, value } of typeNode.entries) {
        if (!KEY_SEGMENT.test(key)) {
          error(pos, 'invalid-key', `primitive key \`${key}\` may only contain letters, digits, \`-\` and \`_\``);
          continue;
        }
        result.primitives.push({ type, key, pos, value: located(value, pos) });
      }
    }
  }

  function readTokens(body: SourceNode, prefix: readonly string[]): void {
    for (const { key: name, keyPos: pos, value: node } of body.entries) {
      const segments = name.split('.');
      const bad = segments.find((segment) => !KEY_SEGMENT.test(segment));
      if (bad !== undefined) {
        error(pos, 'invalid-key', `key segment \`${bad}\` in \`${name}\` may only contain letters, digits, \`-\` and \`_\``);
        continue;
      }
      const path = [...prefix, ...segments];
      const key = path.join('.');
      if (node === null || !node.isMap) {
        error(node?.pos ?? pos, 'token-not-a-map', `\`${key}\` must be a group or a token ({ type, ... })`);
        continue;
      }
      for (let depth = prefix.length + 1; depth < path.length; depth += 1) {
        result.groups.push({ key: path.slice(0, depth).join('.'), pos });
      }
      const typeEntry = node.entries.find((entry) => entry.key === 'type');
      if (typeEntry !== undefined && typeEntry.value !== null && !typeEntry.value.isMap && typeof typeEntry.value.value === 'string') {
        const fields: Record<string, Located> = Object.create(null) as Record<string, Located>;
        for (const field of node.entries) fields[field.key] = located(field.value, field.keyPos);
        result.tokens.push({ key, pos, fields });
      } else if (typeEntry !== undefined) {
        error(typeEntry.value?.pos ?? typeEntry.keyPos, 'invalid-type', `\`type\` of \`${key}\` must be a string`);
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
