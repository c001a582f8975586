import { compileDesignSystemFolder } from '../compile/compile-design-system.js';
import { KEY_SEGMENT } from '../compile/name-rules.js';
import type { CompileResult } from '../compile/compile-design-system.js';
import { parseSourceFile } from '../compile/parse-source-file.js';
import { referenceOf } from '../compile/parse-values.js';
import type { TokenType } from '../compile/types.js';
import { createTokenMapper, ourTypeOf } from './map-token.js';
import type { ImportedToken, ImportIssue } from './map-token.js';
import { readDtcgDocument } from './read-dtcg.js';
import type { SourceToken } from './read-dtcg.js';
import { writeDesignSystemFiles } from './write-yaml.js';

/** One file given to the import: its path (as the report names it) and its text. */
export interface ImportInput {
  readonly path: string;
  readonly text: string;
}

/** What an import gives: the files of the design-system folder, the tokens written, what could not be carried, the compiled result. */
export interface ImportResult {
  /** Path below the design-system folder (`system.yaml`, `tokens/color.yaml`) -> text. */
  readonly files: ReadonlyMap<string, string>;
  readonly tokens: readonly ImportedToken[];
  readonly issues: readonly ImportIssue[];
  /** The source tokens, by key as written: what `--verify` compares with. */
  readonly sources: readonly SourceToken[];
  /** The written folder compiled with our own compiler (no error, by construction). */
  readonly compiled: CompileResult;
}

/** A key segment as our format takes it: other characters become `-`. */
const segmentOf = (segment: string): string => (KEY_SEGMENT.test(segment) ? segment : segment.replace(/[^A-Za-z0-9_-]+/g, '-') || '-');

/**
 * Imports DTCG documents (2025.10 structured values, or the older string values, such as our own exports) as one
 * design system `slug`: every token mapped to our types, references kept where their target is imported with a type
 * they take, our own exports' other modes as modes. A token our compiler would refuse is left out and reported, so the
 * folder always compiles; `issues` lists every token not carried exactly, with its source.
 */
export function importDesignSystem(inputs: readonly ImportInput[], options: { slug: string; name: string }): ImportResult {
  const issues: ImportIssue[] = [];
  const byKey = new Map<string, SourceToken>();
  for (const input of inputs) {
    let document: unknown;
    try {
      document = JSON.parse(input.text) as unknown;
    } catch (error) {
      issues.push({ source: input.path, level: 'skipped', reason: `not JSON: ${(error as Error).message}` });
      continue;
    }
    for (const token of readDtcgDocument(input.path, document)) {
      const earlier = byKey.get(token.key);
      if (earlier !== undefined)
        issues.push({ source: token.source, level: 'lossy', reason: `replaces the token of the same key in ${earlier.source}` });
      byKey.set(token.key, token);
    }
  }
  const renames = new Map<string, string>();
  const renamed = (key: string): string => {
    let name = renames.get(key);
    if (name === undefined) {
      name = key.split('.').map(segmentOf).join('.');
      renames.set(key, name);
    }
    return name;
  };
  const resolve = (key: string): unknown => {
    let current = byKey.get(key)?.value;
    for (let depth = 0; depth < 64; depth += 1) {
      const target = referenceOf(current);
      if (target === undefined) return current;
      current = byKey.get(target)?.value;
    }
    return undefined;
  };

  // Types first: a reference is kept only to a token imported with a type its place takes. A token that cannot be
  // mapped, or that our compiler refuses, is taken out and everything is mapped again (its referrers then write values).
  const types = new Map<string, TokenType>();
  for (const [key, token] of byKey) {
    const type = ourTypeOf(token);
    if (type === undefined) {
      const reason =
        token.type === 'number'
          ? 'a number without a unit, not named as an opacity, z-index or line height (`opacity.*`, `z-index.*`, `font.lineHeight.*`)'
          : `type \`${String(token.type)}\` has no counterpart`;
      issues.push({ source: token.source, level: 'skipped', reason });
    } else types.set(key, type);
  }
  const refused: ImportIssue[] = [];
  for (let round = 0; ; round += 1) {
    const mapper = createTokenMapper(resolve, (key) => types.get(key), renamed);
    const tokens: ImportedToken[] = [];
    const roundIssues: ImportIssue[] = [];
    for (const [key, type] of types) {
      const mapped = mapper.map(byKey.get(key) as SourceToken, type);
      roundIssues.push(...mapped.issues);
      if (mapped.token === undefined) types.delete(key);
      else tokens.push(mapped.token);
    }
    const files = writeDesignSystemFiles(tokens, options.name);
    const compiled = compileFiles(options.slug, files);
    const errors = compiled.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
    const failedKeys = keysAt(tokens, files, errors);
    if (errors.length === 0 || failedKeys.size === 0 || round >= 8) {
      return { files, tokens, issues: [...issues, ...refused, ...roundIssues], sources: [...byKey.values()], compiled };
    }
    const sourceOf = new Map(tokens.map((token) => [token.key, token.source]));
    for (const [key, message] of failedKeys) {
      const token = sourceOf.get(key);
      if (token === undefined) continue;
      types.delete(token.key);
      refused.push({ source: token.source, level: 'skipped', reason: `refused by the compiler: ${message}` });
    }
  }
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
  for (const error of errors) {
    const path = error.file.slice(error.file.indexOf('/') + 1);
    const lines = (files.get(path) ?? '').split('\n');
    for (let line = error.line - 1; line >= 0; line -= 1) {
      const match = /^ {2}([A-Za-z0-9_.-]+):/.exec(lines[line] ?? '');
      if (match === null) continue;
      const key = match[1] as string;
      if (tokens.some((token) => token.key === key)) failed.set(key, error.message);
      break;
    }
  }
  return failed;
}
