import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { LRUCache } from 'lru-cache';
import type { CompileResult } from '../compile/compile-design-system.js';
import type { Diagnostic } from '../compile/types.js';
import { COMPILE_ON_THIS_THREAD, createIncrementalCompiler } from '../state/compile-batch.js';
import type { DesignSystemCompiler } from '../state/compile-batch.js';
import { ChangeRefusedError } from '../state/change-requests.js';
import { GitChangeRequests } from './git-change-requests.js';
import type { ChangeRepository, ReadFilesAt } from './git-change-requests.js';
import type { GitIdentity } from './git-commit-writer.js';
import { GitObjectReader } from './git-object-reader.js';
import { GitObjectWriter } from './git-object-writer.js';
import type { GitObjectType } from './git-object-writer.js';
import { validationDiagnostics } from '../views/lint/validation-diagnostics.js';
import type { ValidationScope } from '../views/lint/validation-diagnostics.js';
import { ChangePreviewer } from './preview-change.js';
import { readFolderAtCommit } from './read-folder-at-commit.js';
import type { ChangeWorkerCall, ChangeWorkerReply } from './change-request-thread.js';

// The change-request worker: every Git process, YAML edit and validating compile of a change request runs here, so
// the main thread only passes messages (spawning git from a large process, and carrying a compiled design system back
// across threads, held it for tens of milliseconds each time).
/** How much lower than the main thread's the worker's priority is (0-19; higher is lower). */
const CHANGE_WORKER_NICE = 10;
/** The blobs kept in memory, by object id (the worker's heap is 1 GB). */
const BLOB_CACHE_BYTES = 64 * 1024 * 1024;
const { repo, committer } = workerData as { repo: ChangeRepository; committer: GitIdentity };
// Background work: this thread and the git processes it starts run at a lower priority (nice 10; on Linux the nice
// value is per thread), so the reads the main thread serves keep their share of the CPU while change requests land.
try {
  setPriority(0, CHANGE_WORKER_NICE);
} catch {
  // A platform that refuses it: the writes run at the same priority as the reads.
}
const objects = new GitObjectReader(repo.repoDir);
// Objects are written through long-lived git processes too (blobs, trees, commits): no process per write.
const writer = new GitObjectWriter(repo.repoDir);
// A blob's text never changes: the files of the base and of the tip are mostly the same blobs from one write to the next.
const blobs = new LRUCache<string, Buffer>({ maxSize: BLOB_CACHE_BYTES, sizeCalculation: (blob) => Math.max(1, blob.length) });
const sizes = new LRUCache<string, number>({ max: 100_000 });
const reader = {
  async read(oid: string): Promise<Buffer | undefined> {
    const known = blobs.get(oid);
    if (known !== undefined) return known;
    const blob = await objects.read(oid);
    if (blob !== undefined) blobs.set(oid, blob);
    return blob;
  },
  async size(oid: string): Promise<number | undefined> {
    const known = sizes.get(oid) ?? blobs.get(oid)?.length;
    if (known !== undefined) return known;
    const size = await objects.size(oid);
    if (size !== undefined) sizes.set(oid, size);
    return size;
  },
  write: (type: GitObjectType, content: string | Buffer): Promise<string> => writer.write(type, content),
};
// Each change request validates the whole design system, compiled from the last one: only the files it edited are
// parsed again, and only their tokens and the tokens that follow them are compiled again (a full compile when the
// edit is structural: compile/compile-incremental.ts).
const compile = createIncrementalCompiler();
const readFiles: ReadFilesAt = (sha, slug) => readFolderAtCommit(repo, reader, sha, slug);
const compiler: DesignSystemCompiler = {
  ...COMPILE_ON_THIS_THREAD,
  compile: (slug, files) => Promise.resolve({ result: compile(slug, files).result }),
};
// A write is validated as `validate` validates: the compiler's problems, and on what compiled the contrast checks and
// the export formats' lints (views/lint/), placed in the parses of the files as changed. A write and a preview run
// every check that can refuse (the formats' lints only warn, and planning every export for them costs about a second
// on 10,000 tokens); a change request's validation (`GET /api/v1/changes/<id>`, once per content) runs them all.
const linted = { all: new WeakMap<CompileResult, readonly Diagnostic[]>(), refusing: new WeakMap<CompileResult, readonly Diagnostic[]>() };
const validatingCompiler = (scope: ValidationScope): DesignSystemCompiler => ({
  ...COMPILE_ON_THIS_THREAD,
  compile: (slug, files) => {
    const { result, parsed } = compile(slug, files);
    // An unchanged compile gives the same result again: its lints are made once.
    let diagnostics = linted[scope].get(result);
    if (diagnostics === undefined) {
      diagnostics = validationDiagnostics(result, parsed, scope);
      linted[scope].set(result, diagnostics);
    }
    return Promise.resolve({ result: { ...result, diagnostics } });
  },
});
const warn = (message: string): void => parentPort?.postMessage({ kind: 'warning', message } satisfies ChangeWorkerReply);
const service = new GitChangeRequests(repo, {
  readFiles,
  objects: reader,
  compiler: validatingCompiler('refusing'),
  validator: validatingCompiler('all'),
  committer,
  warn,
});
// A preview that asks for values (the page's live preview) also compiles the base and compares (no lints: values only).
const previewer = new ChangePreviewer(service, { readFiles, compiler });
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
