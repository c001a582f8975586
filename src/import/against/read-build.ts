import JSON5 from 'json5';
import { itemAt } from '../../compile/checked-access.js';
import { isRecord } from '../source-token.js';

/**
 * One set of values a build writes: the custom properties of one CSS rule (its selector, inside its media queries), or
 * the values of one JSON or JS file. `root` is a rule every page gets (`:root`, `html`, `:host` without a media query):
 * the other rules of a CSS build apply over those.
 */
export interface BuildContext {
  /** The file and, for CSS, the selector and media query: `dist/dark.css [data-theme="dark"]`. */
  readonly label: string;
  readonly file: string;
  readonly root: boolean;
  /** Name as written (`--color-bg`, `color.bg`, `ColorBg`) -> value as CSS text, `var()` followed in the file. */
  readonly values: ReadonlyMap<string, string>;
  /** The values as written, `var()` not followed: what the cascade of several rules resolves (see {@link cascade}). */
  readonly raw: ReadonlyMap<string, string>;
}

/** One built file: its path as the report names it, and its text. */
export interface BuildFile {
  readonly path: string;
  readonly text: string;
}

const ROOT_SELECTORS = new Set([':root', 'html', ':host', '*', 'body', ':root, :host', ':host, :root']);

/**
 * The contexts of a system's own build: every CSS rule with custom properties (`var()` followed within the file, then
 * within the root rules of every file), every JSON file (nested groups joined by `.`; a `value` or `$value` leaf is its
 * value) and every JS file (`export const Name = <literal>`, `module.exports =`, `export default`); a file that is
 * none of these is in `unread` with why.
 */
export function readBuild(files: readonly BuildFile[]): { contexts: BuildContext[]; unread: { file: string; reason: string }[] } {
  const contexts: BuildContext[] = [];
  const unread: { file: string; reason: string }[] = [];
  for (const file of files) {
    if (/\.(?:s?css|less)$/i.test(file.path)) contexts.push(...cssContexts(file));
    else if (/\.json5?$/i.test(file.path)) {
      const parsed = parseLiteral(file.text);
      if (parsed === undefined) unread.push({ file: file.path, reason: 'not JSON' });
      else {
        const values = flatten(parsed);
        contexts.push({ label: file.path, file: file.path, root: false, values, raw: values });
      }
    } else if (/\.(?:m?js|cjs|ts)$/i.test(file.path)) {
      const values = jsValues(file.text);
      if (values.size === 0) unread.push({ file: file.path, reason: 'no `export const`, `export default` or `module.exports` of values' });
      else contexts.push({ label: file.path, file: file.path, root: false, values, raw: values });
    } else unread.push({ file: file.path, reason: 'not a .css, .json or .js file' });
  }
  withThemeClassAsRoot(contexts);
  // A value naming another property (`var(--x)`) is followed in its own rule, then in the root rules of every file.
  const rootValues = new Map<string, string>();
  for (const context of contexts) if (context.root) for (const [name, value] of context.values) rootValues.set(name, value);
  const followed = contexts.map((context) => {
    const own = new Map(context.values);
    const lookup = (name: string): string | undefined => own.get(name) ?? rootValues.get(name);
    return { ...context, values: new Map([...context.values].map(([name, value]) => [name, followVars(value, lookup, 0)])) };
  });
  return { contexts: followed.filter((context) => context.values.size > 0), unread };
}

/**
 * The local stylesheets a CSS file `@import`s (`@import "./design-tokens.css";`, `@import url(tokens.css) layer(x);`),
 * as written: a package's `index.css` that only imports the file holding its tokens. URLs with a scheme (`https:`,
 * `data:`) and absolute paths are not local files.
 */
export function cssImportsOf(text: string): string[] {
  const uncommented = text.replace(/\/\*[\s\S]*?\*\//g, ' ');
  const imports: string[] = [];
  for (const match of uncommented.matchAll(/@import\s+(?:url\(\s*)?(["']?)([^"')\s;]+)\1/g)) {
    const target = match[2] ?? '';
    if (target !== '' && !/^[a-z][a-z0-9+.-]*:|^\//i.test(target)) imports.push(target);
  }
  return imports;
}

/**
 * A CSS build with no root rule whose themes are modifier classes of one class (Spectrum's `.spectrum` beside
 * `.spectrum--light`, `.spectrum--medium`): that class is the one a page puts on its root element, so its rule is read
 * as a root rule (the themes apply over it, and their `var()`s are followed into it).
 */
function withThemeClassAsRoot(contexts: BuildContext[]): void {
  if (contexts.some((context) => context.root)) return;
  const selectorOf = (context: BuildContext): string => context.label.slice(context.file.length + 1);
  contexts.forEach((context, index) => {
    const selector = selectorOf(context);
    if (!/^\.[A-Za-z][\w-]*$/.test(selector)) return;
    const modifiers = contexts.filter((other) => selectorOf(other).startsWith(`${selector}--`));
    if (modifiers.length > 0) contexts[index] = { ...context, root: true };
  });
}

/** Every rule of a stylesheet that declares custom properties, with its selector and the media queries around it. */
function cssContexts(file: BuildFile): BuildContext[] {
  const text = file.text.replace(/\/\*[\s\S]*?\*\//g, ' ');
  const contexts: BuildContext[] = [];
  const stack: { prelude: string; start: number }[] = [];
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '{') {
      stack.push({ prelude: text.slice(start, index).trim().replace(/\s+/g, ' '), start: index + 1 });
      start = index + 1;
    } else if (char === '}') {
      const open = stack.pop();
      if (open === undefined) continue;
      const body = text.slice(open.start, index);
      if (!body.includes('{')) {
        const values = new Map<string, string>();
        for (const match of body.matchAll(/(--[A-Za-z0-9_-]+)\s*:([^;]*)(?:;|$)/g)) values.set(itemAt(match, 1), itemAt(match, 2).trim());
        const media = stack.map((outer) => outer.prelude).filter((prelude) => prelude.startsWith('@'));
        if (values.size > 0) {
          const where = [...media, open.prelude].join(' ');
          contexts.push({
            label: `${file.path} ${where}`,
            file: file.path,
            root: media.length === 0 && ROOT_SELECTORS.has(open.prelude),
            values,
            raw: values,
          });
        }
      }
      start = index + 1;
    }
  }
  return contexts;
}

/**
 * The values a page gets from `contexts` applied in order, as the cascade gives them: later rules win, and a `var()`
 * is followed in the result (`--a: var(--b)` of a light file takes a dark file's `--b` when the dark file comes later).
 */
export function cascade(contexts: readonly BuildContext[]): Map<string, string> {
  const raw = new Map(contexts.flatMap((context) => [...context.raw]));
  return new Map([...raw].map(([name, value]) => [name, followVars(value, (other) => raw.get(other), 0)]));
}

/** `value` with every `var(--x[, fallback])` replaced by what `lookup` gives (recursively), else its fallback. */
function followVars(value: string, lookup: (name: string) => string | undefined, depth: number): string {
  if (depth > 32 || !value.includes('var(')) return value;
  let out = '';
  let index = 0;
  while (index < value.length) {
    const at = value.indexOf('var(', index);
    if (at < 0) {
      out += value.slice(index);
      break;
    }
    out += value.slice(index, at);
    let parens = 0;
    let end = at + 3;
    for (; end < value.length; end += 1) {
      if (value[end] === '(') parens += 1;
      else if (value[end] === ')' && --parens === 0) break;
    }
    const inner = value.slice(at + 4, end);
    const comma = inner.indexOf(',');
    const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
    const replacement = lookup(name) ?? (comma < 0 ? undefined : inner.slice(comma + 1).trim());
    out += replacement === undefined ? value.slice(at, end + 1) : followVars(replacement, lookup, depth + 1);
    index = end + 1;
  }
  return out;
}

function parseLiteral(text: string): unknown {
  try {
    return JSON5.parse<unknown>(text);
  } catch {
    return undefined;
  }
}

/** A JSON build's values: nested groups joined by `.`; a leaf `{ value }` / `{ $value }` (Style Dictionary's `json`) is its value. */
function flatten(document: unknown): Map<string, string> {
  const values = new Map<string, string>();
  const walk = (node: unknown, path: readonly string[]): void => {
    if (path.length > 64) return;
    if (typeof node === 'string' || typeof node === 'number') {
      if (path.length > 0) values.set(path.join('.'), String(node));
      return;
    }
    if (Array.isArray(node)) {
      if (node.every((item) => typeof item === 'string' || typeof item === 'number')) values.set(path.join('.'), node.join(', '));
      return;
    }
    if (!isRecord(node)) return;
    const leaf = '$value' in node ? node['$value'] : 'value' in node && !isRecord(node['value']) ? node['value'] : undefined;
    if (leaf !== undefined && path.length > 0) {
      walk(leaf, path);
      return;
    }
    for (const [name, child] of Object.entries(node)) if (!name.startsWith('$')) walk(child, [...path, name]);
  };
  walk(document, []);
  return values;
}

/**
 * A JS build's values, read as data (the file is never run): `export const Name = <JSON5 literal>;` lines (Style
 * Dictionary's `javascript/es6`), or one object after `module.exports =` or `export default` (nested groups flattened).
 */
function jsValues(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const match of text.matchAll(/^\s*export\s+const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(.+?);?\s*$/gm)) {
    const [name, written] = [itemAt(match, 1), itemAt(match, 2)];
    const literal = parseLiteral(written.replace(/\s+as\s+const$/, ''));
    if (typeof literal === 'string' || typeof literal === 'number') values.set(name, String(literal));
    else if (isRecord(literal)) for (const [path, value] of flatten(literal)) values.set(`${name}.${path}`, value);
  }
  if (values.size > 0) return values;
  const object = /(?:module\.exports\s*=|export\s+default)\s*(\{[\s\S]*\})\s*;?\s*$/.exec(text);
  const literal = object === null ? undefined : parseLiteral(itemAt(object, 1));
  return literal === undefined ? values : flatten(literal);
}
