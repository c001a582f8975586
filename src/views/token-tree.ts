import type { CompiledDesignSystem, Token } from '../compile/types.js';
import { perSystem } from './system-memo.js';

export interface TokenTree {
  [segment: string]: unknown; // a TokenTree, or a leaf
}

/**
 * Nests tokens by the segments of their keys (already in segment order), with `leafOf(token)` at each leaf.
 * @example buildTokenTree([{ key: 'color.brand', ... }], (t) => t.resolved.light) // { color: { brand: '#2563EB' } }
 */
export function buildTokenTree(tokens: readonly Token[], leafOf: (token: Token) => unknown): TokenTree {
  const root: TokenTree = Object.create(null) as TokenTree;
  for (const token of tokens) {
    const segments = token.key.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) {
      node = (node[segment] ??= Object.create(null) as TokenTree) as TokenTree;
    }
    node[segments[segments.length - 1] as string] = leafOf(token);
  }
  return root;
}

/**
 * How the tree of a system's tokens is built, step by step in the order {@link buildTokenTree} takes: step `i` adds
 * `names[i]` to the node `parents[i]` (nodes numbered in the order they are made, the root 0): the next token's leaf,
 * or, when `parents[i]` is negative, a new node under node `~parents[i]`.
 */
interface TreePlan {
  readonly parents: Int32Array;
  readonly names: readonly string[];
}

/**
 * The plan of each compiled system's tree, worked out on its first tree: every tree-shaped export (the JSON exports,
 * the resolver, TypeScript, JavaScript and its declarations) nests the same keys, each with its own leaves. A compiled
 * system never changes (it is frozen; the render worker's copy is never changed either), so its plan holds for its
 * life; `null` when its keys cannot be planned (a key that is a token and a group: never compiled).
 */
/** Each system's tree plan (null when its keys cannot share one), once. */
const planOf = perSystem((system): TreePlan | null => planTree(system.tokens));

/**
 * `buildTokenTree(system.tokens, leafOf)`, the same tree with its keys in the same order, built from the system's
 * plan: a fresh tree per call, the keys' segments split and looked up once per system instead of once per tree.
 */
export function buildSystemTree(system: CompiledDesignSystem, leafOf: (token: Token) => unknown): TokenTree {
  const plan = planOf(system);
  if (plan === null) return buildTokenTree(system.tokens, leafOf);
  const { parents, names } = plan;
  const { tokens } = system;
  const nodes: TokenTree[] = [Object.create(null) as TokenTree];
  let next = 0;
  for (let step = 0; step < parents.length; step += 1) {
    const parent = parents[step] as number;
    if (parent >= 0) {
      (nodes[parent] as TokenTree)[names[step] as string] = leafOf(tokens[next] as Token);
      next += 1;
    } else {
      const node = Object.create(null) as TokenTree;
      (nodes[~parent] as TokenTree)[names[step] as string] = node;
      nodes.push(node);
    }
  }
  return nodes[0] as TokenTree;
}

/** The plan of `tokens`' tree, or null when a key is a token and a group at once, or comes twice. */
function planTree(tokens: readonly Token[]): TreePlan | null {
  const parents: number[] = [];
  const names: string[] = [];
  // Each node's children: the number of a child node, or -1 for a leaf.
  const children: Map<string, number>[] = [new Map<string, number>()];
  for (const token of tokens) {
    const segments = token.key.split('.');
    let node = 0;
    for (let index = 0; index < segments.length - 1; index += 1) {
      const segment = segments[index] as string;
      const known = (children[node] as Map<string, number>).get(segment);
      if (known === -1) return null;
      if (known !== undefined) {
        node = known;
        continue;
      }
      const made = children.length;
      children.push(new Map<string, number>());
      (children[node] as Map<string, number>).set(segment, made);
      parents.push(~node);
      names.push(segment);
      node = made;
    }
    const leaf = segments[segments.length - 1] as string;
    if ((children[node] as Map<string, number>).has(leaf)) return null;
    (children[node] as Map<string, number>).set(leaf, -1);
    parents.push(node);
    names.push(leaf);
  }
  return { parents: Int32Array.from(parents), names };
}
