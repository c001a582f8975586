import { isMap, isScalar, isSeq, parseDocument, YAMLMap, YAMLSeq } from 'yaml';
import type { Document } from 'yaml';

/** What `keys create` writes for a new key: never the key, only its hash. */
export interface NewKeyEntry {
  readonly name: string;
  readonly sha256: string;
  readonly designSystem: string;
  /** Other design systems readable with the key; left out of the file when empty. */
  readonly access: readonly string[];
  readonly expiresAt: string | undefined;
  /** Set for a browser credential: the web origins whose pages may use it (written with `kind: browser`). */
  readonly origins?: readonly string[] | undefined;
  /** Set for the Figma plugin's credential (written as `kind: figma`). */
  readonly figma?: boolean;
  /** Set for a write key (change requests): its role and the identity its commits are authored with. */
  readonly writer?:
    { readonly role: 'editor' | 'reviewer'; readonly author: { readonly name: string; readonly email: string } } | undefined;
}

/** The text of a new keys file, used when `keys create` finds none. */
export const NEW_KEYS_FILE = `# API keys. Only the SHA-256 of each key is stored here, never the key itself.
# Manage them with \`token-server keys create | list | revoke\`.
keys:
`;

// Print flow lists as `[a, b]`, as the example file writes them.
const TO_STRING = { flowCollectionPadding: false } as const;

/** `text` with the entry appended to the `keys:` list; comments, blank lines and quoting of the rest are kept. */
export function appendKeyEntry(text: string, entry: NewKeyEntry): string {
  const doc = parseDocument(text);
  const list = keysList(doc);
  const fields: Record<string, unknown> = { name: entry.name };
  if (entry.origins !== undefined) fields['kind'] = 'browser';
  else if (entry.figma === true) fields['kind'] = 'figma';
  Object.assign(fields, { sha256: entry.sha256, designSystem: entry.designSystem });
  if (entry.access.length > 0) fields['access'] = [...entry.access];
  if (entry.origins !== undefined) fields['origins'] = [...entry.origins];
  if (entry.expiresAt !== undefined) fields['expiresAt'] = entry.expiresAt;
  if (entry.writer !== undefined) Object.assign(fields, { role: entry.writer.role, author: { ...entry.writer.author } });
  const node = doc.createNode(fields);
  for (const list of ['access', 'origins']) {
    const value = node.get(list, true);
    if (isSeq(value)) value.flow = true;
  }
  const author = node.get('author', true);
  if (isMap(author)) author.flow = true;
  list.items.push(node);
  return doc.toString(TO_STRING);
}

/** `text` without the entry named `name`; undefined when there is no such entry. */
export function removeKeyEntry(text: string, name: string): string | undefined {
  const doc = parseDocument(text);
  const list = keysList(doc);
  const index = list.items.findIndex((item) => isMap(item) && item.get('name') === name);
  if (index < 0) return undefined;
  list.items.splice(index, 1);
  return doc.toString(TO_STRING);
}

/** The `keys:` sequence of a keys document that parseKeysFile accepted, created when it is empty. */
function keysList(doc: Document): YAMLSeq {
  // An empty file (or one of comments only) holds no keys yet: it gets its `keys:` list.
  if (doc.contents === null) doc.contents = new YAMLMap();
  if (!isMap(doc.contents)) throw new Error('keys file must be a mapping with a `keys:` list');
  const current = doc.contents.get('keys', true);
  if (isSeq(current)) {
    // An empty flow list (`keys: []`) would otherwise grow as one long line.
    if (current.items.length === 0) current.flow = false;
    return current;
  }
  if (current !== undefined && !(isScalar(current) && current.value === null)) throw new Error('`keys` must be a list');
  const list = new YAMLSeq();
  doc.contents.set('keys', list);
  return list;
}
