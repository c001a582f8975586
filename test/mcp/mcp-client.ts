import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { FastifyInstance } from 'fastify';

/** A fetch that serves every request with `app.inject`: the whole Fastify route (auth, hooks, errors), no socket. */
export function injectFetch(app: FastifyInstance): (url: string | URL, init?: RequestInit) => Promise<Response> {
  return async (url, init = {}) => {
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST' | 'DELETE',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const out = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const body = response.statusCode === 204 || response.statusCode === 304 ? null : new Uint8Array(response.rawPayload);
    return new Response(body, { status: response.statusCode, headers: out });
  };
}

/** The SDK's client, connected to `/mcp` of `app` in process (`app.inject`) or of a listening server at `base`. */
export async function connectMcp(target: FastifyInstance | string, key: string | undefined, path = '/mcp'): Promise<Client> {
  const base = typeof target === 'string' ? target : 'http://localhost';
  const transport = new StreamableHTTPClientTransport(new URL(`${base}${path}`), {
    requestInit: { headers: key === undefined ? {} : { authorization: `Bearer ${key}` } },
    ...(typeof target === 'string' ? {} : { fetch: injectFetch(target) }),
  });
  const client = new Client({ name: 'token-server-tests', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(transport);
  return client;
}

/** A tool's answer: the JSON its text content holds; throws with the text when the call was a tool error. */
export async function callJson(client: Client, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const result = await client.callTool({ name, arguments: args });
  const first = (result.content as { type: string; text?: string }[])[0];
  if (result.isError === true) throw new Error(`tool error: ${first?.text ?? ''}`);
  return JSON.parse(first?.text ?? 'null') as unknown;
}

/** A tool error's text (the API's JSON error body); throws when the call succeeded. */
export async function callError(client: Client, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const result = await client.callTool({ name, arguments: args });
  const first = (result.content as { type: string; text?: string }[])[0];
  if (result.isError !== true) throw new Error(`expected a tool error, got ${first?.text ?? ''}`);
  return JSON.parse(first?.text ?? 'null') as unknown;
}

/** A raw JSON-RPC POST to `/mcp` of the 2026-07-28 protocol, for the HTTP status and body the transport answers. */
export function rawMcpRequest(method: string, params: Record<string, unknown>): { headers: Record<string, string>; payload: string } {
  return {
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
    },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  };
}
