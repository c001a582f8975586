import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** Where scripts/install-native-tools.sh installs the npm-side tools (its own lock file, not the project's). */
const TOOLS = join(import.meta.dirname, '..', '..', 'scripts', 'native-tools', 'node_modules');

/** `kotlinc` from the npm package kotlin-compiler, run on the machine's Java. */
export const KOTLINC = join(TOOLS, 'kotlin-compiler', 'bin', 'kotlinc');
/** Debian's aapt (v1) and the Android framework it links resources against. */
export const AAPT = '/usr/bin/aapt';
export const ANDROID_FRAMEWORK = '/usr/share/android-framework-res/framework-res.apk';

/**
 * Whether the native-output tests run: always in CI (missing tools then fail them), elsewhere only when
 * scripts/install-native-tools.sh has run. Use with `describe.skipIf(!NATIVE_TOOLS_AVAILABLE)`.
 */
export const NATIVE_TOOLS_AVAILABLE =
  process.env['CI'] !== undefined || (existsSync(join(TOOLS, '.installed')) && existsSync(AAPT) && existsSync(ANDROID_FRAMEWORK));

if (!NATIVE_TOOLS_AVAILABLE) {
  console.warn('Native-output tests skipped: run `bash scripts/install-native-tools.sh` (as root). In CI they run and fail instead.');
}

export const run = promisify(execFile);

/** A syntax tree node as both tree-sitter bindings give it (the part the tests read). */
export interface SyntaxNode {
  readonly type: string;
  readonly text: string;
  readonly hasError: boolean;
  readonly isMissing: boolean;
  readonly startPosition: { readonly row: number; readonly column: number };
  readonly namedChildren: readonly SyntaxNode[];
  readonly children: readonly SyntaxNode[];
}

const requireTool = createRequire(join(TOOLS, 'package.json'));

/** Parses Swift with tree-sitter-swift (Node bindings; no Swift compiler installs on these machines). */
export function parseSwift(source: string): SyntaxNode {
  const Parser = requireTool(join(TOOLS, 'tree-sitter')) as new () => {
    setLanguage(language: unknown): void;
    parse(input: string, previous?: unknown, options?: { bufferSize: number }): { rootNode: SyntaxNode };
  };
  const parser = new Parser();
  parser.setLanguage(requireTool(join(TOOLS, 'tree-sitter-swift')));
  // The default buffer (32 KiB) is too small for a generated file.
  return parser.parse(source, undefined, { bufferSize: Math.max(32 * 1024, source.length * 2 + 1) }).rootNode;
}

/** Parses Dart with tree-sitter-dart's bundled WebAssembly in web-tree-sitter (no Dart SDK installs here). */
export async function parseDart(source: string): Promise<SyntaxNode> {
  const { Parser, Language } = (await import(join(TOOLS, 'web-tree-sitter', 'tree-sitter.js'))) as {
    Parser: { init(): Promise<void>; new (): { setLanguage(language: unknown): void; parse(input: string): { rootNode: SyntaxNode } } };
    Language: { load(path: string): Promise<unknown> };
  };
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(join(TOOLS, 'tree-sitter-dart', 'tree-sitter-dart.wasm')));
  return parser.parse(source).rootNode;
}

/** Every node whose type is ERROR or that the parser inserted as missing, as `line:column type text` (1-based). */
export function syntaxErrors(root: SyntaxNode): string[] {
  const errors: string[] = [];
  const visit = (node: SyntaxNode): void => {
    if (node.type === 'ERROR' || node.isMissing)
      errors.push(`${node.startPosition.row + 1}:${node.startPosition.column + 1} ${node.type} ${node.text.slice(0, 60)}`);
    for (const child of node.children) visit(child);
  };
  visit(root);
  return errors;
}
