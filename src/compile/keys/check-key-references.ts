import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import type { ApiKeyEntry } from './parse-keys-file.js';
import type { RuleId } from '../diagnostics/rules.js';
import { didYouMean } from '../diagnostics/suggest.js';
import type { Diagnostic } from '../types.js';

/** Where a field of an entry (or one slug of its `access`) is written; undefined: at the entry itself. */
export type LocateKeyField = (
  key: ApiKeyEntry,
  field: 'designSystem' | 'access' | 'expiresAt',
  slug?: string,
) => { line: number; column: number } | undefined;

/**
 * Cross-checks the valid entries of `keys.yaml` against the design systems that exist.
 * Returns an error `key-unknown-design-system` for each `designSystem` or `access` slug that names no design system,
 * and a warning `key-expired` for each key whose `expiresAt` is not after `now` (the server refuses it); each at the
 * field when `locate` knows where it is, else at the entry.
 */
export function checkKeyEntries(
  path: string,
  keys: readonly ApiKeyEntry[],
  slugs: ReadonlySet<string>,
  now: number,
  locate: LocateKeyField = () => undefined,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report = (
    key: ApiKeyEntry,
    at: ReturnType<LocateKeyField>,
    rule: RuleId,
    message: string,
    severity: Diagnostic['severity'],
  ): void => {
    diagnostics.push({ file: path, line: at?.line ?? key.line, column: at?.column ?? key.column, rule, message, severity });
  };
  for (const key of keys) {
    if (!slugs.has(key.designSystem)) {
      const message = `key \`${key.name}\` is for design system \`${key.designSystem}\`, which does not exist${didYouMean(key.designSystem, slugs)}`;
      report(key, locate(key, 'designSystem'), 'key-unknown-design-system', message, 'error');
    }
    for (const slug of key.access.slice(1)) {
      if (slugs.has(slug)) continue;
      const message = `key \`${key.name}\` gives access to design system \`${slug}\`, which does not exist${didYouMean(slug, slugs)}`;
      report(key, locate(key, 'access', slug), 'key-unknown-design-system', message, 'error');
    }
    if (key.expiresAt !== undefined && Date.parse(key.expiresAt) <= now) {
      const message = `key \`${key.name}\` expired on ${key.expiresAt}: the server refuses it (remove it with \`token-server keys revoke ${key.name}\`)`;
      report(key, locate(key, 'expiresAt'), 'key-expired', message, 'warning');
    }
  }
  return diagnostics;
}

/** {@link checkKeyEntries} with the position of each field read from the file's text (what `validate` shows). */
export function checkKeyReferences(
  path: string,
  text: string,
  keys: readonly ApiKeyEntry[],
  slugs: ReadonlySet<string>,
  now: number,
): Diagnostic[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const fieldsByName = new Map<string, (name: string) => Node | undefined>();
  const keysNode = isMap(doc.contents) ? doc.contents.get('keys', true) : undefined;
  for (const item of isSeq(keysNode) ? keysNode.items : []) {
    if (!isMap(item)) continue;
    const name = item.get('name');
    if (typeof name === 'string') fieldsByName.set(name, (field) => item.get(field, true));
  }
  return checkKeyEntries(path, keys, slugs, now, (key, field, slug) => {
    let node: unknown = fieldsByName.get(key.name)?.(field);
    if (slug !== undefined && isSeq(node)) node = node.items.find((item) => isScalar(item) && item.value === slug) ?? node;
    const offset = isNode(node) ? node.range?.[0] : undefined;
    if (offset === undefined) return undefined;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  });
}
