import { posix } from 'node:path';
import JSON5 from 'json5';
import { MAX_IMPORT_NESTING_DEPTH } from './import-limits.js';
import { withCssComposites } from './css-composites.js';
import { withTypesFromValues } from './infer-types.js';
import type { TypeChoices } from './infer-types.js';
import { findDeepNesting } from './json-nesting.js';
import { readDtcg } from './read-dtcg.js';
import { readResolver } from './read-resolver.js';
import { readStyleDictionary } from './read-style-dictionary.js';
import { readTokensStudio } from './read-tokens-studio.js';
import { isRecord, withModeLayer } from './source-token.js';
import type { ImportIssue, SourceDocument, SourceRead } from './source-token.js';

/** One file given to the import: its path (as the report names it) and its text. */
export interface ImportInput {
  readonly path: string;
  readonly text: string;
}

/** The source formats the import reads. */
export const SOURCE_FORMATS = ['dtcg', 'resolver', 'tokens-studio', 'style-dictionary'] as const;
export type SourceFormat = (typeof SOURCE_FORMATS)[number];

const READERS: Readonly<Record<SourceFormat, (documents: readonly SourceDocument[], types: TypeChoices) => SourceRead>> = {
  dtcg: readDtcg,
  resolver: readResolver,
  'tokens-studio': readTokensStudio,
  'style-dictionary': readStyleDictionary,
};

/** Token types only Tokens Studio writes (Style Dictionary and DTCG sources do not). */
const TOKENS_STUDIO_TYPES = new Set([
  'sizing',
  'borderRadius',
  'borderWidth',
  'fontFamilies',
  'fontWeights',
  'fontSizes',
  'lineHeights',
  'letterSpacing',
  'paragraphSpacing',
  'paragraphIndent',
  'boxShadow',
  'composition',
  'textCase',
  'textDecoration',
  'other',
]);

/** Files that give one mode's values (`--mode dark=tokens/dark/`): laid over the base files' tokens in that mode. */
export interface ModeLayer {
  readonly mode: string;
  readonly inputs: readonly ImportInput[];
  /** What the report says the mode is read from, when not the files given with `--mode`. */
  readonly note?: string | undefined;
}

/**
 * Parses every input (JSON, or JSON5 for `.json5` files and for JSON that does not parse), finds their format (or
 * takes `format`), and reads their tokens. A file that does not parse, or nests deeper than
 * {@link MAX_IMPORT_NESTING_DEPTH} levels, is reported with its line and column.
 * Each mode layer's files are read the same way; a token they give a value differs from the base files' is that
 * token's value in the layer's mode (a value the token itself writes for that mode, in a mode extension, wins).
 * A type missing, unknown or chosen `auto` in `types` (`--type`) is then read from the token's value, and a composite
 * written as CSS text is read as its parts.
 */
export function readSources(
  inputs: readonly ImportInput[],
  format?: SourceFormat,
  layers: readonly ModeLayer[] = [],
  types: TypeChoices = {},
): SourceRead & { format: SourceFormat | undefined } {
  const base = parseAll(inputs);
  if (base.documents.length === 0) return { tokens: [], issues: base.issues, notes: [], format };
  const found = format ?? formatOf(base.documents);
  const read = READERS[found](base.documents, types);
  const issues = [...base.issues, ...read.issues];
  let tokens = read.tokens;
  const notes = [...read.notes];
  for (const layer of layers) {
    const parsed = parseAll(layer.inputs);
    // Read with the other files, so that a layer's alias is typed by its target there; its own tokens come last and win.
    const layered = READERS[found]([...base.documents, ...parsed.documents], types);
    const ownFiles = new Set(parsed.documents.map((document) => document.path));
    const own = (source: string): boolean => ownFiles.has(source.slice(0, source.lastIndexOf(':')));
    // One by one, not `push(...list)`: a spread of 200,000 arguments overflows the stack.
    for (const issue of parsed.issues) issues.push(issue);
    for (const issue of layered.issues) if (own(issue.source)) issues.push(issue);
    tokens = withModeLayer(
      tokens,
      layer.mode,
      layered.tokens.filter((token) => own(token.source)),
      issues,
    );
    notes.push(layer.note ?? `mode \`${layer.mode}\` is ${layer.inputs.map((input) => input.path).join(', ')} over the other files`);
  }
  // A type missing, unknown or chosen `auto` is read from the value, in every format (after the layers: an alias there
  // takes its target's type too).
  const typed = withTypesFromValues(tokens, types, typeFieldOf(found));
  // Then CSS strings of composites (a shadow, border, transition or gradient written as CSS) are read as their parts.
  const shaped = withCssComposites(typed.tokens);
  for (const issue of shaped.issues) issues.push(issue);
  return { tokens: shaped.tokens, issues, notes: [...notes, ...typed.notes, ...shaped.notes], format: found };
}

/** How a format names its type field, as the report quotes it. */
export const typeFieldOf = (format: SourceFormat | undefined): '$type' | 'type' =>
  format === 'style-dictionary' || format === 'tokens-studio' ? 'type' : '$type';

function parseAll(inputs: readonly ImportInput[]): { documents: SourceDocument[]; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const documents: SourceDocument[] = [];
  for (const input of inputs) {
    const parsed = parseDocument(input);
    if ('error' in parsed) issues.push({ source: input.path, level: 'skipped', reason: parsed.error });
    else documents.push({ path: input.path, document: parsed.document });
  }
  return { documents, issues };
}

function parseDocument(input: ImportInput): { document: unknown } | { error: string } {
  // Checked before parsing: every walk of a document afterwards may then recurse as deep as it nests.
  const deep = findDeepNesting(input.text);
  if (deep !== undefined) {
    return { error: `${deep.line}:${deep.column}: nests objects and arrays more than ${MAX_IMPORT_NESTING_DEPTH} levels deep (the limit)` };
  }
  if (!input.path.endsWith('.json5')) {
    try {
      const document: unknown = JSON.parse(input.text);
      return { document };
    } catch {
      // Read again as JSON5 below: it takes comments and trailing commas, and says where it stopped.
    }
  }
  try {
    return { document: JSON5.parse<unknown>(input.text) };
  } catch (error) {
    // JSON5 throws a SyntaxError with the `lineNumber` and `columnNumber` where it stopped.
    const message = error instanceof Error ? error.message : String(error);
    const [lineNumber, columnNumber] = [numberField(error, 'lineNumber'), numberField(error, 'columnNumber')];
    const where = lineNumber === undefined ? '' : `${lineNumber}:${columnNumber ?? 1}: `;
    return { error: `${where}not JSON or JSON5: ${message.replace(/^JSON5: /, '').replace(/ at \d+:\d+$/, '')}` };
  }
}

const numberField = (error: unknown, name: string): number | undefined => {
  const value = isRecord(error) ? error[name] : undefined;
  return typeof value === 'number' ? value : undefined;
};

const fileName = (path: string): string => posix.basename(path.replace(/\\/g, '/'));

/**
 * The format of a set of documents: a resolver document (`resolutionOrder`) makes it a resolver; `$themes.json`,
 * `$metadata.json`, a top-level `$themes`/`$metadata`, or a type only Tokens Studio writes makes it Tokens Studio;
 * tokens written with `value` and no `$value` anywhere make it Style Dictionary; anything else is DTCG.
 */
export function formatOf(documents: readonly SourceDocument[]): SourceFormat {
  if (documents.some(({ document }) => isRecord(document) && Array.isArray(document['resolutionOrder']))) return 'resolver';
  if (
    documents.some(
      ({ path, document }) =>
        fileName(path) === '$themes.json' ||
        fileName(path) === '$metadata.json' ||
        (isRecord(document) && ('$themes' in document || '$metadata' in document)),
    )
  ) {
    return 'tokens-studio';
  }
  const seen = { dollarValue: false, plainValue: false, tokensStudioType: false };
  for (const { document } of documents) scan(document, seen, 0);
  if (seen.tokensStudioType) return 'tokens-studio';
  return seen.plainValue && !seen.dollarValue ? 'style-dictionary' : 'dtcg';
}

function scan(node: unknown, seen: { dollarValue: boolean; plainValue: boolean; tokensStudioType: boolean }, depth: number): void {
  if (!isRecord(node) || depth > 32) return;
  const valueField = '$value' in node ? '$value' : 'value' in node ? 'value' : undefined;
  if (valueField !== undefined) {
    if (valueField === '$value') seen.dollarValue = true;
    else seen.plainValue = true;
    const type = node[valueField === '$value' ? '$type' : 'type'];
    if (typeof type === 'string' && TOKENS_STUDIO_TYPES.has(type)) seen.tokensStudioType = true;
    return;
  }
  for (const [name, child] of Object.entries(node)) if (!name.startsWith('$')) scan(child, seen, depth + 1);
}
