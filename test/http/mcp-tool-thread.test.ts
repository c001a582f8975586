import { afterAll, describe, expect, it } from 'vitest';
import { McpToolRunner } from '../../src/http/mcp-tool-thread.js';
import { runSystemTool } from '../../src/mcp/run-tool.js';
import type { SystemToolJob } from '../../src/mcp/run-tool.js';
import { compileExample } from '../helpers/fixtures.js';

const runner = new McpToolRunner({ offThreadValues: 0 });
afterAll(() => runner.close());

const JOBS: readonly SystemToolJob[] = [
  { tool: 'get_token', key: 'color.brand.primary' },
  { tool: 'get_token', key: 'no.such.token' },
  { tool: 'search_tokens', input: { query: 'text', limit: 25 } },
  { tool: 'search_tokens', input: { query: 'blue', includePrimitives: true, limit: 5 } },
  { tool: 'find_token_for_value', query: { kind: 'color', hex: '#2563EB' }, limit: 5 },
  { tool: 'find_token_for_value', query: { kind: 'length', px: 16 }, limit: 3 },
];

describe('McpToolRunner in its worker thread', () => {
  it.each(['acme', 'harbor'])('answers the tools about %s with the bytes the main thread computes', async (slug) => {
    const system = await compileExample(slug);
    const answers = await Promise.all(JOBS.map((job) => runner.run(system, job)));
    for (const [index, job] of JOBS.entries()) {
      expect(JSON.stringify(answers[index]), JSON.stringify(job)).toBe(JSON.stringify(runSystemTool(system, job)));
    }
    expect(answers[1]).toBeUndefined();
  });

  it('answers diff_revisions with the bytes the main thread computes, both systems sent', async () => {
    const [acme, harbor] = await Promise.all([compileExample('acme'), compileExample('harbor')]);
    const job: SystemToolJob = { tool: 'diff_revisions', from: { ref: 'a', sha: null }, to: { ref: null, sha: 'b' } };
    expect(JSON.stringify(await runner.run(harbor, job, acme))).toBe(JSON.stringify(runSystemTool(harbor, job, acme)));
  });

  it('answers two design systems sent at once, each whole', async () => {
    const [acme, harbor] = await Promise.all([compileExample('acme'), compileExample('harbor')]);
    const job: SystemToolJob = { tool: 'search_tokens', input: { limit: 1000 } };
    const [forAcme, forHarbor] = await Promise.all([runner.run(acme, job), runner.run(harbor, job)]);
    expect((forAcme as { total: number }).total).toBe(acme.tokens.length);
    expect((forHarbor as { total: number }).total).toBe(harbor.tokens.length);
  });
});
