// Times `token-server validate` on a synthetic source of 10,000 tokens (run `npm run build` first).
// Usage: node bench/validate.mjs [tokens] [runs]   (KEEP=1 keeps the generated folder and prints its path)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDesignSystem, writeFiles } from './generate.mjs';

const TOKENS = Number(process.argv[2] ?? 10_000);
const RUNS = Number(process.argv[3] ?? 7);
const TOKENS_PER_FILE = 500;
const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'cli.js');

/** One design system `bench` of TOKENS tokens from the shared seeded generator (every type, 10 scales, primitives), 500 per file. */
function writeSource(root) {
  writeFiles(root, generateDesignSystem({ slug: 'bench', tokens: TOKENS, tokensPerFile: TOKENS_PER_FILE }).files);
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
  console.log(
    `wall time over ${RUNS} runs (process start to exit): median ${median.toFixed(0)} ms, min ${times[0].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms`,
  );
  if (median >= 1000) process.exitCode = 1;
} finally {
  if (!process.env.KEEP) rmSync(root, { recursive: true, force: true });
  else console.log(root);
}
