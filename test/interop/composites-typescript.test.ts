import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderTypeScript } from '../../src/views/formats/js/export-ts.js';
import { STRICT_COMPILER_OPTIONS } from '../helpers/typescript.js';
import { compileNova, NOVA_FILES } from './composites-fixture.js';

/** A consumer of the export: reads typography parts, the deprecated token (light and a mode) and its replacement. */
const CONSUMER = [
  "import { modes, tokens } from './nova.js';",
  "import type { ModeName, TokenName } from './nova.js';",
  '',
  'interface Typography {',
  '  readonly fontFamily: string;',
  '  readonly fontSize: string;',
  '  readonly fontWeight: string;',
  '  readonly lineHeight: string;',
  '  readonly letterSpacing: string;',
  '}',
  'export const heading: Typography = tokens.typography.heading;',
  'export const caption: Typography = modes.dark.typography.caption;',
  "export const size: '1.5rem' = tokens.typography.heading.fontSize;",
  'export const old = tokens.color.button["old-bg"];',
  'export const oldDark = modes["dark-dimmed"].color.button["old-bg"];',
  'export const current = tokens.color.button.bg;',
  "export const name: TokenName = 'color.button.old-bg';",
  "export const mode: ModeName = 'dark-dimmed';",
  '// @ts-expect-error: a typography token has no sixth part',
  'export const nope = tokens.typography.heading.textTransform;',
  '',
].join('\n');

interface Reported {
  readonly file: string;
  readonly line: number;
  readonly code: number;
  readonly message: string;
}

const report =
  (dir: string) =>
  (diagnostic: ts.Diagnostic): Reported => ({
    file: diagnostic.file?.fileName.slice(dir.length + 1) ?? '',
    line: diagnostic.file === undefined ? 0 : diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
    code: diagnostic.code,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  });

describe('nova TypeScript export (typography objects, @deprecated) under the real compiler', () => {
  let dir: string;
  let source: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'dts-composites-ts-'));
    source = renderTypeScript(compileNova());
    await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n');
    await writeFile(join(dir, 'nova.ts'), source);
    await writeFile(join(dir, 'consumer.ts'), CONSUMER);
  });
  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  const program = (): ts.Program =>
    ts.createProgram(
      ['nova.ts', 'consumer.ts'].map((file) => join(dir, file)),
      STRICT_COMPILER_OPTIONS,
    );

  it('compiles under --strict (and stricter) with no diagnostic, the consumer included', () => {
    expect(ts.getPreEmitDiagnostics(program()).map(report(dir))).toEqual([]);
  });

  it('the checker sees @deprecated on the deprecated property, in `tokens` and in every mode, and on nothing else', () => {
    const checked = program();
    // Creating the checker binds the files (sets the parent pointers the JSDoc lookups use).
    checked.getTypeChecker();
    const file = checked.getSourceFile(join(dir, 'nova.ts')) as ts.SourceFile;
    const deprecated: string[] = [];
    const visit = (node: ts.Node, path: string[]): void => {
      if (ts.isPropertyAssignment(node)) {
        const name = ts.isStringLiteral(node.name) || ts.isIdentifier(node.name) ? node.name.text : node.name.getText(file);
        const here = [...path, name];
        const tag = ts.getJSDocDeprecatedTag(node);
        if (tag !== undefined) deprecated.push(`${here.join('.')}: ${ts.getTextOfJSDocComment(tag.comment) ?? ''}`);
        ts.forEachChild(node, (child) => visit(child, here));
        return;
      }
      if (ts.isVariableDeclaration(node)) {
        ts.forEachChild(node, (child) => visit(child, [node.name.getText(file)]));
        return;
      }
      ts.forEachChild(node, (child) => visit(child, path));
    };
    visit(file, []);
    const message = 'Renamed. Use `color.button.bg`.';
    expect(deprecated).toEqual([
      `tokens.color.button.old-bg: ${message}`,
      `modes.dark.color.button.old-bg: ${message}`,
      `modes.dark-dimmed.color.button.old-bg: ${message}`,
      `modes.light-high-contrast.color.button.old-bg: ${message}`,
    ]);
  });

  it('the language service reports 6385 "is deprecated" where the consumer reads the deprecated token, and only there', () => {
    const files = ['nova.ts', 'consumer.ts'].map((file) => join(dir, file));
    const host: ts.LanguageServiceHost = {
      getCompilationSettings: () => STRICT_COMPILER_OPTIONS,
      getScriptFileNames: () => files,
      getScriptVersion: () => '1',
      getScriptSnapshot: (name) => {
        const text = ts.sys.readFile(name);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => dir,
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (name) => ts.sys.fileExists(name),
      readFile: (name) => ts.sys.readFile(name),
    };
    const service = ts.createLanguageService(host);
    const suggestions = service
      .getSuggestionDiagnostics(join(dir, 'consumer.ts'))
      .filter((diagnostic) => diagnostic.code === 6385)
      .map(report(dir));
    service.dispose();
    expect(suggestions).toEqual([
      { file: 'consumer.ts', line: 14, code: 6385, message: "'old-bg' is deprecated." },
      { file: 'consumer.ts', line: 15, code: 6385, message: "'old-bg' is deprecated." },
    ]);
  });

  it('runs: typography is an object with its five parts, resolved through references', async () => {
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
    await writeFile(join(dir, 'nova.mjs'), js);
    const module = (await import(pathToFileURL(join(dir, 'nova.mjs')).href)) as {
      tokens: Record<string, Record<string, unknown>>;
      modes: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(module.tokens['typography']?.['heading']).toEqual({
      fontFamily: 'Inter, sans-serif',
      fontSize: '1.5rem',
      fontWeight: '600',
      lineHeight: '1.25',
      letterSpacing: '-0.02em',
    });
    expect(module.tokens['typography']?.['caption']).toEqual({
      fontFamily: 'Georgia, serif',
      fontSize: '12px',
      fontWeight: '700',
      lineHeight: '16px',
      letterSpacing: '0.5px',
    });
    // The chain and the per-mode alias, resolved per mode.
    expect(module.tokens['color']?.['link']).toBe('#0969DA');
    expect((module.modes['dark-dimmed']?.['color'] as Record<string, unknown>)['link']).toBe('#478BE6');
    expect(((module.modes['dark-dimmed']?.['color'] as Record<string, unknown>)['fg'] as Record<string, unknown>)['muted']).toBe('#478BE6');
    expect(((module.modes['dark']?.['color'] as Record<string, unknown>)['button'] as Record<string, unknown>)['old-bg']).toBe('#4493F8');
  });

  it('a deprecation message that tries to close the JSDoc still compiles and still reads as deprecated', async () => {
    const hostile = {
      ...NOVA_FILES,
      'nova/colors.yaml': (NOVA_FILES['nova/colors.yaml'] as string).replace(
        'message: Renamed.',
        'message: "Old */ export const injected = 1; /* and\\nmore"',
      ),
    };
    const text = renderTypeScript(compileNova(hostile));
    await writeFile(join(dir, 'hostile.ts'), text);
    const hostileProgram = ts.createProgram([join(dir, 'hostile.ts')], STRICT_COMPILER_OPTIONS);
    expect(ts.getPreEmitDiagnostics(hostileProgram).map(report(dir))).toEqual([]);
    const file = hostileProgram.getSourceFile(join(dir, 'hostile.ts')) as ts.SourceFile;
    const exported = file.statements
      .filter(ts.isVariableStatement)
      .flatMap((statement) => statement.declarationList.declarations.map((declaration) => declaration.name.getText(file)));
    expect(exported).toEqual(['tokens', 'modes']);
    const tags: string[] = [];
    const visit = (node: ts.Node): void => {
      const tag = ts.isPropertyAssignment(node) ? ts.getJSDocDeprecatedTag(node) : undefined;
      if (tag !== undefined) tags.push(ts.getTextOfJSDocComment(tag.comment) ?? '');
      ts.forEachChild(node, visit);
    };
    visit(file);
    expect(tags).toHaveLength(4);
    expect(tags[0]).toContain('export const injected = 1;');
  });
});
