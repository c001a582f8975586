import { createHash } from 'node:crypto';
import { capPerFile } from './diagnostics/cap-diagnostics.js';
import { checkContrast } from './resolve/check-contrast.js';
import { compileContrast } from './resolve/compile-contrast.js';
import { compileTokens } from './resolve/compile-tokens.js';
import type { TokensTrace } from './resolve/compile-tokens.js';
import { mergePrimitives } from './resolve/merge-primitives.js';
import type { PrimitiveDefinition } from './resolve/merge-primitives.js';
import { mergeScales } from './resolve/merge-scales.js';
import type { ScaleSteps } from './resolve/merge-scales.js';
import type { ParsedSourceFile } from './yaml/parse-source-file.js';
import { reportInto } from './diagnostics/pending-diagnostic.js';
import type { PendingDiagnostic } from './diagnostics/pending-diagnostic.js';
import { readBreakpoints } from './fields/read-breakpoints.js';
import { readModes } from './fields/read-modes.js';
import type { DeclaredModes } from './fields/read-modes.js';
import { readReview, readSystemMeta } from './fields/read-system-meta.js';
import { compareKeys } from './diagnostics/sort-order.js';
import { itemAt } from './checked-access.js';
import type {
  BreakpointDefinition,
  CompiledDesignSystem,
  ContrastChecks,
  ContrastDeclaration,
  DesignSystemMeta,
  Diagnostic,
  ModeDefinition,
  Primitive,
  Scale,
  Token,
} from './types.js';

/** The files of one design system folder, already parsed. */
export interface DesignSystemSources {
  readonly slug: string;
  /** Path of `<slug>/system.yaml`, used for positions when the file is missing. */
  readonly systemPath: string;
  readonly systemFile: ParsedSourceFile | undefined;
  readonly files: readonly ParsedSourceFile[];
}

/** What compiling one design system gives: the design system when it has no error, and every problem. */
export interface CompileResult {
  /** Undefined when any error was found: a design system is never served half-built. */
  readonly system: CompiledDesignSystem | undefined;
  /** Every problem, sorted by file, line and column. */
  readonly diagnostics: readonly Diagnostic[];
}

/** What an incremental compile learns of a full one: what {@link TokensTrace} says, every problem reported, the parts. */
export interface CompileTrace extends TokensTrace {
  /** Each problem the compile reports (not the files' own), as it is reported. */
  reported(diagnostic: PendingDiagnostic): void;
  /** The parts the design system is assembled from and its tokens' texts as hashed, when it has no error. */
  assembled(parts: SystemParts, tokenTexts: readonly string[]): void;
}

/** What a compiled design system is made of besides its tokens. */
export interface SystemParts {
  readonly meta: DesignSystemMeta;
  readonly modes: DeclaredModes;
  /** Declared in `system.yaml` (undefined: none declared; the content then has no `breakpoints`). */
  readonly breakpoints: readonly BreakpointDefinition[] | undefined;
  readonly primitives: ReadonlyMap<string, PrimitiveDefinition>;
  readonly scales: ScaleSteps;
  readonly contrast: ContrastDeclaration | undefined;
  readonly review: CompiledDesignSystem['review'];
}

/**
 * Compiles the parsed files of one design system: merges them, checks every reference and resolves every value.
 * Every diagnostic has its file, line and column; each file lists at most `MAX_DIAGNOSTICS_PER_FILE` (cap-diagnostics.ts) of them.
 * `trace` (an incremental compile's) is told what it needs to compile a later version from this one.
 */
export function compileDesignSystem(sources: DesignSystemSources, trace?: CompileTrace): CompileResult {
  const pending: PendingDiagnostic[] = [];
  const reportPending = reportInto(pending);
  const report: typeof reportPending =
    trace === undefined
      ? reportPending
      : (...args) => {
          reportPending(...args);
          trace.reported(itemAt(pending, pending.length - 1));
        };
  const allFiles = sources.systemFile ? [sources.systemFile, ...sources.files] : [...sources.files];
  // The readers' own summaries are written again once the compiler's problems are counted in.
  for (const file of allFiles) pending.push(...file.diagnostics.filter((diagnostic) => diagnostic.rule !== 'too-many-problems'));
  const meta = readSystemMeta(sources.slug, sources.systemPath, sources.systemFile, report);
  const { modes, declaresModes } = readModes(sources.systemFile?.system, report);
  const breakpoints = readBreakpoints(sources.systemFile?.system, report);
  const scales = mergeScales(sources.files, modes, report);
  const primitives = mergePrimitives(sources.files, report);
  const tokens = compileTokens(sources.files, scales, primitives, modes, report, breakpoints, trace);
  const contrast = compileContrast(sources.files, modes.length, report);
  const review = readReview(sources.systemFile, report);

  const diagnostics = capPerFile(pending, allFiles);
  if (meta === undefined || diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
    return { system: undefined, diagnostics };
  }
  const parts: SystemParts = { meta, modes: { modes, declaresModes }, breakpoints, primitives, scales, contrast, review };
  const tokenTexts = tokens.map(writtenTokenText);
  trace?.assembled(parts, tokenTexts);
  return { system: assembleSystem(parts, tokens, tokenTexts), diagnostics };
}

/**
 * Compiles one design system folder from its parsed files, in any order: `<slug>/system.yaml` names it, every other
 * file (taken in path order, so messages that point at a first definition are stable) holds its content.
 */
export function compileDesignSystemFolder(slug: string, files: readonly ParsedSourceFile[]): CompileResult {
  const systemPath = `${slug}/system.yaml`;
  const sorted = [...files].sort((a, b) => compareKeys(a.path, b.path));
  return compileDesignSystem({
    slug,
    systemPath,
    systemFile: sorted.find((file) => file.path === systemPath),
    files: sorted.filter((file) => file.path !== systemPath),
  });
}

/**
 * The design system of `parts` and `tokens` (in key order, `tokenTexts` their {@link writtenTokenText}) with every
 * list sorted, and the hash of that content; `checkPairs` checks the contrast pairs (an incremental compile keeps the
 * checks of the pairs none of whose tokens changed).
 */
export function assembleSystem(
  { meta, modes: { modes, declaresModes }, breakpoints, primitives, scales, contrast, review }: SystemParts,
  tokens: readonly Token[],
  tokenTexts: readonly string[],
  checkPairs: (
    tokens: readonly Token[],
    modes: readonly ModeDefinition[],
    declaration: ContrastDeclaration,
  ) => ContrastChecks = checkContrast,
): CompiledDesignSystem {
  const primitivesByType: Record<string, Primitive[]> = {};
  for (const definition of [...primitives.values()].sort((a, b) => compareKeys(a.type, b.type) || compareKeys(a.key, b.key))) {
    (primitivesByType[definition.type] ??= []).push({ key: definition.key, value: definition.value, unit: definition.unit });
  }
  const scaleList: Scale[] = [...scales.entries()]
    .sort(([a], [b]) => compareKeys(a, b))
    .map(([key, steps]) => ({ key, steps: [...steps.values()].sort((a, b) => a.step - b.step) }));
  // `contrast` only when declared: a design system without one keeps its content (and its hash) as before.
  const content = {
    meta,
    modes,
    declaresModes,
    // Only when declared: a design system without breakpoints keeps its content (and its hash) as before.
    ...(breakpoints === undefined ? {} : { breakpoints }),
    tokens,
    primitives: primitivesByType,
    scales: scaleList,
    ...(contrast === undefined ? {} : { contrast }),
    ...(review === undefined ? {} : { review }),
  };
  const contentHash = hashContent(content, tokenTexts);
  if (contrast === undefined) return { ...content, contentHash };
  // Checked here, once per compiled design system, so in the compile worker: the main thread only reads the results.
  return { ...content, contentHash, contrastChecks: checkPairs(tokens, modes, contrast) };
}

/**
 * A token's JSON as the content hash takes it: without `resolved` and `responsive` (they follow from the rest: values
 * as written, scales, primitives, modes, breakpoints).
 */
export function writtenTokenText(token: Token): string {
  const { resolved: _resolved, responsive: _responsive, ...written } = token;
  return JSON.stringify(written);
}

/**
 * The SHA-256 of the content's JSON, each token written as `tokenTexts` has it: the same bytes as `JSON.stringify` of
 * the content with every token's `resolved` left out, without writing again the tokens an incremental compile kept.
 */
function hashContent(content: Omit<CompiledDesignSystem, 'contentHash' | 'contrastChecks'>, tokenTexts: readonly string[]): string {
  // The fields before `tokens` (and `breakpoints` when declared), the tokens, then the fields after them.
  const { meta, modes, declaresModes, breakpoints, tokens: _tokens, ...after } = content;
  const hash = createHash('sha256');
  const before = breakpoints === undefined ? { meta, modes, declaresModes } : { meta, modes, declaresModes, breakpoints };
  hash.update(`${JSON.stringify(before).slice(0, -1)},"tokens":[`);
  hash.update(tokenTexts.join(','));
  hash.update(`],${JSON.stringify(after).slice(1)}`);
  return hash.digest('hex');
}
