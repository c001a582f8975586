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
/** The whole smoke run, process start to exit, on a 2-core machine running other tests beside it. */
const SMOKE_BUDGET_MS = 60_000;

interface Side {
  readonly rps: number;
  readonly p99: number;
}

interface BenchRoute {
  readonly name: string;
  readonly connections: number;
  readonly status: number;
  readonly bytes: number;
  readonly skipped?: string;
  readonly server: Side;
  readonly baseline: Side;
  readonly rpsRatio: number;
  readonly capacityRatio?: number;
  readonly p99Ratio: number;
  readonly pass: boolean;
  readonly runs: { server: { requests: number }; baseline: { requests: number } }[];
}

interface BenchResults {
  mode: string;
  settings: {
    amount: number;
    rounds: number;
    connections: number[];
    coldTokens: number;
    startupSystems: number;
    startupRuns: number;
    historyEdits: number;
    reloads: number;
  };
  routes: BenchRoute[];
  cold: {
    tokens: number;
    compileMs: number;
    exports: Record<string, { bytes: number; medianMs: number }>;
    styleDictionary: { medianMs: number; declarations: number };
    styleDictionaryRatio: number;
  };
  startup: { systems: number; runsMs: number[]; medianMs: number };
  memory: { rss: number; edits: number };
  leak: { reloads: number; msPerReload: number; checkpoints: { reloads: number }[] };
  targets: { name: string; value: number; limit: number; unit: '<' | '<=' | '>='; pass: boolean }[];
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

/** A figure as the table prints it ("1,104", "0.69", "17.7 ms") agrees with the exact one, to its last printed digit. */
function expectPrinted(cell: string | undefined, exact: number, what: string): void {
  const printed = /^-?[\d,]+(?:\.(\d+))?(?: ms)?$/.exec(cell ?? '');
  expect(printed, `${what}: "${cell}"`).not.toBeNull();
  const decimals = printed?.[1]?.length ?? 0;
  const value = Number((cell ?? '').replace(/,| ms$/g, ''));
  expect(Math.abs(value - exact), `${what}: printed ${cell}, measured ${exact}`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
}

const isPositive = (value: number): boolean => Number.isFinite(value) && value > 0;

// CI runs the smoke benchmark so it never rots; its numbers are not judged here (a shared CI machine is noise), but
// each one must have been measured, and the table must print what the JSON holds.
describe('npm run bench -- --smoke', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dts-bench-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'drives every route against the baseline, measures cold work, startup and memory, prints the table and writes JSON',
    { timeout: SMOKE_BUDGET_MS },
    async () => {
      const out = join(dir, 'smoke.json');
      const { code, stdout, stderr } = await runBench(['--smoke', '--dist', dirname(inject('cliPath')), '--out', out]);
      expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
      expect(stdout).toMatch(
        /^route +status +bytes +conns +server req\/s +base req\/s +ratio +server CPU\/req +base CPU\/req +capacity +busy srv\/base\/client +server p99 +base p99 +ratio$/m,
      );
      expect(stdout).toContain(`Results written to ${out}`);
      const results = JSON.parse(readFileSync(out, 'utf8')) as BenchResults;
      const { settings } = results;
      expect(results.mode).toBe('smoke');

      // Routes: each driven on both servers at 10 and at 32 connections for the full count of requests, with measured,
      // finite figures.
      expect(settings.connections).toEqual([10, 32]);
      expect(results.routes.map((route) => `${route.name} ${route.connections}`)).toEqual(
        expect.arrayContaining(ROUTES.flatMap((name) => [`${name} 10`, `${name} 32`])),
      );
      for (const route of results.routes) {
        expect(route.skipped, route.name).toBeUndefined();
        expect(route.status, route.name).toBe(route.name === 'tokens-304' ? 304 : 200);
        expect(route.status === 304 ? route.bytes === 0 : route.bytes > 0, `${route.name}: ${route.bytes} bytes`).toBe(true);
        expect(
          route.runs.map((run) => [run.server.requests, run.baseline.requests]),
          route.name,
        ).toEqual(Array.from({ length: settings.rounds }, () => [settings.amount, settings.amount]));
        const figures = [route.server.rps, route.baseline.rps, route.server.p99, route.baseline.p99, route.rpsRatio, route.p99Ratio];
        expect(figures.every(isPositive), `${route.name}: ${figures.join(', ')}`).toBe(true);
      }
      // Every export the OpenAPI document lists is both driven and rendered cold.
      const exportRoutes = [...new Set(results.routes.map((route) => route.name))].filter(
        (name) => name.startsWith('export-') && name !== 'export-css-ref',
      );
      expect(Object.keys(results.cold.exports).map((format) => `export-${format}`)).toEqual(exportRoutes);

      // The table prints the JSON's figures, row by row (one row per route and connection count).
      for (const route of results.routes) {
        const row = new RegExp(`^${route.name} +\\d+ +[\\d,]+ +${route.connections} .*$`, 'm').exec(stdout)?.[0].split(/ {2,}/) ?? [];
        const what = `${route.name} at ${route.connections}`;
        expect(row.slice(0, 2), what).toEqual([route.name, String(route.status)]);
        expectPrinted(row[2], route.bytes, `${what} bytes`);
        expect(row[3], what).toBe(String(route.connections));
        expectPrinted(row[4], route.server.rps, `${what} server req/s`);
        expectPrinted(row[5], route.baseline.rps, `${what} base req/s`);
        expectPrinted(row[6], route.rpsRatio, `${what} req/s ratio`);
        // CPU per request and the capacity ratio: '-' when a run was too short for /proc's clock ticks (smoke runs).
        if (route.capacityRatio === undefined) expect(row[9], what).toBe('-');
        else expectPrinted(row[9], route.capacityRatio, `${what} capacity ratio`);
        expect(row[10], what).toMatch(/^(\d+%|-)\/(\d+%|-)\/\d+%$/);
        expectPrinted(row[11], route.server.p99, `${what} server p99`);
        expectPrinted(row[12], route.baseline.p99, `${what} base p99`);
        expectPrinted(row[13], route.p99Ratio, `${what} p99 ratio`);
        expect(row[14], what).toBe(route.pass ? 'ok' : 'MISS');
      }

      // Cold work: every export rendered, Style Dictionary built one declaration per token.
      expect(results.cold.tokens).toBe(settings.coldTokens);
      expect(isPositive(results.cold.compileMs)).toBe(true);
      for (const [format, figures] of Object.entries(results.cold.exports)) {
        expect([format, isPositive(figures.bytes), isPositive(figures.medianMs)]).toEqual([format, true, true]);
        expect(stdout).toMatch(new RegExp(`^ {2}export ${format} .*, ${figures.bytes.toLocaleString('en')} bytes `, 'm'));
      }
      expect(results.cold.styleDictionary.declarations).toBe(settings.coldTokens);
      expect(isPositive(results.cold.styleDictionaryRatio)).toBe(true);

      // Startup, edits through the watcher, reloads in the leak check: each ran as often as the settings say.
      expect(results.startup.systems).toBe(settings.startupSystems);
      expect(results.startup.runsMs).toHaveLength(settings.startupRuns);
      expect([...results.startup.runsMs, results.startup.medianMs].every(isPositive)).toBe(true);
      // One save can reach the server as two snapshots (chokidar may report a write twice): at least one per edit.
      expect(results.memory.edits).toBeGreaterThanOrEqual(settings.historyEdits);
      expect(isPositive(results.memory.rss)).toBe(true);
      expect(results.leak.reloads).toBe(settings.reloads);
      expect(results.leak.checkpoints.at(-1)?.reloads).toBe(settings.reloads);
      expect(isPositive(results.leak.msPerReload)).toBe(true);

      // Targets: two per route, one per cold export, Style Dictionary, startup, memory and leak; each judged by its
      // own limit, and the summary line counts the misses.
      expect(results.targets).toHaveLength(results.routes.length * 2 + Object.keys(results.cold.exports).length + 4);
      for (const target of results.targets) {
        const met = { '<': target.value < target.limit, '<=': target.value <= target.limit, '>=': target.value >= target.limit }[
          target.unit
        ];
        expect(Number.isFinite(target.value), `${target.name}: ${target.value}`).toBe(true);
        expect(target.pass, `${target.name}: ${target.value} ${target.unit} ${target.limit}`).toBe(met);
      }
      const missed = results.targets.filter((target) => !target.pass).length;
      expect(stdout).toContain(
        missed === 0 ? `all ${results.targets.length} targets met` : `${missed} of ${results.targets.length} targets missed: `,
      );
    },
  );
});
