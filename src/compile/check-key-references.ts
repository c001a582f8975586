import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import type { ApiKeyEntry } from './parse-keys-file.js';
import { didYouMean } from './suggest.js';
import type { Diagnostic } from './types.js';

/**
 * Cross-checks the entries of a valid `keys.yaml` against the design systems of the source folder.
 * Returns an error `key-unknown-design-system` for each `designSystem` or `access` slug that names no design system,
 * and a warning `key-expired` for each key whose `expiresAt` is not after `now` (the server refuses it).
 */
export function checkKeyReferences(path: string, text: string, keys: readonly ApiKeyEntry[], slugs: ReadonlySet<string>, now: number): Diagnostic[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const nodesByName = new Map<string, { entry: Node; field: (name: string) => Node | undefined }>();
  const keysNode = isMap(doc.contents) ? doc.contents.get('keys', true) : undefined;
  for (const item of isSeq(keysNode) ? keysNode.items : []) {
    if (!isMap(item)) continue;
    const name = item.get('name');
    if (typeof name === 'string') nodesByName.set(name, { entry: item as Node, field: (field) => item.get(field, true) as Node | undefined });
  }
  const diagnostics: Diagnostic[] = [];
  const report = (node: Node | undefined, fallback: ApiKeyEntry, rule: string, message: string, severity: Diagnostic['severity']): void => {
    const offset = node?.range?.[0];
    const { line, col } = offset === undefined ? { line: fallback.line, col: fallback.column } : lineCounter.linePos(offset);
    diagnostics.push({ file: path, line, column: col, rule, message, severity });
  };

  for (const key of keys) {
    const nodes = nodesByName.get(key.name);
    if (!slugs.has(key.designSystem)) {
      report(nodes?.field('designSystem'), key, 'key-unknown-design-system', `key \`${key.name}\` is for design system \`${key.designSystem}\`, which does not exist${didYouMean(key.designSystem, slugs)}`, 'error');
    }
    const accessNode = nodes?.field('access');
    for (const slug of key.access.slice(1)) {
      if (slugs.has(slug)) continue;
      const itemNode = isSeq(accessNode) ? (accessNode.items.find((item) => isScalar(item) && item.value === slug) as Node | undefined) : undefined;
      report(itemNode ?? accessNode, key, 'key-unknown-design-system', `key \`${key.name}\` gives access to design system \`${slug}\`, which does not exist${didYouMean(slug, slugs)}`, 'error');
    }
    if (key.expiresAt !== undefined && Date.parse(key.expiresAt) <= now) {
      report(nodes?.field('expiresAt'), key, 'key-expired', `key \`${key.name}\` expired on ${key.expiresAt}: the server refuses it (remove it with \`token-server keys revoke ${key.name}\`)`, 'warning');
    }
  }
  return diagnostics;
}
