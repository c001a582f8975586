import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, inject, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROUTES = [
  'tokens-flat',
  'tokens-nested',
  'token',
  'primitives',
  'scales',
  'design-system',
  'export-css',
  'export-json',
  'export-ts',
  'export-css-ref',
  'tokens-304',
];

interface BenchRoute {
  readonly name: string;
  readonly status: number;
  readonly skipped?: string;
  readonly server: { rps: number; p99: number };
  readonly baseline: { rps: number; p99: number };
  readonly rpsRatio: number;
}

/** Runs `node bench/run.mjs ...args` against the test build; resolves with its exit code and output. */
function runBench(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bench', 'run.mjs'), ...args], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// CI runs the quick benchmark so it never rots; its numbers are not judged here (a shared CI machine is noise).
describe('npm run bench -- --quick', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dts-bench-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('drives every route against the baseline, measures cold work, startup and memory, prints the table and writes JSON', async () => {
    const out = join(dir, 'quick.json');
    const { code, stdout, stderr } = await runBench(['--quick', '--dist', dirname(inject('cliPath')), '--out', out]);
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
    expect(stdout).toMatch(/^route +status +bytes +server req\/s +base req\/s +ratio +server p99 +base p99 +ratio$/m);
    for (const name of ROUTES) expect(stdout).toMatch(new RegExp(`^${name} +(200|304) `, 'm'));
    expect(stdout).toContain(`Results written to ${out}`);

    const results = JSON.parse(readFileSync(out, 'utf8')) as {
      mode: string;
      routes: BenchRoute[];
      cold: { tokens: number; exports: Record<string, { medianMs: number }>; styleDictionaryRatio: number };
      startup: { medianMs: number };
      memory: { rss: number; edits: number };
      leak: { reloads: number; rssGrowth: number };
      targets: { name: string; pass: boolean }[];
    };
    expect(results.mode).toBe('quick');
    expect(results.routes.map((route) => route.name)).toEqual(expect.arrayContaining(ROUTES));
    for (const route of results.routes) {
      expect(route.skipped).toBeUndefined();
      expect(route.status).toBe(route.name === 'tokens-304' ? 304 : 200);
      expect(route.server.rps).toBeGreaterThan(0);
      expect(route.baseline.rps).toBeGreaterThan(0);
      expect(route.rpsRatio).toBe(route.server.rps / route.baseline.rps);
    }
    expect(results.cold.tokens).toBe(10_000);
    expect(Object.keys(results.cold.exports)).toEqual(expect.arrayContaining(['css', 'json', 'ts']));
    expect(results.cold.styleDictionaryRatio).toBeGreaterThan(0);
    expect(results.startup.medianMs).toBeGreaterThan(0);
    expect(results.memory.edits).toBe(20);
    expect(results.memory.rss).toBeGreaterThan(0);
    expect(results.leak.reloads).toBe(200);
    expect(results.targets.length).toBeGreaterThan(ROUTES.length * 2);
  }, 240_000);
});
