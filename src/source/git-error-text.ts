/**
 * Git's own error on one log line: its non-empty lines trimmed and joined with spaces, without the
 * `Cloning into ...` progress line (which is not the error).
 */
export function gitErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('Cloning into '));
  return lines.length === 0 ? message.trim() : lines.join(' ');
}
