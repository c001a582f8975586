import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { parseSourceFile } from '../compile/yaml/parse-source-file.js';
import type { ParsedSourceFile } from '../compile/yaml/parse-source-file.js';

/** One source file to parse, and whether it is its design system's `system.yaml`. */
export interface SourceFileText {
  readonly path: string;
  readonly text: string;
  readonly isSystemFile: boolean;
}

/** Below this much YAML, starting a worker costs more than it saves. */
const PARALLEL_THRESHOLD_BYTES = 256 * 1024;
const MAX_WORKERS = 3;

/**
 * Every file through the server's own `parseSourceFile`, in input order. Large sources are split across worker
 * threads (YAML parsing is most of `validate`'s time); the main thread parses a share too instead of waiting.
 */
export async function parseSourceFiles(files: readonly SourceFileText[]): Promise<ParsedSourceFile[]> {
  const totalBytes = files.reduce((sum, file) => sum + file.text.length, 0);
  const shares = Math.min(availableParallelism(), MAX_WORKERS + 1, files.length);
  if (totalBytes < PARALLEL_THRESHOLD_BYTES || shares < 2) return files.map(parseOne);

  // Contiguous chunks of about equal size keep the results in input order.
  const chunks: SourceFileText[][] = [[]];
  let chunkBytes = 0;
  for (const file of files) {
    if (chunkBytes >= totalBytes / shares && chunks.length < shares) {
      chunks.push([]);
      chunkBytes = 0;
    }
    (chunks.at(-1) as SourceFileText[]).push(file);
    chunkBytes += file.text.length;
  }
  const [own = [], ...others] = chunks;
  const pending = others.map((chunk) => parseInWorker(chunk));
  const mine = own.map(parseOne);
  return [...mine, ...(await Promise.all(pending)).flat()];
}

function parseOne(file: SourceFileText): ParsedSourceFile {
  return parseSourceFile(file.path, file.text, file.isSystemFile);
}

function parseInWorker(files: readonly SourceFileText[]): Promise<ParsedSourceFile[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./parse-worker.js', import.meta.url), { workerData: files });
    worker.once('message', (parsed: ParsedSourceFile[]) => {
      resolve(parsed);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`parse worker exited with code ${code} before answering`)));
  });
}
