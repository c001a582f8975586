import type { GitObjectType } from './git-object-writer.js';

/** Reads and writes a repository's objects by id (a cat-file reader and a hash-object writer, see change-worker.ts). */
export interface GitObjects {
  /** The raw content of an object, or undefined when it does not exist. */
  read(oid: string): Promise<Buffer | undefined>;
  write(type: GitObjectType, content: string | Buffer): Promise<string>;
}

/** One entry of a tree: its mode as git writes it (`100644`, `40000`), its name's bytes and the raw id. */
export interface TreeEntry {
  readonly mode: string;
  readonly name: Buffer;
  readonly id: Buffer;
}

const TREE_MODE = '40000';

/** Whether an entry names a tree (a folder). */
export function isTree(entry: TreeEntry): boolean {
  return entry.mode === TREE_MODE;
}

/** The entries of a tree object (`<mode> <name>\0<raw id>` each); `idBytes` is the repository's id length (20 or 32). */
export function parseTree(content: Buffer, idBytes: number): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (let at = 0; at < content.length;) {
    const space = content.indexOf(0x20, at);
    const nul = content.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > content.length) throw new Error('a tree object git gave cannot be read');
    entries.push({
      mode: content.subarray(at, space).toString('latin1'),
      name: Buffer.from(content.subarray(space + 1, nul)),
      id: Buffer.from(content.subarray(nul + 1, nul + 1 + idBytes)),
    });
    at = nul + 1 + idBytes;
  }
  return entries;
}

/** A tree object's content: entries in git's order (by name's bytes, a folder's name compared as if it ended in `/`). */
export function formatTree(entries: readonly TreeEntry[]): Buffer {
  const sortKey = (entry: TreeEntry): Buffer => (isTree(entry) ? Buffer.concat([entry.name, Buffer.from('/')]) : entry.name);
  const sorted = [...entries].sort((a, b) => Buffer.compare(sortKey(a), sortKey(b)));
  return Buffer.concat(sorted.flatMap((entry) => [Buffer.from(`${entry.mode} `), entry.name, Buffer.from([0]), entry.id]));
}

/**
 * Writes the tree `root` (a tree id, or null for none) with `files` changed (repository paths, `/`-separated, and their
 * new text; `null` removes the file): only the trees on the way to a changed file are written again, a folder left
 * empty goes, and every other entry (its mode, its name's bytes) stays as it was. Resolves to the new root tree's id
 * (the empty tree when nothing is left). What `read-tree`, `update-index` and `write-tree` on a temporary index did.
 */
export async function writeTreeWithFiles(
  objects: GitObjects,
  root: string | null,
  files: ReadonlyMap<string, string | null>,
  idBytes: number,
): Promise<string> {
  return (
    (await rewriteTree(
      objects,
      root,
      [...files].map(([path, text]) => [path.split('/'), text]),
      idBytes,
    )) ?? objects.write('tree', '')
  );
}

async function rewriteTree(
  objects: GitObjects,
  tree: string | null,
  changes: readonly (readonly [readonly string[], string | null])[],
  idBytes: number,
): Promise<string | null> {
  const entries = new Map<string, TreeEntry>();
  if (tree !== null) {
    const content = await objects.read(tree);
    if (content === undefined) throw new Error(`tree ${tree} is missing from the repository`);
    for (const entry of parseTree(content, idBytes)) entries.set(entry.name.toString('latin1'), entry);
  }
  const below = new Map<string, [string[], string | null][]>();
  for (const [[name = '', ...rest], text] of changes) {
    const key = Buffer.from(name, 'utf8').toString('latin1');
    if (rest.length > 0) {
      const list = below.get(key) ?? [];
      list.push([rest, text]);
      below.set(key, list);
    } else if (text === null) entries.delete(key);
    else {
      const id = await objects.write('blob', text);
      entries.set(key, { mode: '100644', name: Buffer.from(key, 'latin1'), id: Buffer.from(id, 'hex') });
    }
  }
  for (const [key, inner] of below) {
    const existing = entries.get(key);
    const next = await rewriteTree(
      objects,
      existing !== undefined && isTree(existing) ? existing.id.toString('hex') : null,
      inner,
      idBytes,
    );
    if (next === null) entries.delete(key);
    else entries.set(key, { mode: TREE_MODE, name: Buffer.from(key, 'latin1'), id: Buffer.from(next, 'hex') });
  }
  if (entries.size === 0) return null;
  return objects.write('tree', formatTree([...entries.values()]));
}

/**
 * The regular files (modes `100644`, `100755`) below the folder `path` (`/`-separated segments from the root) of the
 * tree `root`, with their ids, by path from that folder; links, submodules and other modes are left out. Empty when
 * the folder does not exist.
 */
export async function listFolderFiles(
  objects: Pick<GitObjects, 'read'>,
  root: string,
  path: readonly string[],
  idBytes: number,
): Promise<{ path: string; id: string }[]> {
  let tree = root;
  for (const segment of path) {
    const entry = (await readTree(objects, tree, idBytes)).find(
      (candidate) => isTree(candidate) && candidate.name.toString('utf8') === segment,
    );
    if (entry === undefined) return [];
    tree = entry.id.toString('hex');
  }
  const files: { path: string; id: string }[] = [];
  const walk = async (id: string, prefix: string): Promise<void> => {
    const entries = await readTree(objects, id, idBytes);
    await Promise.all(
      entries.map(async (entry) => {
        const name = `${prefix}${entry.name.toString('utf8')}`;
        if (isTree(entry)) await walk(entry.id.toString('hex'), `${name}/`);
        else if (entry.mode === '100644' || entry.mode === '100755') files.push({ path: name, id: entry.id.toString('hex') });
      }),
    );
  };
  await walk(tree, '');
  // The order `ls-tree -r` gives: by the paths' bytes.
  return files.sort((a, b) => Buffer.compare(Buffer.from(a.path), Buffer.from(b.path)));
}

async function readTree(objects: Pick<GitObjects, 'read'>, id: string, idBytes: number): Promise<TreeEntry[]> {
  const content = await objects.read(id);
  if (content === undefined) throw new Error(`tree ${id} is missing from the repository`);
  return parseTree(content, idBytes);
}
