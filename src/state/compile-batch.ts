import { compileDesignSystemFolder } from '../compile/compile-design-system.js';
import { compileIncrementally } from '../compile/compile-incremental.js';
import type { CompiledVersion, IncrementalCompile } from '../compile/compile-incremental.js';
import { parseSourceFile } from '../compile/yaml/parse-source-file.js';
import type { ParsedSourceFile } from '../compile/yaml/parse-source-file.js';
import type { CompileResult } from '../compile/compile-design-system.js';
import { isSystemFilePath } from '../compile/source-paths.js';
import type { CompiledDesignSystem, Diagnostic } from '../compile/types.js';
import { listChangedFiles, listSystemFiles } from './changed-files.js';
import type { CompileOutcome } from './compiler-thread.js';
import type { BatchEvent, SourceEvent } from './events.js';
import type { Snapshot } from './snapshot.js';

/** What the compile stage needs of a compiler: a compile per design system, and its limits to name in messages. */
export interface DesignSystemCompiler {
  readonly timeoutMs: number;
  readonly memoryMb: number;
  compile(
    slug: string,
    files: readonly { readonly path: string; readonly text: string }[],
    base?: CompiledDesignSystem,
  ): Promise<CompileOutcome>;
}

/** Parses one source file from its path and text (a `system.yaml` or a content file). */
export function parseSourceText(path: string, text: string): ParsedSourceFile {
  return parseSourceFile(path, text, isSystemFilePath(path));
}

/**
 * Compiles one design system at a time and keeps the last parse of every file by path, so a compile re-parses only
 * the files whose text changed (a save, a change request's edit); the files of a design system that are no longer
 * given are forgotten. What the compile worker and the change-request worker run.
 */
export function createCachingCompiler(): (
  slug: string,
  files: readonly { readonly path: string; readonly text: string }[],
) => CompileResult {
  const parse = createCachingParser();
  return (slug, files) => compileSourceTexts(slug, files, parse(slug, files));
}

/**
 * Like {@link createCachingCompiler}, and also keeps the last version of each design system that compiled without
 * error: a compile whose files differ from it only in token files compiles again only the tokens those files hold and
 * the tokens that follow them (compile/compile-incremental.ts). What the change-request worker runs: each change
 * request compiles the design system with a file or two changed.
 */
export function createIncrementalCompiler(): (
  slug: string,
  files: readonly { readonly path: string; readonly text: string }[],
) => IncrementalCompile & { readonly parsed: readonly ParsedSourceFile[] } {
  const parse = createCachingParser();
  const versions = new Map<string, CompiledVersion>();
  return (slug, files) => {
    const parseText = parse(slug, files);
    // The parses are kept (a file whose text did not change is not parsed again): the lints that place problems in
    // the files (validate's, views/lint/) read them as they are.
    const parsed = files.map((file) => parseText(file.path, file.text));
    const compiled = compileIncrementally(slug, parsed, versions.get(slug));
    if (compiled.version !== undefined) versions.set(slug, compiled.version);
    return { ...compiled, parsed };
  };
}

/** A parser per compile that keeps the last parse of every file by path; the files of a design system no longer given are forgotten. */
function createCachingParser(): (
  slug: string,
  files: readonly { readonly path: string }[],
) => (path: string, text: string) => ParsedSourceFile {
  const parsedByPath = new Map<string, { readonly text: string; readonly parsed: ParsedSourceFile }>();
  return (slug, files) => {
    const prefix = `${slug}/`;
    const paths = new Set(files.map((file) => file.path));
    for (const path of parsedByPath.keys()) if (path.startsWith(prefix) && !paths.has(path)) parsedByPath.delete(path);
    return (path, text) => {
      const cached = parsedByPath.get(path);
      if (cached?.text === text) return cached.parsed;
      const fresh = parseSourceText(path, text);
      parsedByPath.set(path, { text, parsed: fresh });
      return fresh;
    };
  };
}

/** Parses (with `parse`, which may cache) and compiles one design system from its files' texts: what every compiler runs. */
export function compileSourceTexts(
  slug: string,
  files: readonly { readonly path: string; readonly text: string }[],
  parse = parseSourceText,
): CompileResult {
  return compileDesignSystemFolder(
    slug,
    files.map((file) => parse(file.path, file.text)),
  );
}

/**
 * Compiles on the calling thread, with no limit: for the first load, which nothing is served before. Unlike the
 * reducer compiling in place, the snapshot then keeps no parse of the files (the worker keeps its own), only texts.
 */
export const COMPILE_ON_THIS_THREAD: DesignSystemCompiler = {
  timeoutMs: Number.POSITIVE_INFINITY,
  memoryMb: Number.POSITIVE_INFINITY,
  compile: (slug, files) => Promise.resolve({ result: compileSourceTexts(slug, files) }),
};

/**
 * The compile stage in front of the reducer: the batch plus one `system/compiled` event per design system it touches,
 * compiled by `compiler` (off the main thread) from the files as they will be after the batch. A design system that
 * ran past the compiler's time or memory limit gets a single `compile-budget` error instead, so the reducer keeps its
 * last good version. Design systems left without files need no compile (the reducer removes them).
 */
export async function compileBatch(state: Snapshot, batch: readonly SourceEvent[], compiler: DesignSystemCompiler): Promise<BatchEvent[]> {
  const { texts, touched } = listChangedFiles(state.files, batch);
  if (touched.size === 0) return [...batch];
  const changes = new Map([...texts].map(([path, text]) => [path, text === null ? null : { text }]));
  const at = batch.reduce((latest, event) => Math.max(latest, event.at), 0);
  const compiled: BatchEvent[] = [];
  for (const slug of [...touched].sort()) {
    const files = listSystemFiles(state.files, changes, slug);
    if (files.size === 0) continue;
    const outcome = await compiler.compile(
      slug,
      [...files].map(([path, file]) => ({ path, text: file.text })),
      state.systems.get(slug)?.compiled,
    );
    if ('result' in outcome) {
      compiled.push({ type: 'system/compiled', slug, result: outcome.result, at });
      continue;
    }
    // The file to point at: the first one this batch changed, else (only removals) the first one left.
    const changedPaths = [...texts].filter(([path, text]) => text !== null && path.startsWith(`${slug}/`)).map(([path]) => path);
    const file = changedPaths.sort()[0] ?? [...files.keys()][0] ?? slug; // files is not empty
    compiled.push({
      type: 'system/compiled',
      slug,
      result: { system: undefined, diagnostics: [budgetDiagnostic(file, slug, outcome.overrun, compiler)] },
      at,
    });
  }
  return [...batch, ...compiled];
}

/** The one error a design system gets when compiling it ran past a limit. */
export function budgetDiagnostic(
  file: string,
  slug: string,
  overrun: 'time' | 'memory',
  limits: { readonly timeoutMs: number; readonly memoryMb: number },
): Diagnostic {
  const limit = overrun === 'time' ? `the time limit of ${limits.timeoutMs} ms` : `the memory limit of ${limits.memoryMb} MB`;
  return {
    file,
    line: 1,
    column: 1,
    rule: 'compile-budget',
    message: `reading and compiling design system \`${slug}\` was stopped at ${limit}; make its files smaller or simpler`,
    severity: 'error',
  };
}
