/** What a change request reads of a commit object. */
export interface ParsedCommit {
  readonly tree: string;
  readonly parents: readonly string[];
  readonly authorName: string;
  readonly authorEmail: string;
  /** The author's time, ISO in UTC. */
  readonly authorTime: string;
  /** The whole message: subject, body and trailers, as written. */
  readonly message: string;
}

const ID = '[0-9a-f]{40}(?:[0-9a-f]{24})?';
const TREE = new RegExp(`^tree (${ID})$`);
const PARENT = new RegExp(`^parent (${ID})$`);
const AUTHOR = /^author (.*) <([^>]*)> (\d+) [+-]\d{4}$/;

/**
 * Reads a commit object's content (as `git cat-file` gives it): its headers up to the first blank line, then the
 * message. The author's name, e-mail and time are what `git log`'s `%an`, `%ae` and `%aI` say.
 */
export function parseCommit(content: Buffer): ParsedCommit {
  const text = content.toString('utf8');
  const end = text.indexOf('\n\n');
  const headers = (end < 0 ? text : text.slice(0, end)).split('\n');
  let tree: string | undefined;
  const parents: string[] = [];
  let author: RegExpExecArray | null = null;
  for (const header of headers) {
    tree ??= TREE.exec(header)?.[1];
    const parent = PARENT.exec(header)?.[1];
    if (parent !== undefined) parents.push(parent);
    author ??= AUTHOR.exec(header);
  }
  if (tree === undefined) throw new Error('a commit object git gave has no tree');
  return {
    tree,
    parents,
    authorName: author?.[1] ?? '',
    authorEmail: author?.[2] ?? '',
    authorTime: new Date(Number(author?.[3] ?? 0) * 1000).toISOString(),
    message: end < 0 ? '' : text.slice(end + 2),
  };
}
