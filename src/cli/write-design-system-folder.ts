import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes a design-system folder in one step: every file goes into a fresh temporary folder beside `out` (a dot-folder,
 * which the server ignores), created with `O_EXCL | O_NOFOLLOW` so nothing is ever written through a symbolic link,
 * and the folder is renamed to `out` at the end. With `replace`, an existing `out` is swapped for it only then (its
 * links are removed with it, never followed). Any failure removes the temporary folder: `out` is either as it was or
 * complete, never half-written.
 */
export async function writeDesignSystemFolder(
  out: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  replace: boolean,
): Promise<void> {
  const parent = dirname(out);
  const suffix = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = join(parent, `.${basename(out)}.import-${suffix}`);
  try {
    await mkdir(parent, { recursive: true });
    await mkdir(temp, { mode: 0o755 });
    const folders = new Set<string>(['.']);
    for (const [path, text] of files) {
      // Our own folders (`tokens/`, a build's `acme/ios/Tokens.xcassets/Brand.colorset/`), each ancestor created
      // fresh in turn inside the new folder, so none can be a link.
      for (const folder of ancestorsOf(path)) {
        if (folders.has(folder)) continue;
        await mkdir(join(temp, folder), { mode: 0o755 });
        folders.add(folder);
      }
      const handle = await open(join(temp, path), constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o644);
      try {
        await handle.writeFile(text);
      } finally {
        await handle.close();
      }
    }
    await moveIntoPlace(temp, out, replace, join(parent, `.${basename(out)}.replaced-${suffix}`));
  } catch (error) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw new Error(`cannot write ${out}: ${(error as Error).message}`, { cause: error });
  }
}

/** The folders above a relative path, outermost first: `a/b/c.json` -> `a`, `a/b`. */
function ancestorsOf(path: string): string[] {
  const segments = path.split('/').slice(0, -1);
  return segments.map((_segment, index) => segments.slice(0, index + 1).join('/'));
}

/** Renames `temp` to `out`; an existing `out` (with `replace`) is moved aside first, put back on failure, then removed. */
async function moveIntoPlace(temp: string, out: string, replace: boolean, aside: string): Promise<void> {
  const existing = await lstat(out).catch(() => undefined);
  if (existing?.isSymbolicLink() === true) throw new Error('it is a symbolic link (never written through)');
  // An empty folder is replaced by the rename itself.
  if (existing === undefined || !replace) {
    await rename(temp, out);
    return;
  }
  await rename(out, aside);
  try {
    await rename(temp, out);
  } catch (error) {
    await rename(aside, out);
    throw error;
  }
  await rm(aside, { recursive: true, force: true });
}
