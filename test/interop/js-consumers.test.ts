import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsNameOf } from '../../src/views/shared/js-identifiers.js';
import { OUTPUT_FORMATS } from '../../src/views/formats/output-formats.js';
import { bearer, buildExampleApp, buildLoadedApp, DEMO_KEY, DOCS_KEY } from '../helpers/app.js';
import { fixturePath } from '../helpers/fixtures.js';
import { STRICT_COMPILER_OPTIONS } from '../helpers/typescript.js';
import { NOVA_FILES } from './composites-fixture.js';

/**
 * The JavaScript formats as their consumers use them: the four files an app gets from the API, written to a folder,
 * loaded with `import()` and `require()` and type-checked with the TypeScript compiler, against the values the API
 * serves for every token in every mode (`/export/json`; `/export/ts` for typography, whose JSON value is the `font`
 * shorthand; booleans as JavaScript booleans).
 */
const HARBOR_KEY = 'dts_harbor_demo_key';
const FIXTURE_KEY = 'dts_js_consumers_key';

interface Served {
  readonly slug: string;
  /** Every mode, light first, as `/design-system` lists them. */
  readonly modes: readonly string[];
  /** Token key -> its value per mode, as the API serves it. */
  readonly values: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

type Loaded = Readonly<Record<string, unknown>>;

/** Reads a route's body (200 only) as one key sees it. */
type Read = (url: string) => Promise<string>;

/** Reads with `key`, with `?designSystem=` when given. */
const readerOf =
  (app: FastifyInstance, key: string, designSystem?: string): Read =>
  async (url) => {
    const scoped = designSystem === undefined ? url : `${url}${url.includes('?') ? '&' : '?'}designSystem=${designSystem}`;
    const response = await app.inject({ method: 'GET', url: scoped, headers: bearer(key) });
    if (response.statusCode !== 200) throw new Error(`${scoped}: ${response.statusCode} ${response.body}`);
    return response.body;
  };

/** The leaves of the JSON export (objects with `$value`) by key. */
function jsonLeaves(tree: Record<string, unknown>, prefix = ''): [string, Record<string, unknown>][] {
  return Object.entries(tree).flatMap(([segment, node]) => {
    const key = prefix === '' ? segment : `${prefix}.${segment}`;
    const object = node as Record<string, unknown>;
    return '$value' in object ? [[key, object]] : jsonLeaves(object, key);
  });
}

/** The value at `key` in a tree nested by key segments. */
const at = (tree: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, segment) => (node as Record<string, unknown> | undefined)?.[segment], tree);

/** Every token's value in every mode as the API serves it for `slug`, read with `key`. */
async function servedValues(get: Read, slug: string, dir: string): Promise<Served> {
  const meta = JSON.parse(await get('/api/v1/design-system')) as { data: { slug: string; modes?: { name: string }[] } };
  expect(meta.data.slug).toBe(slug);
  const modes = ['light', 'dark', ...(meta.data.modes ?? []).map((mode) => mode.name)];
  const json = JSON.parse(await get('/api/v1/export/json')) as Record<string, unknown>;
  // `/export/ts` as an app compiles it: its typography values are objects of their parts.
  const tsFile = join(dir, `${slug}.ts-export.mjs`);
  const tsSource = await get('/api/v1/export/ts');
  await writeFile(tsFile, ts.transpileModule(tsSource, { compilerOptions: { module: ts.ModuleKind.ESNext } }).outputText);
  const tsExport = (await import(pathToFileURL(tsFile).href)) as { tokens: unknown; modes?: Record<string, unknown> };
  const values = new Map<string, Record<string, unknown>>();
  for (const [tokenKey, leaf] of jsonLeaves(json)) {
    const extension = (leaf['$extensions'] as Record<string, { dark?: string; modes?: Record<string, string> }> | undefined)?.[
      'com.service'
    ];
    const perMode: Record<string, unknown> = {};
    for (const mode of modes) {
      if (leaf['$type'] === 'typography') {
        const tree = mode === 'light' ? tsExport.tokens : tsExport.modes?.[mode];
        if (tree === undefined) throw new Error(`${slug}: no typography oracle for mode ${mode}`);
        perMode[mode] = at(tree, tokenKey);
      } else {
        const text = (mode === 'light' ? undefined : mode === 'dark' ? extension?.dark : extension?.modes?.[mode]) ?? leaf['$value'];
        // A boolean is `true` or `false` in JavaScript: the string "false" would be truthy.
        perMode[mode] = leaf['$type'] === 'boolean' ? { true: true, false: false }[text as string] : text;
      }
    }
    values.set(tokenKey, perMode);
  }
  return { slug, modes, values };
}

/** The tree one mode's object should be: every token's served value in `mode`, nested by key segments. */
function expectedTree(served: Served, mode: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, perMode] of served.values) {
    const segments = key.split('.');
    let node = root;
    for (const segment of segments.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>;
    node[segments[segments.length - 1] as string] = perMode[mode];
  }
  return root;
}

/** Whether `value` and every object below it are frozen. */
const deeplyFrozen = (value: unknown): boolean =>
  typeof value !== 'object' || value === null || (Object.isFrozen(value) && Object.values(value).every(deeplyFrozen));

/** Writes the four JavaScript files of the design system `key` reads into `<dir>/<slug>/`, under the registry's names. */
async function writeJsFiles(get: Read, dir: string, slug: string): Promise<void> {
  await mkdir(join(dir, slug), { recursive: true });
  for (const format of [OUTPUT_FORMATS.js, OUTPUT_FORMATS.dts]) {
    for (const module of ['esm', 'cjs'] as const) {
      const file = join(dir, slug, format.fileName({ module }));
      await writeFile(file, await get(`/api/v1${format.path}?module=${module}`));
    }
  }
}

interface Reported {
  readonly file: string;
  readonly line: number;
  readonly code: number;
  readonly message: string;
}

const report = (dir: string, diagnostic: ts.Diagnostic): Reported => ({
  file: diagnostic.file?.fileName.slice(dir.length + 1) ?? '',
  line: diagnostic.file === undefined ? 0 : diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
  code: diagnostic.code,
  message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
});

/** Type-checks the files under the strictest options a consumer may use; every diagnostic. */
function typeCheck(dir: string, files: readonly string[]): Reported[] {
  const program = ts.createProgram(
    files.map((file) => join(dir, file)),
    STRICT_COMPILER_OPTIONS,
  );
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => report(dir, diagnostic));
}

describe('the JavaScript formats in their consumers', () => {
  let dir: string;
  const served = new Map<string, Served>();
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-js-consumers-'));
    const { app } = await buildExampleApp();
    apps.push(app);
    for (const [slug, key] of [
      ['acme', DEMO_KEY],
      ['acme-docs', DOCS_KEY],
      ['harbor', HARBOR_KEY],
    ] as const) {
      served.set(slug, await servedValues(readerOf(app, key), slug, dir));
      await writeJsFiles(readerOf(app, key), dir, slug);
    }
    // The kitchen-sink fixture and nova (typography with parts left out, references, four modes) in one source.
    const source = join(dir, 'source');
    for (const [path, text] of Object.entries(NOVA_FILES)) {
      await mkdir(dirname(join(source, path)), { recursive: true });
      await writeFile(join(source, path), text);
    }
    for (const file of ['system.yaml', 'scales.yaml', 'primitives.yaml', 'tokens/color.yaml', 'tokens/other.yaml']) {
      await mkdir(dirname(join(source, 'kitchen-sink', file)), { recursive: true });
      await writeFile(join(source, 'kitchen-sink', file), await readFile(fixturePath(`valid/kitchen-sink/${file}`), 'utf8'));
    }
    const sha256 = createHash('sha256').update(FIXTURE_KEY).digest('hex');
    await writeFile(
      join(dir, 'keys.yaml'),
      `keys:\n  - name: fixtures\n    sha256: ${sha256}\n    designSystem: kitchen-sink\n    access: [nova]\n`,
    );
    const fixtures = await buildLoadedApp(source, join(dir, 'keys.yaml'));
    apps.push(fixtures.app);
    for (const slug of ['kitchen-sink', 'nova']) {
      served.set(slug, await servedValues(readerOf(fixtures.app, FIXTURE_KEY, slug), slug, dir));
      await writeJsFiles(readerOf(fixtures.app, FIXTURE_KEY, slug), dir, slug);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(['acme', 'acme-docs', 'harbor', 'kitchen-sink', 'nova'])(
    '%s: import() and require() give the served value of every token in every mode, frozen',
    async (slug) => {
      const { modes, values } = served.get(slug) as Served;
      const esm = (await import(pathToFileURL(join(dir, slug, 'tokens.mjs')).href)) as Loaded;
      const cjs = createRequire(import.meta.url)(join(dir, slug, 'tokens.cjs')) as Loaded;
      for (const loaded of [esm, cjs]) {
        const byName = loaded['modes'] as Record<string, unknown>;
        expect(Object.keys(byName)).toEqual(modes);
        for (const mode of modes) {
          const expected = expectedTree(served.get(slug) as Served, mode);
          expect([mode, byName[mode]]).toEqual([mode, expected]);
          expect(loaded[jsNameOf(mode)]).toBe(byName[mode]);
          expect(deeplyFrozen(byName[mode])).toBe(true);
        }
        // One named export per token with its light value, and nothing else besides the modes.
        const names = new Map([...values.keys()].map((key) => [jsNameOf(key), key]));
        expect(names.size).toBe(values.size);
        expect(Object.keys(loaded).sort()).toEqual([...modes.map(jsNameOf), 'modes', ...names.keys()].sort());
        for (const [name, key] of names) expect([key, loaded[name]]).toEqual([key, values.get(key)?.['light']]);
      }
      expect(esm['modes']).not.toBe(cjs['modes']);
    },
  );

  it('type-checks a consumer of both modules under --strict, and refuses a wrong token name and a number for a color', async () => {
    await writeFile(
      join(dir, 'consumer.mts'),
      [
        "import { dark, light, modes, colorAccentEmphasis, typographyHeading, darkDimmed } from './harbor/tokens.mjs';",
        "import type { ModeName, TokenName } from './harbor/tokens.mjs';",
        "import { featureBeta, spacing2xl, zIndexModal } from './kitchen-sink/tokens.mjs';",
        '',
        "const primary: '#0550AE' = light.color.accent.emphasis;",
        'const dimmed: string = darkDimmed.color.accent.emphasis;',
        "const named: '#0550AE' = colorAccentEmphasis;",
        "const heading: '600' = typographyHeading.fontWeight;",
        "const twoXl: '40px' = spacing2xl;",
        "const modal: '1300' = zIndexModal;",
        'const beta: false = featureBeta;',
        "const name: TokenName = 'button.primary.bg';",
        'export function background(mode: ModeName): string {',
        '  return modes[mode].button.primary.bg;',
        '}',
        'export const used = [primary, dimmed, named, heading, twoXl, modal, beta, name, dark.color.accent.emphasis];',
        '',
      ].join('\n'),
    );
    await writeFile(
      join(dir, 'consumer.cts'),
      [
        "import { light, modes } from './acme/tokens.cjs';",
        "import type { ModeName } from './acme/tokens.cjs';",
        '',
        "const primary: '#2563EB' = light.color.brand.primary;",
        "const mode: ModeName = 'dark';",
        'export const used = [primary, modes[mode].color.brand.primary];',
        '',
      ].join('\n'),
    );
    await writeFile(
      join(dir, 'wrong.mts'),
      [
        "import { light, colorAccentEmphasys } from './harbor/tokens.mjs';",
        "import type { TokenName } from './harbor/tokens.mjs';",
        '',
        'export const missing = light.color.accent.emphasys;',
        "export const name: TokenName = 'color.accent.emphasys';",
        'export const numeric: typeof light.color.accent.emphasis = 0x0969da;',
        'export function paint(color: typeof light.color.accent.emphasis): string {',
        '  return color;',
        '}',
        'paint(1);',
        'export const used = colorAccentEmphasys;',
        '',
      ].join('\n'),
    );
    expect(typeCheck(dir, ['consumer.mts', 'consumer.cts'])).toEqual([]);
    expect(typeCheck(dir, ['wrong.mts'])).toEqual([
      {
        file: 'wrong.mts',
        line: 1,
        code: 2724,
        message: "'\"./harbor/tokens.mjs\"' has no exported member named 'colorAccentEmphasys'. Did you mean 'colorAccentEmphasis'?",
      },
      {
        file: 'wrong.mts',
        line: 4,
        code: 2551,
        message: expect.stringContaining("Property 'emphasys' does not exist on type"),
      },
      {
        file: 'wrong.mts',
        line: 5,
        code: 2820,
        message: `Type '"color.accent.emphasys"' is not assignable to type 'TokenName'. Did you mean '"color.accent.emphasis"'?`,
      },
      { file: 'wrong.mts', line: 6, code: 2322, message: `Type '616922' is not assignable to type '"#0550AE"'.` },
      {
        file: 'wrong.mts',
        line: 10,
        code: 2345,
        message: `Argument of type '1' is not assignable to parameter of type '"#0550AE"'.`,
      },
    ]);
  });

  it('marks a deprecated token `@deprecated` for the language service, as a named export and in every mode', async () => {
    const declarations = await readFile(join(dir, 'harbor', 'tokens.d.mts'), 'utf8');
    const comment = '/** @deprecated Buttons follow the semantic button tokens. Use `button.primary.bg`. */';
    expect(declarations).toContain(`${comment}\nexport declare const buttonAccentBg: "#0550AE";\n`);
    expect(declarations.split(`    ${comment}\n    readonly "accent-bg": `).length - 1).toBe(5);
    const file = join(dir, 'deprecated.mts');
    const text = [
      "import { buttonAccentBg, modes } from './harbor/tokens.mjs';",
      '',
      "export const used = [buttonAccentBg, modes['dark-dimmed'].button['accent-bg']];",
      '',
    ].join('\n');
    await writeFile(file, text);
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => [file],
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) => {
        const source = ts.sys.readFile(name);
        return source === undefined ? undefined : ts.ScriptSnapshot.fromString(source);
      },
      getCurrentDirectory: () => dir,
      getCompilationSettings: () => STRICT_COMPILER_OPTIONS,
      getDefaultLibFileName: ts.getDefaultLibFilePath,
      fileExists: (name) => ts.sys.fileExists(name),
      readFile: (name) => ts.sys.readFile(name),
    };
    const service = ts.createLanguageService(host);
    const deprecated = service
      .getSuggestionDiagnostics(file)
      .filter((diagnostic) => diagnostic.reportsDeprecated === true)
      .map((diagnostic) => [
        text.slice(diagnostic.start, (diagnostic.start ?? 0) + (diagnostic.length ?? 0)),
        report(dir, diagnostic).message,
      ]);
    expect(deprecated).toEqual([
      ['buttonAccentBg', "'buttonAccentBg' is deprecated."],
      ['buttonAccentBg', "'buttonAccentBg' is deprecated."],
      ["'accent-bg'", "'accent-bg' is deprecated."],
    ]);
    service.dispose();
  });

  it('passes @arethetypeswrong/cli and publint as a package with the `exports` map docs/api.md gives', async () => {
    const doc = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const section = doc.split(/^### /m).find((part) => part.startsWith('`GET /export/js`')) ?? '';
    const map = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)?.[1] ?? 'null') as Record<string, unknown>;
    const folder = join(dir, 'harbor');
    await writeFile(join(folder, 'package.json'), JSON.stringify({ name: 'harbor-tokens', version: '1.0.0', type: 'commonjs', ...map }));
    const run = promisify(execFile);
    const bin = (name: string): string => fileURLToPath(new URL(`../../node_modules/.bin/${name}`, import.meta.url));
    const attw = await run(bin('attw'), ['--pack', folder, '--format', 'json']);
    const analysis = JSON.parse(attw.stdout) as { analysis: { problems: unknown[] } };
    expect(analysis.analysis.problems).toEqual([]);
    const publint = await run(bin('publint'), [folder]);
    expect(publint.stdout).not.toMatch(/Errors|Warnings/);
  });
});
