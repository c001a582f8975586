import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../../src/cli/build.js';
import type { BuildManifest } from '../../src/cli/build-output.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../../src/views/formats/output-formats.js';
import { buildLoadedApp } from '../helpers/app.js';
import { EXAMPLE_SOURCE, readYamlFiles } from '../helpers/fixtures.js';
import { fetchRaw, makeTempDir } from '../revisions/git-helpers.js';
import { keysYaml, useFixtures } from '../source/fixture-repo.js';

const fixtures = useFixtures();

/** One key that reads every example design system. */
const ALL_KEY = 'dts_build_test_all_key';
const EXAMPLE_SLUGS = ['acme', 'acme-docs', 'harbor'];

/** `--format` arguments for the `index`-th example query of every format that has one (`css?prefix=--acme&...`). */
function exampleFormats(index: number): string[] {
  return OUTPUT_FORMAT_IDS.flatMap((id) => {
    const query = OUTPUT_FORMATS[id].examples[index];
    return query === undefined ? [] : ['--format', `${id}${query}`];
  });
}

const MOST_EXAMPLES = Math.max(...OUTPUT_FORMAT_IDS.map((id) => OUTPUT_FORMATS[id].examples.length));

/** Runs the build in this process (as `token-server build` does) and reads the manifest it wrote. */
async function build(args: readonly string[], cwd: string): Promise<BuildManifest> {
  const out = args[args.indexOf('--out') + 1] as string;
  expect(await runBuild(args, cwd, new PassThrough().resume())).toBe(0);
  return JSON.parse(readFileSync(join(cwd, out, 'manifest.json'), 'utf8')) as BuildManifest;
}

/** Every file the manifest lists equals what `answer` gives for the file's request, byte for byte; returns how many. */
async function expectFilesEqualResponses(
  outDir: string,
  manifest: BuildManifest,
  answer: (request: string) => Promise<{ status: number; bytes: Buffer; contentType: string | null }>,
): Promise<number> {
  for (const file of manifest.files) {
    const written = readFileSync(join(outDir, file.path));
    const response = await answer(file.request);
    expect({ request: file.request, status: response.status }).toEqual({ request: file.request, status: 200 });
    expect({ path: file.path, text: written.toString('utf8') }).toEqual({ path: file.path, text: response.bytes.toString('utf8') });
    expect(written.equals(response.bytes)).toBe(true);
    expect(response.contentType).toBe(file.contentType);
    expect(file.bytes).toBe(written.length);
    expect(file.sha256).toBe(createHash('sha256').update(written).digest('hex'));
    expect(file.integrity).toBe(`sha384-${createHash('sha384').update(written).digest('base64')}`);
  }
  // A format of several files writes its manifest (`ios.manifest.json`) and its folder: every file it lists is there.
  for (const file of manifest.files.filter((entry) => entry.path.endsWith('.manifest.json'))) {
    const folder = file.path.slice(0, -'.manifest.json'.length);
    const listed = (JSON.parse(readFileSync(join(outDir, file.path), 'utf8')) as { files: { path: string }[] }).files;
    expect(manifest.files.filter((entry) => entry.path.startsWith(`${folder}/`)).map((entry) => entry.path)).toEqual(
      listed.map((entry) => `${folder}/${entry.path}`),
    );
  }
  // One per format request: a folder's files are its manifest's, not requests of their own.
  return manifest.files.filter((file) => !file.path.includes('/', file.path.indexOf('/') + 1) || !isInFolder(manifest, file.path)).length;
}

/** Whether `path` lies inside the folder of a format of several files that the manifest lists. */
function isInFolder(manifest: BuildManifest, path: string): boolean {
  return manifest.files.some(
    (entry) => entry.path.endsWith('.manifest.json') && path.startsWith(`${entry.path.slice(0, -'.manifest.json'.length)}/`),
  );
}

/** The example design systems in a Git repository, with a key that reads all three. */
async function exampleRepo() {
  const files: Record<string, string> = {
    'keys.yaml': keysYaml([{ name: 'all', key: ALL_KEY, designSystem: 'acme', access: ['acme-docs', 'harbor'] }]),
  };
  for (const [path, text] of await readYamlFiles(EXAMPLE_SOURCE)) files[`design-systems/${path}`] = text;
  return fixtures.repo(files, { commitDate: '2024-01-10T10:00:00Z' });
}

describe('token-server build writes what the HTTP routes answer', () => {
  it('every format × example query × example design system equals a listening server’s body; --ref equals ?ref=', async () => {
    const repo = await exampleRepo();
    const c1 = repo.git('rev-parse', 'HEAD').trim();
    const layout = 'design-systems/acme/tokens/layout.yaml';
    const layoutText = readFileSync(join(repo.root, layout), 'utf8');
    const narrower = layoutText.replace('gutter: { type: spacing, value: 24, unit: px }', 'gutter: { type: spacing, value: 20, unit: px }');
    expect(narrower).not.toBe(layoutText);
    repo.write(layout, narrower);
    const c2 = repo.commit('Narrower gutter', '2024-02-10T10:00:00Z');
    repo.git('tag', '-a', 'v1', '-m', 'Release 1', c1);
    // Uncommitted: the work tree build and the live server have it, no revision does.
    repo.write(
      layout,
      layoutText.replace('gutter: { type: spacing, value: 24, unit: px }', 'gutter: { type: spacing, value: 99, unit: px }'),
    );
    const server = await fixtures.start(repo);
    const live = async (request: string) => {
      const response = await fetchRaw(server.url, request, ALL_KEY);
      return { status: response.status, bytes: response.bytes, contentType: response.headers.get('content-type') };
    };

    let compared = 0;
    for (let index = 0; index < MOST_EXAMPLES; index++) {
      const out = `out-${index}`;
      const manifest = await build(['--source', 'design-systems', '--out', out, ...exampleFormats(index)], repo.root);
      expect(manifest.designSystems.map((system) => system.slug)).toEqual(EXAMPLE_SLUGS);
      expect(manifest.revision).toEqual({ kind: 'work-tree', commit: c2, dirty: true, dirtyDesignSystems: ['acme'] });
      compared += await expectFilesEqualResponses(join(repo.root, out), manifest, live);
    }
    const examples = OUTPUT_FORMAT_IDS.reduce((sum, id) => sum + OUTPUT_FORMATS[id].examples.length, 0);
    expect(compared).toBe(examples * EXAMPLE_SLUGS.length);

    // Two variants of one format, written side by side (`tokens.css`, `tokens.dark.css`), and a `--param` for both.
    const modes = await build(
      ['--out', 'modes', '--format', 'css', '--format', 'css?mode=dark', '--param', 'css.prefix=--acme'],
      repo.root,
    );
    expect(modes.files.map((file) => file.path)).toEqual(
      EXAMPLE_SLUGS.flatMap((slug) => [`${slug}/tokens.css`, `${slug}/tokens.dark.css`]),
    );
    expect(modes.files[1]?.request).toBe('/api/v1/export/css?prefix=--acme&mode=dark&designSystem=acme');
    await expectFilesEqualResponses(join(repo.root, 'modes'), modes, live);

    // --ref: an older commit by sha and by annotated tag, and a branch, each equal to ?ref= on the live server.
    for (const [ref, sha] of [
      [c1, c1],
      ['v1', c1],
      ['main', c2],
    ] as const) {
      const out = `ref-${ref}`;
      const manifest = await build(['--out', out, '--ref', ref, ...exampleFormats(0)], repo.root);
      expect(manifest.revision).toEqual({ kind: 'commit', ref, commit: sha });
      expect(manifest.files.every((file) => file.request.endsWith(`&ref=${sha}`))).toBe(true);
      await expectFilesEqualResponses(join(repo.root, out), manifest, live);
    }
    // Positive control: the three revisions of acme's CSS differ (24px, 20px, the uncommitted 99px).
    const gutters = ['out-0', `ref-${c1}`, 'ref-main'].map(
      (out) => /--spacing-gutter: (\d+px);/.exec(readFileSync(join(repo.root, out, 'acme/tokens.css'), 'utf8'))?.[1],
    );
    expect(gutters).toEqual(['99px', '24px', '20px']);
  });

  it('a generated design system of 10,000 tokens: every format × example query equals app.inject’s body', async () => {
    // Plain JavaScript without declarations: imported by a path the type checker does not resolve.
    const generator = '../../bench/generate.mjs';
    const generate = (await import(generator)) as {
      generateDesignSystem(options: { slug: string; tokens: number }): { files: Map<string, string> };
      keysFile(slugs: string[], key: string): string;
    };
    const { dir, cleanup } = makeTempDir('dts-build-10k-');
    fixtures.defer(cleanup);
    const source = join(dir, 'design-systems');
    for (const [path, text] of generate.generateDesignSystem({ slug: 'big', tokens: 10_000 }).files) {
      mkdirSync(join(source, path, '..'), { recursive: true });
      writeFileSync(join(source, path), text);
    }
    writeFileSync(join(dir, 'keys.yaml'), generate.keysFile(['big'], ALL_KEY));
    const { app } = await buildLoadedApp(source, join(dir, 'keys.yaml'), { rateLimitPerMinute: 0 });
    fixtures.defer(() => app.close());
    const inject = async (request: string) => {
      const response = await app.inject({ method: 'GET', url: request, headers: { authorization: `Bearer ${ALL_KEY}` } });
      return { status: response.statusCode, bytes: response.rawPayload, contentType: String(response.headers['content-type']) };
    };
    let compared = 0;
    for (let index = 0; index < MOST_EXAMPLES; index++) {
      const manifest = await build(['--out', `out-${index}`, ...exampleFormats(index)], dir);
      expect(manifest.revision).toEqual({ kind: 'folder', commit: null });
      expect(manifest.designSystems).toEqual([expect.objectContaining({ slug: 'big', tokens: 10_000 })]);
      compared += await expectFilesEqualResponses(join(dir, `out-${index}`), manifest, inject);
    }
    expect(compared).toBe(OUTPUT_FORMAT_IDS.reduce((sum, id) => sum + OUTPUT_FORMATS[id].examples.length, 0));
    // Every file of the native folders (5,000 colour sets for iOS) is compared with its route: minutes on a loaded machine.
  }, 180_000);
});
