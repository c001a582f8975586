import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Node } from 'yaml';
import { SLUG } from './compile-design-system.js';
import type { Diagnostic } from './types.js';
import { describeYamlError } from './yaml-errors.js';

/** One API key as stored: a label, the SHA-256 of the key, and what it may read. Never the key itself. */
export interface ApiKeyEntry {
  readonly name: string;
  /** Lowercase hex SHA-256 of the whole key string. */
  readonly sha256: string;
  readonly designSystem: string;
  /** Slugs readable with this key, its own design system first, then the others sorted. */
  readonly access: readonly string[];
  /** ISO 8601 date or time after which the key is refused; undefined when it never expires. */
  readonly expiresAt?: string;
  readonly line: number;
  readonly column: number;
}

export interface ParsedKeysFile {
  /** Undefined when the file has errors: the previous keys stay in force. */
  readonly keys: readonly ApiKeyEntry[] | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

const FIELDS = ['name', 'sha256', 'designSystem', 'access', 'expiresAt'];

/** Parses and checks `keys.yaml`; any error makes the whole file unusable (keys are all-or-nothing). */
export function parseKeysFile(path: string, text: string): ParsedKeysFile {
  const diagnostics: Diagnostic[] = [];
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  const report = (node: Node | null | undefined, rule: string, message: string, offset?: number): void => {
    const { line, col } = lineCounter.linePos(offset ?? node?.range?.[0] ?? 0);
    diagnostics.push({ file: path, line, column: col, rule, message, severity: 'error' });
  };
  for (const problem of doc.errors) {
    const { rule, message, offset } = describeYamlError(problem, text);
    report(undefined, rule, message, offset);
  }
  if (doc.errors.length > 0) return { keys: undefined, diagnostics };

  const root = doc.contents;
  const keysNode = isMap(root) ? (root.get('keys', true) as Node | undefined) : undefined;
  if (!isMap(root) || (keysNode !== undefined && !isSeq(keysNode) && !(isScalar(keysNode) && keysNode.value === null))) {
    report(root, 'keys-not-a-list', 'keys.yaml must have a `keys:` list');
    return { keys: undefined, diagnostics };
  }
  for (const pair of root.items) {
    const name = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
    if (name !== 'keys') report(pair.key as Node, 'unknown-section', `unknown top-level field \`${name}\` in keys.yaml (allowed: keys)`);
  }
  const keys: ApiKeyEntry[] = [];
  const names = new Set<string>();
  const hashes = new Set<string>();
  for (const item of isSeq(keysNode) ? keysNode.items : []) {
    const node = item as Node;
    if (!isMap(node)) {
      report(node, 'key-not-a-map', 'each entry of `keys` must be a mapping { name, sha256, designSystem }');
      continue;
    }
    const field = (name: string): { value: unknown; node: Node | undefined } => {
      const valueNode = node.get(name, true) as Node | undefined;
      return { value: isScalar(valueNode) ? valueNode.value : valueNode?.toJSON(), node: valueNode };
    };
    let ok = true;
    for (const pair of node.items) {
      const name = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
      if (!FIELDS.includes(name)) {
        report(pair.key as Node, 'unknown-field', `unknown field \`${name}\` in a key entry (allowed: ${FIELDS.join(', ')})`);
        ok = false;
      }
    }
    const name = field('name');
    const sha = field('sha256');
    const designSystem = field('designSystem');
    const access = field('access');
    const expiresAt = field('expiresAt');
    if (typeof name.value !== 'string' || !/^[A-Za-z0-9_.@-]{1,100}$/.test(name.value)) {
      report(name.node ?? node, name.node ? 'invalid-value' : 'missing-field', '`name` must be a label of letters, digits, `.`, `_`, `@` and `-`');
      ok = false;
    } else if (names.has(name.value)) {
      report(name.node, 'duplicate-key', `a key named \`${name.value}\` is already defined`);
      ok = false;
    } else names.add(name.value);
    if (typeof sha.value !== 'string' || !/^[0-9a-fA-F]{64}$/.test(sha.value)) {
      report(sha.node ?? node, sha.node ? 'invalid-value' : 'missing-field', '`sha256` must be the 64-digit hex SHA-256 of the key');
      ok = false;
    } else if (hashes.has(sha.value.toLowerCase())) {
      report(sha.node, 'duplicate-key', 'two entries have the same `sha256`');
      ok = false;
    } else hashes.add(sha.value.toLowerCase());
    if (typeof designSystem.value !== 'string' || !SLUG.test(designSystem.value)) {
      report(designSystem.node ?? node, designSystem.node ? 'invalid-value' : 'missing-field', '`designSystem` must be the slug of a design system');
      ok = false;
    }
    const accessList = access.value ?? [];
    if (!Array.isArray(accessList) || !accessList.every((slug) => typeof slug === 'string' && SLUG.test(slug))) {
      report(access.node, 'invalid-value', '`access` must be a list of design system slugs');
      ok = false;
    }
    let expires: string | undefined;
    if (expiresAt.value !== undefined) {
      const text = expiresAt.value instanceof Date ? expiresAt.value.toISOString() : expiresAt.value;
      if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(text) || Number.isNaN(Date.parse(text))) {
        report(expiresAt.node, 'invalid-value', '`expiresAt` must be an ISO 8601 date such as 2027-01-31');
        ok = false;
      } else expires = text;
    }
    if (!ok) continue;
    const own = designSystem.value as string;
    const others = [...new Set((accessList as string[]).filter((slug) => slug !== own))].sort();
    const { line, col } = lineCounter.linePos(node.range?.[0] ?? 0);
    const entry: ApiKeyEntry = { name: name.value as string, sha256: (sha.value as string).toLowerCase(), designSystem: own, access: [own, ...others], line, column: col };
    keys.push(expires === undefined ? entry : { ...entry, expiresAt: expires });
  }
  return { keys: diagnostics.length > 0 ? undefined : keys, diagnostics };
}
