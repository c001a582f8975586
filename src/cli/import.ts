import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { SLUG } from '../compile/name-rules.js';
import { importDesignSystem } from '../import/import-design-system.js';
import type { ImportResult } from '../import/import-design-system.js';
import { verifyImport } from '../import/verify-import.js';
import type { VerifyResult } from '../import/verify-import.js';
import { EXIT_FAILED, EXIT_OK, EXIT_STATUS_HELP } from './exit-status.js';
import { parseCommandArgs, UsageError } from './usage-error.js';

export const IMPORT_USAGE = `Usage: token-server import <file or folder>... --out <design-systems folder>/<slug> [options]

Reads DTCG JSON (the 2025.10 format, or the older string values; our own /export/json with or without
spec=2025.10 included) and writes a design-system folder in our YAML: every token with its type, references kept,
composites, descriptions, deprecations, and the other modes of our own exports. A folder is read for its *.json files.

Options:
  --out <folder>     the design-system folder to write (its name is the slug); must not exist or be empty
  --name <name>      the design system's name (default: the slug)
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
  const out = resolve(cwd, values.out);
  const slug = basename(out);
  if (!SLUG.test(slug)) throw new UsageError(`the folder name \`${slug}\` is the slug: lowercase letters, digits and single hyphens`);
  const existing = await readdir(out).catch(() => undefined);
  if (existing !== undefined && existing.length > 0 && values.force !== true) {
    throw new UsageError(`${values.out} is not empty; choose a new folder or pass --force`);
  }
  const inputs = [];
  for (const path of positionals) {
    for (const file of await jsonFiles(resolve(cwd, path), path)) {
      inputs.push({ path: relative(cwd, file) || file, text: await readFile(file, 'utf8') });
    }
  }
  const result = importDesignSystem(inputs, { slug, name: values.name ?? slug });
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

/** The JSON files of a path: the file itself, or every `*.json` below a folder, in path order. */
async function jsonFiles(path: string, shown: string): Promise<string[]> {
  const found = await stat(path).catch(() => undefined);
  if (found === undefined) throw new UsageError(`${shown} does not exist`);
  if (found.isFile()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
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
    imported: result.tokens.length,
    exact: result.tokens.filter((token) => !lossy.has(token.source.source)).length,
    lossy: result.tokens.filter((token) => lossy.has(token.source.source)).length,
    skipped: result.issues.filter((issue) => issue.level === 'skipped').length,
    byType: countsByType(result),
    issues: result.issues,
    ...(verified === undefined ? {} : { verify: verified }),
  };
}

function textReport(result: ImportResult, verified: VerifyResult | undefined, out: string): string {
  const report = jsonReport(result, verified, out);
  const lines = [
    `${report.imported} tokens written to ${out} (${report.exact} exactly, ${report.lossy} with loss), ${report.skipped} left out`,
    `  ${Object.entries(report.byType)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ')}`,
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
