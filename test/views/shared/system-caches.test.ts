import { describe, expect, it } from 'vitest';
import type { CompiledDesignSystem, Token } from '../../../src/compile/types.js';
import type { TokenTree } from '../../../src/views/shared/token-tree.js';
import { jsLiteralsOf } from '../../../src/views/formats/js/js-tree-text.js';
import { listDeclarations } from '../../../src/views/formats/preprocessors/preprocessor-declarations.js';
import { buildSystemTree, buildTokenTree, CLOSE_GROUP, OPEN_GROUP, treeWalkOf } from '../../../src/views/shared/token-tree.js';
import { compileExample, compileKitchenSink } from '../../helpers/fixtures.js';
import { compileAurora } from '../modes-fixture.js';

/** A tree as JSON with its keys in insertion order: two trees print the same exactly when keys and order match. */
const printed = (tree: unknown): string => JSON.stringify(tree);

/** Every key path of a tree in insertion order (JSON.stringify would hide an order that differs only in numeric keys). */
function keyPaths(tree: unknown, path = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.keys(tree).flatMap((key) => [`${path}/${key}`, ...keyPaths((tree as Record<string, unknown>)[key], `${path}/${key}`)]);
}

/** A tree's steps as `treeWalkOf` takes them: `path(` opens a group, `)` closes it, `path=index` is a token's leaf. */
function stepsOf(tree: TokenTree, path = ''): string[] {
  return Object.keys(tree).flatMap((key) => {
    const child = tree[key] as TokenTree;
    const childPath = path === '' ? key : `${path}.${key}`;
    return 'leaf' in child && typeof child['leaf'] === 'number'
      ? [`${childPath}=${child['leaf']}`]
      : [`${childPath}(`, ...stepsOf(child, childPath), ')'];
  });
}

describe('per-system caches of the views (a compiled system is immutable: derived data is worked out once)', () => {
  it('buildSystemTree nests exactly as buildTokenTree does, first build and again from the cached walk, whatever the leaves', async () => {
    const systems = [await compileExample('acme'), await compileExample('harbor'), await compileKitchenSink(), compileAurora()];
    for (const system of systems) {
      const leaves = [(token: Token) => token.resolved.light, (token: Token) => ({ key: token.key, type: token.type })];
      for (const leafOf of leaves) {
        const expected = buildTokenTree(system.tokens, leafOf);
        for (let round = 0; round < 2; round += 1) {
          const tree = buildSystemTree(system, leafOf);
          expect(printed(tree)).toBe(printed(expected));
          expect(keyPaths(tree)).toEqual(keyPaths(expected));
          // Plain objects, which JSON.stringify writes faster than objects without a prototype (no key is `__proto__` here).
          expect(Object.getPrototypeOf(tree)).toBe(Object.prototype);
          expect(tree).not.toBe(expected);
        }
      }
    }
  });

  it('treeWalkOf walks the tree buildTokenTree builds, in its order, for compiled systems and any hand-made list', async () => {
    const systems = [await compileExample('acme'), await compileExample('harbor'), await compileKitchenSink(), compileAurora()];
    const token = (key: string): Token => ({ key }) as unknown as Token;
    const handMade = [
      ['b.x', 'a.y', 'b.z'], // a group that comes back
      ['s.10', 's.9', 's.a', 's.2'], // array indexes out of numeric order
      ['a', 'a.b', 'c.d', 'c'], // keys that are a token and a group
      ['e.f', 'e.f'], // a key twice
      ['.a', 'b..c', ''], // empty segments
      ['n.4294967294', 'n.4294967295', 'n.01', 'n.1'], // the largest array index, then names that are none
    ];
    for (const keys of handMade) systems.push({ tokens: keys.map(token) } as unknown as CompiledDesignSystem);
    for (const system of systems) {
      const tree = buildTokenTree(system.tokens, (leaf) => ({ leaf: system.tokens.indexOf(leaf) }));
      const walk = treeWalkOf(system);
      const printed: string[] = [];
      walk.steps.forEach((step, index) => {
        if (step === CLOSE_GROUP) printed.push(')');
        else printed.push(`${walk.paths[index] as string}${step === OPEN_GROUP ? '(' : `=${step}`}`);
      });
      expect(printed).toEqual(stepsOf(tree));
    }
  });

  it('buildSystemTree with `includes` nests the included tokens as buildTokenTree nests them alone (no empty group)', async () => {
    const systems = [await compileExample('acme'), await compileKitchenSink(), compileAurora()];
    const includes = [(token: Token) => token.type === 'color', (token: Token) => token.key.length % 3 === 0, () => false];
    for (const system of systems) {
      for (const included of includes) {
        const leafOf = (token: Token) => ({ key: token.key });
        const expected = buildTokenTree(system.tokens.filter(included), leafOf);
        const tree = buildSystemTree(system, leafOf, included);
        expect(printed(tree)).toBe(printed(expected));
        expect(keyPaths(tree)).toEqual(keyPaths(expected));
      }
    }
  });

  it('a key segment `__proto__` is a key of its group like any other (groups without a prototype then)', () => {
    const token = (key: string): Token => ({ key }) as unknown as Token;
    // In key order (`_` sorts before `a`), so the tree is built from the system's walk.
    const system = { tokens: [token('__proto__.x'), token('a.__proto__.b'), token('a.c')] } as unknown as CompiledDesignSystem;
    const tree = buildSystemTree(system, (leaf) => leaf.key);
    expect(printed(tree)).toBe('{"__proto__":{"x":"__proto__.x"},"a":{"__proto__":{"b":"a.__proto__.b"},"c":"a.c"}}');
    expect(printed(tree)).toBe(printed(buildTokenTree(system.tokens, (leaf) => leaf.key)));
  });

  it('buildSystemTree builds a fresh tree per call: changing one does not change the next', async () => {
    const system = await compileExample('acme');
    const first = buildSystemTree(system, (token) => token.key);
    first['extra'] = 1;
    expect(Object.keys(buildSystemTree(system, (token) => token.key))).not.toContain('extra');
  });

  it('keys that are a token and a group at once (never compiled, but possible in a hand-made list) nest as buildTokenTree nests them', () => {
    const token = (key: string): Token => ({ key }) as unknown as Token;
    const system = {
      tokens: [token('a'), token('a.b'), token('c.d'), token('c'), token('e.f'), token('e.f')],
    } as unknown as CompiledDesignSystem;
    const leafOf = (leaf: Token): Record<string, string> => ({ of: leaf.key });
    for (let round = 0; round < 2; round += 1) {
      expect(printed(buildSystemTree(system, leafOf))).toBe(printed(buildTokenTree(system.tokens, leafOf)));
    }
  });

  it('the JavaScript literals and the preprocessor declarations are worked out once per system and mode', async () => {
    const system = compileAurora();
    expect(jsLiteralsOf(system, 'dark')).toBe(jsLiteralsOf(system, 'dark'));
    expect(jsLiteralsOf(system, 'dark')).not.toBe(jsLiteralsOf(system, 'light'));
    expect(listDeclarations(system, 'dark', 'keep')).toBe(listDeclarations(system, 'dark', 'keep'));
    expect(listDeclarations(system, 'dark', 'keep')).not.toBe(listDeclarations(system, 'dark', 'resolve'));
    expect(listDeclarations(system, 'light', 'keep')).not.toBe(listDeclarations(system, 'dark', 'keep'));
    // Another compile of the same files is another system: nothing is shared with it.
    expect(jsLiteralsOf(compileAurora(), 'dark')).not.toBe(jsLiteralsOf(system, 'dark'));
  });
});
