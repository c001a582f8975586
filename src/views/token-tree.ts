import type { Token } from '../compile/types.js';

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
