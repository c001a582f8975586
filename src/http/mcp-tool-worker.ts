import { parentPort } from 'node:worker_threads';
import type { CompiledDesignSystem, Token } from '../compile/types.js';
import { joinScales } from '../state/system-slices.js';
import type { ScaleRun } from '../state/system-slices.js';
import { runSystemTool } from '../mcp/run-tool.js';
import type { McpWorkerMessage, McpWorkerReply } from './mcp-tool-thread.js';

// The MCP tool worker: answers the tools of large design systems off the main thread. A design system arrives as its
// head and then slices of tokens and of scale steps (messages keep their order, so a call finds its system whole); the worker keeps it,
// with every index derived from it, until the main thread drops it.
const held = new Map<string, CompiledDesignSystem>();
const arriving = new Map<
  string,
  { readonly system: Omit<CompiledDesignSystem, 'tokens' | 'scales'>; readonly tokens: Token[]; readonly scales: ScaleRun[] }
>();

function systemOf(hash: string): CompiledDesignSystem {
  const whole = held.get(hash);
  if (whole !== undefined) return whole;
  const parts = arriving.get(hash);
  if (parts === undefined) throw new Error(`the MCP tool worker does not hold design system ${hash}`);
  arriving.delete(hash);
  const system: CompiledDesignSystem = { ...parts.system, tokens: parts.tokens, scales: joinScales(parts.scales) };
  held.set(hash, system);
  return system;
}

parentPort?.on('message', (message: McpWorkerMessage) => {
  switch (message.kind) {
    case 'system':
      arriving.set(message.hash, { system: message.system, tokens: [], scales: [] });
      return;
    case 'tokens':
      arriving.get(message.hash)?.tokens.push(...message.tokens);
      return;
    case 'scales':
      arriving.get(message.hash)?.scales.push(...message.runs);
      return;
    case 'drop':
      held.delete(message.hash);
      arriving.delete(message.hash);
      return;
    case 'call': {
      let reply: McpWorkerReply;
      try {
        const before = message.beforeHash === undefined ? undefined : systemOf(message.beforeHash);
        reply = { id: message.id, answer: runSystemTool(systemOf(message.hash), message.job, before) };
      } catch (error) {
        reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
      }
      parentPort?.postMessage(reply);
    }
  }
});
