import { constants } from 'node:fs';
import { lstat, open, readlink, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import { limitConcurrency } from './limit-concurrency.js';
import { errorCode } from '../compile/narrow-unknown.js';

/** How long one file may take to read before it is given up (a hung network mount, a device). */
export const READ_DEADLINE_MS = 5_000;

/**
 * Most files read at once by the whole process (source files, the keys file, folder listings): the rest wait their
 * turn. Unbounded, 100,000 files opened at once ran out of descriptors (EMFILE), for the server's sockets too.
 */
export const MAX_OPEN_FILES = 64;

/** The one limiter of file reads and folder listings in the process (see `MAX_OPEN_FILES`). */
export const limitFileAccess = limitConcurrency(MAX_OPEN_FILES);

/** What reading one path found: its text, nothing (gone), or a reason it was not read. */
export type RegularFileRead =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'gone' } | { readonly kind: 'skipped'; readonly reason: string };

export interface ReadRegularFileOptions {
  /** At most this many bytes are read: a larger file gives its first `maxBytes + 1` bytes, so the parser refuses it. */
  readonly maxBytes: number;
  /** Follow a symbolic link at `path` itself (the operator's keys file may be one); never for source files. */
  readonly followSymlink?: boolean;
  readonly deadlineMs?: number;
  /**
   * The real path of the folder the file must be inside. A parent folder swapped for a symbolic link between the
   * listing and the open is caught by asking the kernel where the opened file really is (Linux `/proc/self/fd`).
   */
  readonly within?: string;
}

/**
 * Reads a regular file as UTF-8, and nothing else: a symbolic link (unless `followSymlink`), a FIFO, a socket, a
 * device or a folder is never opened. The size is checked before reading and at most `maxBytes + 1` bytes are read,
 * with a deadline; a file swapped for something else between the check and the open is refused by the open itself
 * (`O_NOFOLLOW`, `O_NONBLOCK`) and by a second check on the open handle. At most `MAX_OPEN_FILES` reads run at
 * once; the deadline counts from a read's turn.
 */
export function readRegularFile(path: string, options: ReadRegularFileOptions): Promise<RegularFileRead> {
  return limitFileAccess(() => readRegularFileNow(path, options));
}

async function readRegularFileNow(path: string, options: ReadRegularFileOptions): Promise<RegularFileRead> {
  let info;
  try {
    info = options.followSymlink === true ? await stat(path) : await lstat(path);
  } catch (error) {
    if (isGone(error)) return { kind: 'gone' };
    throw error;
  }
  const refusal = refuse(info);
  if (refusal !== undefined) return refusal;
  const flags = constants.O_RDONLY | constants.O_NONBLOCK | (options.followSymlink === true ? 0 : constants.O_NOFOLLOW);
  let handle;
  try {
    handle = await open(path, flags);
  } catch (error) {
    if (isGone(error)) return { kind: 'gone' };
    if (errorCode(error) === 'ELOOP') return { kind: 'skipped', reason: 'a symbolic link (never followed)' };
    throw error;
  }
  let timer: NodeJS.Timeout | undefined;
  try {
    const reading = (async (): Promise<RegularFileRead> => {
      const opened = await handle.stat();
      const swapped = refuse(opened);
      if (swapped !== undefined) return swapped;
      if (options.within !== undefined) {
        const real = await readlink(`/proc/self/fd/${handle.fd}`).catch(() => undefined);
        if (real !== undefined && !real.startsWith(`${options.within}${sep}`))
          return { kind: 'skipped', reason: 'reached through a symbolic link (never followed)' };
      }
      const buffer = Buffer.alloc(Math.min(opened.size, options.maxBytes) + 1);
      let length = 0;
      while (length < buffer.length) {
        const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
        if (bytesRead === 0) break;
        length += bytesRead;
      }
      return { kind: 'text', text: buffer.toString('utf8', 0, length) };
    })();
    const deadlineMs = options.deadlineMs ?? READ_DEADLINE_MS;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`reading ${path} took longer than ${deadlineMs} ms`)), deadlineMs);
      timer.unref();
    });
    return await Promise.race([reading, deadline]);
  } finally {
    clearTimeout(timer);
    void handle.close().catch(() => undefined);
  }
}

function refuse(info: { isFile(): boolean; isSymbolicLink(): boolean }): RegularFileRead | undefined {
  if (info.isSymbolicLink()) return { kind: 'skipped', reason: 'a symbolic link (never followed)' };
  if (!info.isFile()) return { kind: 'skipped', reason: 'not a regular file (a FIFO, socket, device or folder)' };
  return undefined;
}

export function isGone(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}
