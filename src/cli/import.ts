import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { SLUG } from '../compile/name-rules.js';
import { MODE_NAME } from '../compile/read-modes.js';
import { importDesignSystem } from '../import/import-design-system.js';
import { SOURCE_FORMATS } from '../import/read-sources.js';
import type { SourceFormat } from '../import/read-sources.js';
import type { ImportInput, ImportResult } from '../import/import-design-system.js';
import { verifyImport } from '../import/verify-import.js';
import type { VerifyResult } from '../import/verify-import.js';
import { EXIT_FAILED, EXIT_OK, EXIT_STATUS_HELP } from './exit-status.js';
import { parseCommandArgs, UsageError } from './usage-error.js';

export const IMPORT_USAGE = `Usage: token-server import <file or folder>... --out <design-systems folder>/<slug> [options]

Reads design tokens and writes a design-system folder in our YAML: every token with its type, references kept,
composites, descriptions, deprecations, and the source's themes as modes. Formats (found from the files, or --from):
  dtcg              DTCG JSON: the 2025.10 format or the older string values (our own /export/json too)
  resolver          a DTCG 2025.10 resolver document (its contexts become modes) and the token files it names
  tokens-studio     Tokens Studio JSON: one file or a folder of token sets with $themes.json and $metadata.json
  style-dictionary  Style Dictionary JSON: value, type, comment, {references}
A folder is read for its *.json and *.json5 files; .json5 files (and JSON that does not parse) are read as JSON5.

Options:
  --out <folder>     the design-system folder to write (its name is the slug); must not exist or be empty
  --name <name>      the design system's name (default: the slug)
  --mode <m>=<paths> files (comma-separated files or folders) that give mode <m>'s values, laid over the others'
                     for that mode: a theme kept as its own files (repeat for each mode)
  --from <format>    read the files as this format instead of finding it: dtcg, resolver, tokens-studio, style-dictionary
  --verify           compile the result and compare every token's value in every mode with the source's
  --format <f>       text (default) or json, for CI
  --force            write into a folder that is not empty (files of the same name are replaced)
  -h, --help         show this help

Prints what it imported per type and every token it could not carry exactly, with its source (file:key).

${EXIT_STATUS_HELP}
  import: 1 when nothing could be imported, or --verify found a difference`;

/** Runs `token-server import ...`; returns the exit status. */
export async function runImport(args: readonly string[], cwd: string): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    args,
    {
      out: { type: 'string' },
      name: { type: 'string' },
      from: { type: 'string' },
      mode: { type: 'string', multiple: true },
      verify: { type: 'boolean' },
      format: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    true,
  );
  if (values.help === true) {
    console.log(IMPORT_USAGE);
    return EXIT_OK;
  }
  if (values.out === undefined) throw new UsageError('`--out <design-systems folder>/<slug>` is needed');
  if (positionals.length === 0) throw new UsageError('give at least one file or folder to import');
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, got \`${format}\``);
  const from = values.from as SourceFormat | undefined;
  if (from !== undefined && !SOURCE_FORMATS.includes(from)) {
    throw new UsageError(`--from must be one of ${SOURCE_FORMATS.join(', ')}, got \`${from}\``);
  }
  const out = resolve(cwd, values.out);
  const slug = basename(out);
  if (!SLUG.test(slug)) throw new UsageError(`the folder name \`${slug}\` is the slug: lowercase letters, digits and single hyphens`);
  const existing = await readdir(out).catch(() => undefined);
  if (existing !== undefined && existing.length > 0 && values.force !== true) {
    throw new UsageError(`${values.out} is not empty; choose a new folder or pass --force`);
  }
  const inputs = [];
  for (const path of positionals) inputs.push(...(await readTokenFiles(cwd, path)));
  const layers = [];
  for (const written of values.mode ?? []) {
    const [mode = '', paths = ''] = written.split(/=(.*)/s, 2);
    if (!MODE_NAME.test(mode) || mode === 'light' || paths === '') {
      throw new UsageError(
        `--mode takes <mode>=<files or folders>, the mode in lowercase words joined by hyphens, not light: got \`${written}\``,
      );
    }
    const files = [];
    for (const path of paths.split(',')) files.push(...(await readTokenFiles(cwd, path)));
    layers.push({ mode, inputs: files });
  }
  const result = importDesignSystem(inputs, { slug, name: values.name ?? slug, format: from, layers });
  if (result.tokens.length > 0) {
    for (const [path, text] of result.files) {
      await mkdir(dirname(join(out, path)), { recursive: true });
      await writeFile(join(out, path), text);
    }
  }
  const verified =
    values.verify === true && result.compiled.system !== undefined
      ? verifyImport(result.sources, result.tokens, result.compiled.system)
      : undefined;
  console.log(format === 'json' ? JSON.stringify(jsonReport(result, verified, values.out)) : textReport(result, verified, values.out));
  if (result.tokens.length === 0) return EXIT_FAILED;
  return verified !== undefined && verified.mismatches.length > 0 ? EXIT_FAILED : EXIT_OK;
}

/** Every token file of `path` (relative to `cwd`), read, with its path as the report names it. */
export async function readTokenFiles(cwd: string, path: string): Promise<ImportInput[]> {
  const inputs = [];
  for (const file of await tokenFiles(resolve(cwd, path), path)) {
    inputs.push({ path: relative(cwd, file) || file, text: await readFile(file, 'utf8') });
  }
  return inputs;
}

/** The token files of a path: the file itself, or every `*.json` and `*.json5` below a folder, in path order. */
async function tokenFiles(path: string, shown: string): Promise<string[]> {
  const found = await stat(path).catch(() => undefined);
  if (found === undefined) throw new UsageError(`${shown} does not exist`);
  if (found.isFile()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.json5?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function countsByType(result: ImportResult): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const token of result.tokens) counts[token.type] = (counts[token.type] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function jsonReport(result: ImportResult, verified: VerifyResult | undefined, out: string) {
  const lossy = new Set(result.issues.filter((issue) => issue.level === 'lossy').map((issue) => issue.source));
  return {
    out,
    format: result.format ?? null,
    imported: result.tokens.length,
    exact: result.tokens.filter((token) => !lossy.has(token.source.source)).length,
    lossy: result.tokens.filter((token) => lossy.has(token.source.source)).length,
    skipped: result.issues.filter((issue) => issue.level === 'skipped').length,
    byType: countsByType(result),
    modes: result.notes,
    issues: result.issues,
    ...(verified === undefined ? {} : { verify: verified }),
  };
}

function textReport(result: ImportResult, verified: VerifyResult | undefined, out: string): string {
  const report = jsonReport(result, verified, out);
  const lines = [
    `${report.imported} tokens written to ${out} (${report.exact} exactly, ${report.lossy} with loss), ${report.skipped} left out` +
      (result.format === undefined ? '' : ` (read as ${result.format})`),
    `  ${Object.entries(report.byType)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ')}`,
    ...result.notes.map((note) => `  ${note}`),
  ];
  for (const issue of result.issues) lines.push(`${issue.source}  ${issue.level === 'lossy' ? 'with loss' : 'left out'}  ${issue.reason}`);
  if (verified !== undefined) {
    const modes = Object.entries(verified.compared).map(([mode, count]) => `${mode} ${count}`);
    lines.push(
      `verify: ${verified.mismatches.length === 0 ? 'every value equal' : `${verified.mismatches.length} values differ`} (${modes.join(', ')})`,
    );
    for (const mismatch of verified.mismatches.slice(0, 50)) {
      lines.push(`  ${mismatch.source} (${mismatch.mode}): source ${mismatch.expected}, imported ${mismatch.got}`);
    }
  }
  return lines.join('\n');
}
