import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as csstree from 'css-tree';

/** The folder of an installed package (its `package.json` must be exported or be reachable through `main`). */
export function packageFolder(name: string): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve(`${name}/package.json`));
}

/** The `version` of an installed package. */
export function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(join(packageFolder(name), 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** The custom properties of a built stylesheet: those of its top-level rules, and those inside at-rules. */
export interface Stylesheet {
  /** Name (with `--`) -> value as written, from the rules at the top level. */
  readonly topLevel: ReadonlyMap<string, string>;
  /** Declarations inside at-rules (`@media (pointer: coarse) { :root { ... } }`), with the at-rule's prelude. */
  readonly nested: readonly { readonly property: string; readonly value: string; readonly condition: string }[];
  /** Names declared by `@custom-media --name (...)`. */
  readonly customMedia: readonly string[];
}

/** Reads a package's stylesheet with css-tree, refusing anything it had to recover from. */
export function readStylesheet(path: string): Stylesheet {
  // Preludes as written: css-tree does not know `@custom-media` with nested conditions.
  const ast = csstree.parse(readFileSync(path, 'utf8'), {
    parseAtrulePrelude: false,
    onParseError: (error) => {
      throw new Error(`${path}: ${error.message}`);
    },
  });
  if (ast.type !== 'StyleSheet') throw new Error(`${path}: not a stylesheet`);
  const topLevel = new Map<string, string>();
  const nested: { property: string; value: string; condition: string }[] = [];
  const customMedia: string[] = [];
  ast.children.forEach((node) => {
    if (node.type === 'Atrule' && node.name === 'custom-media' && node.prelude !== null) {
      customMedia.push((csstree.generate(node.prelude).split(/\s/)[0] as string).trim());
      return;
    }
    const condition = node.type === 'Atrule' ? `@${node.name} ${node.prelude === null ? '' : csstree.generate(node.prelude)}` : undefined;
    csstree.walk(node, {
      visit: 'Declaration',
      enter(declaration) {
        if (!declaration.property.startsWith('--')) return;
        const value = csstree.generate(declaration.value).trim();
        if (condition !== undefined) nested.push({ property: declaration.property, value, condition });
        else if (topLevel.has(declaration.property) && topLevel.get(declaration.property) !== value)
          throw new Error(`${path}: ${declaration.property} declared twice with different values`);
        else topLevel.set(declaration.property, value);
      },
    });
  });
  return { topLevel, nested, customMedia };
}

const REFERENCE = /var\(\s*(--[A-Za-z0-9_-]+)\s*(?:,\s*([^()]*))?\)/;

/**
 * Every value with its `var(--x)` references replaced by what `--x` stands for, recursively (the value a browser
 * computes). A reference to a property not in `properties` (and without a fallback) is left as written.
 */
export function resolveReferences(properties: ReadonlyMap<string, string>): Map<string, string> {
  const resolved = new Map<string, string>();
  const resolving = new Set<string>();
  const resolve = (name: string): string | undefined => {
    const known = resolved.get(name);
    if (known !== undefined) return known;
    let text = properties.get(name);
    if (text === undefined) return undefined;
    if (resolving.has(name)) throw new Error(`reference cycle through ${name}`);
    resolving.add(name);
    for (let match = REFERENCE.exec(text), guard = 0; match !== null && guard < 1000; match = REFERENCE.exec(text), guard += 1) {
      const replacement = resolve(match[1] as string) ?? match[2]?.trim();
      if (replacement === undefined) break;
      text = text.slice(0, match.index) + replacement + text.slice(match.index + match[0].length);
    }
    resolving.delete(name);
    resolved.set(name, text);
    return text;
  };
  for (const name of properties.keys()) resolve(name);
  return resolved;
}

/** What a stylesheet's doc comments say is deprecated: `--x: ...; /** Deprecated. Use a.b-c instead. *\/`. */
export interface Deprecation {
  readonly message: string;
  /** The property the comment names (`a.b-c` -> `--a-b-c`), if it names one. */
  readonly replacement?: string;
}

const DEPRECATED_COMMENT = /(--[A-Za-z0-9_-]+)\s*:[^;{}]*;\s*\/\*\*?\s*(Deprecated\b[^*]*?)\s*\*\//g;

/** The deprecated properties of a stylesheet, read from the comment after each declaration (css-tree drops comments). */
export function readDeprecations(path: string): Map<string, Deprecation> {
  const deprecations = new Map<string, Deprecation>();
  for (const match of readFileSync(path, 'utf8').matchAll(DEPRECATED_COMMENT)) {
    const message = match[2] as string;
    const use = /\bUse\s+([A-Za-z0-9_.-]+?)\s+instead\b/.exec(message);
    const replacement = use === null ? undefined : `--${(use[1] as string).replaceAll('.', '-')}`;
    deprecations.set(match[1] as string, { message, ...(replacement === undefined ? {} : { replacement }) });
  }
  return deprecations;
}
