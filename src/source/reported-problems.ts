/** The problem last logged for each path (a file skipped or unreadable), so a problem that persists is logged once. */
export class ReportedProblems {
  readonly #messages = new Map<string, string>();

  /** True when `message` is news for `path` (its first problem, or another one than last time); remembers it. */
  isNew(path: string, message: string): boolean {
    if (this.#messages.get(path) === message) return false;
    this.#messages.set(path, message);
    return true;
  }

  /** `path` reads fine again: its next problem is news. */
  forget(path: string): void {
    this.#messages.delete(path);
  }
}
