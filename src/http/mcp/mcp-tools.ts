import type { CallToolResult, StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import * as z from 'zod';
import { MAX_OPERATIONS_PER_REQUEST } from '../../changes/operations.js';
import { TOKEN_TYPES } from '../../compile/types.js';
import { checkContrast, readContrastSide } from '../../mcp/tools/check-contrast.js';
import { readSoughtValue } from '../../mcp/tools/find-token-for-value.js';
import { listModes } from '../../mcp/tools/list-modes.js';
import { listProblems } from '../../mcp/tools/list-problems.js';
import { ChangeRefusedError } from '../../state/change-requests.js';
import type { DiffSide } from '../../views/diff/diff-design-systems.js';
import { jobOf } from '../../views/formats/export-jobs.js';
import { OUTPUT_FORMATS } from '../../views/formats/output-formats.js';
import { parametersKey } from '../api-runtime.js';
import { ApiError } from '../errors.js';
import { selectDesignSystem } from '../read-context.js';
import type { DesignSystemContext } from '../read-context.js';
import type { RequestAuth } from '../request-auth.js';
import { actorOf, apiErrorOf, CHANGE_TEXT_LIMITS, checkedDescription, operationsOf, served } from '../routes/changes.js';
import { answer, errorResult, readFor, textResult } from './mcp-context.js';
import type { McpServerContext } from './mcp-context.js';
import { MAX_RESOURCE_BYTES } from './mcp-resources.js';

/** What a tool tells a client of its effects (MCP's tool annotations). */
interface ToolHints {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

/**
 * One MCP tool: what `tools/list` says of it (name, title, description, input schema, hints), who is offered it, and
 * its handler, which answers one text block holding JSON or the API's error body as an error result.
 */
export interface McpTool<Input extends StandardSchemaWithJSON = StandardSchemaWithJSON> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Input;
  readonly annotations: ToolHints;
  /**
   * `read`: offered to every key. `write`: only to a key with a write role (`editor`, `reviewer`; never a browser
   * credential) on a server with change requests (`offeredTo`).
   */
  readonly access: 'read' | 'write';
  /** The answer to one call, with the arguments the SDK checked against `inputSchema`. */
  handle(args: StandardSchemaWithJSON.InferOutput<Input>, context: McpServerContext): CallToolResult | Promise<CallToolResult>;
}

/** Pins a row's input type; the table holds rows of any input. */
const defineTool = <Input extends StandardSchemaWithJSON>(tool: McpTool<Input>): McpTool<Input> => tool;

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 1000;

const COMMON_ARGUMENTS = {
  designSystem: z
    .string()
    .min(1)
    .max(100)
    .optional()
    .describe('Slug or id of a design system the API key may read (default: the key’s own).'),
  ref: z
    .string()
    .min(1)
    .max(256)
    .optional()
    .describe('Answer as of this Git commit, tag or branch (the same rules as `?ref=`); default: the live files.'),
};
// Tools' input schemas: built once (zod schemas are costly to build, and the SDK keeps what it derives from each).
const SEARCH_TOKENS_INPUT = z.object({
  query: z.string().max(200).optional().describe('Words to look for, e.g. "button background" or "danger text".'),
  type: z.enum(TOKEN_TYPES).optional().describe('Only tokens of this type.'),
  includePrimitives: z.boolean().optional().describe('Also list primitives and scale steps (use semantic tokens in code).'),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional().describe(`At most this many tokens (default ${DEFAULT_LIMIT}).`),
  ...COMMON_ARGUMENTS,
});
const GET_TOKEN_INPUT = z.object({
  key: z.string().min(1).max(500).describe('The token key, e.g. "color.text.default".'),
  ...COMMON_ARGUMENTS,
});
const FIND_TOKEN_FOR_VALUE_INPUT = z.object({
  value: z.string().min(1).max(100).describe('A hex color such as "#2563EB", or a length such as "16px" or "1rem".'),
  limit: z.number().int().min(1).max(100).optional().describe('Nearest tokens per mode (default 5).'),
  ...COMMON_ARGUMENTS,
});
const CHECK_CONTRAST_INPUT = z.object({
  foreground: z.string().min(1).max(500).describe('A color token key (e.g. "color.text.default") or a hex color.'),
  background: z.string().min(1).max(500).describe('A color token key (e.g. "color.background.canvas") or a hex color.'),
  ...COMMON_ARGUMENTS,
});
const DIFF_REVISIONS_INPUT = z.object({
  from: z.string().min(1).max(256).describe('The older revision: a commit sha, tag or branch.'),
  to: z.string().min(1).max(256).optional().describe('The newer revision (default: `ref`, else the live files).'),
  ...COMMON_ARGUMENTS,
});
const DESIGN_SYSTEM_INPUT = z.object(COMMON_ARGUMENTS);
const PROPOSE_CHANGE_INPUT = z.object({
  title: z.string().min(1).max(CHANGE_TEXT_LIMITS.title).describe('What the change does, for its reviewers.'),
  description: z.string().max(CHANGE_TEXT_LIMITS.description).optional().describe('Why, in a few sentences.'),
  operations: z
    .array(z.record(z.string(), z.unknown()))
    .min(1)
    .max(MAX_OPERATIONS_PER_REQUEST)
    .describe(
      'Operations, each an object with `op`: set-value { token, mode, fields }, set-description { token, description }, ' +
        'set-deprecation { token, deprecated }, add-token { token, type, fields }, delete-token { token }, rename-token { token, to }, ' +
        'set-scale-step { scale, step, mode, color } (docs/change-requests.md).',
    ),
  designSystem: COMMON_ARGUMENTS.designSystem,
});
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/**
 * Every MCP tool, in the order `tools/list` lists them: registered in one loop (`registerTools` in mcp-server.ts); the
 * tools' table in docs/mcp.md is checked against it by test/mcp/mcp-tool-table.test.ts.
 */
export const MCP_TOOLS: readonly McpTool[] = [
  defineTool({
    name: 'search_tokens',
    title: 'Search design tokens',
    description:
      'Find design tokens by words (in their key and description) and type. Semantic tokens only, best match first; ' +
      'primitives and color scale steps only with includePrimitives. Each token comes with its value in every mode.',
    inputSchema: SEARCH_TOKENS_INPUT,
    annotations: READ_ONLY,
    access: 'read',
    handle: (args, context) => {
      const limit = args.limit ?? DEFAULT_LIMIT;
      const parameters = { query: args.query, type: args.type, primitives: String(args.includePrimitives === true), limit: String(limit) };
      return answer(context, args, 'search_tokens', parameters, (read) =>
        context.tools.run(read.system.compiled, {
          tool: 'search_tokens',
          input: { query: args.query, type: args.type, includePrimitives: args.includePrimitives, limit },
        }),
      );
    },
  }),
  defineTool({
    name: 'get_token',
    title: 'Get a design token',
    description:
      'One token by its dotted key: its value in every mode (and at each breakpoint, when it changes there), what it references (the chain per mode), the tokens ' +
      'that reference it, its deprecation and replacement, and how to use it: CSS variable, Tailwind class, JS, SCSS, Less, ' +
      'and the iOS, Android, Compose, Flutter and React Native symbols (or why that format leaves the token out).',
    inputSchema: GET_TOKEN_INPUT,
    annotations: READ_ONLY,
    access: 'read',
    handle: (args, context) =>
      answer(context, args, 'get_token', { key: args.key }, async (read) => {
        const found = await context.tools.run(read.system.compiled, { tool: 'get_token', key: args.key });
        if (found === undefined)
          throw new ApiError('token_not_found', `No token \`${args.key}\` in design system \`${read.system.slug}\`.`);
        return found;
      }),
  }),
  defineTool({
    name: 'find_token_for_value',
    title: 'Find the token for a value',
    description:
      'Which token has this value: a hex color (#RRGGBB, #RRGGBBAA) or a length (16px, 1rem). Exact matches with the ' +
      'modes where they match, and per mode the nearest tokens (colors by CIEDE2000 deltaE, lengths by px).',
    inputSchema: FIND_TOKEN_FOR_VALUE_INPUT,
    annotations: READ_ONLY,
    access: 'read',
    handle: (args, context) => {
      const limit = args.limit ?? 5;
      return answer(context, args, 'find_token_for_value', { value: args.value, limit: String(limit) }, (read) => {
        const sought = readSoughtValue(args.value);
        if (sought === undefined)
          throw new ApiError(
            'invalid_parameter',
            `\`value\` must be a hex color (\`#RGB\`, \`#RRGGBB\`, \`#RRGGBBAA\`) or a length (\`16px\`, \`1rem\`), got ${JSON.stringify(args.value)}.`,
          );
        return context.tools.run(read.system.compiled, { tool: 'find_token_for_value', query: sought, limit });
      });
    },
  }),
  defineTool({
    name: 'check_contrast',
    title: 'Check contrast',
    description:
      'The WCAG 2.1 contrast ratio of a foreground over a background in every mode, each a color token key or a hex ' +
      'color, and whether it meets AA and AAA for normal and large text.',
    inputSchema: CHECK_CONTRAST_INPUT,
    annotations: READ_ONLY,
    access: 'read',
    handle: (args, context) =>
      answer(context, args, 'check_contrast', { foreground: args.foreground, background: args.background }, (read) => {
        const { compiled } = read.system;
        const foreground = readContrastSide(compiled, 'foreground', args.foreground);
        const background = readContrastSide(compiled, 'background', args.background);
        if (typeof foreground === 'string') throw new ApiError('invalid_parameter', foreground);
        if (typeof background === 'string') throw new ApiError('invalid_parameter', background);
        return checkContrast(compiled, foreground, background);
      }),
  }),
  defineTool({
    name: 'diff_revisions',
    title: 'Diff two revisions',
    description:
      'What changed in the design system between two Git revisions, with the semver level (major, minor, patch, none): ' +
      'the answer of GET /api/v1/diff. `to` defaults to `ref`, else the live files.',
    inputSchema: DIFF_REVISIONS_INPUT,
    annotations: READ_ONLY,
    access: 'read',
    handle: async (args, context) => {
      const toRef = args.to ?? args.ref;
      try {
        const from = await context.runtime.snapshotAtRef('from', args.from);
        const to = toRef === undefined ? undefined : await context.runtime.snapshotAtRef(args.to === undefined ? 'ref' : 'to', toRef);
        const before = selectDesignSystem(from.snapshot, context.request.auth.key, args.designSystem ?? context.request.designSystem);
        const afterSnapshot = to?.snapshot ?? context.request.auth.snapshot;
        const fromSide: DiffSide = { ref: args.from, sha: from.pin.sha };
        const toSide: DiffSide = to === undefined ? { ref: null, sha: afterSnapshot.git.commit } : { ref: toRef ?? null, sha: to.pin.sha };
        return await answer(
          context,
          { designSystem: args.designSystem, ref: toRef },
          'diff_revisions',
          { from: args.from, fromSha: from.pin.sha, to: toRef },
          (read) => context.tools.run(read.system.compiled, { tool: 'diff_revisions', from: fromSide, to: toSide }, before.compiled),
          (read) => (to === undefined ? `live:${read.system.compiled.contentHash}:${toSide.sha ?? ''}` : to.pin.sha),
        );
      } catch (error) {
        return errorResult(error);
      }
    },
  }),
  defineTool({
    name: 'list_modes',
    title: 'List modes',
    description:
      'The design system’s modes (light, dark and its own, such as high contrast or brands): each with the mode it builds on and its media query; ' +
      'and its breakpoints (width, container, media condition), when it declares any.',
    inputSchema: DESIGN_SYSTEM_INPUT,
    annotations: READ_ONLY,
    access: 'read',
    handle: (args, context) => answer(context, args, 'list_modes', {}, (read) => listModes(read.system.compiled)),
  }),
  defineTool({
    name: 'figma_plan',
    title: 'Figma plan',
    description:
      'The plan that brings the design system into Figma (GET /api/v1/export/figma): one variable collection with a mode per mode, ' +
      'a variable per token (type, scopes, code syntax, value per mode; references as aliases by the plan’s own ids), text and effect ' +
      'styles bound to variables, and what is not carried. Apply it with Figma’s plugin API (e.g. through Figma’s MCP server); keep each id in the node’s plugin data.',
    inputSchema: DESIGN_SYSTEM_INPUT,
    annotations: READ_ONLY,
    access: 'read',
    // The export's own body, rendered and cached as `GET /api/v1/export/figma` renders it (off this thread): the plan
    // grows with tokens x modes, and a large one is refused as the export resources are.
    handle: async (args, context): Promise<CallToolResult> => {
      try {
        const { compiled } = (await readFor(context, args)).system;
        const options = OUTPUT_FORMATS.figma.readOptions({});
        const cacheKey = `${compiled.contentHash}|figma|${parametersKey(options)}`;
        const rendered = await context.runtime.cache.get(cacheKey, () => context.runtime.exports.render(compiled, jobOf('figma', options)));
        if (rendered.body.length > MAX_RESOURCE_BYTES)
          throw new ApiError(
            'invalid_parameter',
            `the Figma plan of \`${compiled.meta.slug}\` is ${rendered.body.length} bytes, more than an MCP answer holds (${MAX_RESOURCE_BYTES}): fetch GET /api/v1/export/figma?designSystem=${compiled.meta.slug} instead`,
          );
        return textResult(rendered);
      } catch (error) {
        return errorResult(error);
      }
    },
  }),
  defineTool({
    name: 'list_problems',
    title: 'List problems',
    description:
      'The problems of the design system’s files (errors and warnings with file, line and column), as `validate` reports ' +
      'them. With errors, the tools answer from the last version that compiled.',
    inputSchema: DESIGN_SYSTEM_INPUT,
    annotations: READ_ONLY,
    access: 'read',
    handle: (args, context) =>
      answer(
        context,
        args,
        'list_problems',
        {},
        (read) => listProblems(read.system.slug, read.system.state.problems),
        // The problems belong to the files, not to the compiled content: keyed by what they are.
        (read) => `problems:${problemsKey(read.system)}`,
      ),
  }),
  defineTool({
    name: 'propose_change',
    title: 'Propose a change',
    description:
      'Open a change request: the operations are applied to the YAML files, validated by the compiler and committed to a ' +
      'branch for a reviewer to approve and merge. Answers the change request (its id, branch and state), or the problems.',
    inputSchema: PROPOSE_CHANGE_INPUT,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    access: 'write',
    handle: async (args, context) => {
      try {
        const actor = actorOf(context.request.auth.key, 'editor');
        const slug = selectDesignSystem(
          context.request.auth.snapshot,
          context.request.auth.key,
          args.designSystem ?? context.request.designSystem,
        ).slug;
        const operations = operationsOf(args.operations);
        const changes = context.changes;
        // Never so: the table offers a write tool only to a server with change requests.
        if (changes === undefined) throw new ApiError('service_unavailable', 'This server has no change requests.');
        const change = await changes
          .create({ designSystem: slug, title: args.title, description: checkedDescription(args.description ?? ''), operations }, actor)
          .catch((error: unknown) => {
            throw error instanceof ChangeRefusedError ? apiErrorOf(error.refusal) : error;
          });
        return { content: [{ type: 'text', text: JSON.stringify({ data: { change: served(change) } }) }] };
      } catch (error) {
        return errorResult(error, true);
      }
    },
  }),
];

/** Whether `tool` is offered to the key of the request in `context` (its `access`). */
export function isOfferedTo(tool: McpTool, context: McpServerContext): boolean {
  if (tool.access === 'read') return true;
  return context.changes !== undefined && isWriter(context.request.auth);
}

/** A key that may write: one with a role, and not a browser credential. */
const isWriter = ({ key }: RequestAuth): boolean => key.role !== undefined && key.kind !== 'browser';

const problemKeys = new WeakMap<DesignSystemContext['state'], string>();
let problemCount = 0;
/** A key per design system state (its problems never change): answers about the same files are the same body. */
function problemsKey(system: DesignSystemContext): string {
  let key = problemKeys.get(system.state);
  if (key === undefined) {
    problemCount += 1;
    key = String(problemCount);
    problemKeys.set(system.state, key);
  }
  return key;
}
