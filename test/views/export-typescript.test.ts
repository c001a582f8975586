import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledDesignSystem } from '../../src/compile/types.js';
import { renderTypeScript } from '../../src/views/export-typescript.js';
import { compileExample, compileFiles, compileKitchenSink } from '../helpers/fixtures.js';

const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  noUnusedLocals: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  types: [],
  skipLibCheck: true,
};

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
    COMPILER_OPTIONS,
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
      expect(leaves(module.tokens)).toEqual(system.tokens.map((token) => [token.key, token.resolved.light]));
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
