import { join, relative, resolve, sep } from 'node:path';
import { checkKeyReferences } from '../compile/keys/check-key-references.js';
import { compileDesignSystemFolder } from '../compile/compile-design-system.js';
import { compareDiagnostics, compareKeys } from '../compile/diagnostics/sort-order.js';
import { parseKeysFile } from '../compile/keys/parse-keys-file.js';
import { parseSourceFile } from '../compile/yaml/parse-source-file.js';
import type { ParsedSourceFile } from '../compile/yaml/parse-source-file.js';
import type { Diagnostic } from '../compile/types.js';
import { readKeysFile, readSourceFolder } from '../source/read-source-folder.js';
import { isSourceYamlPath, isSystemFilePath, slugOfSystemPath } from '../compile/source-paths.js';
import { didYouMean } from '../compile/diagnostics/suggest.js';
import { formatGithubReport, formatJsonReport, formatSarifReport, formatTextReport } from './format-diagnostics.js';
import { validationDiagnostics } from '../views/lint/validation-diagnostics.js';
import { paintFor } from './terminal-style.js';
import { parseSourceFiles } from './parse-source-files.js';
import type { ValidationReport } from './format-diagnostics.js';
import { EXIT_FAILED, EXIT_OK, EXIT_STATUS_HELP } from './exit-status.js';
import { parseCommandArgs, requireFolder, UsageError } from './usage-error.js';

export const VALIDATE_USAGE = `Usage: token-server validate [source folder] [--keys <keys.yaml>] [--format text|json|github|sarif]

Checks every design system below the source folder (default: design-systems) with the
compiler the server uses, and prints each problem as
  path:line:column  error|warning  message  (rule)
followed by a summary line.

Options:
  --keys <file>         also check this keys file (entries, design systems, expiry)
  --format <name>       text (default); json (an array of problems, no summary); github (GitHub Actions
                        annotations: each problem shows on the pull request's lines); sarif (a SARIF 2.1.0
                        log for code scanning and review tools)
  --code-frame <when>   quote the source lines under each problem in the text report: auto (default: when the
                        output is a terminal), always or never
  -h, --help            show this help

Colours follow the terminal: none in a file or a pipe, or with NO_COLOR set; FORCE_COLOR=1 forces them.

${EXIT_STATUS_HELP}`;

const OPTIONS = {
  keys: { type: 'string' },
  format: { type: 'string', default: 'text' },
  'code-frame': { type: 'string', default: 'auto' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs `token-server validate`; returns the exit status. */
export async function runValidate(args: readonly string[], cwd: string, now: number): Promise<number> {
  const { values, positionals } = parseCommandArgs(args, OPTIONS, true, 'validate');
  if (values.help) {
    process.stdout.write(`${VALIDATE_USAGE}\n`);
    return EXIT_OK;
  }
  if (positionals.length > 1) throw new UsageError(`validate takes one source folder, got ${positionals.length}: ${positionals.join(' ')}`);
  const format = values.format;
  if (format !== 'text' && format !== 'json' && format !== 'github' && format !== 'sarif')
    throw new UsageError(
      `--format must be text, json, github or sarif, got ${format}${didYouMean(format ?? '', ['text', 'json', 'github', 'sarif'])}`,
    );
  const codeFrame = values['code-frame'];
  if (codeFrame !== 'auto' && codeFrame !== 'always' && codeFrame !== 'never')
    throw new UsageError(`--code-frame must be auto, always or never, got ${codeFrame}`);

  const sourceDir = resolve(cwd, positionals[0] ?? 'design-systems');
  await requireFolder(sourceDir, displayPath(cwd, sourceDir), 'source folder');
  // As the server does: symbolic links and non-regular files are never read; say which, on stderr.
  const onSkipped = (path: string, reason: string): void =>
    void process.stderr.write(`skipped ${displayPath(cwd, join(sourceDir, path))}: ${reason}\n`);
  const files = (await readSourceFolder(sourceDir, now, onSkipped)).flatMap((event) =>
    event.type === 'file/changed' ? [{ path: event.path, text: event.text }] : [],
  );

  let keys: ValidationInput['keys'];
  if (values.keys !== undefined) {
    const keysPath = resolve(cwd, values.keys);
    const event = await readKeysFile(keysPath, now);
    if (event.type !== 'keys/changed' || event.text === null)
      throw new UsageError(`keys file ${displayPath(cwd, keysPath)} does not exist`);
    keys = { path: displayPath(cwd, keysPath), text: event.text };
  }

  const report = await validateInput({ files, keys, sourcePrefix: displayPath(cwd, sourceDir), now });
  if (report.designSystems === 0) {
    throw new UsageError(
      `no design system found in ${displayPath(cwd, sourceDir)} (expected ${displayPath(cwd, sourceDir)}/<slug>/system.yaml)`,
    );
  }
  const frames = codeFrame === 'always' || (codeFrame === 'auto' && process.stdout.isTTY);
  const sources = new Map<string, string>();
  if (frames) {
    const prefix = displayPath(cwd, sourceDir);
    for (const file of files) sources.set(prefix === '.' ? file.path : `${prefix}/${file.path}`, file.text);
    if (keys !== undefined) sources.set(keys.path, keys.text);
  }
  process.stdout.write(
    format === 'json'
      ? formatJsonReport(report)
      : format === 'github'
        ? formatGithubReport(report)
        : format === 'sarif'
          ? formatSarifReport(report)
          : formatTextReport(report, { paint: paintFor(process.stdout), sources }),
  );
  return report.diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? EXIT_FAILED : EXIT_OK;
}

/** Source and keys texts as read from disk: what `validate` checks. */
export interface ValidationInput {
  readonly files: readonly { readonly path: string; readonly text: string }[];
  /** The keys file, `path` as shown to the user; undefined when none was given. */
  readonly keys: { readonly path: string; readonly text: string } | undefined;
  /** The source folder as shown to the user (`.` for the working directory). */
  readonly sourcePrefix: string;
  readonly now: number;
}

/** Parses (in worker threads when the source is large) and checks everything, as the server would. */
export async function validateInput(input: ValidationInput): Promise<ValidationReport> {
  const texts = input.files
    .filter((file) => isSourceYamlPath(file.path))
    .map((file) => ({ ...file, isSystemFile: isSystemFilePath(file.path) }));
  return buildReport(await parseSourceFiles(texts), input);
}

/** The same as {@link validateInput}, parsing on the calling thread. */
export function validateInputSync(input: ValidationInput): ValidationReport {
  const files = input.files.filter((file) => isSourceYamlPath(file.path));
  return buildReport(
    files.map((file) => parseSourceFile(file.path, file.text, isSystemFilePath(file.path))),
    input,
  );
}

/**
 * Groups the parsed files by design system and compiles each exactly as the server's reducer does
 * (`<slug>/system.yaml` plus every other file below `<slug>/`, sorted by path), then adds the checks that span keys
 * and design systems. Paths are shown from the user's working directory.
 */
function buildReport(parsed: readonly ParsedSourceFile[], input: ValidationInput): ValidationReport {
  const bySlug = new Map<string, ParsedSourceFile[]>();
  for (const file of [...parsed].sort((a, b) => compareKeys(a.path, b.path))) {
    const slug = slugOfSystemPath(file.path);
    const group = bySlug.get(slug);
    if (group === undefined) bySlug.set(slug, [file]);
    else group.push(file);
  }
  const shown = (path: string): string => (input.sourcePrefix === '.' ? path : `${input.sourcePrefix}/${path}`);
  const diagnostics: Diagnostic[] = [];
  let tokens = 0;
  for (const [slug, files] of bySlug) {
    const result = compileDesignSystemFolder(slug, files);
    tokens += result.system?.tokens.length ?? 0;
    // The compiler's problems, and on what compiled the export formats' own lints (a name clash in one language) and
    // the `contrast` section's checks: the same function a change request is validated with.
    for (const problem of validationDiagnostics(result, files)) {
      // Messages point at other places as `at <file>:<line>:<column>`; show those paths the same way as the line's own.
      const message = problem.message.replace(
        /\bat ([^\s`]+\.yaml):(\d+):(\d+)/g,
        (_, file: string, line: string, column: string) => `at ${shown(file)}:${line}:${column}`,
      );
      diagnostics.push({ ...problem, file: shown(problem.file), message });
    }
  }
  let keys: number | undefined;
  if (input.keys !== undefined) {
    const parsedKeys = parseKeysFile(input.keys.path, input.keys.text);
    diagnostics.push(...parsedKeys.diagnostics);
    keys = parsedKeys.keys?.length ?? 0;
    diagnostics.push(...checkKeyReferences(input.keys.path, input.keys.text, parsedKeys.keys ?? [], new Set(bySlug.keys()), input.now));
  }
  diagnostics.sort(compareDiagnostics);
  return { diagnostics, designSystems: bySlug.size, tokens, keys };
}

/** A path as the user would type it from `cwd`: relative, `/`-separated, no trailing slash. */
export function displayPath(cwd: string, absolutePath: string): string {
  return relative(cwd, absolutePath).split(sep).join('/') || '.';
}
