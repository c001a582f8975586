import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether a change of `path` (relative to the Git directory, `/`-separated) can move HEAD's commit or what
 * `git status` says: anything but a branch other than the checked-out one. A change request's branch moving (several
 * a second under write load) changes neither, and reading HEAD and the status again for each cost the main thread's
 * helper two git processes (~12 ms of CPU a write). HEAD is read at each event, so a checkout in between is seen;
 * when it cannot be read, every path counts.
 */
export function movesCheckedOutState(gitDir: string, path: string): boolean {
  if (!path.startsWith('refs/heads/')) return true;
  let head: string;
  try {
    head = readFileSync(join(gitDir, 'HEAD'), 'utf8').trim();
  } catch {
    return true;
  }
  // A detached HEAD names its commit itself: no branch moves it.
  if (!head.startsWith('ref: ')) return false;
  const checkedOut = head.slice('ref: '.length);
  // `refs/heads/<branch>.lock` is the branch being written; a folder on the way to it (`refs/heads/feature`) holds it.
  const ref = path.endsWith('.lock') ? path.slice(0, -'.lock'.length) : path;
  return ref === checkedOut || checkedOut.startsWith(`${ref}/`);
}
