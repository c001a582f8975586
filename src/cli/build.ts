import { lstat, readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { didYouMean } from '../compile/diagnostics/suggest.js';
import type { CompiledDesignSystem } from '../compile/types.js';
import type { Snapshot } from '../state/snapshot.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../views/formats/output-formats.js';
import { routeOf } from '../views/formats/output-format.js';
import type { OutputFormat } from '../views/formats/output-format.js';
import type { FormatId, OptionsOf } from '../views/formats/output-formats.js';
import { BUILD_GENERATOR, MANIFEST_FILE, PACKAGE_FILE, readPackageId, renderManifest, renderPackageJson } from './build-output.js';
import type { BuildManifest, ManifestFile, PackageId } from './build-output.js';
import { asUsageError, definedOptions, readFormatRequests } from './build-requests.js';
import type { FormatRequest } from './build-requests.js';
import { loadRef, loadWorkTree } from './build-revision.js';
import type { BuildRevision, LoadedSource } from './build-revision.js';
import { EXIT_OK, EXIT_STATUS_HELP } from './exit-status.js';
import { parseCommandArgs, requireFolder, UsageError } from './usage-error.js';
import { displayPath } from './validate.js';
import { writeDesignSystemFolder } from './write-design-system-folder.js';
import { leftOutNotes } from '../views/lint/format-lints.js';
import { digest, renderBuildTask } from './build-task.js';

export const BUILD_USAGE = `Usage: token-server build --out <folder> [options]

Writes the export formats' files of one revision of the design systems to a folder, without a server: each file
is, byte for byte, the body the format's HTTP route answers for that revision and those parameters. Beside them,
manifest.json lists every file with its size, SHA-256 and SRI hash, the revision, the formats and their options.

Options:
  --out <folder>                    where to write: <folder>/<design system>/<file> and manifest.json; the folder must
                                    not exist, be empty or hold an earlier build (replaced once the new one is complete)
  --source <folder>                 the design systems (default: design-systems)
  --ref <rev>                       build this commit, tag or branch of the source's Git repository, read as ?ref=
                                    reads it (default: the work tree as it is, uncommitted edits included)
  --design-system <slug>            build this design system (slug or id); repeat for several (default: all)
  --format <format>[?<query>]       build this format, with the query string its route takes, e.g.
                                    --format 'css?theme=media&prefix=--acme'; repeat for several, the same format
                                    too when the files differ (--format css --format 'css?mode=dark')
  --formats <format>,<format>...    build these formats with their default parameters
                                    (default, without --format or --formats: every format)
  --param <format>.<name>=<value>   set a parameter for every --format of that format: --param css.prefix=--acme
  --package <name>@<version>        also write package.json, so the folder publishes as that npm package
  --force                           replace an --out folder that holds something other than an earlier build
  -h, --help                        show this help

Formats: ${OUTPUT_FORMAT_IDS.join(', ')} (their parameters: docs/api.md, "Output formats")

The same source, revision and options give the same bytes: no times are written, everything in a stable order.

${EXIT_STATUS_HELP}
  build: 1 when a design system to build has errors (nothing is written)`;

const BUILD_OPTIONS = {
  out: { type: 'string' },
  source: { type: 'string', default: 'design-systems' },
  ref: { type: 'string' },
  'design-system': { type: 'string', multiple: true },
  format: { type: 'string', multiple: true },
  formats: { type: 'string' },
  param: { type: 'string', multiple: true },
  package: { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Runs `token-server build`; returns the exit status (a wrong call throws a UsageError, a design system with errors an Error). */
export async function runBuild(args: readonly string[], cwd: string, output: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { values } = parseCommandArgs(args, BUILD_OPTIONS, false, 'build');
  if (values.help === true) {
    output.write(`${BUILD_USAGE}\n`);
    return EXIT_OK;
  }
  if (values.out === undefined) throw new UsageError('`--out <folder>` is needed: the folder to write the files to');
  const requests = readFormatRequests(values);
  const packageId = values.package === undefined ? undefined : readPackageId(values.package);
  const out = resolve(cwd, values.out);
  const replace = await checkOutFolder(out, values.out, values.force === true);
  const shownSource = values.source ?? 'design-systems';
  const sourceDir = resolve(cwd, shownSource);
  await requireFolder(sourceDir, shownSource, 'source folder');
  // As `validate` does: what the server would not read (links, non-regular files, too many files) is named on stderr.
  const onSkipped = (path: string, reason: string): void =>
    void process.stderr.write(`skipped ${displayPath(cwd, join(sourceDir, path))}: ${reason}\n`);
  const source = values.ref === undefined ? await loadWorkTree(sourceDir, 0, onSkipped) : await loadRef(sourceDir, shownSource, values.ref);
  const systems = selectSystems(source, values['design-system'] ?? [], shownSource, values.ref);
  const revision = source.revisionOf(systems.map((system) => system.meta.slug));
  const { files, manifest } = renderBuild(systems, requests, revision, packageId);
  if (packageId !== undefined) files.set(PACKAGE_FILE, renderPackageJson(packageId, manifest.files));
  files.set(MANIFEST_FILE, renderManifest(manifest));
  await writeDesignSystemFolder(out, files, replace);
  // Values a platform has no form for (a length in `em` outside a typography): told, never dropped in silence.
  const formatIds = requests.map((request) => request.format);
  for (const system of systems) for (const note of leftOutNotes(system, formatIds)) process.stderr.write(`note: ${note}\n`);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  const count = systems.length === 1 ? '1 design system' : `${systems.length} design systems`;
  const written = manifest.files.length === 1 ? '1 file' : `${manifest.files.length} files`;
  output.write(`wrote ${written} (${bytes.toLocaleString('en-US')} bytes) for ${count} to ${values.out} (${describeRevision(revision)})\n`);
  return EXIT_OK;
}

/**
 * Whether `out` is to be replaced: it must not be a link nor a file; a folder that is empty or holds an earlier build
 * (its manifest says so) is replaced once the new one is complete, anything else only with `--force`.
 */
async function checkOutFolder(out: string, shown: string, force: boolean): Promise<boolean> {
  const found = await lstat(out).catch(() => undefined);
  if (found === undefined) return false;
  if (found.isSymbolicLink())
    throw new UsageError(`${shown} is a symbolic link: the build never writes through one; give the folder itself`);
  if (!found.isDirectory()) throw new UsageError(`${shown} is not a folder`);
  if ((await readdir(out)).length === 0 || force) return true;
  const manifest = await readFile(join(out, MANIFEST_FILE), 'utf8').catch(() => '');
  const generator = (() => {
    try {
      return (JSON.parse(manifest) as { generator?: unknown }).generator;
    } catch {
      return undefined;
    }
  })();
  if (generator !== BUILD_GENERATOR)
    throw new UsageError(
      `${shown} is not empty and holds no earlier build (no ${MANIFEST_FILE} written by ${BUILD_GENERATOR}); choose a new folder or pass --force`,
    );
  return true;
}

/**
 * The design systems to build, by slug: the ones asked for (by slug or id, as `?designSystem=` takes them) or all.
 * One that does not load (errors in its files, too many files) stops the build: a build never leaves one out quietly.
 */
function selectSystems(
  source: LoadedSource,
  asked: readonly string[],
  shownSource: string,
  ref: string | undefined,
): CompiledDesignSystem[] {
  const { snapshot, refused } = source;
  const slugs = [...new Set([...snapshot.systems.keys(), ...refused.keys()])].sort();
  const idOf = (slug: string): string | undefined => snapshot.systems.get(slug)?.compiled?.meta.id;
  const chosen = asked.length === 0 ? slugs : [];
  for (const name of asked) {
    const slug = slugs.includes(name) ? name : slugs.find((candidate) => idOf(candidate) === name);
    if (slug === undefined) {
      const where = ref === undefined ? shownSource : `${shownSource} at ${ref}`;
      const has = slugs.length === 0 ? 'it has none' : `it has ${slugs.join(', ')}`;
      throw new UsageError(`no design system \`${name}\` in ${where}${didYouMean(name, slugs)}; ${has}`);
    }
    if (!chosen.includes(slug)) chosen.push(slug);
  }
  if (chosen.length === 0) throw new UsageError(`no design system found in ${shownSource} (expected ${shownSource}/<slug>/system.yaml)`);
  return chosen.sort().map((slug) => loadedSystem(snapshot, refused, slug, ref === undefined ? shownSource : undefined));
}

/** The compiled design system `slug`; an Error (exit 1) when the source does not load it, naming the first error. */
function loadedSystem(
  snapshot: Snapshot,
  refused: ReadonlyMap<string, string>,
  slug: string,
  validatable: string | undefined,
): CompiledDesignSystem {
  const reason = refused.get(slug);
  if (reason !== undefined) throw new Error(`design system \`${slug}\` is not loaded: ${reason}`);
  const state = snapshot.systems.get(slug);
  if (state?.compiled !== undefined) return state.compiled;
  const errors = state?.problems.filter((problem) => problem.severity === 'error') ?? [];
  const first = errors[0];
  const hint = validatable === undefined ? '' : ` (\`token-server validate ${validatable}\` lists them)`;
  const detail = first === undefined ? '' : ` First: ${first.file}:${first.line}:${first.column} ${first.message}`;
  throw new Error(
    `design system \`${slug}\` does not build: its files have ${errors.length} error${errors.length === 1 ? '' : 's'}${hint}.${detail}`,
  );
}

/**
 * Every file of the build, rendered by the registry row's `render` exactly as the route renders it (after the same
 * `checkOptions`), with its manifest. Design systems in slug order, formats in the order asked.
 */
function renderBuild(
  systems: readonly CompiledDesignSystem[],
  requests: readonly FormatRequest[],
  revision: BuildRevision,
  packageId: PackageId | undefined,
): { files: Map<string, string | Uint8Array>; manifest: BuildManifest } {
  for (const system of systems)
    for (const request of requests)
      asUsageError(`${request.label}: design system \`${system.meta.slug}\``, () => checkOptionsOf(request.format, request, system));
  const files = new Map<string, string | Uint8Array>();
  const described: ManifestFile[] = [];
  for (const system of systems) {
    const slug = system.meta.slug;
    for (const request of requests) {
      for (const piece of renderBuildTask(system, request.job).map(digest)) {
        const path = `${slug}/${request.fileName}${piece.suffix}`;
        files.set(path, piece.body);
        described.push({
          path,
          designSystem: slug,
          format: request.format,
          request: requestOf(request, slug, revision, piece.routePath),
          contentType: piece.contentType,
          bytes: piece.body.byteLength,
          sha256: piece.sha256,
          integrity: piece.integrity,
        });
      }
    }
  }
  const manifest: BuildManifest = {
    generator: BUILD_GENERATOR,
    revision,
    designSystems: systems.map((system) => ({
      slug: system.meta.slug,
      id: system.meta.id,
      name: system.meta.name,
      tokens: system.tokens.length,
      contentHash: system.contentHash,
    })),
    formats: requests.map((request) => ({
      format: request.format,
      parameters: request.parameters,
      options: definedOptions(request.job.options),
    })),
    files: described,
    ...(packageId === undefined ? {} : { package: packageId }),
  };
  return { files, manifest };
}

/** The format's `checkOptions` (a `mode` the design system has), as the route runs it before rendering. */
function checkOptionsOf<Id extends FormatId>(id: Id, request: FormatRequest, system: CompiledDesignSystem): void {
  const format: OutputFormat<OptionsOf<Id>> = OUTPUT_FORMATS[id];
  format.checkOptions?.(request.job.options as OptionsOf<Id>, system);
}

/** The API request that answers a file's exact bytes: the route, the parameters given, the design system, the commit. */
function requestOf(request: FormatRequest, slug: string, revision: BuildRevision, filePath: string): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.parameters)) query.append(name, value);
  query.append('designSystem', slug);
  if (revision.kind === 'commit') query.append('ref', revision.commit);
  return `${routeOf(OUTPUT_FORMATS[request.format])}${filePath}?${query.toString()}`;
}

/** The revision in the summary line. */
function describeRevision(revision: BuildRevision): string {
  switch (revision.kind) {
    case 'folder':
      return 'the folder as it is';
    case 'commit':
      return revision.ref === revision.commit ? `commit ${revision.commit}` : `${revision.ref}: commit ${revision.commit}`;
    case 'work-tree': {
      const at = revision.commit === null ? 'before its first commit' : `at ${revision.commit.slice(0, 12)}`;
      return revision.dirty ? `the work tree ${at}, edited: ${revision.dirtyDesignSystems.join(', ')}` : `the work tree ${at}`;
    }
  }
}
