// Times `token-server validate` on a synthetic source of 10,000 tokens (run `npm run build` first).
// Usage: node bench/validate.mjs [tokens] [runs]   (KEEP=1 keeps the generated folder and prints its path)
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const TOKENS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 7);
const TOKENS_PER_FILE = 500;
const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');

/** One design system `bench` with 10 scales, a few primitives and TOKENS tokens of every type, 500 per file. */
function writeSource(root) {
  const system = join(root, 'bench');
  mkdirSync(join(system, 'tokens'), { recursive: true });
  writeFileSync(join(system, 'system.yaml'), 'name: Bench\n');
  const hex = (n) => `#${n.toString(16).padStart(6, '0').toUpperCase()}`;
  let scales = 'scales:\n';
  for (let s = 0; s < 10; s += 1) {
    scales += `  scale${s}:\n`;
    for (let step = 1; step <= 12; step += 1) scales += `    ${step * 100}: { light: "${hex(s * 4096 + step)}", dark: "${hex(0xffffff - s * 4096 - step)}" }\n`;
  }
  writeFileSync(join(system, 'scales.yaml'), scales);
  writeFileSync(
    join(system, 'primitives.yaml'),
    'primitives:\n  spacing: { sm: 8, md: 16, lg: 24 }\n  "font.size": { sm: 12, md: 16 }\n  duration: { fast: 100 }\n',
  );
  const kinds = [
    (i) => `{ type: color, scale: scale${i % 10}, step: ${((i % 12) + 1) * 100}, darkStep: ${(((i + 1) % 12) + 1) * 100} }`,
    (i) => `{ type: spacing, value: ${i % 64} }`,
    () => '{ type: spacing, primitive: spacing.md }',
    (i) => `{ type: font.size, value: ${(i % 40) + 10}, unit: px }`,
    (i) => `{ type: font.weight, value: ${((i % 9) + 1) * 100} }`,
    (i) => `{ type: duration, value: ${i % 1000} }`,
    () => '{ type: easing, value: "cubic-bezier(0.2, 0, 0, 1)" }',
    (i) => `{ type: opacity, value: ${(i % 100) / 100} }`,
    () => '{ type: shadow, x: 0, y: 2, blur: 4, spread: 0, colorToken: group0.t0000, opacity: 0.2 }',
    (i) => `{ type: boolean, value: ${i % 2 === 0} }`,
  ];
  for (let file = 0; file * TOKENS_PER_FILE < TOKENS; file += 1) {
    let text = `tokens:\n  group${file}:\n`;
    for (let j = 0; j < TOKENS_PER_FILE && file * TOKENS_PER_FILE + j < TOKENS; j += 1) {
      const i = file * TOKENS_PER_FILE + j;
      text += `    t${String(j).padStart(4, '0')}: ${kinds[i % kinds.length](i)}\n`;
    }
    writeFileSync(join(system, 'tokens', `part-${String(file).padStart(3, '0')}.yaml`), text);
  }
}

const root = mkdtempSync(join(tmpdir(), 'validate-bench-'));
try {
  writeSource(root);
  const times = [];
  let output = '';
  for (let run = 0; run < RUNS; run += 1) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [cli, 'validate', root], { encoding: 'utf8' });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    output = result.stdout.trim().split('\n').at(-1);
    if (result.status !== 0) throw new Error(`validate exited with ${result.status}:\n${result.stdout}${result.stderr}`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(`validate, ${TOKENS} tokens: ${output}`);
  console.log(`wall time over ${RUNS} runs (process start to exit): median ${median.toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms`);
  if (median >= 1000) process.exitCode = 1;
} finally {
  if (!process.env.KEEP) rmSync(root, { recursive: true, force: true }); else console.log(root);
}
