import { parentPort } from 'node:worker_threads';
import type { CompiledDesignSystem } from '../compile/types.js';
import { createCachingCompiler } from './compile-batch.js';
import { packCompileResult } from './compile-handoff.js';
import type { CompileJob, CompileReply } from './compiler-thread.js';

// The compile worker: parses and compiles one design system per message, off the main thread. It keeps the last
// parse of every file by path, so a save re-parses only the files whose text changed.
const compile = createCachingCompiler();
// The last system compiled per design system: when the main thread holds the same one, only changes are sent back.
const lastCompiled = new Map<string, CompiledDesignSystem>();

parentPort?.on('message', (job: CompileJob) => {
  let reply: CompileReply;
  try {
    const result = compile(job.slug, job.files);
    const known = lastCompiled.get(job.slug);
    reply = {
      id: job.id,
      packed: packCompileResult(result, known !== undefined && known.contentHash === job.baseHash ? known : undefined),
    };
    if (result.system !== undefined) lastCompiled.set(job.slug, result.system);
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
// Loaded: the time budget of the first job starts now, not while the thread and its modules start.
parentPort?.postMessage({ ready: true } satisfies CompileReply);
