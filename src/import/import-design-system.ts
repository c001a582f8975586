import { itemAt, mapValueAt } from '../compile/checked-access.js';
import { compileDesignSystemFolder } from '../compile/compile-design-system.js';
import { MAX_TOKEN_VALUES } from '../compile/resolve/compile-tokens.js';
import { withBreakpointFields } from './breakpoint-fields.js';
import { breakpointPlace, withBreakpoints, withBreakpointsDeclared } from './breakpoint-sets.js';
import type { ImportBreakpoint } from './breakpoint-sets.js';
import { MAX_DECLARED_MODES } from '../compile/fields/read-modes.js';
import { KEY_SEGMENT } from '../compile/values/name-rules.js';
import type { CompileResult } from '../compile/compile-design-system.js';
import { parseSourceFile } from '../compile/yaml/parse-source-file.js';
import { referenceOf } from '../compile/values/parse-values.js';
import type { TokenType } from '../compile/types.js';
import { createTokenMapper, ourTypeOf, withAlphaOver } from './map-token.js';
import type { ImportedToken } from './map-token.js';
import { untypedReason, isKnownType } from './infer-types.js';
import type { TypeChoices } from './infer-types.js';
import { readSources, typeFieldOf } from './read-sources.js';
import type { ImportInput, ModeLayer, SourceFormat } from './read-sources.js';
import { isAlphaOver } from './source-token.js';
import type { ImportIssue, SourceToken } from './source-token.js';
import { groupValues } from './group-values.js';
import { modeLayersOfPaths, withModeFamilies } from './mode-hints.js';
import { MAX_IMPORT_KEY_LENGTH, MAX_IMPORT_TOKEN_LINE_BYTES } from './import-limits.js';
import { tokenLine, writeDesignSystemFiles } from './write-yaml.js';

export type { ImportInput } from './read-sources.js';

/** What an import gives: the files of the design-system folder, the tokens written, what could not be carried, the compiled result. */
export interface ImportResult {
  /** The format the sources were read as. */
  readonly format: SourceFormat | undefined;
  /** Path below the design-system folder (`system.yaml`, `tokens/color.yaml`) -> text. */
  readonly files: ReadonlyMap<string, string>;
  readonly tokens: readonly ImportedToken[];
  readonly issues: readonly ImportIssue[];
  /** Which theme or context became which mode. */
  readonly notes: readonly string[];
  /** The source tokens, by key as written: what `--verify` compares with. */
  readonly sources: readonly SourceToken[];
  /** The written folder compiled with our own compiler (no error, by construction). */
  readonly compiled: CompileResult;
  /**
   * Why nothing is written, when the server would refuse the design system as a whole (more values or modes than it
   * takes): then `files` and `tokens` are empty.
   */
  readonly refused?: string | undefined;
}

/** A key segment as our format takes it: other characters become `-`. */
const segmentOf = (segment: string): string => (KEY_SEGMENT.test(segment) ? segment : segment.replace(/[^A-Za-z0-9_-]+/g, '-') || '-');

/**
 * Imports token sources (DTCG, a DTCG resolver document, Tokens Studio, Style Dictionary; the format is found from the
 * files unless `format` is given) as one design system `slug`: every token mapped to our types, references kept where
 * their target is imported with a type they take, the source's themes or contexts as modes. A token our compiler would
 * refuse is left out and reported, so the folder always compiles; `issues` lists every token not carried exactly,
 * with its source.
 */
export function importDesignSystem(
  inputs: readonly ImportInput[],
  options: {
    slug: string;
    name: string;
    format?: SourceFormat | undefined;
    layers?: readonly ModeLayer[];
    types?: TypeChoices;
    breakpoints?: readonly ImportBreakpoint[];
  },
): ImportResult {
  const read = readWithModeLayers(inputs, options);
  const issues: ImportIssue[] = [...read.issues];
  const renames = new Map<string, string>();
  const renamed = (key: string): string => {
    let name = renames.get(key);
    if (name === undefined) {
      name = key.split('.').map(segmentOf).join('.');
      renames.set(key, name);
    }
    return name;
  };
  const byKey = new Map<string, SourceToken>();
  for (const token of read.tokens) {
    // Refused before anything is written: a top-level group names a file, which the file system bounds.
    const length = renamed(token.key).length;
    if (length > MAX_IMPORT_KEY_LENGTH) {
      issues.push({
        source: shortSource(token),
        level: 'skipped',
        reason: `a key of ${length} characters: keys are at most ${MAX_IMPORT_KEY_LENGTH} (a top-level group names a file)`,
      });
      continue;
    }
    const earlier = byKey.get(token.key);
    if (earlier !== undefined) {
      issues.push({ source: token.source, level: 'lossy', reason: `replaces the token of the same key in ${earlier.source}` });
    }
    // A value with its own `breakpoints` (Carbon's type styles) gives a mode per breakpoint, placed below.
    const placed = withBreakpointFields(token, options.breakpoints ?? []);
    for (const issue of placed.issues) issues.push(issue);
    byKey.set(token.key, placed.token);
  }
  const valueIn = (key: string, mode: string): unknown => {
    const token = byKey.get(key);
    return token !== undefined && mode in token.modes ? token.modes[mode] : token?.value;
  };
  /** A value followed through its aliases in `mode` to a literal; a color with an `alpha` beside it takes that alpha. */
  const literalOf = (raw: unknown, mode: string, depth: number): unknown => {
    if (depth > 64) return undefined;
    if (isAlphaOver(raw)) return withAlphaOver(literalOf(raw.alphaOver, mode, depth + 1), raw.alpha);
    const target = referenceOf(raw);
    return target === undefined ? raw : literalOf(valueIn(target, mode), mode, depth + 1);
  };
  const resolve = (key: string, mode: string): unknown => literalOf(valueIn(key, mode), mode, 0);

  const notes = [...read.notes];
  const allModes = [...new Set([...byKey.values()].flatMap((token) => Object.keys(token.modes)))];

  // Types first: a reference is kept only to a token imported with a type its place takes. A token that cannot be
  // mapped, or that our compiler refuses, is taken out and everything is mapped again (its referrers then write values).
  const types = new Map<string, TokenType>();
  for (const [key, token] of byKey) {
    const type = ourTypeOf(token);
    if (type === undefined) {
      const reason =
        token.type === 'number'
          ? 'a number without a unit whose name does not say what it is (`opacity`, `z-index`, `line-height`, `font-weight`, or a length named `0`)'
          : isKnownType(token.type)
            ? `type \`${String(token.type)}\` has no counterpart`
            : untypedReason(token, typeFieldOf(read.format));
      issues.push({ source: token.source, level: 'skipped', reason });
    } else types.set(key, type);
  }
  const refused: ImportIssue[] = [];
  for (let round = 0; ;) {
    const mapper = createTokenMapper(resolve, (key) => types.get(key), renamed, allModes);
    const written: ImportedToken[] = [];
    const roundIssues: ImportIssue[] = [];
    const tooLarge: ImportIssue[] = [];
    // A token left out stays out in later rounds: what it was left out for must outlive this round.
    const unmapped: ImportIssue[] = [];
    for (const [key, type] of types) {
      const mapped = mapper.map(mapValueAt(byKey, key), type);
      for (const issue of mapped.issues) roundIssues.push(issue);
      if (mapped.token === undefined) {
        types.delete(key);
        for (const issue of mapped.issues) unmapped.push(issue);
      } else {
        // A token no file can hold is refused by its key, not written where the server would refuse the whole file.
        const bytes = Buffer.byteLength(tokenLine(mapped.token));
        if (bytes <= MAX_IMPORT_TOKEN_LINE_BYTES) written.push(mapped.token);
        else {
          types.delete(key);
          const reason = `its YAML line is ${bytes} bytes; a token takes at most ${MAX_IMPORT_TOKEN_LINE_BYTES} (a source file holds at most 1 MiB)`;
          tooLarge.push({ source: mapped.token.source.source, level: 'skipped', reason });
        }
      }
    }
    // Mapped again without them: a reference to one is then written as its value, which is measured in its turn.
    if (tooLarge.length > 0) {
      for (const issue of [...unmapped, ...tooLarge]) refused.push(issue);
      continue;
    }
    const whole = (refusal: string): ImportResult => ({
      format: read.format,
      files: new Map(),
      tokens: [],
      issues: [...issues, ...refused, ...roundIssues],
      notes,
      sources: [...byKey.values()],
      compiled: { system: undefined, diagnostics: [] },
      refused: refusal,
    });
    // The sets `--breakpoint` names move from the modes to breakpoints (the modes were mapped with them).
    const placed = withBreakpoints(written, options.breakpoints ?? []);
    const tokens = placed.tokens;
    for (const issue of placed.issues) roundIssues.push(issue);
    // Counted before compiling: the compiler refuses such a design system as a whole, however many tokens are left out.
    const tooMany = countTooMany(tokens);
    if (tooMany !== undefined) return whole(tooMany);
    const files = writeDesignSystemFiles(groupValues(tokens), options.name);
    files.set('system.yaml', withBreakpointsDeclared(files.get('system.yaml') ?? '', options.breakpoints ?? []));
    const compiled = compileFiles(options.slug, files);
    const errors = compiled.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    const wholeError = errors.find((error) => WHOLE_SYSTEM_RULES.has(error.rule));
    if (wholeError !== undefined) return whole(wholeError.message);
    const failedKeys = keysAt(tokens, files, errors);
    if (errors.length === 0 || failedKeys.size === 0 || round >= 8) {
      return {
        format: read.format,
        files,
        tokens,
        issues: [...issues, ...refused, ...roundIssues],
        notes: withModesNotWritten(notes, new Set(compiled.system?.modes.map((mode) => mode.name) ?? []), options.breakpoints ?? []),
        sources: [...byKey.values()],
        compiled,
      };
    }
    round += 1;
    for (const issue of unmapped) refused.push(issue);
    const sourceOf = new Map(tokens.map((token) => [token.key, token.source]));
    for (const [key, message] of failedKeys) {
      const token = sourceOf.get(key);
      if (token === undefined) continue;
      types.delete(token.key);
      refused.push({ source: token.source, level: 'skipped', reason: `refused by the compiler: ${message}` });
    }
  }
}

/**
 * The sources read, with the layer rule applied when no `--mode` is given to a DTCG or Style Dictionary import: files
 * named like a mode that write keys other files write are read as that mode (see {@link modeLayersOfPaths}).
 */
function readWithModeLayers(
  inputs: readonly ImportInput[],
  options: { format?: SourceFormat | undefined; layers?: readonly ModeLayer[]; types?: TypeChoices },
): ReturnType<typeof readSources> {
  const read = readSources(inputs, options.format, options.layers, options.types);
  if ((options.layers ?? []).length > 0 || (read.format !== 'dtcg' && read.format !== 'style-dictionary')) return read;
  const fileOfKey = new Map<string, string>();
  const overlaps = new Set<string>();
  for (const token of read.tokens) {
    const file = fileOf(token);
    const earlier = fileOfKey.get(token.key);
    if (earlier !== undefined && earlier !== file) {
      overlaps.add(earlier);
      overlaps.add(file);
    }
    fileOfKey.set(token.key, file);
  }
  const { base, layers, notes } = modeLayersOfPaths(inputs, overlaps);
  if (layers.length === 0) return read;
  const known = [...new Set(read.tokens.flatMap((token) => Object.keys(token.modes)))];
  const layered = withModeFamilies(
    layers.map((layer, index) => ({ ...layer, note: notes[index] })),
    known,
  );
  return readSources(base, read.format, layered, options.types);
}

/**
 * The notes, each one that names a mode the written folder does not have (every token the same there as in light, or
 * every token that differed left out) saying so: the report never names a mode that is not served.
 */
function withModesNotWritten(notes: readonly string[], written: ReadonlySet<string>, breakpoints: readonly ImportBreakpoint[]): string[] {
  return notes.map((note) => {
    const mode = /(?:^|is the )mode `([a-z0-9-]+)`/.exec(note)?.[1];
    const breakpoint = breakpoints.find((each) => each.name === mode);
    if (breakpoint !== undefined) return `${note}; read as ${breakpointPlace(breakpoint)} (--breakpoint)`;
    return mode === undefined || written.has(mode)
      ? note
      : `${note}; not written: no token imported differs there from \`light\`, so the design system has no mode \`${mode}\``;
  });
}

/** Compiler rules about a design system as a whole: leaving out the token they are reported at would not help. */
const WHOLE_SYSTEM_RULES: ReadonlySet<string> = new Set(['design-system-too-large']);

/**
 * Why the server would refuse these tokens as a whole: more modes than a design system may declare, or more values
 * (tokens × modes, light and dark included) than it may have; undefined when neither.
 */
function countTooMany(tokens: readonly ImportedToken[]): string | undefined {
  const further = new Set<string>();
  for (const token of tokens) for (const mode of Object.keys(token.modes ?? {})) if (mode !== 'light' && mode !== 'dark') further.add(mode);
  const count = (n: number): string => n.toLocaleString('en-US');
  const split = 'import the files in parts, as several design systems';
  if (further.size > MAX_DECLARED_MODES) {
    return `the tokens have ${count(further.size)} modes besides light and dark, more than a design system may declare (${MAX_DECLARED_MODES}): ${split}`;
  }
  const modes = 2 + further.size;
  const values = tokens.length * modes;
  if (values <= MAX_TOKEN_VALUES) return undefined;
  return `${count(tokens.length)} tokens in ${modes} modes have ${count(values)} values, more than a design system may have (${count(MAX_TOKEN_VALUES)}): ${split}`;
}

/** The file a token comes from: its source without `:<key>`. */
const fileOf = (token: SourceToken): string =>
  token.source.endsWith(`:${token.key}`) ? token.source.slice(0, -token.key.length - 1) : token.source;

/** A token's source with a key too long to print shortened to its first 40 characters. */
function shortSource(token: SourceToken): string {
  if (!token.source.endsWith(token.key)) return token.source;
  return `${token.source.slice(0, token.source.length - token.key.length)}${token.key.slice(0, 40)}…`;
}

function compileFiles(slug: string, files: ReadonlyMap<string, string>): CompileResult {
  return compileDesignSystemFolder(
    slug,
    [...files].map(([path, text]) => parseSourceFile(`${slug}/${path}`, text, path === 'system.yaml')),
  );
}

/** The token of each error, by the line it is on (every token is written on lines of its own), with the message. */
function keysAt(
  tokens: readonly ImportedToken[],
  files: ReadonlyMap<string, string>,
  errors: CompileResult['diagnostics'],
): Map<string, string> {
  const failed = new Map<string, string>();
  const keys = new Set(tokens.map((token) => token.key));
  const linesOf = new Map<string, string[]>();
  for (const error of errors) {
    const path = error.file.slice(error.file.indexOf('/') + 1);
    let lines = linesOf.get(path);
    if (lines === undefined) {
      lines = (files.get(path) ?? '').split('\n');
      linesOf.set(path, lines);
    }
    for (let line = error.line - 1; line >= 0; line -= 1) {
      const match = /^ {2}([A-Za-z0-9_.-]+):/.exec(lines[line] ?? '');
      if (match === null) continue;
      const key = itemAt(match, 1);
      if (keys.has(key)) failed.set(key, error.message);
      break;
    }
  }
  return failed;
}
