import { MAX_NESTING_DEPTH } from './read-limits.js';
import { NO_ENTRIES } from './source-node.js';
import type { SourceEntry, SourceNode } from './source-node.js';
import type { SourcePosition } from '../types.js';

/**
 * Thrown (one instance, never shown) when the text leaves the subset the simple reader reads: the caller then reads
 * the file with the fast reader, whose result this reader's equals wherever it answers.
 */
const OUTSIDE_SUBSET = new Error('outside the simple YAML subset');

/**
 * Characters the simple reader leaves to the others without looking further: tabs and carriage returns (indentation
 * and line ends it does not track), control and non-characters js-yaml refuses, surrogates, the byte order mark, and
 * backslashes (so a double-quoted scalar never has an escape).
 */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const OUTSIDE_CHARACTERS = /[\t\r\\\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufeff\ufffe\uffff]/;

/** Plain scalars js-yaml's core schema reads as these numbers, spelled exactly as JavaScript prints... */
const PLAIN_NUMBER = /^-?(?:0|[1-9][0-9]{0,14})(?:\.[0-9]{1,16})?$/;
/** ...and the other spellings of numbers (`007`, `1.`, `1e3`, `1_000`), left to js-yaml. */
const OTHER_NUMBER = /^[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?$/;

/**
 * The simple reader: the YAML most design-system files are written in, read in one pass straight into the walker's
 * nodes. Block mappings (`key: value`, nested by indentation), one-line flow mappings and lists (`{ a: 1 }`,
 * `[a, b]`), plain and quoted one-line scalars, comments and blank lines. Everything else (block lists, multi-line
 * scalars and flows, anchors, tags, escapes, duplicate keys, odd number spellings, any error) makes it answer
 * undefined without reporting: the fast reader (js-yaml) reads that file instead. Where it answers, its nodes, values
 * and positions equal the fast reader's (test/compile/simple-reader.test.ts compares them on every example, fixture
 * and generated file); it builds no parse tree to walk a second time, about four times faster than js-yaml plus its
 * position listener. Returns the root node, null for a file without content.
 */
export function readSimple(path: string, text: string): SourceNode | null | undefined {
  if (OUTSIDE_CHARACTERS.test(text)) return undefined;
  try {
    return new SimpleReader(path, text).readDocument();
  } catch (error) {
    if (error === OUTSIDE_SUBSET) return undefined;
    throw error;
  }
}

const NEWLINE = 0x0a;
const SPACE = 0x20;
const HASH = 0x23;
const COLON = 0x3a;
const COMMA = 0x2c;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const MINUS = 0x2d;

/** Characters that start something other than a plain scalar (YAML's indicators). */
function isIndicator(code: number): boolean {
  switch (code) {
    case 0x2d: // -
    case 0x3f: // ?
    case 0x3a: // :
    case 0x2c: // ,
    case 0x5b: // [
    case 0x5d: // ]
    case 0x7b: // {
    case 0x7d: // }
    case 0x23: // #
    case 0x26: // &
    case 0x2a: // *
    case 0x21: // !
    case 0x7c: // |
    case 0x3e: // >
    case 0x27: // '
    case 0x22: // "
    case 0x25: // %
    case 0x40: // @
    case 0x60: // `
      return true;
    default:
      return false;
  }
}

/** Whether `code` ends a plain scalar in a flow (`,`, brackets and braces). */
function isFlowIndicator(code: number): boolean {
  return code === COMMA || code === OPEN_BRACKET || code === CLOSE_BRACKET || code === OPEN_BRACE || code === CLOSE_BRACE;
}

/** A plain scalar's value as js-yaml's core schema reads it; a spelling it might read otherwise leaves the subset. */
function plainValue(written: string): unknown {
  const first = written.charCodeAt(0);
  if (first >= 0x30 && first <= 0x39) {
    if (PLAIN_NUMBER.test(written)) return Number(written);
    if (OTHER_NUMBER.test(written)) throw OUTSIDE_SUBSET;
    return written;
  }
  if (first === MINUS) {
    // js-yaml reads `-0` as 0, not -0.
    if (written === '-0') return 0;
    if (PLAIN_NUMBER.test(written)) return Number(written);
    const second = written.charCodeAt(1);
    // `-word` is a string; `-.5`, `-.inf`, `-1e3`, `-007` are numbers of other spellings.
    if ((second >= 0x41 && second <= 0x5a) || (second >= 0x61 && second <= 0x7a)) return written;
    throw OUTSIDE_SUBSET;
  }
  if (first === 0x2b || first === 0x2e) throw OUTSIDE_SUBSET; // `+1`, `.5`, `.inf`, `.nan`
  switch (written) {
    case 'null':
    case 'Null':
    case 'NULL':
      return null;
    case 'true':
    case 'True':
    case 'TRUE':
      return true;
    case 'false':
    case 'False':
    case 'FALSE':
      return false;
    default:
      return written;
  }
}

/** A key as the walker takes it (as written) and as the mapping's value names it (js-yaml's `String(key)`). */
interface Key {
  readonly written: string;
  readonly property: string;
}

/** How many keys a mapping may have for a plain scan to find a duplicate faster than a set. */
const KEYS_SCANNED = 16;

/** A mapping being read: its value, its entries, and a set of its keys once it has many. */
class MappingBuilder {
  readonly value: Record<string, unknown> = {};
  readonly entries: SourceEntry[] = [];
  #seen: Set<string> | undefined;

  /** Adds an entry; a key already there (as written) leaves the subset: duplicates are the precise reader's to report. */
  add(key: Key, keyPos: SourcePosition, node: SourceNode): void {
    const { entries } = this;
    if (this.#seen !== undefined) {
      if (this.#seen.has(key.written)) throw OUTSIDE_SUBSET;
      this.#seen.add(key.written);
    } else {
      for (const entry of entries) if (entry.key === key.written) throw OUTSIDE_SUBSET;
      if (entries.length === KEYS_SCANNED) this.#seen = new Set([...entries.map((entry) => entry.key), key.written]);
    }
    entries.push({ key: key.written, keyPos, value: node });
    this.value[key.property] = node.value;
  }
}

/** The reader's state: where it is in the text, on which line. */
class SimpleReader {
  readonly #path: string;
  readonly #text: string;
  #offset = 0;
  #line = 1;
  #lineStart = 0;
  /** The indentation of the content line the reader is at; -1 at the end of the text. */
  #indent = 0;
  #depth = 0;

  constructor(path: string, text: string) {
    this.#path = path;
    this.#text = text;
  }

  readDocument(): SourceNode | null {
    if (this.#nextContentLine() === -1) return null;
    const root = this.#readBlockMapping(this.#indent);
    if (this.#indent !== -1) throw OUTSIDE_SUBSET;
    return root;
  }

  #position(offset: number): SourcePosition {
    return { file: this.#path, line: this.#line, column: offset - this.#lineStart + 1 };
  }

  #code(offset: number): number {
    return this.#text.charCodeAt(offset);
  }

  /**
   * From a line start, past blank and comment lines to the first character of the next content line; sets and
   * returns its indentation (-1 at the end of the text).
   */
  #nextContentLine(): number {
    const text = this.#text;
    for (;;) {
      let index = this.#offset;
      while (text.charCodeAt(index) === SPACE) index += 1;
      if (index >= text.length) {
        this.#offset = text.length;
        this.#indent = -1;
        return -1;
      }
      const code = text.charCodeAt(index);
      if (code !== NEWLINE && code !== HASH) {
        this.#offset = index;
        this.#indent = index - this.#lineStart;
        return this.#indent;
      }
      const lineEnd = code === NEWLINE ? index : text.indexOf('\n', index);
      if (lineEnd === -1) {
        this.#offset = text.length;
        this.#indent = -1;
        return -1;
      }
      this.#offset = lineEnd + 1;
      this.#line += 1;
      this.#lineStart = this.#offset;
    }
  }

  /** Past spaces, a comment (after at least one space) and the line break, to the next line's start. */
  #finishLine(): void {
    const text = this.#text;
    let index = this.#offset;
    while (text.charCodeAt(index) === SPACE) index += 1;
    const code = text.charCodeAt(index);
    if (code === HASH && text.charCodeAt(index - 1) === SPACE) index = text.indexOf('\n', index);
    else if (index < text.length && code !== NEWLINE) throw OUTSIDE_SUBSET;
    if (index === -1 || index >= text.length) {
      this.#offset = text.length;
      return;
    }
    this.#offset = index + 1;
    this.#line += 1;
    this.#lineStart = this.#offset;
  }

  #enter(): void {
    this.#depth += 1;
    // Far below the limit the other readers report with its position.
    if (this.#depth > MAX_NESTING_DEPTH / 2) throw OUTSIDE_SUBSET;
  }

  /** The block mapping whose keys are at `indent`, from its first key; returns at a line indented less, or the end. */
  #readBlockMapping(indent: number): SourceNode {
    this.#enter();
    const pos = this.#position(this.#offset);
    const mapping = new MappingBuilder();
    for (;;) {
      const keyPos = this.#position(this.#offset);
      const key = this.#readBlockKey();
      const afterColon = this.#offset;
      this.#skipSpaces();
      const code = this.#code(this.#offset);
      let node: SourceNode;
      if (this.#offset >= this.#text.length || code === NEWLINE || (code === HASH && this.#offset > afterColon)) {
        // Nothing on the key's line: a mapping indented below it, or an empty value, which sits after the spaces.
        const emptyPos = this.#position(this.#offset);
        this.#finishLine();
        if (this.#nextContentLine() > indent) {
          // A block list (`- item`) is left to the fast reader.
          if (this.#code(this.#offset) === MINUS && this.#isSpaceOrEnd(this.#offset + 1)) throw OUTSIDE_SUBSET;
          node = this.#readBlockMapping(this.#indent);
        } else node = { isMap: false, value: null, pos: emptyPos, entries: NO_ENTRIES };
      } else {
        node = this.#readValue(false);
        this.#finishLine();
        this.#nextContentLine();
      }
      mapping.add(key, keyPos, node);
      if (this.#indent === indent) continue;
      // A line indented more than this mapping's keys (a multi-line scalar) or between two levels is not read here.
      if (this.#indent > indent) throw OUTSIDE_SUBSET;
      break;
    }
    this.#depth -= 1;
    return { isMap: true, value: mapping.value, pos, entries: mapping.entries };
  }

  #isSpaceOrEnd(offset: number): boolean {
    const code = this.#code(offset);
    return offset >= this.#text.length || code === SPACE || code === NEWLINE;
  }

  #skipSpaces(): void {
    while (this.#code(this.#offset) === SPACE) this.#offset += 1;
  }

  /** A block mapping's key and its `:` (followed by a space or the line's end). */
  #readBlockKey(): Key {
    const text = this.#text;
    const start = this.#offset;
    const first = text.charCodeAt(start);
    if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
      const written = this.#readQuoted();
      if (text.charCodeAt(this.#offset) !== COLON || !this.#isSpaceOrEnd(this.#offset + 1)) throw OUTSIDE_SUBSET;
      this.#offset += 1;
      return { written, property: written };
    }
    if (isIndicator(first)) throw OUTSIDE_SUBSET;
    let index = start;
    for (;;) {
      const code = text.charCodeAt(index);
      if (index >= text.length || code === NEWLINE) throw OUTSIDE_SUBSET;
      if (code === COLON && this.#isSpaceOrEnd(index + 1)) break;
      if (code === HASH && text.charCodeAt(index - 1) === SPACE) throw OUTSIDE_SUBSET;
      index += 1;
    }
    if (text.charCodeAt(index - 1) === SPACE) throw OUTSIDE_SUBSET;
    const written = text.slice(start, index);
    this.#offset = index + 1;
    return { written, property: String(plainValue(written)) };
  }

  /** A value on the current line: a flow mapping or list, a quoted scalar or a plain one (ending at a comment, or in a flow at `,` `]` `}`). */
  #readValue(inFlow: boolean): SourceNode {
    const text = this.#text;
    const start = this.#offset;
    const pos = this.#position(start);
    const first = text.charCodeAt(start);
    if (first === OPEN_BRACE) return this.#readFlowMapping();
    if (first === OPEN_BRACKET) return this.#readFlowList();
    if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) return { isMap: false, value: this.#readQuoted(), pos, entries: NO_ENTRIES };
    if (isIndicator(first) && !(first === MINUS && !this.#isSpaceOrEnd(start + 1))) throw OUTSIDE_SUBSET;
    let index = start;
    let end = start;
    for (;;) {
      const code = text.charCodeAt(index);
      if (index >= text.length || code === NEWLINE) break;
      if (code === SPACE) {
        index += 1;
        continue;
      }
      if (code === HASH && text.charCodeAt(index - 1) === SPACE) break;
      if (code === COLON) {
        const next = text.charCodeAt(index + 1);
        // `a: b: c` and `[a: 1]` are mappings where a scalar was expected: not read here.
        if (this.#isSpaceOrEnd(index + 1) || (inFlow && isFlowIndicator(next))) throw OUTSIDE_SUBSET;
      }
      if (inFlow && isFlowIndicator(code)) break;
      index += 1;
      end = index;
    }
    this.#offset = end;
    return { isMap: false, value: plainValue(text.slice(start, end)), pos, entries: NO_ENTRIES };
  }

  /** A quoted scalar on one line (no escapes: backslashes left the subset already); the reader moves past it. */
  #readQuoted(): string {
    const text = this.#text;
    const quote = text.charCodeAt(this.#offset);
    let value = '';
    let from = this.#offset + 1;
    // Found once: looked up per `''`, a long line of them would be read again for each.
    const lineEnd = text.indexOf('\n', from);
    for (;;) {
      const close = text.indexOf(quote === DOUBLE_QUOTE ? '"' : "'", from);
      if (close === -1 || (lineEnd !== -1 && lineEnd < close)) throw OUTSIDE_SUBSET;
      value += text.slice(from, close);
      // `''` inside single quotes is one quote.
      if (quote === SINGLE_QUOTE && text.charCodeAt(close + 1) === SINGLE_QUOTE) {
        value += "'";
        from = close + 2;
        continue;
      }
      this.#offset = close + 1;
      return value;
    }
  }

  /** A flow mapping on one line, `{ key: value, ... }`. */
  #readFlowMapping(): SourceNode {
    const pos = this.#position(this.#offset);
    const mapping = new MappingBuilder();
    this.#readFlowItems(CLOSE_BRACE, () => {
      const keyPos = this.#position(this.#offset);
      const key = this.#readFlowKey();
      mapping.add(key, keyPos, this.#readValue(true));
    });
    return { isMap: true, value: mapping.value, pos, entries: mapping.entries };
  }

  /** A flow list on one line, `[a, b, { c: 1 }]`: its value; items are values only, as in the fast reader. */
  #readFlowList(): SourceNode {
    const pos = this.#position(this.#offset);
    const items: unknown[] = [];
    this.#readFlowItems(CLOSE_BRACKET, () => items.push(this.#readValue(true).value));
    return { isMap: false, value: items, pos, entries: NO_ENTRIES };
  }

  /** From a flow's opening bracket past its closing one (`close`), its items read by `readItem`, separated by commas. */
  #readFlowItems(close: number, readItem: () => void): void {
    const text = this.#text;
    this.#enter();
    this.#offset += 1;
    this.#skipSpaces();
    if (text.charCodeAt(this.#offset) !== close) {
      for (;;) {
        // An empty item (`[a, , b]`) starts with an indicator, which no item reader takes.
        readItem();
        this.#skipSpaces();
        const code = text.charCodeAt(this.#offset);
        if (code === close) break;
        if (code !== COMMA) throw OUTSIDE_SUBSET;
        this.#offset += 1;
        this.#skipSpaces();
        // A trailing comma is left to the fast reader.
        if (text.charCodeAt(this.#offset) === close) throw OUTSIDE_SUBSET;
      }
    }
    this.#offset += 1;
    this.#depth -= 1;
  }

  /** A flow mapping's key and its `: ` (an empty value after it is left to the fast reader). */
  #readFlowKey(): Key {
    const text = this.#text;
    const start = this.#offset;
    const first = text.charCodeAt(start);
    let written: string;
    let property: string;
    if (first === DOUBLE_QUOTE || first === SINGLE_QUOTE) {
      written = this.#readQuoted();
      property = written;
    } else {
      if (isIndicator(first)) throw OUTSIDE_SUBSET;
      let index = start;
      for (;;) {
        const code = text.charCodeAt(index);
        if (index >= text.length || code === NEWLINE || code === HASH || isFlowIndicator(code)) throw OUTSIDE_SUBSET;
        if (code === COLON) break;
        index += 1;
      }
      if (text.charCodeAt(index - 1) === SPACE) throw OUTSIDE_SUBSET;
      written = text.slice(start, index);
      property = String(plainValue(written));
      this.#offset = index;
    }
    if (text.charCodeAt(this.#offset) !== COLON || text.charCodeAt(this.#offset + 1) !== SPACE) throw OUTSIDE_SUBSET;
    this.#offset += 2;
    const after = text.charCodeAt(this.#offset);
    if (after === SPACE) this.#skipSpaces();
    const next = text.charCodeAt(this.#offset);
    if (next === COMMA || next === CLOSE_BRACE || next === NEWLINE || next === HASH || this.#offset >= text.length) throw OUTSIDE_SUBSET;
    return { written, property };
  }
}
