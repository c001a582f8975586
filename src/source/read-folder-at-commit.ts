import { isSourceYamlPath } from '../compile/source-paths.js';
import { MAX_SOURCE_FILE_BYTES } from '../compile/yaml/parse-source-file.js';
import type { GitObjectReader } from './git-object-reader.js';
import { runGit } from './run-git.js';

/**
 * The YAML files of one design system folder at `sha`, by the compiler's paths (`<slug>/...`): one `ls-tree` of the
 * folder and a long-lived object reader, no commit times (what a change request edits). Only regular files: links are
 * never followed; files over the size limit are left out (the compiler refuses them anyway).
 */
export async function readFolderAtCommit(
  location: { readonly repoDir: string; readonly sourcePrefix: string },
  reader: Pick<GitObjectReader, 'read'>,
  sha: string,
  slug: string,
): Promise<Map<string, string>> {
  const { repoDir, sourcePrefix } = location;
  const listing = await runGit(repoDir, [
    '--literal-pathspecs',
    'ls-tree',
    '-r',
    '-z',
    '-l',
    '--full-tree',
    sha,
    '--',
    `${sourcePrefix}${slug}/`,
  ]);
  const files: { path: string; oid: string }[] = [];
  for (const entry of listing.split('\0')) {
    const match = /^(100644|100755) blob ([0-9a-f]+) +(\d+)\t(.*)$/s.exec(entry);
    if (!match || Number(match[3]) > MAX_SOURCE_FILE_BYTES) continue;
    const path = (match[4] as string).slice(sourcePrefix.length);
    if ((match[4] as string).startsWith(sourcePrefix) && isSourceYamlPath(path)) files.push({ path, oid: match[2] as string });
  }
  const texts = await Promise.all(files.map((file) => reader.read(file.oid)));
  return new Map(files.map((file, index) => [file.path, (texts[index] ?? Buffer.alloc(0)).toString('utf8')]));
}
