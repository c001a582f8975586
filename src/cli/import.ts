import { lstat, readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { SLUG } from '../compile/values/name-rules.js';
import { MODE_NAME } from '../compile/fields/read-modes.js';
import { breakpointsOf } from '../import/breakpoint-sets.js';
import { importDesignSystem } from '../import/import-design-system.js';
import { TYPE_CHOICES } from '../import/infer-types.js';
import type { TypeChoice } from '../import/infer-types.js';
import { MAX_IMPORT_FILE_BYTES } from '../import/import-limits.js';
import type { ImportIssue } from '../import/source-token.js';
import { SOURCE_FORMATS } from '../import/read-sources.js';
import type { SourceFormat } from '../import/read-sources.js';
import type { ImportInput, ImportResult } from '../import/import-design-system.js';
import { diffImports, importChangeLines } from '../import/import-changes.js';
import type { ImportChanges } from '../import/import-changes.js';
import { IMPORT_RECORD_FILE, renderImportRecord } from '../import/import-record.js';
import { verdictLines, verdictsOf } from '../import/verdicts.js';
import { verifyImport } from '../import/verify-import.js';
import { compareWithBuild } from '../import/against/compare-with-build.js';
import type { AgainstResult } from '../import/against/compare-with-build.js';
import { cssImportsOf } from '../import/against/read-build.js';
import type { BuildFile } from '../import/against/read-build.js';
import type { VerifyResult } from '../import/verify-import.js';
import { readRegularFile } from '../source/read-regular-file.js';
import { EXIT_FAILED, EXIT_OK, EXIT_STATUS_HELP } from './exit-status.js';
import { readUpdateTarget, recordArgs, recordedRanIn } from './import-update.js';
import type { UpdateTarget } from './import-update.js';
import { parseCommandArgs, UsageError } from './usage-error.js';
import { writeDesignSystemFolder } from './write-design-system-folder.js';
import { itemAt } from '../compile/checked-access.js';

export const IMPORT_USAGE = `Usage: token-server import <file or folder>... --out <design-systems folder>/<slug> [options]
       token-server import --update <design-systems folder>/<slug> [--verify] [--format json] [--force]

Reads design tokens and writes a design-system folder in our YAML: every token with its type, references kept,
composites, descriptions, deprecations, and the source's themes as modes. Formats (found from the files, or --from):
  dtcg              DTCG JSON: the 2025.10 format or the older string values (our own /export/json too)
  resolver          a DTCG 2025.10 resolver document (its contexts become modes) and the token files it names
  tokens-studio     Tokens Studio JSON: one file or a folder of token sets with $themes.json and $metadata.json
  style-dictionary  Style Dictionary JSON: value, type, comment, {references}
A folder is read for its *.json and *.json5 files; .json5 files (and JSON that does not parse) are read as JSON5.

Options:
  --out <folder>     the design-system folder to write (its name is the slug); must not exist or be empty, and
                     must not be a symbolic link
  --name <name>      the design system's name (default: the slug)
  --mode <m>=<paths> files (comma-separated files or folders) that give mode <m>'s values, laid over the others'
                     for that mode: a theme kept as its own files (repeat for each mode)
  --from <format>    read the files as this format instead of finding it: dtcg, resolver, tokens-studio, style-dictionary
  --type <t>=<ours>  read the source's type <t> as our type <ours>, or auto to type its tokens from their values
                     (a missing or unknown type always is); repeat for each type (--type semantic=auto)
  --breakpoint <s>=<min-width>
                     read the source's set (mode) <s> as a breakpoint from that viewport width up (64rem, 1024px),
                     or, at width 0, as the values below every breakpoint (--breakpoint mobile=0 --breakpoint
                     desktop=64rem); repeat for each set
  --verify           compile the result and compare every token's value in every mode with the source's
  --against [<m>=]<paths>
                     the system's own build (CSS, JSON or JS files or folders, comma-separated): compare what the
                     server serves in every mode with it, each mode matched with the build's file and selector
                     that fits it best (or mode <m>'s files); repeat for more files
  --format <f>       text (default) or json, for CI
  --force            replace a folder that is not empty (once the new one is complete)
  --update <folder>  run the import that wrote <folder> again (recorded in its ${IMPORT_RECORD_FILE}), from the
                     folder it ran in, and say what changed; refuses a folder edited since, unless --force
  -h, --help         show this help

Prints what it imported per type and every token it could not carry exactly, with its source (file:key).
Symbolic links in a folder are never followed (listed on stderr); files over 50 MiB, files nested more than 100 levels,
keys over 200 characters and tokens whose YAML line would not fit in a 1 MiB source file are left out, and said so.

${EXIT_STATUS_HELP}
  import: 1 when nothing could be imported, or --verify or --against found a difference`;

const IMPORT_OPTIONS = {
  out: { type: 'string' },
  name: { type: 'string' },
  from: { type: 'string' },
  mode: { type: 'string', multiple: true },
  type: { type: 'string', multiple: true },
  breakpoint: { type: 'string', multiple: true },
  verify: { type: 'boolean' },
  against: { type: 'string', multiple: true },
  format: { type: 'string' },
  force: { type: 'boolean' },
  update: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type ImportValues = ReturnType<typeof parseImportArgs>['values'];

const parseImportArgs = (args: readonly string[]) => parseCommandArgs(args, IMPORT_OPTIONS, true);

/** Runs `token-server import ...`; returns the exit status. */
export async function runImport(args: readonly string[], cwd: string): Promise<number> {
  const { values, positionals } = parseImportArgs(args);
  if (values.help === true) {
    console.log(IMPORT_USAGE);
    return EXIT_OK;
  }
  if (values.update !== undefined) return runUpdate(values.update, values, positionals, cwd);
  return importFiles(values, positionals, cwd, undefined);
}

/** `--update <folder>`: the folder's recorded import, run again where it ran, over the folder. */
async function runUpdate(shown: string, values: ImportValues, positionals: readonly string[], cwd: string): Promise<number> {
  const beside = (['out', 'name', 'from', 'mode', 'type', 'breakpoint'] as const).some((option) => values[option] !== undefined);
  if (positionals.length > 0 || beside) {
    throw new UsageError(
      '--update runs the recorded import again: only --verify, --against, --format and --force go with it; to change what is ' +
        'imported, run the import with its files and options, and --force',
    );
  }
  const folder = resolve(cwd, shown);
  const target = await readUpdateTarget(folder, shown, values.force === true);
  const recorded = parseImportArgs(target.record.args);
  const options = { ...recorded.values, out: folder, verify: values.verify, against: values.against, format: values.format, force: true };
  return importFiles(options, recorded.positionals, target.ranIn, { target, shown });
}

/** The import as called (or as recorded, for `--update`), run in `cwd`. */
async function importFiles(
  values: ImportValues,
  positionals: readonly string[],
  cwd: string,
  update: { readonly target: UpdateTarget; readonly shown: string } | undefined,
): Promise<number> {
  if (values.out === undefined) throw new UsageError('`--out <design-systems folder>/<slug>` is needed');
  if (positionals.length === 0) throw new UsageError('give at least one file or folder to import');
  const shownOut = update?.shown ?? values.out;
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, got \`${format}\``);
  const from = values.from as SourceFormat | undefined;
  if (from !== undefined && !SOURCE_FORMATS.includes(from)) {
    throw new UsageError(`--from must be one of ${SOURCE_FORMATS.join(', ')}, got \`${from}\``);
  }
  const types: Record<string, TypeChoice> = {};
  for (const written of values.type ?? []) {
    const [name = '', choice = ''] = written.split(/=(.*)/s, 2);
    if (name === '' || !(TYPE_CHOICES as readonly string[]).includes(choice)) {
      throw new UsageError(
        `--type takes <source type>=<our type or auto> (our types: ${TYPE_CHOICES.filter((type) => type !== 'auto').join(', ')}): got \`${written}\``,
      );
    }
    types[name] = choice as TypeChoice;
  }
  const out = resolve(cwd, values.out);
  const slug = basename(out);
  if (!SLUG.test(slug)) throw new UsageError(`the folder name \`${slug}\` is the slug: lowercase letters, digits and single hyphens`);
  const found = await lstat(out).catch(() => undefined);
  if (found?.isSymbolicLink() === true) {
    throw new UsageError(`${values.out} is a symbolic link: the import never writes through one; give the folder itself`);
  }
  if (found !== undefined && !found.isDirectory()) throw new UsageError(`${values.out} is not a folder`);
  const existing = found === undefined ? [] : await readdir(out);
  if (existing.length > 0 && values.force !== true) {
    throw new UsageError(`${values.out} is not empty; choose a new folder or pass --force`);
  }
  const skipped: ImportIssue[] = [];
  const onSkipped = (path: string, reason: string): void => {
    process.stderr.write(`skipped ${path}: ${reason}\n`);
    skipped.push({ source: path, level: 'skipped', reason });
  };
  const inputs: ImportInput[] = [];
  const tooLarge: ImportIssue[] = [];
  const read = async (path: string, into: ImportInput[]): Promise<void> => {
    for (const input of await readTokenFiles(cwd, path, onSkipped, update?.target.boundary)) {
      if ('tooLarge' in input) tooLarge.push({ source: input.path, level: 'skipped', reason: input.tooLarge });
      else into.push(input);
    }
  };
  for (const path of positionals) await read(path, inputs);
  const layers = [];
  for (const written of values.mode ?? []) {
    const [mode = '', paths = ''] = written.split(/=(.*)/s, 2);
    if (!MODE_NAME.test(mode) || mode === 'light' || paths === '') {
      throw new UsageError(
        `--mode takes <mode>=<files or folders>, the mode in lowercase words joined by hyphens, not light: got \`${written}\``,
      );
    }
    const files: ImportInput[] = [];
    for (const path of paths.split(',')) await read(path, files);
    layers.push({ mode, inputs: files });
  }
  const breakpoints = breakpointsOf(values.breakpoint ?? []);
  if (typeof breakpoints === 'string') throw new UsageError(breakpoints);
  const imported = importDesignSystem(inputs, { slug, name: values.name ?? slug, format: from, layers, types, breakpoints });
  const result = { ...imported, issues: [...skipped, ...tooLarge, ...imported.issues] };
  const sources = result.sources.map((token) => token.source);
  const verdicts = verdictsOf(result.issues);
  const args = recordArgs(cwd, {
    inputs: positionals,
    name: values.name,
    from: values.from,
    modes: values.mode ?? [],
    types: values.type ?? [],
    breakpoints: values.breakpoint ?? [],
  });
  const record = renderImportRecord({ ranIn: recordedRanIn(out, cwd), args, sources, verdicts }, result.files);
  const files = new Map([...result.files, [IMPORT_RECORD_FILE, record]]);
  const rewritten = update === undefined || !sameFiles(update.target.files, files);
  if (result.tokens.length > 0 && rewritten) await writeDesignSystemFolder(out, files, values.force === true);
  const verified =
    values.verify === true && result.compiled.system !== undefined
      ? verifyImport(result.sources, result.tokens, result.compiled.system)
      : undefined;
  const against =
    values.against !== undefined && result.compiled.system !== undefined ? await compareAgainst(cwd, values.against, result) : undefined;
  const changes =
    update === undefined || result.tokens.length === 0
      ? undefined
      : diffImports(update.target.before, { system: result.compiled.system, sources, verdicts }, rewritten);
  console.log(
    format === 'json'
      ? JSON.stringify({ ...jsonReport(result, verified, shownOut, changes), ...(against === undefined ? {} : { against }) })
      : [textReport(result, verified, shownOut, changes), ...(against === undefined ? [] : againstLines(against))].join('\n'),
  );
  if (result.tokens.length === 0) return EXIT_FAILED;
  if (against !== undefined && !against.allEqual) return EXIT_FAILED;
  return verified !== undefined && verified.mismatches.length > 0 ? EXIT_FAILED : EXIT_OK;
}

/** The files of the build each `--against [<mode>=]<paths>` names, read, and the import's served values compared with them. */
async function compareAgainst(cwd: string, written: readonly string[], result: ImportResult): Promise<AgainstResult> {
  const files: BuildFile[] = [];
  const chosen: Record<string, string[]> = {};
  for (const each of written) {
    const mode = /^([a-z0-9]+(?:-[a-z0-9]+)*)=(.*)$/s.exec(each);
    const paths = (mode === null ? each : itemAt(mode, 2)).split(',').filter((path) => path !== '');
    if (paths.length === 0) throw new UsageError(`--against takes [<mode>=]<files or folders>: got \`${each}\``);
    for (const path of paths) {
      const read = await readBuildFiles(cwd, path);
      for (const file of read) if (!files.some((known) => known.path === file.path)) files.push(file);
      if (mode !== null) (chosen[itemAt(mode, 1)] ??= []).push(...read.map((file) => file.path));
    }
  }
  const system = result.compiled.system as NonNullable<ImportResult['compiled']['system']>;
  const modesWritten = new Set(system.modes.map((mode) => mode.name));
  // The modes the source has (as `--verify` compares them): light, and each one some token gives a value in.
  const modes = ['light', ...new Set(result.sources.flatMap((token) => Object.keys(token.modes)))].filter((mode) => modesWritten.has(mode));
  return compareWithBuild(system, [...new Set(modes)], files, chosen);
}

/** The built files of `path`: the file, or every `*.css`, `*.json` and `*.js` below the folder, in path order; a stylesheet's local `@import`s before it. */
async function readBuildFiles(cwd: string, path: string): Promise<BuildFile[]> {
  const absolute = resolve(cwd, path);
  const found = await stat(absolute).catch(() => undefined);
  if (found === undefined) throw new UsageError(`${path} does not exist`);
  const shown = (file: string): string => relative(cwd, file) || file;
  const paths: string[] = [];
  if (found.isFile()) paths.push(absolute);
  else {
    const folders = [absolute];
    for (let next = folders.pop(); next !== undefined; next = folders.pop()) {
      for (const entry of await readdir(next, { withFileTypes: true })) {
        const file = join(next, entry.name);
        if (entry.isDirectory()) folders.push(file);
        else if (entry.isFile() && /\.(?:css|json|m?js|cjs)$/.test(entry.name)) paths.push(file);
      }
    }
  }
  const files: BuildFile[] = [];
  const seen = new Set<string>();
  // A stylesheet's local `@import`s are read before it, as a browser applies them (`dist/index.css` importing
  // `./design-tokens.css`), each file once.
  const add = async (file: string, followSymlink: boolean): Promise<void> => {
    if (seen.has(file)) return;
    seen.add(file);
    const read = await readRegularFile(file, { maxBytes: MAX_IMPORT_FILE_BYTES, followSymlink, deadlineMs: 60_000 });
    if (read.kind !== 'text') return;
    if (/\.css$/i.test(file))
      for (const imported of cssImportsOf(read.text)) {
        const target = resolve(dirname(file), imported);
        if (/\.css$/i.test(target) && (await stat(target).catch(() => undefined))?.isFile() === true) await add(target, false);
      }
    files.push({ path: shown(file), text: read.text });
  };
  for (const file of paths.sort()) await add(file, found.isFile());
  return files;
}

const count = (n: number): string => n.toLocaleString('en-US');
const names = (n: number): string => `${count(n)} ${n === 1 ? 'name' : 'names'}`;

/** The text report of `--against`: per mode what it was matched with and its counts, then every difference (50 at most per mode). */
function againstLines(against: AgainstResult): string[] {
  const lines: string[] = [];
  const { build, ours } = against.prefix;
  const prefix = build !== '' ? ` (names after \`${build}\` in the build)` : ours !== '' ? ` (our names after \`${ours}\`)` : '';
  lines.push(`against the build${prefix}:`);
  for (const file of against.unread) lines.push(`  ${file.file}  not read: ${file.reason}`);
  const lightPlace = against.modes.find((mode) => mode.mode === 'light')?.matched;
  for (const mode of against.modes) {
    const percent = mode.compared === 0 ? 0 : Math.floor((mode.equal / mode.compared) * 1000) / 10;
    lines.push(
      `  ${mode.mode}: ${count(mode.equal)} of ${count(mode.compared)} equal (${percent}%${mode.equalRem > 0 ? `; ${count(mode.equalRem)} with rem = 16px` : ''}), ` +
        `matched with ${mode.matched}; ${names(mode.onlyBuild.length)} only in the build, ${count(mode.onlyOurs.length)} only served`,
    );
    if (mode.compared === 0 && mode.onlyBuild.length > 0 && mode.onlyOurs.length > 0)
      lines.push(
        `    no name there is one we serve (the build's \`${mode.onlyBuild[0] ?? ''}\`, ours \`${mode.onlyOurs[0] ?? ''}\`): ` +
          'is it the build of these files? Give the files its build writes for them',
      );
    // The build's best place for another mode is light's own, and values differ there: the build has no such mode
    // (Voorbeeld's builds only light), so these are not a build's values of that mode.
    if (mode.mode !== 'light' && mode.matched === lightPlace && mode.differ.length > 0)
      lines.push(
        `    no place of the build fits \`${mode.mode}\` better than light's: it may build no \`${mode.mode}\` of its own. ` +
          `If it does, name its files: --against ${mode.mode}=<file>`,
      );
    for (const difference of mode.differ.slice(0, 50))
      lines.push(`    ${difference.name} (${mode.mode}): build ${difference.build}, served ${difference.ours}`);
    if (mode.differ.length > 50) lines.push(`    ... and ${count(mode.differ.length - 50)} more (each one with --format json)`);
  }
  const differ = against.modes.reduce((sum, mode) => sum + mode.differ.length, 0);
  lines.push(
    against.allEqual
      ? 'against: every compared value equal'
      : differ > 0
        ? `against: ${count(differ)} ${differ === 1 ? 'value differs' : 'values differ'}`
        : 'against: a mode matched nothing in the build',
  );
  return lines;
}

/** Whether a folder's files are exactly these (the same paths, the same texts). */
function sameFiles(found: ReadonlyMap<string, string>, files: ReadonlyMap<string, string>): boolean {
  return found.size === files.size && [...files].every(([path, text]) => found.get(path) === text);
}

/** A token file left out for its size: its path as the report names it, and why. */
interface TooLarge {
  readonly path: string;
  readonly tooLarge: string;
}

const TOO_LARGE = `file is larger than ${MAX_IMPORT_FILE_BYTES} bytes (50 MiB, the import's limit)`;

/**
 * Every token file of `path` (relative to `cwd`), read, with its path as the report names it; a file over
 * {@link MAX_IMPORT_FILE_BYTES} is not read (at most one byte more ever is) and comes back as {@link TooLarge}. Below a
 * folder, symbolic links (to files or folders) and `*.json` names that are not regular files are never followed nor
 * read: each is told to `onSkipped`. `path` itself is the caller's choice, and is followed when it is a link, unless
 * `confinedTo` (a real path: `--update` reading what a committed record names) is given: then no link is followed and
 * a file whose real place is outside `confinedTo` is left out.
 */
export async function readTokenFiles(
  cwd: string,
  path: string,
  onSkipped: (path: string, reason: string) => void = () => undefined,
  confinedTo?: string,
): Promise<(ImportInput | TooLarge)[]> {
  const absolute = resolve(cwd, path);
  const found = await (confinedTo === undefined ? stat(absolute) : lstat(absolute)).catch(() => undefined);
  if (found === undefined) throw new UsageError(`${path} does not exist`);
  if (found.isSymbolicLink()) throw new UsageError(`${path} is a symbolic link: --update follows no symbolic link in a recorded path`);
  const shown = (file: string): string => relative(cwd, file) || file;
  if (found.isFile()) return [await readTokenFile(absolute, shown(absolute), confinedTo, onSkipped)].filter((input) => input !== undefined);
  if (!found.isDirectory()) throw new UsageError(`${path} is neither a file nor a folder`);
  const within = confinedTo ?? (await realpath(absolute));
  const inputs = [];
  for (const file of await tokenFiles(absolute, (file, reason) => onSkipped(shown(file), reason))) {
    const input = await readTokenFile(file, shown(file), within, onSkipped);
    if (input !== undefined) inputs.push(input);
  }
  return inputs;
}

async function readTokenFile(
  file: string,
  shown: string,
  within: string | undefined,
  onSkipped: (path: string, reason: string) => void,
): Promise<ImportInput | TooLarge | undefined> {
  // Not read at all when its size says so; the read below stops one byte past the limit should it have grown since.
  const size = await (within === undefined ? stat(file) : lstat(file)).then((info) => info.size).catch(() => 0);
  if (size > MAX_IMPORT_FILE_BYTES) return { path: shown, tooLarge: TOO_LARGE };
  const read = await readRegularFile(file, {
    maxBytes: MAX_IMPORT_FILE_BYTES,
    followSymlink: within === undefined,
    deadlineMs: 60_000,
    ...(within === undefined ? {} : { within }),
  });
  if (read.kind === 'gone') throw new UsageError(`${shown} does not exist`);
  if (read.kind === 'skipped') {
    onSkipped(shown, read.reason);
    return undefined;
  }
  return Buffer.byteLength(read.text) > MAX_IMPORT_FILE_BYTES ? { path: shown, tooLarge: TOO_LARGE } : { path: shown, text: read.text };
}

/**
 * The `*.json` and `*.json5` files below a folder, in path order, found without recursion into links: a symbolic link
 * (to a file or a folder) and a JSON name that is not a regular file are told to `onSkipped`.
 */
async function tokenFiles(folder: string, onSkipped: (path: string, reason: string) => void): Promise<string[]> {
  const files: string[] = [];
  const skipped: [string, string][] = [];
  const folders = [folder];
  for (let next = folders.pop(); next !== undefined; next = folders.pop()) {
    for (const entry of await readdir(next, { withFileTypes: true })) {
      const path = join(next, entry.name);
      if (entry.isSymbolicLink()) skipped.push([path, 'a symbolic link (never followed)']);
      else if (entry.isDirectory()) folders.push(path);
      else if (/\.json5?$/.test(entry.name)) {
        if (entry.isFile()) files.push(path);
        else skipped.push([path, 'not a regular file (a FIFO, socket, device or folder)']);
      }
    }
  }
  for (const [path, reason] of skipped.sort(([a], [b]) => (a < b ? -1 : 1))) onSkipped(path, reason);
  return files.sort();
}

function countsByType(result: ImportResult): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const token of result.tokens) counts[token.type] = (counts[token.type] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The report: counts that equal the verdicts (one per token or file not carried exactly), the verdicts, and every
 * issue as found.
 */
function jsonReport(result: ImportResult, verified: VerifyResult | undefined, out: string, changes?: ImportChanges) {
  const verdicts = verdictsOf(result.issues);
  const lossy = verdicts.filter((verdict) => verdict.level === 'lossy');
  const written = new Set(result.tokens.map((token) => token.source.source));
  return {
    out,
    format: result.format ?? null,
    imported: result.tokens.length,
    exact: result.tokens.length - lossy.filter((verdict) => written.has(verdict.source)).length,
    lossy: lossy.length,
    skipped: verdicts.length - lossy.length,
    byType: countsByType(result),
    modes: result.notes,
    verdicts,
    issues: result.issues,
    ...(verified === undefined ? {} : { verify: verified }),
    ...(result.refused === undefined ? {} : { refused: result.refused }),
    ...(changes === undefined ? {} : { changes }),
  };
}

function textReport(result: ImportResult, verified: VerifyResult | undefined, out: string, changes?: ImportChanges): string {
  const report = jsonReport(result, verified, out);
  const lines = [
    `${report.imported} tokens written to ${out} (${report.exact} exactly, ${report.lossy} with loss), ${report.skipped} left out` +
      (result.format === undefined ? '' : ` (read as ${result.format})`),
    `  ${Object.entries(report.byType)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ')}`,
    ...result.notes.map((note) => `  ${note}`),
    ...(result.refused === undefined ? [] : [`nothing written: ${result.refused}`]),
  ];
  for (const line of verdictLines(report.verdicts)) lines.push(line);
  if (verified !== undefined) {
    const modes = Object.entries(verified.compared).map(([mode, count]) => `${mode} ${count}`);
    lines.push(
      `verify: ${verified.mismatches.length === 0 ? 'every value equal' : `${verified.mismatches.length} values differ`} (${modes.join(', ')})`,
    );
    for (const mismatch of verified.mismatches.slice(0, 50)) {
      lines.push(`  ${mismatch.source} (${mismatch.mode}): source ${mismatch.expected}, imported ${mismatch.got}`);
    }
  }
  if (changes !== undefined) lines.push(...importChangeLines(changes));
  return lines.join('\n');
}
