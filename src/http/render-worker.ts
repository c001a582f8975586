import { deserialize } from 'node:v8';
import { parentPort } from 'node:worker_threads';
import type { CompiledDesignSystem, Token } from '../compile/types.js';
import { joinScales } from '../state/system-slices.js';
import type { ScaleRun } from '../state/system-slices.js';
import { MissingFileError, renderExport } from '../views/formats/export-jobs.js';
import type { RenderJob, RenderReply, SystemBytes } from './render-thread.js';
import { HELD_SYSTEMS } from './render-thread.js';

// A render worker: renders exports of large design systems off the main thread, one at a time. It keeps the last
// few design systems it was sent by content hash, evicting the oldest exactly as the main thread counts them, so a
// system crosses the thread boundary once however many exports of it are rendered.
const held = new Map<string, CompiledDesignSystem>();

const systemOf = (bytes: SystemBytes): CompiledDesignSystem => ({
  ...(deserialize(bytes.rest) as Omit<CompiledDesignSystem, 'tokens' | 'scales'>),
  tokens: bytes.tokens.flatMap((slice) => deserialize(slice) as Token[]),
  scales: joinScales(bytes.scales.flatMap((slice) => deserialize(slice) as ScaleRun[])),
});

parentPort?.on('message', (job: RenderJob) => {
  let reply: RenderReply;
  const transfer: ArrayBuffer[] = [];
  try {
    if (job.system !== undefined) {
      held.set(job.hash, systemOf(job.system));
      if (held.size > HELD_SYSTEMS) held.delete(held.keys().next().value as string);
    }
    const system = held.get(job.hash);
    if (system === undefined) throw new Error(`the render worker does not hold design system ${job.hash}`);
    const rendered = renderExport(system, job.job);
    // A body in an ArrayBuffer of its own (a zip is written in one) moves to the main thread without a copy; a
    // pooled one is copied into one first.
    let body = new Uint8Array(rendered.body.buffer, rendered.body.byteOffset, rendered.body.byteLength);
    if (body.byteOffset !== 0 || body.byteLength !== body.buffer.byteLength || !(body.buffer instanceof ArrayBuffer)) {
      body = new Uint8Array(rendered.body.byteLength);
      body.set(rendered.body);
    }
    transfer.push(body.buffer as ArrayBuffer);
    reply = { id: job.id, body, contentType: rendered.contentType, etag: rendered.etag, digest: rendered.digest };
  } catch (error) {
    reply = {
      id: job.id,
      error: error instanceof Error ? error.message : String(error),
      ...(error instanceof MissingFileError ? { missingFile: true as const } : {}),
    };
  }
  parentPort?.postMessage(reply, transfer);
});
