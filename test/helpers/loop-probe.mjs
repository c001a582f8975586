// Preloaded into a server process (`node --import <this file> cli.js serve ...`, spawned with an IPC channel): how long
// the event loop went without turning, measured by a 1 ms timer on the server's own main thread. The parent sends
// 'loop-max' and gets back, for the time since its last question: `loopMaxMs`, the longest gap between two turns
// (less the timer's millisecond), and `loopMaxCpuMs`, the most CPU time the main thread spent within one gap: the
// block the server itself caused. On a machine shared with other work the two differ (a thread waiting for a core
// is not a thread blocking its loop); on a quiet one they agree. Also `rss` and `peakRss` of the process.
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage?.() ?? process.cpuUsage();
  return (user + system) / 1000;
};
let last = performance.now();
let lastCpu = threadCpuMs();
let maxGap = 0;
let maxCpu = 0;
const tick = () => {
  const now = performance.now();
  const cpu = threadCpuMs();
  if (now - last > maxGap) maxGap = now - last;
  if (cpu - lastCpu > maxCpu) maxCpu = cpu - lastCpu;
  last = now;
  lastCpu = cpu;
  setTimeout(tick, 1).unref();
};
setTimeout(tick, 1).unref();
process.on('message', (message) => {
  if (message !== 'loop-max') return;
  // The gap still open when the question is answered counts too.
  const gap = Math.max(maxGap, performance.now() - last);
  const cpu = Math.max(maxCpu, threadCpuMs() - lastCpu);
  maxGap = 0;
  maxCpu = 0;
  const { rss } = process.memoryUsage();
  process.send?.({ loopMaxMs: Math.max(0, gap - 1), loopMaxCpuMs: cpu, rss, peakRss: process.resourceUsage().maxRSS * 1024 });
});
process.channel?.unref();
