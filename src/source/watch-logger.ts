/** Where the watcher reports what it cannot fix itself. Plain lines: the server passes its own logger. */
export interface WatchLogger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const SILENT_WATCH_LOGGER: WatchLogger = { info() {}, warn() {}, error() {} };
