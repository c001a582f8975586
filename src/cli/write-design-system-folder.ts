import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { limitConcurrency } from '../source/limit-concurrency.js';
import { errorMessage } from '../compile/narrow-unknown.js';

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
    // Our own folders (`tokens/`, a build's `acme/ios/Tokens.xcassets/Brand.colorset/`), created fresh inside the new
    // folder, so none can be a link: a level at a time (a folder after its parent), the folders of a level at once.
    const folders = [...new Set([...files.keys()].flatMap(ancestorsOf))];
    const depthOf = (folder: string): number => folder.split('/').length;
    for (let depth = 1; folders.some((folder) => depthOf(folder) >= depth); depth++)
      await settleAll(
        folders.filter((folder) => depthOf(folder) === depth).map((folder) => () => mkdir(join(temp, folder), { mode: 0o755 })),
      );
    // A build of the native formats writes thousands of small files: one at a time, the disk's latency is the build's time.
    await settleAll(
      [...files].map(([path, text]) => async () => {
        const handle = await open(
          join(temp, path),
          constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
          0o644,
        );
        try {
          await handle.writeFile(text);
        } finally {
          await handle.close();
        }
      }),
    );
    await moveIntoPlace(temp, out, replace, join(parent, `.${basename(out)}.replaced-${suffix}`));
  } catch (error) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw new Error(`cannot write ${out}: ${errorMessage(error)}`, { cause: error });
  }
}

/** How many file operations run at once: enough to keep the disk busy, far below the process's descriptor limit. */
const AT_ONCE = 64;

/** Runs every task, at most `AT_ONCE` at a time; waits for all of them, then throws the first failure (none runs on after). */
async function settleAll(tasks: readonly (() => Promise<unknown>)[]): Promise<void> {
  const limited = limitConcurrency(AT_ONCE);
  const results = await Promise.allSettled(tasks.map((task) => limited(task)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
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
