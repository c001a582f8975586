/** What a budget left unlogged in one window, by kind (only kinds that had some). */
export type Unlogged<Kind extends string> = Partial<Record<Kind, number>>;

export interface LogBudget<Kind extends string> {
  /** Whether one more line of `kind` may be written now; when not, it is counted for the window's summary. */
  take(kind: Kind): boolean;
  /** Stops the window's timer; what it counted so far is dropped. */
  close(): void;
}

/**
 * A budget of `perWindow` log lines per `windowMs`, shared by every kind, so whoever can send messages cannot fill
 * the log: the first `perWindow` lines of a window are written, the rest counted, and when the window ends
 * `summarize` gets the counts (once, only if something was left out). A window opens with the first line after a quiet
 * one, so a replica that hears of a few commits an hour logs each.
 */
export function createLogBudget<Kind extends string>(options: {
  readonly perWindow: number;
  readonly windowMs: number;
  readonly summarize: (unlogged: Unlogged<Kind>) => void;
}): LogBudget<Kind> {
  let written = 0;
  let unlogged: Unlogged<Kind> = {};
  let timer: NodeJS.Timeout | undefined;
  const endWindow = (): void => {
    timer = undefined;
    const counted = unlogged;
    written = 0;
    unlogged = {};
    if (Object.keys(counted).length > 0) options.summarize(counted);
  };
  return {
    take(kind) {
      if (timer === undefined) {
        timer = setTimeout(endWindow, options.windowMs);
        timer.unref();
      }
      if (written < options.perWindow) {
        written += 1;
        return true;
      }
      unlogged[kind] = (unlogged[kind] ?? 0) + 1;
      return false;
    },
    close() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
