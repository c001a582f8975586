// Preload for the server's process (not a test): records each event-loop block longer than LT_MS (default 40) and
// each GC pause over 5 ms, and writes them at exit to LT_DIR/lt-<pid>.json; `bench/blocks-report.mjs` then prints
// what a CPU profile of the same process ran during each block (the profile's samples between its start and end).
//
//   LT_DIR=/tmp/lt NODE_OPTIONS="--import ./bench/event-loop-blocks.mjs" SCENARIOS=refused node bench/hardening.mjs --cpu-prof /tmp/prof
//   node bench/blocks-report.mjs /tmp/lt/lt-<pid>.json /tmp/prof/refused/CPU.<...>.<pid>.0.001.cpuprofile
import { isMainThread } from 'node:worker_threads';
import { PerformanceObserver } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
if (isMainThread && process.env.LT_DIR) {
  const min = Number(process.env.LT_MS ?? 40);
  const blocks = [];
  const gcs = [];
  let last = process.hrtime.bigint();
  setInterval(() => {
    const now = process.hrtime.bigint();
    const gap = Number(now - last) / 1e6;
    if (gap - 5 > min) blocks.push([Number(last / 1000n), Number(now / 1000n), gap, Date.now()]);
    last = now;
  }, 5).unref();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.duration > 5) gcs.push([Math.round(e.startTime), +e.duration.toFixed(1), e.detail?.kind]);
  }).observe({ entryTypes: ['gc'] });
  process.on('exit', () => writeFileSync(`${process.env.LT_DIR}/lt-${process.pid}.json`, JSON.stringify({ blocks, gcs })));
}
