import { CORE_SCHEMA, load } from 'js-yaml';
import type { LoadOptions } from 'js-yaml';
import { LinePositions } from './line-positions.js';
import { MAX_ALIAS_NODES, MAX_NESTING_DEPTH } from './read-limits.js';
import { NO_ENTRIES } from './source-node.js';
import type { SourceEntry, SourceNode } from './source-node.js';
import type { SourcePosition } from '../types.js';
import { itemAt } from '../checked-access.js';

/** Thrown by the fast reader when the file needs the precise one (anything unusual, or a YAML error to report). */
class NeedsPreciseRead extends Error {}

/**
 * Text the fast reader leaves to the precise one: tags, directives, merge keys, `~`, exotic numbers (`0x1F`, `0b101`,
 * `0o17`, `1_000`), `__proto__`. A `0x` inside a word or a hex color (`#0BD8DC`) starts no number: it stays fast.
 */
const UNUSUAL_YAML = /[!%~]|<<|__proto__|(?<![\w#])0[bBoOxX]|\d_\d/;

/** Whether the fast reader may try `text`: it leaves anything unusual to the precise reader without trying. */
export function mayReadFast(text: string): boolean {
  return !UNUSUAL_YAML.test(text);
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
  /** Nodes and depth once every alias in it is expanded (as the precise reader counts them). */
  size: number;
  height: number;
  /** Whether it carries an anchor (`&name`), which its position leaves out, as the precise reader's does. */
  anchored: boolean;
  /** A mapping's keys as written, in order (each checked to be there once). */
  keys: string[] | undefined;
  /** A mapping as the walker's node, once built (an alias to it shares it). */
  node: SourceNode | undefined;
}

/**
 * The fast reader: js-yaml with a listener that records where each node starts, so problems keep their positions
 * without a second read. Returns the root node, null for a file without content. Keys are taken as written (js-yaml
 * would turn `010` into `10`). Anything it cannot read exactly like the precise reader (explicit `?` keys, duplicate
 * keys), and anything past a limit (which the precise reader reports with its position), throws.
 */
export function readFast(path: string, text: string): SourceNode | null {
  // js-yaml drops a leading byte order mark: its offsets are into the text without it.
  const shift = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const input = shift === 1 ? text.slice(1) : text;
  const root = recordFrames(path, text, input);
  // An empty or comment-only file, or a lone `null`, has no sections (as in the precise reader).
  if (
    root === undefined ||
    (root.kind !== 'mapping' &&
      root.kind !== 'sequence' &&
      root.target === undefined &&
      (root.result === null || root.result === undefined))
  )
    return null;
  return toSourceTree(root, path, text, input, shift);
}

/** Reads `text` with js-yaml, recording every node as a {@link Frame}; returns the root one (undefined when none). */
function recordFrames(path: string, text: string, input: string): Frame | undefined {
  const stack: Frame[] = [];
  let root: Frame | undefined;
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
        keys: undefined,
        node: undefined,
      });
      return;
    }
    const frame = stack.pop();
    if (frame === undefined) throw new RangeError('a node closed that never opened');
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
    if (frame.children !== undefined) {
      for (const child of frame.children) {
        frame.size += child.size;
        if (child.height >= frame.height) frame.height = child.height + 1;
      }
    }
    if (state.anchor !== null) {
      anchors.set(state.anchor, frame);
      frame.anchored = true;
    }
    // Duplicate keys (compared as written) anywhere, lists included, are the precise reader's to report.
    if (frame.kind === 'mapping') frame.keys = uniqueKeys(input, frame);
    const parent = stack[stack.length - 1];
    if (parent === undefined) root = frame;
    else (parent.children ??= []).push(frame);
  };
  // `json: true` only lets duplicate keys through: they are compared above as written (`10` and `010` differ).
  load(text, { schema: CORE_SCHEMA, filename: path, json: true, maxDepth: MAX_NESTING_DEPTH + 2, listener } as unknown as LoadOptions);
  return root;
}

/** The recorded frames as the walker's nodes, with positions in `text` (`input` is `text` without its byte order mark). */
function toSourceTree(root: Frame, path: string, text: string, input: string, shift: number): SourceNode {
  const lines = new LinePositions(text);
  const posAt = (offset: number): SourcePosition => lines.positionIn(path, offset + shift);
  const startOf = (frame: Frame): SourcePosition => {
    const start = skipBlanks(input, frame.start, frame.end);
    if (!frame.anchored || input.charCodeAt(start) !== 0x26) return posAt(start);
    const afterAnchor = /[^\s,[\]{}]*/y;
    afterAnchor.lastIndex = start + 1;
    afterAnchor.exec(input);
    return posAt(skipBlanks(input, afterAnchor.lastIndex, frame.end));
  };

  // Nodes are built in the order of the text (a mapping's position before its entries'), which is the order
  // `lines` looks positions up fastest in.
  const toNode = (frame: Frame): SourceNode => {
    if (frame.target === null) return { isMap: false, value: null, pos: startOf(frame), entries: NO_ENTRIES };
    if (frame.target !== undefined) return { ...toNode(frame.target), pos: startOf(frame) };
    // An empty value sits where the precise reader puts it: after the spaces that follow its key's `:`.
    if (frame.kind === null && frame.result === null)
      return { isMap: false, value: null, pos: posAt(skipSpaces(input, frame.start)), entries: NO_ENTRIES };
    if (frame.kind !== 'mapping') return { isMap: false, value: frame.result, pos: startOf(frame), entries: NO_ENTRIES };
    if (frame.node !== undefined) return frame.node;
    const pos = startOf(frame);
    const children = frame.children ?? [];
    const keys = frame.keys ?? [];
    const entries: SourceEntry[] = [];
    for (let index = 0; index < children.length; index += 2) {
      const key = itemAt(keys, index >> 1);
      entries.push({ key, keyPos: startOf(itemAt(children, index)), value: toNode(itemAt(children, index + 1)) });
    }
    frame.node = { isMap: true, value: frame.result, pos, entries };
    return frame.node;
  };
  return toNode(root);
}

/** The name of the alias at `offset` (`*name`), or undefined when no alias starts there. */
function aliasName(text: string, offset: number): string | undefined {
  if (text.charCodeAt(offset) !== 0x2a) return undefined;
  return /[^\s,[\]{}]+/y.exec(text.slice(offset + 1, offset + 1025))?.[0];
}

/** How many keys a mapping may have for a plain scan to find a duplicate faster than a set. */
const KEYS_SCANNED = 16;

/** A mapping's keys as written; throws when one is there twice (compared as written) or is not a scalar. */
function uniqueKeys(text: string, frame: Frame): string[] {
  const children = frame.children ?? [];
  if (children.length % 2 !== 0) throw new NeedsPreciseRead();
  const keys: string[] = [];
  const seen = children.length > 2 * KEYS_SCANNED ? new Set<string>() : undefined;
  for (let index = 0; index < children.length; index += 2) {
    const key = writtenKey(text, itemAt(children, index));
    if (seen === undefined ? keys.includes(key) : seen.has(key)) throw new NeedsPreciseRead();
    seen?.add(key);
    keys.push(key);
  }
  return keys;
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
