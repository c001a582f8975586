import type { CompiledDesignSystem, Token } from '../../compile/types.js';
import { itemAt } from '../../compile/checked-access.js';
import { perSystem } from './system-memo.js';

export interface TokenTree {
  [segment: string]: unknown; // a TokenTree, or a leaf
}

/**
 * Nests tokens by the segments of their keys (already in segment order), with `leafOf(token, index)` at each leaf
 * (`index` its place in `tokens`). With `includes`, the tokens it includes only.
 * @example buildTokenTree([{ key: 'color.brand', ... }], (t) => t.resolved.light) // { color: { brand: '#2563EB' } }
 */
export function buildTokenTree(
  tokens: readonly Token[],
  leafOf: (token: Token, index: number) => unknown,
  includes?: (token: Token, index: number) => boolean,
): TokenTree {
  const root = makeGroupWithoutPrototype();
  for (const [index, token] of tokens.entries()) {
    if (includes !== undefined && !includes(token, index)) continue;
    const segments = token.key.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      const child = node[segment];
      if (child === undefined || child === null) {
        const group = makeGroupWithoutPrototype();
        node[segment] = group;
        node = group;
      } else if (isTokenTree(child)) node = child;
      // A key below a token whose leaf is no object (a plain value): it has nowhere to go.
      else throw new TypeError(`\`${token.key}\` is below a token: its leaf holds no group`);
    }
    node[itemAt(segments, segments.length - 1)] = leafOf(token, index);
  }
  return root;
}

/** Each system's walk read off its keys (its tokens come in the order of their tree), or null when they do not. */
const keyOrderWalkOf = perSystem((system): TreeWalk | null => walkKeysInOrder(system.tokens));

/**
 * `buildTokenTree(system.tokens, leafOf, includes)`, the same tree with its keys in the same order, built from the
 * system's {@link treeWalkOf} (its keys split once per system, not once per tree): a fresh tree per call. `index` is
 * the token's in `system.tokens`. With `includes`, the tree of the tokens it includes only: a group is made when its
 * first included token is, so no group is left empty and each comes where that tree has it.
 */
export function buildSystemTree(
  system: CompiledDesignSystem,
  leafOf: (token: Token, index: number) => unknown,
  includes?: (token: Token, index: number) => boolean,
): TokenTree {
  const walk = keyOrderWalkOf(system);
  if (walk === null) return buildTokenTree(system.tokens, leafOf, includes);
  const { steps, segments } = walk;
  const { tokens } = system;
  const makeGroup = groupMakerOf(system);
  // The groups open at the current step, by depth (undefined until made), and the segment of each.
  const open: (TokenTree | undefined)[] = [makeGroup()];
  const names: string[] = [''];
  let depth = 0;
  for (let index = 0; index < steps.length; index += 1) {
    const step = itemAt(steps, index);
    if (step === OPEN_GROUP) {
      depth += 1;
      open[depth] = undefined;
      names[depth] = itemAt(segments, index);
    } else if (step === CLOSE_GROUP) depth -= 1;
    else {
      const token = itemAt(tokens, step);
      if (includes !== undefined && !includes(token, step)) continue;
      let made = depth;
      while (open[made] === undefined) made -= 1;
      for (; made < depth; made += 1) {
        const group = makeGroup();
        itemAt(open, made)[itemAt(names, made + 1)] = group;
        open[made + 1] = group;
      }
      itemAt(open, depth)[itemAt(segments, index)] = leafOf(token, step);
    }
  }
  return itemAt(open, 0);
}

const makePlainGroup = (): TokenTree => ({});
const makeGroupWithoutPrototype = (): TokenTree => ({ __proto__: null });

/** Whether a node of a tree can hold children: a group, or a leaf that is an object (a longer key adds to it). */
const isTokenTree = (node: unknown): node is TokenTree => (typeof node === 'object' && node !== null) || typeof node === 'function';

/**
 * How the groups of a system's trees are made: plain objects, unless a segment is `__proto__` (which a plain object
 * would take for its prototype), then objects without a prototype. Why not always the latter: V8 keeps those as
 * dictionaries, and `JSON.stringify` writes them about half as fast as plain objects.
 */
const groupMakerOf = perSystem((system): (() => TokenTree) => {
  const walk = keyOrderWalkOf(system);
  return walk === null || walk.segments.includes('__proto__') ? makeGroupWithoutPrototype : makePlainGroup;
});

/** A step of a {@link TreeWalk} that opens a group (the steps after it, up to its {@link CLOSE_GROUP}, are its children). */
export const OPEN_GROUP = -1;
/** A step of a {@link TreeWalk} that closes the group opened last. */
export const CLOSE_GROUP = -2;

/**
 * The system's tree (the one {@link buildSystemTree} builds) as the steps that print it depth first, in the order
 * `Object.keys` lists each node (array indexes first in numeric order, then insertion order): step `i` is the leaf of
 * token `steps[i]`, or {@link OPEN_GROUP} or {@link CLOSE_GROUP}. Why: the JavaScript and TypeScript exports print
 * several trees of the same keys with other leaves; walking these steps prints them without building each tree.
 */
export interface TreeWalk {
  readonly steps: Int32Array;
  /** Per step: the segment naming its leaf or group ('' for a close). */
  readonly segments: readonly string[];
  /** Per step: the key path of its leaf or group, segments joined with `.` ('' for a close). */
  readonly paths: readonly string[];
}

/**
 * Each system's {@link TreeWalk}, once. Compiled systems list their keys in the order their tree lists them, so the
 * walk is read off the keys in one pass; any other list (hand-made, with a key that is a token and a group, or out
 * of that order) is walked from its tree itself, so the walk always keeps that tree's order exactly.
 */
export const treeWalkOf: (system: CompiledDesignSystem) => TreeWalk = perSystem(
  (system) => keyOrderWalkOf(system) ?? walkTree(system.tokens),
);

/**
 * The walk of `tokens` read off their keys: each key closes the groups the one before it was in and it is not, opens
 * the groups it is in and the one before it was not, then adds its leaf. Null unless that is how their tree lists
 * them: each segment must come after the segment it follows in its group as `Object.keys` orders them (strictly, so
 * no group comes twice and no key is a token and a group), and no segment may be empty.
 */
function walkKeysInOrder(tokens: readonly Token[]): TreeWalk | null {
  const walk: { steps: number[]; segments: string[]; paths: string[] } = { steps: [], segments: [], paths: [] };
  const add = (step: number, segment: string, path: string): void => {
    walk.steps.push(step);
    walk.segments.push(segment);
    walk.paths.push(path);
  };
  // The key before, by level: its segments and where each group's segment ends in it. Keys are read in place with
  // `indexOf` rather than split: most of a key's segments are its predecessor's, and need no string of their own.
  const previousSegments: string[] = [];
  const previousEnds: number[] = [];
  let previousDepth = -1;
  for (let index = 0; index < tokens.length; index += 1) {
    const { key } = itemAt(tokens, index);
    // The groups this key shares with the one before it; the segment after them is new in the last group shared.
    let shared = 0;
    let start = 0;
    let end = key.indexOf('.');
    while (
      end !== -1 &&
      shared < previousDepth &&
      end === previousEnds[shared] &&
      key.startsWith(itemAt(previousSegments, shared), start)
    ) {
      shared += 1;
      start = end + 1;
      end = key.indexOf('.', start);
    }
    for (let level = previousDepth; level > shared; level -= 1) add(CLOSE_GROUP, '', '');
    // Its segments from the first new one on: a group opened per dot, then the leaf.
    for (let level = shared; ; level += 1) {
      const segment = end === -1 ? key.slice(start) : key.slice(start, end);
      if (segment === '') return null;
      if (level === shared && index > 0 && !listsBefore(itemAt(previousSegments, shared), segment)) return null;
      previousSegments[level] = segment;
      if (end === -1) {
        add(index, segment, key);
        previousDepth = level;
        break;
      }
      add(OPEN_GROUP, segment, key.slice(0, end));
      previousEnds[level] = end;
      start = end + 1;
      end = key.indexOf('.', start);
    }
  }
  for (let level = previousDepth; level > 0; level -= 1) add(CLOSE_GROUP, '', '');
  return { steps: Int32Array.from(walk.steps), segments: walk.segments, paths: walk.paths };
}

/**
 * Whether `Object.keys` lists `first` before `second` when they name properties of one object (added in that order):
 * array indexes first, in numeric order, then the others in the order added; strictly, so never a name twice.
 */
function listsBefore(first: string, second: string): boolean {
  const firstIndex = arrayIndexOf(first);
  const secondIndex = arrayIndexOf(second);
  if (firstIndex >= 0 && secondIndex >= 0) return firstIndex < secondIndex;
  if (firstIndex >= 0 || secondIndex >= 0) return firstIndex >= 0;
  // Two names listed in the order added: any order, so long as the names differ; code-unit order makes it strict.
  return first < second;
}

/** The number a property name stands for when it is an array index (`0` to `2 ** 32 - 2`, no leading zero), else -1. */
function arrayIndexOf(name: string): number {
  if (name.length === 0 || name.length > 10) return -1;
  const first = name.charCodeAt(0);
  if (first < 48 || first > 57 || (first === 48 && name.length > 1)) return -1;
  let value = 0;
  for (let index = 0; index < name.length; index += 1) {
    const code = name.charCodeAt(index);
    if (code < 48 || code > 57) return -1;
    value = value * 10 + (code - 48);
  }
  return value <= 4294967294 ? value : -1;
}

/** A leaf of the tree a walk is read from: which token it is (an object, so no leaf is mistaken for a group). */
class TokenLeaf {
  constructor(readonly index: number) {}
}

/** The walk of `tokens`' tree, read off the tree itself (for any list of tokens, in any order). */
function walkTree(tokens: readonly Token[]): TreeWalk {
  const tree = buildTokenTree(tokens, (_token, index) => new TokenLeaf(index));
  const steps: number[] = [];
  const segments: string[] = [];
  const paths: string[] = [];
  const visit = (node: TokenTree, path: string): void => {
    for (const segment of Object.keys(node)) {
      const child = node[segment];
      // Joined as the printers always joined key paths (a key that starts with `.` loses its empty first segment).
      const childPath = path === '' ? segment : `${path}.${segment}`;
      segments.push(segment);
      paths.push(childPath);
      if (child instanceof TokenLeaf) {
        steps.push(child.index);
        continue;
      }
      // Every node of this tree is a TokenLeaf or a group.
      if (!isTokenTree(child)) throw new TypeError(`\`${childPath}\` is neither a token nor a group`);
      steps.push(OPEN_GROUP);
      visit(child, childPath);
      steps.push(CLOSE_GROUP);
      segments.push('');
      paths.push('');
    }
  };
  visit(tree, '');
  return { steps: Int32Array.from(steps), segments, paths };
}
