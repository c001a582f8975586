import { capPerFile } from './diagnostics/cap-diagnostics.js';
import type { PendingDiagnostic } from './diagnostics/pending-diagnostic.js';
import { compareKeys } from './diagnostics/sort-order.js';
import { readTokenDraft } from './fields/read-token-draft.js';
import type { TokenDraft } from './fields/read-token-draft.js';
import { checkContrast } from './resolve/check-contrast.js';
import { frozenToken } from './resolve/compile-tokens.js';
import { resolveTokens } from './resolve/resolve-tokens.js';
import type { KnownToken, ResolvedToken, TokenTrace } from './resolve/resolve-tokens.js';
import type { ParsedSourceFile } from './yaml/parse-source-file.js';
import { assembleSystem, compileDesignSystem, writtenTokenText } from './compile-design-system.js';
import type { CompileResult, CompileTrace, SystemParts } from './compile-design-system.js';
import type { ContrastDeclaration } from './types.js';
import { mapValueAt } from './checked-access.js';

/** Which step of a token's compile a problem came from: its own fields, its values, its exported names. */
type Step = 'draft' | 'resolve' | 'name';

/** The problems of one token, by the step that reported them. */
type TokenProblems = Readonly<Record<Step, readonly PendingDiagnostic[]>>;

/**
 * One compiled version of a design system that has no error, with what compiling a later version from it needs:
 * what each token followed and which problems each token's compile reported. Its maps are the next version's too
 * (updated in place, 10,000 tokens are not copied per edit): a version another was compiled from is spent.
 */
export interface CompiledVersion {
  readonly slug: string;
  readonly files: ReadonlyMap<string, ParsedSourceFile>;
  readonly result: CompileResult & { readonly system: NonNullable<CompileResult['system']> };
  readonly parts: SystemParts;
  /** Every token's draft, in reading order (file path order, then order in the file). */
  readonly drafts: Map<string, TokenDraft>;
  readonly resolved: Map<string, ResolvedToken>;
  /** Each token's place in `result.system.tokens` (key order). */
  readonly indexByKey: ReadonlyMap<string, number>;
  /** Each token's JSON as the content hash takes it, in key order. */
  readonly tokenTexts: string[];
  /** The tokens each token's values followed a reference to. */
  readonly follows: Map<string, readonly string[]>;
  /** The problems each token's compile reported (only tokens that have any). */
  readonly problems: Map<string, TokenProblems>;
  /** The problems the compile reported that belong to no token (system.yaml, scales, primitives, contrast). */
  readonly others: readonly PendingDiagnostic[];
  /** The tokens that follow each token, made when first asked. */
  referrers?: ReadonlyMap<string, readonly string[]>;
}

/** What an incremental compile gives: the result, the version to compile the next one from, and how it was compiled. */
export interface IncrementalCompile {
  readonly result: CompileResult;
  /** Undefined when the result has an error (the previous version stays the one to start from). */
  readonly version: CompiledVersion | undefined;
  readonly how: 'unchanged' | 'incremental' | 'full';
}

/**
 * Compiles one design system from its parsed files, from `previous` (an earlier version) when the files changed
 * since are token files that keep their token keys, groups and types: only their tokens and the tokens that follow
 * them are compiled again, and the result is the one a full compile gives (test/compile/compile-incremental.test.ts).
 * Anything else (system.yaml, scales, primitives, contrast, a file added or removed, a key added, removed or
 * renamed, a problem that is an error) is a full compile.
 */
export function compileIncrementally(
  slug: string,
  files: readonly ParsedSourceFile[],
  previous: CompiledVersion | undefined,
): IncrementalCompile {
  const byPath = new Map(files.map((file) => [file.path, file]));
  if (previous !== undefined && previous.slug === slug) {
    const changed = changedFiles(previous, byPath);
    if (changed !== undefined && changed.length === 0) return { result: previous.result, version: previous, how: 'unchanged' };
    const version = changed === undefined ? undefined : recompile(previous, byPath, changed);
    if (version !== undefined) return { result: version.result, version, how: 'incremental' };
  }
  return { ...compileKeepingVersion(slug, byPath), how: 'full' };
}

/** The files whose parse differs from `previous`'s, or undefined when the set of files differs. */
function changedFiles(previous: CompiledVersion, byPath: ReadonlyMap<string, ParsedSourceFile>): string[] | undefined {
  if (byPath.size !== previous.files.size) return undefined;
  const changed: string[] = [];
  for (const [path, file] of byPath) {
    const before = previous.files.get(path);
    if (before === undefined) return undefined;
    if (before !== file) changed.push(path);
  }
  return changed;
}

/** A full compile that records, when the result has no error, what the next incremental compile needs. */
function compileKeepingVersion(slug: string, byPath: ReadonlyMap<string, ParsedSourceFile>): Omit<IncrementalCompile, 'how'> {
  const { trace, record } = recordCompile();
  const systemPath = `${slug}/system.yaml`;
  const sorted = [...byPath.values()].sort((a, b) => compareKeys(a.path, b.path));
  const result = compileDesignSystem(
    { slug, systemPath, systemFile: byPath.get(systemPath), files: sorted.filter((file) => file.path !== systemPath) },
    trace,
  );
  const { system } = result;
  const { drafts, resolved, parts, tokenTexts } = record;
  // Every token of a design system without errors resolves; anything else is not a version to start from.
  if (system === undefined || drafts === undefined || parts === undefined || tokenTexts === undefined || resolved.size !== drafts.size) {
    return { result, version: undefined };
  }
  const version: CompiledVersion = {
    slug,
    files: byPath,
    result: { ...result, system },
    parts,
    drafts: new Map(drafts),
    resolved,
    indexByKey: new Map(system.tokens.map((token, index) => [token.key, index])),
    tokenTexts: [...tokenTexts],
    follows: record.follows,
    problems: record.problems,
    others: record.others,
  };
  return { result, version };
}

/** What a full compile told its trace. */
interface CompileRecord {
  drafts: ReadonlyMap<string, TokenDraft> | undefined;
  readonly resolved: Map<string, ResolvedToken>;
  parts: SystemParts | undefined;
  tokenTexts: readonly string[] | undefined;
  readonly follows: Map<string, readonly string[]>;
  readonly problems: Map<string, Record<Step, PendingDiagnostic[]>>;
  readonly others: PendingDiagnostic[];
}

/** A trace that keeps what a full compile tells it in `record`. */
function recordCompile(): { trace: CompileTrace; record: CompileRecord } {
  let owner: string | undefined;
  let step: Step = 'draft';
  const record: CompileRecord = {
    drafts: undefined,
    resolved: new Map(),
    parts: undefined,
    tokenTexts: undefined,
    follows: new Map(),
    problems: new Map(),
    others: [],
  };
  const trace: CompileTrace = {
    owner: (key) => {
      owner = key;
    },
    follow: (from, to) => addFollow(record.follows, from, to),
    drafted: (drafts) => {
      record.drafts = drafts;
      step = 'resolve';
    },
    resolved: (resolved) => {
      for (const token of resolved) record.resolved.set(token.draft.entry.key, token);
      step = 'name';
    },
    reported: (diagnostic) => {
      if (owner === undefined) record.others.push(diagnostic);
      else problemsOf(record.problems, owner)[step].push(diagnostic);
    },
    assembled: (parts, tokenTexts) => {
      record.parts = parts;
      record.tokenTexts = tokenTexts;
    },
  };
  return { trace, record };
}

const addFollow = (follows: Map<string, readonly string[]>, from: string, to: string): void => {
  const targets = follows.get(from);
  // A new list rather than a push: a later version copies the map, not the lists.
  if (targets === undefined) follows.set(from, [to]);
  else if (!targets.includes(to)) follows.set(from, [...targets, to]);
};

const problemsOf = (problems: Map<string, Record<Step, PendingDiagnostic[]>>, key: string): Record<Step, PendingDiagnostic[]> => {
  let found = problems.get(key);
  if (found === undefined) {
    found = { draft: [], resolve: [], name: [] };
    problems.set(key, found);
  }
  return found;
};

/** Whether a file holds only tokens (no system fields, scales, primitives or contrast section). */
const onlyTokens = (file: ParsedSourceFile): boolean =>
  file.system === undefined && file.scales.length === 0 && file.primitives.length === 0 && file.contrast === undefined;

/** Whether two versions of a token file define the same keys (in the same order), of the same types, in the same groups. */
function sameShape(before: ParsedSourceFile, after: ParsedSourceFile): boolean {
  if (before.tokens.length !== after.tokens.length || before.groups.length !== after.groups.length) return false;
  for (let index = 0; index < before.tokens.length; index += 1) {
    const [a, b] = [before.tokens[index], after.tokens[index]];
    if (a === undefined || b === undefined || a.key !== b.key || a.fields['type']?.value !== b.fields['type']?.value) return false;
  }
  return before.groups.every((group, index) => group.key === after.groups[index]?.key);
}

/**
 * The next version from `previous`, compiling again only the tokens of the changed files and the tokens that follow
 * them (transitively); undefined when that cannot be bounded or the result has a problem that is an error (the full
 * compile then says which, exactly as always).
 */
function recompile(
  previous: CompiledVersion,
  byPath: ReadonlyMap<string, ParsedSourceFile>,
  changed: readonly string[],
): CompiledVersion | undefined {
  // Breakpoints resolve each token again at each of them: not bounded here yet, so a full compile.
  if (previous.parts.breakpoints !== undefined) return undefined;
  const systemPath = `${previous.slug}/system.yaml`;
  const entries = new Map<string, ParsedSourceFile['tokens'][number]>();
  for (const path of changed) {
    const [before, after] = [previous.files.get(path), byPath.get(path)];
    if (path === systemPath || before === undefined || after === undefined) return undefined;
    if (!onlyTokens(before) || !onlyTokens(after) || !sameShape(before, after)) return undefined;
    if (after.diagnostics.some((diagnostic) => diagnostic.severity === 'error')) return undefined;
    for (const entry of after.tokens) entries.set(entry.key, entry);
  }
  const affected = reachedFrom(previous, entries.keys());
  const { modes } = previous.parts.modes;
  const modeNames = modes.map((mode) => mode.name);
  const problems = new Map<string, Record<Step, PendingDiagnostic[]>>();
  let owner: string | undefined;
  let step: Step = 'draft';
  let failed = false;
  const report: Parameters<typeof readTokenDraft>[2] = (pos, rule, message, severity = 'error') => {
    if (severity === 'error') failed = true;
    const diagnostic: PendingDiagnostic = { file: pos.file, line: pos.line, column: pos.column, rule, message, severity };
    if (owner !== undefined) problemsOf(problems, owner)[step].push(diagnostic);
  };

  // The drafts to resolve, in reading order (the keys of every file are as before, so the order is too).
  const drafts = new Map<string, TokenDraft>();
  for (const key of previous.drafts.keys()) {
    if (!affected.has(key)) continue;
    const entry = entries.get(key);
    const before = previous.drafts.get(key);
    if (entry === undefined) {
      if (before !== undefined) drafts.set(key, before);
      continue;
    }
    owner = key;
    const draft = readTokenDraft(entry, modeNames, report);
    owner = undefined;
    if (draft === undefined) return undefined;
    const replacement = draft.deprecated?.replacement;
    if (replacement !== undefined && replacement !== null && !previous.drafts.has(replacement)) return undefined;
    drafts.set(key, draft);
  }
  if (failed) return undefined;

  step = 'resolve';
  const known = (key: string): KnownToken | undefined => {
    if (affected.has(key)) return undefined;
    const resolved = previous.resolved.get(key);
    return resolved === undefined ? undefined : { draft: resolved.draft, values: resolved.values, depths: resolved.depths };
  };
  const follows = new Map<string, readonly string[]>();
  const trace: TokenTrace = {
    owner: (key) => {
      owner = key;
    },
    follow: (from, to) => addFollow(follows, from, to),
  };
  const { scales, primitives } = previous.parts;
  const resolvedList = resolveTokens(drafts, scales, primitives, modes, report, { known, trace });
  if (failed || resolvedList.length !== drafts.size) return undefined;

  // No error: from here on the previous version's maps become this version's.
  const tokens = [...previous.result.system.tokens];
  const { tokenTexts } = previous;
  for (const token of resolvedList) {
    const key = token.draft.entry.key;
    const index = mapValueAt(previous.indexByKey, key); // the same keys as before
    previous.resolved.set(key, token);
    const made = frozenToken(token);
    tokens[index] = made;
    tokenTexts[index] = writtenTokenText(made);
  }
  const sameReferrers = sameFollows(previous.follows, follows, drafts.keys());
  for (const [key, draft] of drafts) {
    previous.drafts.set(key, draft);
    const targets = follows.get(key);
    if (targets === undefined) previous.follows.delete(key);
    else previous.follows.set(key, targets);
    updateProblems(previous.problems, key, entries.get(key), problems.get(key));
  }

  const pending: PendingDiagnostic[] = [...previous.others];
  for (const file of byPath.values()) pending.push(...file.diagnostics.filter((diagnostic) => diagnostic.rule !== 'too-many-problems'));
  for (const { draft, resolve, name } of previous.problems.values()) pending.push(...draft, ...resolve, ...name);
  const sortedFiles = [...byPath.values()].sort((a, b) => compareKeys(a.path, b.path));
  const diagnostics = capPerFile(pending, sortedFiles);

  const { contrast } = previous.parts;
  const previousChecks = previous.result.system.contrastChecks;
  const checkPairs =
    contrast === undefined || previousChecks === undefined || namesAny(contrast, drafts) ? checkContrast : () => previousChecks;
  const system = assembleSystem(previous.parts, tokens, tokenTexts, checkPairs);
  return {
    ...previous,
    files: byPath,
    result: { system, diagnostics },
    referrers: sameReferrers ? previous.referrers : undefined,
  };
}

/**
 * A compiled token's problems after it was compiled again: those of its fields as now read (as before when its file
 * did not change), of its values as now resolved, and its name warnings (its name did not change, nor did anyone's)
 * at the place its entry now is.
 */
function updateProblems(
  all: Map<string, TokenProblems>,
  key: string,
  entry: ParsedSourceFile['tokens'][number] | undefined,
  now: TokenProblems | undefined,
): void {
  const before = all.get(key);
  const draft = entry === undefined ? (before?.draft ?? []) : (now?.draft ?? []);
  const name =
    entry === undefined
      ? (before?.name ?? [])
      : (before?.name ?? []).map((problem) => ({ ...problem, file: entry.pos.file, line: entry.pos.line, column: entry.pos.column }));
  const resolve = now?.resolve ?? [];
  if (draft.length + name.length + resolve.length === 0) all.delete(key);
  else all.set(key, { draft, resolve, name });
}

/** The keys of `start` and every token that follows one of them, through any number of references. */
function reachedFrom(version: CompiledVersion, start: Iterable<string>): Set<string> {
  const referrers = referrersOf(version);
  const reached = new Set<string>();
  const queue = [...start];
  for (let key = queue.pop(); key !== undefined; key = queue.pop()) {
    if (reached.has(key)) continue;
    reached.add(key);
    for (const referrer of referrers.get(key) ?? []) if (!reached.has(referrer)) queue.push(referrer);
  }
  return reached;
}

function referrersOf(version: CompiledVersion): ReadonlyMap<string, readonly string[]> {
  if (version.referrers !== undefined) return version.referrers;
  const referrers = new Map<string, string[]>();
  version.follows.forEach((targets, from) => {
    for (const target of targets) {
      const list = referrers.get(target);
      if (list === undefined) referrers.set(target, [from]);
      else list.push(from);
    }
  });
  version.referrers = referrers;
  return referrers;
}

function sameFollows(
  before: ReadonlyMap<string, readonly string[]>,
  after: ReadonlyMap<string, readonly string[]>,
  keys: Iterable<string>,
): boolean {
  for (const key of keys) {
    const [a, b] = [before.get(key) ?? [], after.get(key) ?? []];
    if (a.length !== b.length || a.some((target, index) => target !== b[index])) return false;
  }
  return true;
}

/** Whether the contrast section names any of `keys` (as a pair's token or its surface). */
function namesAny(contrast: ContrastDeclaration, keys: ReadonlyMap<string, unknown>): boolean {
  if (contrast.surface !== null && keys.has(contrast.surface)) return true;
  return contrast.pairs.some(
    (pair) => keys.has(pair.foreground) || keys.has(pair.background) || (pair.typography !== null && keys.has(pair.typography)),
  );
}
