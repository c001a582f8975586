import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem, TypedValue } from '../../../../src/compile/types.js';
import { formatCssValue } from '../../../../src/views/shared/css-values.js';
import { renderTypeScript } from '../../../../src/views/formats/js/export-ts.js';
import { STRICT_COMPILER_OPTIONS } from '../../../helpers/typescript.js';
import { compileExample, compileFiles, compileKitchenSink, fixturePath } from '../../../helpers/fixtures.js';
import { AURORA_MODES, compileAurora, compileSystem } from '../../modes-fixture.js';

interface Reported {
  readonly file: string;
  readonly line: number;
  readonly code: number;
  readonly message: string;
}

/** Type-checks the files with the TypeScript compiler API under --strict; returns every diagnostic. */
function typeCheck(dir: string, files: readonly string[]): Reported[] {
  const program = ts.createProgram(
    files.map((file) => join(dir, file)),
    STRICT_COMPILER_OPTIONS,
  );
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    file: diagnostic.file?.fileName.slice(dir.length + 1) ?? '',
    line: diagnostic.file === undefined ? 0 : diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
}

function leaves(tree: unknown, prefix: string[] = []): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) return [[prefix.join('.'), tree]];
  return Object.entries(tree).flatMap(([key, value]) => leaves(value, [...prefix, key]));
}

describe('renderTypeScript', () => {
  let dir: string;
  let kitchenSink: CompiledDesignSystem;
  let acme: CompiledDesignSystem;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-ts-export-'));
    kitchenSink = await compileKitchenSink();
    acme = await compileExample('acme');
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
    await writeFile(join(dir, 'kitchen-sink.ts'), renderTypeScript(kitchenSink));
    await writeFile(join(dir, 'acme.ts'), renderTypeScript(acme));
    await writeFile(
      join(dir, 'consumer.ts'),
      [
        "import { tokens } from './kitchen-sink.js';",
        "import type { TokenName } from './kitchen-sink.js';",
        "import { tokens as acme } from './acme.js';",
        "import type { TokenName as AcmeTokenName } from './acme.js';",
        '',
        "const primary: '#2255EE' = tokens.color.brand.primary;",
        "const twoXl: '40px' = tokens.spacing['2xl'];",
        "const modal: '1300' = tokens['z-index'].modal;",
        "const names: TokenName[] = ['color.brand.primary', 'spacing.2xl', 'z-index.modal', 'shadow.card'];",
        "const acmeName: AcmeTokenName = 'color.brand.primary';",
        'export function cssVariable(name: TokenName): string {',
        "  return `--${name.split('.').join('-')}`;",
        '}',
        'export const used = [primary, twoXl, modal, names.map(cssVariable), acmeName, acme.color.brand.primary];',
        '',
      ].join('\n'),
    );
    await writeFile(
      join(dir, 'wrong-name.ts'),
      ["import type { TokenName } from './kitchen-sink.js';", '', "export const name: TokenName = 'color.brand.secondary';", ''].join('\n'),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('compiles under --strict with a consumer, and refuses a token name that does not exist', () => {
    const diagnostics = typeCheck(dir, ['consumer.ts', 'wrong-name.ts']);
    expect(diagnostics).toEqual([
      {
        file: 'wrong-name.ts',
        line: 3,
        code: 2322,
        message: expect.stringContaining("Type '\"color.brand.secondary\"' is not assignable to type 'TokenName'."),
      },
    ]);
  });

  it('holds every token at its key path with its resolved light value, and lists every key in TokenName', async () => {
    for (const [name, system] of [
      ['kitchen-sink', kitchenSink],
      ['acme', acme],
    ] as const) {
      const source = renderTypeScript(system);
      const js = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const file = join(dir, `${name}.runtime.mjs`);
      await writeFile(file, js);
      const module = (await import(pathToFileURL(file).href)) as { tokens: unknown };
      expect(leaves(module.tokens)).toEqual(system.tokens.map((token) => [token.key, formatCssValue(token.resolved.light)]));
      const union = /export type TokenName =([\s\S]*?);\n/.exec(source)?.[1] ?? '';
      expect(
        union
          .split('\n  | ')
          .slice(1)
          .map((literal) => JSON.parse(literal) as string),
      ).toEqual(system.tokens.map((token) => token.key));
    }
  });

  it('defines a token segment named __proto__ as a property, not as the prototype', async () => {
    const { system } = compileFiles('odd', [
      ['odd/system.yaml', 'name: Odd\n'],
      ['odd/tokens.yaml', 'tokens:\n  x:\n    __proto__: { type: spacing, value: 1 }\n    constructor: { type: spacing, value: 2 }\n'],
    ]);
    const source = renderTypeScript(system as CompiledDesignSystem);
    expect(source).toContain('  x: {\n    ["__proto__"]: "1px",\n    constructor: "2px",\n  },\n');
    await writeFile(join(dir, 'odd.ts'), source);
    await writeFile(
      join(dir, 'odd-consumer.ts'),
      "import { tokens } from './odd.js';\n\nexport const proto: '1px' = tokens.x['__proto__'];\n",
    );
    expect(typeCheck(dir, ['odd-consumer.ts'])).toEqual([]);
    const file = join(dir, 'odd.runtime.mjs');
    await writeFile(
      file,
      ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText,
    );
    const module = (await import(pathToFileURL(file).href)) as { tokens: unknown };
    expect(leaves(module.tokens)).toEqual([
      ['x.__proto__', '1px'],
      ['x.constructor', '2px'],
    ]);
  });

  it('quotes keys that are not identifiers and renders the empty design system', () => {
    const source = renderTypeScript(kitchenSink);
    expect(source).toContain('  spacing: {\n    "2xl": "40px",\n    lg: "1.5rem",');
    expect(source).toContain('  "z-index": {\n    modal: "1300",\n  },\n} as const;\n');
    expect(renderTypeScript({ ...kitchenSink, tokens: [] })).toBe(
      '// Design tokens of kitchen-sink. Generated by design-token-server; do not edit.\nexport const tokens = {} as const;\n\nexport type TokenName = never;\n',
    );
  });
});

describe('renderTypeScript with modes', () => {
  let dir: string;
  let aurora: CompiledDesignSystem;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-ts-modes-'));
    aurora = compileAurora();
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
    await writeFile(join(dir, 'aurora.ts'), renderTypeScript(aurora));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('adds `modes`, every mode but light as the whole tree, and `ModeName`, every mode in order', () => {
    expect(renderTypeScript(aurora)).toBe(
      [
        '// Design tokens of aurora. Generated by design-token-server; do not edit.',
        'export const tokens = {',
        '  color: {',
        '    backdrop: "#1F232866",',
        '    canvas: "#FFFFFF",',
        '    fg: {',
        '      default: "#1F2328",',
        '    },',
        '    focus: "#0969DA80",',
        '  },',
        '  radius: {',
        '    card: "6px",',
        '  },',
        '  shadow: {',
        '    card: "0px 1px 3px 0px rgba(31, 35, 40, 0.2)",',
        '  },',
        '} as const;',
        '',
        'export type TokenName =',
        '  | "color.backdrop"',
        '  | "color.canvas"',
        '  | "color.fg.default"',
        '  | "color.focus"',
        '  | "radius.card"',
        '  | "shadow.card";',
        '',
        'export const modes = {',
        '  dark: {',
        '    color: {',
        '      backdrop: "#01040999",',
        '      canvas: "#0D1117",',
        '      fg: {',
        '        default: "#0D1117",',
        '      },',
        '      focus: "#0969DA80",',
        '    },',
        '    radius: {',
        '      card: "6px",',
        '    },',
        '    shadow: {',
        '      card: "0px 1px 3px 0px rgba(13, 17, 23, 0.2)",',
        '    },',
        '  },',
        '  "dark-dimmed": {',
        '    color: {',
        '      backdrop: "#00000080",',
        '      canvas: "#212830",',
        '      fg: {',
        '        default: "#212830",',
        '      },',
        '      focus: "#0969DA80",',
        '    },',
        '    radius: {',
        '      card: "6px",',
        '    },',
        '    shadow: {',
        '      card: "0px 1px 3px 0px rgba(33, 40, 48, 0.2)",',
        '    },',
        '  },',
        '  "light-high-contrast": {',
        '    color: {',
        '      backdrop: "#1F232866",',
        '      canvas: "#FFFFFF",',
        '      fg: {',
        '        default: "#010409",',
        '      },',
        '      focus: "#0969DA80",',
        '    },',
        '    radius: {',
        '      card: "0px",',
        '    },',
        '    shadow: {',
        '      card: "0px 1px 3px 0px rgba(1, 4, 9, 0.2)",',
        '    },',
        '  },',
        '} as const;',
        '',
        'export type ModeName = "light" | "dark" | "dark-dimmed" | "light-high-contrast";',
        '',
      ].join('\n'),
    );
  });

  it('compiles under --strict with a consumer reading `modes` by ModeName, and refuses a mode that does not exist', async () => {
    await writeFile(
      join(dir, 'modes-consumer.ts'),
      [
        "import { modes, tokens } from './aurora.js';",
        "import type { ModeName, TokenName } from './aurora.js';",
        '',
        "const dimmedCanvas: '#212830' = modes['dark-dimmed'].color.canvas;",
        "const dimmedBackdrop: '#00000080' = modes['dark-dimmed'].color.backdrop;",
        "const darkText: '#0D1117' = modes.dark.color.fg.default;",
        "const contrastRadius: '0px' = modes['light-high-contrast'].radius.card;",
        "const lightCanvas: '#FFFFFF' = tokens.color.canvas;",
        "const every: readonly ModeName[] = ['light', 'dark', 'dark-dimmed', 'light-high-contrast'];",
        "const name: TokenName = 'color.canvas';",
        '/** A token tree in any mode: light is `tokens`, every other mode is in `modes`. */',
        'export function canvasIn(mode: ModeName): string {',
        "  return mode === 'light' ? tokens.color.canvas : modes[mode].color.canvas;",
        '}',
        'export const used = [dimmedCanvas, dimmedBackdrop, darkText, contrastRadius, lightCanvas, every.map(canvasIn), name];',
        '',
      ].join('\n'),
    );
    await writeFile(
      join(dir, 'wrong-mode.ts'),
      [
        "import { modes } from './aurora.js';",
        "import type { ModeName } from './aurora.js';",
        '',
        "export const mode: ModeName = 'dark-dimed';",
        "export const canvas = modes['dark-dimed'].color.canvas;",
        "export const lightInDimmed: '#FFFFFF' = modes['dark-dimmed'].color.canvas;",
        '',
      ].join('\n'),
    );
    expect(typeCheck(dir, ['modes-consumer.ts', 'wrong-mode.ts'])).toEqual([
      {
        file: 'wrong-mode.ts',
        line: 4,
        code: 2820,
        message: "Type '\"dark-dimed\"' is not assignable to type 'ModeName'. Did you mean '\"dark-dimmed\"'?",
      },
      {
        file: 'wrong-mode.ts',
        line: 5,
        code: 2551,
        message: expect.stringMatching(
          /^Property 'dark-dimed' does not exist on type '\{ readonly dark: .*'\. Did you mean 'dark-dimmed'\?$/s,
        ),
      },
      { file: 'wrong-mode.ts', line: 6, code: 2322, message: 'Type \'"#212830"\' is not assignable to type \'"#FFFFFF"\'.' },
    ]);
  });

  it('holds every token at its key path in every mode but light, with its resolved value in that mode', async () => {
    const js = ts.transpileModule(renderTypeScript(aurora), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    const file = join(dir, 'aurora.runtime.mjs');
    await writeFile(file, js);
    const module = (await import(pathToFileURL(file).href)) as { tokens: unknown; modes: Record<string, unknown> };
    expect(Object.keys(module.modes)).toEqual(AURORA_MODES.slice(1));
    expect(leaves(module.tokens)).toEqual(aurora.tokens.map((token) => [token.key, formatCssValue(token.resolved.light)]));
    for (const mode of AURORA_MODES.slice(1)) {
      expect([mode, leaves(module.modes[mode])]).toEqual([
        mode,
        aurora.tokens.map((token) => [token.key, formatCssValue(token.resolved[mode] as TypedValue)]),
      ]);
    }
  });

  it('declares `modes` with dark only and `ModeName` light | dark for `modes: {}`', () => {
    const system = compileSystem('plain', {
      'plain/system.yaml': 'name: Plain\nmodes: {}\n',
      'plain/content.yaml':
        'scales:\n  gray:\n    0: { light: "#FFFFFF", dark: "#000000" }\ntokens:\n  color.canvas: { type: color, scale: gray, step: 0 }\n  space.md: { type: spacing, value: 16 }\n',
    });
    const source = renderTypeScript(system);
    expect(source.slice(source.indexOf('export type TokenName'))).toBe(
      [
        'export type TokenName =',
        '  | "color.canvas"',
        '  | "space.md";',
        '',
        'export const modes = {',
        '  dark: {',
        '    color: {',
        '      canvas: "#000000",',
        '    },',
        '    space: {',
        '      md: "16px",',
        '    },',
        '  },',
        '} as const;',
        '',
        'export type ModeName = "light" | "dark";',
        '',
      ].join('\n'),
    );
  });

  it('answers a design system without `modes` byte-identically to the body stored before modes existed', async () => {
    const stored = JSON.parse(await readFile(fixturePath('stored-bodies/acme.json'), 'utf8')) as Record<string, { body: string }>;
    const before = stored['/api/v1/export/ts']?.body;
    expect(before).toMatch(/^\/\/ Design tokens of acme\./);
    expect(renderTypeScript(await compileExample('acme'))).toBe(before);
    expect(before).not.toContain('modes');
  });
});
