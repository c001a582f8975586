import { itemAt } from '../compile/checked-access.js';
import { readDtcgDocument } from './read-dtcg.js';
import { posix } from 'node:path';
import { isList, isRecord, modeNameOf, valueAtPointer, withModeLayer } from './source-token.js';
import type { ImportIssue, SourceDocument, SourceRead } from './source-token.js';

/** One modifier of a resolver document: its name, its contexts' sources in order, its default context. */
interface Modifier {
  readonly name: string;
  readonly contexts: ReadonlyMap<string, readonly unknown[]>;
  readonly defaultContext: string;
}

/** A step of the resolution order: a set's sources, or a modifier. */
type Step = { readonly sources: readonly unknown[] } | { readonly modifier: Modifier };

/** A path as the resolver's `$ref`s and the inputs are matched: `/` separators, `.` and `..` applied. */
const normalizePath = (path: string): string => posix.normalize(path.replace(/\\/g, '/'));

/**
 * A DTCG 2025.10 resolver document with the token files its `$ref`s name (given among `documents`): its sets and
 * modifiers are applied in `resolutionOrder`; every modifier at its default context gives the base mode `light`, and
 * every other context of each modifier (the others at their defaults) gives one mode, named after the context
 * (`<modifier>-<context>` when two modifiers share a context name, or the context is called `light`). Each mode's
 * token tree is merged as the resolver says (a later source's token replaces an earlier one of the same path), then
 * read as DTCG; a token's value in a mode is kept where it is written differently from the base mode.
 */
export function readResolver(documents: readonly SourceDocument[]): SourceRead {
  const issues: ImportIssue[] = [];
  const notes: string[] = [];
  const byPath = new Map(documents.map((document) => [normalizePath(document.path), document.document]));
  const resolvers = documents.flatMap(({ path, document }) =>
    isRecord(document) && isList(document['resolutionOrder']) ? [{ path, root: document, order: document['resolutionOrder'] }] : [],
  );
  // Read only when a document has a `resolutionOrder` (readSources tells the format by it).
  const resolver = itemAt(resolvers, 0);
  for (const other of resolvers.slice(1)) {
    issues.push({ source: other.path, level: 'skipped', reason: `a second resolver document; only ${resolver.path} is read` });
  }
  const root = resolver.root;
  const base = posix.dirname(normalizePath(resolver.path));

  /** A source: an inline token tree, or a `$ref` to a file given (with an optional `#/pointer`) or into this document. */
  const sourceTree = (source: unknown, where: string): unknown => {
    if (!isRecord(source) || typeof source['$ref'] !== 'string') return source;
    const [file = '', pointer = ''] = source['$ref'].split('#', 2);
    const document = file === '' ? root : byPath.get(normalizePath(posix.join(base, file)));
    if (document === undefined) {
      issues.push({
        source: `${resolver.path}:${where}`,
        level: 'skipped',
        reason: `\`${source['$ref']}\` is not among the files given (give its folder too)`,
      });
      return undefined;
    }
    return pointer === '' ? document : valueAtPointer(document, pointer);
  };
  const sourcesOf = (list: unknown, where: string): unknown[] =>
    Array.isArray(list) ? list.map((source, index) => sourceTree(source, `${where}[${index}]`)) : [];

  const steps: Step[] = [];
  const modifiers: Modifier[] = [];
  resolver.order.forEach((item, index) => {
    const where = `resolutionOrder[${index}]`;
    const ref = isRecord(item) && typeof item['$ref'] === 'string' ? item['$ref'] : undefined;
    const entry = ref?.startsWith('#/') ? valueAtPointer(root, ref.slice(1)) : item;
    const kind = ref?.startsWith('#/modifiers/') || (isRecord(entry) && entry['type'] === 'modifier') ? 'modifier' : 'set';
    if (!isRecord(entry)) {
      issues.push({ source: `${resolver.path}:${where}`, level: 'skipped', reason: `\`${ref ?? '?'}\` names nothing in the document` });
      return;
    }
    if (kind === 'set') {
      steps.push({ sources: sourcesOf(entry['sources'], `${where}.sources`) });
      return;
    }
    const name =
      ref === undefined ? (typeof entry['name'] === 'string' ? entry['name'] : `modifier${index}`) : ref.slice(ref.lastIndexOf('/') + 1);
    const contexts = new Map<string, unknown[]>();
    for (const [context, sources] of Object.entries(isRecord(entry['contexts']) ? entry['contexts'] : {})) {
      contexts.set(context, sourcesOf(sources, `${where}.contexts.${context}`));
    }
    const written = typeof entry['default'] === 'string' ? entry['default'] : undefined;
    const defaultContext = written !== undefined && contexts.has(written) ? written : ([...contexts.keys()][0] ?? '');
    const modifier = { name, contexts, defaultContext };
    modifiers.push(modifier);
    steps.push({ modifier });
  });

  const treeFor = (choice: ReadonlyMap<string, string>): Record<string, unknown> => {
    const tree: Record<string, unknown> = {};
    const sourcesAt = (step: Step): readonly unknown[] => {
      if ('sources' in step) return step.sources;
      const context = choice.get(step.modifier.name);
      return (context === undefined ? undefined : step.modifier.contexts.get(context)) ?? [];
    };
    for (const step of steps) for (const source of sourcesAt(step)) if (isRecord(source)) mergeTokens(tree, source);
    return tree;
  };
  const defaults = new Map(modifiers.map((modifier) => [modifier.name, modifier.defaultContext]));
  const contextNames = modifiers.flatMap((modifier) => [...modifier.contexts.keys()]);
  const modeTrees: { mode: string; tree: Record<string, unknown> }[] = [{ mode: 'light', tree: treeFor(defaults) }];
  if (modifiers.length > 0) {
    notes.push(`the base mode \`light\` is ${modifiers.map((modifier) => `${modifier.name}: ${modifier.defaultContext}`).join(', ')}`);
  }
  for (const modifier of modifiers) {
    for (const context of modifier.contexts.keys()) {
      if (context === modifier.defaultContext) continue;
      const shared = contextNames.filter((name) => name === context).length > 1;
      const mode = modeNameOf(shared || modeNameOf(context) === 'light' ? `${modifier.name}-${context}` : context);
      notes.push(`mode \`${mode}\` is ${modifier.name}: ${context}`);
      modeTrees.push({ mode, tree: treeFor(new Map([...defaults, [modifier.name, context]])) });
    }
  }
  const [baseMode, ...others] = modeTrees.map(({ mode, tree }) => ({ mode, tokens: readDtcgDocument(resolver.path, tree) }));
  let tokens = baseMode?.tokens ?? [];
  for (const { mode, tokens: inMode } of others) tokens = withModeLayer(tokens, mode, inMode, issues);
  return { tokens, issues, notes };
}

/** Lays `source`'s groups and tokens over `tree`: groups merge, a token replaces whatever is at its path. */
function mergeTokens(tree: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(source)) {
    const existing = tree[name];
    if (isRecord(value) && !('$value' in value) && isRecord(existing) && !('$value' in existing)) {
      const merged = { ...existing };
      mergeTokens(merged, value);
      tree[name] = merged;
    } else tree[name] = value;
  }
}
