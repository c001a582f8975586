import { parentPort, workerData } from 'node:worker_threads';
import { COMPILE_ON_THIS_THREAD } from '../state/compile-batch.js';
import { ChangeRefusedError } from '../state/change-requests.js';
import { GitChangeRequests } from './git-change-requests.js';
import type { ChangeRepository, ReadFilesAt } from './git-change-requests.js';
import type { GitIdentity } from './git-commit-writer.js';
import { GitObjectReader } from './git-object-reader.js';
import { ChangePreviewer } from './preview-change.js';
import { readFolderAtCommit } from './read-folder-at-commit.js';
import type { ChangeWorkerCall, ChangeWorkerReply } from './change-request-thread.js';

// The change-request worker: every Git process, YAML edit and validating compile of a change request runs here, so
// the main thread only passes messages (spawning git from a large process, and carrying a compiled design system back
// across threads, held it for tens of milliseconds each time).
const { repo, committer } = workerData as { repo: ChangeRepository; committer: GitIdentity };
const reader = new GitObjectReader(repo.repoDir);
const readFiles: ReadFilesAt = (sha, slug) => readFolderAtCommit(repo, reader, sha, slug);
const service = new GitChangeRequests(repo, { readFiles, compiler: COMPILE_ON_THIS_THREAD, committer });
// A preview that asks for values (the page's live preview) also compiles the base and compares.
const previewer = new ChangePreviewer(service, { repoDir: repo.repoDir, readFiles, compiler: COMPILE_ON_THIS_THREAD });
service.subscribe((event) => parentPort?.postMessage({ kind: 'event', event } satisfies ChangeWorkerReply));

parentPort?.on('message', (call: ChangeWorkerCall) => {
  const run =
    call.method === 'preview'
      ? (previewer.preview.bind(previewer) as (...args: unknown[]) => Promise<unknown>)
      : (service[call.method] as (...args: unknown[]) => Promise<unknown>).bind(service);
  run(...call.args).then(
    (value) => parentPort?.postMessage({ kind: 'answer', id: call.id, value } satisfies ChangeWorkerReply),
    (error: unknown) =>
      parentPort?.postMessage({
        kind: 'answer',
        id: call.id,
        ...(error instanceof ChangeRefusedError
          ? { refusal: error.refusal }
          : { error: error instanceof Error ? error.message : String(error) }),
      } satisfies ChangeWorkerReply),
  );
});
