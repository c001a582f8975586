import type { ChangeOperation } from '../../../src/changes/operations.js';
import type { FigmaPlan } from '../../../src/views/formats/figma/figma-plan.js';

/** The server calls the plugin makes (from its UI's iframe, whose requests carry `Origin: null`). */
export interface ServerCall {
  readonly server: string;
  readonly key: string;
  readonly designSystem: string;
  /** Headers a test adds to stand for the iframe's own (`Origin: null`); the iframe sets none itself. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The server's address without a trailing `/`, or a plain error when it is not an http(s) address. */
export function serverBase(server: string): string {
  let url: URL;
  try {
    url = new URL(server.trim());
  } catch {
    throw new Error(`"${server}" is not a server address: write it as https://tokens.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`"${server}" is not an http or https address.`);
  return url.href.replace(/\/+$/, '');
}

async function call(target: ServerCall, method: string, path: string, query: Record<string, string>, body?: unknown): Promise<Response> {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
  const search = params.size > 0 ? `?${params.toString()}` : '';
  const response = await fetch(`${serverBase(target.server)}${path}${search}`, {
    method,
    headers: {
      ...target.headers,
      authorization: `Bearer ${target.key}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.ok) return response;
  const text = await response.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text;
  } catch {
    // Not our JSON error: the text as it came.
  }
  throw new Error(`The server answered ${response.status}: ${message}`);
}

/** The Figma plan of the design system at `ref` (`''`: live), with the commit it was made from. */
export async function fetchPlan(target: ServerCall, ref: string): Promise<{ plan: FigmaPlan; commit: string }> {
  const response = await call(target, 'GET', '/api/v1/export/figma', { designSystem: target.designSystem, ref });
  const commit = response.headers.get('x-git-commit') ?? '';
  return { plan: (await response.json()) as FigmaPlan, commit };
}

/** Opens a change request of the operations on `base` (the commit applied); answers its id. */
export async function openChangeRequest(
  target: ServerCall,
  request: { readonly title: string; readonly description: string; readonly base: string; readonly operations: readonly ChangeOperation[] },
): Promise<{ id: string }> {
  const body = {
    title: request.title,
    ...(request.description === '' ? {} : { description: request.description }),
    ...(request.base === '' ? {} : { base: request.base }),
    operations: request.operations,
  };
  const response = await call(target, 'POST', '/api/v1/changes', { designSystem: target.designSystem }, body);
  const answer = (await response.json()) as { data: { change: { id: string } } };
  return { id: answer.data.change.id };
}
