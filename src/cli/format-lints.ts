import type { CompiledDesignSystem, Diagnostic, SourcePosition } from '../compile/types.js';
import type { SourceFileEntries } from '../compile/yaml/source-entries.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../views/output-formats.js';

/**
 * Every output format's own problems with a compiled design system (two tokens that get one name in its language),
 * placed at the token's definition in `files` (its design system's parsed files); the same problem found by two
 * formats is told once.
 */
export function formatLintDiagnostics(system: CompiledDesignSystem, files: readonly SourceFileEntries[]): Diagnostic[] {
  const positions = new Map<string, SourcePosition>();
  for (const file of files) for (const token of file.tokens) if (!positions.has(token.key)) positions.set(token.key, token.pos);
  const told = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const id of OUTPUT_FORMAT_IDS) {
    const format = OUTPUT_FORMATS[id];
    for (const { token, rule, message, severity } of format.lint?.(system) ?? []) {
      const at = positions.get(token);
      const key = `${rule}\u0000${token}\u0000${message}`;
      if (at === undefined || told.has(key)) continue;
      told.add(key);
      diagnostics.push({ file: at.file, line: at.line, column: at.column, rule, message, severity });
    }
  }
  return diagnostics;
}
