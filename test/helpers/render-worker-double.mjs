// A stand-in render worker for the scheduler's tests (test/http/render-queue.test.ts): it speaks the render
// worker's protocol (src/http/render-thread.ts RenderJob / RenderReply) but, instead of rendering, does what the
// job's options say, so the order, deadlines and failures the tests assert do not depend on the machine's speed.
//   options.wait: milliseconds to hold this thread (Atomics.wait: busy as a long render is); 'forever' never answers
//   options.exit: the worker exits with code 3 (a crashed worker)
//   options.tag:  the body answered
import { parentPort } from 'node:worker_threads';

const sleeper = new Int32Array(new SharedArrayBuffer(4));

parentPort?.on('message', (message) => {
  const { wait = 0, exit = false, tag = '' } = message.job.options;
  if (exit) process.exit(3);
  if (wait === 'forever') for (;;) Atomics.wait(sleeper, 0, 0, 1000);
  Atomics.wait(sleeper, 0, 0, wait);
  const body = new TextEncoder().encode(tag);
  parentPort?.postMessage({ id: message.id, body, contentType: 'text/plain', etag: `"${tag}"`, digest: '' }, [body.buffer]);
});
