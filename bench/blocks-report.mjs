// What ran in each event-loop block that `bench/event-loop-blocks.mjs` recorded (not a test): per block, the heaviest
// functions of the server's own code (inclusive time) and the heaviest frames (self time), from a V8 CPU profile of
// the same process. TOP (default 10) blocks, longest first; INCL (default 12) rows each.
//
//   node bench/blocks-report.mjs <lt-pid.json> <profile of that pid's main thread>
import { readFileSync } from 'node:fs';
const [ltFile, profFile] = process.argv.slice(2);
const { blocks, gcs } = JSON.parse(readFileSync(ltFile, 'utf8'));
console.log(
  `GC pauses > 5 ms: ${gcs.length}; > 30 ms: ${gcs
    .filter((g) => g[1] > 30)
    .map((g) => `${g[1]}(k${g[2]})`)
    .join(' ')}`,
);
const p = JSON.parse(readFileSync(profFile, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*\/(dist|node_modules)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;
const times = [];
let t = p.startTime;
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i];
  times.push(t);
}
for (const [start, end, gap] of blocks.sort((a, b) => b[2] - a[2]).slice(0, Number(process.env.TOP ?? 10))) {
  const incl = new Map();
  const self = new Map();
  let n = 0;
  for (let i = 0; i < times.length; i++) {
    if (times[i] < start || times[i] > end) continue;
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    n += dt;
    const st = [];
    for (let x = p.samples[i]; x !== undefined; x = parent.get(x)) st.push(byId.get(x));
    self.set(name(st[0]), (self.get(name(st[0])) ?? 0) + dt);
    const seen = new Set();
    for (const s of st) {
      const k = name(s);
      if (seen.has(k)) continue;
      seen.add(k);
      incl.set(k, (incl.get(k) ?? 0) + dt);
    }
  }
  console.log(`\n== block of ${gap.toFixed(0)} ms at +${((start - p.startTime) / 1e6).toFixed(2)} s (${n.toFixed(0)} ms sampled)`);
  for (const [k, v] of [...incl]
    .filter(([k]) => /dist\//.test(k) && !/dist\/index\.js:1$/.test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(process.env.INCL ?? 12)))
    console.log(`  incl ${v.toFixed(0).padStart(5)} ${k}`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`  self ${v.toFixed(0).padStart(5)} ${k}`);
}
