import type { CallToolResult } from '@modelcontextprotocol/server';
import type { ChangeRequestService } from '../../state/change-requests.js';
import type { Snapshot } from '../../state/snapshot.js';
import { toRenderedJson } from '../../views/shared/rendered.js';
import type { Rendered } from '../../views/shared/rendered.js';
import { parametersKey } from '../api-runtime.js';
import type { ApiRuntime } from '../api-runtime.js';
import { ApiError, errorBody } from '../errors.js';
import type { McpToolRunner } from '../mcp-tool-thread.js';
import { selectDesignSystem } from '../read-context.js';
import type { DesignSystemContext } from '../read-context.js';
import type { RequestAuth } from '../request-auth.js';

/** What one request to `/mcp` reads: who asks, against which live snapshot, and the defaults its URL gives every tool. */
export interface McpRequestContext {
  readonly auth: RequestAuth;
  readonly designSystem: string | undefined;
  readonly ref: string | undefined;
}

/** What the tools and resources of one request's MCP server answer with: the API's runtime, the tool runner, the request. */
export interface McpServerContext {
  readonly runtime: ApiRuntime;
  readonly tools: McpToolRunner;
  readonly request: McpRequestContext;
  /** Change requests (absent: no `propose_change`). */
  readonly changes: ChangeRequestService | undefined;
}

/** The arguments every tool takes: a design system and a revision, each defaulting to the request's. */
export interface ReadArguments {
  readonly designSystem?: string | undefined;
  readonly ref?: string | undefined;
}

/** A tool's read: the design system it answers about, in the snapshot of the live files or of a ref. */
export interface ToolRead {
  readonly snapshot: Snapshot;
  readonly system: DesignSystemContext;
  /** The commit `ref` resolved to; undefined for the live files. */
  readonly sha: string | undefined;
}

/** The design system `args` name (or the request's), in the snapshot of their `ref` (or the live one). */
export async function readFor(context: McpServerContext, args: ReadArguments): Promise<ToolRead> {
  const { auth } = context.request;
  const ref = args.ref ?? context.request.ref;
  const pinned = ref === undefined ? undefined : await context.runtime.snapshotAtRef('ref', ref);
  const snapshot = pinned?.snapshot ?? auth.snapshot;
  return {
    snapshot,
    system: selectDesignSystem(snapshot, auth.key, args.designSystem ?? context.request.designSystem),
    sha: pinned?.pin.sha,
  };
}

/**
 * Runs a tool: its answer cached under `keyOf(read)` (the content hash by default), the tool, the design system and the
 * parameters, or its error as the API's JSON error body.
 */
export async function answer(
  context: McpServerContext,
  args: ReadArguments,
  tool: string,
  parameters: Readonly<Record<string, string | undefined>>,
  compute: (read: ToolRead) => unknown,
  keyOf: (read: ToolRead) => string = (read) => read.system.compiled.contentHash,
): Promise<CallToolResult> {
  try {
    const read = await readFor(context, args);
    const cacheKey = `${keyOf(read)}|mcp/${tool}|${read.system.slug}|${parametersKey(parameters)}`;
    const rendered = await context.runtime.cache.get(cacheKey, async () => toRenderedJson(await compute(read)));
    return textResult(rendered);
  } catch (error) {
    return errorResult(error);
  }
}

/** A tool's answer: one text block holding a cached body. */
export function textResult(rendered: Rendered): CallToolResult {
  return { content: [{ type: 'text', text: textOf(rendered) }] };
}

/** An `ApiError` as a tool's error result (the API's error body, with its `details` when asked); anything else is thrown on. */
export function errorResult(error: unknown, withDetails = false): CallToolResult {
  if (!(error instanceof ApiError)) throw error;
  const body = withDetails ? errorBody(error.code, error.message, error.details) : errorBody(error.code, error.message);
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/** Text of a cached body, decoded once per body. */
const texts = new WeakMap<Rendered, string>();
export function textOf(rendered: Rendered): string {
  let text = texts.get(rendered);
  if (text === undefined) {
    text = rendered.body.toString('utf8');
    texts.set(rendered, text);
  }
  return text;
}
