import { deserialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { CompiledDesignSystem } from '../compile/types.js';
import { renderExport } from '../views/export-jobs.js';
import type { RenderJob, RenderReply } from './render-thread.js';
import { HELD_SYSTEMS } from './render-thread.js';

// The render worker: renders exports of large design systems off the main thread. It keeps the last few design
// systems it was sent by content hash, evicting the oldest exactly as the main thread counts them, so a system
// crosses the thread boundary once however many exports of it are rendered.
const held = new Map<string, CompiledDesignSystem>();

parentPort?.on('message', (job: RenderJob) => {
  let reply: RenderReply;
  const transfer: ArrayBuffer[] = [];
  try {
    if (job.system !== undefined) {
      held.set(job.hash, deserialize(job.system) as CompiledDesignSystem);
      if (held.size > HELD_SYSTEMS) held.delete(held.keys().next().value as string);
    }
    const system = held.get(job.hash);
    if (system === undefined) throw new Error(`the render worker does not hold design system ${job.hash}`);
    const rendered = renderExport(system, job.job);
    // A copy the size of the body, in an ArrayBuffer of its own, moves to the main thread without another copy.
    const body = new Uint8Array(rendered.body.byteLength);
    body.set(rendered.body);
    transfer.push(body.buffer);
    reply = { id: job.id, body, contentType: rendered.contentType, etag: rendered.etag, digest: rendered.digest };
  } catch (error) {
    reply = { id: job.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply, transfer);
});
