import { isMap, isNode, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';
import type { Document, Node, YAMLMap } from 'yaml';
import { parseIsoDate } from '../values/iso-date.js';
import { SLUG } from '../values/name-rules.js';
import type { RuleId } from '../diagnostics/rules.js';
import type { Diagnostic } from '../types.js';
import { describeYamlError } from '../yaml/yaml-errors.js';
import { itemAt } from '../checked-access.js';

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
  /**
   * `browser`: a credential a web page may carry (`origins` set); `figma`: the Figma plugin's credential, usable only
   * with `Origin: null` (the plugin's sandboxed frame); absent for an API key.
   */
  readonly kind?: 'browser' | 'figma';
  /** The web origins whose pages may use a browser credential (requests without one of them are refused). */
  readonly origins?: readonly string[];
  /** What the key may write (change requests, docs/change-requests.md); absent for a read-only key, as every key is by default. */
  readonly role?: WriteRole;
  /** The identity the commits of a write key are authored with; present exactly when `role` is. */
  readonly author?: { readonly name: string; readonly email: string };
  readonly line: number;
  readonly column: number;
}

/** The roles a key may have beyond reading: `editor` opens and updates change requests, `reviewer` also approves and merges. */
export const WRITE_ROLES = ['editor', 'reviewer'] as const;
/** One of {@link WRITE_ROLES}. */
export type WriteRole = (typeof WRITE_ROLES)[number];

/** What `keys.yaml` holds: its valid entries and its problems. */
export interface ParsedKeysFile {
  /**
   * The valid entries; entries with a problem are left out (and reported). Undefined only when the file is not YAML
   * (a syntax error): nothing in it can be trusted, so the previous keys stay in force.
   */
  readonly keys: readonly ApiKeyEntry[] | undefined;
  readonly diagnostics: readonly Diagnostic[];
}

/** A key's label: what `keys revoke` and the logs name it by. */
export const KEY_LABEL = /^[A-Za-z0-9_.@-]{1,100}$/;
const SHA256 = /^[0-9a-fA-F]{64}$/;
const FIELDS = ['name', 'sha256', 'designSystem', 'access', 'expiresAt', 'kind', 'origins', 'role', 'author'];
/** A commit identity's name or e-mail: what git writes between the name and `<`, or inside `<>`. */
// eslint-disable-next-line no-control-regex -- control characters are what an identity may not hold
const IDENTITY_PART = /^[^<>\n\r\u0000-\u001f]{1,200}$/;
const EMAIL = /^[^\s<>@]+@[^\s<>@]+$/;

/** Keys files above this size are not read as keys (the previous keys stay in force). */
export const MAX_KEYS_FILE_BYTES = 1024 * 1024;

/**
 * Why the keys in force are the last readable file's, given the current file's problems (its keys were not trusted):
 * `keys file is larger than 1048576 bytes (the limit)` or `keys file is not valid YAML`.
 */
export function describeUntrustedKeysFile(problems: readonly Diagnostic[]): string {
  return problems.some((problem) => problem.rule === 'file-too-large')
    ? `keys file is larger than ${MAX_KEYS_FILE_BYTES} bytes (the limit)`
    : 'keys file is not valid YAML';
}

/**
 * Parses and checks `keys.yaml`; returns its valid entries and a diagnostic for each problem. Fails closed: a file that
 * is YAML is always applied, so a key removed in the same edit as a mistake elsewhere is gone. An entry with any problem
 * is refused, and so are all entries that share a `name` or a `sha256` (which of them is meant cannot be known).
 * A file that is YAML but not a mapping with a `keys:` list holds no valid key; an empty file holds none either.
 */
export function parseKeysFile(path: string, text: string): ParsedKeysFile {
  const diagnostics: Diagnostic[] = [];
  const lineCounter = new LineCounter();
  const report = (node: unknown, rule: RuleId, message: string, offset?: number): void => {
    const { line, col } = lineCounter.linePos(offset ?? (isNode(node) ? node.range?.[0] : undefined) ?? 0);
    diagnostics.push({ file: path, line, column: col, rule, message, severity: 'error' });
  };
  // The reader stops one byte past the limit: a cut file could read as fewer or other entries, so none is trusted.
  if (Buffer.byteLength(text) > MAX_KEYS_FILE_BYTES) {
    const message = `the keys file is larger than ${MAX_KEYS_FILE_BYTES} bytes (the limit)`;
    diagnostics.push({ file: path, line: 1, column: 1, rule: 'file-too-large', message, severity: 'error' });
    return { keys: undefined, diagnostics };
  }
  let doc: Document.Parsed;
  try {
    doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false });
  } catch (error) {
    // The parser reports problems as errors; a throw (a stack overflow) must not take the server down either.
    report(undefined, 'yaml-syntax', `the file cannot be parsed as YAML: ${error instanceof Error ? error.message : String(error)}`);
    return { keys: undefined, diagnostics };
  }
  for (const problem of doc.errors) {
    const { rule, message, offset } = describeYamlError(problem, text);
    report(undefined, rule, message, offset);
  }
  // A key defined twice in one mapping is still readable YAML: the entry holding it is refused below.
  if (doc.errors.some((problem) => problem.code !== 'DUPLICATE_KEY')) return { keys: undefined, diagnostics };

  const root = doc.contents;
  if (root === null) return { keys: [], diagnostics };
  if (!isMap(root)) {
    report(root, 'keys-not-a-list', 'keys.yaml must have a `keys:` list');
    return { keys: [], diagnostics };
  }
  const items: unknown[] = [];
  let hasKeys = false;
  for (const pair of root.items) {
    if (keyName(pair.key) !== 'keys') {
      report(pair.key, 'unknown-section', `unknown top-level field \`${keyName(pair.key)}\` in keys.yaml (allowed: keys)`);
      continue;
    }
    hasKeys = true;
    // A `keys:` defined twice is reported by the parser; the entries of both lists count, so none is silently kept.
    if (isSeq(pair.value)) items.push(...pair.value.items);
    else if (!(isScalar(pair.value) && pair.value.value === null))
      report(pair.value, 'keys-not-a-list', 'keys.yaml must have a `keys:` list');
  }
  if (!hasKeys) report(root, 'keys-not-a-list', 'keys.yaml must have a `keys:` list');

  const conflicts = findConflicts(items, lineCounter);
  const keys: ApiKeyEntry[] = [];
  items.forEach((node, index) => {
    if (!isMap(node)) {
      report(node, 'key-not-a-map', 'each entry of `keys` must be a mapping { name, sha256, designSystem }');
      return;
    }
    const field = (name: string): Node | undefined => node.get(name, true);
    const value = (name: string): unknown => {
      const valueNode = field(name);
      return isScalar(valueNode) ? valueNode.value : valueNode;
    };
    // The parser already reported a field defined twice: which value is meant is unknown, so the entry is refused.
    const fieldNames = node.items.map((pair) => keyName(pair.key));
    let ok = new Set(fieldNames).size === fieldNames.length;
    node.items.forEach((pair, position) => {
      const name = itemAt(fieldNames, position);
      if (!FIELDS.includes(name)) {
        report(pair.key, 'unknown-field', `unknown field \`${name}\` in a key entry (allowed: ${FIELDS.join(', ')})`);
        ok = false;
      }
    });
    const name = value('name');
    const sha = value('sha256');
    const designSystem = value('designSystem');
    /** Reports a required field that is missing or does not match `rule`. */
    const requireField = (fieldName: string, text: unknown, rule: RegExp, message: string): void => {
      if (typeof text === 'string' && rule.test(text)) return;
      report(field(fieldName) ?? node, field(fieldName) ? 'invalid-value' : 'missing-field', message);
      ok = false;
    };
    requireField('name', name, KEY_LABEL, '`name` must be a label of letters, digits, `.`, `_`, `@` and `-`');
    for (const conflict of conflicts.get(index)?.name ?? []) diagnostics.push({ file: path, ...conflict });
    requireField('sha256', sha, SHA256, '`sha256` must be the 64-digit hex SHA-256 of the key');
    for (const conflict of conflicts.get(index)?.sha256 ?? []) diagnostics.push({ file: path, ...conflict });
    if (conflicts.has(index)) ok = false;
    requireField('designSystem', designSystem, SLUG, '`designSystem` must be the slug of a design system');
    const access = readSlugList(field('access'));
    if (access === undefined) {
      report(field('access'), 'invalid-value', '`access` must be a list of design system slugs');
      ok = false;
    }
    const expiresAt = value('expiresAt');
    if (expiresAt !== undefined && (typeof expiresAt !== 'string' || parseIsoDate(expiresAt) === undefined)) {
      report(
        field('expiresAt'),
        'invalid-value',
        '`expiresAt` must be a real calendar date in ISO 8601, such as 2027-01-31 or 2027-01-31T12:00:00Z',
      );
      ok = false;
    }
    const browser = readBrowserFields(node, report);
    if (browser === undefined) ok = false;
    const writer = readWriteFields(node, browser?.kind, report);
    if (writer === undefined) ok = false;
    // Each of them is a string when `ok` is still true: `requireField` said so.
    if (!ok || typeof name !== 'string' || typeof sha !== 'string' || typeof designSystem !== 'string') return;
    const own = designSystem;
    const others = [...new Set((access ?? []).filter((slug) => slug !== own))].sort();
    const { line, col } = lineCounter.linePos(node.range?.[0] ?? 0);
    const entry: ApiKeyEntry = {
      name,
      sha256: sha.toLowerCase(),
      designSystem: own,
      access: [own, ...others],
      line,
      column: col,
    };
    keys.push({ ...entry, ...(typeof expiresAt === 'string' ? { expiresAt } : {}), ...browser, ...writer });
  });
  return { keys, diagnostics };
}

/**
 * The `role` and `author` of an entry: `{}` for a read-only key (the default), `{ role, author }` for a write key;
 * undefined (reported) when they are wrong: an unknown role, a write role on a browser credential (what a page ships
 * is public), a write key without the identity its commits are made with, or an author without a role.
 */
function readWriteFields(
  node: YAMLMap,
  kind: ApiKeyEntry['kind'],
  report: (node: unknown, rule: RuleId, message: string) => void,
): { role?: WriteRole; author?: { name: string; email: string } } | undefined {
  const roleNode: unknown = node.get('role', true);
  const authorNode: unknown = node.get('author', true);
  const role = isScalar(roleNode) ? roleNode.value : roleNode;
  if (role === undefined || role === 'read') {
    if (authorNode === undefined) return {};
    report(authorNode, 'invalid-value', '`author` belongs to write keys only: add `role: editor` or `role: reviewer`');
    return undefined;
  }
  if (role !== 'editor' && role !== 'reviewer') {
    report(roleNode, 'invalid-value', '`role` must be `read` (the default), `editor` or `reviewer`');
    return undefined;
  }
  if (kind === 'browser') {
    report(roleNode, 'invalid-value', 'a browser credential is read-only (a page ships it in public): remove `role`, or use an API key');
    return undefined;
  }
  if (kind === 'figma' && role === 'reviewer') {
    report(
      roleNode,
      'invalid-value',
      'a Figma credential reads or opens change requests (`role: editor`); approving and merging are done in the token browser with a reviewer’s API key',
    );
    return undefined;
  }
  if (authorNode === undefined) {
    report(node, 'missing-field', `a key with \`role: ${role}\` needs \`author: { name, email }\`: the identity its commits are made with`);
    return undefined;
  }
  const name = isMap(authorNode) ? authorNode.get('name') : undefined;
  const email = isMap(authorNode) ? authorNode.get('email') : undefined;
  const extra = isMap(authorNode)
    ? authorNode.items.map((pair) => keyName(pair.key)).find((field) => field !== 'name' && field !== 'email')
    : undefined;
  if (
    typeof name !== 'string' ||
    !IDENTITY_PART.test(name) ||
    name.trim() !== name ||
    typeof email !== 'string' ||
    !EMAIL.test(email) ||
    extra !== undefined
  ) {
    report(
      authorNode,
      'invalid-value',
      '`author` must be `{ name, email }`: a name and an e-mail address, without `<`, `>` or line breaks',
    );
    return undefined;
  }
  return { role, author: { name, email } };
}

const ORIGINS_MESSAGE =
  '`origins` must be a list of web origins such as https://app.example.com (http or https, host and port only: no `*`, path or trailing `/`)';

/**
 * The `kind` and `origins` of an entry: `{}` for an API key, `{ kind: 'browser', origins }` for a browser credential,
 * `{ kind: 'figma' }` for the Figma plugin's credential (its origin is fixed: `null`); undefined (reported) when they
 * are wrong: an unknown kind, a browser credential without origins, origins on another kind (a key that works from a
 * page would be one nobody can revoke by origin), or an origin a browser never sends.
 */
function readBrowserFields(
  node: YAMLMap,
  report: (node: unknown, rule: RuleId, message: string) => void,
): { kind?: 'browser' | 'figma'; origins?: readonly string[] } | undefined {
  const kindNode: unknown = node.get('kind', true);
  const originsNode: unknown = node.get('origins', true);
  const kind = isScalar(kindNode) ? kindNode.value : kindNode;
  if (kind !== undefined && kind !== 'api' && kind !== 'browser' && kind !== 'figma') {
    report(kindNode, 'invalid-value', '`kind` must be `api` (the default), `browser` or `figma`');
    return undefined;
  }
  if (kind === 'figma') {
    if (originsNode === undefined) return { kind };
    report(
      originsNode,
      'invalid-value',
      '`origins` belongs to browser credentials only: a Figma credential is used from the plugin’s frame, whose origin is always `null`',
    );
    return undefined;
  }
  if (kind !== 'browser') {
    if (originsNode === undefined) return {};
    report(
      originsNode,
      'invalid-value',
      '`origins` belongs to browser credentials only: add `kind: browser` (an API key must never be sent from a web page)',
    );
    return undefined;
  }
  if (originsNode === undefined) {
    report(
      node,
      'missing-field',
      'a browser credential (`kind: browser`) needs `origins`: the web origins whose pages may use it, such as [https://app.example.com]',
    );
    return undefined;
  }
  const origins = isSeq(originsNode) ? originsNode.items.map((item) => (isScalar(item) ? item.value : undefined)) : [];
  const webOrigins = origins.filter((origin) => typeof origin === 'string').filter(isWebOrigin);
  if (origins.length === 0 || webOrigins.length !== origins.length) {
    report(originsNode, 'invalid-value', ORIGINS_MESSAGE);
    return undefined;
  }
  return { kind: 'browser', origins: [...new Set(webOrigins)] };
}

/** Whether `value` is exactly what a browser sends as `Origin` for an http(s) page: `https://host[:port]`, lowercase. */
export function isWebOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** A mapping key as written (`name` for `name:`). */
function keyName(key: unknown): string {
  return isScalar(key) ? String(key.value) : String(key);
}

/** The slugs of an `access` list (empty when there is none); undefined when it is not a list of slugs (aliases included). */
function readSlugList(node: Node | undefined): string[] | undefined {
  if (node === undefined || (isScalar(node) && node.value === null)) return [];
  if (!isSeq(node)) return undefined;
  const slugs: string[] = [];
  for (const item of node.items) {
    if (!isScalar(item) || typeof item.value !== 'string' || !SLUG.test(item.value)) return undefined;
    slugs.push(item.value);
  }
  return slugs;
}

type Conflict = Omit<Diagnostic, 'file'>;

/**
 * The entries that share a `name` or a `sha256` (hex in any case) with another entry, by index, with a diagnostic at
 * each repetition. Every well-formed `name` and `sha256` of an entry counts, whatever else is wrong with it: an entry
 * that is refused for another reason still makes a same-named one ambiguous.
 */
function findConflicts(items: readonly unknown[], lineCounter: LineCounter): Map<number, { name: Conflict[]; sha256: Conflict[] }> {
  const conflicts = new Map<number, { name: Conflict[]; sha256: Conflict[] }>();
  const conflictsOf = (index: number): { name: Conflict[]; sha256: Conflict[] } => {
    let found = conflicts.get(index);
    if (found === undefined) conflicts.set(index, (found = { name: [], sha256: [] }));
    return found;
  };
  const first = { name: new Map<string, { index: number; line: number }>(), sha256: new Map<string, { index: number; line: number }>() };
  items.forEach((node, index) => {
    if (!isMap(node)) return;
    for (const pair of node.items) {
      const field = keyName(pair.key);
      if (field !== 'name' && field !== 'sha256') continue;
      const valueNode = pair.value;
      if (!isScalar(valueNode) || typeof valueNode.value !== 'string') continue;
      if (!(field === 'name' ? KEY_LABEL : SHA256).test(valueNode.value)) continue;
      const id = field === 'name' ? valueNode.value : valueNode.value.toLowerCase();
      const { line, col } = lineCounter.linePos(valueNode.range?.[0] ?? 0);
      const seen = first[field].get(id);
      if (seen === undefined) {
        first[field].set(id, { index, line });
        continue;
      }
      if (seen.index === index) continue;
      const message =
        field === 'name'
          ? `a key named \`${id}\` is already defined at line ${seen.line}: every entry named \`${id}\` is refused`
          : `the key at line ${seen.line} has the same \`sha256\`: every entry with this hash is refused`;
      conflictsOf(index)[field].push({ line, column: col, rule: 'duplicate-key', message, severity: 'error' });
      conflictsOf(seen.index);
    }
  });
  return conflicts;
}
