import { CORE_SCHEMA, load } from 'js-yaml';
import type { LoadOptions } from 'js-yaml';
import { Composer, isAlias, isMap, isNode, isPair, isScalar, isSeq, Lexer, LineCounter, Parser, YAMLMap, YAMLParseError } from 'yaml';
import type { CST, Document, Node, Pair, YAMLSeq } from 'yaml';
import { MAX_DIAGNOSTICS_PER_FILE, splitShown, tooManyProblems } from './cap-diagnostics.js';
import type { Diagnostic, SourcePosition } from './types.js';
import { describeDuplicateKey, describeYamlError } from './yaml-errors.js';

type Token = CST.Token;

/** Source files above this size are refused rather than parsed. */
export const MAX_SOURCE_FILE_BYTES = 1024 * 1024;

/** Deepest nesting of mappings and lists in a source file (`nesting-limit`); the examples nest 6 deep, real design systems rarely past 12. */
export const MAX_NESTING_DEPTH = 100;

/** Most YAML nodes the aliases of one file may expand to, all together (`alias-limit`): about 2,000 aliased tokens. */
export const MAX_ALIAS_NODES = 10_000;

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
  /** Problems found past the first {@link MAX_DIAGNOSTICS_PER_FILE}: counted, not listed. */
  readonly suppressed?: number;
  /** Which reader read the file: false for the fast path (js-yaml), true for the precise one (`yaml`). Both give positions. */
  readonly precise: boolean;
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

/** Thrown by the fast reader when the file needs the precise one (anything unusual, or a YAML error to report). */
class NeedsPreciseRead extends Error {}

/** Text the fast reader leaves to the precise one: tags, directives, merge keys, `~`, exotic numbers, `__proto__`. */
const UNUSUAL_YAML = /[!%~]|<<|__proto__|\b0[bBoOxX]|\d_\d/;

/**
 * Parses one source file (`system.yaml` when `isSystemFile`, otherwise a scales/primitives/tokens file).
 * Returns its entries and the problems local to the file, each with its line and column; never throws.
 *
 * Two readers, one walker: a well-formed file takes the fast path (js-yaml, about ten times faster than building a
 * positioned YAML document, with positions taken from its parse events); a file with a YAML error, or anything
 * unusual, is read by the precise path (the `yaml` package with a line counter). `precise: true` forces the precise path.
 * Both are bounded: nesting deeper than {@link MAX_NESTING_DEPTH} and aliases expanding to more than
 * {@link MAX_ALIAS_NODES} nodes are refused, and at most {@link MAX_DIAGNOSTICS_PER_FILE} problems are listed.
 */
export function parseSourceFile(path: string, text: string, isSystemFile: boolean, options: { precise?: boolean } = {}): ParsedSourceFile {
  const at = (line: number, column: number): SourcePosition => ({ file: path, line, column });
  const refused = (diagnostics: Diagnostic[]): ParsedSourceFile => ({
    ...capDiagnostics(diagnostics),
    path,
    system: undefined,
    scales: [],
    primitives: [],
    tokens: [],
    groups: [],
    precise: true,
  });
  if (Buffer.byteLength(text) > MAX_SOURCE_FILE_BYTES) {
    return refused([
      { ...at(1, 1), rule: 'file-too-large', message: `file is larger than ${MAX_SOURCE_FILE_BYTES} bytes`, severity: 'error' },
    ]);
  }
  const undecodable = findReplacementCharacters(path, text);
  if (undecodable.diagnostics.length > 0) return { ...refused([]), ...undecodable };
  if (options.precise !== true && !UNUSUAL_YAML.test(text)) {
    try {
      return { ...capWalk(walkSourceFile(path, readFast(path, text), isSystemFile)), precise: false };
    } catch {
      // A YAML error, nesting past the limit, or something only the precise reader reads well: read it again.
    }
  }
  return parsePrecisely(path, text, isSystemFile);
}

/** Node's UTF-8 decoding turns every invalid byte sequence into U+FFFD: each one is reported where it is (capped). */
function findReplacementCharacters(path: string, text: string): { diagnostics: Diagnostic[]; suppressed: number } {
  const diagnostics: Diagnostic[] = [];
  let lines: LinePositions | undefined;
  let firstLeftOut: SourcePosition | undefined;
  let suppressed = 0;
  for (let offset = text.indexOf('\uFFFD'); offset !== -1; offset = text.indexOf('\uFFFD', offset + 1)) {
    lines ??= new LinePositions(text);
    const pos = { file: path, ...lines.at(offset) };
    if (diagnostics.length < MAX_DIAGNOSTICS_PER_FILE) {
      diagnostics.push({
        ...pos,
        rule: 'invalid-utf8',
        message: 'this file is not valid UTF-8 (byte sequence shown as U+FFFD); save it as UTF-8',
        severity: 'error',
      });
    } else {
      firstLeftOut ??= pos;
      suppressed += 1;
    }
  }
  if (firstLeftOut !== undefined) diagnostics.push(tooManyProblems(firstLeftOut, suppressed, true));
  return { diagnostics, suppressed };
}

/** 1-based line and column of string offsets, by binary search over the line starts (found once, in one pass). */
class LinePositions {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) this.starts.push(index + 1);
  }

  at(offset: number): { line: number; column: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.starts[middle] as number) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (this.starts[low] as number) + 1 };
  }
}

/** A file's problems in position order, capped (see {@link splitShown}), with how many were left out. */
function capDiagnostics(diagnostics: readonly Diagnostic[]): { diagnostics: Diagnostic[]; suppressed: number } {
  const { shown, rest } = splitShown([...diagnostics].sort(byPosition));
  const first = rest[0];
  if (first === undefined) return { diagnostics: shown, suppressed: 0 };
  return {
    diagnostics: [
      ...shown,
      tooManyProblems(
        first,
        rest.length,
        rest.some((problem) => problem.severity === 'error'),
      ),
    ],
    suppressed: rest.length,
  };
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.line - b.line || a.column - b.column || (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0);
}

function capWalk(result: Omit<ParsedSourceFile, 'precise' | 'suppressed'>): Omit<ParsedSourceFile, 'precise'> {
  return result.diagnostics.length <= MAX_DIAGNOSTICS_PER_FILE
    ? { ...result, suppressed: 0 }
    : { ...result, ...capDiagnostics(result.diagnostics) };
}

/** One node as js-yaml's parse events show it: where it starts and ends, what it is, and the nodes inside it. */
interface Frame {
  readonly start: number;
  end: number;
  kind: string | null;
  result: unknown;
  children: Frame[] | undefined;
  /** The anchored node an alias names; undefined for anything else, null for an alias to a mapping it sits in. */
  target: Frame | null | undefined;
  /** Nodes and depth once every alias in it is expanded (as in {@link BuiltNode}). */
  size: number;
  height: number;
  /** Whether it carries an anchor (`&name`), which its position leaves out, as the precise reader's does. */
  anchored: boolean;
}

/**
 * The fast reader: js-yaml with a listener that records where each node starts, so problems keep their positions
 * without a second read. Keys are taken as written (js-yaml would turn `010` into `10`). Anything it cannot read
 * exactly like the precise reader (explicit `?` keys, duplicate keys), and anything past a limit (which the precise
 * reader reports with its position), throws.
 */
function readFast(path: string, text: string): SourceNode | null {
  const stack: Frame[] = [];
  let root: Frame | undefined;
  // js-yaml drops a leading byte order mark: its offsets are into the text without it.
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const input = shift === 1 ? text.slice(1) : text;
  const anchors = new Map<string, Frame>();
  let aliasNodes = 0;
  const listener = (event: string, state: { position: number; kind: string | null; result: unknown; anchor: string | null }): void => {
    if (event === 'open') {
      stack.push({
        start: state.position,
        end: state.position,
        kind: null,
        result: null,
        children: undefined,
        target: undefined,
        size: 1,
        height: 1,
        anchored: false,
      });
      return;
    }
    const frame = stack.pop() as Frame;
    frame.end = state.position;
    frame.kind = state.kind;
    frame.result = state.result;
    if (frame.kind === null) {
      const name = aliasName(input, skipBlanks(input, frame.start, frame.end));
      if (name !== undefined) {
        const target = anchors.get(name);
        // js-yaml gives the mapping itself for an alias inside it, before that mapping is complete: not a value.
        frame.target = target !== undefined && target.result === frame.result ? target : null;
        if (frame.target !== null) {
          aliasNodes += frame.target.size;
          frame.size = frame.target.size;
          frame.height = frame.target.height;
        }
        if (aliasNodes > MAX_ALIAS_NODES || stack.length + frame.height > MAX_NESTING_DEPTH) throw new NeedsPreciseRead();
      }
    }
    for (const child of frame.children ?? []) {
      frame.size += child.size;
      if (child.height >= frame.height) frame.height = child.height + 1;
    }
    if (state.anchor !== null) {
      anchors.set(state.anchor, frame);
      frame.anchored = true;
    }
    // Duplicate keys (compared as written) anywhere, lists included, are the precise reader's to report.
    if (frame.kind === 'mapping') checkUniqueKeys(input, frame);
    const parent = stack.at(-1);
    if (parent === undefined) root = frame;
    else (parent.children ??= []).push(frame);
  };
  // `json: true` only lets duplicate keys through: they are compared above as written (`10` and `010` differ).
  load(text, { schema: CORE_SCHEMA, filename: path, json: true, maxDepth: MAX_NESTING_DEPTH + 2, listener } as unknown as LoadOptions);
  // An empty or comment-only file, or a lone `null`, has no sections (as in the precise reader).
  if (
    root === undefined ||
    (root.kind !== 'mapping' &&
      root.kind !== 'sequence' &&
      root.target === undefined &&
      (root.result === null || root.result === undefined))
  )
    return null;
  const lines = new LinePositions(text);
  const posAt = (offset: number): SourcePosition => ({ file: path, ...lines.at(offset + shift) });
  const startOf = (frame: Frame): SourcePosition => {
    const start = skipBlanks(input, frame.start, frame.end);
    if (!frame.anchored || input.charCodeAt(start) !== 0x26) return posAt(start);
    const afterAnchor = /[^\s,[\]{}]*/y;
    afterAnchor.lastIndex = start + 1;
    afterAnchor.exec(input);
    return posAt(skipBlanks(input, afterAnchor.lastIndex, frame.end));
  };
  const built = new Map<Frame, SourceNode>();

  const toNode = (frame: Frame): SourceNode => {
    if (frame.target === null) return { isMap: false, value: null, pos: startOf(frame), entries: [] };
    if (frame.target !== undefined) return { ...toNode(frame.target), pos: startOf(frame) };
    // An empty value sits where the precise reader puts it: after the spaces that follow its key's `:`.
    if (frame.kind === null && frame.result === null)
      return { isMap: false, value: null, pos: posAt(skipSpaces(input, frame.start)), entries: [] };
    if (frame.kind !== 'mapping') return { isMap: false, value: frame.result, pos: startOf(frame), entries: [] };
    const done = built.get(frame);
    if (done !== undefined) return done;
    const children = frame.children ?? [];
    const entries: SourceEntry[] = [];
    for (let index = 0; index < children.length; index += 2) {
      const keyFrame = children[index] as Frame;
      entries.push({ key: writtenKey(input, keyFrame), keyPos: startOf(keyFrame), value: toNode(children[index + 1] as Frame) });
    }
    const node = { isMap: true, value: frame.result, pos: startOf(frame), entries };
    built.set(frame, node);
    return node;
  };
  return toNode(root);
}

/** The name of the alias at `offset` (`*name`), or undefined when no alias starts there. */
function aliasName(text: string, offset: number): string | undefined {
  if (text.charCodeAt(offset) !== 0x2a) return undefined;
  return /[^\s,[\]{}]+/y.exec(text.slice(offset + 1, offset + 1025))?.[0];
}

function checkUniqueKeys(text: string, frame: Frame): void {
  const children = frame.children ?? [];
  if (children.length % 2 !== 0) throw new NeedsPreciseRead();
  const seen = new Set<string>();
  for (let index = 0; index < children.length; index += 2) {
    const key = writtenKey(text, children[index] as Frame);
    if (seen.has(key)) throw new NeedsPreciseRead();
    seen.add(key);
  }
}

/** A key as written: strings as js-yaml read them, other scalars (`010`, `1.50`, `true`) as their own text. */
function writtenKey(text: string, frame: Frame): string {
  if (typeof frame.result === 'string') return frame.result;
  if (frame.kind !== 'scalar') throw new NeedsPreciseRead();
  const written = text.slice(skipBlanks(text, frame.start, frame.end), frame.end).trimEnd();
  if (written === '') throw new NeedsPreciseRead();
  return written;
}

function skipSpaces(text: string, offset: number): number {
  let index = offset;
  while (text.charCodeAt(index) === 0x20 || text.charCodeAt(index) === 0x09) index += 1;
  return index;
}

/** The offset of the first character from `offset` that is not a space, a line break or a comment (at most `end`). */
function skipBlanks(text: string, offset: number, end: number): number {
  let index = offset;
  while (index < end) {
    const code = text.charCodeAt(index);
    if (code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) index += 1;
    else if (code === 0x23) {
      const lineEnd = text.indexOf('\n', index);
      index = lineEnd === -1 ? end : lineEnd;
    } else break;
  }
  return index;
}

/** A problem found while reading a node: reported alone, at the node, as the file's only diagnostic. */
class ReadLimitExceeded extends Error {
  constructor(
    readonly offset: number,
    readonly rule: string,
    readonly problem: string,
  ) {
    super(problem);
  }
}

/** Built once per YAML node: aliases reuse it, so a file is read in time linear in its size. */
interface BuiltNode {
  readonly node: SourceNode;
  /** How many nodes it stands for once every alias in it is expanded. */
  readonly size: number;
  /** How deep it nests once every alias in it is expanded. */
  readonly height: number;
}

function parsePrecisely(path: string, text: string, isSystemFile: boolean): ParsedSourceFile {
  const at = (line: number, column: number): SourcePosition => ({ file: path, line, column });
  const empty = { path, system: undefined, scales: [], primitives: [], tokens: [], groups: [], precise: true } as const;
  const lineCounter = new LineCounter();
  const tooDeep = composeDocument(text, lineCounter);
  if (!('doc' in tooDeep)) {
    const { line, col } = lineCounter.linePos(tooDeep.offset);
    return {
      ...empty,
      suppressed: 0,
      diagnostics: [{ ...at(line, col), rule: 'nesting-limit', message: nestingMessage(), severity: 'error' }],
    };
  }
  const { doc } = tooDeep;
  const refuse = (problems: readonly { rule: string; message: string; offset: number }[]): ParsedSourceFile => ({
    ...empty,
    ...capDiagnostics(
      problems.map(({ rule, message, offset }): Diagnostic => {
        const { line, col } = lineCounter.linePos(offset);
        return { ...at(line, col), rule, message, severity: 'error' };
      }),
    ),
  });
  if (doc.errors.length > 0) return refuse(doc.errors.map((problem) => describeYamlError(problem, text)));

  const posOf = (node: Node | null | undefined): SourcePosition => {
    const { line, col } = lineCounter.linePos(node?.range?.[0] ?? 0);
    return at(line, col);
  };
  const built = new Map<Node, BuiltNode>();
  const anchors = new Map<string, Node>();
  const open = new Set<Node>();
  const duplicates: { rule: string; message: string; offset: number }[] = [];
  let aliasNodes = 0;

  // Recursion follows the document, whose depth the parser has bounded; an alias reuses what its target built.
  const build = (node: Node, depth: number): BuiltNode => {
    if (isAlias(node)) {
      const target = anchors.get(node.source);
      const pos = posOf(node);
      const done = target === undefined ? undefined : built.get(target);
      // An alias to a mapping it sits in (still open) cannot be a value.
      if (done === undefined || (target !== undefined && open.has(target)))
        return { node: { isMap: false, value: null, pos, entries: [] }, size: 1, height: 1 };
      aliasNodes += done.size;
      const offset = node.range?.[0] ?? 0;
      if (aliasNodes > MAX_ALIAS_NODES) {
        throw new ReadLimitExceeded(
          offset,
          'alias-limit',
          `aliases in this file expand to more than ${MAX_ALIAS_NODES} YAML nodes (the limit); \`*${node.source}\` crosses it: copy the values instead`,
        );
      }
      if (depth + done.height > MAX_NESTING_DEPTH) throw new ReadLimitExceeded(offset, 'nesting-limit', nestingMessage());
      return { node: { ...done.node, pos }, size: done.size, height: done.height };
    }
    if (node.anchor !== undefined) anchors.set(node.anchor, node);
    const pos = posOf(node);
    let result: BuiltNode;
    if (isScalar(node)) result = { node: { isMap: false, value: node.value, pos, entries: [] }, size: 1, height: 1 };
    else if (isMap(node) || isSeq(node)) {
      open.add(node);
      result = isMap(node) ? buildMap(node, pos, depth) : buildSeq(node, pos, depth);
      open.delete(node);
    } else result = { node: { isMap: false, value: null, pos, entries: [] }, size: 1, height: 1 };
    built.set(node, result);
    return result;
  };

  const buildMap = (map: YAMLMap, pos: SourcePosition, depth: number): BuiltNode => {
    const value: Record<string, unknown> = {};
    const entries: SourceEntry[] = [];
    const seen = new Set<string>();
    let size = 1;
    let height = 0;
    for (const pair of map.items) {
      const keyNode = pair.key as Node | null;
      if (isScalar(keyNode) && keyNode.anchor !== undefined) anchors.set(keyNode.anchor, keyNode);
      const key = keyName(pair);
      // Keys are compared as written (`10` and `010` differ), but `a` and `"a"` are the same key.
      const kind = isScalar(keyNode) ? typeof keyNode.value : 'other';
      if (seen.has(`${kind}:${key}`)) duplicates.push(describeDuplicateKey(keyNode?.range?.[0] ?? 0, text));
      seen.add(`${kind}:${key}`);
      const child = pair.value === null ? null : build(pair.value as Node, depth + 1);
      size += 1;
      if (child !== null) {
        size += child.size;
        height = Math.max(height, child.height);
      }
      setValue(value, key, child === null ? null : child.node.value);
      entries.push({ key, keyPos: posOf(keyNode), value: child === null ? null : child.node });
    }
    return { node: { isMap: true, value, pos, entries }, size, height: height + 1 };
  };

  const buildSeq = (seq: YAMLSeq, pos: SourcePosition, depth: number): BuiltNode => {
    const value: unknown[] = [];
    let size = 1;
    let height = 0;
    for (const item of seq.items) {
      const child = isNode(item) ? build(item, depth + 1) : isPair(item) ? buildMap(singlePairMap(item), pos, depth + 1) : undefined;
      value.push(child?.node.value ?? null);
      if (child !== undefined) {
        size += child.size;
        height = Math.max(height, child.height);
      }
    }
    return { node: { isMap: false, value, pos, entries: [] }, size, height: height + 1 };
  };

  const root = doc.contents as Node | null;
  if (root === null || (isScalar(root) && root.value === null))
    return { ...walkSourceFile(path, null, isSystemFile), suppressed: 0, precise: true };
  let rootNode: SourceNode;
  try {
    rootNode = build(root, 1).node;
  } catch (error) {
    if (!(error instanceof ReadLimitExceeded)) throw error;
    return refuse([{ rule: error.rule, message: error.problem, offset: error.offset }]);
  }
  if (duplicates.length > 0) return refuse(duplicates);
  return { ...capWalk(walkSourceFile(path, rootNode, isSystemFile)), precise: true };
}

/** A `key: value` written straight in a flow list (`[a: 1]`) is a mapping of that one pair. */
function singlePairMap(pair: Pair): YAMLMap {
  const map = new YAMLMap();
  map.items.push(pair);
  return map;
}

function nestingMessage(): string {
  return `this file nests mappings and lists more than ${MAX_NESTING_DEPTH} levels deep (the limit)`;
}

/** A key may be `__proto__`: define it rather than assign it, so the value stays a plain record. */
function setValue(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

/**
 * `parseDocument`, with the parser's depth watched as it reads: the composer and every walker after it recurse once
 * per level, so a file deeper than {@link MAX_NESTING_DEPTH} stops here (the lexer and the parser do not recurse).
 */
function composeDocument(text: string, lineCounter: LineCounter): { doc: Document.Parsed } | { offset: number } {
  const parser = new Parser(lineCounter.addNewLine);
  lineCounter.addNewLine(0);
  const tokens: Token[] = [];
  let offset = 0;
  for (const lexeme of new Lexer().lex(text, false)) {
    for (const token of parser.next(lexeme)) tokens.push(token);
    // The stack holds the document, then one entry per open collection (and the scalar being read).
    if (parser.stack.length > MAX_NESTING_DEPTH + 2) return { offset };
    offset += lexeme.length;
  }
  for (const token of parser.end()) tokens.push(token);
  const composer = new Composer({ uniqueKeys: false, prettyErrors: false });
  let doc: Document.Parsed | undefined;
  for (const next of composer.compose(tokens, true, text.length)) {
    if (doc === undefined) doc = next;
    else {
      doc.errors.push(
        new YAMLParseError(
          [next.range[0], next.range[1]],
          'MULTIPLE_DOCS',
          'Source contains multiple documents; please use YAML.parseAllDocuments()',
        ),
      );
      break;
    }
  }
  return { doc: doc as Document.Parsed };
}

/** The one walker of both readers: turns a file's nodes into entries and local problems. */
function walkSourceFile(path: string, root: SourceNode | null, isSystemFile: boolean): Omit<ParsedSourceFile, 'precise' | 'suppressed'> {
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
    diagnostics.push({ ...pos, rule, message, severity: 'error' });
  };
  const located = (node: SourceNode | null, fallback: SourcePosition): Located => ({
    value: node === null ? null : node.value,
    pos: node?.pos ?? fallback,
  });

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
