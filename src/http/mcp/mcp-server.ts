import { McpServer } from '@modelcontextprotocol/server';
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { McpServerContext } from './mcp-context.js';
import { registerResources } from './mcp-resources.js';
import { isOfferedTo, MCP_TOOLS } from './mcp-tools.js';

const INSTRUCTIONS =
  'Design tokens of the design systems this API key may read, live or at any Git revision (`ref`). Use semantic ' +
  'tokens in code, never hard-coded colors or sizes: search_tokens to find one, get_token for how to write it ' +
  '(CSS variable, Tailwind class, JS name) and its value per mode, find_token_for_value for the token behind a hex or ' +
  'a length, check_contrast before pairing colors.';

/** One request's MCP server: the table's tools offered to its key (`MCP_TOOLS`) and the resources, bound to its context. */
export function createMcpServer(context: McpServerContext): McpServer {
  const server = new McpServer(
    { name: 'design-token-server', version: '1.0.0' },
    { capabilities: { resources: { subscribe: true } }, instructions: INSTRUCTIONS },
  );
  registerTools(server, context);
  registerResources(server, context);
  return server;
}

/** Every row of `MCP_TOOLS` the request's key is offered, in the table's order (the order of `tools/list`). */
function registerTools(server: McpServer, context: McpServerContext): void {
  for (const tool of MCP_TOOLS) {
    if (!isOfferedTo(tool, context)) continue;
    const { title, description, annotations } = tool;
    const inputSchema: StandardSchemaWithJSON = tool.inputSchema;
    server.registerTool(tool.name, { title, description, inputSchema, annotations }, (args) => tool.handle(args, context));
  }
}
