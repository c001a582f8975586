/** Runs `task` once fewer than the limit's tasks are running; resolves or rejects as it does. */
export type Limited = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * A limiter that lets at most `max` tasks run at once; the others wait their turn, first come first served. Used to
 * bound open file handles: 100,000 files read at once would exhaust the process's descriptors (EMFILE), and the
 * server's own sockets with them.
 */
export function limitConcurrency(max: number): Limited {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next === undefined) running -= 1;
    else next();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < max) running += 1;
    else await new Promise<void>((resume) => waiting.push(resume));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
