import { Composer, isAlias, isMap, isNode, isPair, isScalar, isSeq, Lexer, LineCounter, Parser, YAMLMap, YAMLParseError } from 'yaml';
import type { Alias, CST, Document, Node, Pair, YAMLSeq } from 'yaml';
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from './read-limits.js';
import type { RuleId } from '../diagnostics/rules.js';
import type { SourceEntry, SourceNode } from './source-node.js';
import type { Diagnostic, SourcePosition } from '../types.js';
import { describeDuplicateKey, describeYamlError } from './yaml-errors.js';

type Token = CST.Token;

/** A problem found while reading a node: reported alone, at the node, as the file's only diagnostic. */
class ReadLimitExceeded extends Error {
  constructor(
    readonly offset: number,
    readonly rule: RuleId,
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

/** What the precise reader makes of a file: its root node (null without content), or the problems that refuse it. */
export type PreciseRead = { readonly root: SourceNode | null } | { readonly refused: readonly Diagnostic[] };

/** A problem at an offset of the text, before its line and column are known. */
interface OffsetProblem {
  readonly rule: RuleId;
  readonly message: string;
  readonly offset: number;
}

/**
 * The precise reader: the `yaml` package with a line counter. Returns the root node, or the file's YAML errors,
 * duplicate keys, or the one limit it ran past (nesting, aliases), each with its position.
 */
export function readPrecisely(path: string, text: string): PreciseRead {
  const lineCounter = new LineCounter();
  const at = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { file: path, line, column: col };
  };
  const refuse = (problems: readonly OffsetProblem[]): PreciseRead => ({
    refused: problems.map(({ rule, message, offset }): Diagnostic => ({ ...at(offset), rule, message, severity: 'error' })),
  });
  const composed = composeDocument(text, lineCounter);
  if (!('doc' in composed)) return refuse([{ rule: 'nesting-limit', message: nestingMessage(), offset: composed.offset }]);
  const { doc } = composed;
  if (doc.errors.length > 0) return refuse(doc.errors.map((problem) => describeYamlError(problem, text)));
  const root = doc.contents;
  if (root === null || (isScalar(root) && root.value === null)) return { root: null };
  const tree = new TreeBuilder(text, (node) => at(startOf(node)));
  let rootNode: SourceNode;
  try {
    rootNode = tree.build(root, 1).node;
  } catch (error) {
    if (!(error instanceof ReadLimitExceeded)) throw error;
    return refuse([{ rule: error.rule, message: error.problem, offset: error.offset }]);
  }
  if (tree.duplicates.length > 0) return refuse(tree.duplicates);
  return { root: rootNode };
}

/** Builds the walker's nodes from a `yaml` document, once per node, counting what its aliases expand to. */
class TreeBuilder {
  /** Keys written twice in one mapping, in the order met. */
  readonly duplicates: OffsetProblem[] = [];
  private readonly built = new Map<Node, BuiltNode>();
  private readonly anchors = new Map<string, Node>();
  private readonly open = new Set<Node>();
  private aliasNodes = 0;

  constructor(
    private readonly text: string,
    private readonly posOf: (node: unknown) => SourcePosition,
  ) {}

  /** The node of `node` at `depth`; throws {@link ReadLimitExceeded} past a limit. */
  build(node: Node, depth: number): BuiltNode {
    // Recursion follows the document, whose depth the parser has bounded; an alias reuses what its target built.
    if (isAlias(node)) return this.buildAlias(node, depth);
    if (node.anchor !== undefined) this.anchors.set(node.anchor, node);
    const pos = this.posOf(node);
    let result: BuiltNode;
    if (isScalar(node)) result = { node: { isMap: false, value: node.value, pos, entries: [] }, size: 1, height: 1 };
    else if (isMap(node) || isSeq(node)) {
      this.open.add(node);
      result = isMap(node) ? this.buildMap(node, pos, depth) : this.buildSeq(node, pos, depth);
      this.open.delete(node);
    } else result = { node: { isMap: false, value: null, pos, entries: [] }, size: 1, height: 1 };
    this.built.set(node, result);
    return result;
  }

  private buildAlias(node: Alias, depth: number): BuiltNode {
    const target = this.anchors.get(node.source);
    const pos = this.posOf(node);
    const done = target === undefined ? undefined : this.built.get(target);
    // An alias to a mapping it sits in (still open) cannot be a value.
    if (done === undefined || (target !== undefined && this.open.has(target)))
      return { node: { isMap: false, value: null, pos, entries: [] }, size: 1, height: 1 };
    this.aliasNodes += done.size;
    const offset = node.range?.[0] ?? 0;
    if (this.aliasNodes > MAX_ALIAS_NODES) {
      throw new ReadLimitExceeded(
        offset,
        'alias-limit',
        `aliases in this file expand to more than ${MAX_ALIAS_NODES} YAML nodes (the limit); \`*${node.source}\` crosses it: copy the values instead`,
      );
    }
    if (depth + done.height > MAX_NESTING_DEPTH) throw new ReadLimitExceeded(offset, 'nesting-limit', nestingMessage());
    return { node: { ...done.node, pos }, size: done.size, height: done.height };
  }

  private buildMap(map: YAMLMap, pos: SourcePosition, depth: number): BuiltNode {
    const value: Record<string, unknown> = {};
    const entries: SourceEntry[] = [];
    const seen = new Set<string>();
    let size = 1;
    let height = 0;
    for (const pair of map.items) {
      const keyNode = pair.key;
      if (isScalar(keyNode) && keyNode.anchor !== undefined) this.anchors.set(keyNode.anchor, keyNode);
      const key = keyName(pair);
      // Keys are compared as written (`10` and `010` differ), but `a` and `"a"` are the same key.
      const kind = isScalar(keyNode) ? typeof keyNode.value : 'other';
      if (seen.has(`${kind}:${key}`)) this.duplicates.push(describeDuplicateKey(startOf(keyNode), this.text));
      seen.add(`${kind}:${key}`);
      const child = isNode(pair.value) ? this.build(pair.value, depth + 1) : null;
      size += 1;
      if (child !== null) {
        size += child.size;
        height = Math.max(height, child.height);
      }
      setValue(value, key, child === null ? null : child.node.value);
      entries.push({ key, keyPos: this.posOf(keyNode), value: child === null ? null : child.node });
    }
    return { node: { isMap: true, value, pos, entries }, size, height: height + 1 };
  }

  private buildSeq(seq: YAMLSeq, pos: SourcePosition, depth: number): BuiltNode {
    const value: unknown[] = [];
    let size = 1;
    let height = 0;
    for (const item of seq.items) {
      const child = isNode(item)
        ? this.build(item, depth + 1)
        : isPair(item)
          ? this.buildMap(singlePairMap(item), pos, depth + 1)
          : undefined;
      value.push(child?.node.value ?? null);
      if (child !== undefined) {
        size += child.size;
        height = Math.max(height, child.height);
      }
    }
    return { node: { isMap: false, value, pos, entries: [] }, size, height: height + 1 };
  }
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
  if (doc === undefined) throw new Error('the composer made no document of the text');
  return { doc };
}

/** Where a node starts in the text (0 for anything without a range, such as an empty value). */
function startOf(node: unknown): number {
  return (isNode(node) ? node.range?.[0] : undefined) ?? 0;
}

/** A mapping key as written: `010` stays `010` and `1.50` stays `1.50` (the core schema would read numbers). */
function keyName(pair: Pair): string {
  const key = pair.key;
  if (isScalar(key)) return typeof key.source === 'string' ? key.source : String(key.value);
  return String(key);
}
