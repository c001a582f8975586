import type { CompiledDesignSystem, Diagnostic, SourcePosition } from '../../compile/types.js';
import type { SourceFileEntries } from '../../compile/yaml/source-entries.js';
import { isBuildNote } from '../formats/format-rules.js';
import { OUTPUT_FORMAT_IDS, OUTPUT_FORMATS } from '../formats/output-formats.js';
import type { FormatId } from '../formats/output-formats.js';

/**
 * Every output format's own problems with a compiled design system (two tokens that get one name in its language:
 * each row's `lint`, naming the rules of the rows), placed at the token's definition in `files` (its design system's
 * parsed files); the same problem found by two formats is told once. Notes a build tells (a value a platform leaves out) are not among them: `leftOutNotes`.
 */
export function formatLintDiagnostics(system: CompiledDesignSystem, files: readonly SourceFileEntries[]): Diagnostic[] {
  const positions = new Map<string, SourcePosition>();
  for (const file of files) for (const token of file.tokens) if (!positions.has(token.key)) positions.set(token.key, token.pos);
  const told = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  for (const id of OUTPUT_FORMAT_IDS) {
    const format = OUTPUT_FORMATS[id];
    for (const { token, rule, message, severity } of format.lint?.(system) ?? []) {
      if (isBuildNote(rule)) continue;
      const at = positions.get(token);
      const key = `${rule}\u0000${token}\u0000${message}`;
      if (at === undefined || told.has(key)) continue;
      told.add(key);
      diagnostics.push({ file: at.file, line: at.line, column: at.column, rule, message, severity });
    }
  }
  return diagnostics;
}

/**
 * What the formats a build writes leave out of `system`, one line per token naming every format that leaves it out
 * and the first one's reason: `acme: \`font.letterSpacing.caps\` is left out of ios, compose: <reason>`.
 */
export function leftOutNotes(system: CompiledDesignSystem, formats: readonly FormatId[]): string[] {
  const byToken = new Map<string, { formats: FormatId[]; message: string }>();
  for (const id of new Set(formats))
    for (const { token, rule, message } of OUTPUT_FORMATS[id].lint?.(system) ?? []) {
      if (!isBuildNote(rule)) continue;
      const known = byToken.get(token);
      if (known === undefined) byToken.set(token, { formats: [id], message });
      else if (!known.formats.includes(id)) known.formats.push(id);
    }
  return [...byToken].map(
    ([token, { formats: leaving, message }]) => `${system.meta.slug}: \`${token}\` is left out of ${leaving.join(', ')}: ${message}`,
  );
}
