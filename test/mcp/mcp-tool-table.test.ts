import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/client';
import type { FastifyInstance } from 'fastify';
import { MCP_TOOLS } from '../../src/http/mcp/mcp-tools.js';
import { buildExampleApp, DEMO_KEY } from '../helpers/app.js';
import { connectMcp } from './mcp-client.js';

const GUIDE = new URL('../../docs/mcp.md', import.meta.url);

/** The tool names of the table under `## Tools` in docs/mcp.md, in its order. */
async function documentedTools(): Promise<string[]> {
  const text = await readFile(GUIDE, 'utf8');
  const start = text.indexOf('\n## Tools\n');
  const section = text.slice(start, text.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((match) => match[1] ?? '');
}

let app: FastifyInstance;
let acme: Client;

beforeAll(async () => {
  ({ app } = await buildExampleApp());
  acme = await connectMcp(app, DEMO_KEY);
});
afterAll(async () => {
  await acme?.close();
  await app.close();
});

describe('the table of MCP tools', () => {
  it('names each tool once', () => {
    const names = MCP_TOOLS.map((tool) => tool.name);
    expect(names).toEqual([...new Set(names)]);
  });

  it('is the table of tools in docs/mcp.md, row for row', async () => {
    expect(await documentedTools()).toEqual(MCP_TOOLS.map((tool) => tool.name));
  });

  it('is what tools/list answers a read key: its read rows, in order, each with its title, description and hints', async () => {
    const { tools } = await acme.listTools();
    const rows = MCP_TOOLS.filter((tool) => tool.access === 'read');
    expect(tools.map(({ name, title, description, annotations }) => ({ name, title, description, annotations }))).toEqual(
      rows.map(({ name, title, description, annotations }) => ({ name, title, description, annotations })),
    );
  });
});
