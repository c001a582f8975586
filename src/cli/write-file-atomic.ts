import { randomBytes } from 'node:crypto';
import { chmod, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Replaces `path` with `text` in one step (temp file in the same folder, then rename), so a watcher or a server
 * reading the file never sees half of it. Keeps the mode of the file it replaces; a new file gets `newFileMode`.
 */
export async function writeFileAtomic(path: string, text: string, newFileMode = 0o644): Promise<void> {
  const mode = await stat(path).then(
    (stats) => stats.mode & 0o7777,
    () => newFileMode,
  );
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, text, { mode, flag: 'wx' });
    // writeFile's mode is filtered by the umask: set it exactly.
    await chmod(temp, mode);
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw new Error(`cannot write ${path}`, { cause: error });
  }
}
