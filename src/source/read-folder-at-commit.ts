import { isSourceYamlPath } from '../compile/source-paths.js';
import { MAX_SOURCE_FILE_BYTES } from '../compile/yaml/parse-source-file.js';
import { parseCommit } from './git-commit-object.js';
import type { GitObjectReader } from './git-object-reader.js';
import { listFolderFiles } from './git-tree.js';

/**
 * The YAML files of one design system folder at `sha`, by the compiler's paths (`<slug>/...`): the commit's trees
 * walked down to the folder and through it, every object read by the long-lived object reader (no process, no
 * commit times: what a change request edits). Only regular files: links are never followed; files over the size
 * limit are left out unread (the compiler refuses them anyway).
 */
export async function readFolderAtCommit(
  location: { readonly sourcePrefix: string },
  reader: Pick<GitObjectReader, 'read' | 'size'>,
  sha: string,
  slug: string,
): Promise<Map<string, string>> {
  const commit = await reader.read(sha);
  if (commit === undefined) throw new Error(`commit ${sha} is missing from the repository`);
  const folder = `${location.sourcePrefix}${slug}`.split('/').filter((segment) => segment !== '');
  const listed = await listFolderFiles(reader, parseCommit(commit).tree, folder, sha.length / 2);
  const candidates = listed.filter((file) => isSourceYamlPath(`${slug}/${file.path}`));
  const sizes = await Promise.all(candidates.map((file) => reader.size(file.id)));
  const files = candidates.filter((_, index) => (sizes[index] ?? Infinity) <= MAX_SOURCE_FILE_BYTES);
  const texts = await Promise.all(files.map((file) => reader.read(file.id)));
  return new Map(files.map((file, index) => [`${slug}/${file.path}`, (texts[index] ?? Buffer.alloc(0)).toString('utf8')]));
}
