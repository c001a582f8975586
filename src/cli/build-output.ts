import type { BuildRevision } from './build-revision.js';
import { UsageError } from './usage-error.js';
import { itemAt } from '../compile/checked-access.js';

/** What `manifest.json` says of a build: what was read, what was asked, and every file with its digests. */
export interface BuildManifest {
  /** Always `token-server build`: a folder holding such a manifest is an earlier build, replaced without `--force`. */
  readonly generator: typeof BUILD_GENERATOR;
  readonly revision: BuildRevision;
  readonly designSystems: readonly {
    readonly slug: string;
    readonly id: string;
    readonly name: string;
    readonly tokens: number;
    readonly contentHash: string;
  }[];
  readonly formats: readonly {
    readonly format: string;
    /** The parameters given, as the route's query string takes them. */
    readonly parameters: Readonly<Record<string, string>>;
    /** What the format read from them, defaults filled in. */
    readonly options: Readonly<Record<string, string>>;
  }[];
  readonly files: readonly ManifestFile[];
  /** With `--package`: the package the folder publishes as. */
  readonly package?: PackageId;
}

/** One file written: its path in the folder, where it comes from, and its size and digests. */
export interface ManifestFile {
  readonly path: string;
  readonly designSystem: string;
  readonly format: string;
  /** The API request whose body is these exact bytes (`/api/v1/export/css?designSystem=acme`, `&ref=<sha>` for a ref). */
  readonly request: string;
  readonly contentType: string;
  readonly bytes: number;
  /** SHA-256 of the bytes, hex. */
  readonly sha256: string;
  /** Subresource Integrity value (`sha384-<base64>`), for `<link integrity>` and lock files. */
  readonly integrity: string;
}

/** `--package <name>@<version>`. */
export interface PackageId {
  readonly name: string;
  readonly version: string;
}

export const BUILD_GENERATOR = 'token-server build';
export const MANIFEST_FILE = 'manifest.json';
export const PACKAGE_FILE = 'package.json';

/** The manifest's text: two-space JSON with a final newline, keys in a fixed order (no times: equal builds, equal bytes). */
export function renderManifest(manifest: BuildManifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

// npm's rules for a new package name (validate-npm-package-name): lowercase URL-safe characters, an optional scope.
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;
// Semantic Versioning 2.0.0's own regular expression.
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$/;

/** `--package <name>@<version>` read and checked (npm's name rules, a semantic version); a mistake is a usage error. */
export function readPackageId(written: string): PackageId {
  const at = written.lastIndexOf('@');
  if (at <= 0) throw new UsageError(`--package takes <name>@<version>, as in --package @acme/tokens@1.2.0: got \`${written}\``);
  const name = written.slice(0, at);
  const version = written.slice(at + 1);
  if (!PACKAGE_NAME.test(name) || name.length > 214)
    throw new UsageError(`--package: \`${name}\` is not a valid npm package name (lowercase, no spaces; a scope as @scope/name)`);
  if (!SEMVER.test(version)) throw new UsageError(`--package: \`${version}\` is not a semantic version (as in 1.2.0 or 2.0.0-beta.1)`);
  return { name, version };
}

/** Files a bundler must keep even when nothing is imported from them: stylesheets (`import './tokens.css'`). */
const STYLESHEET = /\.(css|less|sass|scss)$/;

/**
 * `package.json` for the folder: every file exported at its own path; each design system's JavaScript (ESM with
 * `import`, CommonJS with `require`, each with its declaration file first) at `./<slug>`, and at `.` when there is one
 * design system. `sideEffects` names the stylesheet kinds written (a bundler would drop a bare `import` of a CSS file
 * in a package that says `false`), else `false`.
 */
export function renderPackageJson(id: PackageId, files: readonly ManifestFile[]): string {
  const paths = files.map((file) => file.path);
  const slugs = [...new Set(files.map((file) => file.designSystem))];
  const entries = new Map(
    slugs.flatMap((slug) => {
      const entry = entryOf(paths.filter((path) => path.startsWith(`${slug}/`)));
      return entry === undefined ? [] : [[slug, entry] as const];
    }),
  );
  const exports: Record<string, unknown> = {};
  const only = slugs.length === 1 ? entries.get(itemAt(slugs, 0)) : undefined;
  if (only !== undefined) exports['.'] = only;
  for (const slug of slugs) {
    const entry = entries.get(slug);
    if (entry !== undefined) exports[`./${slug}`] = entry;
    for (const path of paths) if (path.startsWith(`${slug}/`)) exports[`./${path}`] = `./${path}`;
  }
  exports[`./${MANIFEST_FILE}`] = `./${MANIFEST_FILE}`;
  exports[`./${PACKAGE_FILE}`] = `./${PACKAGE_FILE}`;
  const stylesheets = [...new Set(paths.flatMap((path) => STYLESHEET.exec(path)?.[1] ?? []))].sort().map((extension) => `*.${extension}`);
  const pkg = {
    name: id.name,
    version: id.version,
    type: 'module',
    sideEffects: stylesheets.length === 0 ? false : stylesheets,
    files: [...paths, MANIFEST_FILE],
    exports,
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

/** A design system's JavaScript entry from its files (`.js`/`.mjs`, `.cjs`, `.d.ts`/`.d.mts`, `.d.cts`), or undefined. */
function entryOf(paths: readonly string[]): Record<string, unknown> | undefined {
  const find = (pattern: RegExp): string | undefined => {
    const path = paths.find((candidate) => pattern.test(candidate));
    return path === undefined ? undefined : `./${path}`;
  };
  const esm = find(/\.m?js$/);
  const cjs = find(/\.cjs$/);
  const esmTypes = find(/\.d\.m?ts$/);
  const cjsTypes = find(/\.d\.cts$/);
  const withTypes = (types: string | undefined, code: string): unknown => (types === undefined ? code : { types, default: code });
  const entry: Record<string, unknown> = {};
  if (esm !== undefined) entry['import'] = withTypes(esmTypes, esm);
  if (cjs !== undefined) entry['require'] = withTypes(cjsTypes, cjs);
  return Object.keys(entry).length === 0 ? undefined : entry;
}
