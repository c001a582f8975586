import { createHash } from 'node:crypto';
import { capPerFile } from './diagnostics/cap-diagnostics.js';
import { checkContrast } from './resolve/check-contrast.js';
import { compileContrast } from './resolve/compile-contrast.js';
import { compileTokens } from './resolve/compile-tokens.js';
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
import type {
  BreakpointDefinition,
  CompiledDesignSystem,
  ContrastDeclaration,
  DesignSystemMeta,
  Diagnostic,
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

/**
 * Compiles the parsed files of one design system: merges them, checks every reference and resolves every value.
 * Every diagnostic has its file, line and column; each file lists at most `MAX_DIAGNOSTICS_PER_FILE` (cap-diagnostics.ts) of them.
 */
export function compileDesignSystem(sources: DesignSystemSources): CompileResult {
  const pending: PendingDiagnostic[] = [];
  const report = reportInto(pending);
  const allFiles = sources.systemFile ? [sources.systemFile, ...sources.files] : [...sources.files];
  // The readers' own summaries are written again once the compiler's problems are counted in.
  for (const file of allFiles) pending.push(...file.diagnostics.filter((diagnostic) => diagnostic.rule !== 'too-many-problems'));
  const meta = readSystemMeta(sources.slug, sources.systemPath, sources.systemFile, report);
  const { modes, declaresModes } = readModes(sources.systemFile?.system, report);
  const breakpoints = readBreakpoints(sources.systemFile?.system, report);
  const scales = mergeScales(sources.files, modes, report);
  const primitives = mergePrimitives(sources.files, report);
  const tokens = compileTokens(sources.files, scales, primitives, modes, report, breakpoints);
  const contrast = compileContrast(sources.files, modes.length, report);
  const review = readReview(sources.systemFile, report);

  const diagnostics = capPerFile(pending, allFiles);
  if (meta === undefined || diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
    return { system: undefined, diagnostics };
  }
  return { system: assembleSystem(meta, { modes, declaresModes }, breakpoints, tokens, primitives, scales, contrast, review), diagnostics };
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

/** The design system with every list sorted, and the hash of that content. */
function assembleSystem(
  meta: DesignSystemMeta,
  { modes, declaresModes }: DeclaredModes,
  breakpoints: readonly BreakpointDefinition[] | undefined,
  tokens: readonly Token[],
  primitives: ReadonlyMap<string, PrimitiveDefinition>,
  scales: ScaleSteps,
  contrast: ContrastDeclaration | undefined,
  review: CompiledDesignSystem['review'],
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
  // Resolved values follow from the rest (values as written, scales, primitives, modes): hashing them too would double
  // the text hashed for nothing.
  const written = { ...content, tokens: tokens.map(({ resolved: _resolved, responsive: _responsive, ...token }) => token) };
  const contentHash = createHash('sha256').update(JSON.stringify(written)).digest('hex');
  if (contrast === undefined) return { ...content, contentHash };
  // Checked here, once per compiled design system, so in the compile worker: the main thread only reads the results.
  return { ...content, contentHash, contrastChecks: checkContrast(tokens, modes, contrast) };
}
