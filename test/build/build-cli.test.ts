import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../../src/cli/build.js';
import type { BuildManifest } from '../../src/cli/build-output.js';
import { UsageError } from '../../src/cli/usage-error.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../src/views/formats/output-formats.js';
import { runCli } from '../cli/run-cli.js';
import { EXAMPLE_SOURCE, readYamlFiles } from '../helpers/fixtures.js';
import { makeTempDir } from '../revisions/git-helpers.js';
import { useFixtures } from '../source/fixture-repo.js';

const fixtures = useFixtures();
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
/** Where the in-process builds' summary lines go. */
const quiet = new PassThrough().resume();

/** A temporary folder holding a copy of the example design systems under `design-systems/` (no Git). */
async function exampleFolder(): Promise<string> {
  const { dir, cleanup } = makeTempDir('dts-build-');
  fixtures.defer(cleanup);
  for (const [path, text] of await readYamlFiles(EXAMPLE_SOURCE)) {
    mkdirSync(dirname(join(dir, 'design-systems', path)), { recursive: true });
    writeFileSync(join(dir, 'design-systems', path), text);
  }
  return dir;
}

/** Every file below `dir` as path -> bytes (sorted paths). */
function readTree(dir: string): Map<string, Buffer> {
  const paths = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
  return new Map(paths.map((path) => [path, readFileSync(join(dir, path))]));
}

const manifestOf = (dir: string): BuildManifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as BuildManifest;

describe('token-server build: the same input gives the same bytes', () => {
  it('two runs write the same files and the same manifest, in a stable order', async () => {
    const dir = await exampleFolder();
    expect(await runBuild(['--out', 'one'], dir, quiet)).toBe(0);
    expect(await runBuild(['--out', 'two'], dir, quiet)).toBe(0);
    const one = readTree(join(dir, 'one'));
    const two = readTree(join(dir, 'two'));
    expect([...one.keys()]).toEqual([...two.keys()]);
    for (const [path, bytes] of one) expect({ path, same: bytes.equals(two.get(path) as Buffer) }).toEqual({ path, same: true });
    const manifest = manifestOf(join(dir, 'one'));
    // Every format of the registry, each with every file its example requests write (the first example per file
    // name: `tokens.json` and `tokens.2025.10.json`), for every design system, in the registry's order.
    const fileNames = OUTPUT_FORMAT_IDS.flatMap((id) => [
      ...new Set(
        OUTPUT_FORMATS[id].examples.map((query) =>
          OUTPUT_FORMATS[id].fileName(OUTPUT_FORMATS[id].readOptions(Object.fromEntries(new URLSearchParams(query))) as never),
        ),
      ),
    ]);
    expect(fileNames.slice(0, 3)).toEqual(['tokens.css', 'tokens.json', 'tokens.2025.10.json']);
    // A format of several files writes `<name>.manifest.json` and its folder `<name>/` instead of one file.
    const folderNames = new Set(
      OUTPUT_FORMAT_IDS.filter((id) => OUTPUT_FORMATS[id].files !== undefined).flatMap((id) =>
        OUTPUT_FORMATS[id].examples.map((query) =>
          OUTPUT_FORMATS[id].fileName(OUTPUT_FORMATS[id].readOptions(Object.fromEntries(new URLSearchParams(query))) as never),
        ),
      ),
    );
    expect(folderNames).toEqual(new Set(['ios', 'android', 'android.dark']));
    const inFolder = (path: string): boolean => [...folderNames].some((name) => path.includes(`/${name}/`));
    expect(manifest.files.map((file) => file.path).filter((path) => !inFolder(path))).toEqual(
      ['acme', 'acme-docs', 'harbor'].flatMap((slug) =>
        fileNames.map((name) => (folderNames.has(name) ? `${slug}/${name}.manifest.json` : `${slug}/${name}`)),
      ),
    );
    expect(manifest.files.some((file) => file.path === 'acme/ios/Tokens.xcassets/Contents.json')).toBe(true);
    expect(manifest.files.some((file) => file.path === 'harbor/android/res/values-night/colors.xml')).toBe(true);
    expect([...new Set(manifest.formats.map((format) => format.format))]).toEqual(OUTPUT_FORMAT_IDS);
    expect(manifest.formats[0]).toEqual({
      format: 'css',
      parameters: {},
      options: { naming: 'kebab-case', theme: 'data-attribute', references: 'resolve' },
    });
    expect(manifest.revision).toEqual({ kind: 'folder', commit: null });
    expect(Object.keys(manifest)).toEqual(['generator', 'revision', 'designSystems', 'formats', 'files']);
    expect(Object.keys(manifest.files[0] ?? {})).toEqual([
      'path',
      'designSystem',
      'format',
      'request',
      'contentType',
      'bytes',
      'sha256',
      'integrity',
    ]);
    // Running again over an earlier build replaces it (its manifest says it is one); nothing else is left behind.
    expect(await runBuild(['--out', 'one', '--formats', 'json,ts', '--design-system', 'harbor'], dir, quiet)).toBe(0);
    expect([...readTree(join(dir, 'one')).keys()]).toEqual([
      'harbor/tokens.2025.10.json',
      'harbor/tokens.json',
      'harbor/tokens.ts',
      'manifest.json',
    ]);
    expect(readdirSync(dir).sort()).toEqual(['design-systems', 'one', 'two']);
  });

  it('refuses to replace a folder that is not an earlier build, unless --force', async () => {
    const dir = await exampleFolder();
    mkdirSync(join(dir, 'site'));
    writeFileSync(join(dir, 'site', 'index.html'), '<p>mine</p>');
    await expect(runBuild(['--out', 'site'], dir, quiet)).rejects.toThrow(
      new UsageError(
        'site is not empty and holds no earlier build (no manifest.json written by token-server build); choose a new folder or pass --force',
      ),
    );
    expect(readTree(join(dir, 'site'))).toEqual(new Map([['index.html', Buffer.from('<p>mine</p>')]]));
    expect(await runBuild(['--out', 'site', '--force', '--formats', 'css', '--design-system', 'acme'], dir, quiet)).toBe(0);
    expect([...readTree(join(dir, 'site')).keys()]).toEqual(['acme/tokens.css', 'manifest.json']);
  });
});

describe('token-server build: wrong calls are usage errors (exit 2), with the API’s messages for format parameters', () => {
  it.each([
    ['no --out', [], '`--out <folder>` is needed: the folder to write the files to'],
    [
      'an unknown option',
      ['--out', 'o', '--fromat', 'css'],
      'unknown option `--fromat` for build (did you mean `--format`?); its options are --out, --source, --ref, --design-system, --format, --formats, --param, --package, --force, --help',
    ],
    ['an argument', ['--out', 'o', 'css'], 'unexpected argument `css`: build takes no arguments, only options'],
    [
      'an unknown format',
      ['--out', 'o', '--format', 'csss'],
      `unknown format \`csss\` (did you mean \`css\`?); the formats are ${OUTPUT_FORMAT_IDS.join(', ')}`,
    ],
    [
      'an unknown format in --formats',
      ['--out', 'o', '--formats', 'css,yaml'],
      `unknown format \`yaml\`; the formats are ${OUTPUT_FORMAT_IDS.join(', ')}`,
    ],
    [
      'an unknown parameter',
      ['--out', 'o', '--format', 'css?prefx=--acme'],
      'unknown parameter `prefx` for format css (did you mean `prefix`?); its parameters are prefix, naming, theme, darkSelector, references, mode, breakpoint',
    ],
    [
      'a parameter of a format without any',
      ['--out', 'o', '--format', 'ts?x=1'],
      'unknown parameter `x` for format ts; it has no parameters',
    ],
    [
      'a bad enum value (the API’s message)',
      ['--out', 'o', '--format', 'css?naming=camel'],
      '--format css?naming=camel: `naming` must be one of: kebab-case, camelCase, snake_case.',
    ],
    [
      'a bad pattern (the API’s message)',
      ['--out', 'o', '--param', 'css.prefix=1bad'],
      '--param css.prefix=1bad: `prefix` is malformed: it must match ^(--)?[A-Za-z][A-Za-z0-9_-]{0,63}$.',
    ],
    [
      'contradicting parameters (the API’s message)',
      ['--out', 'o', '--format', 'css?theme=selector'],
      '--format css?theme=selector: `theme=selector` needs `darkSelector`, e.g. `.dark`.',
    ],
    [
      'a parameter given twice in a query',
      ['--out', 'o', '--format', 'css?theme=media&theme=media'],
      '--format css?theme=media&theme=media: `theme` must be a single string value.',
    ],
    [
      'a parameter in both the query and --param',
      ['--out', 'o', '--format', 'css?prefix=a', '--param', 'css.prefix=b'],
      '--param css.prefix=b: `prefix` is already set by --format css?prefix=a',
    ],
    [
      'a --param without =',
      ['--out', 'o', '--param', 'css.prefix'],
      '--param takes <format>.<parameter>=<value>, as in --param css.prefix=--acme: got `css.prefix`',
    ],
    [
      'a --param for a format not built',
      ['--out', 'o', '--formats', 'json', '--param', 'css.prefix=--acme'],
      '--param css.prefix=--acme: format css is not built (add --format css)',
    ],
    [
      'two requests writing one file',
      ['--out', 'o', '--format', 'css', '--format', 'css?theme=media'],
      '--format css and --format css?theme=media both write tokens.css: build them into separate folders',
    ],
    [
      'an unknown design system',
      ['--out', 'o', '--design-system', 'acme-doc'],
      'no design system `acme-doc` in design-systems (did you mean `acme-docs`?); it has acme, acme-docs, harbor',
    ],
    [
      'an unknown mode for a design system (checkOptions)',
      ['--out', 'o', '--format', 'css?mode=sepia', '--design-system', 'acme'],
      '--format css?mode=sepia: design system `acme`: Unknown mode `sepia`; this design system has `light`, `dark`.',
    ],
    ['a malformed ref', ['--out', 'o', '--ref', '-main'], '--ref `-main` must not start with `-`, nor have a path segment that does'],
    [
      'a ref on a plain folder',
      ['--out', 'o', '--ref', 'main'],
      '--ref needs a source in a Git repository; design-systems is a plain folder (fatal: not a git repository (or any of the parent directories): .git)',
    ],
    ['a missing source folder', ['--out', 'o', '--source', 'nope'], 'source folder nope does not exist or is not a folder'],
    [
      '--package without a version',
      ['--out', 'o', '--package', '@acme/tokens'],
      '--package takes <name>@<version>, as in --package @acme/tokens@1.2.0: got `@acme/tokens`',
    ],
    [
      '--package with a bad name',
      ['--out', 'o', '--package', 'Acme Tokens@1.0.0'],
      '--package: `Acme Tokens` is not a valid npm package name (lowercase, no spaces; a scope as @scope/name)',
    ],
    [
      '--package with a bad version',
      ['--out', 'o', '--package', 'acme-tokens@1.0'],
      '--package: `1.0` is not a semantic version (as in 1.2.0 or 2.0.0-beta.1)',
    ],
  ])('%s', async (_name, args, message) => {
    const dir = await exampleFolder();
    await expect(runBuild(args, dir, quiet)).rejects.toThrow(new UsageError(message));
    // Nothing written.
    expect(readdirSync(dir)).toEqual(['design-systems']);
  });

  it('a ref the repository does not have, in a Git source: exit 2 with the API’s words', async () => {
    const repo = fixtures.repo();
    await expect(runBuild(['--out', 'o', '--ref', 'v9'], repo.root, quiet)).rejects.toThrow(
      new UsageError('--ref: no commit, tag or branch `v9` in the repository'),
    );
  });

  it('the real command: a value a native format has no form for is a note on stderr, one per token, naming the formats', async () => {
    const dir = await exampleFolder();
    const built = await runCli(['build', '--out', 'o', '--formats', 'css,ios,android', '--design-system', 'acme'], { cwd: dir });
    expect(built.status).toBe(0);
    const notes = built.stderr.split('\n').filter((line) => line !== '');
    // acme's standalone letter spacings are in `em`: no size without a font size on iOS; Android keeps ems.
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) expect(note).toMatch(/^note: acme: `font\.letterSpacing\.[\w-]+` is left out of ios: .+$/);
    const webOnly = await runCli(['build', '--out', 'w', '--formats', 'css,js', '--design-system', 'acme'], { cwd: dir });
    expect(webOnly).toMatchObject({ status: 0, stderr: '' });
  });

  it('the real command: exit 2 and one line on stderr for a wrong call; --help prints the usage; a design system with errors exits 1', async () => {
    const dir = await exampleFolder();
    const wrong = await runCli(['build', '--out', 'o', '--format', 'css?theme=selector'], { cwd: dir });
    expect(wrong).toEqual({
      status: 2,
      stdout: '',
      stderr: 'token-server: --format css?theme=selector: `theme=selector` needs `darkSelector`, e.g. `.dark`.\n',
    });
    const help = await runCli(['build', '--help'], { cwd: dir });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: token-server build --out <folder> [options]');
    expect(help.stdout).toContain(`Formats: ${OUTPUT_FORMAT_IDS.join(', ')}`);
    const main = await runCli(['--help'], { cwd: dir });
    expect(main.stdout).toContain('  build      Write every export format’s files to a folder, without a server');

    writeFileSync(join(dir, 'design-systems', 'harbor', 'tokens', 'broken.yaml'), 'tokens:\n  x: { type: spacing, value: wide }\n');
    const broken = await runCli(['build', '--out', 'o'], { cwd: dir });
    expect(broken.status).toBe(1);
    expect(broken.stdout).toBe('');
    expect(broken.stderr).toMatch(
      /^token-server: design system `harbor` does not build: its files have 1 error \(`token-server validate design-systems` lists them\)\. First: harbor\/tokens\/broken\.yaml:2:\d+ .+\n$/,
    );
    expect(existsSync(join(dir, 'o'))).toBe(false);

    const ok = await runCli(['build', '--out', 'o', '--design-system', 'acme'], { cwd: dir });
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/^wrote \d+ files \([\d,]+ bytes\) for 1 design system to o \(the folder as it is\)\n$/);
  });
});

describe('token-server build --package: a folder that publishes as a versioned tokens package', () => {
  it(
    'package.json exports every file; publint and attw pass; npm pack installs into a project and imports',
    { timeout: 120_000 },
    async () => {
      const dir = await exampleFolder();
      expect(await runBuild(['--out', 'pkg', '--package', '@acme/tokens@1.2.3'], dir, quiet)).toBe(0);
      const pkgDir = join(dir, 'pkg');
      const manifest = manifestOf(pkgDir);
      const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8')) as {
        name: string;
        version: string;
        type: string;
        sideEffects: unknown;
        files: string[];
        exports: Record<string, unknown>;
      };
      expect(Object.keys(pkg)).toEqual(['name', 'version', 'type', 'sideEffects', 'files', 'exports']);
      const stylesheets = [...new Set(manifest.files.flatMap((file) => /\.(css|less|scss)$/.exec(file.path)?.[1] ?? []))].sort();
      expect(stylesheets).toContain('css');
      expect(pkg).toMatchObject({
        name: '@acme/tokens',
        version: '1.2.3',
        type: 'module',
        sideEffects: stylesheets.map((ext) => `*.${ext}`),
      });
      expect(pkg.files).toEqual([...manifest.files.map((file) => file.path), 'manifest.json']);
      for (const file of manifest.files) expect(pkg.exports[`./${file.path}`]).toBe(`./${file.path}`);
      expect(pkg.exports['./manifest.json']).toBe('./manifest.json');
      expect(pkg.exports['./package.json']).toBe('./package.json');
      expect(manifest.package).toEqual({ name: '@acme/tokens', version: '1.2.3' });

      // JavaScript formats, once the registry has them, are each design system's entry point.
      const scripts = manifest.files.filter((file) => /\.(c|m)?js$/.test(file.path));
      for (const slug of ['acme', 'acme-docs', 'harbor']) {
        const entry = pkg.exports[`./${slug}`];
        if (scripts.length === 0) expect(entry).toBeUndefined();
        else expect(entry).toEqual(expect.objectContaining({ import: expect.anything() }));
      }

      // Warnings and errors (its suggestion to add `engines` is a choice left to the publisher).
      const linted = await publint({ pkgDir, level: 'warning', strict: true });
      expect(linted.messages).toEqual([]);
      // attw checks the JavaScript entry points (`./<slug>`): the stylesheets and JSON are files, not modules it types;
      // node10 resolution predates `exports`, so the node16 profile.
      const entrypoints = ['acme', 'acme-docs', 'harbor']
        .filter((slug) => pkg.exports[`./${slug}`] !== undefined)
        .map((slug) => `./${slug}`);
      const attwArgs =
        entrypoints.length === 0 ? ['--pack', pkgDir] : ['--pack', pkgDir, '--profile', 'node16', '--entrypoints', ...entrypoints];
      // Exit status 0 (execFile throws otherwise), and no problem outside the node10 resolution the profile leaves out.
      const attw = await run(join(ROOT, 'node_modules', '.bin', 'attw'), [...attwArgs, '--format', 'json'], {
        cwd: pkgDir,
        maxBuffer: 256 * 1024 * 1024,
      });
      const analysis = (JSON.parse(attw.stdout) as { analysis: { types: unknown; problems?: { resolutionKind?: string }[] } }).analysis;
      if (entrypoints.length === 0) expect(analysis.types).toBe(false);
      else expect(analysis.problems?.filter((problem) => problem.resolutionKind !== 'node10')).toEqual([]);

      // npm pack, then an install into a fresh project (no registry: the package has no dependencies), then imports.
      const packed = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: pkgDir });
      const tarball = join(dir, (JSON.parse(packed.stdout) as [{ filename: string }])[0].filename);
      const project = join(dir, 'consumer');
      mkdirSync(project);
      writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
      await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project });
      // The consumer imports the package by name only: JSON with an import attribute, the stylesheet's path, and each
      // design system's module through `import` and `require` when the registry has JavaScript formats.
      const hasEsm = scripts.some((file) => file.path.endsWith('.mjs') || file.path.endsWith('.js'));
      const hasCjs = scripts.some((file) => file.path.endsWith('.cjs'));
      const probe = [
        "import { createRequire } from 'node:module';",
        "const json = await import('@acme/tokens/harbor/tokens.json', { with: { type: 'json' } });",
        "const manifest = await import('@acme/tokens/manifest.json', { with: { type: 'json' } });",
        "const css = import.meta.resolve('@acme/tokens/harbor/tokens.css');",
        `const esm = ${String(hasEsm)} ? { ...(await import('@acme/tokens/harbor')) } : null;`,
        `const cjs = ${String(hasCjs)} ? { ...createRequire(import.meta.url)('@acme/tokens/harbor') } : null;`,
        'console.log(JSON.stringify({ json: json.default, css, files: manifest.default.files.length, esm, cjs }));',
      ].join('\n');
      writeFileSync(join(project, 'probe.mjs'), probe);
      const imported = JSON.parse((await run(process.execPath, ['probe.mjs'], { cwd: project, maxBuffer: 64 * 1024 * 1024 })).stdout) as {
        json: unknown;
        css: string;
        files: number;
        esm: Record<string, unknown> | null;
        cjs: Record<string, unknown> | null;
      };
      expect(imported.json).toEqual(JSON.parse(readFileSync(join(pkgDir, 'harbor', 'tokens.json'), 'utf8')));
      expect(imported.css).toBe(pathToFileURL(join(project, 'node_modules', '@acme', 'tokens', 'harbor', 'tokens.css')).href);
      expect(imported.files).toBe(manifest.files.length);
      expect(imported.esm === null).toBe(!hasEsm);
      expect(imported.cjs === null).toBe(!hasCjs);
      // The ESM module and its CommonJS twin give the same values.
      if (imported.esm !== null && imported.cjs !== null) {
        expect(Object.keys(imported.esm).length).toBeGreaterThan(0);
        expect(imported.cjs).toEqual(imported.esm);
      }
    },
  );
});
